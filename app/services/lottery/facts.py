"""Wager facts of lottery bets: one per settled, cancelled or refunded bet, written through
the platform's fact store (app/services/wager_facts.py) in the transaction that moved its
money. A ticket is a round of its own (round_ref = the bet's uid): settling it writes a
SETTLED fact; a cancel or a void's refund closes it as VOIDED with nothing left of it.
Settlement writes a batch's facts in one statement, derived from the settled bets' rows
(`settled_facts`): they never leave the database."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, String, Table, case, literal, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import among
from app.services import wager_facts
from app.services.lottery.games import game
from app.services.lottery.plays import Mode
from models.base import UTCDateTime
from models.facts import FactKind
from models.lottery import BetStatus, LotteryBet

LOTT, ELOTT = "LOTT", "ELOTT"
_BETS: Table = LotteryBet.__table__  # type: ignore[attr-defined]
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


def settled_facts(bet_ids: Sequence[int], vendor: str, now: datetime, dialect: str) -> Select[Any]:
    """The SETTLED facts of settled bets of one game (`vendor`'s), derived from the bets' own
    rows in the database (`wager_facts.record_selected`): the stake is the bet and the valid
    bet, the payout the win; the same figures as `wager_fact`."""
    return select(
        _BETS.c.member_id.label("member_id"),
        _BETS.c.merchant_id.label("brand_id"),
        literal(vendor, String()).label("vendor"),
        _BETS.c.game_code.label("game_code"),
        case((_BETS.c.prize_mode == Mode.ELOTT.value, ELOTT), else_=LOTT).label("category"),
        _BETS.c.currency.label("currency"),
        _BETS.c.uid.label("round_ref"),
        _BETS.c.stake.label("bet"),
        _BETS.c.stake.label("valid_bet"),
        _BETS.c.payout.label("win"),
        (_BETS.c.payout - _BETS.c.stake).label("net"),
        literal(now, UTCDateTime()).label("settled_at"),
    ).where(among(_BETS.c.id, bet_ids, dialect))


async def record_wager_fact(session: AsyncSession, bet: LotteryBet, now: datetime) -> None:
    """Write the bet's fact inside the transaction that moved its money (`session`)."""
    await wager_facts.record(session, [wager_fact(bet, now)])
