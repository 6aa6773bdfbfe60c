"""A brand's VIP ladder and settings as stored, and each member's level and its benefits (what
the payouts, the cashier's withdrawal limits and the VIP page read).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol, TypeVar

from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from app.services.rebate_rates import plain_rate
from models.loyalty_vip import (
    LoyaltySettings,
    RebateClaim,
    RebateMode,
    VipEventKind,
    VipLevel,
    VipMember,
)

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_LEVELS = 20
MAX_MONEY = Decimal("1000000000.00")
MAX_RATE = Decimal("10")


@dataclass(frozen=True)
class Settings:
    window_days: int = 30
    rebate_mode: RebateMode = RebateMode.DAILY
    rebate_claim: RebateClaim = RebateClaim.CLAIM
    member_day: int = 15
    weekly_min_bet: Decimal = Decimal("100.00")
    monthly_min_bet: Decimal = Decimal("100.00")


@dataclass(frozen=True)
class Level:
    """One level of the ladder with its benefits (money in the brand's currency)."""

    level: int
    name: str
    bet_threshold: Decimal
    deposit_threshold: Decimal
    retain_bet: Decimal
    rebate_boost: Decimal  # percentage points added to every category's base rate
    withdraw_max: Decimal
    withdraw_daily_count: int
    level_up_bonus: Decimal = ZERO
    member_day_bonus: Decimal = ZERO
    sunday_best_bonus: Decimal = ZERO
    slots_rate: Decimal = Decimal("0")
    slots_cap: Decimal = ZERO


# A brand without a ladder: everyone at level 0, no boost, the cashier's own limits.
BASE_LEVEL = Level(0, "VIP0", ZERO, ZERO, ZERO, Decimal("0"), ZERO, 0)


@dataclass(frozen=True)
class MemberLevel:
    """What the promotions engine and the cashier ask: a member's level and its benefits."""

    member_id: int
    level: int
    name: str
    since: datetime | None
    benefits: Level


@dataclass(frozen=True)
class Progress:
    valid_bet: Decimal
    deposits: Decimal


@dataclass(frozen=True)
class EventView:
    kind: VipEventKind
    from_level: int
    to_level: int
    amount: Decimal
    created_at: datetime


@dataclass(frozen=True)
class VipPage:
    current: MemberLevel
    levels: list[Level]
    progress: Progress
    next_level: Level | None
    window_days: int
    settings: Settings
    history: list[EventView]


def as_money(value: Any) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(CENT)


def _level(row: VipLevel) -> Level:
    return Level(
        level=row.level,
        name=row.name,
        bet_threshold=as_money(row.bet_threshold),
        deposit_threshold=as_money(row.deposit_threshold),
        retain_bet=as_money(row.retain_bet),
        rebate_boost=plain_rate(row.rebate_boost),
        withdraw_max=as_money(row.withdraw_max),
        withdraw_daily_count=row.withdraw_daily_count,
        level_up_bonus=as_money(row.level_up_bonus),
        member_day_bonus=as_money(row.member_day_bonus),
        sunday_best_bonus=as_money(row.sunday_best_bonus),
        slots_rate=plain_rate(row.slots_rate),
        slots_cap=as_money(row.slots_cap),
    )


async def settings_of(session: AsyncSession, merchant_id: int) -> Settings:
    row = await session.get(LoyaltySettings, merchant_id)
    if row is None:
        return Settings()
    return Settings(
        window_days=row.window_days,
        rebate_mode=RebateMode(row.rebate_mode),
        rebate_claim=RebateClaim(row.rebate_claim),
        member_day=row.member_day,
        weekly_min_bet=as_money(row.weekly_min_bet),
        monthly_min_bet=as_money(row.monthly_min_bet),
    )


async def levels_of(session: AsyncSession, merchant_id: int) -> list[Level]:
    """The brand's ladder from level 0 up (just BASE_LEVEL when none is configured)."""
    rows = (
        await session.exec(
            sm_select(VipLevel)
            .where(VipLevel.merchant_id == merchant_id)
            .order_by(col(VipLevel.level))
        )
    ).all()
    return [_level(row) for row in rows] or [BASE_LEVEL]


def level_at(levels: Sequence[Level], number: int) -> Level:
    for level in levels:
        if level.level == number:
            return level
    return levels[0]


def qualifying(levels: Sequence[Level], progress: Progress) -> int:
    """The highest level whose both thresholds the figures reach (levels are ordered and
    their thresholds never fall, so the first miss ends the climb)."""
    reached = levels[0].level
    for level in levels[1:]:
        if progress.valid_bet < level.bet_threshold or progress.deposits < level.deposit_threshold:
            break
        reached = level.level
    return reached


async def level_of(session: AsyncSession, member_id: int) -> MemberLevel:
    """The member's current level and its benefits (building block: the promotions engine
    checks eligibility by level with it, the cashier its withdrawal limits)."""
    row = await session.get(VipMember, member_id)
    if row is None:
        from models.member import Member  # the member's brand, for the ladder's level 0

        member = await session.get(Member, member_id)
        if member is None:
            raise AppError("not-found", 404)
        levels = await levels_of(session, member.merchant_id)
        return MemberLevel(member_id, levels[0].level, levels[0].name, None, levels[0])
    levels = await levels_of(session, row.merchant_id)
    level = level_at(levels, row.level)
    return MemberLevel(member_id, level.level, level.name, row.since, level)


class _Limits(Protocol):
    @property
    def max_amount(self) -> Decimal: ...

    @property
    def daily_count(self) -> int: ...


LimitsT = TypeVar("LimitsT", bound=_Limits)


async def with_level_limits(session: AsyncSession, member_id: int, limits: LimitsT) -> LimitsT:
    """The cashier's withdrawal limits raised to the member's level's (a level never lowers
    them): the largest single withdrawal and the number per day."""
    benefits = (await level_of(session, member_id)).benefits
    if benefits.withdraw_max <= limits.max_amount and (
        benefits.withdraw_daily_count <= limits.daily_count
    ):
        return limits
    return dataclasses.replace(  # type: ignore[type-var]
        limits,
        max_amount=max(limits.max_amount, benefits.withdraw_max),
        daily_count=max(limits.daily_count, benefits.withdraw_daily_count),
    )
