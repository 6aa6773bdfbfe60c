"""The play catalogue: every play of every family, as data.

What a play is and how its paytables read: play_kinds.py; the plays themselves:
play_families.py. Their public names are importable from here.

The exact RTP of a play in a mode is computed by enumerating every outcome of what the play
reads (`space`: each view with its exact probability) for each of its representative single
bets, and is the lowest of them; `rtp` below. Plays whose draws are sums over prizes (Vietnam,
4D) are enumerated prize by prize: their return is the sum of the prizes' returns, so its
expectation is the sum of the per-prize expectations, exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

from app.core.errors import AppError
from app.services.lottery.play_families import catalogue
from app.services.lottery.play_kinds import (
    MAX_SINGLE_BETS,
    PRIZE_GROUPS,
    TIE,
    WIN,
    Mode,
    Play,
    Single,
    pair_play,
)

__all__ = [
    "MAX_SINGLE_BETS",
    "PLAYS",
    "PRIZE_GROUPS",
    "TIE",
    "WIN",
    "Mode",
    "Play",
    "Single",
    "bet_count",
    "expected_return",
    "offered",
    "pair_play",
    "play",
    "rtp",
    "rtp_table",
]

PLAYS: dict[str, Play] = catalogue()


def play(code: str) -> Play:
    found = PLAYS.get(code) if isinstance(code, str) else None
    if found is None:
        raise AppError("lottery-play-unknown", 404)
    return found


# ---- bet counting and exact RTP ------------------------------------------------------------------


def bet_count(play_code: str, selection: Mapping[str, Any]) -> int:
    """How many stake units a selection makes: the sum of its single bets' costs."""
    found = play(play_code)
    return sum(found.cost(single) for single in found.expand(selection))


def expected_return(found: Play, single: Single, mode: Mode) -> Fraction:
    """The exact expected return of one single bet, in stake units, over every outcome."""
    table = found.tables[mode]
    lines = found.lines
    total = Fraction(0)
    for weight, views in found.space(single):
        # counted by hand: Counter.update's type checks were a third of the table's time
        earned: dict[str, int] = {}
        for view in views:
            for line in lines(single, view):
                earned[line] = earned.get(line, 0) + 1
        for line, count in earned.items():
            value = Fraction(1) if line == TIE else Fraction(table.get(line, 0))
            total += weight * count * value
    return total


@cache
def rtp(play_code: str, mode: Mode) -> Fraction:
    """The play's exact RTP in a mode: the lowest over its representative single bets."""
    found = play(play_code)
    return min(
        expected_return(found, single, mode) / found.cost(single) for single in found.unit_bets()
    )


def rtp_table() -> dict[tuple[str, Mode], Fraction]:
    return {(p.code, mode): rtp(p.code, mode) for p in PLAYS.values() for mode in p.modes}


def offered(play_code: str, mode: Mode, min_rtp: Decimal) -> bool:
    """Does a brand whose floor is `min_rtp` (0.85 for Brazil) offer this play in this mode?"""
    found = play(play_code)
    return mode in found.tables and rtp(play_code, mode) >= Fraction(min_rtp)
