"""Money, number and date formatting per locale (Babel)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.dates import format_datetime as babel_format_datetime
from babel.numbers import format_currency, format_decimal, get_decimal_symbol

LOCALES = {"en": "en_US", "pt": "pt_BR"}
MASK = "******"
# Between a currency symbol and its amount: "R$" never wraps away from its figure.
NBSP = "\u00a0"
# After every multiplier, odds and game results alike (1,80x; 2,5x), as Brazilian sites write it.
MULTIPLIER_SIGN = "x"


def _locale(ui_lang: str) -> str:
    return LOCALES.get(ui_lang, LOCALES["en"])


def country_name(region: str, ui_lang: str) -> str:
    """A country's name in the visitor's language (Babel's CLDR data): BR → Brasil, Brazil."""
    return str(Locale.parse(_locale(ui_lang)).territories.get(region, region))


# The minor digits of most currencies (the real's centavos); a brand's own come from
# `Brand.amount_digits` (the dong has none).
CENTS = 2


def quantize(amount: Decimal, digits: int = CENTS) -> Decimal:
    return amount.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def format_amount(amount: Decimal, ui_lang: str, digits: int = CENTS) -> str:
    """The currency's minor digits with the locale's thousands separator: 1,234.50 or
    1.234,50 in reais, 2,000,000 or 2.000.000 in dong (`digits` 0)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(quantize(amount, digits), format=pattern, locale=_locale(ui_lang))


def decimal_mark(ui_lang: str) -> str:
    """The reader's decimal mark: "," in Portuguese, "." in English."""
    return str(get_decimal_symbol(_locale(ui_lang)))


def format_figure(value: Decimal, ui_lang: str) -> str:
    """A stored figure with the digits it was stored with, in the reader's format (0,05;
    1.234,5): a rate, a limit or a threshold written into a record."""
    exponent = value.as_tuple().exponent
    digits = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return str(format_decimal(value, format=pattern, locale=_locale(ui_lang)))


def typed_decimal(value: Decimal, ui_lang: str) -> str:
    """A stored figure as a form field offers it for editing: its digits as stored, the
    reader's decimal mark, no grouping (20000,00 or 20000.00), which the parsers read back."""
    return str(value).replace(".", decimal_mark(ui_lang))


def typed_amount(amount: Decimal, ui_lang: str, digits: int = CENTS) -> str:
    """An amount as an amount field starts with it: the currency's digits, the reader's
    decimal mark, no grouping (1234,50 or 1234.50; 2000000 in dong), which the amount
    parser reads back as the same amount."""
    return typed_decimal(quantize(amount, digits), ui_lang)


def format_money(amount: Decimal, currency: str, ui_lang: str) -> str:
    return format_currency(quantize(amount), currency, locale=_locale(ui_lang))


def format_symbol_amount(amount: Decimal, symbol: str, ui_lang: str, digits: int = CENTS) -> str:
    """An amount with the brand's currency symbol, joined by a non-breaking space: R$ 1.234,50."""
    shown = format_amount(amount, ui_lang, digits)
    return f"{symbol}{NBSP}{shown}" if symbol else shown


def format_points(points: Decimal | int, ui_lang: str) -> str:
    """Loyalty points are a count, not money: no forced cents (1.250 or 0,5 pontos)."""
    return format_decimal(quantize(Decimal(points)), format="#,##0.##", locale=_locale(ui_lang))


def format_count(count: int, ui_lang: str) -> str:
    """A whole number of things, grouped the reader's way: 1.234 or 1,234."""
    return format_decimal(count, format="#,##0", locale=_locale(ui_lang))


def format_multiplier(value: Decimal | str | float, ui_lang: str) -> str:
    """A payout multiplier in the locale's decimals, sign after: 1,80x or 1.4785x (two to
    four places: a paytable's exact odds are never rounded away)."""
    number = format_decimal(Decimal(str(value)), format="#,##0.00##", locale=_locale(ui_lang))
    return f"{number}{MULTIPLIER_SIGN}"


def format_game_multiplier(value: Decimal, ui_lang: str) -> str:
    """An in-house game's multiplier as its page shows it: two decimals, as Crash shows its
    curve, grouped the reader's way, x after (2,50x or 2.50x; 1.000,00x; 0,00x). A longer
    one is cut, never rounded up: Mines' 1.2857 shows 1,28x, no more than it pays."""
    cut = value.quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    return format_decimal(cut, format="#,##0.00", locale=_locale(ui_lang)) + MULTIPLIER_SIGN


def format_balance(amount: Decimal, ui_lang: str, hidden: bool, digits: int = CENTS) -> str:
    """The header balance: formatted, or masked when the member hides it."""
    return MASK if hidden else format_amount(amount, ui_lang, digits)


def format_local_datetime(moment: datetime, ui_lang: str, timezone: str) -> str:
    """A UTC moment shown in the visitor's time zone, in the locale's medium format."""
    return babel_format_datetime(
        moment, format="medium", tzinfo=ZoneInfo(timezone), locale=_locale(ui_lang)
    )


def format_local_date(moment: datetime, ui_lang: str, timezone: str) -> str:
    """The day of a UTC moment in the visitor's time zone, in the locale's medium format."""
    return babel_format_date(
        moment.astimezone(ZoneInfo(timezone)).date(), format="medium", locale=_locale(ui_lang)
    )


def format_utc_minutes(moment: datetime, ui_lang: str) -> str:
    """A moment in UTC to the minute, in the locale's short format, saying it is UTC (the
    console's schedules are typed in UTC)."""
    return (
        babel_format_datetime(
            moment, format="short", tzinfo=ZoneInfo("UTC"), locale=_locale(ui_lang)
        )
        + " UTC"
    )


def format_day(day: date, ui_lang: str, length: str = "medium") -> str:
    """A calendar day (a birth date, a report's day) in the locale's format: medium
    (2 de nov. de 1992, Nov 2, 1992) or short (02/11/1992, 11/2/92)."""
    return babel_format_date(day, format=length, locale=_locale(ui_lang))


def percent_of_rate(rate: object) -> str:
    """A rate (0.1) as the percent people read ("10", "0.25"): never in exponent form."""
    return format((Decimal(str(rate or 0)) * 100).normalize(), "f")


def format_percent(percent: Decimal, ui_lang: str) -> str:
    """A figure that is already a percent (a rebate rate of 1.25) with its sign, in the
    locale's decimals, three at most: "1.25%", "1,25%"."""
    return f"{format_decimal(percent, format='0.###', locale=_locale(ui_lang))}%"


def format_rate(rate: object, ui_lang: str) -> str:
    """A rate (0.004) as the percent people read, in the locale's decimals: 0,4 or 0.4."""
    return format_decimal(
        Decimal(percent_of_rate(rate)), format="#,##0.####", locale=_locale(ui_lang)
    )
