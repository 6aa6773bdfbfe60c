"""Members (players, trial users, agents) and what belongs to their identity."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

PATTERN = "varchar_pattern_ops"  # a PostgreSQL index usable by LIKE 'prefix%'
MEMBER_ACTIVE = "ACTIVE"
MEMBER_BLOCKED = "BLOCKED"


class Member(SQLModel, table=True):
    """An account of one brand. `account_type` decides player, trial or agent (spec 3)."""

    __table_args__ = (
        UniqueConstraint("merchant_id", "username"),
        UniqueConstraint("merchant_id", "mobile"),
        # The back office's player search: prefix matches (LIKE 'abc%') on PostgreSQL read
        # these pattern indexes whatever the database's collation.
        Index("ix_member_username_prefix", "username", postgresql_ops={"username": PATTERN}),
        Index("ix_member_mobile_prefix", "mobile", postgresql_ops={"mobile": PATTERN}),
        Index("ix_member_email_prefix", "email", postgresql_ops={"email": PATTERN}),
        Index("ix_member_last_login_ip", "last_login_ip"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    username: str = Field(max_length=64)
    password_hash: str = Field(max_length=255)
    account_type: int = Field(default=0, index=True)
    status: str = Field(default=MEMBER_ACTIVE, max_length=16)
    nickname: str = Field(default="", max_length=64)
    payee_name: str | None = Field(default=None, max_length=120)
    email: str | None = Field(default=None, max_length=120)
    mobile: str | None = Field(default=None, max_length=32)
    country_dialing_code: str | None = Field(default=None, max_length=8)
    birthday: date | None = None
    language: str | None = Field(default=None, max_length=8)
    upline_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    affiliate_code: str | None = Field(default=None, max_length=32)
    referral_code: str | None = Field(default=None, max_length=32)
    recommender_id: str | None = Field(default=None, max_length=32)
    icon: str = Field(default="1", max_length=16)
    profile: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    payment_password_hash: str | None = Field(default=None, max_length=255)
    totp_secret_encrypted: str | None = Field(default=None, max_length=255)
    totp_enabled: bool = False
    must_change_password: bool = False
    password_changed_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_login_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_login_ip: str | None = Field(default=None, max_length=64)


class MemberSession(SQLModel, table=True):
    """A login: only the token's digest is stored. Idle and absolute expiry apply."""

    # The back office's player search by address.
    __table_args__ = (Index("ix_membersession_ip", "ip"),)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    token_digest: str = Field(unique=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ip: str = Field(default="", max_length=64)
    user_agent: str = Field(default="", max_length=255)
    device: str = Field(default="WEB", max_length=16)


class KnownIp(SQLModel, table=True):
    """An address a member has logged in from; a new one asks for extra verification."""

    __table_args__ = (UniqueConstraint("member_id", "ip"),)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    ip: str = Field(max_length=64)
    first_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class KnownDevice(SQLModel, table=True):
    """A device (browser, app install) a member logged in from: the digest of the device key
    that login gave it. Failed logins of others never lock or challenge the owner on one."""

    __tablename__ = "known_device"
    __table_args__ = (UniqueConstraint("member_id", "device_digest"),)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    device_digest: str = Field(max_length=64)
    first_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class RecoveryCode(SQLModel, table=True):
    """A single-use two-factor recovery code, stored as a keyed digest."""

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    code_digest: str = Field(max_length=64)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class AffiliateCode(SQLModel, table=True):
    """An agent's invitation code; registering with it places the member under the agent."""

    __table_args__ = (UniqueConstraint("merchant_id", "code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    agent_id: int = Field(foreign_key="member.id", index=True)
    code: str = Field(max_length=32)
    active: bool = True
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class OutboundMessage(SQLModel, table=True):
    """An SMS or e-mail as sent (or, with the local providers, only recorded)."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    channel: str = Field(max_length=8)
    recipient: str = Field(max_length=160, index=True)
    subject: str = Field(default="", max_length=200)
    body: str
    provider: str = Field(max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Feedback(SQLModel, table=True):
    """A support ticket or feedback (spec 3): question type, plain-text content and the
    images attached (stored names). Status OPEN (waiting for the operator), ANSWERED (waiting
    for the member) or CLOSED; `updated_at` is the last message on it."""

    __table_args__ = (Index("ix_feedback_queue", "merchant_id", "status", "updated_at"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    question_type: str = Field(max_length=32)
    content: str = Field(max_length=4000)
    images: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="OPEN", max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
