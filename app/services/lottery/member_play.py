"""A member's lottery play from the pages: the real-account rule (spec 4: a trial user
registers first) in front of the engine's bet, chase and cancel, and Vietnamese bet codes
turned into bets on each station's issue of the day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from app.services.accounts.members import require_real_account
from app.services.lottery import bets
from models import Member, Merchant
from models.lottery import LotteryBet, LotteryChase


async def place_bet(
    member: Member, issue_no: str, request: bets.BetRequest, now: datetime
) -> LotteryBet:
    require_real_account(member)
    return await bets.place_bet(member, issue_no, request, now)


async def place_chase(
    member: Member, request: bets.BetRequest, issues: int, now: datetime, *, stop_on_win: bool
) -> LotteryChase:
    require_real_account(member)
    return await bets.place_chase(member, request, issues, now, stop_on_win=stop_on_win)


async def cancel_bet(member: Member, bet_uid: str, now: datetime) -> LotteryBet:
    require_real_account(member)
    return await bets.cancel_bet(member, bet_uid, now)


@dataclass(frozen=True)
class CodeBet:
    """One bet a Vietnamese code makes: the station's issue of the day and the request."""

    issue_no: str
    request: bets.BetRequest


def code_bets(text: str, now: datetime, market: bets.Market) -> list[CodeBet]:
    """The bets a code makes on the draws of Vietnam's day, in the brand's money (the
    parser's AppError names the refused token)."""
    return [
        CodeBet(issue_no, request)
        for issue_no, request in bets.code_requests(text, now, market.currency)
    ]


async def place_codes(member: Member, texts: list[str], now: datetime) -> list[LotteryBet]:
    """Every bet of the typed codes, all or none (one transaction)."""
    return await bets.place_codes(member, list(texts), now)


def stake_of(found: list[CodeBet], merchant: Merchant) -> Decimal:
    return sum((bets.check(merchant, b.request).stake for b in found), Decimal("0.00"))
