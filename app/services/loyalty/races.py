"""Races: a brand's leaderboards over a day or week, by turnover (the sum of valid bets) or
by the best multiplier (win / bet of one round), with prizes by place.

Scores come from the missions' wager-fact consumer (`count_in`, in its transaction: a fact
counts once). Turnover counts every fact's valid bet, voids and corrections included (they
carry differences), so a refunded round leaves the score; a multiplier counts SETTLED rounds
with a bet of at least the race's `min_bet`. Each entry keeps when its score was reached:
ties go to whoever reached it first, then to the lower member id (deterministic).

Names on the board are masked ("jo***12"). A period closes in the brand's time zone; the
race-prizes job (`close_due`) ranks it once it has ended (and the consumer has caught up) and
pays each place through the ledger, keyed by (race, period, place), with a row per prize
(unique on the same): a period is paid once however often the job runs. Members under a
responsible-gambling block are left out of the paid ranking (the next member moves up) and
are not told.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from sqlalchemy import ColumnElement, and_, func, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import Select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.text import mask_customer_name
from app.services import wallet_events
from app.services.brands import Brand, brands
from app.services.loyalty.rewards import (
    pay_reward,
    period_bounds,
    period_key,
    scheduled_at,
    title_of,
)
from app.services.protection.limits import excluded
from app.services.wager_facts import StoredFact
from models.base import saved_id
from models.facts import FactKind
from models.loyalty_missions import MissionPeriod, Race, RaceEntry, RaceMetric, RacePrize
from models.member import Member
from models.protection import MemberProtection

logger = logging.getLogger(__name__)
CENT = Decimal("0.01")
ZERO = Decimal("0.00")
BOARD_LIMIT = 20
# A period is ranked this long after its end, so facts of rounds settled at its last moment
# have reached the consumer (on PostgreSQL a fact waits for older transactions to end).
CLOSE_GRACE = timedelta(minutes=2)
# How many ended periods of each race the job looks back at (after a long downtime).
LOOKBACK_PERIODS = 8


def _bounds(zone: str, period: str, at: datetime) -> tuple[datetime, datetime]:
    return period_bounds(zone, period, at)


# ---- scores from facts ----------------------------------------------------------------------


def multiplier(fact: StoredFact) -> Decimal:
    return (fact.win / fact.bet).quantize(CENT, rounding=ROUND_DOWN) if fact.bet > 0 else ZERO


def score_of(race: Race, fact: StoredFact) -> Decimal | None:
    """What a fact brings to a race: turnover's valid bet (a difference for voids and
    corrections), a multiplier's value; None when it does not count."""
    if race.category and race.category != fact.category:
        return None
    if RaceMetric(race.metric) is RaceMetric.TURNOVER:
        return fact.valid_bet or None
    if fact.kind != FactKind.SETTLED or fact.bet <= 0 or fact.bet < Decimal(race.min_bet):
        return None
    return multiplier(fact)


async def _races_of(session: AsyncSession, brand_ids: set[int]) -> dict[int, list[Race]]:
    rows = (
        await session.exec(
            select(Race).where(
                col(Race.merchant_id).in_(sorted(brand_ids)), col(Race.enabled).is_(True)
            )
        )
    ).all()
    found: dict[int, list[Race]] = {}
    for row in rows:
        found.setdefault(row.merchant_id, []).append(row)
    return found


async def count_in(
    session: AsyncSession, facts: Sequence[StoredFact], zones: Mapping[int, str]
) -> None:
    """Move the races' scores by the facts, in the consumer's transaction (building block)."""
    races = await _races_of(session, {fact.brand_id for fact in facts})
    if not races:
        return
    # (race, member, period) -> (score change or best multiplier, when reached)
    moves: dict[tuple[int, int, datetime], tuple[Decimal, datetime]] = {}
    metrics: dict[int, RaceMetric] = {}
    for fact in facts:
        for race in races.get(fact.brand_id, ()):
            value = score_of(race, fact) if scheduled_at(race, fact.settled_at) else None
            if value is None:
                continue
            race_id = saved_id(race.id)
            metrics[race_id] = RaceMetric(race.metric)
            start, _ = _bounds(zones[fact.brand_id], race.period, fact.settled_at)
            key = (race_id, fact.member_id, start)
            before = moves.get(key)
            if metrics[race_id] is RaceMetric.TURNOVER:
                total = value + (before[0] if before else ZERO)
                moves[key] = (total, fact.settled_at)
            elif before is None or value > before[0]:
                moves[key] = (value, fact.settled_at)
    if moves:
        await _apply(session, moves, metrics)


async def _apply(
    session: AsyncSession,
    moves: dict[tuple[int, int, datetime], tuple[Decimal, datetime]],
    metrics: dict[int, RaceMetric],
) -> None:
    rows = (
        await session.exec(
            select(RaceEntry)
            .where(
                col(RaceEntry.race_id).in_(sorted({k[0] for k in moves})),
                col(RaceEntry.member_id).in_(sorted({k[1] for k in moves})),
                col(RaceEntry.period_start).in_(sorted({k[2] for k in moves})),
            )
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).all()
    existing = {(r.race_id, r.member_id, r.period_start): r for r in rows}
    for key, (value, at) in moves.items():
        entry = existing.get(key)
        if entry is None:
            entry = RaceEntry(race_id=key[0], member_id=key[1], period_start=key[2], reached_at=at)
        score = Decimal(entry.score).quantize(CENT)
        if metrics[key[0]] is RaceMetric.TURNOVER:
            entry.score = max(ZERO, score + value)
            entry.reached_at = at
        elif value > score:
            entry.score, entry.reached_at = value, at
        else:
            continue
        session.add(entry)


# ---- the board ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardRow:
    place: int
    name: str  # masked
    score: Decimal
    prize: Decimal
    mine: bool


@dataclass(frozen=True)
class RaceBoard:
    id: int
    code: str
    title: str
    metric: RaceMetric
    period: MissionPeriod
    category: str
    starts_at: datetime
    ends_at: datetime
    prizes: list[Decimal]
    rows: list[BoardRow]
    my_place: int | None  # None: no score yet this period
    my_score: Decimal


def _prizes(race: Race) -> list[Decimal]:
    return [Decimal(str(p)).quantize(CENT) for p in race.prizes]


def _ahead(entry_score: Decimal, reached_at: datetime, member_id: int) -> ColumnElement[bool]:
    """Entries ranked before one of this score, time and member (the tie rule)."""
    return or_(
        col(RaceEntry.score) > entry_score,
        and_(col(RaceEntry.score) == entry_score, col(RaceEntry.reached_at) < reached_at),
        and_(
            col(RaceEntry.score) == entry_score,
            col(RaceEntry.reached_at) == reached_at,
            col(RaceEntry.member_id) < member_id,
        ),
    )


def _ranked(race_id: int, start: datetime) -> Select[RaceEntry, Member]:
    return (
        select(RaceEntry, Member)
        .join(Member, col(Member.id) == RaceEntry.member_id)
        .where(
            RaceEntry.race_id == race_id,
            RaceEntry.period_start == start,
            col(RaceEntry.score) > 0,
        )
        .order_by(col(RaceEntry.score).desc(), col(RaceEntry.reached_at), col(RaceEntry.member_id))
    )


def shown_name(member: Member) -> str:
    return mask_customer_name(member.nickname or member.username)


async def _running(session: AsyncSession, brand: Brand, now: datetime) -> list[Race]:
    """The brand's races within their schedule now, oldest first."""
    statement = select(Race).where(Race.merchant_id == brand.id, col(Race.enabled).is_(True))
    rows = (await session.exec(statement.order_by(col(Race.id)))).all()
    return [row for row in rows if scheduled_at(row, now)]


async def _find(session: AsyncSession, brand: Brand, code: str | None, now: datetime) -> Race:
    race = next(
        (r for r in await _running(session, brand, now) if not code or r.code == code), None
    )
    if race is None:
        raise AppError("race-not-found", 404)
    return race


async def races(brand: Brand) -> list[tuple[str, str]]:
    """The brand's running races: (code, metric)."""
    async with session_scope() as session:
        rows = await _running(session, brand, clock.now())
    return [(row.code, row.metric) for row in rows]


async def board(
    brand: Brand,
    member_id: int | None,
    language: str,
    now: datetime,
    *,
    code: str | None = None,
    limit: int = BOARD_LIMIT,
) -> RaceBoard:
    """A race's board of the current period (the brand's first race without a code): the
    top places with masked names, and the member's own place."""
    if code is not None and (not isinstance(code, str) or not 0 < len(code) <= 32):
        raise AppError("race-not-found", 404)
    if not 1 <= limit <= BOARD_LIMIT:
        raise AppError("race-limit-invalid", 422, {"max": BOARD_LIMIT})
    async with session_scope() as session:
        race = await _find(session, brand, code, now)
        race_id = saved_id(race.id)
        start, end = _bounds(brand.timezone, race.period, now)
        found = (await session.exec(_ranked(race_id, start).limit(limit))).all()
        prizes = _prizes(race)
        rows = [
            BoardRow(
                place=place,
                name=shown_name(member),
                score=Decimal(entry.score).quantize(CENT),
                prize=prizes[place - 1] if place <= len(prizes) else ZERO,
                mine=entry.member_id == member_id,
            )
            for place, (entry, member) in enumerate(found, start=1)
        ]
        my_place, my_score = None, ZERO
        if member_id is not None:
            mine = (
                await session.exec(
                    select(RaceEntry).where(
                        RaceEntry.race_id == race_id,
                        RaceEntry.period_start == start,
                        RaceEntry.member_id == member_id,
                    )
                )
            ).first()
            if mine is not None and mine.score > 0:
                my_score = Decimal(mine.score).quantize(CENT)
                ahead = (
                    await session.exec(
                        select(func.count())
                        .select_from(RaceEntry)
                        .where(
                            RaceEntry.race_id == race_id,
                            RaceEntry.period_start == start,
                            _ahead(my_score, mine.reached_at, member_id),
                        )
                    )
                ).one()
                my_place = int(ahead) + 1
    return RaceBoard(
        id=race_id,
        code=race.code,
        title=title_of(race.titles, language, race.code),
        metric=RaceMetric(race.metric),
        period=MissionPeriod(race.period),
        category=race.category,
        starts_at=start,
        ends_at=end,
        prizes=prizes,
        rows=rows,
        my_place=my_place,
        my_score=my_score,
    )


# ---- closing a period -----------------------------------------------------------------------


async def _close(
    session: AsyncSession, brand: Brand, race: Race, start: datetime, now: datetime
) -> set[int]:
    """Rank an ended period and pay its places (once: the prize rows are unique and the
    ledger keys name the place). Returns the members paid."""
    race_id = saved_id(race.id)
    paid = (
        await session.exec(
            select(func.count())
            .select_from(RacePrize)
            .where(RacePrize.race_id == race_id, RacePrize.period_start == start)
        )
    ).one()
    prizes = _prizes(race)
    if paid or not prizes:
        return set()
    found = (await session.exec(_ranked(race_id, start).limit(len(prizes) * 4 + 20))).all()
    winners: list[tuple[RaceEntry, Member]] = []
    for entry, member in found:
        if len(winners) == len(prizes):
            break
        if excluded(await session.get(MemberProtection, entry.member_id), now):
            continue  # under a block: not paid, not told; the next member moves up
        winners.append((entry, member))
    for place, (entry, member) in enumerate(winners, start=1):
        amount = prizes[place - 1]
        if amount <= 0:
            continue
        transaction_id = await pay_reward(
            session,
            kind=race.reward_kind,
            member=member,
            currency=brand.currency,
            amount=amount,
            key=f"race:{race_id}:{period_key(start)}:{place}",
            reference=f"RACE-{race.code}-{place}",
            metadata={"action": "race-prize", "race": race_id, "place": place},
            now=now,
        )
        session.add(
            RacePrize(
                race_id=race_id,
                period_start=start,
                place=place,
                member_id=entry.member_id,
                score=entry.score,
                amount=amount,
                transaction_id=transaction_id,
                paid_at=now,
            )
        )
    return {entry.member_id for entry, _ in winners}


async def close_due(now: datetime) -> int:
    """Pay the places of every race's ended periods not paid yet (the race-prizes job);
    returns how many periods were paid."""
    closed = 0
    for brand in await brands.all():
        async with session_scope() as session:
            rows = (
                await session.exec(
                    select(Race).where(Race.merchant_id == brand.id, col(Race.enabled).is_(True))
                )
            ).all()
            race_ids = [saved_id(row.id) for row in rows]
        for race_id in race_ids:
            try:
                paid = await _close_race(brand, race_id, now)
            except AppError:
                # One race's prizes that cannot be paid (points not wired) hold no other.
                logger.warning("race %s: its prizes cannot be paid now", race_id, exc_info=True)
                continue
            closed += paid
    return closed


async def _close_race(brand: Brand, race_id: int, now: datetime) -> int:
    """Pay a race's ended periods within the look-back (under the race's row lock)."""
    closed = 0
    async with write_transaction() as session:
        race = await session.get(Race, race_id, with_for_update=True)
        assert race is not None
        current, _ = _bounds(brand.timezone, race.period, now - CLOSE_GRACE)
        starts = []
        at = current
        for _ in range(LOOKBACK_PERIODS):
            at, _ = _bounds(brand.timezone, race.period, at - timedelta(microseconds=1))
            starts.append(at)
        members: set[int] = set()
        for start in reversed(starts):
            paid = await _close(session, brand, race, start, now)
            closed += bool(paid)
            members |= paid
    await wallet_events.balances_changed(members)
    return closed


@dataclass(frozen=True)
class PrizeView:
    race_code: str
    period_start: datetime
    place: int
    name: str
    score: Decimal
    amount: Decimal


async def last_prizes(brand: Brand, *, limit: int = BOARD_LIMIT) -> list[PrizeView]:
    """The latest prizes paid (the winning ranking's race winners), masked."""
    async with session_scope() as session:
        found = (
            await session.exec(
                select(RacePrize, Race, Member)
                .join(Race, col(Race.id) == RacePrize.race_id)
                .join(Member, col(Member.id) == RacePrize.member_id)
                .where(Race.merchant_id == brand.id)
                .order_by(col(RacePrize.period_start).desc(), col(RacePrize.place))
                .limit(limit)
            )
        ).all()
    return [
        PrizeView(
            race_code=race.code,
            period_start=prize.period_start,
            place=prize.place,
            name=shown_name(member),
            score=Decimal(prize.score).quantize(CENT),
            amount=Decimal(prize.amount).quantize(CENT),
        )
        for prize, race, member in found
    ]
