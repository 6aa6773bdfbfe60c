"""Payout accounts: the PIX keys and bank accounts a member's withdrawals are paid to.

Every account is in the member's own name (the registered payee name, compared without
case, accents or extra spaces), a member holds a few at most, and nobody sees anyone else's.
What a brand takes follows its currency: PIX keys for reais only, and bank accounts written
the way its market writes them (`BANK_FORMATS`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.text import fold_name
from app.services.accounts import reauth
from app.services.accounts.members import require_real_account
from app.services.brands import brands
from app.services.currencies import pays_by_pix
from app.services.identity import cpf, onboarding
from models import Member, PayoutAccount
from models.base import saved_id
from models.cashier import PayoutAccountKind, PixKeyType

_EMAIL = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
)
_EMAIL_MAX = 77  # the longest e-mail PIX key the central directory accepts
_BR_MOBILE = re.compile(r"(?:55)?([1-9]{2}9[0-9]{8})")  # area code, then 9 + 8 digits
_RANDOM_KEY = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_PHONE_PUNCTUATION = re.compile(r"[\s().+-]")


@dataclass(frozen=True)
class BankFormat:
    """How one market writes a bank account: the bank's code, a branch where the market has
    one, the account number; the error of each; its best-known banks (code, name)."""

    bank_code: re.Pattern[str]
    bank_code_error: str
    branch: re.Pattern[str] | None
    account_number: re.Pattern[str]
    account_number_error: str
    banks: tuple[tuple[str, str], ...]


BANK_FORMATS: dict[str, BankFormat] = {
    # Brazil: the central bank's 3-digit COMPE code, a branch (agência), the account with its
    # check digit after a hyphen.
    "BRL": BankFormat(
        bank_code=re.compile(r"[0-9]{3}"),
        bank_code_error="payout-bank-code-invalid",
        branch=re.compile(r"[0-9]{1,5}"),
        account_number=re.compile(r"[0-9]{1,12}(?:-[0-9Xx])?"),
        account_number_error="payout-bank-account-invalid",
        banks=(
            ("001", "Banco do Brasil"),
            ("033", "Santander"),
            ("077", "Banco Inter"),
            ("104", "Caixa Econômica Federal"),
            ("237", "Bradesco"),
            ("260", "Nubank"),
            ("290", "PagBank"),
            ("323", "Mercado Pago"),
            ("336", "C6 Bank"),
            ("341", "Itaú Unibanco"),
        ),
    ),
    # Vietnam: the bank's 6-digit NAPAS id (the BIN VietQR uses), no branch, 6 to 19 digits.
    "VND": BankFormat(
        bank_code=re.compile(r"[0-9]{6}"),
        bank_code_error="payout-bank-id-invalid",
        branch=None,
        account_number=re.compile(r"[0-9]{6,19}"),
        account_number_error="payout-bank-account-digits-invalid",
        banks=(
            ("970405", "Agribank"),
            ("970416", "ACB"),
            ("970418", "BIDV"),
            ("970422", "MB Bank"),
            ("970403", "Sacombank"),
            ("970407", "Techcombank"),
            ("970423", "TPBank"),
            ("970436", "Vietcombank"),
            ("970415", "VietinBank"),
            ("970432", "VPBank"),
        ),
    ),
}
_BANK_NAMES = {code: name for form in BANK_FORMATS.values() for code, name in form.banks}


@dataclass(frozen=True)
class PayoutAccountInput:
    """What the member fills in: a PIX key (type and key) or a bank account."""

    kind: str
    holder_name: str
    pix_key_type: str = ""
    pix_key: str = ""
    bank_code: str = ""
    branch: str = ""
    account_number: str = ""


def normalize_pix_key(key_type: str, raw: str) -> str:
    """The key as PIX stores it, or an error naming what a key of that type looks like."""
    value = raw.strip()
    if key_type == PixKeyType.CPF:
        return cpf.normalize(value, "payout-pix-cpf-invalid")
    if key_type == PixKeyType.EMAIL:
        if len(value) > _EMAIL_MAX or not _EMAIL.fullmatch(value):
            raise AppError("payout-pix-email-invalid", status=422)
        return value.lower()
    if key_type == PixKeyType.PHONE:
        found = _BR_MOBILE.fullmatch(_PHONE_PUNCTUATION.sub("", value))
        if found is None:
            raise AppError("payout-pix-phone-invalid", status=422)
        return f"+55{found.group(1)}"
    if key_type == PixKeyType.RANDOM:
        if not _RANDOM_KEY.fullmatch(value.lower()):
            raise AppError("payout-pix-random-invalid", status=422)
        return value.lower()
    raise AppError("payout-pix-key-type-invalid", status=422)


def methods(currency: str) -> tuple[str, ...]:
    """The kinds of payout account a brand in `currency` takes; its withdraw page offers the
    first (PIX in reais, where the own-CPF rule leaves no other)."""
    offered = [PayoutAccountKind.PIX] if pays_by_pix(currency) else []
    if currency.upper() in BANK_FORMATS:
        offered.append(PayoutAccountKind.BANK)
    return tuple(offered)


def known_banks(currency: str) -> tuple[tuple[str, str], ...]:
    """The best-known banks (code, name) of the market of `currency`; none where bank
    accounts are not taken."""
    form = BANK_FORMATS.get(currency.upper())
    return form.banks if form else ()


def _bank_fields(form: BankFormat, data: PayoutAccountInput) -> tuple[str, str | None, str]:
    bank_code, branch = data.bank_code.strip(), data.branch.strip()
    account_number = data.account_number.strip().replace(" ", "").upper()
    if not form.bank_code.fullmatch(bank_code):
        raise AppError(form.bank_code_error, status=422)
    if form.branch is not None and not form.branch.fullmatch(branch):
        raise AppError("payout-bank-branch-invalid", status=422)
    if not form.account_number.fullmatch(account_number):
        raise AppError(form.account_number_error, status=422)
    return bank_code, branch if form.branch is not None else None, account_number


def payee_name_missing(member: Member) -> bool:
    """No payout account can be added before the member's full name is in their profile."""
    return not (member.payee_name or "").strip()


def _new_account(member: Member, currency: str, data: PayoutAccountInput) -> PayoutAccount:
    """A checked, normalised account for the member of a brand in `currency` (not stored)."""
    if payee_name_missing(member):
        raise AppError("payout-profile-incomplete", status=409)
    payee = member.payee_name or ""
    if not data.holder_name.strip() or fold_name(data.holder_name) != fold_name(payee):
        raise AppError("payout-holder-mismatch", status=422)
    kind, key_type = data.kind.strip().upper(), data.pix_key_type.strip().upper()
    account = PayoutAccount(
        merchant_id=member.merchant_id,
        member_id=saved_id(member.id),
        kind=kind,
        identifier="",
        holder_name=" ".join(data.holder_name.split()),
    )
    if kind not in methods(currency):
        raise AppError(
            "payout-pix-unavailable"
            if kind == PayoutAccountKind.PIX
            else "payout-account-type-invalid",
            status=422,
        )
    if kind == PayoutAccountKind.PIX:
        account.identifier = normalize_pix_key(key_type, data.pix_key)
        account.pix_key_type = key_type
    else:
        bank = BANK_FORMATS[currency.upper()]
        account.bank_code, account.branch, account.account_number = _bank_fields(bank, data)
        account.identifier = "/".join(
            part for part in (account.bank_code, account.branch, account.account_number) if part
        )
    return account


async def bind(member: Member, data: PayoutAccountInput, password: str, ip: str) -> PayoutAccount:
    """Add a payout account, proven by the login password (re-authentication); the
    member's row lock makes the count check race-free."""
    require_real_account(member)
    account = _new_account(member, (await brands.by_id(member.merchant_id)).currency, data)
    await reauth.confirm(member, password, ip)
    limit = get_settings().payout_accounts_max
    try:
        async with write_transaction() as session:
            await session.exec(select(Member.id).where(Member.id == member.id).with_for_update())
            await onboarding.require_own_payout(
                session, saved_id(member.id), account.kind, account.pix_key_type, account.identifier
            )
            held = (
                await session.exec(select(func.count()).where(PayoutAccount.member_id == member.id))
            ).one()
            if held >= limit:
                raise AppError("payout-account-limit", status=409, params={"max": limit})
            duplicate = (
                await session.exec(
                    select(PayoutAccount.id).where(
                        PayoutAccount.member_id == member.id,
                        PayoutAccount.identifier == account.identifier,
                    )
                )
            ).first()
            if duplicate is not None:
                raise AppError("payout-account-duplicate", status=409)
            session.add(account)
    except IntegrityError as exc:
        raise AppError("payout-account-duplicate", status=409) from exc
    return account


async def own_cpf_account_in(
    session: AsyncSession, member: Member, cpf: str, holder_name: str
) -> PayoutAccount:
    """Building block of an account closure: the member's PIX account keyed by their own CPF,
    made when they have none (beyond the usual count: the law returns the money there)."""
    identifier = normalize_pix_key(PixKeyType.CPF, cpf)
    found = (
        await session.exec(
            select(PayoutAccount).where(
                PayoutAccount.member_id == member.id, PayoutAccount.identifier == identifier
            )
        )
    ).first()
    if found is not None:
        return found
    account = PayoutAccount(
        merchant_id=member.merchant_id,
        member_id=saved_id(member.id),
        kind=PayoutAccountKind.PIX,
        pix_key_type=PixKeyType.CPF,
        identifier=identifier,
        holder_name=" ".join(holder_name.split())[:120],
    )
    session.add(account)
    await session.flush()
    return account


async def member_accounts(member: Member) -> list[PayoutAccount]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(PayoutAccount)
                    .where(PayoutAccount.member_id == member.id)
                    .order_by(col(PayoutAccount.id))
                )
            ).all()
        )


async def member_account(session: AsyncSession, member: Member, account_id: int) -> PayoutAccount:
    """One of the member's own accounts; anybody else's answers as unknown."""
    account = await session.get(PayoutAccount, account_id)
    if account is None or account.member_id != member.id:
        raise AppError("payout-account-unknown", status=404)
    return account


def _bank_line(account: PayoutAccount, number: str) -> str:
    """A bank account as a line: its bank by name (where known), its branch (where the
    market has one) and `number`, the account number as the reader may see it."""
    code = account.bank_code or ""
    bank = f"{_BANK_NAMES[code]} ({code})" if code in _BANK_NAMES else code
    return " · ".join(part for part in (bank, account.branch, number) if part)


def in_full(account: PayoutAccount) -> str:
    """The account as the staff member paying it reads it: the whole key or number, and a
    bank account's bank by name."""
    if account.kind != PayoutAccountKind.BANK:
        return account.identifier
    return _bank_line(account, account.account_number or "")


def masked(account: PayoutAccount) -> str:
    """The account as shown to its owner: enough to recognise it, not to copy it."""
    key = account.identifier
    if account.kind == PayoutAccountKind.BANK:
        return _bank_line(account, f"****{(account.account_number or '')[-4:]}")
    if account.pix_key_type == PixKeyType.CPF:
        return f"***.{key[3:6]}.{key[6:9]}-**"
    if account.pix_key_type == PixKeyType.EMAIL:
        name, domain = key.split("@", 1)
        return f"{name[:2]}***@{domain}"
    if account.pix_key_type == PixKeyType.PHONE:
        return f"+55 {key[3:5]} *****-{key[-4:]}"
    return f"{key[:4]}…{key[-4:]}"
