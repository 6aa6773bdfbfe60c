"""European roulette (one zero): straight-up pays 35:1, red/black, odd/even and low/high pay
1:1 and lose on zero. Every bet returns 36/37 = 97.30% (`rtp()` computes it per bet)."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

REDS = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
EVEN_MONEY = ("RED", "BLACK", "ODD", "EVEN", "LOW", "HIGH")


def wins(bet_on: str, pocket: int) -> bool:
    if bet_on.isdigit():
        return int(bet_on) == pocket
    if pocket == 0:
        return False
    return {
        "RED": pocket in REDS,
        "BLACK": pocket not in REDS,
        "ODD": pocket % 2 == 1,
        "EVEN": pocket % 2 == 0,
        "LOW": pocket <= 18,
        "HIGH": pocket >= 19,
    }[bet_on]


def valid(bet_on: str) -> bool:
    return bet_on in EVEN_MONEY or (bet_on.isdigit() and 0 <= int(bet_on) <= 36)


def multiplier(bet_on: str) -> int:
    """What a winning bet returns per unit staked, stake included."""
    return 36 if bet_on.isdigit() else 2


def spin(rng: random.Random) -> int:
    return rng.randrange(37)


def payout(bet_on: str, amount: Decimal, pocket: int) -> Decimal:
    return amount * multiplier(bet_on) if wins(bet_on, pocket) else Decimal("0")


def rtp(bet_on: str) -> Fraction:
    hits = sum(1 for pocket in range(37) if wins(bet_on, pocket))
    return Fraction(hits * multiplier(bet_on), 37)
