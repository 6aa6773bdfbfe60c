"""The simulator's game logic: each kind's return to player, computed exactly, and play."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from simulator.games import baccarat, blackjack, fishing, live_tables, roulette, slots


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


def test_one_bet_live_tables_return_exactly_what_their_rules_say() -> None:
    rtp = {name: table.rtp() for name, table in live_tables.TABLES.items()}
    assert rtp["DRAGON_TIGER"] == {
        "DRAGON": Fraction(125, 130),  # wins 78 of 169, a tie (13 of 169) returns half
        "TIGER": Fraction(125, 130),
        "TIE": Fraction(12, 13),
    }
    assert rtp["SICBO"] == {
        "BIG": Fraction(105, 108),
        "SMALL": Fraction(105, 108),
        "TRIPLE": Fraction(31, 36),
    }
    assert set(rtp["FAN_TAN"].values()) == {Fraction(77, 80)}  # 3:1 less 5%, one in four
    assert rtp["ANDAR_BAHAR"] == {"ANDAR": Fraction(247, 250), "BAHAR": Fraction(24, 25)}
    assert rtp["GAME_SHOW"] == {
        "1": Fraction(24, 25),
        "2": Fraction(24, 25),
        "5": Fraction(24, 25),
        "20": Fraction(21, 25),
    }
    # One deck: a tie of the two teen patti hands counted pair by pair; pair plus the
    # well-known 1-4-6-30-40 table.
    tie = Fraction(1083, 978775)
    assert rtp["TEEN_PATTI"] == dict.fromkeys(("A", "B"), (1 - tie) / 2 * Fraction(198, 100) + tie)
    assert rtp["POKER"] == {"PAIR_PLUS": Fraction(5397, 5525)}  # 97.68%
    for table in live_tables.TABLES.values():
        assert sum(table.outcomes().values()) == 1


def test_one_bet_live_tables_deal_by_their_rules() -> None:
    rng = random.Random(11)
    seen: dict[str, set[str]] = {name: set() for name in live_tables.TABLES}
    for name, table in live_tables.TABLES.items():
        for _ in range(2_000):
            play = table.deal(rng)
            seen[name].add(play.outcome)
            if name == "ANDAR_BAHAR":
                joker, *dealt = play.timeline
                assert dealt[-1][1][:-1] == joker[1][:-1]  # the last card matches the joker
                assert all(card[:-1] != joker[1][:-1] for _, card in dealt[:-1])
                assert [lane for lane, _ in dealt] == ["A", "B"] * (len(dealt) // 2) + (
                    ["A"] if len(dealt) % 2 else []
                )
            if name == "SICBO":
                dice = [int(item) for _, item in play.timeline]
                if len(set(dice)) == 1:
                    assert play.outcome == "TRIPLE"
        # every outcome but the rarest (a teen patti tie, a pair plus trail) comes up
        assert seen[name] >= {o for o, p in table.outcomes().items() if p > Fraction(1, 100)}
    dragon = live_tables.TABLES["DRAGON_TIGER"]
    tie = live_tables.Play((("D", "7♠"), ("T", "7♥")), "TIE", "7♠ : 7♥")
    assert dragon.payout("DRAGON", Decimal("10.00"), tie) == Decimal("5.00")


def test_blackjack_rtp_under_the_best_strategy_is_98_91_percent() -> None:
    assert round(float(blackjack.rtp()), 4) == 0.9891
    # The strategy the figure assumes reads like the book: hit 16 against a ten, stand on 12
    # against a six, double 11 against a six.
    assert blackjack.best_action(["10♠", "6♥"], "K♣") == blackjack.HIT
    assert blackjack.best_action(["10♠", "2♥"], "6♣") == blackjack.STAND
    assert blackjack.best_action(["5♠", "6♥"], "6♣") == blackjack.DOUBLE
    # Played hand by hand with that strategy, the dealt hands come near the figure.
    rng = random.Random(5)
    hands, net = 40_000, Fraction(0)
    for _ in range(hands):
        hand = blackjack.start(rng)
        while not hand.done:
            blackjack.act(hand, blackjack.best_action(hand.player, hand.dealer[0]), rng)
        net += blackjack.returns(hand) - (2 if hand.doubled else 1)
    assert abs(1 + net / hands - blackjack.rtp()) < Fraction(2, 100)


def test_blackjack_hands_follow_the_table_rules() -> None:
    dealt = blackjack.Hand(["10♠", "A♥"], ["9♣", "7♦"])
    assert blackjack.returns(dealt) == Fraction(5, 2)  # blackjack pays 3:2
    both = blackjack.Hand(["10♠", "A♥"], ["A♣", "K♦"])
    assert blackjack.returns(both) == 1  # a push
    soft = blackjack.Hand(["10♠", "8♥"], ["A♣", "6♦"])
    blackjack._finish(soft, random.Random(1))
    assert soft.dealer == ["A♣", "6♦"]  # the dealer stands on a soft 17
    assert blackjack.returns(soft) == 2
    rng = random.Random(2)
    for _ in range(500):
        hand = blackjack.start(rng)
        if hand.done:
            assert blackjack.is_blackjack(hand.player) or blackjack.is_blackjack(hand.dealer)
            continue
        blackjack.act(hand, blackjack.HIT, rng)
        if not hand.done:
            with pytest.raises(ValueError):
                blackjack.act(hand, blackjack.DOUBLE, rng)  # a double only on two cards
            blackjack.act(hand, blackjack.STAND, rng)
        assert hand.done
        assert blackjack.hand_total(hand.player) > 21 or blackjack.hand_total(hand.dealer) >= 17
