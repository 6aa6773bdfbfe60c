"""Declared RTP of every studio game, proven: exactly where the game allows it (enumeration with
fractions), by a simulation of at least 1,000,000 rounds with a stated tolerance otherwise."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import product

from app.services.studio.games import dice, roulette, scratch, slot

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


def every_roulette_bet() -> list[dict[str, object]]:
    bets: list[dict[str, object]] = [{"kind": "straight", "numbers": [n]} for n in range(37)]
    bets += [
        {"kind": "split", "numbers": [a, b]}
        for a in range(37)
        for b in range(a + 1, 37)
        if roulette.is_split(a, b)
    ]
    bets += [{"kind": kind, "index": i} for kind in roulette.INDEXED for i in (1, 2, 3)]
    bets += [{"kind": kind} for kind in ("red", "black", "odd", "even", "low", "high")]
    return bets


def test_roulette_every_bet_returns_36_of_37_exactly() -> None:
    # spins the real game on each of the 37 pockets by feeding it the float that lands there
    game = roulette.Roulette()
    bets = every_roulette_bet()
    assert len(bets) == 37 + 60 + 6 + 6
    for bet in bets:
        returns = [
            Fraction(game.play(iter([(n + 0.5) / 37]), {"chips": [bet]}).multiplier)
            for n in range(37)
        ]
        assert sum(returns) / 37 == Fraction(36, 37)
    assert round(Fraction(36, 37) * PERCENT, 2) == Fraction(game.spec.rtp)


def slot_exact_rtp() -> Fraction:
    """Return per unit bet, from strip frequencies (see the module docstring for why)."""
    shares = [{s: Fraction(strip.count(s), len(strip)) for s in set(strip)} for strip in slot.REELS]
    line = Fraction(0)
    for combo in product(*(share.items() for share in shares)):
        pay = slot.line_win(tuple(symbol for symbol, _ in combo))[2]
        if pay:
            weight = Fraction(1)
            for _, share in combo:
                weight *= share
            line += weight * pay
    # ten lines with the same distribution, each staking a tenth of the bet: the return per
    # unit bet equals one line's return in line bets
    line_return = line
    scatter_count = [Fraction(1)]
    for strip in slot.REELS:
        shown = [
            [strip[(stop + row) % len(strip)] for row in range(slot.ROWS)].count(slot.SCATTER)
            for stop in range(len(strip))
        ]
        assert max(shown) <= 1  # never two SCATTERs in one window
        p = Fraction(sum(shown), len(strip))
        nxt = [Fraction(0)] * (len(scatter_count) + 1)
        for k, v in enumerate(scatter_count):
            nxt[k] += v * (1 - p)
            nxt[k + 1] += v * p
        scatter_count = nxt
    scatter_return = sum(scatter_count[k] * pays for k, pays in slot.SCATTER_PAYS.items())
    trigger = sum(scatter_count[k] for k in slot.SCATTER_PAYS)
    spin = line_return + scatter_return
    return spin * (1 + trigger * slot.FREE_SPINS * slot.FREE_SPIN_FACTOR)


def test_slot_rtp_is_exactly_the_declared_figure() -> None:
    rtp = slot_exact_rtp() * PERCENT
    assert round(rtp, 2) == Fraction(slot.Slot.spec.rtp)
    assert abs(float(rtp) - 96.1714) < 0.0001


def test_scratch_rtp_is_exact_over_the_whole_series() -> None:
    tickets = Counter(map(scratch.prize_symbol, range(scratch.SERIES)))
    assert {s: tickets[s] for s in scratch.PRIZES} == {
        s: count for s, (_, count) in scratch.PRIZES.items()
    }
    assert tickets[None] == scratch.LOSING_TICKETS > 0
    returned = sum(scratch.PRIZES[s][0] * n for s, n in tickets.items() if s)
    assert Fraction(returned, scratch.SERIES) * PERCENT == Fraction(scratch.Scratch.spec.rtp)
