"""The one parser of money typed or sent by a client: every amount of the API and the site.

An amount is plain ASCII digits with at most two decimals, a dot or a comma as the decimal
mark (``1234.5``, ``1234,50``, ``1.234,50``). Anything else is the caller's validation error,
never an exception from deeper down: exponents (``1e30``), ``NaN`` and ``Infinity``, digits of
other scripts (``٥``, which ``Decimal`` would take as 5), signs, JSON numbers (floats lose
cents), booleans, lists and objects, and numbers above what the ledger holds.
"""

from __future__ import annotations

import re
from decimal import Decimal

from app.core.errors import AppError
from app.services.ledger import CENT, MAX_LEG_AMOUNT

# Longer text is no amount: the largest allowed one has 13 integer digits and separators.
MAX_AMOUNT_TEXT = 24
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]{1,2})?", re.ASCII)
_COMMA_DECIMAL = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})*,[0-9]{1,2}|[0-9]+,[0-9]{1,2}", re.ASCII)


def parse_amount(
    value: object,
    error: str,
    *,
    status: int = 422,
    allow_zero: bool = False,
    maximum: Decimal = MAX_LEG_AMOUNT,
) -> Decimal:
    """The amount in `value` to the cent, or AppError(`error`, `status`) when it is none.

    Zero is refused unless `allow_zero` (a lost round's win); above `maximum` is refused.
    """
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        raise AppError(error, status=status)
    if isinstance(value, Decimal):
        value = format(value, "f") if value.is_finite() else "NaN"
    text = str(value).strip().replace(" ", "")
    if len(text) > MAX_AMOUNT_TEXT:
        raise AppError(error, status=status)
    if _COMMA_DECIMAL.fullmatch(text):
        text = text.replace(".", "").replace(",", ".")
    elif not _PLAIN.fullmatch(text):
        raise AppError(error, status=status)
    amount = Decimal(text)
    if amount > maximum or amount < 0 or (amount == 0 and not allow_zero):
        raise AppError(error, status=status)
    return amount.quantize(CENT)
