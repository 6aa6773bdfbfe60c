"""How many units of each currency one Brazilian real of a limit stands for: the one scale
that bet limits, deposit channels' limits and one-tap amounts are written in reais against
(rounded, as limits are policy, not exchange rates); which currency PIX moves; and how many
minor digits an amount shows."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import get_currency_precision

# PIX is Brazil's instant payment: its keys name accounts in reais only.
PIX_CURRENCY = "BRL"

CURRENCY_SCALE: dict[str, Decimal] = {
    "BRL": Decimal(1),
    "USD": Decimal("0.2"),
    "EUR": Decimal("0.2"),
    "PHP": Decimal(10),
    "INR": Decimal(15),
    "THB": Decimal(6),
    "VND": Decimal(5000),
    "IDR": Decimal(3000),
}


def scale_of(currency: str) -> Decimal | None:
    """The currency's units per real of limit, or None for a currency with no scale."""
    return CURRENCY_SCALE.get(currency.upper())


def limit_scale(currency: str) -> Decimal:
    """The factor a limit written in reais is multiplied by in `currency`; 1 for a currency
    with no scale, whose limits are taken as written."""
    return scale_of(currency) or Decimal(1)


def pays_by_pix(currency: str) -> bool:
    """Can money in this currency move by PIX (deposits and payout keys)?"""
    return currency.upper() == PIX_CURRENCY


def minor_digits(currency: str) -> int:
    """The digits after the decimal mark an amount in `currency` shows (ISO 4217 by CLDR,
    through Babel): 2 for the real's centavos, 0 for the dong, which has no minor unit."""
    return int(get_currency_precision(currency.upper()))
