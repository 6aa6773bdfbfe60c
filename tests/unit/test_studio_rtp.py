"""Declared RTP of every studio game, proven: exactly where the game allows it (enumeration with
fractions), by a simulation of at least 1,000,000 rounds with a stated tolerance otherwise."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from app.services.studio.games import dice

PERCENT = Fraction(100)


def test_dice_every_target_returns_99_percent_less_under_a_hundredth() -> None:
    # all 2 × 9,601 targets; the chance of a win is exact (whole rolls out of 10,000)
    worst = Fraction(99)
    for hundredths in range(200, 9801):
        target = Decimal(hundredths) / 100
        for direction in dice.DIRECTIONS:
            wins = hundredths if direction == "under" else dice.ROLLS - hundredths
            pays = Fraction(dice.multiplier_for(dice.win_chance(target, direction)))
            rtp = Fraction(wins, dice.ROLLS) * pays * PERCENT
            assert rtp <= 99
            worst = min(worst, rtp)
    assert worst > Fraction(9899, 100)
    assert dice.Dice.spec.rtp == Decimal("99.00")
