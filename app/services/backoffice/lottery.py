"""Lottery in the console: the issues (draws) of each game with their result and settlement
state, the void of an issue and the typed result of an official one.

Lottery games and their issues serve every brand at once, so these use cases ask for the
permission over every brand (`merchant_id` None): only all-brand staff hold it. A void (its
bets are refunded) and a typed official result (its bets are paid on it) move money, so
both go through the four-eyes policy: one staff member asks, a second one approves, and the
change runs then. The rules are the lottery's (`issues.check_void`, `issues.void_locked`,
`issues.check_manual_result`, `issues.apply_manual_result`), checked when asked and again
when approved; the audit entry is written in the change's transaction."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import case
from sqlalchemy import select as core_select
from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import approvals, audit
from app.services.backoffice.staff import Staff, require
from app.services.lottery import issues
from app.services.lottery.games import GAMES
from models import ApprovalRequest
from models.base import saved_id
from models.lottery import BetStatus, LotteryBet, LotteryIssue

LIST_LIMIT = 50
VOID_KIND = "lottery.void"
RESULT_KIND = "lottery.result"
STATUSES = ("", "SCHEDULED", "OPEN", "CLOSED", "DRAWN", "SETTLED", "VOIDED")


@dataclass(frozen=True)
class IssueRow:
    id: int
    game_code: str
    issue_no: str
    official: bool
    status: str
    close_at: datetime
    draw_at: datetime
    result: str  # the drawn numbers, "" before the draw
    result_source: str
    bets: int
    pending_bets: int  # not settled yet (still waiting for the draw or settlement)
    stakes: dict[str, Decimal]  # by currency: the brands playing one game may keep different
    void_reason: str


@dataclass
class _Totals:
    """An issue's bets, those not settled yet, and its stakes by currency."""

    bets: int = 0
    pending: int = 0
    stakes: dict[str, Decimal] = field(default_factory=dict)


def game_codes() -> list[str]:
    return sorted(GAMES)


async def issue_list(staff: Staff, game_code: str, status: str, now: datetime) -> list[IssueRow]:
    """The game's latest issues (by draw time), optionally of one status, with their bets."""
    await require(staff, "lottery.view", None, now)
    if game_code not in GAMES or status not in STATUSES:
        raise AppError("lottery-game-unknown", 404)
    filters = [LotteryIssue.game_code == game_code]
    if status:
        filters.append(LotteryIssue.status == status)
    async with session_scope() as session:
        found = (
            await session.exec(
                select(LotteryIssue)
                .where(*filters)
                .order_by(col(LotteryIssue.draw_at).desc())
                .limit(LIST_LIMIT)
            )
        ).all()
        ids = [saved_id(issue.id) for issue in found]
        totals: defaultdict[int, _Totals] = defaultdict(_Totals)
        connection = await session.connection()  # five columns: past sqlmodel's select
        for issue_id, currency, count, pending, stake in (
            await connection.execute(
                core_select(
                    col(LotteryBet.issue_id),
                    col(LotteryBet.currency),
                    func.count(),
                    func.sum(case((col(LotteryBet.status) == BetStatus.PENDING, 1), else_=0)),
                    func.sum(col(LotteryBet.stake)),
                )
                .where(col(LotteryBet.issue_id).in_(ids))
                .group_by(col(LotteryBet.issue_id), col(LotteryBet.currency))
            )
        ).all():
            issue_totals = totals[issue_id]
            issue_totals.bets += int(count)
            issue_totals.pending += int(pending or 0)
            issue_totals.stakes[currency] = Decimal(stake or 0)
    return [
        IssueRow(
            id=saved_id(issue.id),
            game_code=issue.game_code,
            issue_no=issue.issue_no,
            official=issue.official,
            status=issue.status,
            close_at=issue.close_at,
            draw_at=issue.draw_at,
            result=" ".join(str(n) for n in issue.result or []),
            result_source=issue.result_source or "",
            bets=totals[saved_id(issue.id)].bets,
            pending_bets=totals[saved_id(issue.id)].pending,
            stakes=totals[saved_id(issue.id)].stakes,
            void_reason=issue.void_reason or "",
        )
        for issue in found
    ]


async def _issue(issue_id: int) -> LotteryIssue:
    async with session_scope() as session:
        found = await session.get(LotteryIssue, issue_id)
    if found is None:
        raise AppError("lottery-issue-unknown", 404)
    return found


def _target(issue: LotteryIssue) -> str:
    return f"{issue.game_code}:{issue.issue_no}"


async def void(staff: Staff, issue_id: int, reason: str, now: datetime) -> int:
    """Ask for the issue's void (its bets are refunded by settlement): a second staff member
    approves it (the four-eyes policy); returns the approval request's id."""
    await require(staff, "lottery.void", None, now)
    issue = await _issue(issue_id)
    why = issues.check_void(issue, " ".join(reason.split())[:200], now)
    decided = await approvals.decide(
        staff,
        approvals.Action(
            kind=VOID_KIND,
            merchant_id=None,
            amount=await _stake(issue_id),
            subject=f"issue:{issue_id}",
            key=f"void:{issue_id}",
            payload={"issue": issue_id, "reason": why},
            summary=f"void {_target(issue)}: {why}",
        ),
        lambda: _void(staff.actor, issue_id, why, now, None),
        now,
    )
    assert decided.request is not None  # a void always waits for a second staff member
    return decided.request.id


async def _stake(issue_id: int) -> Decimal:
    """What a void refunds (shown to the checker)."""
    async with session_scope() as session:
        total = (
            await session.exec(
                select(func.coalesce(func.sum(LotteryBet.stake), 0)).where(
                    LotteryBet.issue_id == issue_id
                )
            )
        ).one()
    return Decimal(total)


async def _void(
    actor: audit.Actor, issue_id: int, why: str, now: datetime, approval: int | None
) -> str:
    async with write_transaction() as session:
        issue = await issues.void_locked(session, issue_id, why, now, staff=actor.name)
        await audit.append(
            session,
            actor,
            "lottery.void",
            now=now,
            target=_target(issue),
            detail={"issue": issue_id, "reason": why, "approval": approval},
        )
        return issue.status


async def _run_void(request: ApprovalRequest, approver: Staff, now: datetime) -> dict[str, Any]:
    issue_id = int(request.payload["issue"])
    status = await _void(approver.actor, issue_id, str(request.payload["reason"]), now, request.id)
    return {"issue": issue_id, "status": status}


def _numbers(text: str) -> list[int]:
    """Typed numbers, separated by spaces or commas ("1 2 3", "01,02,03")."""
    words = text.replace(",", " ").split()
    if not words or len(words) > 20 or not all(w.isascii() and w.isdigit() for w in words):
        raise AppError("lottery-result-invalid", 422)
    return [int(w) for w in words]


async def enter_result(
    staff: Staff, issue_id: int, numbers_text: str, reason: str, now: datetime
) -> int:
    """Type an official issue's result (its provider failed), saying why (where the numbers
    come from): a second staff member confirms it (the four-eyes policy), then it is the
    issue's result and settlement pays on it; returns the approval request's id."""
    await require(staff, "lottery.result", None, now)
    issue = await _issue(issue_id)
    numbers = issues.check_manual_result(issue, _numbers(numbers_text[:120]))
    shown = " ".join(str(n) for n in numbers)
    decided = await approvals.decide(
        staff,
        approvals.Action(
            kind=RESULT_KIND,
            merchant_id=None,
            amount=Decimal(0),
            subject=f"issue:{issue_id}",
            key=f"result:{issue_id}:{shown}",
            payload={"issue": issue_id, "numbers": numbers, "reason": reason.strip()[:200]},
            summary=f"result {_target(issue)}: {shown}",
        ),
        lambda: _apply_result(staff.actor, issue_id, numbers, now, None),
        now,
    )
    assert decided.request is not None  # a typed result always waits for a second one
    return decided.request.id


async def _apply_result(
    actor: audit.Actor, issue_id: int, numbers: list[int], now: datetime, approval: int | None
) -> str:
    async with write_transaction() as session:
        issue = await issues.locked_issue(session, issue_id)
        await issues.apply_manual_result(session, issue, numbers, now, staff=actor.name)
        await audit.append(
            session,
            actor,
            "lottery.result",
            now=now,
            target=_target(issue),
            detail={"issue": issue_id, "numbers": numbers, "approval": approval},
        )
        return issue.status


async def _run_result(request: ApprovalRequest, approver: Staff, now: datetime) -> dict[str, Any]:
    issue_id = int(request.payload["issue"])
    numbers = [int(n) for n in request.payload["numbers"]]
    status = await _apply_result(approver.actor, issue_id, numbers, now, request.id)
    return {"issue": issue_id, "status": status}


APPROVAL_EXECUTORS = ((VOID_KIND, _run_void), (RESULT_KIND, _run_result))
