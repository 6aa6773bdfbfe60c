"""Jungle Reels: a 5-reel, 3-row slot with 10 paylines, a wild and scatter-triggered free spins.

Each reel stops at a uniformly random position of its strip and shows that symbol and the next
two. Line wins pay left to right from the first reel, 3 to 5 in a row, in line bets (bet / 10);
WILD (reels 2–4 only) stands in for every symbol but SCATTER. 3, 4 or 5 SCATTERs anywhere pay 2,
10 or 50 times the bet and award 10 free spins on the same reels where every win pays triple
(free spins do not award more free spins).

Why the RTP is exact: each visible cell of a reel shows each symbol with the symbol's share of
the strip, reels stop independently, and no strip holds two SCATTERs within three stops. The line
return is then a finite sum over symbol combinations, the SCATTER count has a product
distribution, and the game's return is E[spin] × (1 + P(trigger) × 10 × 3). The test computes it
with fractions; the declared 96.17 % is that value rounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from app.core.fairness import below
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

WILD = "WILD"
SCATTER = "SCATTER"
ROWS = 3
LINE_COUNT = 10
FREE_SPINS = 10
FREE_SPIN_FACTOR = 3

# Pays for 3, 4 and 5 in a row, in line bets.
PAYS: dict[str, tuple[int, int, int]] = {
    "TIGER": (20, 80, 400),
    "JAGUAR": (15, 50, 200),
    "PARROT": (10, 30, 120),
    "TOUCAN": (8, 25, 100),
    "A": (5, 15, 60),
    "K": (5, 12, 50),
    "Q": (4, 10, 40),
    "J": (3, 8, 30),
    "10": (2, 6, 25),
}
# Pays for 3, 4 and 5 SCATTERs anywhere, in total bets.
SCATTER_PAYS: dict[int, int] = {3: 2, 4: 10, 5: 50}

# Row shown on each reel (0 = top), one tuple per payline.
LINES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1),
    (0, 0, 0, 0, 0),
    (2, 2, 2, 2, 2),
    (0, 1, 2, 1, 0),
    (2, 1, 0, 1, 2),
    (0, 0, 1, 2, 2),
    (2, 2, 1, 0, 0),
    (1, 0, 0, 0, 1),
    (1, 2, 2, 2, 1),
    (1, 2, 1, 0, 1),
)

REELS: tuple[tuple[str, ...], ...] = (
    ("10", "Q", "J", "Q", "A", "TOUCAN", "PARROT", "10", "TOUCAN", "J", "PARROT", "10", "JAGUAR",
     "TIGER", "SCATTER", "K", "J", "Q", "J", "K", "A", "K", "A"),
    ("TIGER", "WILD", "A", "WILD", "K", "A", "J", "K", "SCATTER", "WILD", "A", "J", "JAGUAR", "Q",
     "10", "J", "Q", "TOUCAN", "PARROT", "10", "TOUCAN", "PARROT", "Q", "K", "10", "WILD"),
    ("10", "Q", "10", "J", "K", "A", "TOUCAN", "K", "J", "PARROT", "K", "TIGER", "WILD", "A",
     "JAGUAR", "WILD", "SCATTER", "WILD", "10", "TOUCAN", "WILD", "PARROT", "A", "WILD", "Q", "J",
     "Q"),
    ("A", "K", "J", "JAGUAR", "TOUCAN", "10", "WILD", "Q", "A", "K", "TIGER", "10", "J", "WILD",
     "TOUCAN", "Q", "A", "WILD", "K", "PARROT", "SCATTER", "PARROT", "WILD", "Q", "10", "J"),
    ("A", "J", "K", "SCATTER", "PARROT", "10", "TOUCAN", "Q", "TOUCAN", "J", "A", "Q", "K", "10",
     "PARROT", "10", "JAGUAR", "K", "Q", "TIGER", "A", "J"),
)  # fmt: skip


def window(stops: list[int]) -> list[list[str]]:
    """The visible symbols, one list per reel, top to bottom."""
    return [
        [strip[(stop + row) % len(strip)] for row in range(ROWS)]
        for strip, stop in zip(REELS, stops, strict=True)
    ]


def line_win(symbols: tuple[str, ...]) -> tuple[str, int, int]:
    """(symbol, how many in a row, pay in line bets) for one line's five symbols."""
    paying = next((s for s in symbols if s != WILD), SCATTER)
    if paying == SCATTER:
        return paying, 0, 0
    count = 0
    for symbol in symbols:
        if symbol not in (paying, WILD):
            break
        count += 1
    pay = PAYS[paying][count - 3] if count >= 3 else 0
    return paying, count, pay


def spin_result(grid: list[list[str]]) -> dict[str, Any]:
    """Line wins and scatters of one spin; `units` is the win in line bets."""
    wins = []
    units = 0
    for index, rows in enumerate(LINES):
        symbol, count, pay = line_win(tuple(grid[reel][row] for reel, row in enumerate(rows)))
        if pay:
            wins.append({"line": index + 1, "symbol": symbol, "count": count, "pays": pay})
            units += pay
    scatters = sum(column.count(SCATTER) for column in grid)
    scatter_pay = SCATTER_PAYS.get(scatters, 0) * LINE_COUNT
    return {
        "reels": grid,
        "lines": wins,
        "scatters": scatters,
        "scatter_pays": scatter_pay,
        "units": units + scatter_pay,
    }


def spin(rng: Iterator[float]) -> dict[str, Any]:
    return spin_result(window([below(rng, len(strip)) for strip in REELS]))


def max_spin_units() -> int:
    """An upper bound of one spin's win in line bets: each line pays at most the five-in-a-row
    pay of the symbol it starts with on reel 1, which never shows WILD; plus five SCATTERs."""
    first = REELS[0]
    best = 0
    for stop in range(len(first)):
        shown = [first[(stop + row) % len(first)] for row in range(ROWS)]
        best = max(best, sum(PAYS[s][2] if s in PAYS else 0 for s in (shown[r[0]] for r in LINES)))
    return best + SCATTER_PAYS[5] * LINE_COUNT


# Free spins cannot retrigger, so this bounds every round and the cap never cuts a win.
MAX_MULTIPLIER = Decimal(max_spin_units() * (1 + FREE_SPINS * FREE_SPIN_FACTOR)) / LINE_COUNT


class Slot(OneStep):
    spec = GameSpec(
        code="BGS_SLOT_JUNGLE",
        sub_category=None,
        rtp=Decimal("96.17"),
        min_bet=Decimal("0.20"),
        max_bet=Decimal(100),
        max_win_multiplier=MAX_MULTIPLIER,
    )

    def paytable(self) -> list[PayRow]:
        rows = [
            PayRow(
                f"studio.slot.pay.{symbol}",
                (Decimal(pays[count - 3]) / LINE_COUNT,),
                counts={"count": count},
            )
            for symbol, pays in PAYS.items()
            for count in (5, 4, 3)
        ]
        rows += [
            PayRow(f"studio.slot.pay.{SCATTER}", (Decimal(pays),), counts={"count": count})
            for count, pays in sorted(SCATTER_PAYS.items(), reverse=True)
        ]
        rows.append(
            PayRow(
                "studio.slot.row.free_spins",
                (Decimal(FREE_SPIN_FACTOR),),
                counts={"spins": FREE_SPINS, "factor": FREE_SPIN_FACTOR},
                times=FREE_SPINS,
            )
        )
        return rows

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        # every spin plays all ten lines; there is nothing to choose
        return {}

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        base = spin(rng)
        units = base["units"]
        free: list[dict[str, Any]] = []
        if base["scatters"] >= min(SCATTER_PAYS):
            free = [spin(rng) for _ in range(FREE_SPINS)]
            units += FREE_SPIN_FACTOR * sum(s["units"] for s in free)
        multiplier = Decimal(units) / LINE_COUNT
        return Outcome(
            multiplier=self.capped(multiplier),
            detail={
                "base": base,
                "free_spins": free,
                "free_spin_factor": FREE_SPIN_FACTOR,
                "line_bet_share": f"{Decimal(1) / LINE_COUNT}",
                "paylines": [list(rows) for rows in LINES],
            },
        )
