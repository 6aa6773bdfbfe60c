"""Replies to support tickets and feedback (the ticket itself is models.member.Feedback)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class FeedbackReply(SQLModel, table=True):
    """An operator's answer to a ticket, shown to its member under the ticket."""

    __tablename__ = "feedback_reply"

    id: int | None = Field(default=None, primary_key=True)
    feedback_id: int = Field(foreign_key="feedback.id", index=True)
    author: str = Field(max_length=64)
    body: str = Field(max_length=2000)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
