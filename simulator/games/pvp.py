"""PvP card rooms (the GLS2_roomList rooms): real tables with seats where players play each
other, the provider taking a rake. A hand is three-card showdown (Teen Patti ranks): every
seated player pays the room's ante, each gets three cards, the best hand takes the pot less a
5% rake (a tie splits it). Players only win each other's antes, so the table as a whole
returns exactly 95% (`table_rtp()`); a single player's return depends on the others.

Ranks, best first: trail (three of a kind), pure sequence (straight flush), sequence,
colour (flush), pair, high card; A-2-3 is the lowest sequence and A-K-Q the highest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

RAKE = Decimal("0.05")
RANKS = "23456789TJQKA"
SUITS = "SHDC"
LEVELS: dict[str, Decimal] = {  # the room levels of GLS2_roomList and their minimum bet (ante)
    "NOVICE": Decimal("0.10"),
    "STANDARD": Decimal("1.00"),
    "EXPERT": Decimal("10.00"),
    "VIP": Decimal("100.00"),
}
SEATS = {"POKER": 6, "MAHJONG": 4, "DOMINO": 4, "BOARD": 4}
DEFAULT_SEATS = 5


def seats_of(classify: str) -> int:
    return SEATS.get(classify, DEFAULT_SEATS)


def hand_rank(cards: tuple[str, ...]) -> tuple[int, ...]:
    """A comparable rank of a three-card hand (higher is better)."""
    values = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight = values[0] - values[1] == 1 and values[1] - values[2] == 1
    if values == [12, 1, 0]:  # A-3-2: the lowest sequence
        straight, values = True, [1, 0, -1]
    if values[0] == values[2]:
        return (5, *values)
    if straight and flush:
        return (4, *values)
    if straight:
        return (3, *values)
    if flush:
        return (2, *values)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        kicker = values[2] if values[0] == values[1] else values[0]
        return (1, pair, kicker)
    return (0, *values)


@dataclass(frozen=True)
class Hand:
    cards: dict[str, tuple[str, ...]]  # seat key → cards
    winners: tuple[str, ...]
    pot: Decimal
    rake: Decimal
    payouts: dict[str, Decimal]  # seat key → what it wins back (0 for the others)


def deal(rng: random.Random, players: list[str], ante: Decimal) -> Hand:
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    cards: dict[str, tuple[str, ...]] = {p: (deck.pop(), deck.pop(), deck.pop()) for p in players}
    best = max(hand_rank(c) for c in cards.values())
    winners = tuple(p for p in players if hand_rank(cards[p]) == best)
    pot = ante * len(players)
    share = (pot * (1 - RAKE) / len(winners)).quantize(Decimal("0.01"), ROUND_DOWN)
    payouts = {p: share if p in winners else Decimal("0.00") for p in players}
    return Hand(cards, winners, pot, pot - share * len(winners), payouts)


def table_rtp(players: int) -> Fraction:
    """What the table returns of the antes (before cent rounding): the pot less the rake."""
    assert players >= 2
    return 1 - Fraction(str(RAKE))
