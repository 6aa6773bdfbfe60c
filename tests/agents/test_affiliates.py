"""Affiliates: the application, the operator's decision (service and CLI), the referral link
with click and registration tracking."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from app.cli import main
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.agents import affiliates
from app.services.brands import brands
from models import Member
from tests.helpers.accounts import make_member

NOW = datetime(2026, 5, 4, 12, tzinfo=UTC)


async def test_apply_approve_and_the_referral_figures() -> None:
    brand = await brands.by_code("BR1")
    member = await make_member()
    with pytest.raises(AppError) as short:
        await affiliates.apply(member, "x", "", NOW, accepted_terms=True)
    assert short.value.code == "affiliate-application-invalid"
    application = await affiliates.apply(
        member, "Instagram @sorte", "football fans", NOW, accepted_terms=True
    )
    with pytest.raises(AppError) as twice:
        await affiliates.apply(member, "Instagram @sorte", "", NOW, accepted_terms=True)
    assert twice.value.code == "affiliate-application-exists"
    assert application.id in {a.id for a in await affiliates.pending()}
    with pytest.raises(AppError):
        await affiliates.referral(brand, member)  # not an agent yet
    decided = await affiliates.decide(application.id, True, "ops", NOW)
    assert decided.status == affiliates.APPROVED
    with pytest.raises(AppError):
        await affiliates.decide(application.id, False, "ops", NOW)  # decided already
    async with session_scope() as session:
        agent = await session.get(Member, member.id)
    assert agent is not None and agent.account_type == 1
    mine = await affiliates.referral(brand, agent)
    assert mine.code in mine.link and mine.clicks == 0 and mine.registrations == 0
    for ip, when in (("1.2.3.4", NOW), ("1.2.3.4", NOW), ("5.6.7.8", NOW)):
        assert await affiliates.record_click(brand, mine.code, ip, when)
    assert await affiliates.record_click(brand, mine.code, "1.2.3.4", NOW + timedelta(days=1))
    assert not await affiliates.record_click(brand, "NOPE", "1.2.3.4", NOW)
    await make_member(upline_id=agent.id, affiliate_code=mine.code)
    again = await affiliates.referral(brand, agent)
    assert (again.code, again.clicks, again.registrations) == (mine.code, 3, 1)


async def test_the_cli_lists_and_rejects(capsys: pytest.CaptureFixture[str]) -> None:
    member = await make_member()
    application = await affiliates.apply(member, "My blog", "", NOW, accepted_terms=True)
    # The CLI runs an event loop of its own: it runs in a thread.
    assert await asyncio.to_thread(main, ["affiliates", "list"]) == 0
    assert member.username in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["affiliates", "reject", str(application.id)]) == 0
    assert "REJECTED" in capsys.readouterr().out
    assert application.id not in {a.id for a in await affiliates.pending()}
