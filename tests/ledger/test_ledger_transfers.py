"""`ledger.transfer`: money between named accounts, resolved for the transfer's member (the
prologue the call sites used to write by hand), with every rule of `move`."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from models import LedgerTransaction
from models.ledger import AccountKind, TransactionKind
from tests.ledger.test_ledger import (
    CURRENCY,
    balance,
    error_code,
    merchant_id,
    new_key,
    new_member,
    row_counts,
)

CASH = ledger.of_member(AccountKind.MEMBER_CASH)
EXPENSE = ledger.of_merchant(AccountKind.PROMOTION_EXPENSE)
HOUSE = ledger.of_merchant(AccountKind.HOUSE, sharded=False)


async def _transfer(
    session: AsyncSession,
    mid: int,
    member_id: int,
    source: ledger.AccountRef,
    target: ledger.AccountRef,
    amount: str,
    key: str,
) -> ledger.Transferred:
    return await ledger.transfer(
        session,
        merchant_id=mid,
        member_id=member_id,
        currency=CURRENCY,
        kind=TransactionKind.BONUS,
        idempotency_key=key,
        from_=source,
        to=target,
        amount=Decimal(amount),
        reference="REF-1",
        metadata={"why": "test"},
    )


async def _account_id(
    mid: int, kind: AccountKind, *, member_id: int | None = None, spread: int | None = None
) -> int:
    async with write_transaction() as session:
        found = await ledger.account(
            session,
            merchant_id=mid,
            kind=kind,
            currency=CURRENCY,
            member_id=member_id,
            spread=spread,
        )
    assert found.id is not None
    return found.id


async def test_a_transfer_resolves_the_named_accounts_and_moves_once() -> None:
    mid = await merchant_id()
    member_id = await new_member(mid)
    key = new_key()
    async with write_transaction() as session:
        moved = await _transfer(session, mid, member_id, EXPENSE, CASH, "12.50", key)
    shard = await _account_id(mid, AccountKind.PROMOTION_EXPENSE, spread=member_id)
    cash = await _account_id(mid, AccountKind.MEMBER_CASH, member_id=member_id)
    assert (moved.from_account_id, moved.to_account_id, moved.replay) == (shard, cash, False)
    assert moved.to_balance == Decimal("12.50") == await balance(cash)
    assert moved.from_balance == await balance(shard)
    async with session_scope() as session:
        stored = await session.get(LedgerTransaction, moved.transaction_id)
    assert stored is not None
    assert (stored.kind, stored.idempotency_key, stored.member_id, stored.reference) == (
        TransactionKind.BONUS,
        key,
        member_id,
        "REF-1",
    )
    assert stored.details == {"why": "test"}
    before = await row_counts()
    async with write_transaction() as session:
        again = await _transfer(session, mid, member_id, EXPENSE, CASH, "12.50", key)
    assert (again.transaction_id, again.replay, again.to_balance) == (
        moved.transaction_id,
        True,
        Decimal("12.50"),
    )
    assert await row_counts() == before


async def test_a_transfer_reaches_another_members_account_and_a_single_merchant_account() -> None:
    mid = await merchant_id()
    sender, receiver = await new_member(mid), await new_member(mid)
    async with write_transaction() as session:
        await _transfer(session, mid, sender, EXPENSE, CASH, "30.00", new_key())
        to_receiver = ledger.of_member(AccountKind.MEMBER_CASH, member_id=receiver)
        given = await _transfer(session, mid, sender, CASH, to_receiver, "10.00", new_key())
        to_house = await _transfer(session, mid, receiver, CASH, HOUSE, "4.00", new_key())
    receiver_cash = await _account_id(mid, AccountKind.MEMBER_CASH, member_id=receiver)
    house = await _account_id(mid, AccountKind.HOUSE)
    assert (given.from_balance, given.to_account_id) == (Decimal("20.00"), receiver_cash)
    assert (to_house.from_account_id, to_house.to_account_id) == (receiver_cash, house)
    assert await balance(receiver_cash) == Decimal("6.00")
    async with session_scope() as session:
        stored = await session.get(LedgerTransaction, given.transaction_id)
    assert stored is not None and stored.member_id == sender


@pytest.mark.parametrize(
    ("source", "target", "amount", "code"),
    [
        (CASH, HOUSE, "1.00", ("ledger-insufficient-funds", 409)),
        (ledger.of_member(AccountKind.HOUSE), CASH, "1.00", ("ledger-invalid-owner", 422)),
        (ledger.of_merchant(AccountKind.MEMBER_CASH), HOUSE, "1.00", ("ledger-invalid-owner", 422)),
        (HOUSE, CASH, "0", ("ledger-invalid-amount", 422)),
    ],
)
async def test_a_transfer_refuses_what_move_refuses_and_writes_nothing(
    source: ledger.AccountRef, target: ledger.AccountRef, amount: str, code: tuple[str, int]
) -> None:
    mid = await merchant_id()
    member_id = await new_member(mid)
    before = await row_counts()
    with pytest.raises(AppError) as raised:
        async with write_transaction() as session:
            await _transfer(session, mid, member_id, source, target, amount, new_key())
    assert error_code(raised) == code
    assert await row_counts() == before
