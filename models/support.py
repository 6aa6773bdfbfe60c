"""Replies to support tickets and feedback (the ticket itself is models.member.Feedback)."""

from __future__ import annotations

from datetime import datetime

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
