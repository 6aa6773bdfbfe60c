"""The VIP console: an operator edits a level's thresholds and benefits, adds a level on top
and removes it, and changes the loyalty settings; the members' VIP page reads the change; a
ladder the rules refuse (thresholds not rising, bad numbers) names its field and changes
nothing; every change is audited with before and after. BR1's demo ladder is put back after
each test."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from decimal import Decimal

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import vip as vip_console
from app.services.brands import brands
from app.services.loyalty import vip
from app.services.loyalty.vip import Level
from models import AuditEntry
from models.base import utcnow
from tests.helpers.backoffice import make_staff


def _form(level: Level, **changes: str) -> dict[str, str]:
    fields = {name: str(value) for name, value in dataclasses.asdict(level).items()}
    fields.update(changes)
    return fields


@pytest.fixture
async def br1_ladder() -> AsyncIterator[vip_console.Ladder]:
    brand = await brands.by_code("BR1")
    async with session_scope() as session:
        saved = vip_console.Ladder(
            await vip.levels_of(session, brand.id), await vip.settings_of(session, brand.id)
        )
    yield saved
    await vip.configure(brand.id, saved.levels, saved.settings)


async def _audits(action: str) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(AuditEntry)
                .where(col(AuditEntry.action) == action, col(AuditEntry.target) == "vip:BR1")
            )
        ).one()


async def test_a_level_edited_in_the_console_is_what_members_see(
    br1_ladder: vip_console.Ladder,
) -> None:
    staff = await make_staff("marketing")
    shown = await vip_console.ladder(staff, "BR1", utcnow())
    assert shown == br1_ladder and len(shown.levels) >= 2
    before = await _audits("vip.level")
    level = vip_console.level_from_form(
        _form(shown.levels[1], name="Prata", level_up_bonus="12,50")
    )
    after = await vip_console.save_level(staff, "BR1", level, utcnow())
    assert (after.levels[1].name, after.levels[1].level_up_bonus) == ("Prata", Decimal("12.50"))
    brand = await brands.by_code("BR1")
    async with session_scope() as session:
        stored = await vip.levels_of(session, brand.id)
    assert stored[1].name == "Prata" and stored[1].level_up_bonus == Decimal("12.50")
    assert await _audits("vip.level") == before + 1


async def test_a_level_added_on_top_and_removed_again(br1_ladder: vip_console.Ladder) -> None:
    staff = await make_staff("marketing")
    top = br1_ladder.levels[-1]
    new = dataclasses.replace(
        top,
        level=top.level + 1,
        name="Diamante",
        bet_threshold=top.bet_threshold + 1000,
        deposit_threshold=top.deposit_threshold,
    )
    grown = await vip_console.save_level(staff, "BR1", new, utcnow())
    assert [lv.name for lv in grown.levels][-1] == "Diamante"
    shrunk = await vip_console.remove_top_level(staff, "BR1", utcnow())
    assert shrunk.levels == br1_ladder.levels


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"bet_threshold": "abc"}, "bet_threshold"),
        ({"rebate_boost": "0.0001"}, "rebate_boost"),
        ({"withdraw_daily_count": "-1"}, "withdraw_daily_count"),
        ({"name": ""}, "name"),
    ],
)
async def test_a_bad_form_names_its_field_and_changes_nothing(
    br1_ladder: vip_console.Ladder, changes: dict[str, str], field: str
) -> None:
    staff = await make_staff("marketing")
    with pytest.raises(AppError) as refused:
        level = vip_console.level_from_form(_form(br1_ladder.levels[1], **changes))
        await vip_console.save_level(staff, "BR1", level, utcnow())
    assert (refused.value.code, refused.value.params) == ("vip-invalid-config", {"field": field})
    assert await vip_console.ladder(staff, "BR1", utcnow()) == br1_ladder


async def test_a_ladder_the_rules_refuse_changes_nothing(br1_ladder: vip_console.Ladder) -> None:
    staff = await make_staff("marketing")
    lower = dataclasses.replace(br1_ladder.levels[2], bet_threshold=Decimal("0.01"))
    with pytest.raises(AppError) as refused:
        await vip_console.save_level(staff, "BR1", lower, utcnow())
    assert refused.value.params == {"field": "bet_threshold"}
    gap = dataclasses.replace(br1_ladder.levels[-1], level=len(br1_ladder.levels) + 3)
    with pytest.raises(AppError):
        await vip_console.save_level(staff, "BR1", gap, utcnow())
    assert await vip_console.ladder(staff, "BR1", utcnow()) == br1_ladder


async def test_settings_are_saved_and_checked(br1_ladder: vip_console.Ladder) -> None:
    staff = await make_staff("marketing")
    fields = {
        "window_days": "60",
        "rebate_mode": "REALTIME",
        "rebate_claim": "AUTO",
        "member_day": "10",
        "weekly_min_bet": "50",
        "monthly_min_bet": "200",
    }
    saved = await vip_console.save_settings(
        staff, "BR1", vip_console.settings_from_form(fields), utcnow()
    )
    assert (saved.settings.window_days, saved.settings.member_day) == (60, 10)
    with pytest.raises(AppError) as refused:
        vip_console.settings_from_form({**fields, "member_day": "29"})
    assert refused.value.params == {"field": "member_day"}
    with pytest.raises(AppError):
        vip_console.settings_from_form({**fields, "rebate_mode": "WEEKLY"})
