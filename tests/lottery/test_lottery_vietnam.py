"""Vietnamese bet codes: what typed codes make, and a clear, translated error per bad code."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.core.i18n import translate
from app.services.lottery.plays import bet_count
from app.services.lottery.vietnam import VnBet, parse

SUNDAY = date(2026, 11, 22)  # South: Tiền Giang, Kiên Giang, Đà Lạt
SATURDAY = date(2026, 11, 28)  # South: TP.HCM, Long An, Bình Phước, Hậu Giang


def test_two_south_stations_with_a_glued_number() -> None:
    assert parse("2dmn 12dd10", SUNDAY) == [
        VnBet("vn-mn", "tg", "vns.dd", ("12",), Decimal("10")),
        VnBet("vn-mn", "kg", "vns.dd", ("12",), Decimal("10")),
    ]


def test_groups_types_and_amounts() -> None:
    bets = parse("tg 12 34 dd10 b2,5 123 xc1", SUNDAY)
    assert [(b.play_code, b.numbers, b.amount) for b in bets] == [
        ("vns.dd", ("12", "34"), Decimal("10")),
        ("vns.b2", ("12", "34"), Decimal("2.5")),
        ("vns.xc", ("123",), Decimal("1")),
    ]
    # each bet is a valid selection of its play
    for bet in bets:
        assert bet_count(bet.play_code, {"numbers": list(bet.numbers)}) > 0
    mixed = parse("MB 12.345 b1", SUNDAY)
    assert [(b.play_code, b.numbers) for b in mixed] == [
        ("vnn.b2", ("12",)),
        ("vnn.b3", ("345",)),
    ]
    assert [b.station for b in parse("4dmn 1234 b1", SATURDAY)] == ["hcm", "la", "bp", "hg"]
    assert parse("mb 12 b8l1", SUNDAY)[0].play_code == "vnn.b8l"


@pytest.mark.parametrize(
    ("code", "error", "token"),
    [
        ("", "lottery-vn-empty", ""),
        ("12 dd10", "lottery-vn-station-missing", "12"),
        ("4dmn 12 dd1", "lottery-vn-stations", "4dmn"),
        ("hcm 12 dd1", "lottery-vn-station-closed", "hcm"),
        ("tg 12 zz1", "lottery-vn-unknown", "zz1"),
        ("Tiền 12 dd1", "lottery-vn-unknown", "Tiền"),
        ("tg dd1", "lottery-vn-numbers-missing", "dd1"),
        ("tg 12", "lottery-vn-bet-missing", "12"),
        ("tg 12 dd0", "lottery-vn-amount", "dd0"),
        ("tg 12 dd1,234", "lottery-vn-unknown", "dd1,234"),
        ("mb 12 b7l1", "lottery-vn-region", "b7l1"),
        ("tg 123 dd1", "lottery-vn-digits", "dd1"),
    ],
)
def test_every_bad_code_names_the_token_and_why(code: str, error: str, token: str) -> None:
    with pytest.raises(AppError) as refused:
        parse(code, SUNDAY)
    assert refused.value.code == error
    assert refused.value.params.get("code") == token
    for language in ("en", "pt"):
        message = translate(error, language, **refused.value.params)
        assert message != error and "{" not in message
        assert token in message
