"""The VIP ladder in the console: each level's thresholds and benefits and the brand's
loyalty settings, edited one level (or the settings) at a time, a level added on top or the
top one removed.

The rules stay in the loyalty capability: `vip.configure_in` checks the whole ladder (levels
0..n, thresholds rising on valid bet, level 0 free, every figure in range) and moves members
above a removed top level down to the new top. This module reads the operator's form, builds
the new ladder and adds the permission check, the brand scope and the audit entry (before and
after) in the same transaction."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.loyalty import vip
from app.services.loyalty.vip import Level, Settings
from models.loyalty_vip import RebateClaim, RebateMode

NUMBER = re.compile(r"[0-9]{1,12}([.,][0-9]{1,3})?")
MONEY_FIELDS = (
    "bet_threshold", "deposit_threshold", "retain_bet", "withdraw_max", "level_up_bonus",
    "member_day_bonus", "sunday_best_bonus", "slots_cap",
)  # fmt: skip
RATE_FIELDS = ("rebate_boost", "slots_rate")


@dataclass(frozen=True)
class Ladder:
    levels: list[Level]
    settings: Settings


def _invalid(field: str) -> AppError:
    return AppError("vip-invalid-config", 422, {"field": field})


def _text(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    return value.strip() if isinstance(value, str) else ""


def _number(fields: Mapping[str, Any], name: str) -> Decimal:
    text = _text(fields, name)
    if not NUMBER.fullmatch(text):
        raise _invalid(name)
    return Decimal(text.replace(",", "."))


def _count(fields: Mapping[str, Any], name: str, largest: int) -> int:
    text = _text(fields, name)
    if not text.isdigit() or int(text) > largest:
        raise _invalid(name)
    return int(text)


def level_from_form(fields: Mapping[str, Any]) -> Level:
    """One level as the operator's form gives it (vip.check_ladder checks it with the rest)."""
    return Level(
        level=_count(fields, "level", vip.MAX_LEVELS),
        name=_text(fields, "name"),
        withdraw_daily_count=_count(fields, "withdraw_daily_count", 100),
        **{name: _number(fields, name) for name in (*MONEY_FIELDS, *RATE_FIELDS)},
    )


def settings_from_form(fields: Mapping[str, Any]) -> Settings:
    try:
        mode = RebateMode(_text(fields, "rebate_mode"))
        claim = RebateClaim(_text(fields, "rebate_claim"))
    except ValueError:
        raise _invalid("settings") from None
    return Settings(
        window_days=_count(fields, "window_days", 365),
        rebate_mode=mode,
        rebate_claim=claim,
        member_day=_count(fields, "member_day", 28),
        weekly_min_bet=_number(fields, "weekly_min_bet"),
        monthly_min_bet=_number(fields, "monthly_min_bet"),
    )


def _plain(ladder: Ladder) -> dict[str, Any]:
    return {
        "settings": {k: str(v) for k, v in dataclasses.asdict(ladder.settings).items()},
        "levels": [
            {k: str(v) for k, v in dataclasses.asdict(level).items()} for level in ladder.levels
        ],
    }


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def ladder(staff: Staff, code: str, now: datetime) -> Ladder:
    """The brand's ladder from level 0 up and its loyalty settings."""
    brand_id = await _brand_id(code)
    await require(staff, "vip.view", brand_id, now)
    async with session_scope() as session:
        return Ladder(
            await vip.levels_of(session, brand_id), await vip.settings_of(session, brand_id)
        )


async def _change(
    staff: Staff, code: str, action: str, now: datetime, change: Callable[[Ladder], Ladder]
) -> Ladder:
    """Apply `change(ladder) -> Ladder` to the stored ladder, checked, with its audit."""
    brand_id = await _brand_id(code)
    await require(staff, "vip.manage", brand_id, now)
    async with write_transaction() as session:
        before = Ladder(
            await vip.levels_of(session, brand_id), await vip.settings_of(session, brand_id)
        )
        after = change(before)
        await vip.configure_in(session, brand_id, after.levels, after.settings)
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=brand_id,
            target=f"vip:{code}",
            detail={"before": _plain(before), "after": _plain(after)},
        )
    return after


async def save_level(staff: Staff, code: str, level: Level, now: datetime) -> Ladder:
    """Replace a level, or add it on top when its number is the next one."""

    def change(current: Ladder) -> Ladder:
        if level.level > len(current.levels):
            raise _invalid("level")
        levels = [*current.levels]
        if level.level == len(levels):
            levels.append(level)
        else:
            levels[level.level] = level
        return Ladder(levels, current.settings)

    return await _change(staff, code, "vip.level", now, change)


async def remove_top_level(staff: Staff, code: str, now: datetime) -> Ladder:
    """Remove the highest level (never level 0); its members move to the new top."""

    def change(current: Ladder) -> Ladder:
        if len(current.levels) < 2:
            raise _invalid("levels")
        return Ladder(current.levels[:-1], current.settings)

    return await _change(staff, code, "vip.level.remove", now, change)


async def save_settings(staff: Staff, code: str, settings: Settings, now: datetime) -> Ladder:
    return await _change(
        staff, code, "vip.settings", now, lambda current: Ladder(current.levels, settings)
    )
