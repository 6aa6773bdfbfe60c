"""Reports over wager facts: turnover, net loss, active members and categories per period.

Every figure comes from app/services/wager_facts.py's facts, never from game tables:
- turnover is the sum of valid bets (a settled round's bet; a void takes it back);
- bet and win are the sums of the facts' bets and wins; net = win - bet is the players'
  result and net loss = bet - win its opposite (positive when the players lost);
- a period is [since, until): `since` inclusive, `until` exclusive (None: no end), aware
  datetimes (UTC in the database); a correction counts in the period it was written in;
- an active member has at least one fact with a valid bet in the period.

A downline is a list of member ids or a SELECT of member ids (the agent tree's own query);
for a list the query reads the member-time index once per member (1,000 members over a month
stay well under 500 ms on 10 million facts, bench/bench_wager_facts.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, Subquery, Table, and_, case, func
from sqlalchemy import select as core_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from models.facts import FactKind, WagerFact

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_MEMBERS = 100_000

_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Totals:
    """The sums of a set of facts."""

    bet: Decimal = ZERO
    valid_bet: Decimal = ZERO
    win: Decimal = ZERO
    facts: int = 0

    @property
    def turnover(self) -> Decimal:
        return self.valid_bet

    @property
    def net(self) -> Decimal:
        """The players' result: win - bet."""
        return self.win - self.bet

    @property
    def net_loss(self) -> Decimal:
        """What the players lost: bet - win (negative when they won)."""
        return self.bet - self.win


@dataclass(frozen=True)
class Period:
    since: datetime
    until: datetime | None


@dataclass(frozen=True)
class DownlineTotals:
    """A group of members' totals, with each member's (members without facts are left out)."""

    total: Totals
    by_member: dict[int, Totals]

    @property
    def active_members(self) -> int:
        return sum(1 for totals in self.by_member.values() if totals.valid_bet > 0)


def period(since: datetime, until: datetime | None = None) -> Period:
    """A checked period (`until` None: up to now and on). A naive or empty one is refused."""
    if not isinstance(since, datetime) or since.tzinfo is None:
        raise AppError("report-invalid-period", 422)
    if until is not None and (
        not isinstance(until, datetime) or until.tzinfo is None or since >= until
    ):
        raise AppError("report-invalid-period", 422)
    return Period(since, until)


def _money(value: Any) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(CENT)


_SUMS = (
    func.coalesce(func.sum(_FACTS.c.bet), 0).label("bet"),
    func.coalesce(func.sum(_FACTS.c.valid_bet), 0).label("valid_bet"),
    func.coalesce(func.sum(_FACTS.c.win), 0).label("win"),
    func.count().label("facts"),
)


def _totals(row: Any) -> Totals:
    return Totals(_money(row.bet), _money(row.valid_bet), _money(row.win), int(row.facts))


def _in(span: Period) -> list[ColumnElement[bool]]:
    conditions = [_FACTS.c.settled_at >= span.since]
    if span.until is not None:
        conditions.append(_FACTS.c.settled_at < span.until)
    return conditions


def _members(members: Sequence[int] | Select[Any]) -> ColumnElement[bool]:
    if isinstance(members, Select):
        return _FACTS.c.member_id.in_(members)
    ids = sorted({int(member) for member in members})
    if len(ids) > MAX_MEMBERS:
        raise AppError("report-too-many-members", 422)
    return _FACTS.c.member_id.in_(ids)


async def _one(session: AsyncSession, *conditions: ColumnElement[bool]) -> Totals:
    connection = await session.connection()
    row = (await connection.execute(core_select(*_SUMS).where(*conditions))).one()
    return _totals(row)


async def member_totals(session: AsyncSession, member_id: int, span: Period) -> Totals:
    """One member's totals over the period."""
    return await _one(session, _FACTS.c.member_id == member_id, *_in(span))


async def turnover(session: AsyncSession, member_id: int, span: Period) -> Decimal:
    """One member's turnover (valid bets) over the period."""
    return (await member_totals(session, member_id, span)).turnover


async def net_loss(session: AsyncSession, member_id: int, span: Period) -> Decimal:
    """What one member lost over the period (bet - win; negative when they won)."""
    return (await member_totals(session, member_id, span)).net_loss


def member_window_query(member_id: int, since: datetime) -> Subquery:
    """One member's sums from `since` on, as a subquery (columns bet, valid_bet, win, facts =
    SETTLED facts) that a caller joins into a statement of its own, to read it in the same
    round trip (player protection's check before a bet)."""
    return (
        core_select(
            func.coalesce(func.sum(_FACTS.c.bet), 0).label("bet"),
            func.coalesce(func.sum(_FACTS.c.valid_bet), 0).label("valid_bet"),
            func.coalesce(func.sum(_FACTS.c.win), 0).label("win"),
            func.coalesce(
                func.sum(case((_FACTS.c.kind == FactKind.SETTLED.value, 1), else_=0)), 0
            ).label("facts"),
        )
        .where(_FACTS.c.member_id == member_id, _FACTS.c.settled_at >= since)
        .subquery()
    )


def window_totals(bet: Any, valid_bet: Any, win: Any, facts: Any) -> Totals:
    """Totals from the columns of `member_window_query`."""
    return Totals(_money(bet), _money(valid_bet), _money(win), int(facts or 0))


async def member_windows(
    session: AsyncSession,
    member_id: int,
    sinces: Sequence[datetime],
    until: datetime | None = None,
) -> tuple[Totals, ...]:
    """One member's totals from each `since` up to `until` (None: now and on), in one read of
    the member-time index (player protection's limits: the day, week and month so far). Here
    `facts` counts the settled rounds (SETTLED facts), not the corrections."""
    if not sinces:
        return ()
    earliest = min(sinces)
    settled = _FACTS.c.kind == FactKind.SETTLED.value
    columns = []
    for index, since in enumerate(sinces):
        inside = _FACTS.c.settled_at >= since
        columns += [
            func.coalesce(func.sum(case((inside, _FACTS.c.bet), else_=0)), 0).label(f"b{index}"),
            func.coalesce(func.sum(case((inside, _FACTS.c.valid_bet), else_=0)), 0).label(
                f"v{index}"
            ),
            func.coalesce(func.sum(case((inside, _FACTS.c.win), else_=0)), 0).label(f"w{index}"),
            func.coalesce(func.sum(case((and_(inside, settled), 1), else_=0)), 0).label(
                f"n{index}"
            ),
        ]
    connection = await session.connection()
    row = (
        await connection.execute(
            core_select(*columns).where(
                _FACTS.c.member_id == member_id,
                _FACTS.c.settled_at >= earliest,
                *([] if until is None else [_FACTS.c.settled_at < until]),
            )
        )
    ).one()
    return tuple(
        Totals(
            _money(row[4 * i]), _money(row[4 * i + 1]), _money(row[4 * i + 2]), int(row[4 * i + 3])
        )
        for i in range(len(sinces))
    )


async def downline_totals(
    session: AsyncSession, members: Sequence[int] | Select[Any], span: Period
) -> DownlineTotals:
    """A downline's totals over the period, and each member's."""
    connection = await session.connection()
    rows = (
        await connection.execute(
            core_select(_FACTS.c.member_id, *_SUMS)
            .where(_members(members), *_in(span))
            .group_by(_FACTS.c.member_id)
        )
    ).all()
    by_member = {int(row.member_id): _totals(row) for row in rows}
    total = Totals(
        bet=sum((t.bet for t in by_member.values()), ZERO),
        valid_bet=sum((t.valid_bet for t in by_member.values()), ZERO),
        win=sum((t.win for t in by_member.values()), ZERO),
        facts=sum(t.facts for t in by_member.values()),
    )
    return DownlineTotals(total, by_member)


async def downline_turnover(
    session: AsyncSession, members: Sequence[int] | Select[Any], span: Period
) -> Decimal:
    """A downline's turnover over the period, summed in the database."""
    return (await _one(session, _members(members), *_in(span))).turnover


async def brand_totals(session: AsyncSession, brand_id: int, span: Period) -> Totals:
    """A brand's totals over the period."""
    return await _one(session, _FACTS.c.brand_id == brand_id, *_in(span))


async def active_members(
    session: AsyncSession,
    span: Period,
    *,
    brand_id: int | None = None,
    members: Sequence[int] | Select[Any] | None = None,
) -> int:
    """How many members (of the brand, or of the given ones) have a valid bet in the period."""
    if (brand_id is None) == (members is None):
        raise AppError("report-invalid-scope", 422)
    scope = _FACTS.c.brand_id == brand_id if members is None else _members(members)
    connection = await session.connection()
    per_member = (
        core_select(_FACTS.c.member_id)
        .where(scope, *_in(span))
        .group_by(_FACTS.c.member_id)
        .having(func.sum(_FACTS.c.valid_bet) > 0)
        .subquery()
    )
    count = (await connection.execute(core_select(func.count()).select_from(per_member))).scalar()
    return int(count or 0)


async def by_category(
    session: AsyncSession,
    span: Period,
    *,
    brand_id: int | None = None,
    members: Sequence[int] | Select[Any] | None = None,
) -> dict[str, Totals]:
    """Totals per category (LIVE, RNG, SPORTS, ...) of the brand, or of the given members."""
    if (brand_id is None) == (members is None):
        raise AppError("report-invalid-scope", 422)
    scope = _FACTS.c.brand_id == brand_id if members is None else _members(members)
    connection = await session.connection()
    rows = (
        await connection.execute(
            core_select(_FACTS.c.category, *_SUMS)
            .where(scope, *_in(span))
            .group_by(_FACTS.c.category)
            .order_by(_FACTS.c.category)
        )
    ).all()
    return {str(row.category): _totals(row) for row in rows}


def add(first: Totals, second: Totals) -> Totals:
    return Totals(
        first.bet + second.bet,
        first.valid_bet + second.valid_bet,
        first.win + second.win,
        first.facts + second.facts,
    )
