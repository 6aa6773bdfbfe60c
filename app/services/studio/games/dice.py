"""Dice (AC): roll 00.00–99.99, bet over or under a target.

The roll is one of 10,000 equally likely values. "Under X" wins on a roll below X (chance X %),
"over X" wins on a roll of X or more (chance 100 − X %). A win pays 99 / chance, truncated to four
decimals, so every target returns 99 % (the truncation takes off less than 0.01 points).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_DOWN, Decimal
from typing import Any

from app.core.errors import AppError
from app.core.fairness import below
from app.services.studio.games.base import (
    MULTIPLIER_STEP,
    GameSpec,
    OneStep,
    Outcome,
    PayRow,
    decimal_param,
)

ROLLS = 10_000
RETURN_PERCENT = Decimal(99)
MIN_CHANCE = Decimal(2)
MAX_CHANCE = Decimal(98)
TARGET_STEP = Decimal("0.01")
DIRECTIONS = ("over", "under")


def win_chance(target: Decimal, direction: str) -> Decimal:
    """In percent."""
    return target if direction == "under" else 100 - target


def multiplier_for(chance: Decimal) -> Decimal:
    return (RETURN_PERCENT / chance).quantize(MULTIPLIER_STEP, rounding=ROUND_DOWN)


class Dice(OneStep):
    spec = GameSpec(
        code="BGS_DICE",
        sub_category="AC",
        rtp=Decimal("99.00"),
        min_bet=Decimal("0.10"),
        max_bet=Decimal(1000),
        max_win_multiplier=multiplier_for(MIN_CHANCE),
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(
                "studio.dice.row.chance",
                (multiplier_for(chance),),
                rates={"chance": chance / 100},
            )
            for chance in (Decimal(2), Decimal(10), Decimal(25), Decimal("49.5"), Decimal(75))
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        direction = params.get("direction")
        if direction not in DIRECTIONS:
            raise AppError("studio-dice-direction", 400)
        bounds = {"min": MIN_CHANCE, "max": MAX_CHANCE}
        target = decimal_param(params, "target", "studio-dice-target", bounds)
        # the range first: quantizing a huge number fails
        if not (MIN_CHANCE <= target <= MAX_CHANCE) or target != target.quantize(TARGET_STEP):
            raise AppError("studio-dice-target", 400, bounds)
        if not (MIN_CHANCE <= win_chance(target, direction) <= MAX_CHANCE):
            raise AppError("studio-dice-target", 400, bounds)
        return {"target": f"{target.quantize(TARGET_STEP)}", "direction": direction}

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal:
        checked = self.check(params)
        return multiplier_for(win_chance(Decimal(checked["target"]), checked["direction"]))

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        checked = self.check(params)
        target = Decimal(checked["target"])
        direction = checked["direction"]
        roll = below(rng, ROLLS)
        threshold = int(target * 100)
        won = roll < threshold if direction == "under" else roll >= threshold
        quoted = multiplier_for(win_chance(target, direction))
        multiplier = self.capped(quoted) if won else Decimal(0)
        return Outcome(
            multiplier=multiplier,
            detail={
                "roll": f"{Decimal(roll) / 100:.2f}",
                "target": checked["target"],
                "direction": direction,
                "won": won,
                "quoted": f"{quoted}",
            },
        )
