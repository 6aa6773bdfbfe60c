"""Agents in the console: a brand's agents with their upline, direct downlines and contracts
(every version, newest first), their recent payouts, and the affiliate applications with
their decision (the same rules as the CLI's `affiliates.decide`, audited here).

The tree, contracts and payouts stay the agents capability's (app/services/agents/*); this
module reads them for staff of the brand and records each decision in the audit log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func
from sqlalchemy.orm import aliased
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.agents import affiliates
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from models import Member
from models.agents import AffiliateApplication, AgentContract, AgentPayout, AgentTree
from models.base import saved_id

LIST_LIMIT = 200


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
