"""What a play is and the builders of plays (the play catalogue's vocabulary; the catalogue
itself is plays.py, its plays play_families.py).

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
"""

from __future__ import annotations

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
from app.services.lottery.families import FAMILIES, FOUR_D_SLOTS, Draw, Slot


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

    def scaled(self, factor: Decimal) -> Limits:
        """The limits in a brand's currency: written in reais, times its limit scale
        (`currencies.limit_scale`), like every other bet limit."""
        return Limits(self.min_stake * factor, self.max_stake * factor, self.max_exposure * factor)


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


def official_tables(combinations_per_win: Fraction) -> dict[Mode, Table]:
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
        tables=official_tables(Fraction(combos)),
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
        tables=official_tables(combos),
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
    return options(code, family, choices, official_tables(Fraction(combos)))


def quoted(value: str) -> Decimal:
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
