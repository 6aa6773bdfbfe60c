"""Vietnamese đá (xiên): pairs of 2-digit numbers that must both be drawn on one station,
in the play catalogue (exact RTP, bet count, payout) and in typed codes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import product

import pytest

from app.core.errors import AppError
from app.core.i18n import translate
from app.services.lottery import vietnam
from app.services.lottery.families import VN_NORTH_SLOTS, VN_SOUTH_SLOTS
from app.services.lottery.plays import (
    Mode,
    bet_count,
    expected_return,
    pair_play,
    play,
    rtp,
)

SUNDAY = date(2026, 11, 22)  # Tiền Giang, Kiên Giang and Đà Lạt draw in the South


def test_every_pair_of_the_numbers_is_a_single_bet_costing_two_numbers_of_lo() -> None:
    south, north = play("vns.da"), play("vnn.da")
    assert south.expand({"numbers": ["34", "12", "56"]}) == (
        ("12", "34"),
        ("12", "56"),
        ("34", "56"),
    )
    assert bet_count("vns.da", {"numbers": ["12", "34", "56"]}) == 3 * 2 * len(VN_SOUTH_SLOTS)
    assert bet_count("vnn.da", {"numbers": ["12", "34"]}) == 2 * len(VN_NORTH_SLOTS)
    for bad in (["12"], ["12", "12"], ["12", "345"], ["1a", "34"], "12 34"):
        with pytest.raises(AppError) as caught:
            south.expand({"numbers": bad})
        assert caught.value.code == "lottery-selection-invalid"
    assert north.table(Mode.ELOTT) == {"hit": Decimal("650"), "nhay": Decimal("325")}


def test_a_pair_wins_the_hit_and_a_nhay_bonus_for_each_repeat() -> None:
    found = play("vns.da")
    draw = [1] * len(VN_SOUTH_SLOTS)
    draw[0], draw[5] = 123_412, 1_034  # tails 12 and 34
    assert found.returned(("12", "34"), tuple(draw), Mode.ELOTT) == Decimal("750")
    draw[9] = 12  # 12 again: one nháy, half the hit
    assert found.returned(("12", "34"), tuple(draw), Mode.ELOTT) == Decimal("1125")
    draw[11], draw[12] = 934, 5_612  # 34 and 12 once more each: two more
    assert found.returned(("12", "34"), tuple(draw), Mode.ELOTT) == Decimal("1875")
    assert found.returned(("12", "56"), tuple(draw), Mode.ELOTT) == 0  # 56 never drawn
    assert found.returned(("00", "56"), tuple(draw), Mode.ELOTT) == 0


def test_the_exact_rtp_matches_every_outcome_enumerated() -> None:
    """Four lô, each 12, 34 or one of the 98 other tails: all 3^4 outcomes weighted, against
    the multinomial the play enumerates; then the catalogue's figures."""
    table = {"hit": Decimal("750"), "nhay": Decimal("375")}
    small = pair_play("test.da", "vns", (0, 1, 2, 3), {Mode.ELOTT: table}, play("vns.da").limits)
    weights = {12: Fraction(1, 100), 34: Fraction(1, 100), 0: Fraction(98, 100)}
    expected = Fraction(0)
    for tails in product(weights, repeat=4):
        chance = Fraction(1)
        for tail in tails:
            chance *= weights[tail]
        expected += chance * Fraction(small.returned(("12", "34"), tails, Mode.ELOTT))
    assert expected_return(small, ("12", "34"), Mode.ELOTT) == expected
    # One station: 58.90 % in the South (18 lô), 74.74 % in the North (27 lô).
    assert round(float(rtp("vns.da", Mode.ELOTT)), 4) == 0.589
    assert round(float(rtp("vnn.da", Mode.ELOTT)), 4) == 0.7474


def test_typed_codes_take_da_on_two_or_more_numbers() -> None:
    [bet] = vietnam.parse("tg 12 34 56 da1", SUNDAY)
    assert (bet.game_code, bet.station, bet.play_code) == ("vn-mn", "tg", "vns.da")
    assert bet.numbers == ("12", "34", "56") and bet.amount == Decimal("1")
    assert vietnam.parse("mb 12.34 xien2", SUNDAY)[0].play_code == "vnn.da"
    with pytest.raises(AppError) as caught:
        vietnam.parse("tg 12 da1", SUNDAY)
    assert caught.value.code == "lottery-vn-pair" and caught.value.params["code"] == "da1"
    for language in ("en", "pt"):
        message = translate(caught.value.code, language, **caught.value.params)
        assert "da1" in message and "{" not in message
