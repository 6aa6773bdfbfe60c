"""VIP configuration (the CLI, the back office): the ladder and settings checked and stored,
exported and imported as JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.amounts import parse_amount, parse_number
from app.services.loyalty.vip_levels import (
    MAX_LEVELS,
    MAX_MONEY,
    MAX_RATE,
    Level,
    Settings,
    levels_of,
    settings_of,
)
from models.loyalty_vip import LoyaltySettings, RebateClaim, RebateMode, VipLevel, VipMember


def _checked_money(value: object, field: str) -> Decimal:
    return parse_amount(
        value, "vip-invalid-config", allow_zero=True, maximum=MAX_MONEY, params={"field": field}
    )


def checked_rate(value: object, field: str) -> Decimal:
    return parse_number(
        value,
        "vip-invalid-config",
        places=3,
        minimum=Decimal(0),
        maximum=MAX_RATE,
        params={"field": field},
    )


def check_ladder(levels: Sequence[Level]) -> list[Level]:
    """A valid ladder: levels 0..n in order, level 0 free, thresholds rising strictly on
    valid bet (so every level above 0 needs play: no pre-bet reward) and never falling on
    deposits, each figure in range; else vip-invalid-config naming the field."""
    if not 1 <= len(levels) <= MAX_LEVELS:
        raise AppError("vip-invalid-config", 422, {"field": "levels"})
    checked: list[Level] = []
    for index, level in enumerate(levels):
        if level.level != index:
            raise AppError("vip-invalid-config", 422, {"field": "level"})
        name = level.name.strip() if isinstance(level.name, str) else ""
        if not 1 <= len(name) <= 32:
            raise AppError("vip-invalid-config", 422, {"field": "name"})
        if not isinstance(level.withdraw_daily_count, int) or not (
            0 <= level.withdraw_daily_count <= 100
        ):
            raise AppError("vip-invalid-config", 422, {"field": "withdraw_daily_count"})
        item = Level(
            level=index,
            name=name,
            bet_threshold=_checked_money(level.bet_threshold, "bet_threshold"),
            deposit_threshold=_checked_money(level.deposit_threshold, "deposit_threshold"),
            retain_bet=_checked_money(level.retain_bet, "retain_bet"),
            rebate_boost=checked_rate(level.rebate_boost, "rebate_boost"),
            withdraw_max=_checked_money(level.withdraw_max, "withdraw_max"),
            withdraw_daily_count=level.withdraw_daily_count,
            level_up_bonus=_checked_money(level.level_up_bonus, "level_up_bonus"),
            member_day_bonus=_checked_money(level.member_day_bonus, "member_day_bonus"),
            sunday_best_bonus=_checked_money(level.sunday_best_bonus, "sunday_best_bonus"),
            slots_rate=checked_rate(level.slots_rate, "slots_rate"),
            slots_cap=_checked_money(level.slots_cap, "slots_cap"),
        )
        if index == 0 and (item.bet_threshold or item.deposit_threshold):
            raise AppError("vip-invalid-config", 422, {"field": "bet_threshold"})
        if index > 0:
            previous = checked[-1]
            if item.bet_threshold <= previous.bet_threshold:
                raise AppError("vip-invalid-config", 422, {"field": "bet_threshold"})
            if item.deposit_threshold < previous.deposit_threshold:
                raise AppError("vip-invalid-config", 422, {"field": "deposit_threshold"})
            if item.retain_bet > item.bet_threshold:
                raise AppError("vip-invalid-config", 422, {"field": "retain_bet"})
        checked.append(item)
    return checked


async def configure_in(
    session: AsyncSession, merchant_id: int, levels: Sequence[Level], settings: Settings
) -> None:
    """Building block: replace the brand's ladder and settings (checked first; members above
    the new top level keep the top)."""
    ladder = check_ladder(levels)
    if not (
        1 <= settings.window_days <= 365
        and 1 <= settings.member_day <= 28
        and isinstance(settings.rebate_mode, RebateMode)
        and isinstance(settings.rebate_claim, RebateClaim)
    ):
        raise AppError("vip-invalid-config", 422, {"field": "settings"})
    weekly = _checked_money(settings.weekly_min_bet, "weekly_min_bet")
    monthly = _checked_money(settings.monthly_min_bet, "monthly_min_bet")
    existing = (
        await session.exec(sm_select(VipLevel).where(VipLevel.merchant_id == merchant_id))
    ).all()
    for row in existing:
        await session.delete(row)
    await session.flush()
    for level in ladder:
        session.add(VipLevel(merchant_id=merchant_id, **dataclasses.asdict(level)))
    stored = await session.get(LoyaltySettings, merchant_id) or LoyaltySettings(
        merchant_id=merchant_id
    )
    stored.window_days, stored.member_day = settings.window_days, settings.member_day
    stored.rebate_mode = settings.rebate_mode.value
    stored.rebate_claim = settings.rebate_claim.value
    stored.weekly_min_bet, stored.monthly_min_bet = weekly, monthly
    session.add(stored)
    top = ladder[-1].level
    members = (
        await session.exec(
            sm_select(VipMember).where(
                VipMember.merchant_id == merchant_id, col(VipMember.level) > top
            )
        )
    ).all()
    for member in members:
        member.level = top
        session.add(member)
    await session.flush()


async def configure(merchant_id: int, levels: Sequence[Level], settings: Settings) -> None:
    """Use case: `configure_in` in its own transaction."""
    async with write_transaction() as session:
        await configure_in(session, merchant_id, levels, settings)


LEVEL_FIELDS = tuple(field.name for field in dataclasses.fields(Level))
SETTING_FIELDS = tuple(field.name for field in dataclasses.fields(Settings))


async def export_config(merchant_id: int) -> dict[str, Any]:
    """The brand's ladder and settings as plain JSON values (`import_config` reads it back)."""
    async with session_scope() as session:
        levels = await levels_of(session, merchant_id)
        settings = await settings_of(session, merchant_id)
    return {
        "settings": {k: str(v) for k, v in dataclasses.asdict(settings).items()},
        "levels": [{k: str(v) for k, v in dataclasses.asdict(level).items()} for level in levels],
    }


def _parse_level(raw: object) -> Level:
    if not isinstance(raw, dict) or set(raw) != set(LEVEL_FIELDS):
        raise AppError("vip-invalid-config", 422, {"field": "levels"})
    try:
        return Level(
            level=int(str(raw["level"])),
            name=str(raw["name"]),
            withdraw_daily_count=int(str(raw["withdraw_daily_count"])),
            **{
                name: Decimal(str(raw[name]))
                for name in LEVEL_FIELDS
                if name not in ("level", "name", "withdraw_daily_count")
            },
        )
    except (ArithmeticError, ValueError):
        raise AppError("vip-invalid-config", 422, {"field": "levels"}) from None


def _parse_settings(raw: object) -> Settings:
    if not isinstance(raw, dict) or not set(raw) <= set(SETTING_FIELDS):
        raise AppError("vip-invalid-config", 422, {"field": "settings"})
    base = Settings()
    try:
        return Settings(
            window_days=int(str(raw.get("window_days", base.window_days))),
            rebate_mode=RebateMode(str(raw.get("rebate_mode", base.rebate_mode.value))),
            rebate_claim=RebateClaim(str(raw.get("rebate_claim", base.rebate_claim.value))),
            member_day=int(str(raw.get("member_day", base.member_day))),
            weekly_min_bet=Decimal(str(raw.get("weekly_min_bet", base.weekly_min_bet))),
            monthly_min_bet=Decimal(str(raw.get("monthly_min_bet", base.monthly_min_bet))),
        )
    except (ArithmeticError, ValueError):
        raise AppError("vip-invalid-config", 422, {"field": "settings"}) from None


async def import_config(merchant_id: int, raw: object) -> None:
    """Use case (the CLI): replace the brand's ladder and settings from `export_config`'s
    shape; every field is checked before anything is written."""
    if not isinstance(raw, dict) or not isinstance(raw.get("levels"), list):
        raise AppError("vip-invalid-config", 422, {"field": "levels"})
    levels = [_parse_level(item) for item in raw["levels"]]
    await configure(merchant_id, levels, _parse_settings(raw.get("settings", {})))
