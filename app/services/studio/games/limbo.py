"""Limbo (AC): pick a target multiplier; win it if the round's result reaches it.

The result comes from one float u = k / 2**32: result = floor(99 / (1 − u)) / 100 (shown as at
least 1.00). It reaches a target t for floor(0.99 × 2**32 / t) of the 2**32 values of k, so the
chance is 0.99 / t and a win pays t: 99 % RTP, less than 0.00003 points lower from the rounding.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from app.services.amounts import parse_number
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

SPAN = 2**32
MIN_TARGET = Decimal("1.01")
MAX_TARGET = Decimal(1000)
STEP = Decimal("0.01")
SHOWN_FLOOR = 100  # results below 1.00 show as 1.00


def result_hundredths(u: float) -> int:
    k = int(u * SPAN)  # exact: the stream's floats are whole multiples of 2**-32
    return 99 * SPAN // (SPAN - k)


class Limbo(OneStep):
    spec = GameSpec(
        code="BGS_LIMBO",
        sub_category="AC",
        rtp=Decimal("99.00"),
        min_bet=Decimal("0.10"),
        max_bet=Decimal(500),
        max_win_multiplier=MAX_TARGET,
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(
                "studio.limbo.row",
                (target,),
                rates={"chance": Decimal("0.99") / target},
            )
            for target in (Decimal(2), Decimal(10), Decimal(100), MAX_TARGET)
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        # As the player typed it: a dot or a comma for the decimals (3,5 on a Portuguese page).
        target = parse_number(
            params.get("target"),
            "studio-limbo-target",
            places=2,
            minimum=MIN_TARGET,
            maximum=MAX_TARGET,
            status=400,
            params={"min": MIN_TARGET, "max": MAX_TARGET},
        )
        return {"target": f"{target.quantize(STEP)}"}

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal:
        return Decimal(self.check(params)["target"])

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        target = Decimal(self.check(params)["target"])
        hundredths = result_hundredths(next(rng))
        won = hundredths >= target * 100
        shown = Decimal(max(hundredths, SHOWN_FLOOR)) / 100
        return Outcome(
            multiplier=self.capped(target) if won else Decimal(0),
            detail={"result": f"{shown:.2f}", "target": f"{target}", "won": won},
        )
