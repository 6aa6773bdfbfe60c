"""What the lottery pages need beyond the read model (`views`, shared with the API): which
area a page path shows, how each play is picked (the picker's layout), a bet slip's quote
before the bet (bet count, stake and the payout of each selection), exact RTPs as the page
shows them, and whether a bet can still be cancelled. Pure: no database, nothing written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_FLOOR, Decimal
from typing import Any

from app.services.lottery import bets as bet_service
from app.services.lottery import issues as issue_service
from app.services.lottery import views
from app.services.lottery.families import FAMILIES
from app.services.lottery.games import Game
from app.services.lottery.plays import WIN, Play
from models import Merchant
from models.lottery import BetStatus

CENT = Decimal("0.01")
# Spec 3: lottery image categories (a family without one uses the default icon).
IMAGE_CATEGORIES: dict[str, str] = {
    "11x5": "11X5",
    "lf": "LF",
    "lhc": "LHC",
    "pk10": "PK10",
    "ssc": "SSC",
}
# How a play is picked on the page.
POSITIONS, NUMBERS, OPTIONS, DIGITS = "positions", "numbers", "options", "digits"


def market(currency: str, symbol: str = "") -> Merchant:
    """The only thing the bet checks and the read model read of a brand is its market (the
    currency sets the RTP floor; its `symbol` writes a refusal's limits): a stand-in row for
    a brand of that currency."""
    return Merchant(code="", name="", main_domain="", currency=currency, currency_symbol=symbol)


def area_of_vendor(vendor: str) -> str:
    """The read model's area of a lottery page's vendor (spec 2: TCG_LOTTO_VN → VN ...)."""
    return views.VENDOR_AREAS.get(vendor, views.LOTT)


def image_category(family: str) -> str:
    return IMAGE_CATEGORIES.get(family, "")


def game_minutes(found: Game) -> int:
    """Minutes between draws of a fast game; 0 for an official one."""
    return int(found.interval.total_seconds() // 60) if found.interval is not None else 0


# ---- plays: which are offered, how they are picked -------------------------------------------


@dataclass(frozen=True)
class PlayShape:
    """How the page picks a play's selection: `kind` POSITIONS (one row of numbers per
    position), NUMBERS (one row, at least `need` numbers), OPTIONS (named options, in rows by
    position), DIGITS (typed `digits`-digit numbers)."""

    kind: str
    rows: int = 1
    low: int = 0
    high: int = 0
    need: int = 1
    digits: int = 0
    options: tuple[str, ...] = ()


def shape(found: Play) -> PlayShape:
    fam = FAMILIES[found.family]
    sample = found.unit_bets()[0]
    if found.family in ("vns", "vnn", "4d"):
        # Đá pairs numbers: its single bets are pairs, so at least two are typed.
        return PlayShape(DIGITS, digits=len(str(sample[0])), need=len(sample))
    if isinstance(sample[0], str):
        return PlayShape(OPTIONS, options=tuple(str(s[0]) for s in found.unit_bets()))
    if ".direct" in found.code:
        return PlayShape(POSITIONS, rows=len(sample), low=fam.low, high=fam.high)
    return PlayShape(NUMBERS, low=fam.low, high=fam.high, need=len(sample))


def option_row(option: str) -> str:
    """The row an option sits in: its position ("1" of "1:big"), or "" for one row."""
    head, sep, _ = option.partition(":")
    return head if sep else ""


def option_name(option: str) -> str:
    return option.partition(":")[2] or option


def rtp_percent(value: Decimal) -> str:
    """An RTP (0.9000) as a percentage with two decimals, rounded down (never shown higher)."""
    return f"{(value * 100).quantize(CENT, ROUND_FLOOR):.2f}"


# ---- the bet slip's quote --------------------------------------------------------------------


@dataclass(frozen=True)
class QuoteLine:
    """What a selection pays if it wins: its paytable line, the odds, the amount per win."""

    line: str
    odds: Decimal
    pays: Decimal


@dataclass(frozen=True)
class Quote:
    bet_count: int
    unit: Decimal
    multiplier: int
    stake: Decimal
    lines: tuple[QuoteLine, ...]


def option_line(table: Mapping[str, Decimal], option: str) -> str:
    """The paytable line an option earns when it wins ("1:big" → "big", "3" → "3")."""
    for line in (option, option_name(option), WIN):
        if line in table:
            return line
    return max(table, key=lambda name: table[name])


def quote(currency: str, request: bet_service.BetRequest, symbol: str = "") -> Quote:
    """Bet count, stake, and what each selection pays before the bet, for a brand of this
    currency (the same checks as placing it: a refused selection raises the same AppError,
    its limits written with the currency's `symbol`)."""
    checked = bet_service.check(market(currency, symbol), request)
    table = checked.play.table(checked.mode)
    per_unit = checked.unit * checked.multiplier
    if shape(checked.play).kind == OPTIONS:
        names = [option_line(table, str(single[0])) for single in checked.singles]
    else:
        names = list(table)
    lines: list[QuoteLine] = []
    for name in dict.fromkeys(names):
        odds = table[name]
        pays = (odds * per_unit).quantize(CENT, ROUND_FLOOR)  # per winning single bet (or lô)
        lines.append(QuoteLine(name, odds, pays))
    return Quote(checked.bet_count, checked.unit, checked.multiplier, checked.stake, tuple(lines))


# ---- the member's bets -----------------------------------------------------------------------


def issues_of(bet: views.BetView) -> str:
    """The issue a bet is on, and the second station's for đá on two stations."""
    return f"{bet.issue_no} + {bet.partner_issue_no}" if bet.partner_issue_no else bet.issue_no


def cancellable(bet: views.BetView, now: datetime) -> bool:
    """Can the member still cancel this bet (pending, its issue taking bets, before close)?"""
    return (
        bet.status == BetStatus.PENDING
        and bet.issue_status in issue_service.BETTING
        and now < bet.close_at
    )


def selection_text(singles: Sequence[Sequence[Any]]) -> tuple[str, ...]:
    """A placed bet's single bets as short texts ("1 2 3", "big", "1:big")."""
    return tuple(" ".join(str(part) for part in single) for single in singles)
