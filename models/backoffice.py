"""The back office: staff accounts (apart from members), roles, staff sessions, the
hash-chained audit log, four-eyes approval requests and their thresholds, player notes."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Column, Index, Numeric, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

STAFF_ACTIVE = "ACTIVE"
STAFF_LOCKED = "LOCKED"


class StaffRole(SQLModel, table=True):
    """A named set of permissions (app/services/backoffice/permissions.py)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=40)
    permissions: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    builtin: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class StaffMember(SQLModel, table=True):
    """A member of the operator's staff; `merchant_id` None works for every brand. The
    password hash and TOTP secret are the member's own, set at enrolment from an invitation;
    both are empty until then (and again after a new invitation): no login."""

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(unique=True, max_length=64)
    password_hash: str = Field(max_length=255)
    merchant_id: int | None = Field(default=None, foreign_key="merchant.id", index=True)
    role_id: int = Field(foreign_key="staffrole.id", index=True)
    totp_secret_encrypted: str = Field(max_length=255)
    status: str = Field(default=STAFF_ACTIVE, max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_login_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class StaffSession(SQLModel, table=True):
    """A staff login, bound to one browser (the digest of its HttpOnly cookie's secret)."""

    id: int | None = Field(default=None, primary_key=True)
    staff_id: int = Field(foreign_key="staffmember.id", index=True)
    browser_digest: str = Field(max_length=64, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_seen_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ip: str = Field(default="", max_length=64)


class StaffInvitation(SQLModel, table=True):
    """A one-time invitation to enrol (own password, own authenticator): only the keyed
    digest of its token is kept; it ends at its first use, at `expires_at`, or when a newer
    one is issued for the same staff member (`revoked_at`)."""

    __tablename__ = "staff_invitation"

    id: int | None = Field(default=None, primary_key=True)
    staff_id: int = Field(foreign_key="staffmember.id", index=True)
    token_digest: str = Field(unique=True, max_length=64)
    created_by: int | None = Field(default=None)  # the issuing staff member; None: the CLI
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class AuditEntry(SQLModel, table=True):
    """One staff action or settings change; `hash` = HMAC-SHA256(key, previous hash + this
    entry) (plain SHA-256 for entries written before the chain was keyed)."""

    __tablename__ = "audit_entry"

    id: int | None = Field(default=None, primary_key=True)
    seq: int = Field(unique=True)
    at: datetime = Field(sa_type=UTCDateTime, index=True)
    staff_id: int | None = Field(default=None, index=True)
    staff_name: str = Field(default="", max_length=64)
    action: str = Field(max_length=64, index=True)
    merchant_id: int | None = Field(default=None, index=True)
    target: str = Field(default="", max_length=120, index=True)  # the 360 timeline reads by it
    outcome: str = Field(default="ok", max_length=16)
    detail: str = Field(default="{}")
    prev_hash: str = Field(max_length=64)
    hash: str = Field(max_length=64)


class AuditHead(SQLModel, table=True):
    """The single row that every append locks and moves: the chain's last seq and hash, and
    whether the chain is keyed yet (a database from before the key has unkeyed entries)."""

    __tablename__ = "audit_head"

    id: int = Field(primary_key=True)
    seq: int = 0
    hash: str = Field(max_length=64)
    keyed: bool = False


class ApprovalRequest(SQLModel, table=True):
    """An action above its brand's threshold, waiting for a second staff member (four-eyes).

    `dedupe_key` names the action (an order's part, an adjustment form's key): one live
    request per action; a rejected or failed one frees it for a new request. `merchant_id`
    None: a decision over every brand (lottery issues). `browser_digest`: the browser the
    requester asked from, which cannot approve it."""

    __table_args__ = (
        Index(
            "uq_approvalrequest_live",
            "kind",
            "dedupe_key",
            unique=True,
            sqlite_where=text("status NOT IN ('REJECTED', 'FAILED')"),
            postgresql_where=text("status::text NOT IN ('REJECTED', 'FAILED')"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=40, index=True)
    merchant_id: int | None = Field(default=None, foreign_key="merchant.id", index=True)
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    summary: str = Field(default="", max_length=200)
    dedupe_key: str = Field(max_length=80)
    browser_digest: str = Field(default="", max_length=64)
    status: str = Field(default="PENDING", max_length=16, index=True)
    requested_by: int = Field(foreign_key="staffmember.id")
    decided_by: int | None = Field(default=None, foreign_key="staffmember.id")
    reason: str = Field(default="", max_length=200)
    result: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ApprovalThreshold(SQLModel, table=True):
    """Per brand and kind: amounts above this need a second staff member's approval."""

    __table_args__ = (UniqueConstraint("merchant_id", "kind"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    kind: str = Field(max_length=40)
    amount: Decimal = Field(sa_type=Numeric(20, 2))


class ApprovalUsage(SQLModel, table=True):
    """What one person decided alone (under the threshold), counted per maker and per subject
    and the brand's local day: the day's sums decide when the next one needs a checker.
    `action_key` is unique: a repeated action is counted once."""

    __tablename__ = "approval_usage"
    __table_args__ = (
        Index("ix_approval_usage_maker", "kind", "merchant_id", "day", "maker"),
        Index("ix_approval_usage_subject", "kind", "merchant_id", "day", "subject"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=40)
    merchant_id: int = Field(foreign_key="merchant.id")
    maker: str = Field(max_length=40)  # "staff:12", or "operator:34" (the /wps operator API)
    subject: str = Field(max_length=60)  # whose money: "member:56"
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    day: date
    action_key: str = Field(max_length=160, unique=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PlayerNote(SQLModel, table=True):
    """A staff note on a player's file."""

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    staff_id: int = Field(foreign_key="staffmember.id")
    text: str = Field(max_length=1000)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
