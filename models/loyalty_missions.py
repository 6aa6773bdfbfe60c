"""Missions and races (loyalty): what a brand asks of its members per day or week, how far
each member got in each period, and the races ranked over a period with their prizes.

Progress rows are keyed by the period's start (UTC instant of the brand's local midnight or
Monday), so a new period starts from zero by itself; a row's reward is claimed once
(`claimed_at`, with the ledger transaction that paid it)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY


class MissionPeriod(StrEnum):
    DAILY = "DAILY"
    WEEKLY = "WEEKLY"


class MissionKind(StrEnum):
    BET_COUNT = "BET_COUNT"  # settled rounds (of a category / game), from wager facts
    DEPOSIT_COUNT = "DEPOSIT_COUNT"  # paid deposits, from the cashier's orders
    MULTIPLIER = "MULTIPLIER"  # settled rounds with win / bet >= min_multiplier


class MissionReward(StrEnum):
    CASH = "CASH"  # cash through the ledger (promotion expense → member cash)
    POINTS = "POINTS"  # loyalty points (paid by the points capability)


class RaceMetric(StrEnum):
    TURNOVER = "TURNOVER"  # the sum of valid bets in the period
    MULTIPLIER = "MULTIPLIER"  # the best win / bet of one round in the period


class Mission(SQLModel, table=True):
    """A brand's mission; `titles` holds its name per language ({"EN": ..., "PT": ...})."""

    __table_args__ = (UniqueConstraint("merchant_id", "code", name="uq_mission_code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    code: str = Field(max_length=32)
    titles: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    period: str = Field(max_length=8)
    kind: str = Field(max_length=16)
    category: str = Field(default="", max_length=16)  # "" = every category
    game_code: str = Field(default="", max_length=64)  # "" = every game
    target: int
    min_multiplier: Decimal | None = Field(default=None, sa_type=MONEY)
    reward_kind: str = Field(default=MissionReward.CASH, max_length=8)
    reward_amount: Decimal = Field(sa_type=MONEY)
    enabled: bool = True
    sort: int = 0
    # The operator's schedule: counted from `starts_at` (None: at once) until `ends_at`
    # (None: no end; a stop sets it to the moment of the stop).
    starts_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ends_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class MissionProgress(SQLModel, table=True):
    """A member's progress on a mission in one period, and its claim."""

    __tablename__ = "mission_progress"
    __table_args__ = (
        UniqueConstraint("mission_id", "member_id", "period_start", name="uq_mission_progress"),
        Index("ix_mission_progress_member_period", "member_id", "period_start"),
    )

    id: int | None = Field(default=None, primary_key=True)
    mission_id: int = Field(foreign_key="mission.id")
    member_id: int = Field(foreign_key="member.id")
    period_start: datetime = Field(sa_type=UTCDateTime)
    progress: int = 0
    completed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    claimed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    claim_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Race(SQLModel, table=True):
    """A leaderboard race over each period; `prizes` lists the amounts by place (1st ...)."""

    __table_args__ = (UniqueConstraint("merchant_id", "code", name="uq_race_code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    code: str = Field(max_length=32)
    titles: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    period: str = Field(max_length=8)
    metric: str = Field(max_length=16)
    category: str = Field(default="", max_length=16)  # "" = every category
    min_bet: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)  # smaller bets count not
    prizes: list[Any] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    reward_kind: str = Field(default=MissionReward.CASH, max_length=8)
    enabled: bool = True
    starts_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # as Mission's
    ends_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class RaceEntry(SQLModel, table=True):
    """A member's score in one period of a race; `reached_at` is when the score was reached
    (ties go to whoever reached it first)."""

    __tablename__ = "race_entry"
    __table_args__ = (
        UniqueConstraint("race_id", "member_id", "period_start", name="uq_race_entry"),
        Index("ix_race_entry_board", "race_id", "period_start", "score"),
    )

    id: int | None = Field(default=None, primary_key=True)
    race_id: int = Field(foreign_key="race.id")
    member_id: int = Field(foreign_key="member.id")
    period_start: datetime = Field(sa_type=UTCDateTime)
    score: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    reached_at: datetime = Field(sa_type=UTCDateTime)


class RacePrize(SQLModel, table=True):
    """A prize paid at a period's close: one per (race, period, place)."""

    __tablename__ = "race_prize"
    __table_args__ = (UniqueConstraint("race_id", "period_start", "place", name="uq_race_prize"),)

    id: int | None = Field(default=None, primary_key=True)
    race_id: int = Field(foreign_key="race.id")
    period_start: datetime = Field(sa_type=UTCDateTime)
    place: int
    member_id: int = Field(foreign_key="member.id", index=True)
    score: Decimal = Field(sa_type=MONEY)
    amount: Decimal = Field(sa_type=MONEY)
    transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    paid_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
