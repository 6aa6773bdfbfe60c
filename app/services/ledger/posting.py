"""Posting: one balanced transaction (`post`, `move`, `reverse`), in the caller's write
transaction or in one of its own (`post_in_new_transaction`).

Sign convention: a leg's amount is the change of its account's balance; positive means the
balance goes up, negative means it goes down. The legs of a transaction sum to exactly zero,
so money is only ever moved, never made. In `move`, the *debit* account is the one money
leaves (its balance goes down) and the *credit* account the one it arrives at, as in a
seamless-wallet "debit" (a bet) and "credit" (a win).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import psycopg
from sqlalchemy import bindparam, case, func, insert, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.dml import Update
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import (
    autocommit_connection,
    autocommit_driver,
    driver_of,
    get_engine,
    send_as_is,
    session_scope,
    write_transaction,
)
from app.core.errors import AppError
from app.core.metrics import LEDGER_POSTS
from app.services.ledger.basics import (
    ACCOUNTS,
    ENTRIES,
    POSTING_COLUMNS,
    TRANSACTIONS,
    Leg,
    Posted,
    PostRequest,
    check_accounts,
    keep_loaded_accounts_in_step,
    post_request,
    stored_answer,
    transaction_row,
)
from app.services.ledger.batching import post_gathered
from models.ledger import LedgerEntry, LedgerTransaction, TransactionKind

# PostgreSQL posts in one statement, a call of the database's function `ledger_post`
# (migration 0015p), so that the account rows stay locked only while the server runs it: the
# key is claimed (a twin request waits on the UNIQUE index, then claims nothing), the accounts
# updated in id order, which locks them, and the entries written. An account that would go
# negative fails the table's CHECK constraint and the whole call with it. Invalid legs (unknown
# account, other merchant, mixed currencies) claim nothing.
POST_IN_ONE_STATEMENT = """
SELECT transaction_id, account_id, balance FROM ledger_post(
    %(account_ids)s::integer[], %(amounts)s::numeric[], %(merchant_id)s::integer,
    %(kind)s::varchar, %(reference)s::varchar, %(idempotency_key)s::varchar,
    %(fingerprint)s::varchar, %(member_id)s::integer, %(metadata)s::json,
    %(created_at)s::timestamptz
)
"""  # sent by the driver as it is (app.core.db.send_as_is)
_NOT_NEGATIVE_CONSTRAINT = "ck_ledger_account_not_negative"


def _array_literal(values: Iterable[int | Decimal]) -> str:
    """Whole numbers or decimals as PostgreSQL's array literal, e.g. {12,-1.50}."""
    return "{" + ",".join(str(value) for value in values) + "}"


def _post_parameters(request: PostRequest) -> dict[str, Any]:
    return transaction_row(request, clock.now()) | {
        # Array literals, cast by the statement: psycopg dumps a list element by element in
        # Python, which cost more than the rest of the parameters.
        "account_ids": _array_literal(leg.account_id for leg in request.legs),
        "amounts": _array_literal(leg.amount for leg in request.legs),
        "metadata": json.dumps(request.details),
    }


def _posted(rows: Sequence[Any]) -> Posted:
    """The answer of POST_IN_ONE_STATEMENT's rows (transaction id, account id, balance)."""
    return Posted(
        transaction_id=rows[0][0], replay=False, balances={row[1]: row[2] for row in rows}
    )


async def _post_in_one_statement(connection: AsyncConnection, request: PostRequest) -> Posted:
    """PostgreSQL's post (see POST_IN_ONE_STATEMENT) on the caller's connection, in its
    transaction or in autocommit; the caller rolls back if this raises."""
    rows = await _send_post(await driver_of(connection), request)
    if rows:
        return _posted(rows)
    return await _unclaimed(connection, request)


# What `ledger_post` raises for a leg whose account is not the merchant's or breaks the
# transaction's currency (SQLSTATE P0001, its message the error's code).
_RAISED_BY_LEDGER_POST = {"ledger-unknown-account": 404, "ledger-currency-mismatch": 422}


async def _send_post(
    driver: psycopg.AsyncConnection[Any], request: PostRequest
) -> list[tuple[Any, ...]]:
    try:
        return await send_as_is(driver, POST_IN_ONE_STATEMENT, _post_parameters(request))
    except DBAPIError as exc:
        diagnosis = getattr(exc.orig, "diag", None)
        if getattr(diagnosis, "constraint_name", None) == _NOT_NEGATIVE_CONSTRAINT:
            raise AppError("ledger-insufficient-funds", 409) from None
        code = getattr(diagnosis, "message_primary", None) or ""
        if code in _RAISED_BY_LEDGER_POST:
            raise AppError(code, _RAISED_BY_LEDGER_POST[code]) from None
        raise


async def _unclaimed(connection: AsyncConnection, request: PostRequest) -> Posted:
    """A post that claimed nothing: its key was known; the first answer."""
    answer = await stored_answer(connection, request)
    assert answer is not None, "a key that conflicts is stored"
    return answer


async def _post_step_by_step(connection: AsyncConnection, request: PostRequest) -> Posted:
    """A reversal's post, on either engine; the caller rolls back (at least to a savepoint)
    if this raises."""
    answer = await stored_answer(connection, request)
    if answer is not None:
        return answer

    if request.reverses_transaction_id is not None:
        # Locking the reversed transaction makes two reversals of it queue up here.
        original = (
            await connection.execute(
                core_select(TRANSACTIONS.c.merchant_id)
                .where(TRANSACTIONS.c.id == request.reverses_transaction_id)
                .with_for_update()
            )
        ).first()
        if original is None or original.merchant_id != request.merchant_id:
            raise AppError("ledger-unknown-transaction", 404)
        reversal = (
            await connection.execute(
                core_select(TRANSACTIONS.c.id).where(
                    TRANSACTIONS.c.reverses_transaction_id == request.reverses_transaction_id
                )
            )
        ).first()
        if reversal is not None:
            # It may be our own twin (same key) that got the lock first: then its answer is ours.
            answer = await stored_answer(connection, request)
            if answer is None:
                raise AppError("ledger-already-reversed", 409)
            return answer

    # Claim the key before taking the account locks: a twin request (same key) now waits on
    # the UNIQUE index and fails once we commit, and the locks are held for less time.
    now = clock.now()
    transaction_id = (
        await connection.execute(
            insert(TRANSACTIONS).values(transaction_row(request, now)).returning(TRANSACTIONS.c.id)
        )
    ).scalar_one()

    accounts = (
        await connection.execute(
            core_select(*POSTING_COLUMNS)
            .where(ACCOUNTS.c.id.in_([leg.account_id for leg in request.legs]))
            .order_by(ACCOUNTS.c.id)  # the legs' order: a stable lock order
            .with_for_update()
        )
    ).all()
    check_accounts(accounts, request)
    new_balances = {
        account.id: account.balance + leg.amount
        for account, leg in zip(accounts, request.legs, strict=True)
    }
    if any(not account.allow_negative and new_balances[account.id] < 0 for account in accounts):
        raise AppError("ledger-insufficient-funds", 409)

    await connection.execute(
        insert(ENTRIES),
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
        update(ACCOUNTS)
        .where(ACCOUNTS.c.id == bindparam("account_id"))
        .values(balance=bindparam("new_balance")),
        [
            {"account_id": account_id, "new_balance": balance}
            for account_id, balance in new_balances.items()
        ],
    )
    return Posted(transaction_id=transaction_id, replay=False, balances=new_balances)


# SQLite's post, built once: statements built per post cost more CPU than their run.
_CLAIM_ON_SQLITE = (
    sqlite.insert(TRANSACTIONS)
    .on_conflict_do_nothing(index_elements=[TRANSACTIONS.c.idempotency_key])
    .returning(TRANSACTIONS.c.id)
)
_INSERT_ENTRIES = insert(ENTRIES)


@functools.cache
def _move_on_sqlite(legs: int) -> Update:
    """Move the balances of `legs` accounts of a merchant (account_0, amount_0, ...)."""
    money = ACCOUNTS.c.balance.type
    moves = [
        (ACCOUNTS.c.id == bindparam(f"account_{n}"), bindparam(f"amount_{n}", type_=money))
        for n in range(legs)
    ]
    # The ids as bound values of their own, not an expanding list: SQLAlchemy rewrites a
    # statement's text for an expanding list at every run.
    return (
        update(ACCOUNTS)
        .where(ACCOUNTS.c.id.in_([bindparam(f"account_{n}") for n in range(legs)]))
        .where(ACCOUNTS.c.merchant_id == bindparam("of_merchant"))
        # Rounded to the cent as the column keeps it: SQLite stores money as a double.
        .values(balance=func.round(ACCOUNTS.c.balance + case(*moves), 2))
        .returning(*POSTING_COLUMNS)
    )


async def _post_on_sqlite(connection: AsyncConnection, request: PostRequest) -> Posted:
    """SQLite's post in three statements: claim the key (a known key claims nothing, and its
    first answer is returned), move the balances of the merchant's accounts, write the entries.
    The write transaction holds the database's one write lock throughout, so no row needs a
    lock of its own, and every statement saved is lock time saved for the writers queued
    behind it. The caller rolls back (at least to a savepoint) if this raises."""
    now = clock.now()
    transaction_id = (
        await connection.execute(_CLAIM_ON_SQLITE, transaction_row(request, now))
    ).scalar_one_or_none()
    if transaction_id is None:
        answer = await stored_answer(connection, request)
        assert answer is not None, "a key that conflicts is stored"
        return answer
    legs = {leg.account_id: leg.amount for leg in request.legs}
    moves: dict[str, Any] = {"of_merchant": request.merchant_id}
    for n, (account_id, amount) in enumerate(legs.items()):
        moves |= {f"account_{n}": account_id, f"amount_{n}": amount}
    try:
        accounts = (await connection.execute(_move_on_sqlite(len(legs)), moves)).all()
    except IntegrityError as exc:
        if _NOT_NEGATIVE_CONSTRAINT in str(exc.orig):
            raise AppError("ledger-insufficient-funds", 409) from None
        raise
    check_accounts(accounts, request)
    new_balances = {account.id: account.balance for account in accounts}
    await connection.execute(
        _INSERT_ENTRIES,
        [
            {
                "transaction_id": transaction_id,
                "account_id": account_id,
                "amount": amount,
                "balance_after": new_balances[account_id],
                "created_at": now,
            }
            for account_id, amount in legs.items()
        ],
    )
    return Posted(transaction_id=transaction_id, replay=False, balances=new_balances)


def _in_one_statement(dialect: Dialect, request: PostRequest) -> bool:
    """PostgreSQL posts in one statement, except reversals (see _post_step_by_step)."""
    return dialect.name == "postgresql" and request.reverses_transaction_id is None


async def _post(session: AsyncSession, request: PostRequest) -> Posted:
    """Write the transaction; the caller rolls back (at least to a savepoint) if this raises."""
    connection = await session.connection()
    if _in_one_statement(connection.dialect, request):
        posted = await _post_in_one_statement(connection, request)
    elif request.reverses_transaction_id is None:
        posted = await _post_on_sqlite(connection, request)
    else:
        posted = await _post_step_by_step(connection, request)
    if not posted.replay:
        keep_loaded_accounts_in_step(session, posted.balances)
        LEDGER_POSTS.labels(kind=request.kind.value).inc()
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
    savepoint: bool = True,
) -> Posted:
    """Post a balanced transaction inside the caller's write transaction.

    A known idempotency key returns the first answer (or a conflict if the request
    differs). The work runs in a savepoint: when a rule fails nothing is written and the
    caller's transaction stays usable. A caller whose transaction rolls back whole on any
    error (a lottery bet) passes `savepoint=False`: two statements fewer, and after a refusal
    its transaction is not to be used again.
    """
    request = post_request(
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        legs=legs,
        reference=reference,
        member_id=member_id,
        metadata=metadata,
        reverses_transaction_id=reverses_transaction_id,
    )
    if not savepoint:
        return await _post(session, request)
    try:
        async with session.begin_nested():
            return await _post(session, request)
    except IntegrityError:
        # PostgreSQL reversal: a twin with our key committed first and the UNIQUE index
        # refused ours.
        answer = await stored_answer(await session.connection(), request)
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
    """Post in a write transaction of its own; the entry point for callers without one. On
    PostgreSQL posts made at the same time are written together (`post_gathered`)."""
    request = post_request(
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        legs=legs,
        reference=reference,
        member_id=member_id,
        metadata=metadata,
        reverses_transaction_id=reverses_transaction_id,
    )
    if _in_one_statement(get_engine().dialect, request):
        return await post_gathered(request, _write_alone, _post_alone)
    try:
        async with write_transaction() as session:
            return await _post(session, request)
    except IntegrityError:
        # PostgreSQL reversal: a twin with our key committed between our look-up and our
        # claim, and the UNIQUE index refused ours. Ours is rolled back; answer with theirs.
        async with session_scope() as session:
            answer = await stored_answer(await session.connection(), request)
        if answer is None:
            raise
        return answer


async def _write_alone(driver: psycopg.AsyncConnection[Any], request: PostRequest) -> Posted | None:
    """PostgreSQL's post on an autocommit connection of `batching`'s writer: its answer, or
    None when it claimed nothing (its key was known)."""
    rows = await _send_post(driver, request)
    if not rows:
        return None
    LEDGER_POSTS.labels(kind=request.kind.value).inc()
    return _posted(rows)


async def _post_alone(request: PostRequest) -> Posted:
    """PostgreSQL's post in a transaction of its own: one statement in autocommit (no round
    trip to this process holds the locks)."""
    async with autocommit_driver() as driver:
        posted = await _write_alone(driver, request)
    if posted is not None:
        return posted
    async with autocommit_connection() as autocommit:
        return await _unclaimed(autocommit, request)


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
    savepoint: bool = True,
) -> Posted:
    """Move a positive `amount` from the debit account (goes down) to the credit account
    (`savepoint`: see `post`)."""
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
        savepoint=savepoint,
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
