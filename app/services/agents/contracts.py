"""Contracts between an upline and a direct downline agent (spec 4): the upline offers, the
downline accepts or rejects; either side asks to end it and the other side agrees. Every
version is a row of its own and is kept.

Rules kept in the same transaction as the change:
- the ceiling: a downline's terms never pay more than its upline's own contract of the same
  kind at the same figures (a top agent's contract comes from the house, capped per kind);
- the spec's lower-rate rule: when an agent signs terms below those of a contract it gave a
  downline, that downline contract ends (and, with it, the contracts below it that it
  backed);
- brand switches: each kind is a module (SIGNCONDIV3, DAILYSALCONT3, HOURSAL3, RTSALARY3
  under AGENT3), and LOSSPAY3 allows loss-based pay (dividends on net loss); NEGCARRY3 under
  it carries a dividend period the players won into the next ones (negative carry-over: off
  unless the operator turns it on, as affiliates contest it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.agents import terms as pay_terms
from app.services.agents import tree
from app.services.brands import Brand, brands
from app.services.inbox import post_message
from models import Member
from models.agents import AgentContract, ContractKind, ContractStatus
from models.base import saved_id
from models.cashier import MessageKind

AGENT_MODULE = "AGENT3"
LOSS_BASED_PAY = "LOSSPAY3"
NEGATIVE_CARRYOVER = "NEGCARRY3"
KIND_MODULES: dict[ContractKind, str] = {
    ContractKind.DIVIDEND: "SIGNCONDIV3",
    ContractKind.DAILY_SALARY: "DAILYSALCONT3",
    ContractKind.HOURLY_SALARY: "HOURSAL3",
    ContractKind.REALTIME_SALARY: "RTSALARY3",
}
IN_FORCE = (ContractStatus.ACTIVE, ContractStatus.TERMINATION_REQUESTED)


@dataclass(frozen=True)
class ContractView:
    id: int
    upline_id: int | None
    downline_id: int
    downline: str  # the downline's username (a contract is always with a direct downline)
    kind: ContractKind
    period: str
    status: ContractStatus
    version: int
    terms: dict[str, Any]
    requested_by: int | None
    end_reason: str | None
    created_at: datetime
    starts_at: datetime | None
    ended_at: datetime | None


def mask(username: str) -> str:
    """A downline's name as an agent sees it: the first two and last letter."""
    if len(username) <= 3:
        return username[:1] + "**"
    return username[:2] + "*" * (len(username) - 3) + username[-1]


def shown(username: str, depth: int) -> str:
    """A team member's name as its agent sees it: whole for its direct downline (the accounts
    it opened or referred, whom it deals with by name), masked further down."""
    return username if depth == 1 else mask(username)


def view(row: AgentContract, downline_name: str) -> ContractView:
    return ContractView(
        id=saved_id(row.id),
        upline_id=row.upline_id,
        downline_id=row.downline_id,
        downline=downline_name,
        kind=ContractKind(row.kind),
        period=row.period,
        status=ContractStatus(row.status),
        version=row.version,
        terms=dict(row.terms),
        requested_by=row.requested_by,
        end_reason=row.end_reason,
        created_at=row.created_at,
        starts_at=row.starts_at,
        ended_at=row.ended_at,
    )


def require_programme(brand: Brand) -> None:
    """The brand's agent programme (AGENT3) is on: off, every agent call is closed, the
    agent centre's pages and API alike, not only the contract flags."""
    if not brand.module_on(AGENT_MODULE):
        raise AppError("agent-programme-off", 403)


async def require_programme_of(member: Member) -> None:
    """`require_programme` for the member's own brand (calls that carry no brand)."""
    require_programme(await brands.by_id(member.merchant_id))


def kind_enabled(brand: Brand, kind: ContractKind) -> bool:
    if not brand.module_on(AGENT_MODULE) or not brand.module_on(KIND_MODULES[kind]):
        return False
    return kind != ContractKind.DIVIDEND or brand.module_on(LOSS_BASED_PAY)


def _kind(value: object) -> ContractKind:
    try:
        return ContractKind(str(value))
    except ValueError:
        raise AppError("agent-contract-invalid-kind", 422) from None


async def in_force(
    session: AsyncSession, downline_id: int, kind: ContractKind, *, lock: bool = False
) -> AgentContract | None:
    query = select(AgentContract).where(
        AgentContract.downline_id == downline_id,
        AgentContract.kind == kind.value,
        col(AgentContract.status).in_([s.value for s in IN_FORCE]),
    )
    if lock:
        query = query.with_for_update()
    return (await session.exec(query.order_by(col(AgentContract.id).desc()))).first()


async def _end(
    session: AsyncSession,
    contract: AgentContract,
    status: ContractStatus,
    reason: str,
    now: datetime,
) -> list[AgentContract]:
    """End a contract and every contract below it that it backed; returns those ended."""
    contract.status = status.value
    contract.end_reason = reason
    contract.ended_at = now
    session.add(contract)
    ended = [contract]
    below = (
        await session.exec(
            select(AgentContract)
            .where(
                AgentContract.upline_id == contract.downline_id,
                AgentContract.kind == contract.kind,
                col(AgentContract.status).in_(
                    [*(s.value for s in IN_FORCE), ContractStatus.OFFERED.value]
                ),
            )
            .with_for_update()
        )
    ).all()
    for child in below:
        if child.status == ContractStatus.OFFERED:
            child.status = ContractStatus.WITHDRAWN.value
            child.end_reason = "upline-contract-ended"
            child.ended_at = now
            session.add(child)
            continue
        ended += await _end(session, child, ContractStatus.TERMINATED, "upline-contract-ended", now)
    return ended


async def _ceiling(
    session: AsyncSession,
    upline: Member | None,
    kind: ContractKind,
    offered: pay_terms.Terms,
    period: str,
) -> None:
    if upline is None:
        return  # the house: capped by terms.MAX_RATE when parsed
    own = await in_force(session, saved_id(upline.id), kind)
    if own is None:
        raise AppError("agent-contract-upline-has-none", 409)
    if own.period != period:
        raise AppError("agent-invalid-period", 422)  # a downline pays on its upline's periods
    if not pay_terms.within_ceiling(offered, pay_terms.from_json(kind, own.terms)):
        raise AppError("agent-contract-rate-too-high", 422)


def checked_terms(
    brand: Brand, kind: object, period: object, raw_terms: Any
) -> tuple[ContractKind, str, pay_terms.Terms]:
    """An offer's kind (on for the brand), period (the kind's first by default) and terms."""
    contract_kind = _kind(kind)
    if not kind_enabled(brand, contract_kind):
        raise AppError("agent-contract-kind-off", 403)
    code = str(period or pay_terms.PERIODS[contract_kind][0])
    if code not in pay_terms.PERIODS[contract_kind]:
        raise AppError("agent-invalid-period", 422)
    return contract_kind, code, pay_terms.parse(contract_kind, raw_terms)


async def offer(
    brand: Brand,
    upline: Member | None,
    downline_id: int,
    kind: object,
    period: object,
    raw_terms: Any,
    now: datetime,
) -> ContractView:
    """The upline (None: the house, to a top agent) offers a contract to a direct downline
    agent; an unanswered earlier offer of the same kind is withdrawn."""
    contract_kind, code, offered = checked_terms(brand, kind, period, raw_terms)
    if upline is not None and not tree.is_agent(upline):
        raise AppError("agent-only", 403)
    async with write_transaction() as session:
        return await offer_in(
            session, brand, upline, downline_id, contract_kind, code, offered, now
        )


async def offer_in(
    session: AsyncSession,
    brand: Brand,
    upline: Member | None,
    downline_id: int,
    contract_kind: ContractKind,
    code: str,
    offered: pay_terms.Terms,
    now: datetime,
) -> ContractView:
    """The building block of `offer` with checked kind, period and terms (the console's
    house offer audits in the same transaction)."""
    downline = await session.get(Member, downline_id)
    upline_id = None if upline is None else saved_id(upline.id)
    if (
        downline is None
        or downline.merchant_id != brand.id
        or downline.upline_id != upline_id
        or not tree.is_agent(downline)
    ):
        raise AppError("agent-not-in-downline", 404)
    await _ceiling(session, upline, contract_kind, offered, code)
    pending = (
        await session.exec(
            select(AgentContract)
            .where(
                AgentContract.downline_id == downline_id,
                AgentContract.kind == contract_kind.value,
                AgentContract.status == ContractStatus.OFFERED.value,
            )
            .with_for_update()
        )
    ).all()
    for old in pending:
        old.status = ContractStatus.WITHDRAWN.value
        old.end_reason = "new-offer"
        old.ended_at = now
        session.add(old)
    version = (
        await session.exec(
            select(func.coalesce(func.max(AgentContract.version), 0)).where(
                AgentContract.downline_id == downline_id,
                AgentContract.kind == contract_kind.value,
            )
        )
    ).one()
    row = AgentContract(
        merchant_id=brand.id,
        upline_id=upline_id,
        downline_id=downline_id,
        kind=contract_kind.value,
        period=code,
        status=ContractStatus.OFFERED.value,
        version=int(version) + 1,
        terms=offered.to_json(),
        created_at=now,
    )
    session.add(row)
    await session.flush()
    await post_message(
        session, downline_id, MessageKind.AGENT_CONTRACT_OFFERED, {"kind": contract_kind.value}
    )
    return view(row, downline.username)


async def _own(session: AsyncSession, contract_id: object) -> AgentContract:
    if isinstance(contract_id, bool) or not isinstance(contract_id, (int, str)):
        raise AppError("agent-contract-unknown", 404)
    try:
        number = int(contract_id)
    except ValueError:
        raise AppError("agent-contract-unknown", 404) from None
    row = (
        await session.exec(
            select(AgentContract).where(AgentContract.id == number).with_for_update()
        )
    ).first()
    if row is None:
        raise AppError("agent-contract-unknown", 404)
    return row


async def accept(member: Member, contract_id: object, now: datetime) -> ContractView:
    """The downline signs an offer: it replaces the version in force; contracts the downline
    gave its own downlines above the new terms end in the same transaction."""
    member_id = saved_id(member.id)
    brand = await brands.by_id(member.merchant_id)
    async with write_transaction() as session:
        row = await _own(session, contract_id)
        if row.downline_id != member_id:
            raise AppError("agent-contract-unknown", 404)
        if row.status != ContractStatus.OFFERED:
            raise AppError("agent-contract-not-pending", 409)
        kind = ContractKind(row.kind)
        if not kind_enabled(brand, kind):
            raise AppError("agent-contract-kind-off", 403)
        signed = pay_terms.from_json(kind, row.terms)
        upline = None if row.upline_id is None else await session.get(Member, row.upline_id)
        await _ceiling(session, upline, kind, signed, row.period)
        current = await in_force(session, member_id, kind, lock=True)
        if current is not None:
            current.status = ContractStatus.SUPERSEDED.value
            current.end_reason = "new-version"
            current.ended_at = now
            session.add(current)
        row.status = ContractStatus.ACTIVE.value
        row.decided_at = row.starts_at = now
        session.add(row)
        below = (
            await session.exec(
                select(AgentContract)
                .where(
                    AgentContract.upline_id == member_id,
                    AgentContract.kind == kind.value,
                    col(AgentContract.status).in_([s.value for s in IN_FORCE]),
                )
                .with_for_update()
            )
        ).all()
        for child in below:
            if pay_terms.lower_than(signed, pay_terms.from_json(kind, child.terms)):
                for ended in await _end(
                    session, child, ContractStatus.TERMINATED, "upline-rate-lowered", now
                ):
                    await post_message(
                        session,
                        ended.downline_id,
                        MessageKind.AGENT_CONTRACT_ENDED,
                        {"kind": kind.value},
                    )
        if row.upline_id is not None:
            await post_message(
                session, row.upline_id, MessageKind.AGENT_CONTRACT_ACCEPTED, {"kind": kind.value}
            )
        return view(row, member.username)


async def reject(member: Member, contract_id: object, now: datetime) -> ContractView:
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        row = await _own(session, contract_id)
        if row.downline_id != member_id:
            raise AppError("agent-contract-unknown", 404)
        if row.status != ContractStatus.OFFERED:
            raise AppError("agent-contract-not-pending", 409)
        row.status = ContractStatus.REJECTED.value
        row.decided_at = row.ended_at = now
        session.add(row)
        if row.upline_id is not None:
            await post_message(
                session, row.upline_id, MessageKind.AGENT_CONTRACT_REJECTED, {"kind": row.kind}
            )
        return view(row, member.username)


async def request_termination(member: Member, contract_id: object, now: datetime) -> ContractView:
    """Either side asks to end a contract in force; it pays on until the other side agrees
    (`confirm_termination`). An upline's offer not yet answered is simply withdrawn."""
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        row = await _own(session, contract_id)
        if member_id not in (row.downline_id, row.upline_id):
            raise AppError("agent-contract-unknown", 404)
        if row.status == ContractStatus.OFFERED and row.upline_id == member_id:
            row.status = ContractStatus.WITHDRAWN.value
            row.ended_at = now
            row.end_reason = "withdrawn"
        elif row.status == ContractStatus.ACTIVE:
            row.status = ContractStatus.TERMINATION_REQUESTED.value
            row.requested_by = member_id
            other = row.upline_id if member_id == row.downline_id else row.downline_id
            if other is not None:
                await post_message(
                    session, other, MessageKind.AGENT_CONTRACT_END_REQUESTED, {"kind": row.kind}
                )
        else:
            raise AppError("agent-contract-not-pending", 409)
        session.add(row)
        downline = await session.get(Member, row.downline_id)
        return view(row, downline.username if downline else "")


async def confirm_termination(member: Member, contract_id: object, now: datetime) -> ContractView:
    """The other side agrees: the contract (and those below it that it backed) ends."""
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        row = await _own(session, contract_id)
        if member_id not in (row.downline_id, row.upline_id):
            raise AppError("agent-contract-unknown", 404)
        if row.status != ContractStatus.TERMINATION_REQUESTED or row.requested_by == member_id:
            raise AppError("agent-contract-not-pending", 409)
        for ended in await _end(session, row, ContractStatus.TERMINATED, "agreed", now):
            await post_message(
                session, ended.downline_id, MessageKind.AGENT_CONTRACT_ENDED, {"kind": ended.kind}
            )
        downline = await session.get(Member, row.downline_id)
        return view(row, downline.username if downline else "")


async def member_contracts(member: Member) -> list[ContractView]:
    """Every version of the contracts the member signed or was offered, and those it gave,
    newest first."""
    await require_programme_of(member)
    member_id = saved_id(member.id)
    return await _views(
        (AgentContract.downline_id == member_id) | (AgentContract.upline_id == member_id),
        limit=200,
    )


async def _views(*where: Any, limit: int | None = None) -> list[ContractView]:
    """The contracts matching `where`, each with its downline's name, newest first."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AgentContract, Member.username)
                .join(Member, col(Member.id) == AgentContract.downline_id)
                .where(*where)
                .order_by(col(AgentContract.id).desc())
                .limit(limit)
            )
        ).all()
    return [view(row, name) for row, name in rows]


async def given(agent: Member, downline_ids: Sequence[int]) -> dict[int, list[ContractView]]:
    """The contracts the agent gave these downlines that are not over (offers waiting for an
    answer, contracts in force), newest first per downline: what its team list shows."""
    if not downline_ids:
        return {}
    found: dict[int, list[ContractView]] = {}
    for contract in await _views(
        AgentContract.upline_id == saved_id(agent.id),
        col(AgentContract.downline_id).in_(list(downline_ids)),
        col(AgentContract.status).in_([ContractStatus.OFFERED.value, *(s.value for s in IN_FORCE)]),
    ):
        found.setdefault(contract.downline_id, []).append(contract)
    return found


@dataclass(frozen=True)
class Consolidated:
    """Spec 3's consolidated or contract info: per kind, the pending request ("" none, "NEW"
    an offer to answer, "TERMINATE" a termination to agree to) and whether one is in force."""

    dailysalreqtype: str
    divtypereq: str
    contracthoursalreq: str
    realtimesalreqtype: str
    daily_salary: bool
    hour_salary: bool
    salary: bool  # real-time salary
    enable_ct: bool  # dividend

    @property
    def has_contract(self) -> bool:
        return self.daily_salary or self.hour_salary or self.salary or self.enable_ct


NO_CONTRACT_INFO = Consolidated("", "", "", "", False, False, False, False)


async def consolidated(brand: Brand, member: Member) -> Consolidated:
    """The member's contract info; none where the brand's agent programme (the agent policy
    flag of spec 6, module AGENT3) is off: no contract is read there."""
    if not brand.module_on(AGENT_MODULE):
        return NO_CONTRACT_INFO
    member_id = saved_id(member.id)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AgentContract).where(
                    AgentContract.downline_id == member_id,
                    col(AgentContract.status).in_(
                        [ContractStatus.OFFERED.value, *(s.value for s in IN_FORCE)]
                    ),
                )
            )
        ).all()
    request: dict[str, str] = {}
    active: set[str] = set()
    for row in rows:
        if row.status == ContractStatus.OFFERED:
            request[row.kind] = "NEW"
        elif row.status == ContractStatus.TERMINATION_REQUESTED and row.requested_by != member_id:
            request.setdefault(row.kind, "TERMINATE")
        if row.status in IN_FORCE:
            active.add(row.kind)
    return Consolidated(
        dailysalreqtype=request.get(ContractKind.DAILY_SALARY, ""),
        divtypereq=request.get(ContractKind.DIVIDEND, ""),
        contracthoursalreq=request.get(ContractKind.HOURLY_SALARY, ""),
        realtimesalreqtype=request.get(ContractKind.REALTIME_SALARY, ""),
        daily_salary=ContractKind.DAILY_SALARY in active,
        hour_salary=ContractKind.HOURLY_SALARY in active,
        salary=ContractKind.REALTIME_SALARY in active,
        enable_ct=ContractKind.DIVIDEND in active,
    )


async def process(
    member: Member, kind: object, contract_id: object, action: object, now: datetime
) -> ContractView:
    """The spec's four processing calls: ACCEPT or REJECT an offer, TERMINATE (ask to end)
    or CONFIRM (agree to end) a contract of the given kind."""
    await require_programme_of(member)
    contract_kind = _kind(kind)
    async with session_scope() as session:
        row = await _own(session, contract_id)
    if row.kind != contract_kind.value:
        raise AppError("agent-contract-unknown", 404)
    handlers = {
        "ACCEPT": accept,
        "REJECT": reject,
        "TERMINATE": request_termination,
        "CONFIRM": confirm_termination,
    }
    handler = handlers.get(str(action).upper())
    if handler is None:
        raise AppError("agent-contract-invalid-action", 422)
    return await handler(member, contract_id, now)
