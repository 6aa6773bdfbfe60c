"""The one parser of money and numbers typed or sent by a client: every amount, limit, count
and rate of the API, the site, the console and the CLI.

An amount is plain ASCII digits with at most two decimals, a dot or a comma as the decimal
mark (``1234.5``, ``1234,50``, ``1.234,50``); a number (`parse_number`) is plain ASCII digits
with at most the caller's decimals. Anything else is the caller's validation error, never an
exception from deeper down and never a value: exponents (``1e3``), ``NaN`` and ``Infinity``,
digits of other scripts (``١٠٠``, which ``Decimal`` would take as 100), signs, JSON numbers
(floats lose cents), booleans, lists and objects, and numbers above the caller's maximum.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from app.core.errors import AppError
from app.services.ledger import CENT, MAX_LEG_AMOUNT

# Longer text is no amount: the largest allowed one has 13 integer digits and separators.
MAX_AMOUNT_TEXT = 24
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]{1,2})?", re.ASCII)
_COMMA_DECIMAL = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})*,[0-9]{1,2}|[0-9]+,[0-9]{1,2}", re.ASCII)
# Thousands grouped by dots or by commas, no decimals (2.000.000 or 2,000,000): a whole amount
# in a currency without cents, where neither mark can be a decimal one.
_GROUPED_WHOLE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]{1,3}(?:,[0-9]{3})+", re.ASCII)


def parse_amount(
    value: object,
    error: str,
    *,
    status: int = 422,
    allow_zero: bool = False,
    maximum: Decimal = MAX_LEG_AMOUNT,
    params: Mapping[str, Any] | None = None,
    digits: int = 2,
) -> Decimal:
    """The amount in `value` to the cent, or AppError(`error`, `status`, `params`) when it is
    none.

    Zero is refused unless `allow_zero` (a lost round's win); above `maximum` is refused.
    `digits` are the currency's minor digits: a fraction of a dong (`digits` 0) is refused
    with `amount-whole-only`, which says why, and its thousands may be grouped by dots or
    commas (2.000.000), which then cannot be decimal marks.
    """
    refusal = AppError(error, status=status, params=dict(params or {}))
    text = _text(value, refusal)
    if digits == 0 and _GROUPED_WHOLE.fullmatch(text):
        text = text.replace(".", "").replace(",", "")
    elif _COMMA_DECIMAL.fullmatch(text):
        text = text.replace(".", "").replace(",", ".")
    elif not _PLAIN.fullmatch(text):
        raise refusal
    amount = Decimal(text)
    if amount > maximum or amount < 0 or (amount == 0 and not allow_zero):
        raise refusal
    if digits < 2 and amount != amount.quantize(Decimal(1).scaleb(-digits)):
        raise AppError("amount-whole-only", status=status)
    return amount.quantize(CENT)


def parse_number(
    value: object,
    error: str,
    *,
    places: int,
    minimum: Decimal,
    maximum: Decimal,
    status: int = 422,
    params: Mapping[str, Any] | None = None,
) -> Decimal:
    """A count, minutes or a rate: ASCII digits with at most `places` decimals (a dot or a
    comma), a leading minus only when `minimum` is negative, from `minimum` to `maximum`, or
    AppError(`error`, `status`, `params`)."""
    refusal = AppError(error, status=status, params=dict(params or {}))
    text = _text(value, refusal).replace(",", ".")
    sign = "-?" if minimum < 0 else ""
    pattern = sign + r"[0-9]+" + (rf"(?:\.[0-9]{{1,{places}}})?" if places else "")
    if not re.fullmatch(pattern, text, re.ASCII):
        raise refusal
    number = Decimal(text)
    if not minimum <= number <= maximum:
        raise refusal
    return number


def _text(value: object, refusal: AppError) -> str:
    """The text of a string, an int or a finite Decimal (a value of our own code); anything
    else (floats, booleans, containers) is refused."""
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        raise refusal
    if isinstance(value, Decimal):
        # Trailing zeros are no decimals ("0.5000" from a column of scale 4 is 0.5).
        value = format(value.normalize(), "f") if value.is_finite() else "NaN"
    text = str(value).strip().replace(" ", "")
    if len(text) > MAX_AMOUNT_TEXT:
        raise refusal
    return text
