"""One number format per locale (issue 35): money with its symbol that never wraps, points
counted rather than priced, multipliers in the reader's decimals, inbox amounts and the account
record's references in the reader's words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.core.i18n.formatting import (
    CENTS,
    NBSP,
    format_amount,
    format_balance,
    format_multiplier,
    format_points,
    format_symbol_amount,
    typed_amount,
)
from app.services import amounts, currencies, inbox, records
from app.services.brands import Money
from models.cashier import MemberMessage, MessageKind


def test_a_symbol_is_joined_to_its_amount_by_a_non_breaking_space() -> None:
    assert format_symbol_amount(Decimal("1234.5"), "R$", "pt") == f"R${NBSP}1.234,50"
    assert format_symbol_amount(Decimal("1234.5"), "R$", "en") == f"R${NBSP}1,234.50"
    assert " " not in format_symbol_amount(Decimal("5"), "R$", "pt")


@pytest.mark.parametrize(
    ("amount", "lang", "digits", "typed"),
    [
        (Decimal("1234.5"), "en", 2, "1234.50"),
        (Decimal("1234.5"), "pt", 2, "1234,50"),
        (Decimal("2000000.00"), "en", 0, "2000000"),
    ],
)
def test_an_amount_field_starts_with_what_the_parser_reads_back(
    amount: Decimal, lang: str, digits: int, typed: str
) -> None:
    """A field filled with "1,234.50" (the English display) would be refused when sent."""
    assert typed_amount(amount, lang, digits) == typed
    assert amounts.parse_amount(typed, "deposit-amount-invalid", digits=digits) == amount


def test_an_amount_shows_its_currencys_minor_digits() -> None:
    """The dong has no minor unit (ISO 4217): 2,000,000 ₫, never 2,000,000.00."""
    assert (currencies.minor_digits("BRL"), currencies.minor_digits("vnd")) == (2, 0)
    assert format_amount(Decimal("2000000.00"), "en", 0) == "2,000,000"
    assert format_amount(Decimal("2000000.50"), "pt", 0) == "2.000.001"
    assert format_symbol_amount(Decimal("250000"), "₫", "pt", 0) == f"₫{NBSP}250.000"
    assert format_balance(Decimal("1480000"), "en", hidden=False, digits=0) == "1,480,000"


@pytest.mark.parametrize(
    ("points", "lang", "shown"),
    [
        (Decimal("0.50"), "pt", "0,5"),
        (Decimal("1250.00"), "pt", "1.250"),
        (Decimal("1250.25"), "en", "1,250.25"),
        (12, "en", "12"),
    ],
)
def test_points_are_a_count_without_forced_cents(points: Decimal, lang: str, shown: str) -> None:
    assert format_points(points, lang) == shown


@pytest.mark.parametrize(
    ("value", "lang", "shown"),
    [
        ("1.8", "pt", "1,80x"),
        ("1.8", "en", "1.80x"),
        (Decimal("1.4785"), "pt", "1,4785x"),
        (Decimal("9800"), "pt", "9.800,00x"),
    ],
)
def test_multipliers_use_the_reader_s_decimals(value: object, lang: str, shown: str) -> None:
    assert format_multiplier(value, lang) == shown  # type: ignore[arg-type]


def _message(kind: MessageKind, params: dict[str, str]) -> MemberMessage:
    return MemberMessage(id=1, member_id=1, kind=kind, params=params)


REAIS = Money("R$", CENTS)


def test_inbox_amounts_are_written_the_reader_s_way_for_every_kind() -> None:
    deposit = _message(MessageKind.DEPOSIT_CREDITED, {"orderNo": "D1", "amount": "1234.50"})
    assert inbox._shown(deposit, "pt", REAIS).body == (
        f"Seu depósito D1 de R${NBSP}1.234,50 foi creditado."
    )
    assert f"of R${NBSP}1,234.50 was" in inbox._shown(deposit, "en", REAIS).body
    assert "1234.50" not in inbox._shown(deposit, "pt", REAIS).body
    dong = inbox._shown(deposit, "en", Money("₫", 0)).body
    assert f"of ₫{NBSP}1,235 was" in dong


def test_a_money_limit_s_figures_in_the_inbox_are_money_and_a_time_limit_s_are_not() -> None:
    loss = {"kind": "LOSS", "period": "DAY", "used": "80.00", "value": "100.00"}
    alert = inbox._shown(_message(MessageKind.LIMIT_ALERT, loss), "pt", REAIS).body
    assert f"usou R${NBSP}80,00 de um limite de R${NBSP}100,00" in alert
    minutes = {"kind": "TIME", "period": "DAY", "used": "48", "value": "60"}
    alert = inbox._shown(_message(MessageKind.LIMIT_ALERT, minutes), "pt", REAIS).body
    assert "usou 48 de um limite de 60" in alert and "R$" not in alert
    removed = {"kind": "DEPOSIT", "period": "DAY", "value": "-"}
    changed = inbox._shown(_message(MessageKind.LIMIT_CHANGED, removed), "en", REAIS).body
    assert "(new value: -)" in changed


def test_a_points_reward_in_the_inbox_is_counted_not_priced() -> None:
    reward = _message(
        MessageKind.PROMOTION_REWARD,
        {"promotion": "P1", "amount": "0.50", "reward": "POINTS"},
    )
    body = inbox._shown(reward, "pt", REAIS).body
    assert "0,5 " in body and "0,50" not in body


@pytest.mark.parametrize(
    ("kind", "reference", "lang", "words"),
    [
        ("BONUS", "MISSION-DEPOSIT-1", "pt", "Recompensa de missão"),
        ("BONUS", "MISSION-DEPOSIT-1", "en", "Mission reward"),
        ("BET", "ssc-1m:20261123-0042", "pt", "Sorteio 20261123-0042"),
        ("WIN", "ssc-1m:20261123-0042", "en", "Lottery draw 20261123-0042"),
        ("DEPOSIT", "D2026112300001", "pt", "Pedido D2026112300001"),
        ("TRANSFER", "SABA", "en", "Game wallet SABA"),
        ("BET", "r-77", "pt", "Rodada r-77"),
        ("REBATE", "REBATE-12", "pt", "Cashback do dia"),
        ("SALARY", "DAILY_SALARY:2026-11-23T03:00:00Z", "en", "Agent pay"),
        ("ADJUSTMENT", "", "pt", ""),
    ],
)
def test_the_record_shows_words_not_codes(kind: str, reference: str, lang: str, words: str) -> None:
    assert records.reference_words(kind, reference, lang) == words


def test_an_unknown_code_of_a_kind_that_says_all_is_left_out() -> None:
    assert records.reference_words("ADJUSTMENT", "OPS-TICKET-9", "pt") == ""
