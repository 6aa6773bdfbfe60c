"""Settlement: every pending bet of a drawn issue paid once, and every bet of a voided issue
refunded once.

Bets are settled in batches, each batch one write transaction in which, per bet, the bet row
changes (PENDING → SETTLED), the win is posted on the ledger (key `lottery:<uid>:win`) and
the wager fact is written (`record_wager_fact`). A worker killed mid-way leaves whole bets
settled and whole bets pending; the next run settles the rest. Two workers at once take
different rows (PostgreSQL `FOR UPDATE SKIP LOCKED`; SQLite writes one at a time) and each
bet's status is checked under its row lock, so nothing is paid twice.

The result is the only input besides the bets: there is no parameter, setting or path that
lets anyone choose or change what a draw paid.
"""

from __future__ import annotations

from datetime import datetime
from decimal import ROUND_FLOOR, Decimal

from sqlalchemy import update
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.services import ledger
from app.services.lottery.bets import refund
from app.services.lottery.facts import record_wager_fact
from app.services.lottery.games import game
from app.services.lottery.plays import Mode, play
from app.services.wallet_events import balance_changed
from models.ledger import AccountKind, TransactionKind
from models.lottery import (
    BetStatus,
    ChaseStatus,
    IssueStatus,
    LotteryBet,
    LotteryChase,
    LotteryIssue,
)

CENT = Decimal("0.01")
BATCH = 500
DEADLOCK_DETECTED = "40P01"  # PostgreSQL's SQLSTATE


def payout(bet: LotteryBet, result: list[int]) -> tuple[Decimal, bool]:
    """What a bet pays on a result, and whether any of its single bets won (not a tie)."""
    found = play(bet.play_code)
    mode = Mode(bet.prize_mode)
    draw = tuple(result)
    units = Decimal(0)
    won = False
    for raw in bet.selection["singles"]:
        single = tuple(raw)
        returned = found.returned(single, draw, mode)
        units += returned
        won = won or returned > found.cost(single)
    amount = (units * bet.unit * bet.multiplier).quantize(CENT, ROUND_FLOOR)
    return amount, won


async def _pay(session: AsyncSession, bet: LotteryBet, amount: Decimal, reference: str) -> int:
    cash = await ledger.account(
        session,
        merchant_id=bet.merchant_id,
        kind=AccountKind.MEMBER_CASH,
        currency=bet.currency,
        member_id=bet.member_id,
    )
    clearing = await ledger.account(
        session,
        merchant_id=bet.merchant_id,
        kind=AccountKind.VENDOR_CLEARING,
        currency=bet.currency,
        spread=bet.member_id,
    )
    assert cash.id is not None and clearing.id is not None
    posted = await ledger.move(
        session,
        merchant_id=bet.merchant_id,
        kind=TransactionKind.WIN,
        idempotency_key=f"lottery:{bet.uid}:win",
        debit_account_id=clearing.id,
        credit_account_id=cash.id,
        amount=amount,
        reference=reference,
        member_id=bet.member_id,
        metadata={"vendor": game(bet.game_code).vendor, "game_code": bet.game_code, "bet": bet.uid},
    )
    return posted.transaction_id


async def _pending(session: AsyncSession, issue_id: int, limit: int) -> list[LotteryBet]:
    found = await session.exec(
        select(LotteryBet)
        .where(LotteryBet.issue_id == issue_id, LotteryBet.status == BetStatus.PENDING)
        .order_by(col(LotteryBet.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return list(found.all())


async def _stop_chase(session: AsyncSession, chase_id: int) -> set[int]:
    """A chase bet won: refund its bets on issues not drawn yet; returns the members paid."""
    chase = (
        await session.exec(
            select(LotteryChase).where(LotteryChase.id == chase_id).with_for_update()
        )
    ).one()
    if not chase.stop_on_win or chase.status != ChaseStatus.ACTIVE:
        return set()
    chase.status = ChaseStatus.STOPPED
    session.add(chase)
    later = (
        await session.exec(
            select(LotteryBet)
            .join(LotteryIssue, col(LotteryIssue.id) == LotteryBet.issue_id)
            .where(
                LotteryBet.chase_id == chase_id,
                LotteryBet.status == BetStatus.PENDING,
                col(LotteryIssue.status).in_(
                    [IssueStatus.SCHEDULED, IssueStatus.OPEN, IssueStatus.CLOSED]
                ),
            )
            .with_for_update()
        )
    ).all()
    for bet in later:
        await refund(session, bet, BetStatus.REFUNDED, "chase-stopped")
    return {chase.member_id} if later else set()


async def _settle_batch(issue_id: int, now: datetime, batch: int) -> tuple[int, set[int]] | None:
    """One batch in one write transaction: (bets closed, members paid), or None when the
    issue has nothing left to settle."""
    paid: set[int] = set()
    async with write_transaction() as session:
        issue = await session.get(LotteryIssue, issue_id)
        if issue is None or issue.status not in (IssueStatus.DRAWN, IssueStatus.VOIDED):
            return None
        bets = await _pending(session, issue_id, batch)
        if not bets:
            await _finish(session, issue_id, now)
            return None
        reference = f"{issue.game_code}:{issue.issue_no}"
        won_chases: set[int] = set()
        for bet in bets:
            if issue.status == IssueStatus.VOIDED:
                await refund(session, bet, BetStatus.REFUNDED, "void")
            else:
                assert issue.result is not None
                amount, won = payout(bet, issue.result)
                if amount > 0:
                    bet.win_transaction_id = await _pay(session, bet, amount, reference)
                bet.payout = amount
                bet.status = BetStatus.SETTLED
                if won and bet.chase_id is not None:
                    won_chases.add(bet.chase_id)
            bet.settled_at = now
            session.add(bet)
            await record_wager_fact(session, bet, now)
            if bet.payout > 0 or issue.status == IssueStatus.VOIDED:
                paid.add(bet.member_id)
        for chase_id in sorted(won_chases):
            paid |= await _stop_chase(session, chase_id)
    return len(bets), paid


def _deadlock(failed: DBAPIError) -> bool:
    return getattr(failed.orig, "sqlstate", None) == DEADLOCK_DETECTED


async def settle_issue(issue_id: int, now: datetime, batch: int = BATCH) -> int:
    """Settle a drawn issue's pending bets (refund them if it was voided); returns how many
    bets this call closed. Safe to run in several workers at once and to run again. Two
    workers' batches lock members' accounts in different orders; when PostgreSQL breaks such
    a deadlock, the losing batch is rolled back whole and simply taken again."""
    closed = 0
    while True:
        try:
            done = await _settle_batch(issue_id, now, batch)
        except DBAPIError as failed:
            if _deadlock(failed):
                continue
            raise
        if done is None:
            return closed
        count, paid = done
        closed += count
        for member_id in sorted(paid):
            await balance_changed(member_id)


async def _finish(session: AsyncSession, issue_id: int, now: datetime) -> None:
    """No pending bet left: a drawn issue is SETTLED, a voided one marked done (once each:
    the guards on status and settled_at)."""
    await session.exec(
        update(LotteryIssue)
        .where(col(LotteryIssue.id) == issue_id, col(LotteryIssue.status) == IssueStatus.DRAWN)
        .values(status=IssueStatus.SETTLED, settled_at=now)
    )
    await session.exec(
        update(LotteryIssue)
        .where(
            col(LotteryIssue.id) == issue_id,
            col(LotteryIssue.status) == IssueStatus.VOIDED,
            col(LotteryIssue.settled_at).is_(None),
        )
        .values(settled_at=now)
    )


async def settle_due(now: datetime) -> int:
    """Settle every drawn issue and refund every voided one with bets left; the job's work."""
    async with session_scope() as session:
        due = (
            await session.exec(
                select(LotteryIssue.id).where(
                    col(LotteryIssue.status).in_([IssueStatus.DRAWN, IssueStatus.VOIDED]),
                    col(LotteryIssue.settled_at).is_(None),
                )
            )
        ).all()
    closed = 0
    for issue_id in due:
        if issue_id is not None:
            closed += await settle_issue(issue_id, now)
    return closed
