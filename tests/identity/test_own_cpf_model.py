"""Property test (issue 19, money rules): no sequence of PIX deposits (paid from the member's
own CPF, another person's or none), payout-account bindings (a key of the member's own CPF
or another's), bets and withdrawals books money from or to another person's CPF. Hypothesis
drives the real deposit orders, the sandbox provider's signed callbacks over HTTP, the payout
accounts and the withdrawal requests on the real database; after every step a deposit is
credited only when paid from the member's CPF, every withdrawal goes to a key of that CPF,
and the cash balance is what the credited deposits, bets and withdrawals make it."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Coroutine, Iterator
from decimal import Decimal
from typing import Any, ClassVar, TypeVar

import httpx
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlmodel import col, select

from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope
from app.core.errors import AppError
from app.core.security import hash_password
from app.services.brands import brands
from app.services.cashier import deposits, payout_accounts, withdrawals
from app.services.cashier.providers import SandboxProvider
from models import DepositOrder, Member, WithdrawalOrder
from models.cashier import DepositStatus, PayoutAccount
from tests.helpers.accounts import ADULT_NAME, PASSWORD, cpf_of, make_member, new_cpf
from tests.helpers.api import platform_api
from tests.helpers.money import cash, lose, wager

T = TypeVar("T")
PAYMENT_PASSWORD = "864200"
PAYERS = ("own", "own-punctuated", "other", "none")
# Refusals a step may meet for reasons of its own (limits of the cashier, turnover, balance).
ORDINARY_REFUSALS = {
    "too-many-requests",
    "withdrawal-insufficient-balance",
    "withdrawal-turnover-not-met",
    "withdrawal-amount-below-min",
    "withdrawal-amount-above-max",
    "withdrawal-daily-limit",
    "payout-account-duplicate",
    "payout-account-limit",
}


class OwnCpfMachine(RuleBasedStateMachine):
    runner: ClassVar[asyncio.Runner]
    transport: ClassVar[httpx.AsyncBaseTransport]
    # Each run binds from an address of its own: a run may bind 20 times, and the address's
    # password-hashing limit (60 in 10 minutes) is shared with every run before it.
    addresses: ClassVar[Iterator[str]] = (f"100.64.7.{n % 250 + 1}" for n in itertools.count())

    def __init__(self) -> None:
        super().__init__()
        self.member: Member
        self.cpf = ""
        self.paid_from: dict[str, str] = {}  # order number -> who paid it
        self.expected = Decimal("0.00")
        self.accounts: list[int] = []
        self.ip = next(self.addresses)

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.runner.run(coroutine)

    @initialize()
    def start(self) -> None:
        self.member = self.run(
            make_member(
                payee_name=ADULT_NAME,
                payment_password_hash=self.run(hash_password(PAYMENT_PASSWORD)),
            )
        )
        self.cpf = self.run(cpf_of(self.member))

    def _payer_document(self, payer: str) -> str:
        return {
            "own": self.cpf,
            "own-punctuated": f"{self.cpf[:3]}.{self.cpf[3:6]}.{self.cpf[6:9]}-{self.cpf[9:]}",
            "other": new_cpf(),
            "none": "",
        }[payer]

    @rule(amount=st.integers(10, 80), payer=st.sampled_from(PAYERS))
    def deposit(self, amount: int, payer: str) -> None:
        brand = self.run(brands.by_id(self.member.merchant_id))
        try:
            order = self.run(deposits.create_deposit(brand, self.member, "PIX", str(amount)))
        except AppError as refused:
            assert refused.code in ORDINARY_REFUSALS, refused.code
            return
        document = self._payer_document(payer)
        self.run(SandboxProvider().settle(order, True, self.transport, payer_document=document))
        self.paid_from[order.order_no] = payer
        if payer.startswith("own"):
            self.expected += Decimal(amount)

    @rule(own=st.booleans())
    def bind_a_payout_key(self, own: bool) -> None:
        key = self.cpf if own else new_cpf()
        entry = payout_accounts.PayoutAccountInput(
            kind="PIX", holder_name=ADULT_NAME, pix_key_type="CPF", pix_key=key
        )
        try:
            bound = self.run(payout_accounts.bind(self.member, entry, PASSWORD, self.ip))
        except AppError as refused:
            assert refused.code in ({"identity-payout-not-own-cpf"} | ORDINARY_REFUSALS)
            assert own or refused.code == "identity-payout-not-own-cpf"
            return
        assert own, "a key of another person's CPF was bound"
        assert bound.id is not None
        self.accounts.append(bound.id)

    @rule(stake=st.integers(1, 40), won=st.booleans())
    def play(self, stake: int, won: bool) -> None:
        """A settled bet (turnover for the withdrawal rule), won back or lost."""
        if Decimal(stake) > self.expected:
            return
        assert self.member.id is not None
        self.run((wager if won else lose)(self.member.id, str(stake)))
        if not won:
            self.expected -= Decimal(stake)

    @precondition(lambda self: self.expected > 0)
    @rule()
    def play_the_balance_through(self) -> None:
        """One bet of the whole balance, won back: the deposits' turnover is met."""
        assert self.member.id is not None
        self.run(wager(self.member.id, str(self.expected)))

    @precondition(lambda self: bool(self.accounts))
    @rule(amount=st.integers(10, 100))
    def withdraw(self, amount: int) -> None:
        brand = self.run(brands.by_id(self.member.merchant_id))
        try:
            self.run(
                withdrawals.request_withdrawal(
                    brand, self.member, str(amount), self.accounts[-1], PAYMENT_PASSWORD
                )
            )
        except AppError as refused:
            assert refused.code in ORDINARY_REFUSALS, refused.code
            return
        self.expected -= Decimal(amount)

    async def _orders(self) -> tuple[list[DepositOrder], list[tuple[WithdrawalOrder, str]]]:
        async with session_scope() as session:
            paid_in = (
                await session.exec(
                    select(DepositOrder).where(DepositOrder.member_id == self.member.id)
                )
            ).all()
            paid_out = (
                await session.exec(
                    select(WithdrawalOrder, PayoutAccount.identifier)
                    .join(
                        PayoutAccount,
                        col(PayoutAccount.id) == col(WithdrawalOrder.payout_account_id),
                    )
                    .where(WithdrawalOrder.member_id == self.member.id)
                )
            ).all()
        return list(paid_in), [(order, key) for order, key in paid_out]

    @invariant()
    def money_comes_from_and_goes_to_the_members_own_cpf(self) -> None:
        if not self.cpf:
            return
        paid_in, paid_out = self.run(self._orders())
        for order in paid_in:
            payer = self.paid_from.get(order.order_no)
            if payer is None:
                continue
            credited = order.status == DepositStatus.PAID and order.ledger_transaction_id
            assert bool(credited) == payer.startswith("own"), (payer, order.status)
        assert all(key == self.cpf for _, key in paid_out)
        assert self.run(cash(self.member)) == self.expected


def test_no_sequence_books_money_from_or_to_another_persons_cpf(engine_released: None) -> None:
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:
        OwnCpfMachine.runner = runner
        OwnCpfMachine.transport = httpx.ASGITransport(app=platform_api())
        try:
            run_state_machine_as_test(
                OwnCpfMachine,
                settings=settings(
                    max_examples=8,
                    stateful_step_count=20,
                    deadline=None,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow],
                ),
            )
        finally:
            runner.run(dispose_engine())
            runner.run(close_redis())
