"""Studio games' behaviour: validation with catalog keys, quoted multipliers, caps, limits,
determinism of a round and JSON-safe details."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.core.fairness import floats
from app.core.i18n import has_key, translate
from app.demo.catalogue import build_catalogue
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.games import GAMES, bingo, game, mines, poker, roulette, scratch, slot

SEED = "5" * 64


def rng(nonce: int = 0, client: str = "client") -> Iterator[float]:
    return floats(SEED, client, nonce)


def test_unknown_game_is_404() -> None:
    with pytest.raises(AppError) as err:
        game("BGS_NOPE")
    assert err.value.code == "studio-unknown-game" and err.value.status == 404


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_game_has_texts_limits_and_a_paytable(code: str) -> None:
    g = game(code)
    assert has_key(f"studio.{code}.name") and has_key(f"studio.{code}.rules")
    rows = g.paytable()
    assert rows and all(has_key(row.label) and row.pays for row in rows)
    for lang in ("en", "pt"):
        for row in rows:
            assert "{" not in translate(row.label, lang, **row.counts, **row.rates)
    assert Decimal(0) < g.spec.min_bet < g.spec.max_bet
    limits = g.spec.limits("BRL")
    assert limits.max_win == g.spec.max_bet * g.spec.max_win_multiplier
    assert g.spec.limits("usd").max_bet == g.spec.max_bet / 5
    with pytest.raises(AppError) as err:
        g.spec.limits("XXX")
    assert err.value.code == "studio-currency-unsupported"


def test_bet_limits_and_payout_cap() -> None:
    spec = game("BGS_DICE").spec
    spec.check_bet(Decimal("0.10"), "BRL")
    for bad in (Decimal("0.09"), Decimal("1000.01")):
        with pytest.raises(AppError) as err:
            spec.check_bet(bad, "BRL")
        assert err.value.code == "studio-bet-out-of-range"
    # In dong: whole dong only, and a refusal says its bounds in whole dong.
    spec.check_bet(Decimal(500), "VND")
    with pytest.raises(AppError) as err:
        spec.check_bet(Decimal("500.50"), "VND")
    assert err.value.code == "amount-whole-only"
    with pytest.raises(AppError) as err:
        spec.check_bet(Decimal(400), "VND", "₫")
    # written as the brand writes its money (brands.Money), never a raw currency code
    assert translate(err.value.code, "en", **err.value.params) == (
        "The bet must be between ₫\xa0500 and ₫\xa05,000,000."
    )
    assert translate(err.value.code, "pt", **err.value.params) == (
        "A aposta deve ficar entre ₫\xa0500 e ₫\xa05.000.000."
    )
    assert spec.payout(Decimal(10), Decimal(1000)) == Decimal(10) * spec.max_win_multiplier
    assert spec.payout(Decimal("1.01"), Decimal("1.9603")) == Decimal("1.97")


def test_the_stake_buttons_keep_a_bet_within_the_limits_in_the_currencys_digits() -> None:
    brl, vnd = (game("BGS_DICE").spec.limits(currency) for currency in ("BRL", "VND"))
    assert brl.kept(Decimal("2.50")) == Decimal("2.50")
    assert brl.kept(None) == brl.kept(Decimal("0.01")) == brl.kept(Decimal(10**6)) == brl.min_bet
    assert brl.stepped(Decimal("2.50"), Decimal(2)) == Decimal("5.00")
    assert brl.stepped(Decimal("0.15"), Decimal("0.5")) == brl.min_bet  # never under it
    assert brl.stepped(brl.max_bet, Decimal(2)) == brl.max_bet  # nor over the top
    assert brl.stepped(None, Decimal(2)) == brl.min_bet * 2  # unreadable: from the minimum
    # Half of 1,001 dong is whole dong (a fraction would be refused as a bet).
    assert vnd.stepped(Decimal(1001), Decimal("0.5")) == Decimal(500)


@pytest.mark.parametrize(
    "params",
    [
        {"target": "50", "direction": "sideways"},
        {"target": "1.99", "direction": "under"},
        {"target": "98.01", "direction": "under"},
        {"target": "50.001", "direction": "over"},
        {"target": "abc", "direction": "over"},
        {"direction": "over"},
        {"target": "NaN", "direction": "over"},
        {"target": "1e999999", "direction": "over"},  # too large to quantize
        {"target": 1e308, "direction": "over"},
        {"target": "50", "direction": ["over"]},
    ],
)
def test_dice_rejects_bad_params(params: dict[str, object]) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_DICE").check(params)
    assert err.value.code.startswith("studio-dice-") and has_key(err.value.code)


def test_dice_round() -> None:
    g = game("BGS_DICE")
    params = {"target": "50", "direction": "over"}
    assert g.quoted_multiplier(params) == Decimal("1.98")
    outcomes = [g.play(rng(n), params) for n in range(200)]
    assert outcomes[7] == g.play(rng(7), params)
    for o in outcomes:
        roll = Decimal(o.detail["roll"])
        assert o.finished and (roll >= 50) == o.detail["won"]
        assert o.multiplier == (Decimal("1.98") if o.detail["won"] else 0)
        json.dumps(o.detail)
    assert {o.detail["won"] for o in outcomes} == {True, False}


@pytest.mark.parametrize(
    ("chips", "key"),
    [
        ([], "studio-roulette-no-chips"),
        ([{"kind": "red"}] * 41, "studio-roulette-no-chips"),
        ([{"kind": "basket"}], "studio-roulette-bet-kind"),
        ([{"kind": "corner"}], "studio-roulette-numbers"),
        ([{"kind": ["red"]}], "studio-roulette-bet-kind"),  # unhashable
        ([{"kind": "red", "units": 0}], "studio-roulette-units"),
        ([{"kind": "red", "units": 1.5}], "studio-roulette-units"),
        ([{"kind": "straight", "numbers": [37]}], "studio-roulette-numbers"),
        ([{"kind": "straight", "numbers": [1, 2]}], "studio-roulette-numbers"),
        ([{"kind": "split", "numbers": [3, 4]}], "studio-roulette-split"),
        ([{"kind": "split", "numbers": [0, 4]}], "studio-roulette-split"),
        ([{"kind": "split", "numbers": [1, 5]}], "studio-roulette-split"),  # diagonal
        ([{"kind": "split", "numbers": [1, 1]}], "studio-roulette-split"),
        ([{"kind": "street", "numbers": [2, 3, 4]}], "studio-roulette-street"),
        ([{"kind": "street", "numbers": [0, 1, 3]}], "studio-roulette-street"),
        ([{"kind": "corner", "numbers": [3, 4, 6, 7]}], "studio-roulette-corner"),
        ([{"kind": "corner", "numbers": [1, 2, 3, 4]}], "studio-roulette-corner"),
        ([{"kind": "line", "numbers": [2, 3, 4, 5, 6, 7]}], "studio-roulette-line"),
        ([{"kind": "line", "numbers": [0, 1, 2, 3, 4, 5]}], "studio-roulette-line"),
        ([{"kind": "line", "numbers": [1, 2, 3, 4, 5]}], "studio-roulette-numbers"),
        ([{"kind": "corner", "numbers": [1, 2, 4, "5"]}], "studio-roulette-numbers"),
        ([{"kind": "dozen", "index": 4}], "studio-roulette-index"),
        ([{"kind": "column"}], "studio-roulette-index"),
    ],
)
def test_roulette_rejects_bad_chips(chips: list[dict[str, object]], key: str) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_ROULETTE").check({"chips": chips})
    assert err.value.code == key and has_key(key)


def test_roulette_mixed_chips_split_the_stake() -> None:
    g = game("BGS_ROULETTE")
    straight = {"kind": "straight", "numbers": [17], "units": 1}
    assert g.quoted_multiplier({"chips": [straight]}) == 36
    chips = [straight, {"kind": "black", "units": 2}, {"kind": "dozen", "index": 2, "units": 1}]
    assert g.quoted_multiplier({"chips": chips}) is None
    on_17 = g.play(iter([17.5 / 37]), {"chips": chips})  # 17 is black, second dozen
    assert on_17.detail["number"] == 17 and on_17.detail["colour"] == "black"
    assert on_17.multiplier == Decimal(36 + 2 * 2 + 3) / 4
    on_zero = g.play(iter([0.0]), {"chips": chips})
    assert on_zero.detail["colour"] == "green" and on_zero.multiplier == 0
    on_3 = g.play(iter([3.5 / 37]), {"chips": chips})  # red, first dozen
    assert on_3.multiplier == 0 and not any(c["won"] for c in on_3.detail["chips"])
    json.dumps(g.play(rng(3), {"chips": chips}).detail)


@pytest.mark.parametrize(
    ("kind", "numbers", "pays"),
    [
        ("straight", [17], 36),
        ("split", [0, 2], 18),
        ("split", [14, 17], 18),
        ("street", [13, 14, 15], 12),
        ("street", [0, 2, 3], 12),
        ("corner", [13, 14, 16, 17], 9),
        ("corner", [0, 1, 2, 3], 9),
        ("line", [13, 14, 15, 16, 17, 18], 6),
    ],
)
def test_roulette_inside_bets_pay_their_odds_on_their_numbers_only(
    kind: str, numbers: list[int], pays: int
) -> None:
    """Straight 35:1, split 17:1, street 11:1, corner 8:1, six line 5:1: the chip back with
    its winnings, on exactly the numbers the bet covers (the numbers in any order)."""
    g = game("BGS_ROULETTE")
    chip = {"kind": kind, "numbers": numbers[::-1], "units": 3}
    assert g.quoted_multiplier({"chips": [chip]}) == pays
    for n in range(37):
        outcome = g.play(iter([(n + 0.5) / 37]), {"chips": [chip]})
        assert outcome.detail["number"] == n
        assert outcome.multiplier == (pays if n in numbers else 0), (kind, numbers, n)
    assert g.check({"chips": [chip]})["chips"] == [{"kind": kind, "units": 3, "numbers": numbers}]


def test_roulette_table_groups_leave_one_bet_as_the_taps_go() -> None:
    assert roulette.groups_with("street", [5]) == [frozenset({4, 5, 6})]
    assert roulette.groups_with("corner", [5, 9]) == [frozenset({5, 6, 8, 9})]
    assert len(roulette.groups_with("corner", [5])) == 4
    assert roulette.groups_with("corner", [0]) == [frozenset({0, 1, 2, 3})]
    assert len(roulette.groups_with("street", [0, 2])) == 2  # both trios
    assert roulette.groups_with("split", [1, 5]) == []
    assert roulette.groups_with("line", [34]) == [frozenset(range(31, 37))]
    assert roulette.groups_with("red", [1]) == []  # not an inside bet


def test_the_roulette_chip_rack_follows_the_currency() -> None:
    assert roulette.chip_values("BRL") == tuple(
        Decimal(v) for v in ("0.10", "1", "5", "10", "50", "100")
    )
    assert roulette.chip_values("VND")[0] == 500  # whole dong, scaled as the limits are
    with pytest.raises(AppError) as err:
        roulette.chip_values("XYZ")
    assert err.value.code == "studio-currency-unsupported"


def stops_rng(stops: list[int], then: Iterator[float]) -> Iterator[float]:
    """Floats that stop the slot's reels at `stops`, then whatever `then` yields."""
    yield from ((stop + 0.5) / len(strip) for stop, strip in zip(stops, slot.REELS, strict=True))
    yield from then


def test_slot_scatters_award_free_spins_at_triple_pay() -> None:
    g = game("BGS_SLOT_JUNGLE")
    assert g.check({"anything": 1}) == {}
    scatter_stops = [strip.index(slot.SCATTER) for strip in slot.REELS]
    stops = [*scatter_stops[:3], 0, 0]
    outcome = g.play(stops_rng(stops, rng(1)), {})
    base = outcome.detail["base"]
    assert base["scatters"] == 3 and base["scatter_pays"] == 20
    assert [column[0] for column in base["reels"][:3]] == [slot.SCATTER] * 3
    free = outcome.detail["free_spins"]
    assert len(free) == slot.FREE_SPINS
    units = base["units"] + 3 * sum(s["units"] for s in free)
    assert outcome.multiplier == Decimal(units) / 10 >= 2
    json.dumps(outcome.detail)


def test_slot_lines_pay_left_to_right_with_wilds() -> None:
    assert slot.line_win(("TIGER", "WILD", "TIGER", "WILD", "TIGER")) == ("TIGER", 5, 400)
    assert slot.line_win(("A", "A", "WILD", "K", "A")) == ("A", 3, 5)
    assert slot.line_win(("A", "A", "K", "A", "A")) == ("A", 2, 0)
    assert slot.line_win(("SCATTER", "WILD", "WILD", "A", "A"))[2] == 0
    # one spin: the evaluator's total matches its lines and scatters
    for nonce in range(300):
        result = slot.spin(rng(nonce))
        assert result["units"] == sum(w["pays"] for w in result["lines"]) + result["scatter_pays"]
        for win in result["lines"]:
            rows = slot.LINES[win["line"] - 1]
            symbols = tuple(result["reels"][reel][row] for reel, row in enumerate(rows))
            assert slot.line_win(symbols)[1:] == (win["count"], win["pays"])


def test_slot_never_exceeds_its_cap_and_reel_one_has_no_wild() -> None:
    assert slot.WILD not in slot.REELS[0] and slot.WILD not in slot.REELS[4]
    g = game("BGS_SLOT_JUNGLE")
    assert g.spec.max_win_multiplier == slot.MAX_MULTIPLIER
    best = max(g.play(rng(n), {}).multiplier for n in range(500))
    assert 0 < best <= slot.MAX_MULTIPLIER
    assert g.quoted_multiplier({}) is None


def test_scratch_grid_shows_exactly_the_prize() -> None:
    g = game("BGS_SCRATCH_LUCKY")
    seen = set()
    for nonce in range(400):
        outcome = g.play(rng(nonce), {})
        cells = [s for row in outcome.detail["grid"] for s in row]
        counts = Counter(cells)
        winner = outcome.detail["symbol"]
        seen.add(winner)
        assert len(cells) == 9
        if winner is None:
            assert max(counts.values()) <= 2 and outcome.multiplier == 0
        else:
            assert counts[winner] == 3
            assert all(n <= 2 for s, n in counts.items() if s != winner)
            assert outcome.detail["cells"] == [i for i, s in enumerate(cells) if s == winner]
            assert outcome.multiplier == scratch.PRIZES[winner][0]
    assert None in seen and len(seen) > 2
    # a forced top ticket
    top = g.play(iter([0.0, *([0.5] * 20)]), {})
    assert top.detail["symbol"] == "DIAMOND" and top.multiplier == g.spec.max_win_multiplier


def cards(codes: str) -> list[int]:
    return [poker.card_from_code(code) for code in codes.split()]


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("TS JS QS KS AS", "royal_flush"),
        ("AH 2H 3H 4H 5H", "straight_flush"),
        ("9D 9C 9S 9H 2C", "four_of_a_kind"),
        ("9D 9C 9S 2H 2C", "full_house"),
        ("2D 7D 9D JD KD", "flush"),
        ("AH 2C 3D 4S 5H", "straight"),
        ("TH JC QD KS AH", "straight"),
        ("QH KC AD 2S 3H", "nothing"),
        ("7H 7C 7D KS 2H", "three_of_a_kind"),
        ("7H 7C 2D 2S KH", "two_pair"),
        ("JH JC 2D 5S 9H", "jacks_or_better"),
        ("TH TC 2D 5S 9H", "nothing"),
    ],
)
def test_poker_hands(hand: str, category: str) -> None:
    assert poker.evaluate(cards(hand)) == category


@pytest.mark.parametrize(
    ("hand", "held"),
    [
        ("TS JS QS KS 2S", [0, 1, 2, 3]),  # four to a royal beats the made flush
        ("JH JC 2D 5S 9H", [0, 1]),
        ("7H 8H 9H TH 2C", [0, 1, 2, 3]),  # four to a straight flush
        ("3H 5C 6D 7S 8H", [1, 2, 3, 4]),  # outside straight
        ("2H 4C 7D 9S KH", [4]),
        ("2H 4C 7D 9S 3H", []),
        ("QH KH 2D 7S 9C", [0, 1]),
        ("3H 3C JD QS 9C", [0, 1]),  # low pair over two high cards
    ],
)
def test_poker_advice(hand: str, held: list[int]) -> None:
    assert poker.advice(cards(hand)) == held


def test_poker_two_steps_use_the_same_stream() -> None:
    g = game("BGS_POKER_JACKS")
    assert g.spec.two_step and g.check({"x": 1}) == {}
    for nonce in range(150):
        dealt = g.play(rng(nonce), {})
        assert not dealt.finished and dealt.multiplier == 0
        assert dealt.state == {"cards": dealt.detail["cards"]}
        json.dumps(dealt.detail)
        hold = dealt.detail["advice"]
        done = g.finish(rng(nonce), {}, dealt.state, {"hold": hold})
        assert done.finished and done.state == {}
        assert [done.detail["cards"][i] for i in hold] == [dealt.detail["cards"][i] for i in hold]
        assert done.multiplier == poker.PAYS[done.detail["hand"]]
        assert poker.evaluate(cards(" ".join(done.detail["cards"]))) == done.detail["hand"]
        # the replacements are the next cards of the same shuffle
        order = poker.deal_order(rng(nonce))
        assert cards(" ".join(done.detail["cards"])) == poker.draw_hand(order, hold)
    with pytest.raises(AppError) as err:
        g.finish(rng(999), {}, g.play(rng(1), {}).state, {"hold": []})
    assert err.value.code == "studio-poker-stream"


@pytest.mark.parametrize("hold", [[5], [0, 0], ["1"], [True], "0,1", [0, 1, 2, 3, 4, 4]])
def test_poker_rejects_bad_holds(hold: object) -> None:
    g = game("BGS_POKER_JACKS")
    with pytest.raises(AppError) as err:
        g.finish(rng(1), {}, g.play(rng(1), {}).state, {"hold": hold})
    assert err.value.code == "studio-poker-hold"


def test_bingo_marks_lines_and_pays() -> None:
    g = game("BGS_BINGO_75")
    dealt = g.play(rng(4), {})
    card = dealt.detail["card"]
    assert bingo.check_card(card) == card  # a dealt card is a valid player card
    assert g.check({"card": card}) == {"card": card} and g.check({}) == {"card": None}
    seen_wins = 0
    for nonce in range(300):
        outcome = g.play(rng(nonce), {"card": card})
        assert outcome.detail["card"] == card
        balls = outcome.detail["balls"]
        assert len(balls) == len(set(balls)) == bingo.DRAWN
        assert all(1 <= b <= bingo.BALLS for b in balls)
        marked = outcome.detail["marked"]
        for r in range(5):
            for c in range(5):
                assert marked[r][c] == ((r, c) == bingo.CENTRE or card[r][c] in balls)
        lines = [n for n, cells in bingo.LINES.items() if all(marked[r][c] for r, c in cells)]
        assert outcome.detail["lines"] == lines
        assert outcome.multiplier == bingo.pays_for(len(lines), outcome.detail["full_card"])
        seen_wins += outcome.multiplier > 0
        json.dumps(outcome.detail)
    assert 0 < seen_wins < 300


def test_bingo_full_card_pays_the_top_prize() -> None:
    card = [[c * 15 + r + 1 for c in range(5)] for r in range(5)]
    card[2][2] = 0
    marked = bingo.marks(card, [n for row in card for n in row if n])
    assert all(all(row) for row in marked)
    assert bingo.pays_for(12, True) == game("BGS_BINGO_75").spec.max_win_multiplier


@pytest.mark.parametrize(
    "card",
    [
        "no",
        [[1, 16, 31, 46, 61]] * 5,  # numbers twice
        [[1, 16, 31, 46, 61]] * 4,
        [[1, 16, 31, 46, 61, 2]] * 5,
        [[16, 1, 31, 46, 61]] + [[2 + r, 17 + r, 32 + r, 47 + r, 62 + r] for r in range(4)],
    ],
)
def test_bingo_rejects_bad_cards(card: object) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_BINGO_75").check({"card": card})
    assert err.value.code == "studio-bingo-card"


def test_bingo_centre_must_be_free() -> None:
    card = [[c * 15 + r + 1 for c in range(5)] for r in range(5)]
    with pytest.raises(AppError):
        bingo.check_card(card)
    card[2][2] = 0
    assert bingo.check_card(card) == card


def test_the_demo_catalogue_lists_exactly_the_studio_games() -> None:
    _, rows = build_catalogue()
    studio = {row["game_code"]: row for row in rows if row["vassalage"] == "BGS"}
    # Crash is the studio's one shared multiplayer game, apart from the single-player ones.
    assert set(studio) == set(GAMES) | {crash_rounds.CODE}
    for code, row in studio.items():
        if code == crash_rounds.CODE:
            continue
        spec = GAMES[code].spec
        assert row["game_type"] == "INHOUSE" and row["sub_category"] == spec.sub_category
        assert row["rtp"] == spec.rtp and row["support_play"] == 0 and not row["maintenance"]
        assert row["game_name"] == translate(f"studio.{code}.name", "en")
    assert studio["BGS_BINGO_75"]["sub_category"] == "BG"
    assert {spec.sub_category for spec in (g.spec for g in GAMES.values())} >= {
        None,
        "SC",
        "VP",
        "AC",
        "TG",
        "BG",
    }


@pytest.mark.parametrize("target", ["1.00", "1000.01", "2.001", "x", None, "1e999999", 1e308])
def test_limbo_rejects_bad_targets(target: object) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_LIMBO").check({"target": target})
    assert err.value.code == "studio-limbo-target"
    # the message names the range even when the target is not a number at all
    assert translate(err.value.code, "pt", **err.value.params) == (
        "O alvo deve ficar entre 1,01 e 1.000,00, com duas casas."
    )


@pytest.mark.parametrize("target", ["x", None, "1e999999", "0.50", "99.50"])
def test_dice_rejects_bad_targets_naming_the_range(target: object) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_DICE").check({"target": target, "direction": "under"})
    assert err.value.code == "studio-dice-target"
    assert "{" not in translate(err.value.code, "en", **err.value.params)
    assert err.value.params


def test_limbo_round() -> None:
    g = game("BGS_LIMBO")
    assert g.quoted_multiplier({"target": "2"}) == Decimal("2.00")
    assert g.quoted_multiplier({"target": "3,5"}) == Decimal("3.50")  # typed the Portuguese way
    wins = 0
    for nonce in range(400):
        o = g.play(rng(nonce), {"target": "2"})
        assert o.detail["won"] == (Decimal(o.detail["result"]) >= 2)
        assert o.multiplier == (2 if o.detail["won"] else 0)
        wins += o.detail["won"]
    assert 150 < wins < 250
    assert g.play(iter([0.0]), {"target": "1.01"}).detail == {
        "result": "1.00",
        "target": "1.01",
        "won": False,
    }


@pytest.mark.parametrize(
    ("params", "key"),
    [
        ({"mines": 0, "tiles": [1]}, "studio-mines-count"),
        ({"mines": 25, "tiles": [1]}, "studio-mines-count"),
        ({"mines": True, "tiles": [1]}, "studio-mines-count"),
        ({"mines": 3, "tiles": []}, "studio-mines-tiles"),
        ({"mines": 3, "tiles": [1, 1]}, "studio-mines-tiles"),
        ({"mines": 3, "tiles": [25]}, "studio-mines-tiles"),
        ({"mines": 24, "tiles": [1, 2]}, "studio-mines-tiles"),
        ({"mines": 10, "tiles": list(range(15))}, "studio-mines-too-rich"),
    ],
)
def test_mines_rejects_bad_choices(params: dict[str, object], key: str) -> None:
    with pytest.raises(AppError) as err:
        game("BGS_MINES").check(params)
    assert err.value.code == key and has_key(key)


def test_mines_round() -> None:
    g = game("BGS_MINES")
    params = {"mines": 3, "tiles": [12, 0, 24]}
    quoted = g.quoted_multiplier(params)
    assert quoted == mines.multiplier_for(3, 3) == Decimal("1.4785")  # 0.99 × 2300 / 1540
    for nonce in range(200):
        o = g.play(rng(nonce), params)
        laid = o.detail["mines"]
        assert len(set(laid)) == 3 and o.detail["tiles"] == [0, 12, 24]
        assert o.detail["hit"] == sorted(set(laid) & {0, 12, 24})
        assert o.multiplier == (0 if o.detail["hit"] else quoted)
    assert g.spec.max_win_multiplier == mines.MAX_MULTIPLIER


SAMPLE_PARAMS: dict[str, dict[str, object]] = {
    "BGS_SLOT_JUNGLE": {},
    "BGS_SCRATCH_LUCKY": {},
    "BGS_POKER_JACKS": {},
    "BGS_DICE": {"target": "33.33", "direction": "under"},
    "BGS_ROULETTE": {"chips": [{"kind": "straight", "numbers": [7]}, {"kind": "odd"}]},
    "BGS_BINGO_75": {},
    "BGS_LIMBO": {"target": "3.5"},
    "BGS_MINES": {"mines": 5, "tiles": [3, 4]},
    "BGS_PLINKO": {"rows": 12, "risk": "medium"},
}


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_round_is_a_pure_json_safe_function_of_the_stream(code: str) -> None:
    g = game(code)
    checked = g.check(SAMPLE_PARAMS[code])
    assert g.check(checked) == checked  # the service re-checks what it stored
    json.dumps(checked)
    other_seed = [g.play(rng(n, "another client seed"), checked).detail for n in range(40)]
    assert other_seed != [g.play(rng(n), checked).detail for n in range(40)]
    for nonce in range(40):
        first = g.play(rng(nonce), checked)
        assert first == g.play(rng(nonce), checked)
        json.dumps(first.detail)
        json.dumps(first.state)
        if not first.finished:
            first = g.finish(rng(nonce), checked, first.state, {"hold": [0, 1]})
            json.dumps(first.detail)
        assert first.finished and first.state == {}
        assert 0 <= first.multiplier <= g.spec.max_win_multiplier


def test_roulette_chips_scale_to_a_stake_in_whole_cents_adding_up_to_it() -> None:
    """Autobet's change of stake: every chip in proportion, rounded down to the cent, the
    cents left going to the chips the rounding cut most (the first placed on a tie), so the
    chips add up to exactly the stake debited; the same stake gives back the same chips."""
    cent = Decimal("0.01")
    table = {
        "split:1-2": Decimal("1.00"),
        "red": Decimal("0.10"),
        "corner:1-2-4-5": Decimal("0.10"),
    }
    assert roulette.scaled(table, Decimal("1.20"), cent) == table
    # 1,83 = 1,525 + 0,1525 + 0,1525: the split's half cent is the largest cut
    raised = roulette.scaled(table, Decimal("1.83"), cent)
    assert raised == {
        "split:1-2": Decimal("1.53"),
        "red": Decimal("0.15"),
        "corner:1-2-4-5": Decimal("0.15"),
    }
    # 0,10 thirds: 0,04 to the first placed, then 0,03 each
    thirds = roulette.scaled(
        {"a": Decimal(1), "b": Decimal(1), "c": Decimal(1)}, Decimal("0.10"), cent
    )
    assert thirds == {"a": Decimal("0.04"), "b": Decimal("0.03"), "c": Decimal("0.03")}
    for stake in ("0.50", "1.21", "7.77", "1999.99"):
        assert sum(roulette.scaled(table, Decimal(stake), cent).values()) == Decimal(stake)
    # whole dong
    dong = roulette.scaled({"red": Decimal(500), "odd": Decimal(1000)}, Decimal(1726), Decimal(1))
    assert dong == {"red": Decimal(575), "odd": Decimal(1151)}
    for refused in (Decimal("0.02"), Decimal("1.005"), Decimal(0)):  # 3 chips need 3 cents
        with pytest.raises(AppError) as err:
            roulette.scaled(table, refused, cent)
        assert err.value.code == "studio-roulette-scale" and has_key("studio-roulette-scale")


def test_roulette_staked_spreads_a_new_stake_over_the_chips_as_they_lie() -> None:
    g = game("BGS_ROULETTE")
    chips = [
        {"kind": "split", "numbers": [1, 2], "units": 10},
        {"kind": "red", "units": 1},
        {"kind": "corner", "numbers": [1, 2, 4, 5], "units": 1},
    ]
    staked = g.staked({"chips": chips}, Decimal("1.83"), Decimal("0.01"))["chips"]
    # 1,53 + 0,15 + 0,15: in their largest common step, 0,03
    assert [c["units"] for c in staked] == [51, 5, 5]
    assert [c["kind"] for c in staked] == ["split", "red", "corner"]
    assert staked[0]["numbers"] == [1, 2]
    assert g.check({"chips": staked})["chips"] == staked
    # the base stake gives the chips back as placed (in their own common step)
    back = g.staked({"chips": chips}, Decimal("1.20"), Decimal("0.01"))["chips"]
    assert [c["units"] for c in back] == [10, 1, 1]
    # other games' choices carry no amounts: unchanged
    assert game("BGS_DICE").staked({"target": "50"}, Decimal(3), Decimal("0.01")) == {
        "target": "50"
    }
    assert game("BGS_POKER_JACKS").staked({}, Decimal(3), Decimal("0.01")) == {}
