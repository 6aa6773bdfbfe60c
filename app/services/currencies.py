"""How many units of each currency one Brazilian real of a limit stands for: the one scale
that bet limits, deposit channels' limits and one-tap amounts are written in reais against
(rounded, as limits are policy, not exchange rates)."""

from __future__ import annotations

from decimal import Decimal

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
