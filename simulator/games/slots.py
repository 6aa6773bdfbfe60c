"""A 5-reel, 3-row video slot with 20 paylines, wilds and scatter free spins.

Reel strips are fixed; a spin picks one stop per reel uniformly. Line wins pay left to right
for 3, 4 or 5 of a kind (the wild stands for any paying symbol), times the line bet. Three or
more scatters anywhere award free spins, played at the same bet with every win tripled (no
retrigger). The return to player is computed exactly from the strips by `rtp()`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from itertools import product

WILD, SCATTER = "W", "S"
ROWS, REELS = 3, 5
# Pays per line for 3, 4, 5 of a kind, in line bets.
PAYS: dict[str, tuple[int, int, int]] = {
    "A": (80, 300, 1200),  # the game's motif (dragon, fruit...): the top symbol
    "B": (40, 120, 500),
    "C": (24, 80, 240),
    "D": (15, 46, 152),
    "E": (8, 24, 80),
    "F": (6, 16, 50),
    "G": (4, 12, 30),
    WILD: (80, 300, 1200),
}
FREE_SPINS = {3: 8, 4: 12, 5: 20}
FREE_SPIN_MULTIPLIER = 3


def _strip(counts: dict[str, int], scatters: int) -> tuple[str, ...]:
    """A strip with the scatters spread at least three stops apart (never two in a window)."""
    rest: list[str] = []
    for symbol, count in counts.items():
        rest.extend([symbol] * count)
    random.Random(len(rest) * 31 + scatters).shuffle(rest)
    strip: list[str] = []
    gap = len(rest) // max(scatters, 1)
    for index, symbol in enumerate(rest):
        if scatters and index % gap == 0 and index // gap < scatters:
            strip.append(SCATTER)
        strip.append(symbol)
    return tuple(strip)


_BASE = {"A": 1, "B": 2, "C": 3, "D": 4, "E": 6, "F": 7, "G": 8, WILD: 1}
STRIPS: tuple[tuple[str, ...], ...] = (
    _strip({**_BASE, WILD: 1}, 1),
    _strip({**_BASE, WILD: 2}, 1),
    _strip({**_BASE, WILD: 2}, 1),
    _strip({**_BASE, WILD: 2}, 1),
    _strip({**_BASE, "A": 2, WILD: 1}, 1),
)
# 20 paylines as the row (0 top, 1 middle, 2 bottom) of each reel.
PAYLINES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2),
    (0, 0, 1, 0, 0), (2, 2, 1, 2, 2), (1, 2, 2, 2, 1), (1, 0, 0, 0, 1), (1, 0, 1, 0, 1),
    (1, 2, 1, 2, 1), (0, 1, 0, 1, 0), (2, 1, 2, 1, 2), (1, 1, 0, 1, 1), (1, 1, 2, 1, 1),
    (0, 1, 1, 1, 0), (2, 1, 1, 1, 2), (0, 2, 0, 2, 0), (2, 0, 2, 0, 2), (0, 2, 2, 2, 0),
)  # fmt: skip
LINES = len(PAYLINES)


@dataclass(frozen=True)
class LineWin:
    line: int
    symbol: str
    count: int
    pay: Decimal


@dataclass
class SpinResult:
    grid: list[list[str]]  # grid[reel][row]
    wins: list[LineWin]
    scatters: int
    win: Decimal  # this spin's win
    free_spins: list[SpinResult] = field(default_factory=list)

    @property
    def total_win(self) -> Decimal:
        return self.win + sum((spin.total_win for spin in self.free_spins), Decimal(0))


def line_pay(symbols: tuple[str, ...]) -> tuple[str, int, int]:
    """(symbol, count, pay in line bets) of one line, left to right; wilds substitute."""
    first = next((s for s in symbols if s != WILD), WILD)
    if first == SCATTER:
        first = WILD if symbols[0] == WILD else SCATTER
    count = 0
    for symbol in symbols:
        if symbol in (first, WILD):
            count += 1
        else:
            break
    if first == SCATTER or count < 3:
        return first, count, 0
    pay = PAYS[first][count - 3]
    # A line of wilds only (or wilds then the symbol) pays the better of the two.
    wilds = next((i for i, s in enumerate(symbols) if s != WILD), REELS)
    if first != WILD and wilds >= 3:
        pay = max(pay, PAYS[WILD][wilds - 3])
    return first, count, pay


def _spin_once(rng: random.Random, bet: Decimal, multiplier: int) -> SpinResult:
    stops = [rng.randrange(len(strip)) for strip in STRIPS]
    grid = [
        [STRIPS[reel][(stops[reel] + row) % len(STRIPS[reel])] for row in range(ROWS)]
        for reel in range(REELS)
    ]
    line_bet = bet / LINES
    wins: list[LineWin] = []
    for index, line in enumerate(PAYLINES):
        symbol, count, pay = line_pay(tuple(grid[reel][line[reel]] for reel in range(REELS)))
        if pay:
            amount = (line_bet * pay * multiplier).quantize(Decimal("0.01"), ROUND_DOWN)
            wins.append(LineWin(index, symbol, count, amount))
    scatters = sum(1 for column in grid if SCATTER in column)
    return SpinResult(grid, wins, scatters, sum((w.pay for w in wins), Decimal(0)))


def spin(rng: random.Random, bet: Decimal) -> SpinResult:
    """One paid spin and the free spins it awards (their wins are part of the round)."""
    result = _spin_once(rng, bet, 1)
    for _ in range(FREE_SPINS.get(result.scatters, 0)):
        result.free_spins.append(_spin_once(rng, bet, FREE_SPIN_MULTIPLIER))
    return result


def _reel_odds(strip: tuple[str, ...]) -> dict[str, Fraction]:
    odds: dict[str, Fraction] = {}
    for symbol in strip:
        odds[symbol] = odds.get(symbol, Fraction(0)) + Fraction(1, len(strip))
    return odds


def line_expectation() -> Fraction:
    """The expected pay of one line in line bets: each cell of a line is a uniform stop of
    its reel, so every line has the distribution of the middle one."""
    reels = [_reel_odds(strip) for strip in STRIPS]
    total = Fraction(0)
    for combo in product(*(list(r.items()) for r in reels)):
        _, _, pay = line_pay(tuple(symbol for symbol, _ in combo))
        if pay:
            chance = Fraction(1)
            for _, odds in combo:
                chance *= odds
            total += chance * pay
    return total


def scatter_odds() -> dict[int, Fraction]:
    """The chance of k reels showing a scatter (one per strip, so one stop in 3 windows)."""
    per_reel = [Fraction(ROWS * strip.count(SCATTER), len(strip)) for strip in STRIPS]
    odds = {k: Fraction(0) for k in range(REELS + 1)}
    for shown in product((0, 1), repeat=REELS):
        chance = Fraction(1)
        for reel, hit in enumerate(shown):
            chance *= per_reel[reel] if hit else 1 - per_reel[reel]
        odds[sum(shown)] += chance
    return odds


def rtp() -> Fraction:
    """The exact return to player: base lines plus the free spins' expected wins."""
    base = line_expectation()  # per spin, in total bets (20 lines × 1/20 of the bet)
    spins = sum((odds * FREE_SPINS.get(k, 0) for k, odds in scatter_odds().items()), Fraction(0))
    return base * (1 + spins * FREE_SPIN_MULTIPLIER)
