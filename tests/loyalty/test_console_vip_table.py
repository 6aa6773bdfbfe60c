"""The VIP ladder in the console speaks the reader's numbers: the table grouped as people read
them, the level form with the reader's decimal mark and no grouping, which the form's parser
reads back as the same figures."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from app.services.backoffice.vip import level_from_form
from app.services.loyalty.vip_levels import Level
from state.loyalty.console_vip import level_fields, shown_level

GOLD = Level(
    3,
    "Ouro",
    bet_threshold=Decimal("20000.00"),
    deposit_threshold=Decimal("5000.00"),
    retain_bet=Decimal("1000.00"),
    rebate_boost=Decimal("0.25"),
    withdraw_max=Decimal("150000.00"),
    withdraw_daily_count=5,
    level_up_bonus=Decimal("15.50"),
)


def test_the_table_and_the_form_read_in_the_readers_numbers() -> None:
    pt, en = shown_level(GOLD, "pt"), shown_level(GOLD, "en")
    assert (pt.bet_threshold, pt.deposit_threshold, pt.withdraw_max) == (
        "20.000,00",
        "5.000,00",
        "150.000,00",
    )
    assert (pt.rebate_boost, pt.level_up_bonus) == ("0,25", "15,50")
    assert (en.bet_threshold, en.level_up_bonus) == ("20,000.00", "15.50")
    form_pt, form_en = level_fields(GOLD, "pt"), level_fields(GOLD, "en")
    edited = ("bet_threshold", "rebate_boost", "level_up_bonus")
    assert [getattr(form_pt, name) for name in edited] == ["20000,00", "0,25", "15,50"]
    assert (form_en.bet_threshold, form_en.rebate_boost) == ("20000.00", "0.25")
    assert (pt.name, pt.retain_bet, pt.withdraw_daily_count) == ("Ouro", "1000,00", 5)
    # What either form shows, sent back as a browser sends a form, is the level it came from.
    for form in (form_pt, form_en):
        sent = {name: str(value) for name, value in dataclasses.asdict(form).items()}
        assert level_from_form(sent) == GOLD
