"""The agents console: an affiliate application decided from the console (the member becomes
an agent with an invitation code; the decision is audited), the brand's agents with their
upline, downlines and contracts, and the refusals (another brand, a decided application)."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.agents import affiliates, tree
from app.services.backoffice import agents
from models import AffiliateCode, AuditEntry, Member
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff


async def _member(member_id: int) -> Member:
    async with session_scope() as session:
        found = await session.get(Member, member_id)
    assert found is not None
    return found


async def test_an_application_approved_from_the_console() -> None:
    applicant = await make_member("BR1")
    assert applicant.id is not None
    application = await affiliates.apply(
        applicant, "my sports blog", "football fans", utcnow(), accepted_terms=True
    )
    marketing = await make_staff("marketing", "BR1")
    waiting = await agents.applications(marketing, "BR1", utcnow())
    assert application.id in {a.id for a in waiting}

    other = await make_staff("marketing", "BR2")
    with pytest.raises(AppError) as refused:
        await agents.decide_application(other, application.id, True, utcnow())
    assert refused.value.code == "staff-forbidden"

    decided = await agents.decide_application(marketing, application.id, True, utcnow())
    assert decided.status == affiliates.APPROVED
    assert tree.is_agent(await _member(applicant.id))
    async with session_scope() as session:
        code = (
            await session.exec(select(AffiliateCode).where(AffiliateCode.agent_id == applicant.id))
        ).first()
        [entry] = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "affiliate.approve",
                    AuditEntry.target == f"member:{applicant.id}",
                )
            )
        ).all()
    assert code is not None
    assert (
        entry.staff_id == marketing.id and json.loads(entry.detail)["application"] == application.id
    )
    assert application.id not in {
        a.id for a in await agents.applications(marketing, "BR1", utcnow())
    }

    with pytest.raises(AppError) as twice:
        await agents.decide_application(marketing, application.id, False, utcnow())
    assert twice.value.code == "affiliate-application-unknown"

    listed = {row.id: row for row in await agents.agent_list(marketing, "BR1", utcnow())}
    assert listed[applicant.id].username == applicant.username


async def test_a_rejection_leaves_a_member_a_member() -> None:
    applicant = await make_member("BR1")
    assert applicant.id is not None
    application = await affiliates.apply(
        applicant, "instagram page", "", utcnow(), accepted_terms=True
    )
    marketing = await make_staff("marketing", "BR1")
    decided = await agents.decide_application(marketing, application.id, False, utcnow())
    assert decided.status == affiliates.REJECTED
    assert not tree.is_agent(await _member(applicant.id))
    with pytest.raises(AppError) as unknown:
        await agents.decide_application(marketing, 2_000_000_000, True, utcnow())
    assert unknown.value.code == "affiliate-application-unknown"


async def test_the_tree_shows_upline_downlines_and_contracts() -> None:
    """The demo seed's agents of BR1: each downline's upline is an agent listed too, and the
    direct downline counts add up to the agents that have an upline."""
    marketing = await make_staff("marketing", "BR1")
    rows = await agents.agent_list(marketing, "BR1", utcnow())
    names = {row.username for row in rows}
    with_upline = [row for row in rows if row.upline]
    assert all(row.upline in names for row in with_upline)
    assert sum(row.downlines for row in rows) >= len(with_upline)
    for row in rows:
        versions = [(c.kind, c.version) for c in row.contracts]
        assert versions == sorted(versions, key=lambda kv: (kv[0], -kv[1]))
    assert isinstance(await agents.payout_list(marketing, "BR1", utcnow()), list)
