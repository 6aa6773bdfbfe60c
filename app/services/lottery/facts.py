"""Wager facts of lottery bets: one per settled, cancelled or refunded bet, written through
the platform's fact store (app/services/wager_facts.py) in the transaction that moved its
money. A ticket is a round of its own (round_ref = the bet's uid): settling it writes a
SETTLED fact; a cancel or a void's refund closes it as VOIDED with nothing left of it.
Settlement writes a batch's facts in one statement, derived from the settled bets' rows
(`settled_facts`): they never leave the database."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Select, String, Table, bindparam, case, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import among_ids, id_list
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


@cache
def settled_facts(dialect: str) -> Select[Any]:
    """The SETTLED facts of settled bets of one game, derived from the bets' own rows in the
    database (`wager_facts.record_selected`): the stake is the bet and the valid bet, the
    payout the win; the same figures as `wager_fact`. Built once per dialect; its parameters
    are `settled_parameters`'."""
    return select(
        _BETS.c.member_id.label("member_id"),
        _BETS.c.merchant_id.label("brand_id"),
        bindparam("vendor", type_=String()).label("vendor"),
        _BETS.c.game_code.label("game_code"),
        case((_BETS.c.prize_mode == Mode.ELOTT.value, ELOTT), else_=LOTT).label("category"),
        _BETS.c.currency.label("currency"),
        _BETS.c.uid.label("round_ref"),
        _BETS.c.stake.label("bet"),
        _BETS.c.stake.label("valid_bet"),
        _BETS.c.payout.label("win"),
        (_BETS.c.payout - _BETS.c.stake).label("net"),
        bindparam("settled_at", type_=UTCDateTime()).label("settled_at"),
    ).where(among_ids(_BETS.c.id, "ids", dialect))


def settled_parameters(
    bet_ids: Sequence[int], vendor: str, now: datetime, dialect: str
) -> dict[str, Any]:
    """`settled_facts`' parameters: the bets (of one game, `vendor`'s) and when they settled."""
    return {"ids": id_list(bet_ids, dialect), "vendor": vendor, "settled_at": now}


async def record_wager_fact(session: AsyncSession, bet: LotteryBet, now: datetime) -> None:
    """Write the bet's fact inside the transaction that moved its money (`session`)."""
    await wager_facts.record(session, [wager_fact(bet, now)])
