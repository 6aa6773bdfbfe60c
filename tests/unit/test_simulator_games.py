"""The simulator's game logic: each kind's return to player, computed exactly, and play."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from simulator.games import baccarat, fishing, roulette, slots


def test_slot_rtp_is_96_61_percent_computed_from_the_strips() -> None:
    assert round(float(slots.rtp()), 4) == 0.9661
    # Free spins are part of it: without them the slot returns less.
    assert slots.line_expectation() < slots.rtp()
    odds = slots.scatter_odds()
    assert sum(odds.values()) == 1
    assert 0 < odds[3] < Fraction(1, 100)


def test_slot_lines_pay_left_to_right_with_wilds() -> None:
    assert slots.line_pay(("A", "A", "A", "G", "G")) == ("A", 3, slots.PAYS["A"][0])
    assert slots.line_pay(("W", "B", "B", "B", "C")) == ("B", 4, slots.PAYS["B"][1])
    assert slots.line_pay(("G", "A", "A", "A", "A"))[2] == 0  # not from the left
    assert slots.line_pay(("S", "S", "S", "A", "A"))[2] == 0  # scatters pay free spins only
    result = slots.spin(random.Random(7), Decimal("1.00"))
    assert len(result.grid) == 5 and all(len(column) == 3 for column in result.grid)


def test_slot_free_spins_come_with_three_scatters() -> None:
    rng = random.Random(1)
    for _ in range(3000):
        result = slots.spin(rng, Decimal("1.00"))
        if result.scatters >= 3:
            assert len(result.free_spins) == slots.FREE_SPINS[result.scatters]
            return
        assert not result.free_spins
    raise AssertionError("no free spins in 3000 spins")


def test_baccarat_rtp_per_bet() -> None:
    rtp = baccarat.rtp()
    assert round(float(rtp[baccarat.BANKER]), 4) == 0.9894
    assert round(float(rtp[baccarat.PLAYER]), 4) == 0.9877
    assert round(float(rtp[baccarat.TIE]), 4) == 0.8588


def test_baccarat_deals_by_the_tableau() -> None:
    shoe = baccarat.new_shoe(random.Random(3))
    for _ in range(50):
        coup = baccarat.deal(shoe)
        assert 4 <= len(coup.order) <= 6
        assert coup.player_total == sum(baccarat.value(c) for c in coup.player) % 10
    # Cards leave the shoe from its end: player 4S 3H (7, stands), banker KD 2C (2, draws).
    coup = baccarat.deal(["9C", "6H", "2C", "KD", "3H", "4S"])
    assert coup.player == ("4S", "3H") and coup.banker == ("KD", "2C", "6H")
    assert (coup.player_total, coup.banker_total, coup.winner) == (7, 8, baccarat.BANKER)
    assert coup.order[-1] == ("B", "6H")
    assert baccarat.payout(baccarat.BANKER, Decimal("10"), coup) == Decimal("19.50")
    assert baccarat.payout(baccarat.PLAYER, Decimal("10"), coup) == 0


def test_roulette_and_fishing_rtp() -> None:
    assert roulette.rtp("RED") == roulette.rtp("17") == Fraction(36, 37)
    assert all(fishing.rtp(fish) == Fraction(96, 100) for fish in fishing.FISH)
    assert roulette.payout("0", Decimal("1"), 0) == Decimal("36")
    assert roulette.payout("RED", Decimal("1"), 0) == 0


def test_sports_esports_and_cockfight_prices_return_at_most_95_percent() -> None:
    from datetime import datetime

    from simulator.games import events

    for kind in ("football", "esports", "cockfight"):
        for event in events.open_events("SIM", kind, datetime(2026, 5, 1)):
            for market, outcomes in event.chances.items():
                assert abs(sum(outcomes.values()) - 1) < 1e-9
                for outcome in outcomes:
                    rtp = events.selection_rtp(event, market, outcome)
                    assert Fraction(94, 100) < rtp <= Fraction(95, 100)
            result = events.play(event)
            assert set(result.outcomes) == set(event.chances)
            # The same event always ends the same way (a restarted simulator agrees).
            assert events.play(event) == result
    assert events.payout(Decimal("10"), Decimal("1.95"), True) == Decimal("19.50")
    assert events.payout(Decimal("10"), Decimal("1.95"), False) == 0


def test_pvp_hand_ranks_and_the_table_return() -> None:
    from simulator.games import pvp

    trail = pvp.hand_rank(("2S", "2H", "2D"))
    pure = pvp.hand_rank(("AS", "KS", "QS"))
    low_run = pvp.hand_rank(("AS", "2H", "3D"))
    run = pvp.hand_rank(("4S", "5H", "6D"))
    colour = pvp.hand_rank(("2S", "9S", "KS"))
    pair = pvp.hand_rank(("9S", "9H", "2D"))
    high = pvp.hand_rank(("AS", "9H", "2D"))
    assert trail > pure > run > low_run > colour > pair > high
    assert pvp.table_rtp(3) == Fraction(95, 100)
    rng = random.Random(5)
    antes = paid = Decimal(0)
    for _ in range(500):
        hand = pvp.deal(rng, ["a", "b", "c", "d"], Decimal("1.00"))
        antes += hand.pot
        paid += sum(hand.payouts.values())
        assert sum(hand.payouts.values()) + hand.rake == hand.pot
    assert Decimal("0.949") <= paid / antes <= Decimal("0.95")


def test_the_game_clients_speak_english_and_portuguese() -> None:
    from simulator.client_page import TEXT

    assert TEXT["en"].keys() == TEXT["pt"].keys()
    assert all(TEXT["pt"][key] for key in TEXT["pt"])
