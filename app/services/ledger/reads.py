"""Reads of a member's money: the wallet's balances, the vendor wallets and the movements."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from app.services.ledger.basics import MAX_PAGE_SIZE, ZERO
from models.ledger import (
    AccountKind,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    TransactionKind,
    account_owner_key,
)

# The member's own single accounts, as the wallet shows them (vendor wallets are listed apart).
WALLET_KINDS = (AccountKind.MEMBER_CASH, AccountKind.MEMBER_BONUS, AccountKind.MEMBER_LOCKED)


@dataclass(frozen=True)
class MemberWallet:
    cash: Decimal
    bonus: Decimal
    locked: Decimal


@dataclass(frozen=True)
class MovementChange:
    """How one of the member's own accounts changed in a movement."""

    account_id: int
    account_kind: AccountKind
    currency: str
    amount: Decimal
    balance_after: Decimal
    sub_key: str | None = None


@dataclass(frozen=True)
class Movement:
    transaction_id: int
    kind: TransactionKind
    reference: str
    created_at: datetime
    reverses_transaction_id: int | None
    changes: tuple[MovementChange, ...]
    # What the capability that posted it wrote down (a game round's vendor and game code).
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MovementPage:
    items: tuple[Movement, ...]
    total: int
    page: int
    page_size: int


async def member_wallet(
    session: AsyncSession, *, merchant_id: int, member_id: int, currency: str
) -> MemberWallet:
    """The member's cash, bonus and locked balances; accounts not made yet count as zero."""
    keys = {
        account_owner_key(merchant_id, member_id, kind, currency): kind for kind in WALLET_KINDS
    }
    rows = (
        await session.exec(
            select(col(LedgerAccount.owner_key), col(LedgerAccount.balance)).where(
                col(LedgerAccount.owner_key).in_(keys)
            )
        )
    ).all()
    balances = {keys[owner_key]: balance for owner_key, balance in rows}
    return MemberWallet(
        cash=balances.get(AccountKind.MEMBER_CASH, ZERO),
        bonus=balances.get(AccountKind.MEMBER_BONUS, ZERO),
        locked=balances.get(AccountKind.MEMBER_LOCKED, ZERO),
    )


async def member_vendor_wallets(
    session: AsyncSession, *, merchant_id: int, member_id: int, currency: str
) -> dict[str, Decimal]:
    """The member's vendor wallets that exist, by vendor code (sub-key)."""
    rows = (
        await session.exec(
            select(col(LedgerAccount.sub_key), col(LedgerAccount.balance)).where(
                LedgerAccount.merchant_id == merchant_id,
                LedgerAccount.member_id == member_id,
                LedgerAccount.kind == AccountKind.MEMBER_VENDOR.value,
                LedgerAccount.currency == currency,
            )
        )
    ).all()
    return {sub_key: balance for sub_key, balance in rows if sub_key is not None}


async def member_movements(
    session: AsyncSession,
    *,
    member_id: int,
    kinds: Collection[TransactionKind | str] | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    page: int = 1,
    page_size: int = 20,
) -> MovementPage:
    """The member's movements, newest first: every transaction touching one of their accounts.

    `since` is inclusive, `until` exclusive. Both sides of a transfer see it.
    """
    if page < 1 or not 1 <= page_size <= MAX_PAGE_SIZE:
        raise AppError("ledger-invalid-page", 422)
    try:
        kind_values = [TransactionKind(kind).value for kind in kinds] if kinds else None
    except ValueError:
        raise AppError("ledger-unknown-kind", 422) from None

    member_accounts = select(LedgerAccount.id).where(LedgerAccount.member_id == member_id)
    touched = select(LedgerEntry.transaction_id).where(
        col(LedgerEntry.account_id).in_(member_accounts)
    )
    if since is not None:
        touched = touched.where(LedgerEntry.created_at >= since)
    if until is not None:
        touched = touched.where(LedgerEntry.created_at < until)
    filters = [col(LedgerTransaction.id).in_(touched)]
    if kind_values is not None:
        filters.append(col(LedgerTransaction.kind).in_(kind_values))

    total = (
        await session.exec(select(func.count()).select_from(LedgerTransaction).where(*filters))
    ).one()
    transactions = (
        await session.exec(
            select(LedgerTransaction)
            .where(*filters)
            .order_by(col(LedgerTransaction.created_at).desc(), col(LedgerTransaction.id).desc())
            .offset((page - 1) * page_size)
            .limit(page_size)
        )
    ).all()
    changes: dict[int, list[MovementChange]] = {tx.id: [] for tx in transactions if tx.id}
    rows = (
        await session.exec(
            select(LedgerEntry, LedgerAccount.kind, LedgerAccount.currency, LedgerAccount.sub_key)
            .join(LedgerAccount, col(LedgerAccount.id) == LedgerEntry.account_id)
            .where(
                col(LedgerEntry.transaction_id).in_(list(changes)),
                LedgerAccount.member_id == member_id,
            )
            .order_by(col(LedgerEntry.id))
        )
    ).all()
    for entry, account_kind, currency, sub_key in rows:
        changes[entry.transaction_id].append(
            MovementChange(
                account_id=entry.account_id,
                account_kind=AccountKind(account_kind),
                currency=currency,
                amount=entry.amount,
                balance_after=entry.balance_after,
                sub_key=sub_key,
            )
        )
    items = tuple(
        Movement(
            transaction_id=tx.id,
            kind=TransactionKind(tx.kind),
            reference=tx.reference,
            created_at=tx.created_at,
            reverses_transaction_id=tx.reverses_transaction_id,
            changes=tuple(changes[tx.id]),
            details=dict(tx.details or {}),
        )
        for tx in transactions
        if tx.id is not None
    )
    return MovementPage(items=items, total=total, page=page, page_size=page_size)
