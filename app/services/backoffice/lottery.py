"""Lottery in the console: the issues (draws) of each game with their result and settlement
state, and the void of an issue.

Lottery games and their issues serve every brand at once, so these use cases ask for the
permission over every brand (`merchant_id` None): only all-brand staff hold it. The void's
rules are the lottery's (`issues.void_locked`: an issue still taking bets before its close,
or an official one waiting for its result); settlement then refunds its bets. The console
adds the permission check and the audit entry in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import case
from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.lottery import issues
from app.services.lottery.games import GAMES
from models.base import saved_id
from models.lottery import BetStatus, LotteryBet, LotteryIssue

LIST_LIMIT = 50
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
    stake: Decimal
    void_reason: str


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
        totals = {
            issue_id: (int(count), int(pending or 0), Decimal(stake or 0))
            for issue_id, count, pending, stake in (
                await session.exec(
                    select(
                        LotteryBet.issue_id,
                        func.count(),
                        func.sum(case((col(LotteryBet.status) == BetStatus.PENDING, 1), else_=0)),
                        func.sum(LotteryBet.stake),
                    )
                    .where(col(LotteryBet.issue_id).in_(ids))
                    .group_by(col(LotteryBet.issue_id))
                )
            ).all()
        }
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
            bets=totals.get(saved_id(issue.id), (0, 0, Decimal(0)))[0],
            pending_bets=totals.get(saved_id(issue.id), (0, 0, Decimal(0)))[1],
            stake=totals.get(saved_id(issue.id), (0, 0, Decimal(0)))[2],
            void_reason=issue.void_reason or "",
        )
        for issue in found
    ]


async def void(staff: Staff, issue_id: int, reason: str, now: datetime) -> str:
    """Void the issue (its bets are refunded by settlement); returns its new status."""
    await require(staff, "lottery.void", None, now)
    why = " ".join(reason.split())[:200]
    async with write_transaction() as session:
        issue = await issues.void_locked(session, issue_id, None, why, now, staff=staff.username)
        await audit.append(
            session,
            staff.actor,
            "lottery.void",
            now=now,
            target=f"{issue.game_code}:{issue.issue_no}",
            detail={"issue": issue_id, "reason": why},
        )
        return issue.status
