"""Rebate (app/services/loyalty/rebate.py): a line per category and period from wager facts,
the base rate plus the level's boost, own money only, nothing for members under a break,
one payout under concurrent claims, automatic and real-time brands, the consumer catching up
after a stop without counting a fact twice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import time, timedelta
from decimal import Decimal
from uuid import uuid4
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func
from sqlmodel import col, select

from app import routes
from app.app import app as site
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n.formatting import NBSP
from app.services import exclusion, rebate_rates, wager_facts
from app.services.brands import brands
from app.services.loyalty import progress, rebate, vip
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from models import LedgerTransaction, Member
from models.base import utcnow
from models.ledger import TransactionKind
from models.loyalty_vip import LoyaltyDay, RebateLine, RebateMode, RebateStatus
from state.loyalty.loyalty_vip import IncomeState
from tests.helpers.accounts import make_member
from tests.helpers.loyalty import bet, cash, count, deposit, level
from tests.helpers.money import fund
from tests.helpers.page_state import member_tab

D = Decimal


async def _lines(member: Member) -> dict[str, RebateLine]:
    async with session_scope() as session:
        rows = await session.exec(select(RebateLine).where(RebateLine.member_id == member.id))
        return {row.category: row for row in rows.all()}


async def _played_yesterday(member: Member, bets: dict[str, str]) -> None:
    then = utcnow() - timedelta(days=2)
    for category, stake in bets.items():
        await bet(member, stake, category, at=then)
    await count()
    await rebate.close_due(utcnow())


async def test_a_line_per_category_at_the_base_rate() -> None:
    member = await make_member()
    await _played_yesterday(
        member, {"RNG": "100.00", "LIVE": "100.00", "SPORTS": "250.00", "PVP": "100.00"}
    )
    lines = await _lines(member)
    assert set(lines) == {"RNG", "LIVE", "SPORTS"}  # PvP shows "-": no rebate
    assert {c: (D(str(x.base)), D(str(x.rate)), D(str(x.amount))) for c, x in lines.items()} == {
        "RNG": (D("100.00"), D("1.2"), D("1.20")),
        "LIVE": (D("100.00"), D("0.8"), D("0.80")),
        "SPORTS": (D("250.00"), D("1"), D("2.50")),
    }
    assert {x.status for x in lines.values()} == {RebateStatus.CLAIMABLE.value}


async def test_the_level_boost_is_added_to_the_base_rate() -> None:
    member = await make_member()
    await deposit(member, "1000.00")
    await bet(member, "5000.00", "LIVE")  # VIP2: +0.1 point
    await count()
    assert await level(member) == 2
    await _played_yesterday(member, {"RNG": "1000.00"})
    line = (await _lines(member))["RNG"]
    assert (D(str(line.rate)), D(str(line.amount)), line.level) == (D("1.3"), D("13.00"), 2)


def test_amounts_round_down_to_the_cent_and_never_go_negative() -> None:
    assert rebate.amount_of(D("0.83"), D("1.2")) == D("0.00")
    assert rebate.amount_of(D("99.99"), D("1.2")) == D("1.19")
    assert rebate.amount_of(D("-50.00"), D("1")) == D("0.00")


async def test_own_money_only_a_held_bonus_adds_nothing() -> None:
    member = await make_member()
    await fund(member.id or 0, "100.00")
    await bet(member, "1.00", at=utcnow() - timedelta(days=2))  # Brazil: a bet before a bonus
    await bonus.register()
    await bonus.grant(
        member.id or 0,
        BonusTerms(amount=D("500.00"), multiplier=5, weights={}, days=7),
        uuid4().hex,
        utcnow(),
    )
    await _played_yesterday(member, {"RNG": "99.00"})
    line = (await _lines(member))["RNG"]
    assert D(str(line.base)) == D("100.00")  # the cash bets; the 500 bonus is not a bet


async def test_a_void_lowers_the_base_of_its_period() -> None:
    member = await make_member()
    then = utcnow() - timedelta(days=2)
    await bet(member, "100.00", "RNG", at=then)
    async with __import__("app.core.db", fromlist=["x"]).write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="UNIT",
                    game_code="UNIT_GAME",
                    category="RNG",
                    currency="BRL",
                    round_ref=uuid4().hex,
                    bet=D("-40.00"),
                    valid_bet=D("-40.00"),
                    win=D("0.00"),
                    settled_at=then,
                    kind=wager_facts.FactKind.VOIDED,
                )
            ],
        )
    await count()
    await rebate.close_due(utcnow())
    assert D(str((await _lines(member))["RNG"].base)) == D("60.00")


async def test_members_under_a_break_get_nothing_and_are_not_told() -> None:
    member = await make_member()
    await bet(member, "500.00", "RNG", at=utcnow() - timedelta(days=2))
    await count()
    await exclusion.exclude(member, "SELF_EXCLUSION", None, utcnow())
    await rebate.close_due(utcnow())
    line = (await _lines(member))["RNG"]
    assert (line.status, D(str(line.amount))) == (RebateStatus.WITHHELD.value, D("0.00"))
    brand = await brands.by_code("BR1")
    with pytest.raises(AppError) as caught:
        await rebate.claim(brand, member.id or 0, None, utcnow())
    assert caught.value.code == "rebate-not-claimable"
    assert await cash(member) == 0


@pytest.mark.engines
async def test_concurrent_claims_pay_once() -> None:
    member = await make_member()
    await _played_yesterday(member, {"RNG": "1000.00"})
    line = (await _lines(member))["RNG"]
    brand = await brands.by_code("BR1")
    results = await asyncio.gather(
        *(rebate.claim(brand, member.id or 0, line.id, utcnow()) for _ in range(6)),
        return_exceptions=True,
    )
    paid = [r for r in results if isinstance(r, rebate.ClaimResult)]
    refused = [r for r in results if isinstance(r, AppError)]
    assert len(paid) == 1 and paid[0].amount == D("12.00")
    assert len(refused) == 5 and {r.code for r in refused} == {"rebate-not-claimable"}
    assert await cash(member) == D("12.00")
    async with session_scope() as session:
        moves = (
            await session.exec(
                select(func.count()).where(
                    LedgerTransaction.member_id == member.id,
                    LedgerTransaction.kind == TransactionKind.REBATE.value,
                )
            )
        ).one()
    assert moves == 1
    assert (await _lines(member))["RNG"].status == RebateStatus.PAID.value


async def test_another_members_line_cannot_be_claimed() -> None:
    owner, thief = await make_member(), await make_member()
    await _played_yesterday(owner, {"RNG": "1000.00"})
    line = (await _lines(owner))["RNG"]
    brand = await brands.by_code("BR1")
    with pytest.raises(AppError):
        await rebate.claim(brand, thief.id or 0, line.id, utcnow())
    assert (await _lines(owner))["RNG"].status == RebateStatus.CLAIMABLE.value


@pytest.fixture
async def br2_auto_realtime() -> AsyncIterator[int]:
    """BR2 paying automatically in five-minute periods, put back afterwards."""
    brand = await brands.by_code("BR2")
    async with session_scope() as session:
        levels = await vip.levels_of(session, brand.id)
        before = await vip.settings_of(session, brand.id)
    await vip.configure(
        brand.id,
        levels,
        vip.Settings(rebate_mode=RebateMode.REALTIME, rebate_claim=vip.RebateClaim.AUTO),
    )
    yield brand.id
    await vip.configure(brand.id, levels, before)


async def test_a_realtime_automatic_brand_pays_each_five_minutes(br2_auto_realtime: int) -> None:
    member = await make_member("BR2")
    now = utcnow()
    await bet(member, "100.00", "RNG", at=now)
    await count(now)
    line = (await _lines(member))["RNG"]
    assert line.period_end - line.period_start == timedelta(minutes=5)
    # "My income" says the accruing rebate is paid at the end of this five minutes.
    assert await rebate.accrual_ends(await brands.by_code("BR2"), now) == line.period_end
    await rebate.close_due(now)
    assert (await _lines(member))["RNG"].status == RebateStatus.OPEN.value  # not ended yet
    await rebate.close_due(line.period_end)
    assert (await _lines(member))["RNG"].status == RebateStatus.PAID.value
    assert await cash(member) == D("1.20")
    # A fact of that period counted after its close goes to the running period.
    await bet(member, "50.00", "RNG", at=now)
    await count(line.period_end + timedelta(seconds=1))
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(RebateLine)
                .where(RebateLine.member_id == member.id)
                .order_by(col(RebateLine.period_start))
            )
        ).all()
    assert [(D(str(r.base)), r.status) for r in rows] == [
        (D("100.00"), RebateStatus.PAID.value),
        (D("50.00"), RebateStatus.OPEN.value),
    ]


async def test_today_s_rebate_can_be_claimed_from_the_brand_s_next_midnight() -> None:
    member = await make_member("BR1")
    br1 = await brands.by_code("BR1")
    now = utcnow()
    await bet(member, "100.00", "RNG", at=now)
    await count(now)
    line = (await _lines(member))["RNG"]
    ends = await rebate.accrual_ends(br1, now)
    assert ends == line.period_end
    assert ends.astimezone(ZoneInfo(br1.timezone)).time() == time(0, 0)
    assert timedelta(0) < ends - now <= timedelta(hours=25)
    await rebate.close_due(ends - timedelta(seconds=1))
    assert (await _lines(member))["RNG"].status == RebateStatus.OPEN.value
    await rebate.close_due(ends)
    assert (await _lines(member))["RNG"].status == RebateStatus.CLAIMABLE.value


async def _day_total(member: Member) -> Decimal:
    async with session_scope() as session:
        total = (
            await session.exec(
                select(func.sum(LoyaltyDay.valid_bet)).where(LoyaltyDay.member_id == member.id)
            )
        ).one()
    return D(str(total or 0)).quantize(D("0.01"))


async def test_the_consumer_catches_up_after_a_stop_and_counts_each_fact_once() -> None:
    member = await make_member()
    await count()
    for _ in range(25):
        await bet(member, "10.00")
    assert await progress.process(utcnow(), batch_size=10) == 10  # then "down"
    for _ in range(15):
        await bet(member, "10.00")
    await count()
    await count()
    assert await _day_total(member) == D("400.00")
    assert D(str((await _lines(member))["RNG"].base)) == D("400.00")


async def test_a_failing_batch_stores_nothing_and_is_counted_once_when_retried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    member = await make_member()
    await count()
    for _ in range(3):
        await bet(member, "10.00")

    async def broken(*args: object) -> None:
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patch:
        patch.setattr(rebate, "accrue", broken)
        with pytest.raises(RuntimeError):
            await count()
    assert await _day_total(member) == 0  # the days' part rolled back with it
    await count()
    assert await _day_total(member) == D("30.00")
    assert D(str((await _lines(member))["RNG"].base)) == D("30.00")


async def test_bad_rates_are_refused_and_nothing_changes() -> None:
    brand = await brands.by_code("BR2")
    before = await rebate_rates.displayed_rates(brand.id)
    for bad in ({"RNG": D("-1")}, {"RNG": D("10.5")}, {"rng": D("1")}, {"RNG": D("1.0001")}):
        with pytest.raises(AppError) as caught:
            await rebate.configure_rates(brand.id, bad)
        assert caught.value.code == "vip-invalid-config"
    assert await rebate_rates.displayed_rates(brand.id) == before


async def test_the_income_page_lists_lines_with_base_rate_and_totals() -> None:
    member = await make_member()
    await _played_yesterday(member, {"RNG": "100.00", "FISH": "300.00"})
    await bet(member, "200.00", "LIVE")
    await count()
    brand = await brands.by_code("BR1")
    now = utcnow()
    page = await rebate.income(
        brand, member.id or 0, now - timedelta(days=7), now + timedelta(days=1)
    )
    assert page.total == 3
    assert {line.category for line in page.lines} == {"RNG", "FISH", "LIVE"}
    assert page.claimable == D("4.20")
    assert page.accruing == D("1.60")  # LIVE 0.8 % of 200, still open
    with pytest.raises(AppError):
        await rebate.income(brand, member.id or 0, now, now - timedelta(days=1))


async def test_the_close_job_counts_then_closes_once_per_period() -> None:
    from app.jobs import loyalty as loyalty_jobs
    from app.services.job_runs import run_current

    member = await make_member()
    await bet(member, "100.00", "RNG", at=utcnow() - timedelta(days=2))  # not counted yet
    now = utcnow()
    await run_current(loyalty_jobs.REBATE_CLOSE_JOB, now)
    await run_current(loyalty_jobs.REBATE_CLOSE_JOB, now)  # the same period: nothing more
    line = (await _lines(member))["RNG"]
    assert (line.status, D(str(line.amount))) == (RebateStatus.CLAIMABLE.value, D("1.20"))
    async with session_scope() as session:
        count_lines = (
            await session.exec(select(func.count()).where(RebateLine.member_id == member.id))
        ).one()
    assert count_lines == 1


async def test_claiming_on_the_income_page_says_the_amount_in_reais() -> None:
    """Issue 35: the page's notice writes the rebate claimed as money (R$ 4,20); the totals
    and lines go to the page as plain figures that it writes with the symbol."""
    member = await make_member()
    await _played_yesterday(member, {"RNG": "100.00", "FISH": "300.00"})
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.MY_INCOME)
        assert (await tab.state(IncomeState)).claimable == "4.20"
        await tab.send(f"{IncomeState.get_full_name()}.claim_all", routes.MY_INCOME)
        page = await tab.state(IncomeState)
    assert page.notice == f"R${NBSP}4,20 creditado no seu saldo."
    assert (page.claimable, page.paid) == ("0.00", "4.20")
