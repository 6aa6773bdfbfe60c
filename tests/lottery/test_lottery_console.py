"""The lottery console: a game's issues with their bets and state; a void asked by all-brand
staff and approved by a second one refunds every bet through settlement, is in the lottery's
and the console's audit logs, and is refused to brand staff, without a reason, and once
betting has closed."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import approvals, lottery
from app.services.lottery import bets, issues, settlement
from models import AuditEntry, LotteryAudit
from models.base import utcnow
from models.lottery import BetStatus, IssueStatus
from tests.helpers.backoffice import make_staff
from tests.helpers.lottery import bets_of, open_issue, player, request
from tests.helpers.money import cash


async def test_a_void_from_the_console_refunds_and_is_audited() -> None:
    issue, now = await open_issue("lf-3m")
    member = await player("20.00")
    await bets.place_bet(
        member,
        issue.issue_no,
        request("lf.position", {"options": ["1:3"]}, "2.00", game_code="lf-3m"),
        now,
    )
    admin = await make_staff("admin", None)
    [row] = [r for r in await lottery.issue_list(admin, "lf-3m", "OPEN", now) if r.id == issue.id]
    assert (row.bets, row.pending_bets, row.stakes) == (1, 1, {"BRL": Decimal("2.00")})

    with pytest.raises(AppError) as refused:
        await lottery.void(admin, issue.id or 0, "   ", now)
    assert refused.value.code == "lottery-void-reason"
    brand_admin = await make_staff("admin", "BR1")
    with pytest.raises(AppError) as refused:
        await lottery.void(brand_admin, issue.id or 0, "feed outage", now)
    assert refused.value.code == "staff-forbidden"

    asked = await lottery.void(admin, issue.id or 0, "feed  outage", now)
    # A void refunds every bet: it waits for a second staff member (four-eyes).
    assert (await issues.find("lf-3m", issue.issue_no)).status == IssueStatus.OPEN
    with pytest.raises(AppError) as own:
        await approvals.approve(admin, asked, now)
    assert own.value.code == "approval-own-request"
    checker = await make_staff("admin", None)
    approved = await approvals.approve(checker, asked, now)
    assert approved.status == approvals.EXECUTED and approved.result["status"] == "VOIDED"
    assert await settlement.settle_due(now) >= 1
    assert await cash(member) == Decimal("20.00")
    assert {bet.status for bet in await bets_of(member)} == {BetStatus.REFUNDED}
    [voided] = [r for r in await lottery.issue_list(admin, "lf-3m", "", now) if r.id == issue.id]
    assert voided.void_reason == "feed outage" and voided.pending_bets == 0

    async with session_scope() as session:
        [entry] = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "lottery.void",
                    AuditEntry.target == f"lf-3m:{issue.issue_no}",
                )
            )
        ).all()
        [trail] = (
            await session.exec(
                select(LotteryAudit)
                .where(LotteryAudit.issue_id == issue.id)
                .order_by(col(LotteryAudit.id).desc())
            )
        ).all()[:1]
    assert entry.staff_id == checker.id and json.loads(entry.detail)["reason"] == "feed outage"
    assert json.loads(entry.detail)["approval"] == asked
    assert trail.action == "voided" and trail.detail["staff"] == checker.username

    with pytest.raises(AppError) as twice:
        await lottery.void(admin, issue.id or 0, "again", now)
    assert twice.value.code == "lottery-void-not-allowed"


async def test_unknown_game_or_status_is_refused() -> None:
    admin = await make_staff("admin", None)
    for game, status in (("nope", ""), ("lf-3m", "LOST")):
        with pytest.raises(AppError) as refused:
            await lottery.issue_list(admin, game, status, utcnow())
        assert refused.value.code == "lottery-game-unknown"
