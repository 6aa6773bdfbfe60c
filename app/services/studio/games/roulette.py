"""European roulette (TG): one zero, 37 pockets, chips on several bets at once.

Params: {"chips": [{"kind": "straight", "numbers": [17], "units": 2}, {"kind": "red", "units": 1},
{"kind": "dozen", "index": 2, "units": 1}, ...]}. `units` are whole chips; each chip stakes
bet / total units, so the round's multiplier is sum(units × return) / total units (truncated to
four decimals). Every bet returns 36/37 = 97.297 % of its stake on average.
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
)

POCKETS = 37
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
MAX_CHIPS = 40
MAX_UNITS = 1000

# Return per unit staked, the stake included.
RETURNS: dict[str, int] = {
    "straight": 36,
    "split": 18,
    "dozen": 3,
    "column": 3,
    "red": 2,
    "black": 2,
    "odd": 2,
    "even": 2,
    "low": 2,
    "high": 2,
}
INDEXED = ("dozen", "column")


def colour(number: int) -> str:
    if number == 0:
        return "green"
    return "red" if number in RED else "black"


def is_split(a: int, b: int) -> bool:
    """Two numbers side by side on the table (rows of three, zero touching 1, 2 and 3)."""
    low, high = sorted((a, b))
    if low == 0:
        return high in (1, 2, 3)
    return (high == low + 1 and low % 3 != 0) or high == low + 3


def covered(chip: dict[str, Any]) -> frozenset[int]:
    """The pockets a (checked) chip wins on."""
    kind = chip["kind"]
    numbers = range(1, POCKETS)
    match kind:
        case "straight" | "split":
            return frozenset(chip["numbers"])
        case "dozen":
            return frozenset(n for n in numbers if (n - 1) // 12 + 1 == chip["index"])
        case "column":
            return frozenset(n for n in numbers if (n - 1) % 3 + 1 == chip["index"])
        case "red":
            return RED
        case "black":
            return frozenset(numbers) - RED
        case "odd":
            return frozenset(n for n in numbers if n % 2)
        case "even":
            return frozenset(n for n in numbers if not n % 2)
        case "low":
            return frozenset(range(1, 19))
        case _:
            return frozenset(range(19, 37))


def _int(value: Any, error: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AppError(error, 400)
    return value


def _check_chip(raw: Any) -> dict[str, Any]:
    if (
        not isinstance(raw, dict)
        or not isinstance(raw.get("kind"), str)
        or raw["kind"] not in RETURNS
    ):
        raise AppError("studio-roulette-bet-kind", 400)
    kind = raw["kind"]
    units = _int(raw.get("units", 1), "studio-roulette-units")
    if not 1 <= units <= MAX_UNITS:
        raise AppError("studio-roulette-units", 400, {"max": MAX_UNITS})
    chip: dict[str, Any] = {"kind": kind, "units": units}
    if kind in ("straight", "split"):
        numbers = raw.get("numbers")
        size = 1 if kind == "straight" else 2
        if not isinstance(numbers, list) or len(numbers) != size:
            raise AppError("studio-roulette-numbers", 400)
        checked = sorted(_int(n, "studio-roulette-numbers") for n in numbers)
        if not all(0 <= n < POCKETS for n in checked):
            raise AppError("studio-roulette-numbers", 400)
        if kind == "split" and not is_split(*checked):
            raise AppError("studio-roulette-split", 400)
        chip["numbers"] = checked
    elif kind in INDEXED:
        index = _int(raw.get("index"), "studio-roulette-index")
        if index not in (1, 2, 3):
            raise AppError("studio-roulette-index", 400)
        chip["index"] = index
    return chip


class Roulette(OneStep):
    spec = GameSpec(
        code="BGS_ROULETTE",
        sub_category="TG",
        rtp=Decimal("97.30"),
        min_bet=Decimal("0.50"),
        max_bet=Decimal(2000),
        max_win_multiplier=Decimal(36),
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(f"studio.roulette.row.{kind}", (Decimal(pays),))
            for kind, pays in RETURNS.items()
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        chips = params.get("chips")
        if not isinstance(chips, list) or not 1 <= len(chips) <= MAX_CHIPS:
            raise AppError("studio-roulette-no-chips", 400, {"max": MAX_CHIPS})
        return {"chips": [_check_chip(chip) for chip in chips]}

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal | None:
        chips = self.check(params)["chips"]
        return Decimal(RETURNS[chips[0]["kind"]]) if len(chips) == 1 else None

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        chips = self.check(params)["chips"]
        number = below(rng, POCKETS)
        total_units = sum(chip["units"] for chip in chips)
        returned = 0
        shown = []
        for chip in chips:
            won = number in covered(chip)
            chip_return = chip["units"] * RETURNS[chip["kind"]] if won else 0
            returned += chip_return
            shown.append({**chip, "won": won, "returns_units": chip_return})
        multiplier = (Decimal(returned) / total_units).quantize(MULTIPLIER_STEP, ROUND_DOWN)
        return Outcome(
            multiplier=self.capped(multiplier),
            detail={"number": number, "colour": colour(number), "chips": shown},
        )
