"""Progress towards a goal, as the pages draw it: one rule for a bonus's wagering, the
withdrawal's turnover, a mission and the next VIP level."""

from __future__ import annotations

from decimal import Decimal
from typing import TypeVar

N = TypeVar("N", int, Decimal)


def percent_done(done: N, goal: N) -> int:
    """How much of `goal` is done, in whole percent rounded down: 100 once it is reached, or
    where there is no goal."""
    if goal <= 0:
        return 100
    return int(min(done, goal) * 100 // goal)
