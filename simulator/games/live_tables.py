"""The one-step live tables: a bet on one option, the dealer's timeline, the result.

- Dragon Tiger: one card each (ace low, king high); Dragon or Tiger pays 1:1 and loses half on a
  tie; Tie pays 11:1.
- Sic Bo: three dice; Big (11 to 17) and Small (4 to 10) pay 1:1 and lose on any triple; Any
  triple pays 30:1.
- Fan Tan: a heap of 41 to 100 beads is counted off in fours; the remainder (1 to 4, a full four
  counting as 4) wins 3:1 less a 5% commission.
- Andar Bahar: a joker card, then cards dealt to Andar and Bahar in turn (Andar first) until one
  matches the joker's rank; Andar pays 0.9:1, Bahar 1:1.
- Money wheel (the game shows): 50 segments of 1, 2, 5 and 20; a number pays its own odds.
- Teen Patti (one day): Player A and Player B get three cards each from one deck; the better
  hand (Teen Patti ranks) pays 0.98:1, a tie returns the bet.
- Three Card Poker's Pair Plus (the live poker tables): three cards from one deck pay on their
  own rank: pair 1:1, colour 4:1, sequence 6:1, trail 30:1, pure sequence 40:1.

The first five deal from an endless shoe (every card independent), the last two from one
shuffled deck; each bet's return per unit staked is exact, computed by enumeration in `rtp()`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from functools import cache
from itertools import combinations, product

from simulator.games import pvp

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Play:
    """One round of a table: what the dealer showed, in order, and what won."""

    # (lane, item): D dragon, T tiger, S a die, N the beads, R their remainder, J the joker,
    # A andar, B bahar, W the wheel, PA and PB teen patti's players, P a pair plus hand
    timeline: tuple[tuple[str, str], ...]
    outcome: str
    detail: str


@dataclass(frozen=True)
class Table:
    name: str
    bets: tuple[str, ...]
    deal: Callable[[random.Random], Play]
    # What a bet returns per unit staked (stake included) for an outcome.
    returns: Callable[[str, str], Fraction]
    # Every outcome with its exact chance.
    outcomes: Callable[[], dict[str, Fraction]]

    def payout(self, bet_on: str, amount: Decimal, play: Play) -> Decimal:
        back = self.returns(bet_on, play.outcome)
        return (amount * back.numerator / back.denominator).quantize(CENT, rounding=ROUND_DOWN)

    def rtp(self) -> dict[str, Fraction]:
        chances = self.outcomes()
        return {
            bet: sum((chance * self.returns(bet, outcome) for outcome, chance in chances.items()),
                     Fraction(0))
            for bet in self.bets
        }  # fmt: skip


def _card(rng: random.Random) -> str:
    return rng.choice(RANKS) + rng.choice(SUITS)


def _rank(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


# Dragon Tiger


def _dragon_tiger_deal(rng: random.Random) -> Play:
    dragon, tiger = _card(rng), _card(rng)
    d, t = _rank(dragon), _rank(tiger)
    outcome = "DRAGON" if d > t else "TIGER" if t > d else "TIE"
    return Play((("D", dragon), ("T", tiger)), outcome, f"{dragon} : {tiger}")


def _dragon_tiger_returns(bet_on: str, outcome: str) -> Fraction:
    if bet_on == "TIE":
        return Fraction(12) if outcome == "TIE" else Fraction(0)
    if outcome == "TIE":
        return Fraction(1, 2)
    return Fraction(2) if outcome == bet_on else Fraction(0)


def _dragon_tiger_outcomes() -> dict[str, Fraction]:
    chances = {"DRAGON": Fraction(0), "TIGER": Fraction(0), "TIE": Fraction(0)}
    for d, t in product(range(1, 14), repeat=2):
        chances["DRAGON" if d > t else "TIGER" if t > d else "TIE"] += Fraction(1, 169)
    return chances


# Sic Bo


def _sic_bo_outcome(dice: tuple[int, ...]) -> str:
    if dice[0] == dice[1] == dice[2]:
        return "TRIPLE"
    return "BIG" if sum(dice) >= 11 else "SMALL"


def _sic_bo_deal(rng: random.Random) -> Play:
    dice = tuple(rng.randint(1, 6) for _ in range(3))
    return Play(tuple(("S", str(die)) for die in dice), _sic_bo_outcome(dice), f"{sum(dice)}")


def _sic_bo_returns(bet_on: str, outcome: str) -> Fraction:
    if bet_on != outcome:
        return Fraction(0)
    return Fraction(31) if outcome == "TRIPLE" else Fraction(2)


def _sic_bo_outcomes() -> dict[str, Fraction]:
    chances = {"BIG": Fraction(0), "SMALL": Fraction(0), "TRIPLE": Fraction(0)}
    for dice in product(range(1, 7), repeat=3):
        chances[_sic_bo_outcome(dice)] += Fraction(1, 216)
    return chances


# Fan Tan

FAN_TAN_BEADS = (41, 100)  # 60 heap sizes: each remainder equally likely


def _fan_tan_deal(rng: random.Random) -> Play:
    beads = rng.randint(*FAN_TAN_BEADS)
    left = beads % 4 or 4
    return Play((("N", str(beads)), ("R", str(left))), str(left), f"{beads} → {left}")


def _fan_tan_returns(bet_on: str, outcome: str) -> Fraction:
    return Fraction(1) + 3 * Fraction(95, 100) if bet_on == outcome else Fraction(0)


def _fan_tan_outcomes() -> dict[str, Fraction]:
    low, high = FAN_TAN_BEADS
    chances = {str(n): Fraction(0) for n in range(1, 5)}
    for beads in range(low, high + 1):
        chances[str(beads % 4 or 4)] += Fraction(1, high - low + 1)
    return chances


# Andar Bahar


def _andar_bahar_deal(rng: random.Random) -> Play:
    joker = _card(rng)
    timeline = [("J", joker)]
    side = "A"
    while True:
        card = _card(rng)
        timeline.append((side, card))
        if card[:-1] == joker[:-1]:
            outcome = "ANDAR" if side == "A" else "BAHAR"
            return Play(tuple(timeline), outcome, f"{joker} · {len(timeline) - 1}")
        side = "B" if side == "A" else "A"


def _andar_bahar_returns(bet_on: str, outcome: str) -> Fraction:
    if bet_on != outcome:
        return Fraction(0)
    return Fraction(19, 10) if outcome == "ANDAR" else Fraction(2)


def _andar_bahar_outcomes() -> dict[str, Fraction]:
    # Each card matches with chance 1/13; Andar takes the odd-numbered cards.
    match, miss = Fraction(1, 13), Fraction(12, 13)
    andar = match / (1 - miss * miss)
    return {"ANDAR": andar, "BAHAR": 1 - andar}


# Money wheel

WHEEL = {"1": 24, "2": 16, "5": 8, "20": 2}  # segments of each number; 50 in all
WHEEL_SEGMENTS = tuple(number for number, count in WHEEL.items() for _ in range(count))


def _wheel_deal(rng: random.Random) -> Play:
    stop = rng.randrange(len(WHEEL_SEGMENTS))
    number = WHEEL_SEGMENTS[stop]
    return Play((("W", number),), number, number)


def _wheel_returns(bet_on: str, outcome: str) -> Fraction:
    return Fraction(int(bet_on) + 1) if bet_on == outcome else Fraction(0)


def _wheel_outcomes() -> dict[str, Fraction]:
    return {number: Fraction(count, len(WHEEL_SEGMENTS)) for number, count in WHEEL.items()}


# Teen Patti and Pair Plus: one deck, Teen Patti ranks (simulator/games/pvp.py)

DECK = tuple(rank + suit for rank in pvp.RANKS for suit in pvp.SUITS)
CATEGORIES = ("HIGH", "PAIR", "COLOUR", "SEQUENCE", "PURE_SEQUENCE", "TRAIL")  # pvp.hand_rank


def _shown(card: str) -> str:
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUITS["SHDC".index(card[1])]


def _teen_patti_deal(rng: random.Random) -> Play:
    cards = rng.sample(DECK, 6)
    a, b = tuple(cards[:3]), tuple(cards[3:])
    rank_a, rank_b = pvp.hand_rank(a), pvp.hand_rank(b)
    outcome = "A" if rank_a > rank_b else "B" if rank_b > rank_a else "TIE"
    timeline = tuple(
        (lane, _shown(card))
        for pair in zip(a, b, strict=True)
        for lane, card in zip(("PA", "PB"), pair, strict=True)
    )
    detail = f"{CATEGORIES[rank_a[0]]} : {CATEGORIES[rank_b[0]]}"
    return Play(timeline, outcome, detail)


def _teen_patti_returns(bet_on: str, outcome: str) -> Fraction:
    if outcome == "TIE":
        return Fraction(1)
    return Fraction(198, 100) if bet_on == outcome else Fraction(0)


@cache
def _teen_patti_outcomes() -> dict[str, Fraction]:
    """Ties counted exactly: pairs of disjoint hands of one deck with the same rank."""
    groups: dict[tuple[int, ...], list[frozenset[str]]] = {}
    for hand in combinations(DECK, 3):
        groups.setdefault(pvp.hand_rank(hand), []).append(frozenset(hand))
    ties = sum(
        1 for group in groups.values() for first in group for second in group
        if first.isdisjoint(second)
    )  # fmt: skip
    deals = math.comb(len(DECK), 3) * math.comb(len(DECK) - 3, 3)
    tie = Fraction(ties, deals)
    return {"A": (1 - tie) / 2, "B": (1 - tie) / 2, "TIE": tie}


PAIR_PLUS = {"HIGH": 0, "PAIR": 1, "COLOUR": 4, "SEQUENCE": 6, "TRAIL": 30, "PURE_SEQUENCE": 40}


def _pair_plus_deal(rng: random.Random) -> Play:
    cards = tuple(rng.sample(DECK, 3))
    category = CATEGORIES[pvp.hand_rank(cards)[0]]
    return Play(tuple(("P", _shown(card)) for card in cards), category, category)


def _pair_plus_returns(bet_on: str, outcome: str) -> Fraction:
    odds = PAIR_PLUS[outcome]
    return Fraction(odds + 1) if odds else Fraction(0)


@cache
def _pair_plus_outcomes() -> dict[str, Fraction]:
    hands = list(combinations(DECK, 3))
    chances = dict.fromkeys(CATEGORIES, Fraction(0))
    for hand in hands:
        chances[CATEGORIES[pvp.hand_rank(hand)[0]]] += Fraction(1, len(hands))
    return chances


TABLES = {
    "DRAGON_TIGER": Table(
        "dragon_tiger", ("DRAGON", "TIGER", "TIE"), _dragon_tiger_deal, _dragon_tiger_returns,
        _dragon_tiger_outcomes,
    ),
    "SICBO": Table(
        "sic_bo", ("BIG", "SMALL", "TRIPLE"), _sic_bo_deal, _sic_bo_returns, _sic_bo_outcomes
    ),
    "FAN_TAN": Table(
        "fan_tan", ("1", "2", "3", "4"), _fan_tan_deal, _fan_tan_returns, _fan_tan_outcomes
    ),
    "ANDAR_BAHAR": Table(
        "andar_bahar", ("ANDAR", "BAHAR"), _andar_bahar_deal, _andar_bahar_returns,
        _andar_bahar_outcomes,
    ),
    "GAME_SHOW": Table(
        "money_wheel", tuple(WHEEL), _wheel_deal, _wheel_returns, _wheel_outcomes
    ),
    "TEEN_PATTI": Table(
        "teen_patti", ("A", "B"), _teen_patti_deal, _teen_patti_returns, _teen_patti_outcomes
    ),
    "POKER": Table(
        "pair_plus", ("PAIR_PLUS",), _pair_plus_deal, _pair_plus_returns, _pair_plus_outcomes
    ),
}  # fmt: skip
