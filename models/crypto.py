"""RSA key pairs that clients use to seal encrypted payloads."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class RsaKey(SQLModel, table=True):
    """One key pair; the newest unretired one is published, retired ones open until expiry."""

    id: int | None = Field(default=None, primary_key=True)
    kid: str = Field(unique=True, max_length=32)
    public_pem: str
    private_pem_encrypted: str
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    retired_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    accept_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
