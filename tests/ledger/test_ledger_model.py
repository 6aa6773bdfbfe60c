"""Model-based test: random sequences of money movements against a plain in-memory model.

The state machine drives the real service and the test database. After every step the
balances match the model, money is conserved (all balances sum to zero) and no member
account is negative.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import func, not_
from sqlmodel import col, select

from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.brands import brands
from app.services.cashier import transfers
from app.services.ledger import Leg, Posted
from models import LedgerAccount, Member
from models.ledger import TransactionKind
from tests.ledger.test_ledger import Books, new_key, open_books

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

T = TypeVar("T")
# Money comes in larger amounts than it goes out, so that spending is mostly possible.
incoming = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("1000.00"), places=2)
outgoing = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("150.00"), places=2)
members = st.sampled_from(["alice", "bob"])


@dataclass(frozen=True)
class Done:
    """A posted transaction, kept to replay or reverse it later."""

    kind: TransactionKind
    key: str
    legs: tuple[Leg, ...]
    member_id: int | None
    answer: Posted
    reverses: int | None = None


class LedgerMachine(RuleBasedStateMachine):
    runner: ClassVar[asyncio.Runner]

    def __init__(self) -> None:
        super().__init__()
        self.books = {"alice": self.run(open_books()), "bob": self.run(open_books())}
        alice = self.books["alice"]
        self.member_accounts = {
            account
            for books in self.books.values()
            for account in (books.cash, books.bonus, books.locked, books.vendor)
        }
        self.expected = {account: Decimal("0.00") for account in self.member_accounts}
        self.expected.update(self.run(self.stored_balances([alice.house, alice.clearing])))
        self.done: list[Done] = []
        self.reversed: set[int] = set()
        self.pending_withdrawals: list[tuple[str, Decimal]] = []

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.runner.run(coroutine)

    @staticmethod
    async def stored_balances(account_ids: list[int]) -> dict[int, Decimal]:
        async with session_scope() as session:
            rows = (
                await session.exec(
                    select(LedgerAccount.id, LedgerAccount.balance).where(
                        col(LedgerAccount.id).in_(account_ids)
                    )
                )
            ).all()
        return {account_id: balance for account_id, balance in rows if account_id is not None}

    def allowed(self, legs: tuple[Leg, ...]) -> bool:
        return all(
            self.expected[leg.account_id] + leg.amount >= 0
            for leg in legs
            if leg.account_id in self.member_accounts
        )

    def record(self, done: Done) -> None:
        for leg in done.legs:
            self.expected[leg.account_id] += leg.amount
        assert done.answer.balances == {
            leg.account_id: self.expected[leg.account_id] for leg in done.legs
        }
        self.done.append(done)

    def post(
        self, kind: TransactionKind, debit: int, credit: int, amount: Decimal, owner: Books
    ) -> bool:
        """Post through the service and check the outcome against the model."""
        legs = (Leg(debit, -amount), Leg(credit, amount))
        key = new_key()
        try:
            answer = self.run(
                ledger.post_in_new_transaction(
                    merchant_id=owner.merchant_id,
                    kind=kind,
                    idempotency_key=key,
                    legs=legs,
                    member_id=owner.member_id,
                )
            )
        except AppError as refused:
            assert refused.code == "ledger-insufficient-funds"
            assert not self.allowed(legs)
            return False
        assert self.allowed(legs) and not answer.replay
        self.record(Done(kind, key, legs, owner.member_id, answer))
        return True

    @rule(member=members, amount=incoming)
    def deposit(self, member: str, amount: Decimal) -> None:
        books = self.books[member]
        self.post(TransactionKind.DEPOSIT, books.clearing, books.cash, amount, books)

    @rule(member=members, amount=outgoing)
    def bet(self, member: str, amount: Decimal) -> None:
        books = self.books[member]
        self.post(TransactionKind.BET, books.cash, books.house, amount, books)

    @rule(member=members, amount=incoming)
    def win(self, member: str, amount: Decimal) -> None:
        books = self.books[member]
        self.post(TransactionKind.WIN, books.house, books.cash, amount, books)

    @rule(member=members, amount=outgoing)
    def transfer(self, member: str, amount: Decimal) -> None:
        sender = self.books[member]
        receiver = self.books["bob" if member == "alice" else "alice"]
        self.post(TransactionKind.TRANSFER, sender.cash, receiver.cash, amount, sender)

    @rule(member=members, amount=outgoing)
    def lock_withdrawal(self, member: str, amount: Decimal) -> None:
        books = self.books[member]
        if self.post(TransactionKind.WITHDRAWAL_LOCK, books.cash, books.locked, amount, books):
            self.pending_withdrawals.append((member, amount))

    @precondition(lambda self: self.pending_withdrawals)
    @rule(data=st.data(), paid=st.booleans())
    def settle_withdrawal(self, data: st.DataObject, paid: bool) -> None:
        """Pay a pending withdrawal out, or release it back to cash."""
        member, amount = self.pending_withdrawals.pop(
            data.draw(st.integers(0, len(self.pending_withdrawals) - 1))
        )
        books = self.books[member]
        if paid:
            self.post(TransactionKind.WITHDRAWAL, books.locked, books.clearing, amount, books)
        else:
            self.post(TransactionKind.WITHDRAWAL_RELEASE, books.locked, books.cash, amount, books)

    @staticmethod
    async def wallet_transfer(
        member_id: int, direction: str, amount: Decimal, key: str
    ) -> transfers.TransferResult:
        async with session_scope() as session:
            member = await session.get(Member, member_id)
        assert member is not None
        return await transfers.transfer(
            await brands.for_request("BR1", None),
            member,
            vendor="SABA",
            direction=direction,
            amount=f"{amount}",
            request_id=key,
        )

    @rule(member=members, amount=outgoing, direction=st.sampled_from(["IN", "OUT"]))
    def vendor_wallet_transfer(self, member: str, amount: Decimal, direction: str) -> None:
        """The wallet transfer service: main ↔ a transfer vendor's wallet, twice per key."""
        books = self.books[member]
        source, target = (
            (books.cash, books.vendor) if direction == "IN" else (books.vendor, books.cash)
        )
        legs = (Leg(source, -amount), Leg(target, amount))
        key = new_key()
        try:
            done = self.run(self.wallet_transfer(books.member_id, direction, amount, key))
        except AppError as refused:
            assert refused.code == "wallet-transfer-insufficient"
            assert not self.allowed(legs)
            return
        assert self.allowed(legs) and not done.replay
        for leg in legs:
            self.expected[leg.account_id] += leg.amount
        assert (done.main_balance, done.vendor_balance) == (
            self.expected[books.cash],
            self.expected[books.vendor],
        )
        again = self.run(self.wallet_transfer(books.member_id, direction, amount, key))
        assert again.replay and again.transaction_id == done.transaction_id

    async def reverse(self, transaction_id: int, key: str) -> Posted:
        async with write_transaction() as session:
            return await ledger.reverse(
                session, transaction_id=transaction_id, idempotency_key=key, reason="rollback"
            )

    @precondition(lambda self: self.done)
    @rule(data=st.data())
    def roll_back(self, data: st.DataObject) -> None:
        original = data.draw(st.sampled_from(self.done))
        mirror = tuple(Leg(leg.account_id, -leg.amount) for leg in original.legs)
        key = new_key()
        try:
            answer = self.run(self.reverse(original.answer.transaction_id, key))
        except AppError as refused:
            if original.answer.transaction_id in self.reversed:
                assert refused.code == "ledger-already-reversed"
            else:
                assert refused.code == "ledger-insufficient-funds"
                assert not self.allowed(mirror)
            return
        assert original.answer.transaction_id not in self.reversed and self.allowed(mirror)
        self.reversed.add(original.answer.transaction_id)
        self.record(
            Done(
                TransactionKind.REVERSAL,
                key,
                mirror,
                original.member_id,
                answer,
                reverses=original.answer.transaction_id,
            )
        )

    @precondition(lambda self: self.done)
    @rule(data=st.data())
    def replay(self, data: st.DataObject) -> None:
        """Send a posted request again: the first answer comes back and nothing moves."""
        first = data.draw(st.sampled_from(self.done))
        if first.reverses is not None:
            answer = self.run(self.reverse(first.reverses, first.key))
        else:
            answer = self.run(
                ledger.post_in_new_transaction(
                    merchant_id=self.books["alice"].merchant_id,
                    kind=first.kind,
                    idempotency_key=first.key,
                    legs=first.legs,
                    member_id=first.member_id,
                )
            )
        assert answer.replay
        assert (answer.transaction_id, answer.balances) == (
            first.answer.transaction_id,
            first.answer.balances,
        )

    @invariant()
    def balances_match_the_model(self) -> None:
        assert self.run(self.stored_balances(list(self.expected))) == self.expected

    @invariant()
    def money_is_conserved_and_members_never_negative(self) -> None:
        async def totals() -> tuple[Decimal, int]:
            async with session_scope() as session:
                total = (await session.exec(select(func.sum(LedgerAccount.balance)))).one()
                negative = (
                    await session.exec(
                        select(func.count())
                        .select_from(LedgerAccount)
                        .where(not_(col(LedgerAccount.allow_negative)), LedgerAccount.balance < 0)
                    )
                ).one()
            return total, negative

        total, negative = self.run(totals())
        assert (total, negative) == (Decimal("0.00"), 0)


def test_the_ledger_matches_a_simple_model(engine_released: None) -> None:
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:
        LedgerMachine.runner = runner
        try:
            run_state_machine_as_test(
                LedgerMachine,
                settings=settings(
                    max_examples=25,
                    stateful_step_count=30,
                    deadline=None,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow],
                ),
            )
        finally:
            runner.run(dispose_engine())
            runner.run(close_redis())
