"""VIP levels (app/services/loyalty/vip.py): each threshold's boundary, upgrades at once from
bets and from deposits, the monthly downgrade rule, level-up and periodic bonuses paid once,
nothing for members under a responsible-gambling block, withdrawal limits, the ladder's
validation. BR1 runs the demo ladder (app/demo/loyalty_vip.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import col, select

from app import routes
from app.app import app as site
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n.formatting import NBSP
from app.demo.loyalty_vip import demo_ladder
from app.services import exclusion
from app.services.brands import Money, brands
from app.services.cashier import withdrawals
from app.services.cashier.withdrawals import WithdrawalRules
from app.services.loyalty import vip
from models import LedgerTransaction, Member, MemberMessage
from models.base import utcnow
from models.loyalty_vip import VipEvent, VipEventKind
from state.loyalty.loyalty_vip import VipState
from tests.helpers.accounts import make_member
from tests.helpers.loyalty import bet, cash, count, deposit, level
from tests.helpers.page_state import member_tab

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

D = Decimal
LADDER = demo_ladder()


@pytest.mark.parametrize("target", LADDER[1:], ids=lambda lv: lv.name)
def test_each_threshold_just_below_at_and_above(target: vip.Level) -> None:
    cent = D("0.01")
    below = target.level - 1
    both = vip.Progress(target.bet_threshold, target.deposit_threshold)
    assert vip.qualifying(LADDER, both) == target.level
    assert vip.qualifying(LADDER, replace(both, valid_bet=both.valid_bet - cent)) == below
    assert vip.qualifying(LADDER, replace(both, deposits=both.deposits - cent)) == below
    above = vip.Progress(target.bet_threshold + cent, target.deposit_threshold + cent)
    assert vip.qualifying(LADDER, above) == target.level


def test_both_figures_are_needed_and_a_climb_stops_at_the_first_miss() -> None:
    assert vip.qualifying(LADDER, vip.Progress(D("10000000"), D("0"))) == 0
    assert vip.qualifying(LADDER, vip.Progress(D("0"), D("10000000"))) == 0
    # Enough bets for VIP6 but deposits only for VIP2.
    assert vip.qualifying(LADDER, vip.Progress(D("2000000"), D("1000"))) == 2


async def _events(member: Member, kind: VipEventKind) -> list[VipEvent]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(VipEvent)
                    .where(VipEvent.member_id == member.id, VipEvent.kind == kind.value)
                    .order_by(col(VipEvent.id))
                )
            ).all()
        )


async def _messages(member: Member) -> list[str]:
    async with session_scope() as session:
        rows = await session.exec(
            select(MemberMessage.kind).where(MemberMessage.member_id == member.id)
        )
        return list(rows.all())


async def test_a_bet_that_crosses_the_threshold_upgrades_at_once_and_pays_the_bonus() -> None:
    member = await make_member()
    await deposit(member, "200.00")
    await bet(member, "999.99")
    await count()
    assert await level(member) == 0
    assert await cash(member) == 0
    await bet(member, "0.01")
    await count()
    assert await level(member) == 1
    assert await cash(member) == D("10.00")  # VIP1's level-up bonus
    upgrades = await _events(member, VipEventKind.UPGRADE)
    assert [(e.from_level, e.to_level) for e in upgrades] == [(0, 1)]
    assert "VIP_UPGRADE" in await _messages(member)
    # Counting again changes nothing: the bonus is paid once per level.
    await count()
    assert await cash(member) == D("10.00")


async def test_several_levels_at_once_pay_each_level_up_bonus_once() -> None:
    member = await make_member()
    await deposit(member, "1000.00")
    await bet(member, "5000.00", "LIVE")
    await count()
    assert await level(member) == 2
    bonuses = await _events(member, VipEventKind.LEVEL_UP_BONUS)
    assert sorted((e.period_key, e.amount) for e in bonuses) == [
        ("L1", D("10.00")),
        ("L2", D("30.00")),
    ]
    assert await cash(member) == D("40.00")


async def test_a_deposit_that_crosses_the_threshold_upgrades_at_the_next_check() -> None:
    member = await make_member()
    await bet(member, "1000.00")
    await deposit(member, "199.99")
    await count()
    assert await level(member) == 0
    since = utcnow()
    await deposit(member, "0.01")
    await vip.evaluate_deposits(since - timedelta(minutes=2), utcnow())
    assert await level(member) == 1


async def test_bets_outside_the_rolling_window_do_not_count() -> None:
    member = await make_member()
    now = utcnow()
    await deposit(member, "200.00")
    await bet(member, "1000.00", at=now - timedelta(days=31))
    await count()
    assert await level(member) == 0


async def _vip2_since(days_ago: int) -> tuple[Member, datetime]:
    """A member raised to VIP2 `days_ago` days before now (bets and deposits of that day)."""
    member = await make_member()
    then = utcnow() - timedelta(days=days_ago)
    await deposit(member, "1000.00", at=then)
    await bet(member, "5000.00", at=then)
    await count(then)
    assert await level(member) == 2
    return member, then


async def _review(months_back: int = 1) -> tuple[datetime, datetime]:
    brand = await brands.by_code("BR1")
    now = utcnow()
    from app.services.agents import periods

    start, end = periods.last_closed("M", now, brand.timezone)
    from app.core.db import write_transaction

    async with write_transaction() as session:
        await vip.review_in(session, brand, start, end, now)
    return start, end


async def test_downgrade_one_level_at_a_month_close_when_the_retention_is_missed() -> None:
    # Reached 70 days ago: the bets fall out of the 30-day window before last month's close.
    member, _ = await _vip2_since(70)
    await _review()
    assert await level(member) == 1  # one level at most, although the figure is 0
    await _review()
    assert await level(member) == 1  # once per month
    downgrades = await _events(member, VipEventKind.DOWNGRADE)
    assert [(e.from_level, e.to_level) for e in downgrades] == [(2, 1)]


async def test_the_level_is_kept_when_the_retention_figure_is_met() -> None:
    member, _ = await _vip2_since(70)
    brand = await brands.by_code("BR1")
    from app.services.agents import periods

    start, end = periods.last_closed("M", utcnow(), brand.timezone)
    # VIP2 keeps with 2,500 of valid bet in the window that ends at the close.
    await bet(member, "2500.00", at=end - timedelta(days=1))
    await count()
    await _review()
    assert await level(member) == 2
    assert await _events(member, VipEventKind.DOWNGRADE) == []
    assert start < end


async def test_a_level_reached_during_the_month_is_kept_until_the_next_close() -> None:
    member = await make_member()
    await deposit(member, "1000.00")
    await bet(member, "5000.00")
    await count()
    await _review()
    assert await level(member) == 2


async def test_members_under_a_break_are_upgraded_but_neither_paid_nor_told() -> None:
    member = await make_member()
    await exclusion.exclude(member, "COOLING_OFF", 7, utcnow())
    before = await _messages(member)
    await deposit(member, "200.00")
    await bet(member, "1000.00")
    await count()
    assert await level(member) == 1
    assert await cash(member) == 0
    assert await _events(member, VipEventKind.LEVEL_UP_BONUS) == []
    assert await _messages(member) == before


async def test_sunday_best_and_slots_bonus_are_paid_once_for_the_week() -> None:
    member = await make_member()
    brand = await brands.by_code("BR1")
    from app.services.agents import periods

    start, end = periods.last_closed("W", utcnow(), brand.timezone)
    await deposit(member, "1000.00", at=start + timedelta(hours=12))
    await bet(member, "5000.00", "RNG", at=start + timedelta(hours=12))  # VIP2, slots 5,000
    await count(start + timedelta(hours=13))
    paid_before = await cash(member)  # the level-up bonuses
    from app.core.db import write_transaction

    for _ in range(2):
        async with write_transaction() as session:
            for kind in (VipEventKind.SUNDAY_BEST, VipEventKind.SLOTS_BONUS):
                await vip.periodic_in(session, brand, kind, start, end, utcnow())
    # VIP2: Sunday best 10.00; slots 0.15 % of 5,000 = 7.50 (cap 50).
    assert await cash(member) - paid_before == D("17.50")
    assert len(await _events(member, VipEventKind.SUNDAY_BEST)) == 1
    assert len(await _events(member, VipEventKind.SLOTS_BONUS)) == 1


async def test_a_week_without_enough_play_earns_no_sunday_best() -> None:
    member, _ = await _vip2_since(40)
    brand = await brands.by_code("BR1")
    from app.services.agents import periods

    start, end = periods.last_closed("W", utcnow(), brand.timezone)
    await bet(member, "99.99", "LIVE", at=start + timedelta(hours=1))  # below 100
    await count()
    from app.core.db import write_transaction

    async with write_transaction() as session:
        await vip.periodic_in(session, brand, VipEventKind.SUNDAY_BEST, start, end, utcnow())
    assert await _events(member, VipEventKind.SUNDAY_BEST) == []


async def test_the_level_raises_withdrawal_limits_and_never_lowers_them() -> None:
    member = await make_member()
    await deposit(member, "5000.00")
    await bet(member, "20000.00")
    await count()
    assert await level(member) == 3
    base = WithdrawalRules(D("20.00"), D("50000.00"), 3, D("1"))
    async with session_scope() as session:
        raised = await vip.with_level_limits(session, member.id or 0, base)
        richer = replace(base, max_amount=D("90000.00"), daily_count=9)
        kept = await vip.with_level_limits(session, member.id or 0, richer)
    assert (raised.max_amount, raised.daily_count) == (D("80000.00"), 5)
    assert kept == richer


async def test_level_of_answers_level_zero_for_a_new_member() -> None:
    member = await make_member()
    async with session_scope() as session:
        found = await vip.level_of(session, member.id or 0)
    assert (found.level, found.name, found.since) == (0, "VIP0", None)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bet_threshold": D("1000")}, "bet_threshold"),  # level 2 not above level 1
        ({"deposit_threshold": D("100")}, "deposit_threshold"),
        ({"retain_bet": D("999999")}, "retain_bet"),
        ({"level_up_bonus": D("-1")}, "level_up_bonus"),
        ({"rebate_boost": D("11")}, "rebate_boost"),
        ({"name": " "}, "name"),
    ],
)
async def test_a_bad_ladder_is_refused_and_nothing_changes(
    change: dict[str, object], field: str
) -> None:
    ladder = list(LADDER)
    ladder[2] = replace(ladder[2], **change)  # type: ignore[arg-type]
    brand = await brands.by_code("BR2")
    async with session_scope() as session:
        before = await vip.levels_of(session, brand.id)
    with pytest.raises(AppError) as caught:
        await vip.configure(brand.id, ladder, vip.Settings())
    assert caught.value.code == "vip-invalid-config"
    assert caught.value.params == {"field": field}
    async with session_scope() as session:
        assert await vip.levels_of(session, brand.id) == before


async def test_level_zero_may_not_ask_for_anything() -> None:
    ladder = list(LADDER)
    ladder[0] = replace(ladder[0], bet_threshold=D("1"))
    with pytest.raises(AppError):
        vip.check_ladder(ladder)


async def test_every_vip_payout_is_one_ledger_movement_keyed_by_member_kind_period() -> None:
    member = await make_member()
    await deposit(member, "200.00")
    await bet(member, "1000.00")
    await count()
    async with session_scope() as session:
        keys = (
            await session.exec(
                select(LedgerTransaction.idempotency_key).where(
                    LedgerTransaction.member_id == member.id
                )
            )
        ).all()
    assert list(keys) == [f"vip:{member.id}:LEVEL_UP_BONUS:L1"]


def test_member_day_window_is_the_month_before_the_member_day() -> None:
    from types import SimpleNamespace

    brand = SimpleNamespace(timezone="America/Sao_Paulo")
    settings = vip.Settings(member_day=15)
    start, end = vip.member_day_window(
        brand,  # type: ignore[arg-type]
        settings,
        datetime(2026, 3, 20, 12, tzinfo=UTC),
    )
    assert (start, end) == (
        datetime(2026, 2, 15, 3, tzinfo=UTC),
        datetime(2026, 3, 15, 3, tzinfo=UTC),
    )


async def test_the_configuration_round_trips_and_a_bad_file_changes_nothing() -> None:
    brand = await brands.by_code("BR2")
    config = await vip.export_config(brand.id)
    changed = {**config, "settings": {**config["settings"], "rebate_claim": "AUTO"}}
    try:
        await vip.import_config(brand.id, changed)
        assert (await vip.export_config(brand.id))["settings"]["rebate_claim"] == "AUTO"
        for bad in (
            {"levels": "x"},
            {**config, "settings": {"window_days": "0"}},
            {**config, "settings": {"rebate_mode": "WEEKLY"}},
            {**config, "levels": [{**config["levels"][0], "bet_threshold": "abc"}]},
            {**config, "levels": [{"level": "0"}]},
        ):
            with pytest.raises(AppError) as caught:
                await vip.import_config(brand.id, bad)
            assert caught.value.code == "vip-invalid-config"
        assert (await vip.export_config(brand.id))["settings"]["rebate_claim"] == "AUTO"
    finally:
        await vip.import_config(brand.id, config)
    assert await vip.export_config(brand.id) == config


async def test_a_member_under_a_break_gets_no_weekly_bonus() -> None:
    member = await make_member()
    brand = await brands.by_code("BR1")
    from app.core.db import write_transaction
    from app.services.agents import periods

    start, end = periods.last_closed("W", utcnow(), brand.timezone)
    await deposit(member, "1000.00", at=start + timedelta(hours=12))
    await bet(member, "5000.00", "RNG", at=start + timedelta(hours=12))
    await count(start + timedelta(hours=13))
    paid_before = await cash(member)
    await exclusion.exclude(member, "COOLING_OFF", 7, utcnow())
    messages_before = await _messages(member)
    # The week's other members (of other tests on this database) may be paid: not this one.
    async with write_transaction() as session:
        for kind in (VipEventKind.SUNDAY_BEST, VipEventKind.SLOTS_BONUS):
            await vip.periodic_in(session, brand, kind, start, end, utcnow())
    assert await cash(member) == paid_before
    assert await _messages(member) == messages_before


async def test_no_upgrade_message_while_marketing_is_suppressed() -> None:
    from app.core.db import write_transaction
    from models.protection import MemberProtection

    member = await make_member()
    async with write_transaction() as session:
        session.add(MemberProtection(member_id=member.id or 0, marketing_suppressed=True))
    await deposit(member, "200.00")
    await bet(member, "1000.00")
    await count()
    assert await level(member) == 1
    assert await cash(member) == D("10.00")  # paid: no break in force
    assert "VIP_UPGRADE" not in await _messages(member)


async def test_the_vip_table_writes_its_money_columns_in_reais() -> None:
    """Issue 35: thresholds, bonuses and the withdrawal limit of each level are money, with
    the brand's symbol; the withdrawals a day and the rebate boost are not."""
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.VIP)
        first, *_ = (await tab.state(VipState)).levels
    br1 = await brands.by_code("BR1")
    floor = await withdrawals.brand_rules(br1)
    assert first.withdraw == Money.of(br1).write(floor.max_amount, "pt")
    for figure in (first.bet, first.deposit, first.keep, first.level_up, first.sunday):
        assert figure.startswith(f"R${NBSP}"), figure
    assert first.per_day == str(floor.daily_count) and first.boost.startswith("+")


async def test_the_vip_progress_writes_its_figures_and_rules_in_reais() -> None:
    """Issue 35: the valid bet and the deposits of the window, the next level's goals and
    the rules' amounts are money, with the brand's symbol, in the reader's language."""
    member = await make_member()
    await bet(member, "20.00", "RNG")
    await count()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.VIP)
        page = await tab.state(VipState)
    assert (page.bet, page.bet_goal) == (f"R${NBSP}20,00", f"R${NBSP}1.000,00")
    assert page.deposit.startswith(f"R${NBSP}") and page.deposit_goal.startswith(f"R${NBSP}")
    br1 = await brands.by_code("BR1")
    weekly = (await vip.page(br1, member.id or 0, utcnow())).settings.weekly_min_bet
    assert Money.of(br1).write(weekly, "pt") in " ".join(page.rules)
