"""Who runs a brand's site, as its footer and about page state it (issue 35): the operator's
legal name, its CNPJ (Cadastro Nacional da Pessoa Jurídica: 12 digits and 2 mod-11 check
digits), the licence in force (in Brazil, the SPA/MF authorisation's ordinance number) and the
domain that licence names (a Brazilian operator's site is under .bet.br: Portaria SPA/MF
722/2024).

Operators set them with `python -m app.cli operator-identity`; a brand without them shows
none (never an invented number)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.brands import Brand, announce_change, merchant_by_code

_PUNCTUATION = re.compile(r"[.\s/-]")
MAX_NAME = 160
MAX_LICENCE = 64
# A host name as the licence writes it: lower-case labels of letters, digits and inner hyphens.
_DOMAIN = re.compile(r"(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")
BRAZIL_SUFFIX = ".bet.br"


@dataclass(frozen=True)
class OperatorIdentity:
    name: str
    cnpj: str  # as printed: 12.345.678/0001-95 ("" when not set)
    licence: str
    domain: str = ""  # the licensed site's host: sortegrande.bet.br ("" when not set)

    @property
    def shown(self) -> bool:
        return bool(self.name or self.cnpj or self.licence or self.domain)


# Writes the change's audit entry in the change's own transaction (brand code, new values).
Record = Callable[[AsyncSession, str, OperatorIdentity], Awaitable[None]]


def _check_digit(digits: str) -> str:
    weights = list(range(len(digits) - 7, 1, -1)) + list(range(9, 1, -1))
    total = sum(int(d) * w for d, w in zip(digits, weights[-len(digits) :], strict=True))
    rest = total % 11
    return "0" if rest < 2 else str(11 - rest)


def cnpj_check_digits(base: str) -> str:
    """The two check digits of a 12-digit CNPJ base."""
    first = _check_digit(base)
    return first + _check_digit(base + first)


def cnpj_valid(digits: str) -> bool:
    """14 ASCII digits, not all the same, whose last two check the first twelve."""
    return (
        len(digits) == 14
        and digits.isascii()
        and digits.isdigit()
        and len(set(digits)) > 1
        and cnpj_check_digits(digits[:12]) == digits[12:]
    )


def format_cnpj(digits: str) -> str:
    """12.345.678/0001-95, as a CNPJ is printed."""
    if len(digits) != 14:
        return digits
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


def of(brand: Brand) -> OperatorIdentity:
    return OperatorIdentity(
        name=brand.operator_name.strip(),
        cnpj=format_cnpj(brand.operator_cnpj),
        licence=brand.licence_number.strip(),
        domain=brand.licensed_domain,
    )


def _clean(text: str, limit: int, error: str) -> str:
    value = " ".join(text.split())
    if len(value) > limit or any(not ch.isprintable() for ch in value):
        raise AppError(error, 422, {"max": limit})
    return value


def licensed_domain(text: str, jurisdiction: str) -> str:
    """The licensed domain as stored: a host name, lower-case, under .bet.br for a Brazilian
    brand; "" clears it."""
    host = text.strip().lower().removesuffix(".")
    if not host:
        return ""
    if not _DOMAIN.fullmatch(host):
        raise AppError("operator-domain-invalid", 422)
    if jurisdiction == "BR" and not host.endswith(BRAZIL_SUFFIX):
        raise AppError("operator-domain-not-bet-br", 422)
    return host


async def set_identity(
    code: str,
    *,
    name: str,
    cnpj: str,
    licence: str,
    now: datetime,
    domain: str | None = None,
    record: Record | None = None,
) -> OperatorIdentity:
    """Set a brand's operator identity (each value checked; "" clears it; the domain stays as
    it was when not given)."""
    clean_name = _clean(name, MAX_NAME, "operator-name-invalid")
    clean_licence = _clean(licence, MAX_LICENCE, "operator-licence-invalid")
    digits = _PUNCTUATION.sub("", cnpj.strip())
    if digits and not cnpj_valid(digits):
        raise AppError("operator-cnpj-invalid", 422)
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        if domain is not None:
            merchant.licensed_domain = licensed_domain(domain, merchant.jurisdiction)
        merchant.operator_name = clean_name
        merchant.operator_cnpj = digits
        merchant.licence_number = clean_licence
        merchant.updated_at = now
        session.add(merchant)
        shown = OperatorIdentity(
            clean_name, format_cnpj(digits), clean_licence, merchant.licensed_domain
        )
        if record is not None:
            await record(session, merchant.code, shown)
    await announce_change()  # the footer of every process, at its next page
    return shown
