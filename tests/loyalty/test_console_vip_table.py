"""The VIP ladder table in the console shows its figures as the reader writes numbers; the
level form keeps them as stored, so it gives back what it was given."""

from __future__ import annotations

from decimal import Decimal

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


def test_the_table_reads_in_the_readers_numbers_and_the_form_as_stored() -> None:
    pt, en = shown_level(GOLD, "pt"), shown_level(GOLD, "en")
    assert (pt.bet_threshold, pt.deposit_threshold, pt.withdraw_max) == (
        "20.000,00",
        "5.000,00",
        "150.000,00",
    )
    assert (pt.rebate_boost, pt.level_up_bonus) == ("0,25", "15,50")
    assert (en.bet_threshold, en.level_up_bonus) == ("20,000.00", "15.50")
    form = level_fields(GOLD)
    assert (form.bet_threshold, form.rebate_boost, form.level_up_bonus) == (
        "20000.00",
        "0.25",
        "15.50",
    )
    assert (pt.name, pt.retain_bet, pt.withdraw_daily_count) == ("Ouro", "1000.00", 5)
