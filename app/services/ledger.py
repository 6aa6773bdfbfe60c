"""The double-entry ledger: every money movement of the platform is posted here.

Sign convention: a leg's amount is the change of its account's balance; positive means the
balance goes up, negative means it goes down. The legs of a transaction sum to exactly zero,
so money is only ever moved, never made. In `move`, the *debit* account is the one money
leaves (its balance goes down) and the *credit* account the one it arrives at, as in a
seamless-wallet "debit" (a bet) and "credit" (a win).

Writes happen inside the caller's write transaction (`app.core.db.write_transaction()`);
callers without one use `post_in_new_transaction`. Entries and transactions are append-only:
nothing here updates or deletes them, and balances are provable from the entries (`audit`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ARRAY,
    Integer,
    Row,
    String,
    Table,
    and_,
    any_,
    bindparam,
    case,
    func,
    insert,
    not_,
    or_,
    text,
    union_all,
    update,
)
from sqlalchemy import select as core_select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import aliased
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import metrics
from app.core.db import dialect_insert, get_engine, session_scope, write_transaction
from app.core.errors import AppError
from models.base import saved_id, utcnow
from models.games import GameRound, RoundStatus
from models.ledger import (
    MEMBER_ACCOUNT_KINDS,
    SUB_KEYED_KINDS,
    AccountKind,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    TransactionKind,
    account_owner_key,
)
from models.member import Member

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
# Well inside Numeric(20, 2), and small enough that SQLite's REAL storage keeps every cent.
MAX_LEG_AMOUNT = Decimal("1000000000000.00")
MAX_KEY_LENGTH = 128
MAX_REFERENCE_LENGTH = 128
MAX_PAGE_SIZE = 100
MERCHANT_ACCOUNT_SHARDS = 16
MEMBER_ACCOUNTS_CHUNK = 5000  # members per look-up and per insert of member_accounts
CURRENCY_PATTERN = re.compile(r"[A-Z]{3}")
SUB_KEY_PATTERN = re.compile(r"[A-Za-z0-9_]{1,32}")
# The member's own single accounts, as the wallet shows them (vendor wallets are listed apart).
WALLET_KINDS = (AccountKind.MEMBER_CASH, AccountKind.MEMBER_BONUS, AccountKind.MEMBER_LOCKED)

# Posting is the platform's hottest write: it speaks Core on the session's connection, which
# spares the ORM's per-statement bookkeeping (about a third of its CPU time per post).
_ACCOUNTS: Table = LedgerAccount.__table__  # type: ignore[attr-defined]
_TRANSACTIONS: Table = LedgerTransaction.__table__  # type: ignore[attr-defined]
_ENTRIES: Table = LedgerEntry.__table__  # type: ignore[attr-defined]
# What a post reads of its accounts, under their locks.
_POSTING_COLUMNS = (
    _ACCOUNTS.c.id,
    _ACCOUNTS.c.merchant_id,
    _ACCOUNTS.c.currency,
    _ACCOUNTS.c.balance,
    _ACCOUNTS.c.allow_negative,
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


@dataclass(frozen=True)
class MovementPage:
    items: tuple[Movement, ...]
    total: int
    page: int
    page_size: int


@dataclass(frozen=True)
class AuditDifference:
    """One broken rule: `check` is account-balance, transaction-sum, negative-balance or
    round-money (a game round whose totals or state disagree with its movements)."""

    check: str
    subject_id: int
    detail: str


@dataclass(frozen=True)
class AuditReport:
    accounts_checked: int
    transactions_checked: int
    differences: tuple[AuditDifference, ...]
    rounds_checked: int = 0

    @property
    def clean(self) -> bool:
        return not self.differences


@dataclass(frozen=True)
class _Request:
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


def _cents(amount: object) -> Decimal:
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


def _request(
    *,
    merchant_id: int,
    kind: TransactionKind | str,
    idempotency_key: str,
    legs: Sequence[Leg],
    reference: str,
    member_id: int | None,
    metadata: Mapping[str, Any] | None,
    reverses_transaction_id: int | None,
) -> _Request:
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
        (Leg(leg.account_id, _cents(leg.amount)) for leg in legs), key=lambda leg: leg.account_id
    )
    if len({leg.account_id for leg in normalised}) != len(normalised):
        raise AppError("ledger-duplicate-account", 422)
    if sum(leg.amount for leg in normalised) != 0:
        raise AppError("ledger-unbalanced", 422)
    return _Request(
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


async def _stored_answer(connection: AsyncConnection, request: _Request) -> Posted | None:
    """The first answer for this idempotency key, None if the key is new.

    The same key with a different request is refused rather than silently replayed.
    """
    stored = (
        await connection.execute(
            core_select(_TRANSACTIONS.c.id, _TRANSACTIONS.c.fingerprint).where(
                _TRANSACTIONS.c.idempotency_key == request.idempotency_key
            )
        )
    ).first()
    if stored is None:
        return None
    if stored.fingerprint != request.fingerprint:
        raise AppError("ledger-idempotency-conflict", 409)
    entries = await connection.execute(
        core_select(_ENTRIES.c.account_id, _ENTRIES.c.balance_after).where(
            _ENTRIES.c.transaction_id == stored.id
        )
    )
    return Posted(
        transaction_id=stored.id,
        replay=True,
        balances={entry.account_id: entry.balance_after for entry in entries},
    )


def _keep_loaded_accounts_in_step(session: AsyncSession, balances: Mapping[int, Decimal]) -> None:
    """Account objects the session already holds show the balances just written."""
    for account_id, balance in balances.items():
        loaded = session.identity_map.get(identity_key(LedgerAccount, account_id))
        if loaded is not None:
            set_committed_value(loaded, "balance", balance)


def _check_accounts(accounts: Sequence[Row[*tuple[Any, ...]]], request: _Request) -> None:
    """The legs' accounts (rows with merchant_id and currency) exist, belong to the merchant
    and share one currency."""
    if len(accounts) != len(request.legs) or any(
        account.merchant_id != request.merchant_id for account in accounts
    ):
        raise AppError("ledger-unknown-account", 404)
    if len({account.currency for account in accounts}) != 1:
        raise AppError("ledger-currency-mismatch", 422)


# PostgreSQL posts in one statement, so that the account rows stay locked only while the
# server runs it: the key is claimed (a twin request waits on the UNIQUE index, then claims
# nothing), the accounts are locked in id order, balances and entries written. An account
# that would go negative fails the table's CHECK constraint and the whole statement with
# it. Invalid legs (unknown account, other merchant, mixed currencies) claim nothing.
POST_IN_ONE_STATEMENT = text(
    """
WITH legs AS (
    SELECT * FROM unnest(CAST(:account_ids AS integer[]), CAST(:amounts AS numeric[]))
        AS leg (account_id, amount)
), valid AS (
    SELECT count(*) = :leg_count AND count(DISTINCT currency) = 1
        AND bool_and(merchant_id = :merchant_id) AS ok
    FROM ledger_account WHERE id = ANY(CAST(:account_ids AS integer[]))
), claimed AS (
    INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key,
        fingerprint, member_id, metadata, created_at)
    SELECT CAST(:merchant_id AS integer), CAST(:kind AS varchar), CAST(:reference AS varchar),
        CAST(:idempotency_key AS varchar), CAST(:fingerprint AS varchar),
        CAST(:member_id AS integer), CAST(:metadata AS json), CAST(:created_at AS timestamptz)
    FROM valid WHERE valid.ok
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
), locked AS (
    SELECT id FROM ledger_account
    WHERE id = ANY(CAST(:account_ids AS integer[])) AND EXISTS (SELECT FROM claimed)
    ORDER BY id FOR UPDATE
), moved AS (
    UPDATE ledger_account AS account SET balance = account.balance + leg.amount
    FROM legs AS leg JOIN locked ON locked.id = leg.account_id
    WHERE account.id = leg.account_id
    RETURNING account.id, account.balance, leg.amount
), entries AS (
    INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
    SELECT claimed.id, moved.id, moved.amount, moved.balance, CAST(:created_at AS timestamptz)
    FROM claimed, moved
)
SELECT claimed.id AS transaction_id, moved.id AS account_id, moved.balance
FROM claimed, moved
"""
)
_NOT_NEGATIVE_CONSTRAINT = "ck_ledger_account_not_negative"


async def _post_in_one_statement(connection: AsyncConnection, request: _Request) -> Posted:
    """PostgreSQL's post (see POST_IN_ONE_STATEMENT); the caller rolls back if this raises."""
    try:
        rows = (
            await connection.execute(
                POST_IN_ONE_STATEMENT,
                {
                    "account_ids": [leg.account_id for leg in request.legs],
                    "amounts": [leg.amount for leg in request.legs],
                    "leg_count": len(request.legs),
                    "merchant_id": request.merchant_id,
                    "kind": request.kind.value,
                    "reference": request.reference,
                    "idempotency_key": request.idempotency_key,
                    "fingerprint": request.fingerprint,
                    "member_id": request.member_id,
                    "metadata": json.dumps(request.details),
                    "created_at": utcnow(),
                },
            )
        ).all()
    except IntegrityError as exc:
        constraint = getattr(getattr(exc.orig, "diag", None), "constraint_name", None)
        if constraint == _NOT_NEGATIVE_CONSTRAINT:
            raise AppError("ledger-insufficient-funds", 409) from None
        raise
    if rows:
        return Posted(
            transaction_id=rows[0].transaction_id,
            replay=False,
            balances={row.account_id: row.balance for row in rows},
        )
    # Nothing claimed: the key was known, or the legs were invalid.
    answer = await _stored_answer(connection, request)
    if answer is not None:
        return answer
    # These columns never change once an account exists: no lock is needed to read them.
    accounts = (
        await connection.execute(
            core_select(_ACCOUNTS.c.merchant_id, _ACCOUNTS.c.currency).where(
                _ACCOUNTS.c.id.in_([leg.account_id for leg in request.legs])
            )
        )
    ).all()
    _check_accounts(accounts, request)
    raise AssertionError("a post that claimed nothing broke no rule")  # pragma: no cover


async def _post_step_by_step(connection: AsyncConnection, request: _Request) -> Posted:
    """SQLite's post (its write transaction holds the database lock throughout), and
    reversals on any engine; the caller rolls back (at least to a savepoint) if this raises."""
    answer = await _stored_answer(connection, request)
    if answer is not None:
        return answer

    if request.reverses_transaction_id is not None:
        # Locking the reversed transaction makes two reversals of it queue up here.
        original = (
            await connection.execute(
                core_select(_TRANSACTIONS.c.merchant_id)
                .where(_TRANSACTIONS.c.id == request.reverses_transaction_id)
                .with_for_update()
            )
        ).first()
        if original is None or original.merchant_id != request.merchant_id:
            raise AppError("ledger-unknown-transaction", 404)
        reversal = (
            await connection.execute(
                core_select(_TRANSACTIONS.c.id).where(
                    _TRANSACTIONS.c.reverses_transaction_id == request.reverses_transaction_id
                )
            )
        ).first()
        if reversal is not None:
            # It may be our own twin (same key) that got the lock first: then its answer is ours.
            answer = await _stored_answer(connection, request)
            if answer is None:
                raise AppError("ledger-already-reversed", 409)
            return answer

    # Claim the key before taking the account locks: a twin request (same key) now waits on
    # the UNIQUE index and fails once we commit, and the locks are held for less time.
    now = utcnow()
    transaction_id = (
        await connection.execute(
            insert(_TRANSACTIONS)
            .values(
                merchant_id=request.merchant_id,
                kind=request.kind.value,
                reference=request.reference,
                idempotency_key=request.idempotency_key,
                fingerprint=request.fingerprint,
                member_id=request.member_id,
                reverses_transaction_id=request.reverses_transaction_id,
                metadata=request.details,
                created_at=now,
            )
            .returning(_TRANSACTIONS.c.id)
        )
    ).scalar_one()

    accounts = (
        await connection.execute(
            core_select(*_POSTING_COLUMNS)
            .where(_ACCOUNTS.c.id.in_([leg.account_id for leg in request.legs]))
            .order_by(_ACCOUNTS.c.id)  # the legs' order: a stable lock order
            .with_for_update()
        )
    ).all()
    _check_accounts(accounts, request)
    new_balances = {
        account.id: account.balance + leg.amount
        for account, leg in zip(accounts, request.legs, strict=True)
    }
    if any(not account.allow_negative and new_balances[account.id] < 0 for account in accounts):
        raise AppError("ledger-insufficient-funds", 409)

    await connection.execute(
        insert(_ENTRIES),
        [
            {
                "transaction_id": transaction_id,
                "account_id": leg.account_id,
                "amount": leg.amount,
                "balance_after": new_balances[leg.account_id],
                "created_at": now,
            }
            for leg in request.legs
        ],
    )
    await connection.execute(
        update(_ACCOUNTS)
        .where(_ACCOUNTS.c.id == bindparam("account_id"))
        .values(balance=bindparam("new_balance")),
        [
            {"account_id": account_id, "new_balance": balance}
            for account_id, balance in new_balances.items()
        ],
    )
    return Posted(transaction_id=transaction_id, replay=False, balances=new_balances)


def _in_one_statement(dialect: Dialect, request: _Request) -> bool:
    """PostgreSQL posts in one statement, except reversals (see _post_step_by_step)."""
    return dialect.name == "postgresql" and request.reverses_transaction_id is None


async def _post(session: AsyncSession, request: _Request) -> Posted:
    """Write the transaction; the caller rolls back (at least to a savepoint) if this raises."""
    connection = await session.connection()
    if _in_one_statement(connection.dialect, request):
        posted = await _post_in_one_statement(connection, request)
    else:
        posted = await _post_step_by_step(connection, request)
    if not posted.replay:
        _keep_loaded_accounts_in_step(session, posted.balances)
        metrics.LEDGER_POSTS.labels(kind=request.kind.value).inc()
    return posted


async def post(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: TransactionKind | str,
    idempotency_key: str,
    legs: Sequence[Leg],
    reference: str = "",
    member_id: int | None = None,
    metadata: Mapping[str, Any] | None = None,
    reverses_transaction_id: int | None = None,
) -> Posted:
    """Post a balanced transaction inside the caller's write transaction.

    A known idempotency key returns the first answer (or a conflict if the request
    differs). The work runs in a savepoint: when a rule fails nothing is written and the
    caller's transaction stays usable.
    """
    request = _request(
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        legs=legs,
        reference=reference,
        member_id=member_id,
        metadata=metadata,
        reverses_transaction_id=reverses_transaction_id,
    )
    try:
        async with session.begin_nested():
            return await _post(session, request)
    except IntegrityError:
        # PostgreSQL reversal: a twin with our key committed first and the UNIQUE index
        # refused ours.
        answer = await _stored_answer(await session.connection(), request)
        if answer is None:
            raise
        return answer


async def post_in_new_transaction(
    *,
    merchant_id: int,
    kind: TransactionKind | str,
    idempotency_key: str,
    legs: Sequence[Leg],
    reference: str = "",
    member_id: int | None = None,
    metadata: Mapping[str, Any] | None = None,
    reverses_transaction_id: int | None = None,
) -> Posted:
    """Post in a write transaction of its own; the entry point for callers without one."""
    request = _request(
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        legs=legs,
        reference=reference,
        member_id=member_id,
        metadata=metadata,
        reverses_transaction_id=reverses_transaction_id,
    )
    engine = get_engine()
    if _in_one_statement(engine.dialect, request):
        # One statement is one transaction: no round trip to this process holds the locks.
        async with engine.connect() as connection:
            autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return await _post_in_one_statement(autocommit, request)
    try:
        async with write_transaction() as session:
            return await _post(session, request)
    except IntegrityError:
        # PostgreSQL reversal: a twin with our key committed between our look-up and our
        # claim, and the UNIQUE index refused ours. Ours is rolled back; answer with theirs.
        async with session_scope() as session:
            answer = await _stored_answer(await session.connection(), request)
        if answer is None:
            raise
        return answer


async def move(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: TransactionKind | str,
    idempotency_key: str,
    debit_account_id: int,
    credit_account_id: int,
    amount: Decimal,
    reference: str = "",
    member_id: int | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> Posted:
    """Move a positive `amount` from the debit account (goes down) to the credit account."""
    if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
        raise AppError("ledger-invalid-amount", 422)
    return await post(
        session,
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        legs=(Leg(debit_account_id, -amount), Leg(credit_account_id, amount)),
        reference=reference,
        member_id=member_id,
        metadata=metadata,
    )


async def reverse(
    session: AsyncSession, *, transaction_id: int, idempotency_key: str, reason: str
) -> Posted:
    """Post the mirror of a transaction (kind REVERSAL); a transaction is reversed once."""
    if not reason.strip():
        raise AppError("ledger-reason-required", 422)
    original = await session.get(LedgerTransaction, transaction_id)
    if original is None:
        raise AppError("ledger-unknown-transaction", 404)
    entries = (
        await session.exec(select(LedgerEntry).where(LedgerEntry.transaction_id == transaction_id))
    ).all()
    return await post(
        session,
        merchant_id=original.merchant_id,
        kind=TransactionKind.REVERSAL,
        idempotency_key=idempotency_key,
        legs=[Leg(entry.account_id, -entry.amount) for entry in entries],
        reference=original.reference,
        member_id=original.member_id,
        metadata={"reason": reason},
        reverses_transaction_id=transaction_id,
    )


def _among(column: Any, values: Sequence[Any], dialect: str) -> Any:
    """`column IN values`; on PostgreSQL `column = ANY(array)`, one parameter whatever the
    number of values (a long IN list is parsed anew for each length)."""
    if dialect == "postgresql":
        element_type = Integer() if values and isinstance(values[0], int) else String()
        return column == any_(bindparam(None, list(values), type_=ARRAY(element_type)))
    return column.in_(values)


@dataclass(frozen=True)
class Move:
    """One two-leg movement of a batch (`post_moves`): `amount` leaves the debit account
    and arrives at the credit account."""

    debit_account_id: int
    credit_account_id: int
    amount: Decimal
    idempotency_key: str
    member_id: int | None = None
    reference: str = ""
    metadata: Mapping[str, Any] | None = None


def _batch_request(merchant_id: int, kind: TransactionKind | str, move: Move) -> _Request:
    if not isinstance(move.amount, Decimal) or not move.amount.is_finite() or move.amount <= 0:
        raise AppError("ledger-invalid-amount", 422)
    return _request(
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=move.idempotency_key,
        legs=(Leg(move.debit_account_id, -move.amount), Leg(move.credit_account_id, move.amount)),
        reference=move.reference,
        member_id=move.member_id,
        metadata=move.metadata,
        reverses_transaction_id=None,
    )


async def post_moves(
    session: AsyncSession, *, merchant_id: int, kind: TransactionKind | str, moves: Sequence[Move]
) -> list[int]:
    """Post many movements of one merchant and kind inside the caller's write transaction,
    in a handful of statements whatever their number (a lottery issue's settlement batch);
    returns each movement's transaction id, in order.

    The same rules as `post`, movement by movement: each idempotency key is claimed once (a
    known key with the same movement answers its first transaction, with another movement
    it is a conflict), the legs' accounts exist, belong to the merchant and share a currency,
    and an account that may not go negative never does (ledger-insufficient-funds refuses
    the whole batch). Every check runs before anything is written. The accounts are locked
    in id order for the rest of the caller's transaction; the entries carry each account's
    running balance in the movements' order. The caller holds what makes the keys its own
    (a settlement's bet rows): a concurrent claim of the same key fails the transaction.
    """
    requests = [_batch_request(merchant_id, kind, move) for move in moves]
    if not requests:
        return []
    keys = [request.idempotency_key for request in requests]
    if len(set(keys)) != len(keys):
        raise AppError("ledger-idempotency-conflict", 409)
    connection = await session.connection()
    known: dict[str, tuple[int, str]] = {}
    for start in range(0, len(keys), 5000):
        rows = await connection.execute(
            core_select(
                _TRANSACTIONS.c.idempotency_key, _TRANSACTIONS.c.id, _TRANSACTIONS.c.fingerprint
            ).where(
                _among(
                    _TRANSACTIONS.c.idempotency_key,
                    keys[start : start + 5000],
                    connection.dialect.name,
                )
            )
        )
        known.update({row.idempotency_key: (row.id, row.fingerprint) for row in rows})
    for request in requests:
        stored = known.get(request.idempotency_key)
        if stored is not None and stored[1] != request.fingerprint:
            raise AppError("ledger-idempotency-conflict", 409)
    new = [request for request in requests if request.idempotency_key not in known]
    if new:
        posted = await _post_new_moves(session, connection, merchant_id, new)
        metrics.LEDGER_POSTS.labels(kind=new[0].kind.value).inc(len(posted))
        known.update({key: (transaction_id, "") for key, transaction_id in posted.items()})
    return [known[key][0] for key in keys]


async def _post_new_moves(
    session: AsyncSession, connection: AsyncConnection, merchant_id: int, requests: list[_Request]
) -> dict[str, int]:
    account_ids = sorted({leg.account_id for request in requests for leg in request.legs})
    accounts = {
        row.id: row
        for row in await connection.execute(
            core_select(*_POSTING_COLUMNS)
            .where(_among(_ACCOUNTS.c.id, account_ids, connection.dialect.name))
            .order_by(_ACCOUNTS.c.id)
            .with_for_update()
        )
    }
    balances: dict[int, Decimal] = {}
    entries: list[dict[str, Any]] = []
    for request in requests:
        found = [accounts.get(leg.account_id) for leg in request.legs]
        if any(row is None for row in found):
            raise AppError("ledger-unknown-account", 404)
        _check_accounts([row for row in found if row is not None], request)
        for leg in request.legs:
            row = accounts[leg.account_id]
            balance = (balances.get(leg.account_id, row.balance) + leg.amount).quantize(CENT)
            if balance < 0 and not row.allow_negative:
                raise AppError("ledger-insufficient-funds", 409)
            balances[leg.account_id] = balance
            entries.append({"account_id": leg.account_id, "amount": leg.amount, "balance": balance})
    now = utcnow()
    if connection.dialect.name == "postgresql":
        transaction_ids = await _write_moves_pg(connection, merchant_id, requests, entries, now)
        await connection.execute(
            UPDATE_BALANCES,
            {"account_ids": list(balances), "balances": list(balances.values())},
        )
    else:
        transaction_ids = await _write_moves(connection, merchant_id, requests, entries, now)
        await connection.execute(
            update(_ACCOUNTS)
            .where(_ACCOUNTS.c.id == bindparam("account_id"))
            .values(balance=bindparam("new_balance")),
            [{"account_id": k, "new_balance": v} for k, v in sorted(balances.items())],
        )
    _keep_loaded_accounts_in_step(session, balances)
    return {
        request.idempotency_key: transaction_id
        for request, transaction_id in zip(requests, transaction_ids, strict=True)
    }


def _owners(transaction_ids: list[int], requests: list[_Request]) -> list[int]:
    """Each entry's transaction id (entries are listed movement by movement, leg by leg)."""
    return [
        tid for tid, request in zip(transaction_ids, requests, strict=True) for _ in request.legs
    ]


async def _write_moves(
    connection: AsyncConnection,
    merchant_id: int,
    requests: list[_Request],
    entries: list[dict[str, Any]],
    now: datetime,
) -> list[int]:
    created = await connection.execute(
        insert(_TRANSACTIONS).returning(_TRANSACTIONS.c.id, sort_by_parameter_order=True),
        [
            {
                "merchant_id": merchant_id,
                "kind": request.kind.value,
                "reference": request.reference,
                "idempotency_key": request.idempotency_key,
                "fingerprint": request.fingerprint,
                "member_id": request.member_id,
                "metadata": request.details,
                "created_at": now,
            }
            for request in requests
        ],
    )
    transaction_ids = [row.id for row in created]
    await connection.execute(
        insert(_ENTRIES),
        [
            {
                "transaction_id": transaction_id,
                "account_id": entry["account_id"],
                "amount": entry["amount"],
                "balance_after": entry["balance"],
                "created_at": now,
            }
            for transaction_id, entry in zip(
                _owners(transaction_ids, requests), entries, strict=True
            )
        ],
    )
    return transaction_ids


# PostgreSQL writes a batch of movements in three statements of arrays, whose text is the
# same for every batch size (a multi-row VALUES list is parsed anew for each size).
INSERT_MOVES = text(
    """
INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key, fingerprint,
    member_id, metadata, created_at)
SELECT CAST(:merchant_id AS integer), CAST(:kind AS varchar), t.reference, t.idempotency_key,
    t.fingerprint, t.member_id, CAST(t.metadata AS json), CAST(:created_at AS timestamptz)
FROM unnest(CAST(:reference AS varchar[]), CAST(:idempotency_key AS varchar[]),
    CAST(:fingerprint AS varchar[]), CAST(:member_id AS integer[]), CAST(:metadata AS text[]))
    AS t (reference, idempotency_key, fingerprint, member_id, metadata)
RETURNING id, idempotency_key
"""
)
INSERT_ENTRIES = text(
    """
INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
SELECT e.transaction_id, e.account_id, e.amount, e.balance_after,
    CAST(:created_at AS timestamptz)
FROM unnest(CAST(:transaction_id AS integer[]), CAST(:account_id AS integer[]),
    CAST(:amount AS numeric[]), CAST(:balance_after AS numeric[]))
    AS e (transaction_id, account_id, amount, balance_after)
"""
)
UPDATE_BALANCES = text(
    """
UPDATE ledger_account AS account SET balance = b.balance
FROM unnest(CAST(:account_ids AS integer[]), CAST(:balances AS numeric[])) AS b (id, balance)
WHERE account.id = b.id
"""
)


async def _write_moves_pg(
    connection: AsyncConnection,
    merchant_id: int,
    requests: list[_Request],
    entries: list[dict[str, Any]],
    now: datetime,
) -> list[int]:
    kinds = {request.kind.value for request in requests}
    assert len(kinds) == 1
    created = await connection.execute(
        INSERT_MOVES,
        {
            "merchant_id": merchant_id,
            "kind": kinds.pop(),
            "created_at": now,
            "reference": [r.reference for r in requests],
            "idempotency_key": [r.idempotency_key for r in requests],
            "fingerprint": [r.fingerprint for r in requests],
            "member_id": [r.member_id for r in requests],
            "metadata": [json.dumps(r.details) for r in requests],
        },
    )
    by_key = {row.idempotency_key: row.id for row in created}
    transaction_ids = [by_key[request.idempotency_key] for request in requests]
    await connection.execute(
        INSERT_ENTRIES,
        {
            "created_at": now,
            "transaction_id": _owners(transaction_ids, requests),
            "account_id": [entry["account_id"] for entry in entries],
            "amount": [entry["amount"] for entry in entries],
            "balance_after": [entry["balance"] for entry in entries],
        },
    )
    return transaction_ids


async def clearing_shards(
    session: AsyncSession, *, merchant_id: int, currency: str, member_ids: Collection[int]
) -> dict[int, int]:
    """The shard of the merchant's vendor clearing account each member's movements use, by
    member: one query for the shards that exist (made where missing)."""
    shard_of = {m: m % MERCHANT_ACCOUNT_SHARDS for m in member_ids}
    keys = {
        shard: account_owner_key(
            merchant_id, None, AccountKind.VENDOR_CLEARING, currency, f"shard{shard}"
        )
        for shard in set(shard_of.values())
    }
    found = dict(
        (
            await session.exec(
                select(LedgerAccount.owner_key, LedgerAccount.id).where(
                    col(LedgerAccount.owner_key).in_(list(keys.values()))
                )
            )
        ).all()
    )
    ids: dict[int, int] = {}
    for shard, key in keys.items():
        account_id = found.get(key)
        if account_id is None:
            account_id = (
                await account(
                    session,
                    merchant_id=merchant_id,
                    kind=AccountKind.VENDOR_CLEARING,
                    currency=currency,
                    spread=shard,
                )
            ).id
        assert account_id is not None
        ids[shard] = account_id
    return {member: ids[shard] for member, shard in shard_of.items()}


async def cash_and_clearing(
    session: AsyncSession, *, merchant_id: int, member_id: int, currency: str
) -> tuple[int, int]:
    """The member's cash account and their shard of the merchant's vendor clearing account
    (a game's bet and win legs), in one query once both exist (made where missing)."""
    clearing_key = account_owner_key(
        merchant_id,
        None,
        AccountKind.VENDOR_CLEARING,
        currency,
        f"shard{member_id % MERCHANT_ACCOUNT_SHARDS}",
    )
    cash_key = account_owner_key(merchant_id, member_id, AccountKind.MEMBER_CASH, currency)
    found = dict(
        (
            await session.exec(
                select(LedgerAccount.owner_key, LedgerAccount.id).where(
                    col(LedgerAccount.owner_key).in_([cash_key, clearing_key])
                )
            )
        ).all()
    )
    cash_id, clearing_id = found.get(cash_key), found.get(clearing_key)
    if cash_id is None:
        cash_id = (
            await account(
                session,
                merchant_id=merchant_id,
                kind=AccountKind.MEMBER_CASH,
                currency=currency,
                member_id=member_id,
            )
        ).id
    if clearing_id is None:
        clearing_id = (
            await account(
                session,
                merchant_id=merchant_id,
                kind=AccountKind.VENDOR_CLEARING,
                currency=currency,
                spread=member_id,
            )
        ).id
    assert cash_id is not None and clearing_id is not None
    return cash_id, clearing_id


async def member_accounts(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: AccountKind | str,
    currency: str,
    member_ids: Collection[int],
) -> dict[int, int]:
    """Account ids of many members' accounts of one kind, by member: one query per chunk for
    those that exist, one insert per chunk for those missing (a first payout to thousands of
    members would otherwise open them one round trip each). A member of another merchant
    is refused as `account` refuses it."""
    account_kind = _account_kind(kind)
    if account_kind not in MEMBER_ACCOUNT_KINDS or account_kind in SUB_KEYED_KINDS:
        raise AppError("ledger-invalid-owner", 422)
    if not CURRENCY_PATTERN.fullmatch(currency):
        raise AppError("ledger-invalid-currency", 422)
    wanted = sorted(set(member_ids))
    found: dict[int, int] = {}
    connection = await session.connection()
    dialect = connection.dialect.name
    for start in range(0, len(wanted), MEMBER_ACCOUNTS_CHUNK):
        chunk = wanted[start : start + MEMBER_ACCOUNTS_CHUNK]
        keys = [account_owner_key(merchant_id, m, account_kind, currency) for m in chunk]
        read = select(LedgerAccount.member_id, LedgerAccount.id).where(
            _among(col(LedgerAccount.owner_key), keys, dialect)
        )
        found.update({m: a for m, a in await session.exec(read) if m is not None and a})
        missing = [m for m in chunk if m not in found]
        if not missing:
            continue
        owners = set(
            (
                await session.exec(
                    select(Member.id).where(
                        _among(col(Member.id), missing, dialect),
                        Member.merchant_id == merchant_id,
                    )
                )
            ).all()
        )
        if len(owners) != len(missing):
            raise AppError("ledger-invalid-owner", 422)
        await connection.execute(
            dialect_insert(connection, _ACCOUNTS)
            .values(
                [
                    {
                        "merchant_id": merchant_id,
                        "member_id": member_id,
                        "kind": account_kind.value,
                        "currency": currency,
                        "balance": Decimal("0.00"),
                        "allow_negative": False,
                        "owner_key": account_owner_key(
                            merchant_id, member_id, account_kind, currency
                        ),
                        "created_at": utcnow(),
                    }
                    for member_id in missing
                ]
            )
            .on_conflict_do_nothing(index_elements=["owner_key"])
        )
        found.update({m: a for m, a in await session.exec(read) if m is not None and a})
    return found


def _account_kind(kind: AccountKind | str) -> AccountKind:
    try:
        return AccountKind(kind)
    except ValueError:
        raise AppError("ledger-unknown-account-kind", 422) from None


async def _account_by_owner_key(
    session: AsyncSession, owner_key: str, *, lock: bool = False
) -> LedgerAccount | None:
    query = select(LedgerAccount).where(LedgerAccount.owner_key == owner_key)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return (await session.exec(query)).first()


async def account(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: AccountKind | str,
    currency: str,
    member_id: int | None = None,
    sub_key: str | None = None,
    spread: int | None = None,
    lock: bool = False,
) -> LedgerAccount:
    """The account of (merchant, member or the merchant itself, kind, currency), made once;
    with `lock`, row-locked for the rest of the caller's transaction (its balance is fresh).

    Member accounts (cash, bonus, locked, vendor wallets) never go negative; the merchant's
    own accounts (house, clearing, expenses) may. A member's vendor wallets are told apart by
    `sub_key` (the vendor code). A merchant account asked for with `spread` (the member the
    movement is for) is one of MERCHANT_ACCOUNT_SHARDS shards of it: every deposit or bet
    locks the merchant's side too, and one row for all players would queue them all.
    """
    account_kind = _account_kind(kind)
    if (account_kind in MEMBER_ACCOUNT_KINDS) != (member_id is not None):
        raise AppError("ledger-invalid-owner", 422)
    if spread is not None:
        if member_id is not None or sub_key is not None:
            raise AppError("ledger-invalid-owner", 422)
        sub_key = f"shard{spread % MERCHANT_ACCOUNT_SHARDS}"
    elif (account_kind in SUB_KEYED_KINDS) != (sub_key is not None) or (
        sub_key is not None and not SUB_KEY_PATTERN.fullmatch(sub_key)
    ):
        raise AppError("ledger-invalid-sub-key", 422)
    if not CURRENCY_PATTERN.fullmatch(currency):
        raise AppError("ledger-invalid-currency", 422)
    owner_key = account_owner_key(merchant_id, member_id, account_kind, currency, sub_key)
    existing = await _account_by_owner_key(session, owner_key, lock=lock)
    if existing is not None:
        return existing
    if member_id is not None:
        member = await session.get(Member, member_id)
        if member is None or member.merchant_id != merchant_id:
            raise AppError("ledger-invalid-owner", 422)
    created = LedgerAccount(
        merchant_id=merchant_id,
        member_id=member_id,
        kind=account_kind.value,
        currency=currency,
        sub_key=sub_key,
        allow_negative=account_kind not in MEMBER_ACCOUNT_KINDS,
        owner_key=owner_key,
    )
    try:
        # A savepoint, so that losing the race leaves the caller's transaction usable.
        async with session.begin_nested():
            session.add(created)
    except IntegrityError:
        winner = await _account_by_owner_key(session, owner_key, lock=lock)
        if winner is None:
            raise
        return winner
    return created


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
        )
        for tx in transactions
        if tx.id is not None
    )
    return MovementPage(items=items, total=total, page=page, page_size=page_size)


async def audit(session: AsyncSession) -> AuditReport:
    """Prove the books: balances equal their entries, transactions sum to zero, and no
    account that may not go negative is negative. Each check is one statement, so it reads
    one consistent snapshot even while money keeps moving."""
    # round(…, 2): SQLite keeps Numeric as REAL, so its sums carry float noise below a cent.
    entries_sum = func.coalesce(func.sum(LedgerEntry.amount), 0)
    accounts = (
        await session.exec(
            select(
                col(LedgerAccount.id),
                col(LedgerAccount.balance),
                col(LedgerAccount.allow_negative),
                entries_sum,
            )
            .outerjoin(LedgerEntry, col(LedgerEntry.account_id) == LedgerAccount.id)
            .group_by(
                col(LedgerAccount.id), col(LedgerAccount.balance), col(LedgerAccount.allow_negative)
            )
            .having(
                or_(
                    func.round(entries_sum - LedgerAccount.balance, 2) != 0,
                    and_(not_(col(LedgerAccount.allow_negative)), col(LedgerAccount.balance) < 0),
                )
            )
            .order_by(col(LedgerAccount.id))
        )
    ).all()
    transactions = (
        await session.exec(
            select(LedgerTransaction.id, entries_sum, func.count(col(LedgerEntry.id)))
            .outerjoin(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
            .group_by(col(LedgerTransaction.id))
            .having(or_(func.round(entries_sum, 2) != 0, func.count(col(LedgerEntry.id)) < 2))
            .order_by(col(LedgerTransaction.id))
        )
    ).all()
    differences: list[AuditDifference] = []
    for account_id, balance, allow_negative, total in accounts:
        if total.quantize(CENT) != balance:
            differences.append(
                AuditDifference(
                    "account-balance",
                    saved_id(account_id),
                    f"stored {balance}, entries sum to {total}",
                )
            )
        if not allow_negative and balance < 0:
            differences.append(
                AuditDifference(
                    "negative-balance", saved_id(account_id), f"balance {balance} below zero"
                )
            )
    differences += [
        AuditDifference(
            "transaction-sum", saved_id(transaction_id), f"{count} entries summing to {total}"
        )
        for transaction_id, total, count in transactions
    ]
    rounds = await _round_differences(session)
    differences += rounds.differences
    accounts_checked = (await session.exec(select(func.count()).select_from(LedgerAccount))).one()
    transactions_checked = (
        await session.exec(select(func.count()).select_from(LedgerTransaction))
    ).one()
    return AuditReport(
        accounts_checked=accounts_checked,
        transactions_checked=transactions_checked,
        differences=tuple(differences),
        rounds_checked=rounds.checked,
    )


@dataclass(frozen=True)
class _RoundAudit:
    checked: int
    differences: list[AuditDifference]


ROUND_KINDS = (TransactionKind.BET, TransactionKind.WIN, TransactionKind.ROLLBACK)


def round_problems(
    status: str, bet_total: Decimal, win_total: Decimal, moved: Mapping[str, Decimal]
) -> list[str]:
    """What is wrong with a game round, given the money its movements moved by kind: the bet
    total is the bets less the rollbacks, the win total the wins; an open or rolled-back round
    paid no win, and a settled round had no bet rolled back."""
    bets, wins, rollbacks = (moved.get(kind, ZERO) for kind in ROUND_KINDS)
    problems = []
    if bet_total != bets - rollbacks:
        problems.append(f"bet total {bet_total}, bets {bets} less rollbacks {rollbacks}")
    if win_total != wins:
        problems.append(f"win total {win_total}, wins paid {wins}")
    if bet_total < 0:
        problems.append(f"bet total {bet_total} below zero")
    if status in (RoundStatus.OPEN, RoundStatus.ROLLED_BACK) and (wins or win_total):
        problems.append(f"{status} round paid wins of {wins}")
    if status == RoundStatus.SETTLED and rollbacks:
        problems.append(f"settled round had bets of {rollbacks} rolled back")
    return problems


async def _round_differences(session: AsyncSession) -> _RoundAudit:
    """Every game round against its ledger movements (same vendor and round id). A REVERSAL
    of a round's movement (a vendor voiding a settled round) counts against the movement's
    kind: the reversed bet and win are no longer moved."""
    original = aliased(LedgerTransaction)
    moved = func.sum(case((col(LedgerEntry.amount) > 0, col(LedgerEntry.amount)), else_=0))
    round_kinds = [str(k) for k in ROUND_KINDS]
    direct = (
        core_select(
            col(LedgerTransaction.kind).label("kind"),
            col(LedgerTransaction.reference).label("round_id"),
            col(LedgerTransaction.details)["vendor"].as_string().label("vendor"),
            moved.label("amount"),
        )
        .join(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
        .where(col(LedgerTransaction.kind).in_(round_kinds))
        .group_by(
            col(LedgerTransaction.id), col(LedgerTransaction.kind), col(LedgerTransaction.reference)
        )
    )
    reversed_ = (
        core_select(
            col(original.kind).label("kind"),
            col(original.reference).label("round_id"),
            col(original.details)["vendor"].as_string().label("vendor"),
            (-moved).label("amount"),
        )
        .select_from(LedgerTransaction)
        .join(original, col(original.id) == LedgerTransaction.reverses_transaction_id)
        .join(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
        .where(
            col(LedgerTransaction.kind) == TransactionKind.REVERSAL,
            col(original.kind).in_(round_kinds),
        )
        .group_by(col(LedgerTransaction.id), col(original.id))
    )
    movement = union_all(direct, reversed_).subquery()
    connection = await session.connection()
    rows = (
        await connection.execute(
            core_select(
                col(GameRound.id),
                col(GameRound.status),
                col(GameRound.bet_total),
                col(GameRound.win_total),
                movement.c.kind,
                func.coalesce(func.sum(movement.c.amount), 0),
            )
            .outerjoin(
                movement,
                and_(
                    movement.c.round_id == GameRound.round_id,
                    movement.c.vendor == GameRound.vendor,
                ),
            )
            .group_by(
                col(GameRound.id),
                col(GameRound.status),
                col(GameRound.bet_total),
                col(GameRound.win_total),
                movement.c.kind,
            )
            .order_by(col(GameRound.id))
        )
    ).all()
    rounds: dict[int, tuple[str, Decimal, Decimal, dict[str, Decimal]]] = {}
    for round_id, status, bet_total, win_total, kind, total in rows:
        entry = rounds.setdefault(round_id, (status, bet_total, win_total, {}))
        if kind is not None:
            entry[3][kind] = Decimal(str(total)).quantize(CENT)
    differences = [
        AuditDifference("round-money", round_id, "; ".join(problems))
        for round_id, (status, bet_total, win_total, moved) in rounds.items()
        if (problems := round_problems(status, bet_total, win_total, moved))
    ]
    return _RoundAudit(len(rounds), differences)
