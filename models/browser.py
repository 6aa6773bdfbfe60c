"""Logins of the site bound to one browser (its HttpOnly `browser` cookie)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class BrowserLogin(SQLModel, table=True):
    """The session a browser is logged in with on one brand, so that a new tab of the same
    browser finds it. Only the browser secret's digest is stored, and the session token is
    sealed under a key derived from that secret: neither the table nor a stolen tab token
    gives the login to another browser."""

    __table_args__ = (UniqueConstraint("browser_digest", "merchant_id"),)

    id: int | None = Field(default=None, primary_key=True)
    browser_digest: str = Field(max_length=64)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_session_id: int = Field(foreign_key="membersession.id", index=True)
    sealed_token: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
