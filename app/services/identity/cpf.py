"""The CPF (Cadastro de Pessoas Físicas): 9 digits and 2 check digits (mod 11)."""

from __future__ import annotations

import re

from app.core.errors import AppError

_PUNCTUATION = re.compile(r"[.\s/-]")


def digits_of(text: str) -> str:
    """The CPF's digits as typed, punctuation (000.000.000-00) dropped."""
    return _PUNCTUATION.sub("", text.strip())


def check_digits(base: str) -> str:
    """The two check digits of a 9-digit base."""
    digits = base
    for length in (9, 10):
        weights = range(length + 1, 1, -1)
        total = sum(int(d) * w for d, w in zip(digits[:length], weights, strict=True))
        digits += str(total * 10 % 11 % 10)
    return digits[9:]


def is_valid(digits: str) -> bool:
    """11 ASCII digits, not all the same (111.111.111-11 passes mod 11 but is not issued),
    whose last two are the check digits of the first nine."""
    return (
        len(digits) == 11
        and digits.isascii()
        and digits.isdigit()
        and len(set(digits)) > 1
        and check_digits(digits[:9]) == digits[9:]
    )


def normalize(text: str, error: str = "identity-cpf-invalid") -> str:
    """The CPF as stored (11 digits), or AppError(`error`, 422)."""
    digits = digits_of(text)
    if not is_valid(digits):
        raise AppError(error, status=422)
    return digits


def masked(digits: str) -> str:
    """A CPF as shown back: enough to recognise it, not to copy it."""
    return f"***.{digits[3:6]}.{digits[6:9]}-**"
