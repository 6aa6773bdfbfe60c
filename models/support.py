"""Replies to support tickets and feedback (the ticket itself is models.member.Feedback) and
the customer-service live chat."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, text
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class FeedbackReply(SQLModel, table=True):
    """A message under a ticket after its first: an operator's answer or, `from_member`, the
    member's follow-up."""

    __tablename__ = "feedback_reply"

    id: int | None = Field(default=None, primary_key=True)
    feedback_id: int = Field(foreign_key="feedback.id", index=True)
    author: str = Field(max_length=64)
    body: str = Field(max_length=2000)
    from_member: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ChatConversation(SQLModel, table=True):
    """A customer-service chat of a member (or of a visitor's browser, `visitor_key` the
    SHA-256 of its browser secret) with the brand's staff. One OPEN conversation per customer;
    `waiting` while the customer's last message has no answer."""

    __tablename__ = "chat_conversation"
    __table_args__ = (
        Index("ix_chat_conversation_desk", "merchant_id", "status", "updated_at"),
        # One OPEN conversation per customer, even when two first messages cross.
        Index(
            "uq_chat_conversation_open_member",
            "member_id",
            unique=True,
            sqlite_where=text("status = 'OPEN'"),
            postgresql_where=text("status = 'OPEN'"),
        ),
        Index(
            "uq_chat_conversation_open_visitor",
            "visitor_key",
            unique=True,
            sqlite_where=text("status = 'OPEN'"),
            postgresql_where=text("status = 'OPEN'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    visitor_key: str | None = Field(default=None, max_length=64, index=True)
    status: str = Field(default="OPEN", max_length=8)
    waiting: bool = True
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ChatMessage(SQLModel, table=True):
    """One line of a chat: the customer's, or a staff member's (`author` their user name)."""

    __tablename__ = "chat_message"

    id: int | None = Field(default=None, primary_key=True)
    conversation_id: int = Field(foreign_key="chat_conversation.id", index=True)
    from_staff: bool = False
    author: str = Field(default="", max_length=64)
    body: str = Field(max_length=500)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
