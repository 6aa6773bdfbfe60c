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
    assert north.table(Mode.ELOTT) == {"hit": Decimal("650")}


def test_a_pair_wins_once_when_both_numbers_are_drawn() -> None:
    found = play("vns.da")
    draw = [0] * len(VN_SOUTH_SLOTS)
    draw[0], draw[5], draw[9] = 123_412, 1_034, 12  # tails 12, 34 and 12 again
    draw_t = tuple(draw)
    assert found.returned(("12", "34"), draw_t, Mode.ELOTT) == Decimal("750")  # once
    assert found.returned(("12", "56"), draw_t, Mode.ELOTT) == 0
    assert found.returned(("00", "56"), draw_t, Mode.ELOTT) == 0


def test_the_exact_rtp_matches_every_outcome_enumerated() -> None:
    # Two lô: all 100 × 100 outcomes, against the closed form the play uses.
    small = pair_play(
        "test.da", "vns", (0, 1), {Mode.ELOTT: {"hit": Decimal("750")}}, play("vns.da").limits
    )
    hits = sum(1 for a, b in product(range(100), repeat=2) if {12, 34} <= {a, b})
    assert expected_return(small, ("12", "34"), Mode.ELOTT) == Fraction(hits, 10_000) * 750
    # One station: 54.39 % in the South (18 lô), 66.06 % in the North (27 lô).
    for code, lo, odds in (("vns.da", 18, 750), ("vnn.da", 27, 650)):
        both = 1 - 2 * Fraction(99, 100) ** lo + Fraction(98, 100) ** lo
        assert rtp(code, Mode.ELOTT) == both * odds / (2 * lo)
    assert round(float(rtp("vns.da", Mode.ELOTT)), 4) == 0.5439


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
