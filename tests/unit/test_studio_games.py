"""Studio games' behaviour: validation with catalog keys, quoted multipliers, caps, limits,
determinism of a round and JSON-safe details."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.core.i18n import has_key
from app.services.studio.fairness import floats
from app.services.studio.games import GAMES, game

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
