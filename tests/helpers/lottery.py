"""Lottery test helpers: each test gets its own day of issues (the database is shared by the
whole session), members with money, and reads of what the ledger and bet tables hold."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services.lottery import issues
from app.services.lottery.bets import BetRequest
from models import LedgerTransaction, LotteryBet, LotteryIssue, Member
from tests.helpers.accounts import make_member
from tests.helpers.money import fund

_days = itertools.count()


def new_day() -> datetime:
    """Midnight of a day no other test uses, as a UTC clock reading. Each is a day before the
    ones handed out earlier: a test that runs the draws at its day's times never finds the
    issues earlier tests left undrawn on their days as due (a backlog of the whole session,
    which the draws would draw and settle first: minutes, and no production case)."""
    return datetime(2040, 1, 1, tzinfo=UTC) - timedelta(days=next(_days))


async def open_issue(game_code: str = "ssc-1m") -> tuple[LotteryIssue, datetime]:
    """A fresh day's first issues of the game, advanced to the first one's betting time;
    returns that issue (OPEN) and the clock reading inside its betting window."""
    day = new_day()
    await issues.create_issues(day, timedelta(minutes=10), [game_code])
    first = (await issues.upcoming(game_code, day, 1))[0]
    now = first.open_at + timedelta(seconds=1)
    await issues.advance(now)
    return await issues.find(game_code, first.issue_no), now


async def player(amount: str = "1000.00") -> Member:
    member = await make_member()
    assert member.id is not None
    await fund(member.id, amount)
    return member


async def void(issue_id: int, reason: str, now: datetime) -> None:
    """Void an issue as the back office does once a second staff member approved it (the
    four-eyes steps before it: tests/backoffice/test_four_eyes_policy.py)."""
    async with write_transaction() as session:
        await issues.void_locked(session, issue_id, reason, now, staff="test")


def request(
    play_code: str,
    selection: dict,
    unit: str = "1.00",
    multiplier: int = 1,
    mode: str = "LOTT",
    game_code: str = "ssc-1m",
) -> BetRequest:
    return BetRequest(game_code, play_code, mode, selection, unit, multiplier)


async def bets_of(member: Member) -> list[LotteryBet]:
    async with session_scope() as session:
        found = await session.exec(
            select(LotteryBet).where(LotteryBet.member_id == member.id).order_by(col(LotteryBet.id))
        )
        return list(found.all())


async def transactions_of(member: Member, kind: str) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LedgerTransaction)
                .where(LedgerTransaction.member_id == member.id, LedgerTransaction.kind == kind)
            )
        ).one()
