"""Wager facts of lottery bets: one per settled, cancelled or refunded bet, written in the
transaction that moved its money."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.lottery.games import game
from app.services.lottery.plays import Mode
from models.lottery import BetStatus, LotteryBet

LOTT, ELOTT = "LOTT", "ELOTT"


@dataclass(frozen=True)
class WagerFact:
    """One settled (or refunded) lottery bet as the platform's consumers read it."""

    member_id: int
    merchant_id: int
    vendor: str
    game_code: str
    category: str  # LOTT or ELOTT
    bet: Decimal
    valid_bet: Decimal
    win: Decimal
    round_id: str
    settled_at: datetime


def wager_fact(bet: LotteryBet, now: datetime) -> WagerFact:
    """The fact of a bet that settlement just closed; a refunded bet counts no valid bet."""
    refunded = bet.status in (BetStatus.CANCELLED, BetStatus.REFUNDED)
    return WagerFact(
        member_id=bet.member_id,
        merchant_id=bet.merchant_id,
        vendor=game(bet.game_code).vendor,
        game_code=bet.game_code,
        category=ELOTT if bet.prize_mode == Mode.ELOTT else LOTT,
        bet=bet.stake,
        valid_bet=Decimal("0.00") if refunded else bet.stake,
        win=bet.stake if refunded else bet.payout,
        round_id=bet.uid,
        settled_at=now,
    )


def record_wager_fact(session: AsyncSession, bet: LotteryBet, now: datetime) -> WagerFact:
    """THE place where a lottery bet's wager fact is written, inside the transaction that
    moved its money (`session`). The platform's fact table (app/services/wager_facts.py,
    `record(session, facts)`) is wired here at merge; until then the fact is built and
    returned to the caller."""
    return wager_fact(bet, now)
