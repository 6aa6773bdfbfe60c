"""Plinko (AC): a ball falls through 8–16 rows of pegs into one of rows + 1 slots.

At each row the ball goes left or right on one float of the round's stream (`below(rng, 2)`:
right when u ≥ 0.5, exactly half of the 2**32 values), so the path is a pure function of the
seeds and the nonce and the slot, the number of rights, is binomial(rows, ½). The player
chooses the rows and a risk level; each (rows, risk) table pays the slot's multiplier.

The tables are our own: smooth curves from a low centre to the edge, in hundredths, fitted so
that every table returns exactly 99 % (sum of C(rows, k) × pays[k] / 2**rows; proven by
tests/studio/test_studio_rtp.py over all 27 tables). Brazil's floor is 85 %.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, TypeGuard

from app.core.errors import AppError
from app.core.fairness import below
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

MIN_ROWS = 8
MAX_ROWS = 16
RISKS = ("low", "medium", "high")
TABLE_RTP = Decimal("99.00")  # every table's exact return, in percent

# The left half of each table, edge first, to the centre slot; the right half mirrors it.
HALF_TABLES: dict[str, dict[int, tuple[str, ...]]] = {
    "low": {
        8: ("5.6", "2.82", "1.49", "0.69", "0.52"),
        9: ("5.7", "3.34", "1.94", "0.98", "0.52"),
        10: ("8", "4.06", "2.48", "1.3", "0.62", "0.48"),
        11: ("8.8", "4.61", "2.95", "1.7", "0.85", "0.5"),
        12: ("10", "5.29", "3.52", "2.15", "1.16", "0.56", "0.5"),
        13: ("11", "5.84", "4.05", "2.58", "1.49", "0.77", "0.5"),
        14: ("12", "7.14", "4.66", "3.09", "1.9", "1.05", "0.54", "0.48"),
        15: ("14", "7.32", "5.22", "3.6", "2.3", "1.37", "0.7", "0.49"),
        16: ("16", "8.28", "5.95", "4.22", "2.82", "1.7", "0.98", "0.5", "0.48"),
    },
    "medium": {
        8: ("13", "3.89", "1.53", "0.46", "0.4"),
        9: ("18", "4.96", "2.22", "0.72", "0.4"),
        10: ("22", "6.38", "3.12", "1.24", "0.4", "0.38"),
        11: ("33", "7.66", "4.06", "1.78", "0.59", "0.4"),
        12: ("40", "9.17", "5.18", "2.54", "0.96", "0.4", "0.4"),
        13: ("50", "10.73", "6.42", "3.41", "1.5", "0.49", "0.4"),
        14: ("60", "12.05", "7.61", "4.33", "2.15", "0.82", "0.4", "0.36"),
        15: ("85", "14.27", "9.24", "5.52", "2.93", "1.27", "0.41", "0.4"),
        16: ("110", "15.37", "10.47", "6.56", "3.71", "1.82", "0.68", "0.41", "0.36"),
    },
    "high": {
        8: ("29", "5.11", "1.36", "0.21", "0.2"),
        9: ("45", "7", "2.29", "0.45", "0.2"),
        10: ("75", "9.33", "3.46", "0.88", "0.23", "0.23"),
        11: ("121", "12.06", "5.15", "1.67", "0.33", "0.2"),
        12: ("170", "15.35", "7.17", "2.74", "0.7", "0.2", "0.2"),
        13: ("258", "19.08", "9.64", "4.11", "1.32", "0.26", "0.2"),
        14: ("420", "22.94", "12.12", "5.68", "2.05", "0.53", "0.23", "0.23"),
        15: ("620", "27.21", "15.42", "7.78", "3.32", "1.07", "0.2", "0.2"),
        16: ("1000", "29.91", "18.35", "9.87", "4.62", "1.66", "0.41", "0.24", "0.24"),
    },
}


def multipliers(rows: int, risk: str) -> list[Decimal]:
    """The whole table, slot 0 (all lefts) to slot `rows` (all rights)."""
    half = [Decimal(x) for x in HALF_TABLES[risk][rows]]
    mirrored = half[:-1] if rows % 2 == 0 else half
    return half + mirrored[::-1]


def drop(rng: Iterator[float], rows: int) -> list[int]:
    """The ball's path: 0 = left, 1 = right, one float per row."""
    return [below(rng, 2) for _ in range(rows)]


MAX_MULTIPLIER = max(max(multipliers(MAX_ROWS, risk)) for risk in RISKS)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Plinko(OneStep):
    spec = GameSpec(
        code="BGS_PLINKO",
        sub_category="AC",
        rtp=TABLE_RTP,
        min_bet=Decimal("0.10"),
        max_bet=Decimal(500),
        max_win_multiplier=MAX_MULTIPLIER,
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(
                f"studio.plinko.row.{risk}",
                (min(multipliers(count, risk)), max(multipliers(count, risk))),
                counts={"rows": count},
            )
            for risk in RISKS
            for count in (MIN_ROWS, 12, MAX_ROWS)
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        rows = params.get("rows")
        if not _whole(rows) or not MIN_ROWS <= rows <= MAX_ROWS:
            raise AppError("studio-plinko-rows", 400, {"min": MIN_ROWS, "max": MAX_ROWS})
        risk = params.get("risk")
        if risk not in RISKS:
            raise AppError("studio-plinko-risk", 400)
        return {"rows": rows, "risk": risk}

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        checked = self.check(params)
        path = drop(rng, checked["rows"])
        slot = sum(path)
        pays = multipliers(checked["rows"], checked["risk"])[slot]
        return Outcome(
            multiplier=self.capped(pays),
            detail={
                "rows": checked["rows"],
                "risk": checked["risk"],
                "path": path,
                "slot": slot,
                "pays": f"{pays}",
            },
        )
