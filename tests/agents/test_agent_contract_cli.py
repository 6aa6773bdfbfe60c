"""The house's contract from the command line, on a deployment with no contract yet: a staff
member offers a top agent a daily salary contract (`agent-contract-offer`), the agent accepts
it, its player plays, the period-close job pays the agent. An offer above the brand's
threshold waits for a second staff member and its maker cannot approve it; a second staff
member approves it (`approvals approve`), and that dividend is paid in turn."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlmodel import select

from app import cli
from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope
from app.jobs import agent_pay
from app.services.agents import contracts, periods
from models import Member
from models.agents import AgentPayout, ContractKind, ContractStatus
from models.base import utcnow
from tests.helpers.agents import brand, downline, fact, top_agent
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, make_staff_account


async def _world() -> tuple[tuple[str, str], tuple[str, str], Member, Member]:
    """Two staff admins of BR1 (each login takes an authenticator step), a top agent and its
    player (this loop's connections let go at the end: the CLI runs its own)."""
    try:
        first = await make_staff_account("admin", "BR1")
        second = await make_staff_account("admin", "BR1")
        top = await top_agent()
        return first, second, top, await downline(top, as_agent=False)
    finally:
        await dispose_engine()
        await close_redis()


async def _accept_play_and_close(
    top: Member, player: Member, kind: ContractKind, period: str
) -> tuple[Decimal, str]:
    """The agent accepts the house's offer, its player bets 200.00 today and wins 150.00 back,
    the period's close runs (the job, by hand, an hour or two after the period ends): what the agent
    was paid, and its pay line's formula."""
    try:
        [offer] = [
            c
            for c in await contracts.member_contracts(top)
            if c.status == ContractStatus.OFFERED and c.kind == kind
        ]
        now = utcnow()
        await contracts.accept(top, offer.id, now)
        await fact(player, "200.00", "150.00", now)
        br1 = await brand()
        start, end = periods.bounds(period, now, br1.timezone)
        # A job's tick runs once: on a week's last day the daily close's tick (an hour after
        # the day) would be the weekly one's too, so the week closes an hour later.
        tick = end + timedelta(hours=1 if period == "D" else 2)
        assert (await agent_pay.run_once(agent_pay.PERIODS_JOB, tick)).ran
        async with session_scope() as session:
            paid = (
                await session.exec(
                    select(AgentPayout).where(
                        AgentPayout.agent_id == top.id, AgentPayout.period_start == start
                    )
                )
            ).one()
        return paid.amount, str(paid.line["formula"])
    finally:
        await dispose_engine()
        await close_redis()


async def _offers(top: Member) -> list[contracts.ContractView]:
    try:
        return await contracts.member_contracts(top)
    finally:
        await dispose_engine()
        await close_redis()


def test_the_house_offers_from_the_cli_and_the_agent_is_paid(
    engine_released: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (maker, secret), (other, other_secret), top, player = asyncio.run(_world())
    monkeypatch.setenv("STAFF_PASSWORD", STAFF_PASSWORD)

    # Above the threshold (30 % > 1.00): filed, and its maker cannot approve it.
    monkeypatch.setenv("STAFF_CODE", code_at(secret))
    dividend = ["agent-contract-offer", "BR1", top.username, "DIVIDEND", "--period", "W"]
    why = ["--reason", "brings the Recife team"]  # filed for a checker: the maker says why
    assert cli.main([*dividend, "--rate", "30", *why, "--staff", maker]) == 0
    found = re.search(r"request #(\d+)", capsys.readouterr().out)
    assert found is not None
    monkeypatch.setenv("STAFF_CODE", code_at(secret, 1))
    assert cli.main(["approvals", "approve", found.group(1), "--staff", maker]) == 1
    assert "Another staff member must approve" in capsys.readouterr().err
    assert asyncio.run(_offers(top)) == []

    # Within it: offered at once; accepted, the team plays, the period-close job pays.
    monkeypatch.setenv("STAFF_CODE", code_at(other_secret))
    offer = ["agent-contract-offer", "BR1", top.username, "DAILY_SALARY", "--rate", "0.5"]
    assert cli.main([*offer, "--staff", other]) == 0
    said = capsys.readouterr().out
    assert re.search(rf"contract #\d+ offered to {top.username}: DAILY_SALARY v1", said), said
    amount, formula = asyncio.run(
        _accept_play_and_close(top, player, ContractKind.DAILY_SALARY, "D")
    )
    assert amount == Decimal("1.00")  # 0.5 % of the team's valid bet of 200.00
    assert formula.startswith("tier 1: 0.005")


def test_a_second_staff_member_approves_the_dividend_from_the_cli_and_the_agent_is_paid(
    engine_released: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (maker, secret), (other, other_secret), top, player = asyncio.run(_world())
    monkeypatch.setenv("STAFF_PASSWORD", STAFF_PASSWORD)

    monkeypatch.setenv("STAFF_CODE", code_at(secret))
    dividend = ["agent-contract-offer", "BR1", top.username, "DIVIDEND", "--period", "W"]
    why = ["--reason", "runs the Recife team"]
    assert cli.main([*dividend, "--rate", "30", *why, "--staff", maker]) == 0
    found = re.search(r"request #(\d+)", capsys.readouterr().out)
    assert found is not None
    assert asyncio.run(_offers(top)) == []  # filed, not offered: above the threshold

    monkeypatch.setenv("STAFF_CODE", code_at(other_secret))
    assert cli.main(["approvals", "approve", found.group(1), "--staff", other]) == 0
    amount, formula = asyncio.run(_accept_play_and_close(top, player, ContractKind.DIVIDEND, "W"))
    assert amount == Decimal("15.00")  # 30 % of the team's net loss of 50.00 in the week
    assert formula.startswith("tier 1: 0.3"), formula
