"""Player protection: a member's own limits, their exclusion and play clock, and the
retention log of every protection message (app/services/protection)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Index, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

LIMIT_VALUE = Numeric(20, 2)


class LimitKind(StrEnum):
    DEPOSIT = "DEPOSIT"  # money deposited (orders created or paid) in the period
    LOSS = "LOSS"  # net loss: stakes - wins of settled bets, plus open stakes
    WAGER = "WAGER"  # turnover: valid bets of settled bets, plus open stakes
    BETS = "BETS"  # number of bets (rounds and lottery tickets)
    TIME = "TIME"  # minutes of play

    @property
    def money(self) -> bool:
        """Its figures are amounts of the brand's currency, not a count of bets or minutes."""
        return self not in (LimitKind.BETS, LimitKind.TIME)


class LimitPeriod(StrEnum):
    DAY = "DAY"
    WEEK = "WEEK"
    MONTH = "MONTH"


class ExclusionKind(StrEnum):
    COOLING_OFF = "COOLING_OFF"  # 24 hours to 6 weeks
    SELF_EXCLUSION = "SELF_EXCLUSION"  # 6 months to indefinite


class MemberLimit(SQLModel, table=True):
    """One limit of a member (kind × period). `value` holds now; a raise or a removal waits
    as `pending_*` until `pending_from`, then needs the member's confirmation."""

    __tablename__ = "member_limit"
    __table_args__ = (UniqueConstraint("member_id", "kind", "period"),)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    kind: str = Field(max_length=16)
    period: str = Field(max_length=8)
    value: Decimal | None = Field(default=None, sa_type=LIMIT_VALUE)  # None: no limit (yet)
    pending: bool = False
    pending_value: Decimal | None = Field(default=None, sa_type=LIMIT_VALUE)  # None: removal
    pending_from: datetime | None = Field(default=None, sa_type=UTCDateTime)
    alerted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # last 80 % alert
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ClosureStatus(StrEnum):
    """A barred account's closure (IN 31/2025), step by step."""

    NOTIFIED = "NOTIFIED"  # told; the balance may be withdrawn until `withdraw_until`
    REFUNDING = "REFUNDING"  # closed; the balance left is being paid to the member's own CPF
    CLOSED = "CLOSED"  # closed, nothing owed
    UNCLAIMED = "UNCLAIMED"  # what could not be paid went to the unclaimed funds after 180 days


class AccountClosure(SQLModel, table=True):
    """The closure of an account found on the barred list, with its deadlines (app/services/
    protection/closures.py): notice within a day, 2 days to withdraw, then the balance paid
    to an account in the member's CPF, and what stays unclaimed set aside after 180 days."""

    __tablename__ = "account_closure"
    __table_args__ = (Index("ix_account_closure_due", "status", "withdraw_until"),)

    member_id: int = Field(foreign_key="member.id", primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    reason: str = Field(max_length=32)
    status: str = Field(default=ClosureStatus.NOTIFIED, max_length=12)
    found_at: datetime = Field(sa_type=UTCDateTime)  # when the account was barred
    notified_at: datetime = Field(sa_type=UTCDateTime)
    withdraw_until: datetime = Field(sa_type=UTCDateTime)
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    refund_order_no: str | None = Field(default=None, max_length=40)
    refund_amount: Decimal = Field(default=Decimal("0.00"), sa_type=LIMIT_VALUE)
    unclaimed_due: datetime | None = Field(default=None, sa_type=UTCDateTime)
    unclaimed_amount: Decimal = Field(default=Decimal("0.00"), sa_type=LIMIT_VALUE)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class MemberProtection(SQLModel, table=True):
    """A member's exclusion, marketing switch and play clock (one row per member, made on
    first need)."""

    __tablename__ = "member_protection"

    member_id: int = Field(foreign_key="member.id", primary_key=True)
    excluded_kind: str | None = Field(default=None, max_length=16)
    excluded_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    excluded_until: datetime | None = Field(default=None, sa_type=UTCDateTime)  # None+kind: ∞
    marketing_suppressed: bool = False
    play_started_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_play_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reality_check_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class PlayDay(SQLModel, table=True):
    """Seconds a member played on one day of the brand's calendar (the TIME limit)."""

    __tablename__ = "play_day"

    member_id: int = Field(foreign_key="member.id", primary_key=True)
    day: date = Field(primary_key=True)
    seconds: int = 0


class ProtectionRecord(SQLModel, table=True):
    """Append-only retention log: every message to a member about their account, limits or
    exclusion (date, channel, content as sent), and every protection step. Kept ≥ 5 years."""

    __tablename__ = "protection_record"
    __table_args__ = (Index("ix_protection_record_member_time", "member_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id")
    event: str = Field(max_length=40)
    channel: str = Field(max_length=16)  # INBOX, SITE, API, LOG (a step, no message)
    language: str = Field(max_length=8)
    content: str = Field(max_length=2000)
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
