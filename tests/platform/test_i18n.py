"""Catalogs are complete in both languages; formatting follows the locale."""

from __future__ import annotations

import ast
import string
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from app.core.config import PROJECT_ROOT
from app.core.i18n import (
    LANGUAGE_CODES,
    catalog,
    normalize_language_code,
    translate,
    ui_language,
)
from app.core.i18n.formatting import (
    MASK,
    format_amount,
    format_balance,
    format_local_datetime,
    format_money,
    format_rate,
    percent_of_rate,
)
from components.i18n import title_key
from pages.registry import all_pages


def test_en_and_pt_have_the_same_keys() -> None:
    messages = catalog()
    assert set(messages["en"]) == set(messages["pt"])


def test_no_empty_or_untranslated_placeholders() -> None:
    messages = catalog()
    for key, english in messages["en"].items():
        portuguese = messages["pt"][key]
        assert english.strip() and portuguese.strip(), key
        fields_en = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        fields_pt = {f for _, f, _, _ in string.Formatter().parse(portuguese) if f}
        assert fields_en == fields_pt, key


def _raised_codes() -> list[tuple[str, str, bool]]:
    """Every `AppError("code", ...)` the code raises with a literal code: where, the code, and
    whether it passes params."""
    found = []
    for folder in ("app", "state", "components", "pages"):
        for path in sorted((PROJECT_ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "AppError"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    continue
                with_params = len(node.args) >= 3 or any(k.arg == "params" for k in node.keywords)
                where = f"{path.relative_to(PROJECT_ROOT)}:{node.lineno}"
                found.append((where, node.args[0].value, with_params))
    return found


def test_every_raised_error_has_a_whole_message_in_both_languages() -> None:
    messages = catalog()
    raised = _raised_codes()
    assert len(raised) > 500
    for where, code, with_params in raised:
        assert code in messages["en"] and code in messages["pt"], where
        fields = {f for _, f, _, _ in string.Formatter().parse(messages["en"][code]) if f}
        # a message with placeholders raised without their values would show a raw "{min}"
        assert with_params or not fields, where


def test_spec_messages_are_exact() -> None:
    assert translate("non-agent-login", "pt") == "Apenas agentes podem fazer login"
    assert translate("non-agent-login", "en") == "Non-agents cannot log in"
    assert translate("val_required", "pt") == "Obrigatório"
    assert translate("in_need_true_account", "en") == "Please Register An Account First"
    assert translate("too-many-requests", "en") == (
        "Too many requests, please try again after 5 minutes."
    )


def test_translate_fills_placeholders_and_falls_back() -> None:
    assert translate("maintenance.until", "en", time="10:00") == "Expected back at 10:00"
    assert translate("maintenance.until", "PT", time="10:00") == "Previsão de retorno: 10:00"
    assert translate("no.such.key", "pt") == "no.such.key"


def test_language_codes() -> None:
    assert len(LANGUAGE_CODES) == 32
    assert normalize_language_code("pt_br") == "PT-BR"
    assert normalize_language_code(" en ") == "EN"
    assert normalize_language_code("xx") is None
    assert ui_language("PT-BR") == "pt"
    assert ui_language("JA") == "en"


@pytest.mark.parametrize(
    ("lang", "amount", "expected"),
    [
        ("en", Decimal("1234567.5"), "1,234,567.50"),
        ("pt", Decimal("1234567.5"), "1.234.567,50"),
        ("pt", Decimal("0.005"), "0,01"),
        ("en", Decimal("-12"), "-12.00"),
    ],
)
def test_amounts_have_two_decimals_and_locale_separators(
    lang: str, amount: Decimal, expected: str
) -> None:
    assert format_amount(amount, lang) == expected


def test_money_and_masked_balance() -> None:
    assert format_money(Decimal("1234.5"), "BRL", "pt").replace("\xa0", " ") == "R$ 1.234,50"
    assert format_money(Decimal("1234.5"), "BRL", "en") == "R$1,234.50"
    assert format_balance(Decimal("10"), "pt", hidden=True) == MASK
    assert format_balance(Decimal("10"), "pt", hidden=False) == "10,00"


def test_dates_are_shown_in_the_visitors_zone() -> None:
    moment = datetime(2026, 11, 21, 23, 30, tzinfo=UTC)
    shown = format_local_datetime(moment, "pt", "America/Sao_Paulo")
    assert "20:30" in shown and "21" in shown


def test_a_rate_reads_in_the_readers_decimals() -> None:
    assert [format_rate(r, "pt") for r in ("0.004", "0.1", "0.0025", "0.12345")] == [
        "0,4",
        "10",
        "0,25",
        "12,345",
    ]
    assert format_rate("0.004", "en") == "0.4"


def test_a_rate_reads_as_a_plain_percent() -> None:
    assert [percent_of_rate(r) for r in ("0.1", "0.0025", "1", "0", None)] == [
        "10",
        "0.25",
        "100",
        "0",
        "0",
    ]


def test_every_player_page_has_its_tab_title_in_both_languages() -> None:
    """The browser tab says the page in the reader's language (components.i18n.page_title):
    a new page's title needs its words in the catalog."""
    for page in all_pages():
        if not page.console:
            key = title_key(page.title)
            assert translate(key, "en") == page.title, key
            assert translate(key, "pt") != key, key
