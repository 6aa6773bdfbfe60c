"""Game families: what one draw is and how it is derived from an issue's word stream.

A draw is a tuple of integers, in draw order:

| family | draw | derivation |
|---|---|---|
| ssc | 5 digits 0-9 | 5 × below(10) |
| 11x5 | 5 distinct balls of 1-11 | sample(11, 5) |
| k3 | 3 dice 1-6 | 3 × (below(6) + 1) |
| pk10 | the order of cars 1-10 | sample(10, 10) |
| lhc | 6 balls + the special of 1-49, distinct | sample(49, 7); the 7th is the special |
| pcb | 3 digits 0-9 (PC28: their sum 0-27) | 3 × below(10) |
| lf | 3 digits 0-9 (low-frequency 3D) | 3 × below(10) |
| vns | Vietnam South/Central: 18 prizes (lô) | prize by prize, below(10 ** digits) |
| vnn | Vietnam North: 27 prizes (lô) | prize by prize, below(10 ** digits) |
| 4d | 23 distinct 4-digit numbers | sample(10000, 23, start=0) |

The Vietnamese prizes are listed from the special prize down to the last (8th in the South,
7th in the North), each prize as many times as it has numbers. 4D lists 1st, 2nd, 3rd, then
10 starter and 10 consolation numbers.

Each family's derivation is a `Recipe` of one of three kinds (digits, sample, ranged): the
family draws by it, and the verify page hands it (`Recipe.plain`) to the player's browser,
which redoes the draw with the same steps (assets/lottery-verify.js).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from typing import ClassVar

from app.services.lottery.rng import WordStream

Draw = tuple[int, ...]

# (prize name, numbers, digits) from the special prize down.
VN_SOUTH_PRIZES: tuple[tuple[str, int, int], ...] = (
    ("special", 1, 6),
    ("first", 1, 5),
    ("second", 1, 5),
    ("third", 2, 5),
    ("fourth", 7, 5),
    ("fifth", 1, 4),
    ("sixth", 3, 4),
    ("seventh", 1, 3),
    ("eighth", 1, 2),
)
VN_NORTH_PRIZES: tuple[tuple[str, int, int], ...] = (
    ("special", 1, 5),
    ("first", 1, 5),
    ("second", 2, 5),
    ("third", 6, 5),
    ("fourth", 4, 4),
    ("fifth", 6, 4),
    ("sixth", 3, 3),
    ("seventh", 4, 2),
)
FOUR_D_PRIZES: tuple[tuple[str, int], ...] = (
    ("first", 1),
    ("second", 1),
    ("third", 1),
    ("starter", 10),
    ("consolation", 10),
)


@dataclass(frozen=True)
class Slot:
    """One number of a draw that is a list of prizes: its prize and its number of digits."""

    prize: str
    digits: int


def prize_slots(layout: tuple[tuple[str, int, int], ...]) -> tuple[Slot, ...]:
    return tuple(Slot(name, digits) for name, count, digits in layout for _ in range(count))


VN_SOUTH_SLOTS = prize_slots(VN_SOUTH_PRIZES)
VN_NORTH_SLOTS = prize_slots(VN_NORTH_PRIZES)
VN_SLOTS = {"vns": VN_SOUTH_SLOTS, "vnn": VN_NORTH_SLOTS}
FOUR_D_SLOTS = tuple(Slot(name, 4) for name, count in FOUR_D_PRIZES for _ in range(count))


@dataclass(frozen=True)
class Recipe(ABC):
    """How a draw is read from an issue's word stream, in a form a browser can follow."""

    kind: ClassVar[str]

    @abstractmethod
    def derive(self, words: WordStream) -> Draw: ...

    def plain(self) -> dict[str, object]:
        """The recipe as JSON-ready data: its kind and its numbers."""
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Digits(Recipe):
    """`count` numbers of `below(base) + add`, with replacement."""

    kind: ClassVar[str] = "digits"
    count: int
    base: int = 10
    add: int = 0

    def derive(self, words: WordStream) -> Draw:
        drawn = words.digits(self.count, self.base)
        return tuple(d + self.add for d in drawn) if self.add else drawn


@dataclass(frozen=True)
class Sample(Recipe):
    """`count` distinct numbers of `start … start + population - 1`, in draw order."""

    kind: ClassVar[str] = "sample"
    population: int
    count: int
    start: int = 1

    def derive(self, words: WordStream) -> Draw:
        return words.sample(self.population, self.count, self.start)


@dataclass(frozen=True)
class Ranged(Recipe):
    """`below(size)` for each size in turn (a list of prizes of their own digits)."""

    kind: ClassVar[str] = "ranged"
    sizes: tuple[int, ...]

    def derive(self, words: WordStream) -> Draw:
        return words.ranged(self.sizes)


def _slots_recipe(slots: tuple[Slot, ...]) -> Ranged:
    return Ranged(tuple(10**slot.digits for slot in slots))


@dataclass(frozen=True)
class Family:
    code: str
    size: int  # numbers in a draw
    recipe: Recipe
    low: int  # smallest number a draw may hold
    high: int  # largest
    distinct: bool  # numbers of a draw never repeat

    def derive(self, words: WordStream) -> Draw:
        return self.recipe.derive(words)

    def check(self, numbers: Draw) -> bool:
        """Is this a possible draw of the family (official results are checked with it)?"""
        if len(numbers) != self.size:
            return False
        slots = VN_SLOTS.get(self.code)
        if slots is not None:
            return all(0 <= n < 10**slot.digits for n, slot in zip(numbers, slots, strict=True))
        if not all(self.low <= n <= self.high for n in numbers):
            return False
        return not self.distinct or len(set(numbers)) == len(numbers)


FAMILIES: dict[str, Family] = {
    family.code: family
    for family in (
        Family("ssc", 5, Digits(5), 0, 9, False),
        Family("11x5", 5, Sample(11, 5), 1, 11, True),
        Family("k3", 3, Digits(3, base=6, add=1), 1, 6, False),
        Family("pk10", 10, Sample(10, 10), 1, 10, True),
        Family("lhc", 7, Sample(49, 7), 1, 49, True),
        Family("pcb", 3, Digits(3), 0, 9, False),
        Family("lf", 3, Digits(3), 0, 9, False),
        Family("vns", len(VN_SOUTH_SLOTS), _slots_recipe(VN_SOUTH_SLOTS), 0, 999_999, False),
        Family("vnn", len(VN_NORTH_SLOTS), _slots_recipe(VN_NORTH_SLOTS), 0, 99_999, False),
        Family("4d", len(FOUR_D_SLOTS), Sample(10_000, 23, start=0), 0, 9999, True),
    )
}
