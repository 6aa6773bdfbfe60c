"""The ledger's rules, on the test database: posting, idempotency, reversal, listing, audit."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlalchemy import func, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from app.core.config import PROJECT_ROOT
from app.core.db import get_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import catalog
from app.services import ledger
from app.services.ledger import Leg, Posted
from models import LedgerAccount, LedgerEntry, LedgerTransaction, Member, Merchant
from models.base import utcnow
from models.ledger import MEMBER_ACCOUNT_KINDS, SUB_KEYED_KINDS, AccountKind, TransactionKind

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

CURRENCY = "BRL"


@dataclass(frozen=True)
class Books:
    """A fresh member of BR1 with their accounts, next to the brand's own accounts."""

    merchant_id: int
    member_id: int
    cash: int
    bonus: int
    locked: int
    house: int
    clearing: int
    vendor: int  # the member's SABA transfer wallet


def new_key() -> str:
    return uuid4().hex


async def merchant_id(code: str = "BR1") -> int:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
    assert merchant.id is not None
    return merchant.id


async def new_member(mid: int) -> int:
    """A member of the merchant, inserted directly, with no accounts yet."""
    async with write_transaction() as session:
        member = Member(merchant_id=mid, username=f"ledger{uuid4().hex[:12]}", password_hash="x")
        session.add(member)
        await session.flush()
    assert member.id is not None
    return member.id


async def open_books(code: str = "BR1") -> Books:
    """A new member and every account the tests use (get-or-create)."""
    mid = await merchant_id(code)
    member_id = await new_member(mid)
    ids: dict[AccountKind, int] = {}
    async with write_transaction() as session:
        for kind in AccountKind:
            owner = member_id if kind in MEMBER_ACCOUNT_KINDS else None
            opened = await ledger.account(
                session,
                merchant_id=mid,
                kind=kind,
                currency=CURRENCY,
                member_id=owner,
                sub_key="SABA" if kind in SUB_KEYED_KINDS else None,
            )
            assert opened.id is not None
            ids[kind] = opened.id
    return Books(
        merchant_id=mid,
        member_id=member_id,
        cash=ids[AccountKind.MEMBER_CASH],
        bonus=ids[AccountKind.MEMBER_BONUS],
        locked=ids[AccountKind.MEMBER_LOCKED],
        house=ids[AccountKind.HOUSE],
        clearing=ids[AccountKind.PAYMENT_CLEARING],
        vendor=ids[AccountKind.MEMBER_VENDOR],
    )


async def deposit(books: Books, amount: str, key: str | None = None) -> Posted:
    return await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.DEPOSIT,
        idempotency_key=key or new_key(),
        legs=[Leg(books.clearing, -Decimal(amount)), Leg(books.cash, Decimal(amount))],
        member_id=books.member_id,
    )


async def bet(books: Books, amount: str, key: str | None = None) -> Posted:
    return await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.BET,
        idempotency_key=key or new_key(),
        legs=[Leg(books.cash, -Decimal(amount)), Leg(books.house, Decimal(amount))],
        member_id=books.member_id,
    )


async def balance(account_id: int) -> Decimal:
    async with session_scope() as session:
        found = await session.get(LedgerAccount, account_id)
    assert found is not None
    return found.balance


async def row_counts() -> tuple[int, int]:
    async with session_scope() as session:
        transactions = (
            await session.exec(select(func.count()).select_from(LedgerTransaction))
        ).one()
        entries = (await session.exec(select(func.count()).select_from(LedgerEntry))).one()
    return transactions, entries


async def wallet(books: Books) -> ledger.MemberWallet:
    async with session_scope() as session:
        return await ledger.member_wallet(
            session, merchant_id=books.merchant_id, member_id=books.member_id, currency=CURRENCY
        )


def error_code(raised: pytest.ExceptionInfo[AppError]) -> tuple[str, int]:
    return raised.value.code, raised.value.status


async def test_post_moves_money_and_answers_with_the_new_balances() -> None:
    books = await open_books()
    first = await deposit(books, "100.00")
    assert not first.replay
    assert first.balances[books.cash] == Decimal("100.00")
    played = await bet(books, "30.50")
    assert played.balances[books.cash] == Decimal("69.50")
    assert await balance(books.cash) == Decimal("69.50")
    assert await wallet(books) == ledger.MemberWallet(
        cash=Decimal("69.50"), bonus=Decimal("0.00"), locked=Decimal("0.00")
    )
    async with session_scope() as session:
        entries = (
            await session.exec(
                select(LedgerEntry).where(LedgerEntry.transaction_id == played.transaction_id)
            )
        ).all()
        stored = await session.get(LedgerTransaction, played.transaction_id)
    assert stored is not None and stored.kind == TransactionKind.BET
    assert stored.member_id == books.member_id
    assert sum(entry.amount for entry in entries) == 0
    assert {entry.account_id: entry.balance_after for entry in entries} == played.balances


async def test_move_takes_from_the_debit_account_and_gives_to_the_credit_account() -> None:
    books = await open_books()
    await deposit(books, "10.00")
    house_before = await balance(books.house)
    async with write_transaction() as session:
        cash = await session.get(LedgerAccount, books.cash)
        posted = await ledger.move(
            session,
            merchant_id=books.merchant_id,
            kind=TransactionKind.BET,
            idempotency_key=new_key(),
            debit_account_id=books.cash,
            credit_account_id=books.house,
            amount=Decimal("2.25"),
            reference="round-1",
            metadata={"game": "crash"},
        )
        assert cash is not None and cash.balance == Decimal("7.75")  # loaded object kept in step
    assert posted.balances == {
        books.cash: Decimal("7.75"),
        books.house: house_before + Decimal("2.25"),
    }
    async with session_scope() as session:
        stored = await session.get(LedgerTransaction, posted.transaction_id)
    assert stored is not None
    assert (stored.reference, stored.details) == ("round-1", {"game": "crash"})


@pytest.mark.parametrize(
    "amount", [Decimal("0"), Decimal("-1.00"), 1.5, Decimal("0.001"), Decimal("NaN")]
)
async def test_move_needs_a_positive_amount_in_cents(amount: Decimal) -> None:
    books = await open_books()
    async with write_transaction() as session:
        with pytest.raises(AppError) as raised:
            await ledger.move(
                session,
                merchant_id=books.merchant_id,
                kind=TransactionKind.BET,
                idempotency_key=new_key(),
                debit_account_id=books.cash,
                credit_account_id=books.house,
                amount=amount,
            )
    assert error_code(raised) == ("ledger-invalid-amount", 422)


@pytest.mark.parametrize(
    ("legs", "code"),
    [
        pytest.param(lambda b: [Leg(b.clearing, Decimal("-5")), Leg(b.cash, Decimal("4.99"))],
                     "ledger-unbalanced", id="unbalanced"),
        pytest.param(lambda b: [Leg(b.cash, Decimal("5"))], "ledger-too-few-legs", id="one-leg"),
        pytest.param(lambda b: [], "ledger-too-few-legs", id="no-legs"),
        pytest.param(lambda b: [Leg(b.clearing, Decimal("0")), Leg(b.cash, Decimal("0"))],
                     "ledger-invalid-amount", id="zero"),
        pytest.param(lambda b: [Leg(b.clearing, Decimal("-1.005")), Leg(b.cash, Decimal("1.005"))],
                     "ledger-invalid-amount", id="three-decimals"),
        pytest.param(lambda b: [Leg(b.clearing, -1.5), Leg(b.cash, 1.5)],
                     "ledger-invalid-amount", id="float"),
        pytest.param(lambda b: [Leg(b.clearing, Decimal("NaN")), Leg(b.cash, Decimal("1"))],
                     "ledger-invalid-amount", id="nan"),
        pytest.param(lambda b: [Leg(b.clearing, Decimal("-1E13")), Leg(b.cash, Decimal("1E13"))],
                     "ledger-invalid-amount", id="too-large"),
        pytest.param(lambda b: [Leg(b.cash, Decimal("-1")), Leg(b.cash, Decimal("1"))],
                     "ledger-duplicate-account", id="same-account-twice"),
        pytest.param(lambda b: [Leg(b.clearing, Decimal("-1")), Leg(10**9, Decimal("1"))],
                     "ledger-unknown-account", id="unknown-account"),
    ],
)  # fmt: skip
async def test_bad_legs_are_refused_and_nothing_is_written(
    legs: Callable[[Books], list[Leg]], code: str
) -> None:
    books = await open_books()
    await deposit(books, "50.00")
    before = await row_counts()
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.ADJUSTMENT,
            idempotency_key=new_key(),
            legs=legs(books),
        )
    assert raised.value.code == code
    assert await row_counts() == before
    assert await balance(books.cash) == Decimal("50.00")


async def test_whole_cents_written_with_more_digits_are_accepted() -> None:
    books = await open_books()
    posted = await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.DEPOSIT,
        idempotency_key=new_key(),
        legs=[Leg(books.clearing, Decimal("-1.500")), Leg(books.cash, Decimal("1.5"))],
    )
    assert posted.balances[books.cash] == Decimal("1.50")


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"kind": "JACKPOT"}, "ledger-unknown-kind"),
        ({"idempotency_key": ""}, "ledger-invalid-idempotency-key"),
        ({"idempotency_key": "k" * 129}, "ledger-invalid-idempotency-key"),
        ({"reference": "r" * 129}, "ledger-invalid-reference"),
    ],
)
async def test_bad_request_fields_are_refused(changes: dict[str, str], code: str) -> None:
    books = await open_books()
    request = {
        "merchant_id": books.merchant_id,
        "kind": TransactionKind.DEPOSIT,
        "idempotency_key": new_key(),
        "legs": [Leg(books.clearing, Decimal("-1")), Leg(books.cash, Decimal("1"))],
        **changes,
    }
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(**request)  # type: ignore[arg-type]
    assert error_code(raised) == (code, 422)


async def test_accounts_of_another_brand_or_currency_are_refused() -> None:
    books = await open_books()
    other_brand = await open_books("BR2")
    async with write_transaction() as session:
        dollars = await ledger.account(
            session, merchant_id=books.merchant_id, kind=AccountKind.HOUSE, currency="USD"
        )
    assert dollars.id is not None
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.DEPOSIT,
            idempotency_key=new_key(),
            legs=[Leg(other_brand.clearing, Decimal("-1")), Leg(books.cash, Decimal("1"))],
        )
    assert error_code(raised) == ("ledger-unknown-account", 404)
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.DEPOSIT,
            idempotency_key=new_key(),
            legs=[Leg(dollars.id, Decimal("-1")), Leg(books.cash, Decimal("1"))],
        )
    assert error_code(raised) == ("ledger-currency-mismatch", 422)


async def test_insufficient_funds_writes_nothing_and_leaves_the_key_unused() -> None:
    books = await open_books()
    await deposit(books, "10.00")
    house_before = await balance(books.house)
    before = await row_counts()
    key = new_key()
    with pytest.raises(AppError) as raised:
        await bet(books, "10.01", key=key)
    assert error_code(raised) == ("ledger-insufficient-funds", 409)
    assert await row_counts() == before
    assert (await balance(books.cash), await balance(books.house)) == (
        Decimal("10.00"),
        house_before,
    )
    async with write_transaction() as session:
        with pytest.raises(AppError):
            await ledger.move(
                session,
                merchant_id=books.merchant_id,
                kind=TransactionKind.BET,
                idempotency_key=new_key(),
                debit_account_id=books.cash,
                credit_account_id=books.house,
                amount=Decimal("99.00"),
            )
        # The refusal inside a caller's transaction left nothing behind to commit.
    assert await row_counts() == before
    exact = await bet(books, "10.00", key=key)
    assert not exact.replay and exact.balances[books.cash] == Decimal("0.00")


async def test_a_replay_returns_the_first_answer_and_writes_nothing() -> None:
    books = await open_books()
    key = new_key()
    first = await deposit(books, "40.00", key=key)
    await bet(books, "15.00")
    before = await row_counts()
    again = await deposit(books, "40.00", key=key)
    assert again.replay
    assert (again.transaction_id, again.balances) == (first.transaction_id, first.balances)
    assert await row_counts() == before
    assert await balance(books.cash) == Decimal("25.00")
    reordered = await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.DEPOSIT,
        idempotency_key=key,
        legs=[Leg(books.cash, Decimal("40")), Leg(books.clearing, Decimal("-40.00"))],
    )
    assert reordered.replay and reordered.transaction_id == first.transaction_id


async def test_the_same_key_with_another_request_is_a_conflict() -> None:
    books = await open_books()
    key = new_key()
    await deposit(books, "40.00", key=key)
    before = await row_counts()
    with pytest.raises(AppError) as raised:
        await deposit(books, "41.00", key=key)
    assert error_code(raised) == ("ledger-idempotency-conflict", 409)
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.BONUS,
            idempotency_key=key,
            legs=[Leg(books.clearing, Decimal("-40")), Leg(books.cash, Decimal("40"))],
        )
    assert error_code(raised) == ("ledger-idempotency-conflict", 409)
    assert await row_counts() == before


async def test_reversal_mirrors_the_transaction_once() -> None:
    books = await open_books()
    await deposit(books, "50.00")
    played = await bet(books, "20.00", key="round-77:bet")
    key = new_key()
    async with write_transaction() as session:
        reversal = await ledger.reverse(
            session, transaction_id=played.transaction_id, idempotency_key=key, reason="void"
        )
    assert reversal.balances[books.cash] == Decimal("50.00")
    async with session_scope() as session:
        stored = await session.get(LedgerTransaction, reversal.transaction_id)
    assert stored is not None
    assert stored.kind == TransactionKind.REVERSAL
    assert stored.reverses_transaction_id == played.transaction_id
    assert stored.details == {"reason": "void"}

    async with write_transaction() as session:
        replayed = await ledger.reverse(
            session, transaction_id=played.transaction_id, idempotency_key=key, reason="void"
        )
    assert replayed.replay and replayed.transaction_id == reversal.transaction_id
    with pytest.raises(AppError) as raised:
        async with write_transaction() as session:
            await ledger.reverse(
                session,
                transaction_id=played.transaction_id,
                idempotency_key=new_key(),
                reason="again",
            )
    assert error_code(raised) == ("ledger-already-reversed", 409)
    assert await balance(books.cash) == Decimal("50.00")


async def test_reversal_needs_a_known_transaction_a_reason_and_the_money() -> None:
    books = await open_books()
    paid_in = await deposit(books, "30.00")
    await bet(books, "25.00")
    async with write_transaction() as session:
        with pytest.raises(AppError) as raised:
            await ledger.reverse(
                session, transaction_id=10**9, idempotency_key=new_key(), reason="typo"
            )
        assert error_code(raised) == ("ledger-unknown-transaction", 404)
        with pytest.raises(AppError) as raised:
            await ledger.reverse(
                session,
                transaction_id=paid_in.transaction_id,
                idempotency_key=new_key(),
                reason="  ",
            )
        assert error_code(raised) == ("ledger-reason-required", 422)
        # Taking back the deposit would need 30.00 of the 5.00 left.
        with pytest.raises(AppError) as raised:
            await ledger.reverse(
                session,
                transaction_id=paid_in.transaction_id,
                idempotency_key=new_key(),
                reason="chargeback",
            )
        assert error_code(raised) == ("ledger-insufficient-funds", 409)
    with pytest.raises(AppError) as raised:
        await ledger.post_in_new_transaction(
            merchant_id=await merchant_id("BR2"),
            kind=TransactionKind.ROLLBACK,
            idempotency_key=new_key(),
            legs=[Leg(books.cash, Decimal("-1")), Leg(books.clearing, Decimal("1"))],
            reverses_transaction_id=paid_in.transaction_id,
        )
    assert error_code(raised) == ("ledger-unknown-transaction", 404)


async def test_account_is_made_once_per_owner_kind_and_currency() -> None:
    books = await open_books()
    async with write_transaction() as session:
        cash = await ledger.account(
            session,
            merchant_id=books.merchant_id,
            kind=AccountKind.MEMBER_CASH,
            currency=CURRENCY,
            member_id=books.member_id,
        )
        house = await ledger.account(
            session, merchant_id=books.merchant_id, kind="HOUSE", currency=CURRENCY
        )
    assert (cash.id, house.id) == (books.cash, books.house)
    assert not cash.allow_negative and house.allow_negative
    assert cash.member_id == books.member_id and house.member_id is None


async def test_racing_account_creations_agree_on_one_account() -> None:
    mid = await merchant_id()
    member_id = await new_member(mid)

    async def open_one() -> int | None:
        async with write_transaction() as session:
            opened = await ledger.account(
                session,
                merchant_id=mid,
                kind=AccountKind.MEMBER_CASH,
                currency=CURRENCY,
                member_id=member_id,
            )
            return opened.id

    ids = await asyncio.gather(*(open_one() for _ in range(8)))
    assert len(set(ids)) == 1


@pytest.mark.parametrize(
    ("kind", "currency", "with_member", "code"),
    [
        (AccountKind.MEMBER_CASH, CURRENCY, False, "ledger-invalid-owner"),
        (AccountKind.HOUSE, CURRENCY, True, "ledger-invalid-owner"),
        (AccountKind.MEMBER_CASH, "brl", True, "ledger-invalid-currency"),
        (AccountKind.MEMBER_CASH, "REAL", True, "ledger-invalid-currency"),
        ("PIGGY_BANK", CURRENCY, False, "ledger-unknown-account-kind"),
    ],
)
async def test_account_rules(kind: str, currency: str, with_member: bool, code: str) -> None:
    books = await open_books()
    async with write_transaction() as session:
        with pytest.raises(AppError) as raised:
            await ledger.account(
                session,
                merchant_id=books.merchant_id,
                kind=kind,
                currency=currency,
                member_id=books.member_id if with_member else None,
            )
    assert error_code(raised) == (code, 422)


async def test_a_member_of_another_brand_cannot_own_an_account_here() -> None:
    books = await open_books()
    async with write_transaction() as session:
        with pytest.raises(AppError) as raised:
            await ledger.account(
                session,
                merchant_id=await merchant_id("BR2"),
                kind=AccountKind.MEMBER_CASH,
                currency=CURRENCY,
                member_id=books.member_id,
            )
    assert error_code(raised) == ("ledger-invalid-owner", 422)


async def test_a_new_members_wallet_is_empty() -> None:
    mid = await merchant_id()
    member_id = await new_member(mid)
    async with session_scope() as session:
        empty = await ledger.member_wallet(
            session, merchant_id=mid, member_id=member_id, currency=CURRENCY
        )
    assert empty == ledger.MemberWallet(Decimal("0.00"), Decimal("0.00"), Decimal("0.00"))


async def test_a_withdrawal_lock_shows_in_the_wallet() -> None:
    books = await open_books()
    await deposit(books, "80.00")
    await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.WITHDRAWAL_LOCK,
        idempotency_key=new_key(),
        legs=[Leg(books.cash, Decimal("-30")), Leg(books.locked, Decimal("30"))],
    )
    assert await wallet(books) == ledger.MemberWallet(
        cash=Decimal("50.00"), bonus=Decimal("0.00"), locked=Decimal("30.00")
    )


async def test_movements_list_only_the_members_own_newest_first_and_paginate() -> None:
    alice, bob = await open_books(), await open_books()
    started = utcnow()
    await deposit(alice, "100.00")
    for _ in range(3):
        await bet(alice, "1.00")
    transfer = await ledger.post_in_new_transaction(
        merchant_id=alice.merchant_id,
        kind=TransactionKind.TRANSFER,
        idempotency_key=new_key(),
        legs=[Leg(alice.cash, Decimal("-10")), Leg(bob.cash, Decimal("10"))],
        member_id=alice.member_id,
    )
    await deposit(bob, "5.00")

    async with session_scope() as session:
        first = await ledger.member_movements(session, member_id=alice.member_id, page_size=2)
        second = await ledger.member_movements(
            session, member_id=alice.member_id, page=2, page_size=2
        )
        third = await ledger.member_movements(
            session, member_id=alice.member_id, page=3, page_size=2
        )
        bets = await ledger.member_movements(
            session, member_id=alice.member_id, kinds=[TransactionKind.BET]
        )
        bobs = await ledger.member_movements(session, member_id=bob.member_id)
        later = await ledger.member_movements(
            session, member_id=alice.member_id, since=utcnow() + timedelta(seconds=1)
        )
        window = await ledger.member_movements(
            session, member_id=alice.member_id, since=started, until=utcnow()
        )

    listed = [*first.items, *second.items, *third.items]
    assert first.total == second.total == 5
    assert [len(first.items), len(second.items), len(third.items)] == [2, 2, 1]
    assert [m.kind for m in listed] == ["TRANSFER", "BET", "BET", "BET", "DEPOSIT"]
    assert len({m.transaction_id for m in listed}) == 5
    assert [m.created_at for m in listed] == sorted((m.created_at for m in listed), reverse=True)
    assert listed[0].changes == (
        ledger.MovementChange(
            account_id=alice.cash,
            account_kind=AccountKind.MEMBER_CASH,
            currency=CURRENCY,
            amount=Decimal("-10.00"),
            balance_after=Decimal("87.00"),
        ),
    )
    assert bets.total == 3 and {m.kind for m in bets.items} == {TransactionKind.BET}
    assert [m.kind for m in bobs.items] == ["DEPOSIT", "TRANSFER"]
    assert bobs.items[1].transaction_id == transfer.transaction_id
    assert bobs.items[1].changes[0].amount == Decimal("10.00")
    assert later.total == 0 and later.items == ()
    assert window.total == 5


@pytest.mark.parametrize(
    ("page", "page_size", "kinds", "code"),
    [
        (0, 20, None, "ledger-invalid-page"),
        (1, 0, None, "ledger-invalid-page"),
        (1, 101, None, "ledger-invalid-page"),
        (1, 20, ["JACKPOT"], "ledger-unknown-kind"),
    ],
)
async def test_movement_listing_rules(
    page: int, page_size: int, kinds: list[str] | None, code: str
) -> None:
    async with session_scope() as session:
        with pytest.raises(AppError) as raised:
            await ledger.member_movements(
                session, member_id=1, page=page, page_size=page_size, kinds=kinds
            )
    assert error_code(raised) == (code, 422)


def test_every_error_code_has_a_message_in_both_languages() -> None:
    package = PROJECT_ROOT / "app" / "services" / "ledger"
    source = "".join(module.read_text() for module in package.glob("*.py"))
    codes = set(re.findall(r'AppError\("(ledger-[a-z-]+)"', source))
    assert codes and codes <= set(catalog()["en"]) and codes <= set(catalog()["pt"])


async def run_cli_audit() -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        "audit",
        cwd=PROJECT_ROOT,
        env=dict(os.environ),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode()


async def test_audit_is_clean_after_all_of_the_above() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.accounts_checked > 0 and report.transactions_checked > 0
    assert report.differences == ()
    assert report.clean


async def test_audit_finds_a_balance_tampered_with_by_raw_sql() -> None:
    books = await open_books()
    await deposit(books, "12.00")
    tamper = text("UPDATE ledger_account SET balance = balance + 5 WHERE id = :id")
    untamper = text("UPDATE ledger_account SET balance = balance - 5 WHERE id = :id")
    async with write_transaction() as session:
        await session.exec(tamper, params={"id": books.cash})
    try:
        async with session_scope() as session:
            report = await ledger.audit(session)
        assert [(d.check, d.subject_id) for d in report.differences] == [
            ("account-balance", books.cash)
        ]
        status, out = await run_cli_audit()
        assert status == 1
        assert f"account-balance #{books.cash}" in out and "1 differences" in out
    finally:
        async with write_transaction() as session:
            await session.exec(untamper, params={"id": books.cash})
    status, out = await run_cli_audit()
    assert status == 0, out
    assert "0 differences" in out


async def test_audit_finds_unbalanced_transactions_and_negative_member_balances() -> None:
    books = await open_books()
    posted = await deposit(books, "3.00")
    sqlite = get_engine().dialect.name == "sqlite"
    async with session_scope() as session:  # rolled back when the block ends
        # The CHECK constraint guards member balances; lift it for this transaction only.
        if sqlite:
            await session.exec(text("PRAGMA ignore_check_constraints = ON"))
        else:
            await session.exec(
                text("ALTER TABLE ledger_account DROP CONSTRAINT ck_ledger_account_not_negative")
            )
        try:
            await session.exec(
                text(
                    "UPDATE ledger_entry SET amount = 4 WHERE transaction_id = :tx AND amount > 0"
                ),
                params={"tx": posted.transaction_id},
            )
            await session.exec(
                text("UPDATE ledger_account SET balance = -1 WHERE id = :id"),
                params={"id": books.bonus},
            )
            report = await ledger.audit(session)
        finally:
            if sqlite:  # on this connection, before the rollback gives it back to the pool
                await session.exec(text("PRAGMA ignore_check_constraints = OFF"))
            await session.rollback()
    found = {(d.check, d.subject_id) for d in report.differences}
    assert ("transaction-sum", posted.transaction_id) in found
    assert ("account-balance", books.cash) in found
    assert ("negative-balance", books.bonus) in found
    async with session_scope() as session:
        assert (await ledger.audit(session)).clean


async def test_the_database_refuses_a_negative_member_balance() -> None:
    books = await open_books()
    async with session_scope() as session:
        with pytest.raises(IntegrityError, match=r"ck_ledger_account_not_negative|CHECK"):
            await session.exec(
                text("UPDATE ledger_account SET balance = -1 WHERE id = :id"),
                params={"id": books.cash},
            )


async def test_merchant_accounts_are_spread_over_shards_by_member() -> None:
    books = await open_books()
    async with write_transaction() as session:

        async def clearing(spread: int) -> int | None:
            found = await ledger.account(
                session,
                merchant_id=books.merchant_id,
                kind=AccountKind.VENDOR_CLEARING,
                currency=CURRENCY,
                spread=spread,
            )
            assert found.allow_negative and found.member_id is None
            return found.id

        first, again, next_one = await clearing(7), await clearing(7), await clearing(8)
        wrapped = await clearing(7 + ledger.MERCHANT_ACCOUNT_SHARDS)
        with pytest.raises(AppError) as raised:
            await ledger.account(
                session,
                merchant_id=books.merchant_id,
                kind=AccountKind.MEMBER_CASH,
                currency=CURRENCY,
                member_id=books.member_id,
                spread=books.member_id,
            )
    assert first == again == wrapped and first != next_one
    assert error_code(raised) == ("ledger-invalid-owner", 422)
