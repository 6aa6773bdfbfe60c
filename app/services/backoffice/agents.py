"""Agents in the console: a brand's agents with their upline, direct downlines and contracts
(every version, newest first), their recent payouts, the affiliate applications with their
decision (the same rules as the CLI's `affiliates.decide`, audited here; nobody decides an
application of their own), and the house's contract offers to top agents (the console and
the CLI's `agent-contract-offer`): permission `agents.contract`, four-eyes above the brand's
threshold for `agent.contract` (the contract's highest rate in percent), audited.

The tree, contracts and payouts stay the agents capability's (app/services/agents/*); this
module reads them for staff of the brand and records each decision in the audit log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func
from sqlalchemy.orm import aliased
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.csv_text import csv_text
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.agents import affiliates, contracts, tree
from app.services.agents import terms as pay_terms
from app.services.backoffice import approvals, audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import Brand, brands
from models import ApprovalRequest, Member
from models.agents import (
    AffiliateApplication,
    AgentContract,
    AgentPayout,
    AgentTree,
    ContractKind,
)
from models.base import saved_id

LIST_LIMIT = 200
CONTRACT_KIND = "agent.contract"  # the four-eyes kind (app/services/backoffice/approvals.py)
HUNDRED = Decimal(100)
INVALID_TERMS = "agent-contract-invalid-terms"


@dataclass(frozen=True)
class ContractLine:
    kind: str
    period: str
    version: int
    status: str
    upline: str  # the upline's username, "house" for the operator's own contract


@dataclass(frozen=True)
class AgentRow:
    id: int
    username: str
    upline: str  # "" at the top of the tree
    downlines: int  # direct
    contracts: tuple[ContractLine, ...]


@dataclass(frozen=True)
class PayoutRow:
    agent: str
    kind: str
    period_start: datetime
    period_end: datetime
    amount: Decimal


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def agent_list(staff: Staff, code: str, now: datetime) -> list[AgentRow]:
    """The brand's agents (by id), each with upline, direct downlines and contracts."""
    brand_id = await _brand_id(code)
    await require(staff, "agents.view", brand_id, now)
    upline_member = aliased(Member)
    async with session_scope() as session:
        agents = (
            await session.exec(
                select(Member.id, Member.username)
                .where(
                    Member.merchant_id == brand_id,
                    col(Member.account_type).in_(get_settings().agent_account_types),
                )
                .order_by(col(Member.id))
                .limit(LIST_LIMIT)
            )
        ).all()
        ids = [saved_id(i) for i, _ in agents]
        uplines = dict(
            (
                await session.exec(
                    select(AgentTree.descendant_id, upline_member.username)
                    .join(upline_member, col(upline_member.id) == AgentTree.ancestor_id)
                    .where(col(AgentTree.descendant_id).in_(ids), AgentTree.depth == 1)
                )
            ).all()
        )
        downlines = dict(
            (
                await session.exec(
                    select(AgentTree.ancestor_id, func.count())
                    .where(col(AgentTree.ancestor_id).in_(ids), AgentTree.depth == 1)
                    .group_by(col(AgentTree.ancestor_id))
                )
            ).all()
        )
        contract_rows = (
            await session.exec(
                select(AgentContract, upline_member.username)
                .outerjoin(upline_member, col(upline_member.id) == AgentContract.upline_id)
                .where(col(AgentContract.downline_id).in_(ids))
                .order_by(col(AgentContract.kind), col(AgentContract.version).desc())
            )
        ).all()
    contracts: dict[int, list[ContractLine]] = {}
    for contract, upline_name in contract_rows:
        contracts.setdefault(contract.downline_id, []).append(
            ContractLine(
                contract.kind, contract.period, contract.version, contract.status,
                upline_name or "house",
            )
        )  # fmt: skip
    return [
        AgentRow(
            saved_id(agent_id),
            username,
            uplines.get(saved_id(agent_id), ""),
            int(downlines.get(saved_id(agent_id), 0)),
            tuple(contracts.get(saved_id(agent_id), [])),
        )
        for agent_id, username in agents
    ]


async def payout_list(staff: Staff, code: str, now: datetime) -> list[PayoutRow]:
    """The brand's latest agent payouts (the closes of their contract periods)."""
    brand_id = await _brand_id(code)
    await require(staff, "agents.view", brand_id, now)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AgentPayout, Member.username)
                .join(Member, col(Member.id) == AgentPayout.agent_id)
                .where(AgentPayout.merchant_id == brand_id)
                .order_by(col(AgentPayout.period_start).desc(), col(AgentPayout.id).desc())
                .limit(LIST_LIMIT)
            )
        ).all()
    return [PayoutRow(name, p.kind, p.period_start, p.period_end, p.amount) for p, name in rows]


PAYOUT_COLUMNS = ("agent", "kind", "period_start", "period_end", "amount")


async def payout_csv(staff: Staff, code: str, now: datetime) -> str:
    """The payout list as the page shows it, as CSV (stable English columns, the kind's code,
    ISO times, plain amounts); an export needs its permission beside the list's."""
    brand_id = await _brand_id(code)
    await require(staff, "reports.export", brand_id, now)
    rows = await payout_list(staff, code, now)
    return csv_text(
        PAYOUT_COLUMNS,
        (
            [r.agent, r.kind, r.period_start.isoformat(), r.period_end.isoformat(), r.amount]
            for r in rows
        ),
    )


async def applications(staff: Staff, code: str, now: datetime) -> list[affiliates.Application]:
    """The brand's affiliate applications waiting for a decision, oldest first."""
    brand_id = await _brand_id(code)
    await require(staff, "agents.view", brand_id, now)
    return await affiliates.pending(brand_id)


async def decide_application(
    staff: Staff, application_id: int, approve: bool, now: datetime
) -> affiliates.Application:
    """Approve (the member becomes an agent with an invitation code) or reject."""
    async with session_scope() as session:
        brand_id = (
            await session.exec(
                select(AffiliateApplication.merchant_id).where(
                    AffiliateApplication.id == application_id
                )
            )
        ).first()
    if brand_id is None:
        raise AppError("affiliate-application-unknown", 404)
    await require(staff, "agents.manage", brand_id, now)
    async with write_transaction() as session:
        applicant = (
            await session.exec(
                select(Member.username)
                .join(AffiliateApplication, col(AffiliateApplication.member_id) == Member.id)
                .where(AffiliateApplication.id == application_id)
            )
        ).one()
        if applicant.lower() == staff.username.lower():
            # The same person's member account: a decision of one's own.
            raise AppError("affiliate-application-own", 403)
        decided = await affiliates.decide_in(
            session, application_id, approve, staff.username, now, merchant_id=brand_id
        )
        await audit.append(
            session,
            staff.actor,
            "affiliate.approve" if approve else "affiliate.reject",
            now=now,
            merchant_id=brand_id,
            target=f"member:{decided.member_id}",
            detail={"application": application_id, "channel": decided.channel},
        )
    return decided


@dataclass(frozen=True)
class HouseOffer:
    """The house's offer made at once (`contract`), or filed for a second staff member."""

    contract: contracts.ContractView | None
    request_id: int | None


async def _top_agent(brand: Brand, agent_id: int) -> Member:
    async with session_scope() as session:
        agent = await session.get(Member, agent_id)
    if agent is None or agent.merchant_id != brand.id or not tree.is_agent(agent):
        raise AppError("agent-not-in-downline", 404)
    if agent.upline_id is not None:
        raise AppError("agent-contract-not-top", 409)  # its upline offers its contracts
    return agent


async def _house_offer(
    staff: Staff,
    brand: Brand,
    agent_id: int,
    kind: ContractKind,
    period: str,
    offered: pay_terms.Terms,
    now: datetime,
    request_id: int | None,
) -> contracts.ContractView:
    """The offer and its audit entry, in one transaction."""
    async with write_transaction() as session:
        made = await contracts.offer_in(session, brand, None, agent_id, kind, period, offered, now)
        await audit.append(
            session,
            staff.actor,
            "agent.contract.offer",
            now=now,
            merchant_id=brand.id,
            target=f"member:{agent_id}",
            detail={
                "contract": made.id,
                "kind": kind.value,
                "period": period,
                "version": made.version,
                "terms": offered.to_json(),
                **({"approval": request_id} if request_id is not None else {}),
            },
        )
    return made


async def offer_house_contract(
    staff: Staff,
    code: str,
    agent: int | str,
    kind: object,
    period: object,
    raw_terms: Any,
    request_key: str,
    now: datetime,
    reason: str = "",
) -> HouseOffer:
    """The house offers a top agent (no upline) a contract: at once up to the brand's
    threshold (the highest rate, in percent, alone and with the day's other offers of the
    same staff member and agent), else as an approval request, which needs the maker's
    `reason`. `request_key` is the form's own: a repeated submit is the same offer.
    `agent`: its id, or its user name as the operator types it."""
    brand = await brands.by_code(code)
    await require(staff, "agents.contract", brand.id, now)
    contract_kind, period_code, offered = contracts.checked_terms(brand, kind, period, raw_terms)
    agent_id = agent if isinstance(agent, int) else await _member_id(brand, agent)
    top = await _top_agent(brand, agent_id)
    key = request_key.strip()[:64]
    if len(key) < 16:
        raise AppError(INVALID_TERMS, 422)
    rate = (offered.top_rate * HUNDRED).quantize(Decimal("0.01"))
    decided = await approvals.decide(
        staff,
        approvals.Action(
            kind=CONTRACT_KIND,
            merchant_id=brand.id,
            amount=rate,
            subject=f"member:{agent_id}",
            key=f"{staff.id}:{key}",
            payload={
                "member": agent_id,  # whom it is for, as every kind names it
                "kind": contract_kind.value,
                "period": period_code,
                "terms": offered.to_json(),
                "reason": reason.strip()[:200],
            },
            summary=f"{top.username}: {contract_kind.value} ({period_code}) {rate}%",
        ),
        lambda: _house_offer(
            staff, brand, agent_id, contract_kind, period_code, offered, now, None
        ),
        now,
    )
    if decided.request is not None:
        return HouseOffer(None, decided.request.id)
    return HouseOffer(decided.done, None)


async def _run_house_offer(
    request: ApprovalRequest, approver: Staff, now: datetime
) -> dict[str, Any]:
    brand = await brands.by_id(request.merchant_id or 0)
    payload = request.payload
    contract_kind, period_code, offered = contracts.checked_terms(
        brand, payload["kind"], payload["period"], payload["terms"]
    )
    agent_id = int(payload["member"])
    await _top_agent(brand, agent_id)
    made = await _house_offer(
        approver, brand, agent_id, contract_kind, period_code, offered, now, request.id
    )
    return {"contract": made.id}


async def _member_id(brand: Brand, username: str) -> int:
    """The id of a brand's member by user name (operators name agents as they know them)."""
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Member.id).where(
                    Member.merchant_id == brand.id,
                    func.lower(Member.username) == username.strip().lower(),
                )
            )
        ).first()
    if found is None:
        raise AppError("agent-not-in-downline", 404)
    return saved_id(found)


APPROVAL_EXECUTORS = ((CONTRACT_KIND, _run_house_offer),)
