"""Loyalty: VIP levels and their benefits, members' levels and daily turnover, rebate lines.

Everything here is computed from wager facts (the `loyalty` consumer) and paid cash deposits;
every payout is a ledger movement whose key names (member, kind, period), recorded here in the
same transaction (app/services/loyalty).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import Index, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY

RATE = Numeric(6, 3)


class RebateMode(StrEnum):
    DAILY = "DAILY"  # one line per category and local day, closed after the day
    REALTIME = "REALTIME"  # five-minute lines, closed every minute


class RebateClaim(StrEnum):
    CLAIM = "CLAIM"  # the member presses claim in "my income"
    AUTO = "AUTO"  # paid at the close


class RebateStatus(StrEnum):
    OPEN = "OPEN"  # the period is running: its base grows
    CLAIMABLE = "CLAIMABLE"
    PAID = "PAID"
    NONE = "NONE"  # closed with nothing to pay (no rate, or under a cent)
    WITHHELD = "WITHHELD"  # the member was under a responsible-gambling block at the close


class VipEventKind(StrEnum):
    UPGRADE = "UPGRADE"
    DOWNGRADE = "DOWNGRADE"
    LEVEL_UP_BONUS = "LEVEL_UP_BONUS"
    MEMBER_DAY = "MEMBER_DAY"
    SUNDAY_BEST = "SUNDAY_BEST"
    SLOTS_BONUS = "SLOTS_BONUS"


class LoyaltySettings(SQLModel, table=True):
    """A brand's loyalty switches (absent: the defaults of app/services/loyalty/vip.py)."""

    __tablename__ = "loyalty_settings"

    merchant_id: int = Field(foreign_key="merchant.id", primary_key=True)
    window_days: int = 30  # the rolling period of the level thresholds
    rebate_mode: str = Field(default=RebateMode.DAILY, max_length=8)
    rebate_claim: str = Field(default=RebateClaim.CLAIM, max_length=8)
    member_day: int = 15  # day of the month of the member-day bonus
    # Post-activity conditions: the week's (Sunday best) or the month's (member day) valid bet.
    weekly_min_bet: Decimal = Field(default=Decimal("100.00"), sa_type=MONEY)
    monthly_min_bet: Decimal = Field(default=Decimal("100.00"), sa_type=MONEY)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class VipLevel(SQLModel, table=True):
    """One level of a brand's ladder and its benefits; level 0 is where everyone starts."""

    __tablename__ = "vip_level"
    __table_args__ = (UniqueConstraint("merchant_id", "level"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    level: int
    name: str = Field(max_length=32)
    # Reach: both figures over the rolling window. Keep: the valid bet at a month's close.
    bet_threshold: Decimal = Field(sa_type=MONEY)
    deposit_threshold: Decimal = Field(sa_type=MONEY)
    retain_bet: Decimal = Field(sa_type=MONEY)
    rebate_boost: Decimal = Field(default=Decimal("0"), sa_type=RATE)  # percentage points
    withdraw_max: Decimal = Field(sa_type=MONEY)  # largest single withdrawal
    withdraw_daily_count: int = 3
    level_up_bonus: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    member_day_bonus: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    sunday_best_bonus: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    slots_rate: Decimal = Field(default=Decimal("0"), sa_type=RATE)  # % of the week's RNG bets
    slots_cap: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)


class RebateRate(SQLModel, table=True):
    """A brand's base rebate rate of one game category, in percent (no row: no rebate)."""

    __tablename__ = "rebate_rate"
    __table_args__ = (UniqueConstraint("merchant_id", "category"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    category: str = Field(max_length=16)
    rate: Decimal = Field(sa_type=RATE)


class VipMember(SQLModel, table=True):
    """A member's current level (no row: level 0) and since when."""

    __tablename__ = "vip_member"

    member_id: int = Field(foreign_key="member.id", primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    level: int = 0
    since: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class LoyaltyDay(SQLModel, table=True):
    """A member's valid bet of one local day (brand time zone), from the facts."""

    __tablename__ = "loyalty_day"

    member_id: int = Field(primary_key=True)
    day: date = Field(primary_key=True)
    merchant_id: int = Field(index=True)
    valid_bet: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    slots_bet: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)  # of which RNG


class RebateLine(SQLModel, table=True):
    """One rebate line: a member's valid bet of one category in one period, its rate, amount."""

    __tablename__ = "rebate_line"
    __table_args__ = (
        UniqueConstraint("member_id", "category", "period_start"),
        Index("ix_rebate_line_open", "status", "period_end"),
        Index("ix_rebate_line_member", "member_id", "period_start"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(index=True)
    member_id: int
    category: str = Field(max_length=16)
    period_start: datetime = Field(sa_type=UTCDateTime)
    period_end: datetime = Field(sa_type=UTCDateTime)
    base: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    rate: Decimal = Field(default=Decimal("0"), sa_type=RATE)  # base rate + level boost
    level: int = 0
    amount: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    status: str = Field(default=RebateStatus.OPEN, max_length=10)
    ledger_transaction_id: int | None = None
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    paid_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class VipEvent(SQLModel, table=True):
    """A level change or a VIP payout. `period_key` makes each (member, kind, period) once."""

    __tablename__ = "vip_event"
    __table_args__ = (
        UniqueConstraint("member_id", "kind", "period_key"),
        Index("ix_vip_event_member", "member_id", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(index=True)
    member_id: int
    kind: str = Field(max_length=16)
    period_key: str = Field(max_length=40)
    from_level: int = 0
    to_level: int = 0
    amount: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    ledger_transaction_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
