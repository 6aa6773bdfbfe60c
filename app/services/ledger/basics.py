"""What every part of the ledger shares: limits, tables, the validated request of a post, the
answer stored for an idempotency key, and the checks of a post's accounts."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Row, Table
from sqlalchemy import select as core_select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from models.ledger import LedgerAccount, LedgerEntry, LedgerTransaction, TransactionKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
# Well inside Numeric(20, 2), and small enough that SQLite's REAL storage keeps every cent.
MAX_LEG_AMOUNT = Decimal("1000000000000.00")
MAX_KEY_LENGTH = 128
MAX_REFERENCE_LENGTH = 128
MAX_PAGE_SIZE = 100
MERCHANT_ACCOUNT_SHARDS = 16
SHARD_PREFIX = "shard"
MEMBER_ACCOUNTS_CHUNK = 5000  # members per look-up and per insert of member_accounts
CURRENCY_PATTERN = re.compile(r"[A-Z]{3}")
SUB_KEY_PATTERN = re.compile(r"[A-Za-z0-9_]{1,32}")


def shard_sub_key(spread: int) -> str:
    """The sub-key of the merchant account's shard that movements for `spread` (a member's
    id, or a shard's number) use."""
    return f"{SHARD_PREFIX}{spread % MERCHANT_ACCOUNT_SHARDS}"


# Posting is the platform's hottest write: it speaks Core on the session's connection, which
# spares the ORM's per-statement bookkeeping (about a third of its CPU time per post).
ACCOUNTS: Table = LedgerAccount.__table__  # type: ignore[attr-defined]
TRANSACTIONS: Table = LedgerTransaction.__table__  # type: ignore[attr-defined]
ENTRIES: Table = LedgerEntry.__table__  # type: ignore[attr-defined]
# What a post reads of its accounts, under their locks.
POSTING_COLUMNS = (
    ACCOUNTS.c.id,
    ACCOUNTS.c.merchant_id,
    ACCOUNTS.c.currency,
    ACCOUNTS.c.balance,
    ACCOUNTS.c.allow_negative,
)


@dataclass(frozen=True)
class Leg:
    """One side of a transaction: the signed change of one account's balance."""

    account_id: int
    amount: Decimal


@dataclass(frozen=True)
class Posted:
    """The answer to a post: the same on every replay of its idempotency key."""

    transaction_id: int
    replay: bool
    balances: Mapping[int, Decimal]  # account id → balance right after this transaction


@dataclass(frozen=True)
class PostRequest:
    """A validated post: legs normalised to cents and sorted by account id (the lock order)."""

    merchant_id: int
    kind: TransactionKind
    idempotency_key: str
    legs: tuple[Leg, ...]
    reference: str
    member_id: int | None
    details: dict[str, Any]
    reverses_transaction_id: int | None
    fingerprint: str


def cents(amount: object) -> Decimal:
    """The amount as a non-zero Decimal of whole cents, or ledger-invalid-amount."""
    if (
        not isinstance(amount, Decimal)
        or not amount.is_finite()
        or amount == 0
        or abs(amount) > MAX_LEG_AMOUNT
        or amount != amount.quantize(CENT)
    ):
        raise AppError("ledger-invalid-amount", 422)
    return amount.quantize(CENT)


def _fingerprint(
    kind: TransactionKind, legs: Sequence[Leg], reverses_transaction_id: int | None
) -> str:
    """What makes two requests "the same" for an idempotency key: kind, legs, reversed id."""
    canonical = json.dumps(
        {
            "kind": kind.value,
            "legs": [[leg.account_id, str(leg.amount)] for leg in legs],
            "reverses": reverses_transaction_id,
        },
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def post_request(
    *,
    merchant_id: int,
    kind: TransactionKind | str,
    idempotency_key: str,
    legs: Sequence[Leg],
    reference: str,
    member_id: int | None,
    metadata: Mapping[str, Any] | None,
    reverses_transaction_id: int | None,
) -> PostRequest:
    try:
        transaction_kind = TransactionKind(kind)
    except ValueError:
        raise AppError("ledger-unknown-kind", 422) from None
    if not idempotency_key or len(idempotency_key) > MAX_KEY_LENGTH:
        raise AppError("ledger-invalid-idempotency-key", 422)
    if len(reference) > MAX_REFERENCE_LENGTH:
        raise AppError("ledger-invalid-reference", 422)
    if len(legs) < 2:
        raise AppError("ledger-too-few-legs", 422)
    normalised = sorted(
        (Leg(leg.account_id, cents(leg.amount)) for leg in legs), key=lambda leg: leg.account_id
    )
    if len({leg.account_id for leg in normalised}) != len(normalised):
        raise AppError("ledger-duplicate-account", 422)
    if sum(leg.amount for leg in normalised) != 0:
        raise AppError("ledger-unbalanced", 422)
    return PostRequest(
        merchant_id=merchant_id,
        kind=transaction_kind,
        idempotency_key=idempotency_key,
        legs=tuple(normalised),
        reference=reference,
        member_id=member_id,
        details=dict(metadata or {}),
        reverses_transaction_id=reverses_transaction_id,
        fingerprint=_fingerprint(transaction_kind, normalised, reverses_transaction_id),
    )


def transaction_row(request: PostRequest, now: datetime) -> dict[str, Any]:
    """The ledger_transaction row of a post."""
    return {
        "merchant_id": request.merchant_id,
        "kind": request.kind.value,
        "reference": request.reference,
        "idempotency_key": request.idempotency_key,
        "fingerprint": request.fingerprint,
        "member_id": request.member_id,
        "reverses_transaction_id": request.reverses_transaction_id,
        "metadata": request.details,
        "created_at": now,
    }


async def stored_answer(connection: AsyncConnection, request: PostRequest) -> Posted | None:
    """The first answer for this idempotency key, None if the key is new.

    The same key with a different request is refused rather than silently replayed.
    """
    stored = (
        await connection.execute(
            core_select(TRANSACTIONS.c.id, TRANSACTIONS.c.fingerprint).where(
                TRANSACTIONS.c.idempotency_key == request.idempotency_key
            )
        )
    ).first()
    if stored is None:
        return None
    if stored.fingerprint != request.fingerprint:
        raise AppError("ledger-idempotency-conflict", 409)
    entries = await connection.execute(
        core_select(ENTRIES.c.account_id, ENTRIES.c.balance_after).where(
            ENTRIES.c.transaction_id == stored.id
        )
    )
    return Posted(
        transaction_id=stored.id,
        replay=True,
        balances={entry.account_id: entry.balance_after for entry in entries},
    )


def keep_loaded_accounts_in_step(session: AsyncSession, balances: Mapping[int, Decimal]) -> None:
    """Account objects the session already holds show the balances just written."""
    for account_id, balance in balances.items():
        loaded = session.identity_map.get(identity_key(LedgerAccount, account_id))
        if loaded is not None:
            set_committed_value(loaded, "balance", balance)


def check_accounts(accounts: Sequence[Row[*tuple[Any, ...]]], request: PostRequest) -> None:
    """The legs' accounts (rows with merchant_id and currency) exist, belong to the merchant
    and share one currency."""
    if len(accounts) != len(request.legs) or any(
        account.merchant_id != request.merchant_id for account in accounts
    ):
        raise AppError("ledger-unknown-account", 404)
    if len({account.currency for account in accounts}) != 1:
        raise AppError("ledger-currency-mismatch", 422)
