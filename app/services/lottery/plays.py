"""The play catalogue: every play of every family, as data.

A play turns a player's selection into single bets (`expand`), says how many stake units each
single bet costs (`cost`: 1, or the number of lô a Vietnamese bet covers), reads a draw
(`views`) and names the paytable lines a single bet earns on it (`lines`: "win", an option's
own line, a prize name, or "tie" which gives the stake back). A paytable per prize mode maps
lines to decimal returns per stake unit (the stake included):

- LOTT and ZY (official plays): `prize = combinations × group / 2000` per unit, the official
  "prize group" rule, with group 1800 for LOTT and 1700 for ZY, rounded down to the cent.
  `combinations` is the play's declared number of equally likely outcomes per winning one.
- ELOTT (two-sided and Vietnamese plays): decimal odds per line, quoted.
- SEA (4D): the prize table per stake unit.

The exact RTP of a play in a mode is computed by enumerating every outcome of what the play
reads (`space`: each view with its exact probability) for each of its representative single
bets, and is the lowest of them; `rtp` below. Plays whose draws are sums over prizes (Vietnam,
4D) are enumerated prize by prize: their return is the sum of the prizes' returns, so its
expectation is the sum of the per-prize expectations, exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations, product
from math import factorial
from typing import Any

from app.core.errors import AppError
from app.services.lottery.families import (
    FAMILIES,
    FOUR_D_SLOTS,
    VN_NORTH_SLOTS,
    VN_SOUTH_SLOTS,
    Draw,
    Slot,
)


class Mode(StrEnum):
    LOTT = "LOTT"
    ZY = "ZY"
    ELOTT = "ELOTT"
    SEA = "SEA"


PRIZE_GROUPS: dict[Mode, int] = {Mode.LOTT: 1800, Mode.ZY: 1700}
TIE = "tie"
WIN = "win"
CENT = Decimal("0.01")
MAX_SINGLE_BETS = 1000  # single bets one selection may make

Single = tuple[Any, ...]
View = Hashable
Table = Mapping[str, Decimal]


@dataclass(frozen=True)
class Limits:
    """Per bet: the stake bounds; per single bet key and issue: the most it may pay out."""

    min_stake: Decimal = Decimal("0.10")
    max_stake: Decimal = Decimal("20000.00")
    max_exposure: Decimal = Decimal("200000.00")


def _one_unit(single: Single) -> int:
    return 1


@dataclass(frozen=True)
class Play:
    """One play. `views(single, draw)` is what a single bet reads of a draw (one view, or one
    per prize for plays summed over prizes); `space(single)` every such view, in groups of
    views of one exact probability; `lines(single, view)` the paytable lines the view earns."""

    code: str
    family: str
    expand: Callable[[Mapping[str, Any]], tuple[Single, ...]]
    views: Callable[[Single, Draw], Sequence[View]]
    space: Callable[[Single], Iterable[tuple[Fraction, Sequence[View]]]]
    lines: Callable[[Single, View], tuple[str, ...]]
    unit_bets: Callable[[], Sequence[Single]]
    tables: Mapping[Mode, Table]
    cost: Callable[[Single], int] = _one_unit
    limits: Limits = field(default_factory=Limits)
    # Issues a bet reads: 2 for đá on two stations, whose draw is the two stations' results
    # one after the other.
    stations: int = 1

    @property
    def modes(self) -> tuple[Mode, ...]:
        return tuple(self.tables)

    def table(self, mode: Mode) -> Table:
        return self.tables[mode]

    def returned(self, single: Single, draw: Draw, mode: Mode) -> Decimal:
        """Stake units a single bet returns on a draw (0 when it loses, 1 on a tie)."""
        table = self.tables[mode]
        return sum(
            (
                Decimal(1) if line == TIE else table.get(line, Decimal(0))
                for view in self.views(single, draw)
                for line in self.lines(single, view)
            ),
            Decimal(0),
        )

    def top_return(self, single: Single, mode: Mode) -> Decimal:
        """The most a single bet can return, in stake units (exposure is counted with it)."""
        best = max((*self.tables[mode].values(), Decimal(1)))
        return best * self.cost(single)


def _invalid(play_code: str) -> AppError:
    return AppError("lottery-selection-invalid", 422, {"play": play_code})


def _int_list(value: object, low: int, high: int, play_code: str) -> list[int]:
    if not isinstance(value, list) or not value:
        raise _invalid(play_code)
    numbers: list[int] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not low <= item <= high:
            raise _invalid(play_code)
        numbers.append(item)
    if len(set(numbers)) != len(numbers):
        raise _invalid(play_code)
    return sorted(numbers)


def _checked(play_code: str, singles: list[Single]) -> tuple[Single, ...]:
    if not singles:
        raise _invalid(play_code)
    if len(singles) > MAX_SINGLE_BETS:
        raise AppError(
            "lottery-too-many-bets", 422, {"count": len(singles), "max": MAX_SINGLE_BETS}
        )
    return tuple(singles)


@cache
def _space(family_code: str, positions: tuple[int, ...]) -> tuple[tuple[Fraction, Sequence[View]]]:
    """Every value of the draw's numbers at `positions`, each with its exact probability.

    Numbers drawn with replacement are independent; numbers drawn without replacement are
    exchangeable, so the numbers at any k positions are a uniform ordered k-draw.
    """
    family = FAMILIES[family_code]
    values = range(family.low, family.high + 1)
    tuples = (
        permutations(values, len(positions))
        if family.distinct
        else product(values, repeat=len(positions))
    )
    outcomes = tuple(tuples)
    return ((Fraction(1, len(outcomes)), outcomes),)


def _pick(positions: Sequence[int]) -> Callable[[Single, Draw], Sequence[View]]:
    def views(single: Single, draw: Draw) -> Sequence[View]:
        return (tuple(draw[p] for p in positions),)

    return views


def _official_tables(combinations_per_win: Fraction) -> dict[Mode, Table]:
    return {
        mode: {
            WIN: (
                Decimal(combinations_per_win.numerator * group)
                / Decimal(combinations_per_win.denominator * 2000)
            ).quantize(CENT, ROUND_FLOOR)
        }
        for mode, group in PRIZE_GROUPS.items()
    }


def positional(code: str, family: str, positions: tuple[int, ...], combos: int) -> Play:
    """Direct plays: one number per position, in order ({"positions": [[...], ...]}); a
    multiple selection makes every combination (numbers may not repeat in distinct draws)."""
    fam = FAMILIES[family]

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        rows = selection.get("positions")
        if not isinstance(rows, list) or len(rows) != len(positions):
            raise _invalid(code)
        choices = [_int_list(row, fam.low, fam.high, code) for row in rows]
        total = 1
        for row in choices:
            total *= len(row)
        if total > MAX_SINGLE_BETS:
            raise AppError("lottery-too-many-bets", 422, {"count": total, "max": MAX_SINGLE_BETS})
        singles = [s for s in product(*choices) if not fam.distinct or len(set(s)) == len(s)]
        return _checked(code, singles)

    def unit_bets() -> Sequence[Single]:
        return (tuple(fam.low + i for i in range(len(positions))),)

    return Play(
        code=code,
        family=family,
        expand=expand,
        views=_pick(positions),
        space=lambda single: _space(family, positions),
        lines=lambda single, view: (WIN,) if view == single else (),
        unit_bets=unit_bets,
        tables=_official_tables(Fraction(combos)),
    )


def grouped(
    code: str,
    family: str,
    positions: tuple[int, ...],
    size: int,
    combos: Fraction,
    *,
    subset: bool = False,
) -> Play:
    """Group plays: `size` distinct numbers in any order ({"numbers": [...]}); a multiple
    selection makes every combination of `size`. The bet wins when the numbers at
    `positions` are exactly its numbers, or (with `subset`) include them."""
    fam = FAMILIES[family]

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        numbers = _int_list(selection.get("numbers"), fam.low, fam.high, code)
        if len(numbers) < size:
            raise _invalid(code)
        if len(numbers) > 20:
            raise _invalid(code)
        return _checked(code, list(combinations(numbers, size)))

    def lines(single: Single, view: View) -> tuple[str, ...]:
        assert isinstance(view, tuple)
        drawn = set(view)
        won = set(single) <= drawn if subset else set(single) == drawn and len(view) == size
        return (WIN,) if won else ()

    return Play(
        code=code,
        family=family,
        expand=expand,
        views=_pick(positions),
        space=lambda single: _space(family, positions),
        lines=lines,
        unit_bets=lambda: (tuple(fam.low + i for i in range(size)),),
        tables=_official_tables(combos),
    )


Judge = Callable[[tuple[int, ...]], str | None]
Option = tuple[tuple[int, ...], Judge]  # the positions an option reads, and its judge


def on(positions: tuple[int, ...], judges: Mapping[str, Judge]) -> dict[str, Option]:
    return {name: (positions, judge) for name, judge in judges.items()}


def options(
    code: str, family: str, choices: Mapping[str, Option], tables: Mapping[Mode, Table]
) -> Play:
    """Plays on named options ({"options": [...]}): each option's judge reads the numbers at
    its positions and names the line the option earns (its own, "win" or "tie"), or None."""

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        chosen = selection.get("options")
        if (
            not isinstance(chosen, list)
            or not chosen
            or any(not isinstance(o, str) or o not in choices for o in chosen)
            or len(set(chosen)) != len(chosen)
        ):
            raise _invalid(code)
        return _checked(code, [(option,) for option in chosen])

    def views(single: Single, draw: Draw) -> Sequence[View]:
        return (tuple(draw[p] for p in choices[single[0]][0]),)

    def lines(single: Single, view: View) -> tuple[str, ...]:
        assert isinstance(view, tuple)
        line = choices[single[0]][1](view)
        return (line,) if line is not None else ()

    return Play(
        code=code,
        family=family,
        expand=expand,
        views=views,
        space=lambda single: _space(family, choices[single[0]][0]),
        lines=lines,
        unit_bets=lambda: tuple((option,) for option in choices),
        tables=tables,
    )


def official_options(code: str, family: str, choices: Mapping[str, Option], combos: int) -> Play:
    return options(code, family, choices, _official_tables(Fraction(combos)))


def _d(value: str) -> Decimal:
    return Decimal(value)


def slot_play(
    code: str,
    family: str,
    slots: tuple[Slot, ...],
    chosen: Sequence[int],
    digits: int,
    tables: Mapping[Mode, Table],
    *,
    reverse: bool = False,
    limits: Limits | None = None,
) -> Play:
    """Vietnamese lô plays: a `digits`-digit number ({"numbers": ["12", ...]}) against the
    last digits of each chosen prize; every prize it matches pays the "hit" line. A single bet
    costs one unit per chosen prize (its lô count). With `reverse` (đảo), every distinct
    permutation of the number's digits is a single bet of its own."""
    assert all(slots[i].digits >= digits for i in chosen)
    modulus = 10**digits

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        numbers = selection.get("numbers")
        if not isinstance(numbers, list) or not numbers:
            raise _invalid(code)
        singles: list[Single] = []
        for number in numbers:
            if not isinstance(number, str) or len(number) != digits or not number.isdigit():
                raise _invalid(code)
            variants = sorted({"".join(p) for p in permutations(number)}) if reverse else [number]
            singles.extend((variant,) for variant in variants if (variant,) not in singles)
        return _checked(code, singles)

    def views(single: Single, draw: Draw) -> Sequence[View]:
        return tuple((i, draw[i] % modulus) for i in chosen)

    def space(single: Single) -> Iterable[tuple[Fraction, Sequence[View]]]:
        return ((Fraction(1, modulus), [(i, value) for i in chosen for value in range(modulus)]),)

    def lines(single: Single, view: View) -> tuple[str, ...]:
        assert isinstance(view, tuple)
        return ("hit",) if view[1] == int(single[0]) else ()

    return Play(
        code=code,
        family=family,
        expand=expand,
        views=views,
        space=space,
        lines=lines,
        unit_bets=lambda: (("0" * digits,),),
        tables=tables,
        cost=lambda single: len(chosen),
        limits=limits or Limits(),
    )


def pair_play(
    code: str,
    family: str,
    chosen: Sequence[int],
    tables: Mapping[Mode, Table],
    limits: Limits,
    stations: int = 1,
) -> Play:
    """Vietnamese đá (xiên): 2-digit numbers ({"numbers": ["12", "34", ...]}, at least two);
    every pair of them is a single bet, which wins when both numbers are among the last two
    digits of the chosen prizes (the "hit" line), plus the "nháy" bonus (the "nhay" line,
    half the hit) once for every time a number of the pair is drawn again. A single bet
    costs one unit per number per lô (2 × the lô count). On two stations, the draw read is
    both stations' results and `chosen` covers the lô of both.

    The prizes' last two digits are independent and uniform: how often each number of the
    pair is drawn over n lô is multinomial (1/100, 1/100, 98/100), which `space` enumerates."""
    lo = len(chosen)

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        numbers = selection.get("numbers")
        if (
            not isinstance(numbers, list)
            or len(numbers) < 2
            or any(not isinstance(n, str) or len(n) != 2 or not n.isdigit() for n in numbers)
            or len(set(numbers)) != len(numbers)
        ):
            raise _invalid(code)
        return _checked(code, list(combinations(sorted(numbers), 2)))

    def views(single: Single, draw: Draw) -> Sequence[View]:
        tails = [draw[i] % 100 for i in chosen]
        return ((tails.count(int(single[0])), tails.count(int(single[1]))),)

    def space(single: Single) -> Iterable[tuple[Fraction, Sequence[View]]]:
        one, rest = Fraction(1, 100), Fraction(98, 100)
        for first in range(lo + 1):
            for second in range(lo + 1 - first):
                ways = factorial(lo) // (
                    factorial(first) * factorial(second) * factorial(lo - first - second)
                )
                weight = ways * one ** (first + second) * rest ** (lo - first - second)
                yield weight, [(first, second)]

    def lines(single: Single, view: View) -> tuple[str, ...]:
        assert isinstance(view, tuple)  # (times the first number is drawn, the second)
        first, second = (int(count) for count in view)
        if not (first and second):
            return ()
        return ("hit",) + ("nhay",) * (first + second - 2)

    return Play(
        code=code,
        family=family,
        expand=expand,
        views=views,
        space=space,
        lines=lines,
        unit_bets=lambda: (("00", "01"),),
        tables=tables,
        cost=lambda single: 2 * lo,
        limits=limits,
        stations=stations,
    )


def four_d(code: str, table: Table) -> Play:
    """4D Big or Small: a 4-digit number ({"numbers": ["0123"]}) against the 23 prizes; each
    prize it matches pays its prize line (Small pays the first three prizes only)."""

    def expand(selection: Mapping[str, Any]) -> tuple[Single, ...]:
        numbers = selection.get("numbers")
        if (
            not isinstance(numbers, list)
            or not numbers
            or len(set(map(str, numbers))) != len(numbers)
        ):
            raise _invalid(code)
        if any(not isinstance(n, str) or len(n) != 4 or not n.isdigit() for n in numbers):
            raise _invalid(code)
        return _checked(code, [(number,) for number in numbers])

    def space(single: Single) -> Iterable[tuple[Fraction, Sequence[View]]]:
        # Each prize is, on its own, uniform over the 10,000 numbers.
        views = [(i, value) for i in range(len(FOUR_D_SLOTS)) for value in range(10_000)]
        return ((Fraction(1, 10_000), views),)

    def lines(single: Single, view: View) -> tuple[str, ...]:
        assert isinstance(view, tuple)
        return (FOUR_D_SLOTS[view[0]].prize,) if view[1] == int(single[0]) else ()

    return Play(
        code=code,
        family="4d",
        expand=expand,
        views=lambda single, draw: tuple(enumerate(draw)),
        space=space,
        lines=lines,
        unit_bets=lambda: (("0000",),),
        tables={Mode.SEA: table},
    )


# ---- judges ------------------------------------------------------------------------------------


def _two_sided(
    value: Callable[[tuple[int, ...]], int],
    big: Callable[[int], bool | None],
    *,
    void: Callable[[tuple[int, ...]], bool] = lambda view: False,
    parity_ties: bool = True,
) -> dict[str, Judge]:
    """big/small/odd/even on a number read from the view. `big` answers None for a tie value:
    big and small get their stake back, and odd and even too when `parity_ties`. On a `void`
    view every option loses."""

    def judge(option: str) -> Judge:
        def decide(view: tuple[int, ...]) -> str | None:
            if void(view):
                return None
            number = value(view)
            is_big = big(number)
            if is_big is None and (parity_ties or option in ("big", "small")):
                return TIE
            hit = {
                "big": is_big is True,
                "small": is_big is False,
                "odd": number % 2 == 1,
                "even": number % 2 == 0,
            }[option]
            return option if hit else None

        return decide

    return {option: judge(option) for option in ("big", "small", "odd", "even")}


def _first(view: tuple[int, ...]) -> int:
    return view[0]


def _per_position(count: int, judges: Mapping[str, Judge]) -> dict[str, Option]:
    """The same judges (reading one number) for each position: options "<position>:<name>"."""
    return {
        f"{position + 1}:{name}": ((position,), judge)
        for position in range(count)
        for name, judge in judges.items()
    }


def _number_is(number: int) -> Judge:
    return lambda view: WIN if view[0] == number else None


def _numbers(low: int, high: int) -> dict[str, Judge]:
    return {str(n): _number_is(n) for n in range(low, high + 1)}


def _elott(lines: Mapping[str, str]) -> dict[Mode, Table]:
    return {Mode.ELOTT: {line: Decimal(odds) for line, odds in lines.items()}}


def _sum_is(total: int) -> Judge:
    return lambda view: str(total) if sum(view) == total else None


BSOE = {"big": "1.8", "small": "1.8", "odd": "1.8", "even": "1.8"}
K3_SUM_ODDS = {
    3: "194.4", 4: "64.8", 5: "32.4", 6: "19.44", 7: "12.96", 8: "9.257", 9: "7.776", 10: "7.2",
    11: "7.2", 12: "7.776", 13: "9.257", 14: "12.96", 15: "19.44", 16: "32.4", 17: "64.8",
    18: "194.4",
}  # fmt: skip
PC28_SUM_ODDS = {
    0: "837", 1: "300", 2: "150", 3: "90", 4: "60", 5: "42.85", 6: "32.14", 7: "25", 8: "20",
    9: "16.36", 10: "14.28", 11: "13.04", 12: "12.32", 13: "12", 14: "12", 15: "12.32",
    16: "13.04", 17: "14.28", 18: "16.36", 19: "20", 20: "25", 21: "32.14", 22: "42.85",
    23: "60", 24: "90", 25: "150", 26: "300", 27: "837",
}  # fmt: skip
LHC_RED = {1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46}
LHC_BLUE = {3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48}


def _ssc_plays() -> list[Play]:
    five = (0, 1, 2, 3, 4)
    return [
        positional("ssc.star5.direct", "ssc", five, 100_000),
        positional("ssc.front3.direct", "ssc", (0, 1, 2), 1000),
        grouped("ssc.front3.group6", "ssc", (0, 1, 2), 3, Fraction(1000, 6)),
        official_options("ssc.position", "ssc", _per_position(5, _numbers(0, 9)), 10),
        options(
            "ssc.position.bsoe",
            "ssc",
            _per_position(5, _two_sided(_first, lambda n: n >= 5)),
            _elott(BSOE),
        ),
        options("ssc.sum.bsoe", "ssc", on(five, _two_sided(sum, lambda t: t >= 23)), _elott(BSOE)),
        # Dragon is the first digit above the last, tiger below; an equal pair is a draw, on
        # which dragon and tiger lose.
        options(
            "ssc.dragon_tiger",
            "ssc",
            on(
                (0, 4),
                {
                    "dragon": lambda v: "dragon" if v[0] > v[1] else None,
                    "tiger": lambda v: "tiger" if v[0] < v[1] else None,
                    "draw": lambda v: "draw" if v[0] == v[1] else None,
                },
            ),
            _elott({"dragon": "1.899", "tiger": "1.899", "draw": "8.55"}),
        ),
    ]


def _x115_plays() -> list[Play]:
    five = (0, 1, 2, 3, 4)
    # A ball of 11 is a tie for that ball's big/small and odd/even; a total of 30 for the
    # total's.
    ball = _two_sided(_first, lambda n: None if n == 11 else n >= 6)
    return [
        positional("11x5.front3.direct", "11x5", (0, 1, 2), 990),
        grouped("11x5.front3.group", "11x5", (0, 1, 2), 3, Fraction(165)),
        grouped("11x5.any2", "11x5", five, 2, Fraction(55, 10), subset=True),
        grouped("11x5.any5", "11x5", five, 5, Fraction(462)),
        official_options("11x5.position", "11x5", _per_position(5, _numbers(1, 11)), 11),
        options("11x5.position.bsoe", "11x5", _per_position(5, ball), _elott(BSOE)),
        options(
            "11x5.sum.bsoe",
            "11x5",
            on(five, _two_sided(sum, lambda t: None if t == 30 else t > 30, parity_ties=False)),
            # Six of the eleven balls are odd, so an odd total is the likelier one.
            _elott({"big": "1.8", "small": "1.8", "odd": "1.76", "even": "1.83"}),
        ),
    ]


def _all_show(number: int) -> Judge:
    return lambda view: WIN if all(die == number for die in view) else None


def _at_least_two_show(number: int) -> Judge:
    return lambda view: WIN if view.count(number) >= 2 else None


def _any_shows(number: int) -> Judge:
    return lambda view: WIN if number in view else None


def _colour_is(colour: str) -> Judge:
    return lambda view: colour if _lhc_colour(view[0]) == colour else None


def _is_triple(view: tuple[int, ...]) -> bool:
    return view[0] == view[1] == view[2]


def _k3_plays() -> list[Play]:
    dice = (0, 1, 2)
    return [
        options(
            "k3.sum",
            "k3",
            on(dice, {str(total): _sum_is(total) for total in K3_SUM_ODDS}),
            _elott({str(total): odds for total, odds in K3_SUM_ODDS.items()}),
        ),
        # Big (11-17) / small (4-10) and odd / even lose on any triple.
        options(
            "k3.bsoe",
            "k3",
            on(dice, _two_sided(sum, lambda t: t >= 11, void=_is_triple)),
            _elott(BSOE),
        ),
        official_options(
            "k3.triple",
            "k3",
            on(
                dice,
                {str(n): _all_show(n) for n in range(1, 7)},
            ),
            216,
        ),
        official_options(
            "k3.triple.any", "k3", on(dice, {"any": lambda v: WIN if _is_triple(v) else None}), 36
        ),
        options(
            "k3.pair",
            "k3",
            on(
                dice,
                {str(n): _at_least_two_show(n) for n in range(1, 7)},
            ),
            _elott({WIN: "12.15"}),
        ),
        # A single number pays once, however many dice show it.
        options(
            "k3.single",
            "k3",
            on(dice, {str(n): _any_shows(n) for n in range(1, 7)}),
            _elott({WIN: "2.13"}),
        ),
    ]


def _pk10_plays() -> list[Play]:
    # Dragon/tiger pairs positions 1 v 10, 2 v 9 … 5 v 6 (two cars never tie).
    dragon_tiger = {
        f"{p + 1}:{name}": ((p, 9 - p), judge)
        for p in range(5)
        for name, judge in {
            "dragon": lambda v: "dragon" if v[0] > v[1] else None,
            "tiger": lambda v: "tiger" if v[0] < v[1] else None,
        }.items()
    }
    return [
        positional("pk10.top3.direct", "pk10", (0, 1, 2), 720),
        official_options("pk10.position", "pk10", _per_position(10, _numbers(1, 10)), 10),
        options(
            "pk10.position.bsoe",
            "pk10",
            _per_position(10, _two_sided(_first, lambda n: n >= 6)),
            _elott(BSOE),
        ),
        options(
            "pk10.dragon_tiger", "pk10", dragon_tiger, _elott({"dragon": "1.8", "tiger": "1.8"})
        ),
        options(
            "pk10.top2.sum",
            "pk10",
            on((0, 1), _two_sided(sum, lambda t: t >= 12)),
            _elott({"big": "2.025", "small": "1.62", "odd": "1.62", "even": "2.025"}),
        ),
    ]


def _lhc_colour(number: int) -> str:
    return "red" if number in LHC_RED else "blue" if number in LHC_BLUE else "green"


def _lhc_plays() -> list[Play]:
    special = (6,)
    return [
        options(
            "lhc.special",
            "lhc",
            on(special, _numbers(1, 49)),
            {**_elott({WIN: "44.1"}), **_official_tables(Fraction(49))},
        ),
        # 49 is a tie for the special number's big/small and odd/even.
        options(
            "lhc.special.bsoe",
            "lhc",
            on(special, _two_sided(_first, lambda n: None if n == 49 else n >= 25)),
            _elott(BSOE),
        ),
        options(
            "lhc.special.colour",
            "lhc",
            on(
                special,
                {colour: _colour_is(colour) for colour in ("red", "blue", "green")},
            ),
            _elott({"red": "2.59", "blue": "2.75", "green": "2.75"}),
        ),
    ]


def _three_digit_plays(family: str) -> list[Play]:
    digits = (0, 1, 2)
    two_sided = options(
        f"{family}.sum.bsoe", family, on(digits, _two_sided(sum, lambda t: t >= 14)), _elott(BSOE)
    )
    if family == "pcb":
        return [
            options(
                "pcb.sum",
                "pcb",
                on(digits, {str(total): _sum_is(total) for total in PC28_SUM_ODDS}),
                _elott({str(total): odds for total, odds in PC28_SUM_ODDS.items()}),
            ),
            two_sided,
        ]
    return [
        positional(f"{family}.direct", family, digits, 1000),
        grouped(f"{family}.group6", family, digits, 3, Fraction(1000, 6)),
        official_options(f"{family}.position", family, _per_position(3, _numbers(0, 9)), 10),
        two_sided,
    ]


# Vietnamese plays: which prizes each bet type covers (indices into the region's prize list).
def _indices(slots: tuple[Slot, ...], *prizes: str, digits: int = 2) -> tuple[int, ...]:
    return tuple(
        i for i, slot in enumerate(slots) if slot.prize in prizes and slot.digits >= digits
    )


def _all(slots: tuple[Slot, ...], digits: int) -> tuple[int, ...]:
    return tuple(i for i, slot in enumerate(slots) if slot.digits >= digits)


VN_TABLES = {
    2: _elott({"hit": "75"}),
    3: _elott({"hit": "650"}),
    4: _elott({"hit": "5500"}),
}
VN_LIMITS = Limits(min_stake=Decimal("1.00"), max_stake=Decimal("5000.00"))


def _vn_plays(family: str) -> list[Play]:
    south = family == "vns"
    slots = VN_SOUTH_SLOTS if south else VN_NORTH_SLOTS
    head2 = _indices(slots, "eighth" if south else "seventh")
    head3 = _indices(slots, "seventh" if south else "sixth", digits=3)
    special = _indices(slots, "special")

    def play(name: str, chosen: tuple[int, ...], digits: int, reverse: bool = False) -> Play:
        return slot_play(
            f"{family}.{name}",
            family,
            slots,
            chosen,
            digits,
            VN_TABLES[digits],
            reverse=reverse,
            limits=VN_LIMITS,
        )

    plays = [
        play("dd", head2 + special, 2),
        play("dau", head2, 2),
        play("duoi", special, 2),
        play("xc", head3 + special, 3),
        play("b2", _all(slots, 2), 2),
        play("b3", _all(slots, 3), 3),
        play("b4", _all(slots, 4), 4),
        play("daob", _all(slots, 2), 2, reverse=True),
        play("daob3", _all(slots, 3), 3, reverse=True),
    ]
    # Đá on one station's draw: 1:750 in the South and Centre, 1:650 in the North, and the
    # nháy bonus of half that for each repeat of a number (research).
    da_odds = {"hit": "750", "nhay": "375"} if south else {"hit": "650", "nhay": "325"}
    plays.append(pair_play(f"{family}.da", family, _all(slots, 2), _elott(da_odds), VN_LIMITS))
    if south:
        # Đá on two stations of one draw: 1:550 over the 36 lô of both (research).
        both = _all(slots, 2) + tuple(len(slots) + i for i in _all(slots, 2))
        two = _elott({"hit": "550", "nhay": "275"})
        plays.append(pair_play(f"{family}.da2", family, both, two, VN_LIMITS, stations=2))
        plays.append(
            play("b7l", _indices(slots, "eighth", "seventh", "sixth", "fifth", "special"), 2)
        )
    else:
        plays.append(play("b8l", _indices(slots, "seventh", "sixth", "special"), 2))
    return plays


def _four_d_plays() -> list[Play]:
    return [
        four_d(
            "4d.big",
            {
                "first": _d("2500"),
                "second": _d("1000"),
                "third": _d("500"),
                "starter": _d("180"),
                "consolation": _d("60"),
            },
        ),
        four_d("4d.small", {"first": _d("3500"), "second": _d("2000"), "third": _d("1000")}),
    ]


def _catalogue() -> dict[str, Play]:
    plays = [
        *_ssc_plays(),
        *_x115_plays(),
        *_k3_plays(),
        *_pk10_plays(),
        *_lhc_plays(),
        *_three_digit_plays("pcb"),
        *_three_digit_plays("lf"),
        *_vn_plays("vns"),
        *_vn_plays("vnn"),
        *_four_d_plays(),
    ]
    return {play.code: play for play in plays}


PLAYS: dict[str, Play] = _catalogue()


def play(code: str) -> Play:
    found = PLAYS.get(code) if isinstance(code, str) else None
    if found is None:
        raise AppError("lottery-play-unknown", 404)
    return found


# ---- bet counting and exact RTP ------------------------------------------------------------------


def bet_count(play_code: str, selection: Mapping[str, Any]) -> int:
    """How many stake units a selection makes: the sum of its single bets' costs."""
    found = play(play_code)
    return sum(found.cost(single) for single in found.expand(selection))


def expected_return(found: Play, single: Single, mode: Mode) -> Fraction:
    """The exact expected return of one single bet, in stake units, over every outcome."""
    table = found.tables[mode]
    total = Fraction(0)
    for weight, views in found.space(single):
        earned: Counter[str] = Counter()
        for view in views:
            earned.update(found.lines(single, view))
        for line, count in earned.items():
            value = Fraction(1) if line == TIE else Fraction(table.get(line, 0))
            total += weight * count * value
    return total


@cache
def rtp(play_code: str, mode: Mode) -> Fraction:
    """The play's exact RTP in a mode: the lowest over its representative single bets."""
    found = play(play_code)
    return min(
        expected_return(found, single, mode) / found.cost(single) for single in found.unit_bets()
    )


def rtp_table() -> dict[tuple[str, Mode], Fraction]:
    return {(p.code, mode): rtp(p.code, mode) for p in PLAYS.values() for mode in p.modes}


def offered(play_code: str, mode: Mode, min_rtp: Decimal) -> bool:
    """Does a brand whose floor is `min_rtp` (0.85 for Brazil) offer this play in this mode?"""
    found = play(play_code)
    return mode in found.tables and rtp(play_code, mode) >= Fraction(min_rtp)
