"""Missions and races: progress per kind (rounds, deposits, multiplier) from wager facts and
paid deposits, periods in the brand's time zone, claims once (concurrent claims → one
payout), the responsible-gambling block, race ranking with masked names and first-reach
ties, prizes once per period, and the consumer catching up without counting a fact twice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlalchemy import delete, func
from sqlmodel import col, select, update

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import exclusion, ledger, wager_facts
from app.services.brands import Brand, brands
from app.services.loyalty import missions, points, races
from app.services.loyalty.rewards import period_bounds
from models import DepositOrder, LedgerTransaction, Member
from models.base import utcnow
from models.cashier import DepositStatus
from models.loyalty_missions import (
    Mission,
    MissionKind,
    MissionPeriod,
    MissionProgress,
    Race,
    RaceEntry,
    RaceMetric,
    RacePrize,
)
from tests.helpers.accounts import make_member
from tests.helpers.facts import facts_readable
from tests.helpers.money import CURRENCY

D = Decimal


@pytest.fixture
async def br1() -> Brand:
    await missions.register()
    await missions.catch_up(utcnow())  # earlier tests' facts are behind us
    return await brands.by_code("BR1")


async def _bet(
    member: Member,
    stake: str,
    *,
    win: str = "0.00",
    category: str = "RNG",
    game: str = "UNIT_GAME",
    at: datetime | None = None,
) -> None:
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="UNIT",
                    game_code=game,
                    category=category,
                    currency=CURRENCY,
                    round_ref=uuid4().hex,
                    bet=D(stake),
                    valid_bet=D(stake),
                    win=D(win),
                    settled_at=at or utcnow(),
                )
            ],
        )
    await facts_readable()


async def _mission(brand: Brand, kind: MissionKind, target: int, **fields: object) -> int:
    async with write_transaction() as session:
        mission = Mission(
            merchant_id=brand.id,
            code=f"T{uuid4().hex[:10]}",
            titles={"EN": "A test mission", "PT": "Uma missão de teste"},
            period=str(fields.pop("period", MissionPeriod.DAILY.value)),
            kind=kind.value,
            target=target,
            reward_amount=D(str(fields.pop("reward", "2.50"))),
            **fields,  # type: ignore[arg-type]
        )
        session.add(mission)
        await session.flush()
        assert mission.id is not None
        return mission.id


@pytest.fixture
async def own_missions() -> AsyncIterator[None]:
    """Missions and races made by a test leave the brand afterwards (other tests count)."""
    yield
    async with write_transaction() as session:
        await session.exec(delete(MissionProgress))  # type: ignore[call-overload]
        await session.exec(delete(Mission).where(col(Mission.code).startswith("T")))  # type: ignore[call-overload]
        await session.exec(delete(RacePrize))  # type: ignore[call-overload]
        await session.exec(delete(RaceEntry))  # type: ignore[call-overload]
        await session.exec(delete(Race).where(col(Race.code).startswith("T")))  # type: ignore[call-overload]


async def _view(brand: Brand, member: Member, mission_id: int, now: datetime | None = None):  # type: ignore[no-untyped-def]
    found = await missions.summary(brand, member.id or 0, "PT", now or utcnow())
    return next(v for v in found.missions if v.id == mission_id)


async def _cash(member: Member) -> Decimal:
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=CURRENCY
        )
    return wallet.cash


async def _rewards(member: Member) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LedgerTransaction)
                .where(col(LedgerTransaction.idempotency_key).startswith("mission:"))
                .where(LedgerTransaction.member_id == member.id)
            )
        ).one()


pytestmark = pytest.mark.usefixtures("own_missions")


async def test_rounds_count_per_category_and_the_reward_is_claimed_once(br1: Brand) -> None:
    member = await make_member()
    mission_id = await _mission(br1, MissionKind.BET_COUNT, 3, category="RNG")
    await _bet(member, "1.00")
    await _bet(member, "1.00", category="LIVE")  # another category: not counted
    await _bet(member, "1.00")
    await missions.catch_up(utcnow())
    view = await _view(br1, member, mission_id)
    assert (view.progress, view.status, view.title) == (2, "progress", "Uma missão de teste")
    with pytest.raises(AppError) as caught:
        await missions.claim(br1, member.id or 0, mission_id, "PT", utcnow())
    assert caught.value.code == "mission-not-complete"
    assert await missions.claimable_count(member.id or 0, utcnow()) == 0

    await _bet(member, "1.00")
    await _bet(member, "1.00")  # past the target: capped
    await missions.catch_up(utcnow())
    view = await _view(br1, member, mission_id)
    assert (view.progress, view.status, view.percent) == (3, "claimable", 100)
    assert await missions.claimable_count(member.id or 0, utcnow()) == 1

    claimed = await missions.claim(br1, member.id or 0, mission_id, "PT", utcnow())
    again = await missions.claim(br1, member.id or 0, mission_id, "PT", utcnow())
    assert claimed.status == again.status == "claimed"
    assert await _cash(member) == D("2.50")
    assert await _rewards(member) == 1
    assert await missions.claimable_count(member.id or 0, utcnow()) == 0


async def test_a_multiplier_mission_counts_rounds_that_reach_it_in_its_game(br1: Brand) -> None:
    member = await make_member()
    mission_id = await _mission(
        br1, MissionKind.MULTIPLIER, 1, game_code="BGS_LIMBO", min_multiplier=D("5")
    )
    await _bet(member, "2.00", win="9.98", game="BGS_LIMBO")  # 4.99x
    await _bet(member, "2.00", win="50.00", game="OTHER")  # another game
    await missions.catch_up(utcnow())
    assert (await _view(br1, member, mission_id)).progress == 0
    await _bet(member, "2.00", win="10.00", game="BGS_LIMBO")  # 5x
    await missions.catch_up(utcnow())
    assert (await _view(br1, member, mission_id)).status == "claimable"


async def _paid_deposit(
    member: Member, paid_at: datetime, status: str = DepositStatus.PAID
) -> None:
    async with write_transaction() as session:
        session.add(
            DepositOrder(
                order_no=f"D{uuid4().hex[:20]}",
                merchant_id=member.merchant_id,
                member_id=member.id or 0,
                channel_code="PIX",
                provider="sandbox",
                currency=CURRENCY,
                amount=D("20.00"),
                fee=D("0.00"),
                credited_amount=D("20.00"),
                status=status,
                paid_at=paid_at if status == DepositStatus.PAID else None,
            )
        )


async def test_a_deposit_mission_counts_paid_deposits_of_the_period() -> None:
    br2 = await brands.by_code("BR2")  # no jurisdiction: deposit missions are offered
    member = await make_member("BR2")
    mission_id = await _mission(br2, MissionKind.DEPOSIT_COUNT, 1, reward="3.00")
    now = utcnow()
    start, _ = period_bounds(br2.timezone, MissionPeriod.DAILY, now)
    await _paid_deposit(member, start - timedelta(minutes=1))  # yesterday, there
    await _paid_deposit(member, now, DepositStatus.PENDING)
    assert (await _view(br2, member, mission_id, now)).progress == 0
    with pytest.raises(AppError):
        await missions.claim(br2, member.id or 0, mission_id, "EN", now)
    await _paid_deposit(member, now)
    assert (await _view(br2, member, mission_id, now)).status == "claimable"
    await missions.claim(br2, member.id or 0, mission_id, "EN", now)
    assert await _cash(member) == D("3.00")


async def test_brazil_neither_lists_nor_pays_a_mission_for_a_deposit(br1: Brand) -> None:
    """A reward for a deposit comes before any bet: a pre-bet bonus (Lei 14.790 art. 29 I)."""
    member = await make_member()
    deposit_id = await _mission(br1, MissionKind.DEPOSIT_COUNT, 1, reward="3.00")
    await _paid_deposit(member, utcnow())

    listed = await missions.summary(br1, member.id or 0, "PT", utcnow())
    assert deposit_id not in {view.id for view in listed.missions}
    with pytest.raises(AppError) as refused:
        await missions.claim(br1, member.id or 0, deposit_id, "PT", utcnow())
    assert refused.value.code == "mission-not-found"
    assert await _cash(member) == 0


async def test_periods_close_at_the_brands_midnight_and_monday(br1: Brand) -> None:
    assert br1.timezone == "America/Sao_Paulo"  # UTC-3, no summer time
    tuesday = datetime(2026, 11, 24, 2, 30, tzinfo=UTC)  # Monday 23:30 in São Paulo
    day, day_end = period_bounds(br1.timezone, "DAILY", tuesday)
    assert (day, day_end) == (
        datetime(2026, 11, 23, 3, tzinfo=UTC),
        datetime(2026, 11, 24, 3, tzinfo=UTC),
    )
    week, week_end = period_bounds(br1.timezone, "WEEKLY", tuesday)
    assert (week, week_end) == (
        datetime(2026, 11, 23, 3, tzinfo=UTC),
        datetime(2026, 11, 30, 3, tzinfo=UTC),
    )
    sunday_late = datetime(2026, 11, 23, 2, 59, tzinfo=UTC)  # Sunday 23:59 there
    assert period_bounds(br1.timezone, "WEEKLY", sunday_late)[1] == week


async def test_unclaimed_progress_resets_the_next_local_day(br1: Brand) -> None:
    member = await make_member()
    mission_id = await _mission(br1, MissionKind.BET_COUNT, 2)
    _, end = period_bounds(br1.timezone, MissionPeriod.DAILY, utcnow())
    await _bet(member, "1.00", at=end - timedelta(minutes=1))  # the day's last minute there
    await _bet(member, "1.00", at=end - timedelta(seconds=30))
    await _bet(member, "1.00", at=end + timedelta(minutes=1))  # the next day
    await missions.catch_up(utcnow())
    assert (await _view(br1, member, mission_id, end - timedelta(seconds=1))).status == (
        "claimable"
    )
    nextday = await _view(br1, member, mission_id, end + timedelta(minutes=2))
    assert (nextday.progress, nextday.status) == (1, "progress")
    with pytest.raises(AppError):
        await missions.claim(br1, member.id or 0, mission_id, "PT", end + timedelta(minutes=2))
    assert await _cash(member) == 0


@pytest.mark.engines
async def test_concurrent_claims_pay_once(br1: Brand) -> None:
    br2 = await brands.by_code("BR2")  # a deposit mission's row is made by its first claim
    member = await make_member("BR2")
    mission_id = await _mission(br2, MissionKind.BET_COUNT, 1, reward="4.00")
    deposit_id = await _mission(br2, MissionKind.DEPOSIT_COUNT, 1, reward="1.00")
    await _bet(member, "1.00")
    await _paid_deposit(member, utcnow())
    await missions.catch_up(utcnow())
    results = await asyncio.gather(
        *[
            missions.claim(br2, member.id or 0, target, "PT", utcnow())
            for target in (mission_id, deposit_id) * 4
        ],
        return_exceptions=True,
    )
    assert all(not isinstance(r, BaseException) for r in results), results
    assert await _rewards(member) == 2
    assert await _cash(member) == D("5.00")


async def test_a_member_under_a_block_is_neither_paid_nor_told(br1: Brand) -> None:
    member = await make_member()
    mission_id = await _mission(br1, MissionKind.BET_COUNT, 1)
    await _bet(member, "1.00")
    await missions.catch_up(utcnow())
    assert await missions.claimable_count(member.id or 0, utcnow()) == 1
    await exclusion.exclude(member, "COOLING_OFF", "2", utcnow())
    assert await missions.claimable_count(member.id or 0, utcnow()) == 0
    found = await missions.summary(br1, member.id or 0, "PT", utcnow())
    assert found.claimable == 0
    assert next(v for v in found.missions if v.id == mission_id).status == "progress"
    with pytest.raises(AppError) as caught:
        await missions.claim(br1, member.id or 0, mission_id, "PT", utcnow())
    assert caught.value.code == "mission-unavailable"
    assert await _cash(member) == 0


async def _race(brand: Brand, metric: RaceMetric, prizes: list[str], **fields: object) -> str:
    code = f"T{uuid4().hex[:10]}"
    async with write_transaction() as session:
        session.add(
            Race(
                merchant_id=brand.id,
                code=code,
                titles={"EN": "Test race", "PT": "Corrida de teste"},
                period=str(fields.pop("period", MissionPeriod.DAILY.value)),
                metric=metric.value,
                prizes=prizes,
                **fields,  # type: ignore[arg-type]
            )
        )
    return code


async def test_a_turnover_race_ranks_with_masked_names_and_first_reach_ties(br1: Brand) -> None:
    code = await _race(br1, RaceMetric.TURNOVER, ["10.00", "5.00"])
    first = await make_member(username=f"joana{uuid4().hex[:4]}12")
    second = await make_member()
    third = await make_member()
    now = utcnow()
    await _bet(first, "30.00", at=now - timedelta(seconds=30))
    await _bet(second, "20.00", at=now - timedelta(seconds=20))
    await _bet(third, "15.00", at=now - timedelta(seconds=10))
    await _bet(third, "5.00", at=now - timedelta(seconds=5))  # 20.00, reached after second
    await missions.catch_up(now)
    board = await races.board(br1, third.id, "PT", now, code=code)
    assert [(r.place, r.score, r.prize) for r in board.rows] == [
        (1, D("30.00"), D("10.00")),
        (2, D("20.00"), D("5.00")),
        (3, D("20.00"), D("0.00")),
    ]
    assert board.rows[0].name == "jo***12"
    assert board.rows[0].name != first.username
    assert [r.mine for r in board.rows] == [False, False, True]
    assert (board.my_place, board.my_score, board.title) == (3, D("20.00"), "Corrida de teste")
    mine = await races.board(br1, second.id, "EN", now, code=code)
    assert mine.my_place == 2


async def test_a_multiplier_race_keeps_the_best_round_above_the_minimum_bet(br1: Brand) -> None:
    code = await _race(br1, RaceMetric.MULTIPLIER, ["5.00"], min_bet=D("1.00"))
    member = await make_member()
    await _bet(member, "0.50", win="50.00")  # 100x under the minimum bet
    await _bet(member, "2.00", win="7.00")  # 3.5x
    await _bet(member, "2.00", win="4.00")  # 2x: not better
    await missions.catch_up(utcnow())
    board = await races.board(br1, member.id, "PT", utcnow(), code=code)
    assert (board.my_place, board.my_score) == (1, D("3.50"))


@pytest.fixture
async def other_races_off(br1: Brand) -> AsyncIterator[None]:
    """The brand's races switched off for a test, then back as they were: another race whose
    period ends with the test's (the demo's weekly race, on a Sunday) would pay its members."""
    async with write_transaction() as session:
        enabled = (
            await session.exec(
                select(Race.id).where(Race.merchant_id == br1.id, col(Race.enabled).is_(True))
            )
        ).all()
        await session.exec(update(Race).where(col(Race.id).in_(enabled)).values(enabled=False))
    yield
    async with write_transaction() as session:
        await session.exec(update(Race).where(col(Race.id).in_(enabled)).values(enabled=True))


@pytest.mark.usefixtures("other_races_off")
@pytest.mark.engines
async def test_prizes_are_paid_once_at_the_period_close_and_skip_blocked_members(
    br1: Brand,
) -> None:
    code = await _race(br1, RaceMetric.TURNOVER, ["10.00", "5.00"])
    now = utcnow()
    start, end = period_bounds(br1.timezone, MissionPeriod.DAILY, now)
    after = end + races.CLOSE_GRACE + timedelta(seconds=1)
    leader, blocked, runner = await make_member(), await make_member(), await make_member()
    await _bet(leader, "50.00")
    await _bet(blocked, "40.00")
    await _bet(runner, "30.00")
    await missions.catch_up(now)
    await exclusion.exclude(blocked, "COOLING_OFF", "2", now)
    await races.close_due(now)  # the period is still running: nothing is paid
    assert await _cash(leader) == 0
    await asyncio.gather(races.close_due(after), races.close_due(after))
    await races.close_due(after)
    assert (await _cash(leader), await _cash(blocked), await _cash(runner)) == (
        D("10.00"),
        D("0.00"),
        D("5.00"),
    )
    async with session_scope() as session:
        race = (await session.exec(select(Race).where(Race.code == code))).one()
        prizes = (await session.exec(select(RacePrize).where(RacePrize.race_id == race.id))).all()
    assert sorted((p.place, p.member_id, p.period_start) for p in prizes) == [
        (1, leader.id, start),
        (2, runner.id, start),
    ]
    shown = await races.last_prizes(br1)
    assert shown[0].name == races.shown_name(leader)


async def test_the_consumer_catches_up_after_being_down_and_counts_each_fact_once(
    br1: Brand, monkeypatch: pytest.MonkeyPatch
) -> None:
    member = await make_member()
    mission_id = await _mission(br1, MissionKind.BET_COUNT, 50)
    for _ in range(3):
        await _bet(member, "1.00")
    assert await missions.process(utcnow(), batch_size=2) == 2  # then the job stops

    # A run that dies half-way (after counting the missions) stores nothing.
    async def broken(*_: object) -> None:
        raise RuntimeError("the process was killed")

    monkeypatch.setattr(races, "count_in", broken)
    for _ in range(4):
        await _bet(member, "1.00")
    with pytest.raises(RuntimeError):
        await missions.catch_up(utcnow())
    assert (await _view(br1, member, mission_id)).progress == 2
    monkeypatch.undo()

    assert await missions.catch_up(utcnow()) >= 5
    assert (await _view(br1, member, mission_id)).progress == 7
    assert await missions.catch_up(utcnow()) == 0
    assert (await _view(br1, member, mission_id)).progress == 7


@pytest.mark.engines
async def test_a_points_reward_credits_points_once_and_no_cash(br1: Brand) -> None:
    member = await make_member()
    mission_id = await _mission(br1, MissionKind.BET_COUNT, 1, reward_kind="POINTS")
    await _bet(member, "1.00")
    await missions.catch_up(utcnow())
    claims = await asyncio.gather(
        *(missions.claim(br1, member.id or 0, mission_id, "PT", utcnow()) for _ in range(3)),
        return_exceptions=True,
    )
    assert any(not isinstance(c, BaseException) for c in claims)
    view = await _view(br1, member, mission_id)
    assert view.status == "claimed" and view.reward_kind.value == "POINTS"
    async with session_scope() as session:
        held = await points.balance_in(session, br1.id, member.id or 0)
    assert held == view.reward_amount
    assert await _cash(member) == 0
