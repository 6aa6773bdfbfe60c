"""The ledger's accounts: the account factory (`account`) and the look-ups that open many at
once (`member_accounts`, `clearing_shards`, `cash_and_clearing`)."""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal
from functools import cache
from typing import Any, NamedTuple, TypeVar
from typing import cast as cast_type

from sqlalchemy import ColumnElement, String, bindparam, cast
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import among, among_texts, dialect_insert, text_list
from app.core.errors import AppError
from app.services.ledger.basics import (
    ACCOUNTS,
    CURRENCY_PATTERN,
    MEMBER_ACCOUNTS_CHUNK,
    MERCHANT_ACCOUNT_SHARDS,
    SHARD_PREFIX,
    SUB_KEY_PATTERN,
    shard_sub_key,
)
from models.ledger import (
    MEMBER_ACCOUNT_KINDS,
    SUB_KEYED_KINDS,
    AccountKind,
    LedgerAccount,
    account_owner_key,
    owner_key_expression,
)
from models.member import Member


async def clearing_shards(
    session: AsyncSession, *, merchant_id: int, currency: str, member_ids: Collection[int]
) -> dict[int, int]:
    """The shard of the merchant's vendor clearing account each member's movements use, by
    member: one query for the shards that exist (made where missing)."""
    shard_of = {m: m % MERCHANT_ACCOUNT_SHARDS for m in member_ids}
    keys = {
        shard: account_owner_key(
            merchant_id, None, AccountKind.VENDOR_CLEARING, currency, shard_sub_key(shard)
        )
        for shard in set(shard_of.values())
    }
    connection = await session.connection()
    dialect = connection.dialect.name
    found = {
        row.owner_key: row.id
        for row in await connection.execute(
            _by_owner_key(dialect), {"keys": text_list(keys.values(), dialect)}
        )
    }
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


# Built once: every game bet reads these two rows, and building the aliases and their columns
# on each call showed in a bet's CPU profile.
_CASH, _CLEARING = ACCOUNTS.alias("cash"), ACCOUNTS.alias("clearing")
_CASH_AND_CLEARING = (
    core_select(_CASH.c.id, _CLEARING.c.id, _CASH.c.balance)
    .select_from(_CASH.join(_CLEARING, _CLEARING.c.owner_key == bindparam("clearing_key")))
    .where(_CASH.c.owner_key == bindparam("cash_key"))
)
_CASH_AND_CLEARING_LOCKED = _CASH_AND_CLEARING.with_for_update(of=_CASH)
QueryT = TypeVar("QueryT")  # a select: sqlmodel's and SQLAlchemy's are typed apart


def with_game_accounts(
    query: QueryT,
    *,
    merchant_id: ColumnElement[int] | Mapped[int],
    member_id: ColumnElement[int] | Mapped[int],
    currency: ColumnElement[str] | Mapped[str],
) -> QueryT:
    """`query` with `cash_and_clearing(lock_cash=True)` of the member its row names: joined
    by their keys, the cash row locked, their ids and the cash balance as its last three
    columns (a `GameAccounts`). A member missing either account gets no row; the caller then
    takes `cash_and_clearing`, which makes them."""
    # shard_sub_key in SQL
    shard = SHARD_PREFIX + cast(member_id % MERCHANT_ACCOUNT_SHARDS, String)
    cash_key = owner_key_expression(merchant_id, member_id, AccountKind.MEMBER_CASH, currency)
    clearing_key = owner_key_expression(
        merchant_id, None, AccountKind.VENDOR_CLEARING, currency, shard
    )
    joined: Any = query
    return cast_type(  # three columns more than the caller's type says: it reads them by place
        QueryT,
        joined.add_columns(_CASH.c.id, _CLEARING.c.id, _CASH.c.balance)
        .join(_CASH, _CASH.c.owner_key == cash_key)
        .join(_CLEARING, _CLEARING.c.owner_key == clearing_key)
        .with_for_update(of=_CASH),
    )


class GameAccounts(NamedTuple):
    """The two accounts of a game's bet and win legs, and the cash balance as read."""

    cash_id: int
    clearing_id: int
    cash_balance: Decimal


async def cash_and_clearing(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    currency: str,
    lock_cash: bool = False,
) -> GameAccounts:
    """The member's cash account and their shard of the merchant's vendor clearing account
    (a game's bet and win legs), in one query once both exist (made where missing). With
    `lock_cash`, the cash row is locked for the rest of the caller's transaction in that same
    query, so its balance is fresh (the clearing shard, shared by many members, is not: the
    post locks it last)."""
    clearing_key = account_owner_key(
        merchant_id,
        None,
        AccountKind.VENDOR_CLEARING,
        currency,
        shard_sub_key(member_id),
    )
    cash_key = account_owner_key(merchant_id, member_id, AccountKind.MEMBER_CASH, currency)
    connection = await session.connection()
    both = (
        await connection.execute(
            _CASH_AND_CLEARING_LOCKED if lock_cash else _CASH_AND_CLEARING,
            {"cash_key": cash_key, "clearing_key": clearing_key},
        )
    ).first()
    if both is not None:
        return GameAccounts(both[0], both[1], both[2])
    cash = await account(
        session,
        merchant_id=merchant_id,
        kind=AccountKind.MEMBER_CASH,
        currency=currency,
        member_id=member_id,
        lock=lock_cash,
    )
    clearing_id = (
        await account(
            session,
            merchant_id=merchant_id,
            kind=AccountKind.VENDOR_CLEARING,
            currency=currency,
            spread=member_id,
        )
    ).id
    assert cash.id is not None and clearing_id is not None
    return GameAccounts(cash.id, clearing_id, cash.balance)


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
        owner_keys = (account_owner_key(merchant_id, m, account_kind, currency) for m in chunk)
        keys = {"keys": text_list(owner_keys, dialect)}
        read = _by_owner_key(dialect)
        found.update({m: a for _, m, a in await connection.execute(read, keys) if m is not None})
        missing = [m for m in chunk if m not in found]
        if not missing:
            continue
        owners = set(
            (
                await session.exec(
                    select(Member.id).where(
                        among(col(Member.id), missing, dialect),
                        Member.merchant_id == merchant_id,
                    )
                )
            ).all()
        )
        if len(owners) != len(missing):
            raise AppError("ledger-invalid-owner", 422)
        await connection.execute(
            dialect_insert(connection, ACCOUNTS)
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
                        "created_at": clock.now(),
                    }
                    for member_id in missing
                ]
            )
            .on_conflict_do_nothing(index_elements=["owner_key"])
        )
        found.update({m: a for _, m, a in await connection.execute(read, keys) if m is not None})
    return found


@cache
def _by_owner_key(dialect: str) -> Any:
    """The owner key, member and id of the accounts of some owner keys (parameter `keys`),
    built once per dialect."""
    return core_select(ACCOUNTS.c.owner_key, ACCOUNTS.c.member_id, ACCOUNTS.c.id).where(
        among_texts(ACCOUNTS.c.owner_key, "keys", dialect)
    )


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
        sub_key = shard_sub_key(spread)
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
