"""Studio games' behaviour: validation with catalog keys, quoted multipliers, caps, limits,
determinism of a round and JSON-safe details."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.core.i18n import has_key
from app.services.studio.fairness import floats
from app.services.studio.games import GAMES, game, scratch, slot

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
    assert rows and all(has_key(row["label"]) and row["pays"] for row in rows)
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
    assert spec.payout(Decimal(10), Decimal(1000)) == Decimal(10) * spec.max_win_multiplier
    assert spec.payout(Decimal("1.01"), Decimal("1.9603")) == Decimal("1.97")


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
    ],
)
def test_dice_rejects_bad_params(params: dict[str, str]) -> None:
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
        ([{"kind": "corner"}], "studio-roulette-bet-kind"),
        ([{"kind": "red", "units": 0}], "studio-roulette-units"),
        ([{"kind": "red", "units": 1.5}], "studio-roulette-units"),
        ([{"kind": "straight", "numbers": [37]}], "studio-roulette-numbers"),
        ([{"kind": "straight", "numbers": [1, 2]}], "studio-roulette-numbers"),
        ([{"kind": "split", "numbers": [3, 4]}], "studio-roulette-split"),
        ([{"kind": "split", "numbers": [0, 4]}], "studio-roulette-split"),
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
