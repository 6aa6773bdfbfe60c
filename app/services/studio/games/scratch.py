"""Lucky Scratch (SC): a 3 × 3 ticket; three matching symbols win that symbol's prize.

Each ticket is one of 1,000,000 equally likely tickets of a series; the prize table says how many
of them carry each prize, so the RTP is exact: sum(tickets × prize) / 1,000,000 = 95 %. The grid is
then drawn to show that prize: the winning symbol three times, no other symbol more than twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from app.core.fairness import below, draw, shuffle
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

SERIES = 1_000_000
MATCH = 3
CELLS = 9

# symbol → (prize in bets, winning tickets per series), best first
PRIZES: dict[str, tuple[int, int]] = {
    "DIAMOND": (1000, 10),
    "CROWN": (500, 20),
    "GOLD": (100, 300),
    "STAR": (50, 1_000),
    "BELL": (20, 5_000),
    "CHERRY": (10, 15_000),
    "LEMON": (5, 40_000),
    "GRAPE": (2, 100_000),
    "COIN": (1, 200_000),
}
LOSING_TICKETS = SERIES - sum(count for _, count in PRIZES.values())


def prize_symbol(ticket: int) -> str | None:
    """The symbol that ticket number `ticket` (0 … SERIES − 1) wins with, None for a loser."""
    for symbol, (_, count) in PRIZES.items():
        if ticket < count:
            return symbol
        ticket -= count
    return None


def ticket_grid(rng: Iterator[float], winner: str | None) -> list[str]:
    """Nine cells, row by row: the winner three times, every other symbol at most twice."""
    others = [s for s in PRIZES if s != winner for _ in range(MATCH - 1)]
    cells = [winner] * MATCH if winner else []
    cells += draw(rng, others, CELLS - len(cells))
    return list(shuffle(rng, cells))


class Scratch(OneStep):
    spec = GameSpec(
        code="BGS_SCRATCH_LUCKY",
        sub_category="SC",
        rtp=Decimal("95.00"),
        min_bet=Decimal("0.50"),
        max_bet=Decimal(200),
        max_win_multiplier=Decimal(max(prize for prize, _ in PRIZES.values())),
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(
                f"studio.scratch.pay.{symbol}",
                (Decimal(prize),),
                counts={"odds": round(Decimal(SERIES) / count)},
            )
            for symbol, (prize, count) in PRIZES.items()
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        # a ticket has no choices
        return {}

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        winner = prize_symbol(below(rng, SERIES))
        grid = ticket_grid(rng, winner)
        prize = PRIZES[winner][0] if winner else 0
        return Outcome(
            multiplier=self.capped(Decimal(prize)),
            detail={
                "grid": [grid[row * 3 : row * 3 + 3] for row in range(3)],
                "symbol": winner,
                "cells": [i for i, s in enumerate(grid) if s == winner],
                "prize": prize,
            },
        )
