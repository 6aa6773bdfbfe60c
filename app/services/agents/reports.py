"""The agent's team reports (spec 2): team bets (personalHistoryCopy for the team), team
transactions (agentDownlineTransactionDetailsCopy), profit-and-loss statements per downline
member (palStatementsAgentCopy) and the revenue report per day (agentRevenueReport).

Bets and P&L come from the wager facts, transactions from the ledger, pay from the agent's
payout rows; never from game tables. Every query is scoped by the closure tree to the
agent's own downline (`tree.descendants`); names are whole for the agent's direct downline
and masked further down (`contracts.shown`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, Generic, Protocol, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Table, func, select

from app.core.csv_text import csv_text
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.agents import payouts, periods, tree
from app.services.agents.contracts import require_programme, shown
from app.services.agents.team import require_agent
from app.services.brands import Brand
from models import Member
from models.agents import AgentPayout, ContractKind
from models.base import saved_id
from models.facts import WagerFact
from models.ledger import AccountKind, LedgerAccount, LedgerEntry, LedgerTransaction

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_PAGE = 100
MAX_RANGE = timedelta(days=92)
MAX_REVENUE_DAYS = 31
EXPORT_ROWS = 10_000  # the most rows one CSV carries
# The ledger kinds the team transactions page filters by (the spec's transaction types).
TRANSACTION_KINDS = (
    "DEPOSIT",
    "WITHDRAWAL",
    "TRANSFER",
    "BONUS",
    "REBATE",
    "SALARY",
    "DIVIDEND",
    "ADJUSTMENT",
)
_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]
_MEMBERS: Table = Member.__table__  # type: ignore[attr-defined]
_ENTRIES: Table = LedgerEntry.__table__  # type: ignore[attr-defined]
_TRANSACTIONS: Table = LedgerTransaction.__table__  # type: ignore[attr-defined]
_ACCOUNTS: Table = LedgerAccount.__table__  # type: ignore[attr-defined]
Row = TypeVar("Row")
Shown = TypeVar("Shown", covariant=True)
_PAYOUTS: Table = AgentPayout.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Sums:
    bet: Decimal = ZERO
    valid_bet: Decimal = ZERO
    win: Decimal = ZERO
    count: int = 0

    @property
    def net(self) -> Decimal:
        """The players' result: win - bet (negative: the team lost)."""
        return self.win - self.bet


@dataclass(frozen=True)
class BetRow:
    id: int
    member: str  # by name for the direct downline, masked below it
    game: str
    category: str
    bet: Decimal
    valid_bet: Decimal
    win: Decimal
    settled_at: datetime


@dataclass(frozen=True)
class TransactionRow:
    id: int
    member: str
    kind: str
    amount: Decimal
    balance_after: Decimal
    created_at: datetime


@dataclass(frozen=True)
class StatementRow:
    member_id: int
    member: str  # by name for the direct downline, masked below it
    level: int
    sums: Sums


@dataclass(frozen=True)
class DayRow:
    day: datetime  # the day's local midnight
    sums: Sums
    active: int
    pay: Decimal  # the agent's own pay for periods starting that day


@dataclass(frozen=True)
class Report(Generic[Row]):
    rows: list[Row]
    total_rows: int
    totals: Sums


def window(since: datetime, until: datetime, longest: timedelta = MAX_RANGE) -> None:
    """A report's date range: aware, non-empty and not longer than the page allows."""
    if since.tzinfo is None or until.tzinfo is None or since >= until:
        raise AppError("report-invalid-period", 422)
    if until - since > longest:
        raise AppError("agent-report-range-too-long", 422, params={"days": longest.days})


def _money(value: Any) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(CENT)


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


_SUMS = (
    func.coalesce(func.sum(_FACTS.c.bet), 0).label("bet"),
    func.coalesce(func.sum(_FACTS.c.valid_bet), 0).label("valid_bet"),
    func.coalesce(func.sum(_FACTS.c.win), 0).label("win"),
    func.count(_FACTS.c.id).label("facts"),
)


def _sums(row: Any) -> Sums:
    return Sums(_money(row.bet), _money(row.valid_bet), _money(row.win), int(row.facts))


def _page(page: int, size: int) -> tuple[int, int]:
    size = max(1, min(int(size), MAX_PAGE))
    return (max(1, int(page)) - 1) * size, size


def _fact_scope(agent_id: int, since: datetime, until: datetime) -> list[ColumnElement[bool]]:
    return [
        _FACTS.c.member_id.in_(tree.descendants(agent_id)),
        _FACTS.c.settled_at >= since,
        _FACTS.c.settled_at < until,
    ]


def _depth_of(member_id: ColumnElement[Any], agent_id: int) -> tuple[Table, ColumnElement[bool]]:
    """The join giving each row's member its depth under the agent (1: its direct
    downline, whom it sees by name)."""
    links = tree._TREE
    return links, (links.c.descendant_id == member_id) & (links.c.ancestor_id == agent_id)


async def team_bets(
    agent: Member,
    since: datetime,
    until: datetime,
    *,
    category: str = "",
    page: int = 1,
    size: int = 20,
) -> Report[BetRow]:
    """The downline's settled bets (wager facts), newest first, with the range's totals."""
    require_agent(agent)
    window(since, until)
    conditions = _fact_scope(saved_id(agent.id), since, until)
    if category:
        conditions.append(_FACTS.c.category == category[:16].upper())
    offset, limit = _page(page, size)
    joined = _FACTS.join(_MEMBERS, _MEMBERS.c.id == _FACTS.c.member_id).join(
        *_depth_of(_FACTS.c.member_id, saved_id(agent.id))
    )
    async with session_scope() as session:
        connection = await session.connection()
        totals = (await connection.execute(select(*_SUMS).where(*conditions))).one()
        rows = (
            await connection.execute(
                select(
                    _FACTS.c.id,
                    _MEMBERS.c.username,
                    tree._TREE.c.depth,
                    _FACTS.c.game_code,
                    _FACTS.c.category,
                    _FACTS.c.bet,
                    _FACTS.c.valid_bet,
                    _FACTS.c.win,
                    _FACTS.c.settled_at,
                )
                .select_from(joined)
                .where(*conditions)
                .order_by(_FACTS.c.settled_at.desc(), _FACTS.c.id.desc())
                .offset(offset)
                .limit(limit)
            )
        ).all()
    return Report(
        [
            BetRow(
                int(row.id),
                shown(row.username, int(row.depth)),
                str(row.game_code),
                str(row.category),
                _money(row.bet),
                _money(row.valid_bet),
                _money(row.win),
                _aware(row.settled_at),
            )
            for row in rows
        ],
        int(totals.facts),
        _sums(totals),
    )


async def team_transactions(
    agent: Member,
    since: datetime,
    until: datetime,
    *,
    kind: str = "",
    page: int = 1,
    size: int = 20,
) -> Report[TransactionRow]:
    """The downline's cash movements from the ledger, newest first; `kind` filters by type.
    The totals' `bet` holds the money in, `win` the money out (the page shows them so)."""
    require_agent(agent)
    window(since, until)
    if kind and kind not in TRANSACTION_KINDS:
        raise AppError("agent-report-invalid-filter", 422)
    conditions: list[ColumnElement[bool]] = [
        _ACCOUNTS.c.member_id.in_(tree.descendants(saved_id(agent.id))),
        _ACCOUNTS.c.kind == AccountKind.MEMBER_CASH.value,
        _ENTRIES.c.created_at >= since,
        _ENTRIES.c.created_at < until,
    ]
    if kind:
        conditions.append(_TRANSACTIONS.c.kind == kind)
    else:
        conditions.append(_TRANSACTIONS.c.kind.in_(TRANSACTION_KINDS))
    offset, limit = _page(page, size)
    joined = (
        _ENTRIES.join(_ACCOUNTS, _ACCOUNTS.c.id == _ENTRIES.c.account_id)
        .join(_TRANSACTIONS, _TRANSACTIONS.c.id == _ENTRIES.c.transaction_id)
        .join(_MEMBERS, _MEMBERS.c.id == _ACCOUNTS.c.member_id)
        .join(*_depth_of(_ACCOUNTS.c.member_id, saved_id(agent.id)))
    )
    positive = func.sum(func.abs(_ENTRIES.c.amount) + _ENTRIES.c.amount) / 2
    negative = func.sum(func.abs(_ENTRIES.c.amount) - _ENTRIES.c.amount) / 2
    async with session_scope() as session:
        connection = await session.connection()
        totals = (
            await connection.execute(
                select(func.count(), positive, negative).select_from(joined).where(*conditions)
            )
        ).one()
        rows = (
            await connection.execute(
                select(
                    _ENTRIES.c.id,
                    _MEMBERS.c.username,
                    tree._TREE.c.depth,
                    _TRANSACTIONS.c.kind,
                    _ENTRIES.c.amount,
                    _ENTRIES.c.balance_after,
                    _ENTRIES.c.created_at,
                )
                .select_from(joined)
                .where(*conditions)
                .order_by(_ENTRIES.c.id.desc())
                .offset(offset)
                .limit(limit)
            )
        ).all()
    return Report(
        [
            TransactionRow(
                int(row.id),
                shown(row.username, int(row.depth)),
                str(row.kind),
                _money(row.amount),
                _money(row.balance_after),
                _aware(row.created_at),
            )
            for row in rows
        ],
        int(totals[0]),
        Sums(bet=_money(totals[1]), win=_money(totals[2]), count=int(totals[0])),
    )


async def statements(
    agent: Member,
    since: datetime,
    until: datetime,
    *,
    page: int = 1,
    size: int = 20,
) -> Report[StatementRow]:
    """Profit and loss per downline member over the range (members with bets only), the
    biggest turnover first, with the team's totals."""
    require_agent(agent)
    window(since, until)
    agent_id = saved_id(agent.id)
    conditions = _fact_scope(agent_id, since, until)
    offset, limit = _page(page, size)
    tree_table = tree._TREE
    async with session_scope() as session:
        connection = await session.connection()
        totals = (await connection.execute(select(*_SUMS).where(*conditions))).one()
        members = (
            await connection.execute(
                select(func.count(func.distinct(_FACTS.c.member_id))).where(*conditions)
            )
        ).scalar_one()
        grouped = (
            select(_FACTS.c.member_id, *_SUMS)
            .where(*conditions)
            .group_by(_FACTS.c.member_id)
            .subquery()
        )
        rows = (
            await connection.execute(
                select(grouped, _MEMBERS.c.username, tree_table.c.depth)
                .select_from(
                    grouped.join(_MEMBERS, _MEMBERS.c.id == grouped.c.member_id).join(
                        tree_table,
                        (tree_table.c.descendant_id == grouped.c.member_id)
                        & (tree_table.c.ancestor_id == agent_id),
                    )
                )
                .order_by(grouped.c.valid_bet.desc(), grouped.c.member_id)
                .offset(offset)
                .limit(limit)
            )
        ).all()
    return Report(
        [
            StatementRow(
                int(row.member_id), shown(row.username, int(row.depth)), int(row.depth), _sums(row)
            )
            for row in rows
        ],
        int(members),
        _sums(totals),
    )


async def revenue(brand: Brand, agent: Member, since: datetime, until: datetime) -> list[DayRow]:
    """The team's figures day by day (the brand's days), oldest first: turnover, the team's
    result, active members and the agent's own pay for the day."""
    require_agent(agent)
    require_programme(brand)
    window(since, until, timedelta(days=MAX_REVENUE_DAYS))
    agent_id = saved_id(agent.id)
    days: list[tuple[datetime, datetime]] = []
    start, end = periods.bounds("D", since, brand.timezone)
    while start < until:
        days.append((start, end))
        start, end = periods.bounds("D", end, brand.timezone)
    found: list[DayRow] = []
    async with session_scope() as session:
        connection = await session.connection()
        for day_start, day_end in days:
            conditions = _fact_scope(agent_id, day_start, day_end)
            sums = (await connection.execute(select(*_SUMS).where(*conditions))).one()
            active = (
                await connection.execute(
                    select(func.count(func.distinct(_FACTS.c.member_id))).where(
                        *conditions, _FACTS.c.valid_bet > 0
                    )
                )
            ).scalar_one()
            pay = (
                await connection.execute(
                    select(func.coalesce(func.sum(_PAYOUTS.c.amount), 0)).where(
                        _PAYOUTS.c.agent_id == agent_id,
                        _PAYOUTS.c.period_start >= day_start,
                        _PAYOUTS.c.period_start < day_end,
                    )
                )
            ).scalar_one()
            found.append(DayRow(day_start, _sums(sums), int(active), _money(pay)))
    return found


# The CSV exports: each reads its report through the same call (and so the same checks and
# downline scope) as the page, every page of it; columns in stable English snake_case like the
# console's reports, amounts as plain decimals, times ISO 8601.
REVENUE_COLUMNS = ("day", "turnover", "bet", "revenue", "active_members", "pay")
STATEMENT_COLUMNS = ("member", "level", "bet", "turnover", "win", "net")
TRANSACTION_COLUMNS = ("time", "member", "kind", "amount", "balance_after")
BET_COLUMNS = ("time", "member", "game", "category", "bet", "turnover", "win")
PAY_COLUMNS = ("period_start", "period_end", "base", "rate", "active_members", "amount")


def _csv(columns: tuple[str, ...], rows: Iterable[Iterable[Any]]) -> str:
    return csv_text(columns, rows)  # the one writer, with its formula guard


class _Paged(Protocol[Shown]):
    @property
    def rows(self) -> Sequence[Shown]: ...
    @property
    def total_rows(self) -> int: ...


async def _every_row(read: Callable[[int], Awaitable[_Paged[Shown]]]) -> list[Shown]:
    """Every row of a paged report, page after page (up to EXPORT_ROWS)."""
    rows: list[Shown] = []
    page = 1
    while len(rows) < EXPORT_ROWS:
        found = await read(page)
        rows.extend(found.rows)
        if not found.rows or len(rows) >= found.total_rows:
            break
        page += 1
    return rows[:EXPORT_ROWS]


async def revenue_csv(brand: Brand, agent: Member, since: datetime, until: datetime) -> str:
    """The revenue report as its page lists it: the newest day first, each the brand's date."""
    zone = ZoneInfo(brand.timezone)
    found = await revenue(brand, agent, since, until)
    return _csv(
        REVENUE_COLUMNS,
        (
            [row.day.astimezone(zone).date().isoformat(), row.sums.valid_bet, row.sums.bet,
             -row.sums.net, row.active, row.pay]
            for row in reversed(found)
        ),
    )  # fmt: skip


async def statements_csv(agent: Member, since: datetime, until: datetime) -> str:
    rows = await _every_row(lambda page: statements(agent, since, until, page=page, size=MAX_PAGE))
    return _csv(
        STATEMENT_COLUMNS,
        (
            [row.member, row.level, row.sums.bet, row.sums.valid_bet, row.sums.win, row.sums.net]
            for row in rows
        ),
    )


async def team_transactions_csv(
    agent: Member, since: datetime, until: datetime, *, kind: str = ""
) -> str:
    """The team's cash movements; `kind` is the stored type (DEPOSIT, TRANSFER...)."""
    rows = await _every_row(
        lambda page: team_transactions(agent, since, until, kind=kind, page=page, size=MAX_PAGE)
    )
    return _csv(
        TRANSACTION_COLUMNS,
        (
            [row.created_at.isoformat(), row.member, row.kind, row.amount, row.balance_after]
            for row in rows
        ),
    )


async def team_bets_csv(agent: Member, since: datetime, until: datetime) -> str:
    rows = await _every_row(lambda page: team_bets(agent, since, until, page=page, size=MAX_PAGE))
    return _csv(
        BET_COLUMNS,
        (
            [row.settled_at.isoformat(), row.member, row.game, row.category, row.bet,
             row.valid_bet, row.win]
            for row in rows
        ),
    )  # fmt: skip


async def pay_records_csv(
    agent: Member, kind: ContractKind, since: datetime, until: datetime
) -> str:
    """The agent's own pay lines of a kind; `rate` is the line's fraction (0.01: 1 %)."""
    require_agent(agent)
    rows = await _every_row(
        lambda page: payouts.records(
            saved_id(agent.id), kind, since, until, page=page, size=MAX_PAGE
        )
    )
    return _csv(
        PAY_COLUMNS,
        (
            [_aware(row.period_start).isoformat(), _aware(row.period_end).isoformat(),
             row.line.get("base", ""), row.line.get("rate", ""),
             row.line.get("activeMembers", ""), row.amount]
            for row in rows
        ),
    )  # fmt: skip
