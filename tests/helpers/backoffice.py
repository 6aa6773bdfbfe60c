"""Back-office helpers for tests: staff members of a role and brand, logged in with a real
TOTP code from a browser secret; an invitation enrolled the way its holder enrols it; a
pending withdrawal made the way the cashier makes one."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from decimal import Decimal
from urllib.parse import parse_qs, urlparse
from uuid import uuid4

import pyotp
from sqlalchemy import text
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.cache import get_redis
from app.core.db import write_transaction
from app.core.security import encrypt_secret, hash_password
from app.services import browser_logins, ledger
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Invitation, Staff
from app.services.brands import brands
from models import Merchant, PayoutAccount, StaffMember, StaffRole, WithdrawalOrder
from models.base import utcnow
from models.ledger import AccountKind, TransactionKind
from tests.helpers.accounts import make_member
from tests.helpers.money import fund

STAFF_PASSWORD = "correct horse battery"


def new_name(prefix: str = "staff") -> str:
    return f"{prefix}{secrets.token_hex(4)}"


async def merchant_id(code: str) -> int:
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
        assert merchant.id is not None
        return merchant.id


async def role_with(permissions: set[str] | frozenset[str], name: str | None = None) -> str:
    """A role holding exactly these permissions (the seeded ones exist too)."""
    role_name = name or new_name("role")
    async with write_transaction() as session:
        await staff_service.ensure_roles(session)
        if (
            name is None
            or not (
                await session.exec(select(StaffRole).where(StaffRole.name == role_name))
            ).first()
        ):
            session.add(StaffRole(name=role_name, permissions=sorted(permissions)))
    return role_name


async def make_staff_account(role: str, brand: str | None) -> tuple[str, str]:
    """A staff account of `role` for `brand` (None: every brand), made directly as if its
    holder had enrolled (a test factory: every real account comes by invitation); its name
    and TOTP secret."""
    secret = pyotp.random_base32()
    username = new_name()
    async with write_transaction() as session:
        await staff_service.ensure_roles(session)
        role_row = (await session.exec(select(StaffRole).where(StaffRole.name == role))).one()
        merchant = None
        if brand is not None:
            merchant = (await session.exec(select(Merchant).where(Merchant.code == brand))).one()
        assert role_row.id is not None
        session.add(
            StaffMember(
                username=username,
                password_hash=await hash_password(STAFF_PASSWORD),
                merchant_id=merchant.id if merchant else None,
                role_id=role_row.id,
                totp_secret_encrypted=encrypt_secret(secret, staff_service.TOTP_PURPOSE),
            )
        )
    return username, secret


def code_at(secret: str, step: int = 0) -> str:
    """The TOTP code of the current time step (`step` 1: the next one, which the server
    still accepts; each step logs in once)."""
    return pyotp.TOTP(secret).at(utcnow() + timedelta(seconds=30 * step))


async def log_in(
    username: str, secret: str, browser: str | None = None, step: int = 0
) -> tuple[Staff, str]:
    """Log the account in from a browser (a new one unless given); the staff and the
    browser's secret after the login (a login rotates it)."""
    browser = browser or browser_logins.new_browser_secret()
    code = code_at(secret, step)
    found = await staff_service.login(username, STAFF_PASSWORD, code, browser, _address(), utcnow())
    return found.staff, found.browser_secret


def invitation_token(invitation: Invitation) -> str:
    return parse_qs(urlparse(invitation.link).query)["token"][0]


async def enrol(invitation: Invitation, password: str = STAFF_PASSWORD) -> str:
    """The invitee's side: open the link, choose the password and confirm the authenticator
    with its first code; the authenticator's secret (as the invitee's app holds it)."""
    token = invitation_token(invitation)
    shown = await staff_service.begin_enrolment(token, utcnow())
    await staff_service.complete_enrolment(
        token, password, password, code_at(shown.secret), _address(), utcnow()
    )
    return shown.secret


async def next_time_step(staff_id: int) -> None:
    """Forget the codes a staff member used (each time step logs in once), as if the next
    time step had come: a test that needs more codes than the window holds."""
    redis = get_redis()
    for subject in (f"staff-{staff_id}", f"staff-{staff_id}-enrol"):
        async for key in redis.scan_iter(match=f"totp-used:{subject}:*"):
            await redis.delete(key)


def _address() -> str:
    return f"10.9.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"


async def make_staff(role: str, brand: str | None = "BR1") -> Staff:
    username, secret = await make_staff_account(role, brand)
    return (await log_in(username, secret))[0]


async def pending_withdrawal(amount: str, brand: str = "BR1", funded: str | None = None) -> str:
    """A member with cash and an order of `amount` locked for withdrawal; its order number."""
    member = await make_member(brand, payee_name="Titular Teste")
    assert member.id is not None
    currency = (await brands.by_code(brand)).currency
    await fund(member.id, funded or str(Decimal(amount) * 2), currency)
    order_no = f"W{uuid4().hex[:20].upper()}"
    async with write_transaction() as session:
        merchant = await session.get(Merchant, member.merchant_id)
        assert merchant is not None and merchant.id is not None
        account = PayoutAccount(
            merchant_id=merchant.id,
            member_id=member.id,
            kind="PIX",
            pix_key_type="EMAIL",
            identifier=f"{order_no.lower()}@example.com",
            holder_name="Titular Teste",
        )
        session.add(account)
        cash = await ledger.account(
            session,
            merchant_id=merchant.id,
            kind=AccountKind.MEMBER_CASH,
            currency=merchant.currency,
            member_id=member.id,
        )
        locked = await ledger.account(
            session,
            merchant_id=merchant.id,
            kind=AccountKind.MEMBER_LOCKED,
            currency=merchant.currency,
            member_id=member.id,
        )
        assert cash.id is not None and locked.id is not None
        posted = await ledger.move(
            session,
            merchant_id=merchant.id,
            kind=TransactionKind.WITHDRAWAL_LOCK,
            idempotency_key=f"withdrawal-lock:{order_no}",
            debit_account_id=cash.id,
            credit_account_id=locked.id,
            amount=Decimal(amount),
            reference=order_no,
            member_id=member.id,
        )
        await session.flush()
        assert account.id is not None
        session.add(
            WithdrawalOrder(
                order_no=order_no,
                merchant_id=merchant.id,
                member_id=member.id,
                payout_account_id=account.id,
                currency=merchant.currency,
                amount=Decimal(amount),
                remaining_amount=Decimal(amount),
                lock_transaction_id=posted.transaction_id,
            )
        )
    return order_no


@asynccontextmanager
async def tampering() -> AsyncIterator[AsyncSession]:
    """A write transaction in which the audit log's append-only triggers are off, as a DBA
    with the rights to drop them could do: how the tests forge the changes `verify` finds.
    The triggers are back before the transaction commits."""
    async with write_transaction() as session:
        connection = await session.connection()
        if connection.dialect.name == "postgresql":
            await session.exec(text("ALTER TABLE audit_entry DISABLE TRIGGER USER"))  # type: ignore[call-overload]
            yield session
            await session.flush()
            await session.exec(text("ALTER TABLE audit_entry ENABLE TRIGGER USER"))  # type: ignore[call-overload]
            return
        found = await session.exec(  # type: ignore[call-overload]
            text(
                "SELECT name, sql FROM sqlite_master "
                "WHERE type = 'trigger' AND tbl_name = 'audit_entry'"
            )
        )
        triggers = list(found.all())
        for name, _ in triggers:
            await session.exec(text(f"DROP TRIGGER {name}"))  # type: ignore[call-overload]
        yield session
        await session.flush()
        for _, sql in triggers:
            await session.exec(text(sql))  # type: ignore[call-overload]
