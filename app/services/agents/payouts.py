"""Closing pay periods: each contracted agent's line for the period, paid once.

A period's pay reads wager facts only (through the agent tree): per contracted agent, its
downline's active members, valid bet, net loss and, for real-time salary, the valid bet of
bets of at least the single bet amount. A fact counts in the period it was written in, so a
late correction (a void or a changed result after the close) lands in the next period, where
the line shows it as an adjustment.

Each line is an `agent_payout` row unique per (agent, kind, period start), written in the
same transaction as its ledger movement (house commission expense → the agent's cash, key
`agent-pay:<agent>:<kind>:<period start>`): a repeated or concurrent close pays nothing
twice. Contracts in force at the period's end apply (rates never change after the fact).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Table, case, func, or_, select
from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.services import ledger
from app.services.agents import periods
from app.services.agents import terms as pay_terms
from app.services.agents.contracts import LOSS_BASED_PAY, NEGATIVE_CARRYOVER, kind_enabled
from app.services.brands import Brand, brands
from app.services.inbox import post_message
from models.agents import AgentContract, AgentPayout, AgentTree, ContractKind, ContractStatus
from models.base import saved_id
from models.cashier import MessageKind
from models.facts import FactKind, WagerFact
from models.ledger import AccountKind, TransactionKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
CHUNK = 5000
# A period is closed by the jobs only once it ended this long before the tick: a bet whose
# transaction began before the end and commits just after it is in by then.
GRACE = timedelta(minutes=5)
PAID_STATUSES = (
    ContractStatus.ACTIVE,
    ContractStatus.TERMINATION_REQUESTED,
    ContractStatus.SUPERSEDED,
    ContractStatus.TERMINATED,
)
KIND_CODES: dict[ContractKind, tuple[str, ...]] = pay_terms.PERIODS
TRANSACTION_KINDS = {
    ContractKind.DIVIDEND: TransactionKind.DIVIDEND,
    ContractKind.DAILY_SALARY: TransactionKind.SALARY,
    ContractKind.HOURLY_SALARY: TransactionKind.SALARY,
    ContractKind.REALTIME_SALARY: TransactionKind.SALARY,
}

_TREE: Table = AgentTree.__table__  # type: ignore[attr-defined]
_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]
_CONTRACTS: Table = AgentContract.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class PayoutView:
    id: int
    agent_id: int
    kind: ContractKind
    period_start: datetime
    period_end: datetime
    amount: Decimal
    line: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class CloseResult:
    kind: ContractKind
    period_start: datetime
    period_end: datetime
    lines: int  # payout lines written by this close
    paid: int  # of which with money (amount > 0)
    total: Decimal


def _money(value: Any) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(CENT)


def pay_key(agent_id: int, kind: ContractKind, start: datetime) -> str:
    return f"agent-pay:{agent_id}:{kind.value}:{start:%Y%m%dT%H%M%SZ}"


async def contracts_in_force(
    session: AsyncSession, merchant_id: int, kind: ContractKind, code: str, end: datetime
) -> list[AgentContract]:
    """The contract version of each agent in force at the period's end."""
    rows = (
        await session.exec(
            sm_select(AgentContract)
            .where(
                AgentContract.merchant_id == merchant_id,
                AgentContract.kind == kind.value,
                AgentContract.period == code,
                col(AgentContract.status).in_([s.value for s in PAID_STATUSES]),
                col(AgentContract.starts_at) < end,
                or_(col(AgentContract.ended_at).is_(None), col(AgentContract.ended_at) >= end),
            )
            .order_by(col(AgentContract.id))
        )
    ).all()
    latest: dict[int, AgentContract] = {}
    for row in rows:
        latest[row.downline_id] = row  # a later version wins
    return list(latest.values())


async def team_inputs(
    session: AsyncSession,
    agent_ids: Sequence[int],
    start: datetime,
    end: datetime,
    min_single_bet: Decimal = ZERO,
) -> dict[int, pay_terms.Inputs]:
    """Each agent's downline figures over [start, end), from wager facts (two grouped
    queries' worth of work per CHUNK agents, whatever the tree's depth)."""
    found: dict[int, pay_terms.Inputs] = {}
    connection = await session.connection()
    correction = _FACTS.c.kind != FactKind.SETTLED.value
    for offset in range(0, len(agent_ids), CHUNK):
        chunk = list(agent_ids[offset : offset + CHUNK])
        per_member = (
            select(
                _TREE.c.ancestor_id.label("agent"),
                func.sum(_FACTS.c.valid_bet).label("valid"),
                func.sum(_FACTS.c.bet - _FACTS.c.win).label("loss"),
                func.sum(case((_FACTS.c.bet >= min_single_bet, _FACTS.c.valid_bet), else_=0)).label(
                    "qualifying"
                ),
                func.sum(case((correction, _FACTS.c.valid_bet), else_=0)).label("adj_valid"),
                func.sum(case((correction, _FACTS.c.bet - _FACTS.c.win), else_=0)).label(
                    "adj_loss"
                ),
            )
            .select_from(_TREE.join(_FACTS, _FACTS.c.member_id == _TREE.c.descendant_id))
            .where(
                _TREE.c.ancestor_id.in_(chunk),
                _FACTS.c.settled_at >= start,
                _FACTS.c.settled_at < end,
            )
            .group_by(_TREE.c.ancestor_id, _FACTS.c.member_id)
            .subquery()
        )
        rows = await connection.execute(
            select(
                per_member.c.agent,
                func.sum(case((per_member.c.valid > 0, 1), else_=0)).label("active"),
                func.sum(per_member.c.valid).label("valid"),
                func.sum(per_member.c.loss).label("loss"),
                func.sum(per_member.c.qualifying).label("qualifying"),
                func.sum(per_member.c.adj_valid).label("adj_valid"),
                func.sum(per_member.c.adj_loss).label("adj_loss"),
            ).group_by(per_member.c.agent)
        )
        for row in rows.all():
            found[int(row.agent)] = pay_terms.Inputs(
                active_members=int(row.active or 0),
                valid_bet=_money(row.valid),
                net_loss=_money(row.loss),
                qualifying_valid_bet=_money(row.qualifying),
                adjustment_valid_bet=_money(row.adj_valid),
                adjustment_net_loss=_money(row.adj_loss),
            )
    return found


async def with_carry_over(
    session: AsyncSession,
    brand: Brand,
    kind: ContractKind,
    agent_ids: Sequence[int],
    start: datetime,
    inputs: dict[int, pay_terms.Inputs],
) -> dict[int, pay_terms.Inputs]:
    """The inputs with, under negative carry-over (dividends, the brand's NEGCARRY3), what
    each agent's period that ended at `start` carried out; other kinds and brands as given."""
    if kind != ContractKind.DIVIDEND or not brand.module_on(NEGATIVE_CARRYOVER):
        return inputs
    rows = await session.exec(
        sm_select(AgentPayout.agent_id, AgentPayout.line).where(
            AgentPayout.merchant_id == brand.id,
            AgentPayout.kind == kind.value,
            AgentPayout.period_end == start,
            col(AgentPayout.agent_id).in_(agent_ids),
        )
    )
    carried = dict(inputs)
    for agent_id, stored in rows.all():
        carry = _money(stored.get("carryOut", "0"))
        if carry < 0:
            own = carried.get(agent_id, pay_terms.Inputs())
            carried[agent_id] = replace(own, carried_net_loss=carry)
    return carried


def stored_line(brand: Brand, kind: ContractKind, pay_line: pay_terms.Line) -> dict[str, Any]:
    """A payout line as kept; under negative carry-over with what it carries to the next."""
    line = pay_line.to_json()
    if kind == ContractKind.DIVIDEND and brand.module_on(NEGATIVE_CARRYOVER):
        line["carryOut"] = str(pay_terms.carry_out(pay_line.inputs))
    return line


def lines_for(
    contracts: Iterable[AgentContract],
    inputs: dict[int, pay_terms.Inputs],
    *,
    loss_based_pay: bool,
) -> dict[int, pay_terms.Line]:
    """Pure: every contracted agent's line, its gross less its direct downlines' gross."""
    contracts = list(contracts)
    grosses: dict[int, pay_terms.Gross] = {}
    parsed: dict[int, pay_terms.Terms] = {}
    for contract in contracts:
        terms = pay_terms.from_json(contract.kind, contract.terms)
        parsed[contract.downline_id] = terms
        grosses[contract.downline_id] = pay_terms.gross(
            terms,
            inputs.get(contract.downline_id, pay_terms.Inputs()),
            loss_based_pay=loss_based_pay,
        )
    below: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for contract in contracts:
        if contract.upline_id is not None and contract.upline_id in grosses:
            below[contract.upline_id] += grosses[contract.downline_id].amount
    return {
        agent: pay_terms.line(
            parsed[agent],
            inputs.get(agent, pay_terms.Inputs()),
            below[agent],
            loss_based_pay=loss_based_pay,
        )
        for agent in grosses
    }


async def close_in(
    session: AsyncSession,
    brand: Brand,
    kind: ContractKind,
    code: str,
    start: datetime,
    end: datetime,
    now: datetime,
) -> CloseResult:
    """Building block: close one period of one kind for one brand inside the caller's write
    transaction. Agents already paid for the period are left alone."""
    contracts = await contracts_in_force(session, brand.id, kind, code, end)
    if not contracts or end > now:
        return CloseResult(kind, start, end, 0, 0, ZERO)
    done = set(
        (
            await session.exec(
                sm_select(AgentPayout.agent_id).where(
                    AgentPayout.merchant_id == brand.id,
                    AgentPayout.kind == kind.value,
                    AgentPayout.period_start == start,
                )
            )
        ).all()
    )
    by_threshold: dict[Decimal, list[int]] = defaultdict(list)
    for contract in contracts:
        threshold = pay_terms.from_json(kind, contract.terms).min_single_bet
        by_threshold[threshold].append(contract.downline_id)
    inputs: dict[int, pay_terms.Inputs] = {}
    for threshold, agents in by_threshold.items():
        inputs.update(await team_inputs(session, agents, start, end, threshold))
    agent_ids = [contract.downline_id for contract in contracts]
    inputs = await with_carry_over(session, brand, kind, agent_ids, start, inputs)
    lines = lines_for(contracts, inputs, loss_based_pay=brand.module_on(LOSS_BASED_PAY))
    by_agent = {contract.downline_id: contract for contract in contracts}
    written = paid = 0
    total = ZERO
    expense_ids: dict[int, int] = {}
    cash_ids = await ledger.member_accounts(
        session,
        merchant_id=brand.id,
        kind=AccountKind.MEMBER_CASH,
        currency=brand.currency,
        member_ids=[a for a, pay_line in lines.items() if pay_line.amount > 0],
    )
    # One batch of ledger movements for the whole period (post_moves): one movement per
    # agent in a handful of statements, not a round trip per agent.
    moves: list[ledger.Move] = []
    due = [(a, line) for a, line in sorted(lines.items()) if a not in done]
    for agent_id, pay_line in due:
        if pay_line.amount <= 0:
            continue
        shard = agent_id % ledger.MERCHANT_ACCOUNT_SHARDS
        if shard not in expense_ids:
            expense = await ledger.account(
                session,
                merchant_id=brand.id,
                kind=AccountKind.AGENT_COMMISSION_EXPENSE,
                currency=brand.currency,
                spread=agent_id,
            )
            expense_ids[shard] = saved_id(expense.id)
        cash_id = cash_ids[agent_id]
        moves.append(
            ledger.Move(
                debit_account_id=expense_ids[shard],
                credit_account_id=cash_id,
                amount=pay_line.amount,
                idempotency_key=pay_key(agent_id, kind, start),
                member_id=agent_id,
                reference=f"{kind.value}:{start:%Y-%m-%dT%H:%M:%SZ}",
            )
        )
    transaction_ids = dict(
        zip(
            [move.member_id for move in moves],
            await ledger.post_moves(
                session, merchant_id=brand.id, kind=TRANSACTION_KINDS[kind], moves=moves
            ),
            strict=True,
        )
    )
    for agent_id, pay_line in due:
        transaction_id = transaction_ids.get(agent_id)
        if transaction_id is not None:
            paid += 1
            total += pay_line.amount
            await post_message(
                session,
                agent_id,
                MessageKind.AGENT_PAID,
                {"kind": kind.value, "amount": str(pay_line.amount)},
            )
        session.add(
            AgentPayout(
                merchant_id=brand.id,
                agent_id=agent_id,
                contract_id=saved_id(by_agent[agent_id].id),
                kind=kind.value,
                period_start=start,
                period_end=end,
                amount=pay_line.amount,
                line=stored_line(brand, kind, pay_line),
                ledger_transaction_id=transaction_id,
                created_at=now,
            )
        )
        written += 1
    await session.flush()
    return CloseResult(kind, start, end, written, paid, total)


async def close(
    brand: Brand, kind: ContractKind, start: datetime, now: datetime
) -> list[CloseResult]:
    """Use case: close, for one brand, the period of each of the kind's period codes that
    starts at `start` (by hand, the CLI, tests)."""
    results = []
    async with write_transaction() as session:
        for code in KIND_CODES[kind]:
            first, end = periods.bounds(code, start, brand.timezone)
            if first != start:
                continue
            results.append(await close_in(session, brand, kind, code, first, end, now))
    return results


async def close_due_in(
    session: AsyncSession,
    all_brands: Sequence[Brand],
    kind: ContractKind,
    at: datetime,
    now: datetime,
) -> list[CloseResult]:
    """Building block of the jobs: for every brand with the kind on, close the latest
    period of each code ended GRACE before `at` (the job's tick) and the one before it (a
    tick missed by a stopped engine)."""
    results = []
    for brand in all_brands:
        if not kind_enabled(brand, kind):
            continue
        for code in KIND_CODES[kind]:
            latest_start, _ = periods.last_closed(code, at - GRACE, brand.timezone)
            earlier_start, _ = periods.last_closed(code, latest_start, brand.timezone)
            for start in (earlier_start, latest_start):
                _, end = periods.bounds(code, start, brand.timezone)
                results.append(await close_in(session, brand, kind, code, start, end, now))
    return results


async def close_due(kind: ContractKind, at: datetime, now: datetime) -> list[CloseResult]:
    """Use case: `close_due_in` in a transaction of its own (the CLI, tests)."""
    all_brands = await brands.all()
    async with write_transaction() as session:
        return await close_due_in(session, all_brands, kind, at, now)


def _view(row: AgentPayout) -> PayoutView:
    return PayoutView(
        id=saved_id(row.id),
        agent_id=row.agent_id,
        kind=ContractKind(row.kind),
        period_start=row.period_start,
        period_end=row.period_end,
        amount=_money(row.amount),
        line=dict(row.line),
        created_at=row.created_at,
    )


@dataclass(frozen=True)
class PayoutPage:
    rows: list[PayoutView]
    total_rows: int
    total_amount: Decimal


async def records(
    agent_id: int,
    kind: ContractKind,
    since: datetime,
    until: datetime,
    *,
    page: int = 1,
    size: int = 20,
) -> PayoutPage:
    """The agent's payout lines of a kind over [since, until), newest first, with totals."""
    size = max(1, min(size, 100))
    page = max(1, page)
    conditions: list[ColumnElement[bool]] = [
        col(AgentPayout.agent_id) == agent_id,
        col(AgentPayout.kind) == kind.value,
        col(AgentPayout.period_start) >= since,
        col(AgentPayout.period_start) < until,
    ]
    async with session_scope() as session:
        rows = (
            await session.exec(
                sm_select(AgentPayout)
                .where(*conditions)
                .order_by(col(AgentPayout.period_start).desc())
                .offset((page - 1) * size)
                .limit(size)
            )
        ).all()
        count, amount = (
            await session.exec(
                sm_select(func.count(), func.coalesce(func.sum(AgentPayout.amount), 0)).where(
                    *conditions
                )
            )
        ).one()
    return PayoutPage([_view(row) for row in rows], int(count), _money(amount))


async def estimate(brand: Brand, agent_id: int, kind: ContractKind, now: datetime) -> Decimal:
    """What the agent's open period of the kind would pay if it closed now."""
    async with session_scope() as session:
        for code in KIND_CODES[kind]:
            start, end = periods.bounds(code, now, brand.timezone)
            contracts = await contracts_in_force(session, brand.id, kind, code, end)
            mine = [c for c in contracts if c.downline_id == agent_id]
            if not mine:
                continue
            below = [c for c in contracts if c.upline_id == agent_id]
            ids = [agent_id, *(c.downline_id for c in below)]
            threshold = pay_terms.from_json(kind, mine[0].terms).min_single_bet
            inputs = await team_inputs(
                session, ids, start, now + timedelta(microseconds=1), threshold
            )
            inputs = await with_carry_over(session, brand, kind, ids, start, inputs)
            lines = lines_for(
                [*mine, *below], inputs, loss_based_pay=brand.module_on(LOSS_BASED_PAY)
            )
            return lines[agent_id].amount
    return ZERO
