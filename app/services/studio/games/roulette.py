"""European roulette (TG): one zero, 37 pockets, chips on several bets at once.

Params: {"chips": [{"kind": "straight", "numbers": [17], "units": 2}, {"kind": "red", "units": 1},
{"kind": "corner", "numbers": [1, 2, 4, 5], "units": 1}, {"kind": "dozen", "index": 2}, ...]}.
`units` are whole chips; each chip stakes bet / total units, so the round's multiplier is
sum(units × return) / total units (truncated to four decimals). The inside bets (straight,
split, street, corner, six-line) name their numbers, which must be one of the table's groups
(`GROUPS`). Every bet returns 36/37 = 97.297 % of its stake on average.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from decimal import ROUND_DOWN, Decimal
from typing import Any, TypeVar

from app.core.errors import AppError
from app.core.fairness import below
from app.services.currencies import limit_scale
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
# A bet's units: its amount in the table's largest common step (`units_of`). The rack's chips
# keep that step at the smallest chip, but autobet's change of stake (`scaled`) puts the chips
# on any cent (whole dong): the bound lets a table at its maximum bet be counted in hundredths
# of the currency's unit, in every currency (10 million dong is 10^9 hundredths).
MAX_UNITS = 10**9

# Return per unit staked, the stake included (35:1 is 36 back).
RETURNS: dict[str, int] = {
    "straight": 36,
    "split": 18,
    "street": 12,
    "corner": 9,
    "line": 6,
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
# Chips in reais (scaled to other currencies as the bet limits are): the table's chip rack.
CHIPS = (Decimal("0.10"), Decimal(1), Decimal(5), Decimal(10), Decimal(50), Decimal(100))


def colour(number: int) -> str:
    if number == 0:
        return "green"
    return "red" if number in RED else "black"


def _row(first: int) -> frozenset[int]:
    return frozenset(range(first, first + 3))


def _groups() -> dict[str, frozenset[frozenset[int]]]:
    """Every legal inside bet of the table, by kind. Rows of three (1-2-3 ... 34-35-36); the
    zero touches 1, 2 and 3: its splits, the trios 0-1-2 and 0-2-3 (streets) and the first
    four 0-1-2-3 (a corner), as on a European table."""
    firsts = range(1, 35, 3)  # each row's first number
    beside = [(n, n + 1) for n in range(1, 37) if n % 3]
    below = [(n, n + 3) for n in range(1, 34)]
    return {
        "straight": frozenset(frozenset({n}) for n in range(POCKETS)),
        "split": frozenset(frozenset(pair) for pair in [*beside, *below, (0, 1), (0, 2), (0, 3)]),
        "street": frozenset(
            [*(_row(n) for n in firsts), frozenset({0, 1, 2}), frozenset({0, 2, 3})]
        ),
        "corner": frozenset(
            [*(frozenset({n, n + 1, n + 3, n + 4}) for n, _ in beside if n < 34), _row(0) | {3}]
        ),
        "line": frozenset(_row(n) | _row(n + 3) for n in firsts[:-1]),
    }


GROUPS = _groups()
SIZES = {kind: len(next(iter(groups))) for kind, groups in GROUPS.items()}


def groups_with(kind: str, numbers: Iterable[int]) -> list[frozenset[int]]:
    """The table's bets of `kind` that cover all of `numbers` (the page places a bet once its
    taps leave one); none for a kind that is not an inside bet."""
    picked = set(numbers)
    return sorted((group for group in GROUPS.get(kind, ()) if picked <= group), key=sorted)


K = TypeVar("K")


def units_of(amounts: Mapping[K, Decimal]) -> dict[K, int]:
    """Each bet's whole units of the stake: its amount in the amounts' largest common step
    (1,10 and 0,30 are 11 and 3), so that the game splits the stake as the chips lie."""
    minor = {key: int(value.scaleb(2)) for key, value in amounts.items()}
    step = math.gcd(*minor.values()) or 1
    return {key: value // step for key, value in minor.items()}


def scaled(amounts: Mapping[K, Decimal], stake: Decimal, unit: Decimal) -> dict[K, Decimal]:
    """The table's chips at another stake (autobet's change on a win or a loss): each bet's
    amount in proportion, in whole `unit`s (the currency's cent, or whole dong), adding up to
    exactly `stake`, which is what the wallet debits. Each is rounded down, and the units the
    rounding left go one each to the bets it cut most (the first placed on a tie). Refused when
    a bet would be left without a unit (a stake smaller than its chips can be cut into)."""
    total = sum(amounts.values(), Decimal(0))
    steps = int(stake / unit)
    if not amounts or total <= 0 or stake <= 0 or Decimal(steps) * unit != stake:
        raise AppError("studio-roulette-scale", 400)
    shares = {key: value * steps / total for key, value in amounts.items()}
    whole = {key: int(share) for key, share in shares.items()}  # rounded down: all positive
    cut = sorted(shares, key=lambda key: whole[key] - shares[key])  # stable: order of placing
    for key in cut[: steps - sum(whole.values())]:
        whole[key] += 1
    if min(whole.values()) < 1:
        raise AppError("studio-roulette-scale", 400)
    return {key: n * unit for key, n in whole.items()}


def chip_values(currency: str) -> tuple[Decimal, ...]:
    """The chip rack in `currency`: scaled as the bet limits are, in its minor digits."""
    unit = Roulette.spec.limits(currency).unit  # refuses a currency without a scale
    scale = limit_scale(currency)
    return tuple(sorted({(chip * scale).quantize(unit) for chip in CHIPS} - {Decimal(0)}))


def covered(chip: dict[str, Any]) -> frozenset[int]:
    """The pockets a (checked) chip wins on."""
    kind = chip["kind"]
    if kind in GROUPS:
        return frozenset(chip["numbers"])
    numbers = range(1, POCKETS)
    match kind:
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
    if kind in GROUPS:
        numbers = raw.get("numbers")
        if not isinstance(numbers, list) or len(numbers) != SIZES[kind]:
            raise AppError("studio-roulette-numbers", 400)
        checked = sorted(_int(n, "studio-roulette-numbers") for n in numbers)
        if not all(0 <= n < POCKETS for n in checked):
            raise AppError("studio-roulette-numbers", 400)
        if frozenset(checked) not in GROUPS[kind]:
            raise AppError(f"studio-roulette-{kind}", 400)
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

    def staked(self, params: dict[str, Any], stake: Decimal, unit: Decimal) -> dict[str, Any]:
        """The chips at another stake (`scaled`): each bet's units recounted from its amount
        in whole `unit`s, so the stake is split over the chips exactly as they then lie."""
        chips = self.check(params)["chips"]
        amounts = scaled({i: Decimal(chip["units"]) for i, chip in enumerate(chips)}, stake, unit)
        units = units_of(amounts)
        return {"chips": [{**chip, "units": units[i]} for i, chip in enumerate(chips)]}

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
