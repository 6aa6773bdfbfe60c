"""`ledger.post_moves`: many movements in a few statements, under the rules of one `post`
each (idempotency, accounts, no negative member balance), with running balances."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from models import LedgerAccount, LedgerEntry, LedgerTransaction
from models.ledger import AccountKind, TransactionKind
from tests.ledger.test_ledger import CURRENCY, merchant_id, new_key, new_member

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def accounts(count: int) -> tuple[int, int, list[int]]:
    """BR1, its clearing shard 0 and `count` new members' cash accounts."""
    mid = await merchant_id()
    members = [await new_member(mid) for _ in range(count)]
    async with write_transaction() as session:
        cash = await ledger.member_accounts(
            session, merchant_id=mid, kind=AccountKind.MEMBER_CASH, currency=CURRENCY,
            member_ids=members,
        )  # fmt: skip
        clearing = await ledger.account(
            session, merchant_id=mid, kind=AccountKind.VENDOR_CLEARING, currency=CURRENCY, spread=0
        )
    assert clearing.id is not None
    return mid, clearing.id, [cash[m] for m in members]


async def balance(account_id: int) -> Decimal:
    async with session_scope() as session:
        found = await session.get(LedgerAccount, account_id)
    assert found is not None
    return found.balance


async def test_a_batch_posts_each_movement_once_with_running_balances() -> None:
    mid, clearing, (first, second) = await accounts(2)
    keys = [new_key() for _ in range(3)]
    moves = [
        ledger.Move(clearing, first, Decimal("9.00"), keys[0], reference="r"),
        ledger.Move(clearing, second, Decimal("1.50"), keys[1]),
        ledger.Move(clearing, first, Decimal("0.50"), keys[2], metadata={"bet": "x"}),
    ]
    before = await balance(clearing)
    async with write_transaction() as session:
        ids = await ledger.post_moves(
            session, merchant_id=mid, kind=TransactionKind.WIN, moves=moves
        )
    assert len(set(ids)) == 3
    assert await balance(first) == Decimal("9.50") and await balance(second) == Decimal("1.50")
    assert await balance(clearing) == before - Decimal("11.00")
    async with session_scope() as session:
        entries = (
            await session.exec(
                select(LedgerEntry.transaction_id, LedgerEntry.amount, LedgerEntry.balance_after)
                .where(LedgerEntry.account_id == first)
                .order_by(col(LedgerEntry.id))
            )
        ).all()
        stored = await session.get(LedgerTransaction, ids[2])
    assert [(t, a, b) for t, a, b in entries] == [
        (ids[0], Decimal("9.00"), Decimal("9.00")),
        (ids[2], Decimal("0.50"), Decimal("9.50")),
    ]
    assert stored is not None and stored.details == {"bet": "x"}
    assert stored.kind == TransactionKind.WIN and stored.idempotency_key == keys[2]

    # The same batch again is a replay: the same ids, nothing moved.
    async with write_transaction() as session:
        again = await ledger.post_moves(
            session, merchant_id=mid, kind=TransactionKind.WIN, moves=moves
        )
    assert again == ids and await balance(first) == Decimal("9.50")
    async with session_scope() as session:
        assert (await ledger.audit(session)).differences == ()


async def test_a_bad_movement_refuses_the_whole_batch() -> None:
    mid, clearing, (member, other) = await accounts(2)
    async with write_transaction() as session:
        await ledger.post_moves(
            session,
            merchant_id=mid,
            kind=TransactionKind.WIN,
            moves=[ledger.Move(clearing, member, Decimal("5.00"), new_key())],
        )
    known = new_key()
    async with write_transaction() as session:
        await ledger.post_moves(
            session,
            merchant_id=mid,
            kind=TransactionKind.WIN,
            moves=[ledger.Move(clearing, other, Decimal("1.00"), known)],
        )
    refusals = {
        "ledger-insufficient-funds": [
            ledger.Move(clearing, other, Decimal("1.00"), new_key()),
            ledger.Move(member, clearing, Decimal("5.01"), new_key()),
        ],
        "ledger-idempotency-conflict": [ledger.Move(clearing, other, Decimal("2.00"), known)],
        "ledger-unknown-account": [
            ledger.Move(clearing, 2_000_000_000, Decimal("1.00"), new_key())
        ],
        "ledger-invalid-amount": [ledger.Move(clearing, other, Decimal("0"), new_key())],
    }
    for code, moves in refusals.items():
        before = (await balance(member), await balance(other), await balance(clearing))
        with pytest.raises(AppError) as caught:
            async with write_transaction() as session:
                await ledger.post_moves(
                    session, merchant_id=mid, kind=TransactionKind.WIN, moves=moves
                )
        assert caught.value.code == code
        assert (await balance(member), await balance(other), await balance(clearing)) == before
    async with session_scope() as session:
        assert (await ledger.audit(session)).differences == ()


async def test_member_accounts_opens_the_missing_ones_at_once_and_keeps_the_rest() -> None:
    mid = await merchant_id()
    members = [await new_member(mid) for _ in range(3)]
    async with write_transaction() as session:
        opened = await ledger.account(
            session, merchant_id=mid, kind=AccountKind.MEMBER_POINTS, currency="PTS",
            member_id=members[0],
        )  # fmt: skip
    async with write_transaction() as session:
        found = await ledger.member_accounts(
            session, merchant_id=mid, kind=AccountKind.MEMBER_POINTS, currency="PTS",
            member_ids=[*members, members[1]],
        )  # fmt: skip
    assert set(found) == set(members) and found[members[0]] == opened.id
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(LedgerAccount).where(col(LedgerAccount.member_id).in_(members))
            )
        ).all()
    assert sorted(row.id for row in rows) == sorted(found.values())
    assert {(r.kind, r.currency, r.balance, r.allow_negative) for r in rows} == {
        (AccountKind.MEMBER_POINTS.value, "PTS", Decimal("0.00"), False)
    }


async def test_member_accounts_refuses_another_brands_member_and_opens_nothing() -> None:
    mid = await merchant_id()
    ours = await new_member(mid)
    theirs = await new_member(await merchant_id("BR2"))
    with pytest.raises(AppError) as refused:
        async with write_transaction() as session:
            await ledger.member_accounts(
                session, merchant_id=mid, kind=AccountKind.MEMBER_CASH, currency=CURRENCY,
                member_ids=[ours, theirs],
            )  # fmt: skip
    assert refused.value.code == "ledger-invalid-owner"
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(LedgerAccount).where(col(LedgerAccount.member_id).in_([ours, theirs]))
            )
        ).all()
    assert rows == []
