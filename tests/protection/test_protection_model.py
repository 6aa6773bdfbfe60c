"""Property test: no sequence of deposits, bets (settled, won, left open, settled later) and
limit changes lets a member pass a limit in force. Hypothesis drives the real seamless wallet,
the real deposit orders and the real database; after every accepted bet or deposit each limit's
use is at most its value, and a refused one moves nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from decimal import Decimal
from typing import Any, ClassVar, TypeVar
from uuid import uuid4

import pytest
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

from app.core import clock
from app.core.cache import close_redis
from app.core.db import dispose_engine
from app.core.errors import AppError
from app.services.brands import brands
from app.services.cashier import deposits
from app.services.protection import limits
from app.services.seamless import wallet
from models import Member
from models.games import WalletStatus
from tests.helpers.money import cash
from tests.helpers.seamless import call, funded_member, player_session, studio_game

pytestmark = pytest.mark.usefixtures("clear_of_midnight")

T = TypeVar("T")
stakes = st.decimals(min_value=Decimal("0.50"), max_value=Decimal("30.00"), places=2)
wins = st.sampled_from([Decimal(0), Decimal("0.5"), Decimal(1), Decimal(2)])
kinds = st.sampled_from(["LOSS", "WAGER", "BETS", "DEPOSIT"])
periods = st.sampled_from(["DAY", "WEEK", "MONTH"])
BET_KINDS = ("LOSS", "WAGER", "BETS")


class LimitMachine(RuleBasedStateMachine):
    runner: ClassVar[asyncio.Runner]

    def __init__(self) -> None:
        super().__init__()
        self.member: Member
        self.session: wallet.PlayerSession
        self.open_rounds: list[str] = []

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.runner.run(coroutine)

    @initialize(
        loss=st.integers(5, 60),
        wager=st.integers(20, 150),
        bets=st.integers(2, 12),
        deposit=st.integers(20, 300),
    )
    def start(self, loss: int, wager: int, bets: int, deposit: int) -> None:
        self.member = self.run(funded_member("1000.00"))
        self.session = self.run(self._session())
        now = clock.now()
        for kind, value in (("LOSS", loss), ("WAGER", wager), ("BETS", bets)):
            self.run(limits.set_limit(self.member, kind, "DAY", str(value), now))
        self.run(limits.set_limit(self.member, "DEPOSIT", "WEEK", str(deposit), now))

    async def _session(self) -> wallet.PlayerSession:
        return await player_session(self.member, await studio_game())

    async def _views(self) -> list[limits.LimitView]:
        return await limits.member_limits(self.member, clock.now())

    def _assert_within(self, *kinds: str) -> None:
        """The limits of these kinds (the ones the accepted action used) hold."""
        for view in self.run(self._views()):
            if view.kind.value in kinds:
                assert view.value is not None
                assert view.used <= view.value, view

    def _debit(self, round_id: str, amount: Decimal) -> WalletStatus:
        answer = self.run(
            wallet.debit(
                wallet.STUDIO_VENDOR,
                self.session.session_token,
                call(round_id, str(amount), self.session.game_code),
            )
        )
        return answer.status

    def _credit(self, round_id: str, amount: Decimal) -> None:
        answer = self.run(
            wallet.credit(
                wallet.STUDIO_VENDOR,
                self.session.session_token,
                call(round_id, str(amount.quantize(Decimal("0.01"))), self.session.game_code),
            )
        )
        assert answer.status is WalletStatus.OK

    @rule(stake=stakes, win=wins)
    def play_a_round(self, stake: Decimal, win: Decimal) -> None:
        before = self.run(cash(self.member))
        round_id = uuid4().hex
        status = self._debit(round_id, stake)
        if status is WalletStatus.OK:
            self._assert_within(*BET_KINDS)
            self._credit(round_id, stake * win)
        else:
            assert status is WalletStatus.REFUSED
            assert self.run(cash(self.member)) == before

    @rule(stake=stakes)
    def leave_a_round_open(self, stake: Decimal) -> None:
        round_id = uuid4().hex
        if self._debit(round_id, stake) is WalletStatus.OK:
            self.open_rounds.append(round_id)
            self._assert_within(*BET_KINDS)

    @precondition(lambda self: bool(self.open_rounds))
    @rule(win=wins)
    def settle_an_open_round(self, win: Decimal) -> None:
        self._credit(self.open_rounds.pop(0), Decimal("3.00") * win)

    @rule(amount=st.integers(10, 120))
    def deposit(self, amount: int) -> None:
        brand = self.run(brands.by_id(self.member.merchant_id))
        try:
            self.run(deposits.create_deposit(brand, self.member, "PIX", str(amount)))
        except AppError as refused:
            assert refused.code in ("protection-limit-reached-deposit", "too-many-requests")
            return
        self._assert_within("DEPOSIT")

    @rule(kind=kinds, period=periods, value=st.integers(1, 200))
    def change_a_limit(self, kind: str, period: str, value: int) -> None:
        """Lower (at once) or ask to raise (waits): neither may let a bet past a limit."""
        self.run(limits.set_limit(self.member, kind, period, str(value), clock.now()))

    @invariant()
    def nothing_below_zero(self) -> None:
        if hasattr(self, "member"):
            assert self.run(cash(self.member)) >= 0


def test_no_sequence_of_deposits_and_bets_passes_a_limit(engine_released: None) -> None:
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:
        LimitMachine.runner = runner
        try:
            run_state_machine_as_test(
                LimitMachine,
                settings=settings(
                    max_examples=10,
                    stateful_step_count=20,
                    deadline=None,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow],
                ),
            )
        finally:
            runner.run(dispose_engine())
            runner.run(close_redis())
