"""Batch posting: many two-leg movements of one merchant and kind in a handful of statements
(`post_moves`), with PostgreSQL's array writes."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any

from sqlalchemy import bindparam, insert, text, update
from sqlalchemy import select as core_select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import among, among_ids, id_list
from app.core.errors import AppError
from app.core.metrics import LEDGER_POSTS
from app.services.ledger.basics import (
    ACCOUNTS,
    CENT,
    ENTRIES,
    POSTING_COLUMNS,
    TRANSACTIONS,
    Leg,
    PostRequest,
    check_accounts,
    keep_loaded_accounts_in_step,
    post_request,
    transaction_row,
)
from models.ledger import TransactionKind


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


def _batch_request(merchant_id: int, kind: TransactionKind | str, move: Move) -> PostRequest:
    if not isinstance(move.amount, Decimal) or not move.amount.is_finite() or move.amount <= 0:
        raise AppError("ledger-invalid-amount", 422)
    return post_request(
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
                TRANSACTIONS.c.idempotency_key, TRANSACTIONS.c.id, TRANSACTIONS.c.fingerprint
            ).where(
                among(
                    TRANSACTIONS.c.idempotency_key,
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
        LEDGER_POSTS.labels(kind=new[0].kind.value).inc(len(posted))
        known.update({key: (transaction_id, "") for key, transaction_id in posted.items()})
    return [known[key][0] for key in keys]


@cache
def _locked_accounts(dialect: str) -> Any:
    """The batch's accounts (parameter `ids`), locked in id order: built once per dialect."""
    return (
        core_select(*POSTING_COLUMNS)
        .where(among_ids(ACCOUNTS.c.id, "ids", dialect))
        .order_by(ACCOUNTS.c.id)
        .with_for_update()
    )


async def _post_new_moves(
    session: AsyncSession,
    connection: AsyncConnection,
    merchant_id: int,
    requests: list[PostRequest],
) -> dict[str, int]:
    account_ids = sorted({leg.account_id for request in requests for leg in request.legs})
    dialect = connection.dialect.name
    accounts = {
        row.id: row
        for row in await connection.execute(
            _locked_accounts(dialect), {"ids": id_list(account_ids, dialect)}
        )
    }
    balances: dict[int, Decimal] = {}
    entries: list[dict[str, Any]] = []
    for request in requests:
        found = [accounts.get(leg.account_id) for leg in request.legs]
        if any(row is None for row in found):
            raise AppError("ledger-unknown-account", 404)
        check_accounts([row for row in found if row is not None], request)
        for leg in request.legs:
            row = accounts[leg.account_id]
            balance = (balances.get(leg.account_id, row.balance) + leg.amount).quantize(CENT)
            if balance < 0 and not row.allow_negative:
                raise AppError("ledger-insufficient-funds", 409)
            balances[leg.account_id] = balance
            entries.append({"account_id": leg.account_id, "amount": leg.amount, "balance": balance})
    now = clock.now()
    if connection.dialect.name == "postgresql":
        transaction_ids = await _write_moves_pg(connection, merchant_id, requests, entries, now)
        await connection.execute(
            UPDATE_BALANCES,
            {"account_ids": list(balances), "balances": list(balances.values())},
        )
    else:
        transaction_ids = await _write_moves(connection, requests, entries, now)
        await connection.execute(
            BALANCE_ROWS,
            [{"account_id": k, "new_balance": v} for k, v in sorted(balances.items())],
        )
    keep_loaded_accounts_in_step(session, balances)
    return {
        request.idempotency_key: transaction_id
        for request, transaction_id in zip(requests, transaction_ids, strict=True)
    }


def _owners(transaction_ids: list[int], requests: list[PostRequest]) -> list[int]:
    """Each entry's transaction id (entries are listed movement by movement, leg by leg)."""
    return [
        tid for tid, request in zip(transaction_ids, requests, strict=True) for _ in request.legs
    ]


TRANSACTIONS_RETURNING_KEYS = insert(TRANSACTIONS).returning(
    TRANSACTIONS.c.id, TRANSACTIONS.c.idempotency_key
)
ENTRY_ROWS = insert(ENTRIES)
BALANCE_ROWS = (
    update(ACCOUNTS)
    .where(ACCOUNTS.c.id == bindparam("account_id"))
    .values(balance=bindparam("new_balance"))
)


async def _write_moves(
    connection: AsyncConnection,
    requests: list[PostRequest],
    entries: list[dict[str, Any]],
    now: datetime,
) -> list[int]:
    # Matched by key, not by the rows' order: asking SQLAlchemy for their order makes it send
    # one INSERT per row on SQLite, which cost more than the rest of a settlement batch.
    created = await connection.execute(
        TRANSACTIONS_RETURNING_KEYS, [transaction_row(request, now) for request in requests]
    )
    by_key = {row.idempotency_key: row.id for row in created}
    transaction_ids = [by_key[request.idempotency_key] for request in requests]
    await connection.execute(
        ENTRY_ROWS,
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
# same for every batch size (a multi-row VALUES list is parsed anew for each size). The
# movements' details come as one JSON array, zipped with the other arrays: as a text[] each
# document's quotes were escaped one regular-expression match at a time (bench_points).
INSERT_MOVES = text(
    """
INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key, fingerprint,
    member_id, metadata, created_at)
SELECT CAST(:merchant_id AS integer), CAST(:kind AS varchar), t.reference, t.idempotency_key,
    t.fingerprint, t.member_id, t.metadata, CAST(:created_at AS timestamptz)
FROM ROWS FROM (unnest(CAST(:reference AS varchar[])), unnest(CAST(:idempotency_key AS varchar[])),
    unnest(CAST(:fingerprint AS varchar[])), unnest(CAST(:member_id AS integer[])),
    json_array_elements(CAST(:metadata AS json)))
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
    requests: list[PostRequest],
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
            "metadata": json.dumps([r.details for r in requests]),
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
