"""The agent's team: registering downlines (registerCenter), the downline list (its direct
downline by name, members further down masked) with each member's activity, the team
overview and the agent home's figures and next step. An agent reads only its own downline
(the tree's rows decide); a player reaches none of this (`require_agent`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import Table, case, func, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import col
from sqlmodel import select as sm_select

from app.core import rate_limit
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password
from app.services import reporting
from app.services.agents import periods, tree
from app.services.agents.contracts import (
    IN_FORCE,
    ContractView,
    member_contracts,
    require_programme,
    require_programme_of,
    shown,
)
from app.services.agents.payouts import estimate
from app.services.brands import Brand
from app.services.validation import FieldRule, validate_field, validate_password
from models import DepositOrder, Member
from models.agents import AgentContract, AgentPayout, AgentTree, ContractKind, ContractStatus
from models.base import saved_id
from models.cashier import DepositStatus
from models.facts import WagerFact

USERNAME_RULE = FieldRule(required=True, min_length=6, max_length=16, pattern_id=1)
PLAYER_TYPE = 0
MAX_PAGE = 100
_TREE: Table = AgentTree.__table__  # type: ignore[attr-defined]
ZERO = Decimal("0.00")
# Accounts an agent opens below itself (registerCenter), per agent and per address.
DOWNLINE_ACCOUNTS_PER_AGENT = rate_limit.Limit("downline-open", 20, 3600)
DOWNLINE_ACCOUNTS_PER_ADDRESS = rate_limit.Limit("downline-open-ip", 30, 3600)


def require_agent(member: Member) -> None:
    """Every agent call starts here: a player (or trial) account is refused."""
    if not tree.is_agent(member):
        raise AppError("agent-only", 403)


# How far back the downline list sums each member's activity.
ACTIVITY_DAYS = 30


@dataclass(frozen=True)
class Downline:
    id: int
    username: str  # whole for the direct downline, masked further down
    is_agent: bool
    depth: int  # 1: direct
    registered_at: datetime
    last_login_at: datetime | None
    # The last ACTIVITY_DAYS days: None unless the agent's contract lets it see them.
    valid_bet: Decimal | None = None
    deposits: Decimal | None = None


@dataclass(frozen=True)
class DownlinePage:
    rows: list[Downline]
    total: int
    activity_shown: bool = False  # the agent has a contract in force


async def has_contract(agent_id: int) -> bool:
    """Whether the agent has a contract in force: pay from its team's play, and with it the
    right to see each member's bets and deposits."""
    async with session_scope() as session:
        found = (
            await session.exec(
                sm_select(AgentContract.id).where(
                    AgentContract.downline_id == agent_id,
                    col(AgentContract.status).in_([s.value for s in IN_FORCE]),
                )
            )
        ).first()
    return found is not None


async def register_downline(
    brand: Brand, agent: Member, username: str, password: str, *, as_agent: bool, ip: str
) -> Downline:
    """registerCenter: the agent opens an account directly below itself (a player, or a
    sub-agent that can have its own team and contracts), counted first against the limits
    per agent and per the agent's address (`ip`)."""
    require_agent(agent)
    require_programme(brand)
    await rate_limit.consume(DOWNLINE_ACCOUNTS_PER_AGENT, saved_id(agent.id))
    await rate_limit.consume(DOWNLINE_ACCOUNTS_PER_ADDRESS, ip)
    name = (username or "").strip().lower()
    problem = validate_field(name, USERNAME_RULE)
    if problem is not None:
        raise AppError("agent-register-invalid-username", 422)
    if validate_password(password) is not None:
        raise AppError("agent-register-invalid-password", 422)
    member = Member(
        merchant_id=brand.id,
        username=name,
        nickname=name,
        password_hash=await hash_password(password),
        account_type=get_settings().agent_account_types[0] if as_agent else PLAYER_TYPE,
        upline_id=saved_id(agent.id),
        must_change_password=True,
    )
    try:
        async with write_transaction() as session:
            taken = (
                await session.exec(
                    sm_select(Member.id).where(
                        Member.merchant_id == brand.id, func.lower(Member.username) == name
                    )
                )
            ).first()
            if taken is not None:
                raise AppError("username-taken", 409)
            await tree.check_upline(session, member, saved_id(agent.id))
            session.add(member)
            await tree.attach(session, member)
    except IntegrityError as error:
        raise AppError("username-taken", 409) from error
    return Downline(
        saved_id(member.id), shown(name, 1), as_agent, 1, member.created_at, member.last_login_at
    )


async def downlines(
    agent: Member,
    *,
    search: str = "",
    direct_only: bool = False,
    page: int = 1,
    size: int = 20,
    now: datetime | None = None,
) -> DownlinePage:
    """The agent's downline, newest first; `search` matches the start of a username (below
    the direct downline the agent sees only the masked form). With `now`, each member's
    valid bet and paid deposits of the last ACTIVITY_DAYS days, if the agent has a contract
    in force."""
    require_agent(agent)
    await require_programme_of(agent)
    size = max(1, min(int(size), MAX_PAGE))
    page = max(1, int(page))
    conditions = [_TREE.c.ancestor_id == saved_id(agent.id)]
    if direct_only:
        conditions.append(_TREE.c.depth == 1)
    term = (search or "").strip().lower()[:32]
    member_table: Table = Member.__table__  # type: ignore[attr-defined]
    if term:
        conditions.append(func.lower(member_table.c.username).startswith(term, autoescape=True))
    joined = _TREE.join(member_table, member_table.c.id == _TREE.c.descendant_id)
    async with session_scope() as session:
        connection = await session.connection()
        total = (
            await connection.execute(select(func.count()).select_from(joined).where(*conditions))
        ).scalar_one()
        rows = (
            await connection.execute(
                select(
                    member_table.c.id,
                    member_table.c.username,
                    member_table.c.account_type,
                    _TREE.c.depth,
                    member_table.c.created_at,
                    member_table.c.last_login_at,
                )
                .select_from(joined)
                .where(*conditions)
                .order_by(member_table.c.id.desc())
                .offset((page - 1) * size)
                .limit(size)
            )
        ).all()
    agent_types = get_settings().agent_account_types
    shown_activity = now is not None and await has_contract(saved_id(agent.id))
    bets: dict[int, Decimal] = {}
    paid: dict[int, Decimal] = {}
    if now is not None and shown_activity:
        bets, paid = await _activity([int(row.id) for row in rows], now)
    return DownlinePage(
        [
            Downline(
                int(row.id),
                shown(row.username, int(row.depth)),
                int(row.account_type) in agent_types,
                int(row.depth),
                _aware(row.created_at),
                _aware(row.last_login_at) if row.last_login_at else None,
                bets.get(int(row.id), ZERO) if shown_activity else None,
                paid.get(int(row.id), ZERO) if shown_activity else None,
            )
            for row in rows
        ],
        int(total),
        shown_activity,
    )


async def _activity(
    member_ids: list[int], now: datetime
) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """Each member's valid bet (wager facts) and paid deposits over the last ACTIVITY_DAYS."""
    if not member_ids:
        return {}, {}
    since = now - timedelta(days=ACTIVITY_DAYS)
    facts: Table = WagerFact.__table__  # type: ignore[attr-defined]
    deposits: Table = DepositOrder.__table__  # type: ignore[attr-defined]
    async with session_scope() as session:
        connection = await session.connection()
        bet_rows = (
            await connection.execute(
                select(facts.c.member_id, func.sum(facts.c.valid_bet))
                .where(
                    facts.c.member_id.in_(member_ids),
                    facts.c.settled_at >= since,
                    facts.c.settled_at <= now,
                )
                .group_by(facts.c.member_id)
            )
        ).all()
        deposit_rows = (
            await connection.execute(
                select(deposits.c.member_id, func.sum(deposits.c.amount))
                .where(
                    deposits.c.member_id.in_(member_ids),
                    deposits.c.status == DepositStatus.PAID.value,
                    deposits.c.paid_at >= since,
                    deposits.c.paid_at <= now,
                )
                .group_by(deposits.c.member_id)
            )
        ).all()
    return (
        {int(m): _cents(v) for m, v in bet_rows},
        {int(m): _cents(v) for m, v in deposit_rows},
    )


def _cents(value: object) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(Decimal("0.01"))


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Overview:
    """The team overview and the agent home (spec 2; public dashboards' figures)."""

    team_size: int
    direct_size: int
    team_turnover_today: Decimal
    direct_turnover_today: Decimal
    team_net_loss_today: Decimal
    active_today: int
    estimated_pay: Decimal  # today's open periods, if they closed now
    yesterday_pay: Decimal
    unclaimed: Decimal  # pay is credited at once: nothing waits to be claimed
    pending_offers: list[ContractView]
    next_step: str = ""  # one of NEXT_STEPS
    upline: str = ""  # who offers this agent its contracts ("" the house)


# The agent home's next step: answer an offer; without a contract, ask whoever offers one (the
# upline, or the house for a top agent); with one, grow the team.
NEXT_STEPS = ("ANSWER_OFFER", "ASK_UPLINE", "ASK_HOUSE", "GROW_TEAM")


def next_step(offers: int, in_force: bool, has_upline: bool) -> str:
    if offers:
        return "ANSWER_OFFER"
    if not in_force:
        return "ASK_UPLINE" if has_upline else "ASK_HOUSE"
    return "GROW_TEAM"


async def overview(brand: Brand, agent: Member, now: datetime) -> Overview:
    require_agent(agent)
    require_programme(brand)
    agent_id = saved_id(agent.id)
    today_start, _ = periods.bounds("D", now, brand.timezone)
    yesterday_start, _ = periods.last_closed("D", now, brand.timezone)
    span = reporting.period(today_start)
    async with session_scope() as session:
        connection = await session.connection()
        sizes = (
            await connection.execute(
                select(
                    func.count(),
                    func.coalesce(func.sum(case((_TREE.c.depth == 1, 1), else_=0)), 0),
                ).where(_TREE.c.ancestor_id == agent_id)
            )
        ).one()
        team = await reporting.downline_totals(session, tree.descendants(agent_id), span)
        direct = await reporting.downline_turnover(
            session, tree.descendants(agent_id, max_depth=1), span
        )
        yesterday = (
            await session.exec(
                sm_select(func.coalesce(func.sum(AgentPayout.amount), 0)).where(
                    AgentPayout.agent_id == agent_id,
                    col(AgentPayout.period_start) >= yesterday_start,
                    col(AgentPayout.period_start) < today_start,
                )
            )
        ).one()
    estimated = ZERO
    for kind in ContractKind:
        estimated += await estimate(brand, agent_id, kind, now)
    offers = [
        contract
        for contract in await member_contracts(agent)
        if contract.downline_id == agent_id and contract.status == ContractStatus.OFFERED
    ]
    in_force = await has_contract(agent_id)
    upline = ""
    if agent.upline_id is not None:
        async with session_scope() as session:
            found = await session.get(Member, agent.upline_id)
        upline = found.username if found is not None else ""
    return Overview(
        team_size=int(sizes[0]),
        direct_size=int(sizes[1]),
        team_turnover_today=team.total.turnover,
        direct_turnover_today=direct,
        team_net_loss_today=team.total.net_loss,
        active_today=team.active_members,
        estimated_pay=estimated,
        yesterday_pay=Decimal(str(yesterday)).quantize(Decimal("0.01")),
        unclaimed=ZERO,
        pending_offers=offers,
        next_step=next_step(len(offers), in_force, agent.upline_id is not None),
        upline=upline,
    )
