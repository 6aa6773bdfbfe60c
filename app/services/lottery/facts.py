"""Wager facts of lottery bets: one per settled, cancelled or refunded bet, written through
the platform's fact store (app/services/wager_facts.py) in the transaction that moved its
money. A ticket is a round of its own (round_ref = the bet's uid): settling it writes a
SETTLED fact; a cancel or a void's refund closes it as VOIDED with nothing left of it."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import wager_facts
from app.services.lottery.games import game
from app.services.lottery.plays import Mode
from models.facts import FactKind
from models.lottery import BetStatus, LotteryBet

LOTT, ELOTT = "LOTT", "ELOTT"
ZERO = wager_facts.ZERO


def wager_fact(bet: LotteryBet, now: datetime) -> wager_facts.Fact:
    """The fact of a bet that settlement (or a cancel or refund) just closed."""
    refunded = bet.status in (BetStatus.CANCELLED, BetStatus.REFUNDED)
    return wager_facts.Fact(
        member_id=bet.member_id,
        brand_id=bet.merchant_id,
        vendor=game(bet.game_code).vendor,
        game_code=bet.game_code,
        category=ELOTT if bet.prize_mode == Mode.ELOTT else LOTT,
        currency=bet.currency,
        round_ref=bet.uid,
        bet=ZERO if refunded else bet.stake,
        valid_bet=ZERO if refunded else bet.stake,
        win=ZERO if refunded else bet.payout,
        settled_at=now,
        kind=FactKind.VOIDED if refunded else FactKind.SETTLED,
    )


def settled_fact(
    *,
    member_id: int,
    merchant_id: int,
    game_code: str,
    prize_mode: str,
    currency: str,
    uid: str,
    stake: Decimal,
    payout: Decimal,
    now: datetime,
) -> wager_facts.Fact:
    """The SETTLED fact of a bet paid `payout` (settlement's batches build it from columns)."""
    return wager_facts.Fact(
        member_id=member_id,
        brand_id=merchant_id,
        vendor=game(game_code).vendor,
        game_code=game_code,
        category=ELOTT if prize_mode == Mode.ELOTT else LOTT,
        currency=currency,
        round_ref=uid,
        bet=stake,
        valid_bet=stake,
        win=payout,
        settled_at=now,
        kind=FactKind.SETTLED,
    )


async def record_wager_fact(session: AsyncSession, bet: LotteryBet, now: datetime) -> None:
    """Write the bet's fact inside the transaction that moved its money (`session`)."""
    await wager_facts.record(session, [wager_fact(bet, now)])
