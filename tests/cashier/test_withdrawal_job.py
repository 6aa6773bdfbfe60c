"""The withdrawal confirmation time-out (spec 4): paid parts nobody answered within the
configured minutes become AUTO_RECEIVED, once, however many runners run a period."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import PROJECT_ROOT
from app.core.db import session_scope, write_transaction
from app.core.security import hash_password
from app.jobs import withdrawal_timeouts
from app.services import job_runs, ledger
from app.services.backoffice import payments
from app.services.brands import Brand, brands
from app.services.cashier import payout_accounts, withdrawals
from app.services.cashier.withdrawals import WithdrawalView
from models import JobState, Member, WithdrawalOrder, WithdrawalPayout
from models.base import utcnow
from models.ledger import AccountKind
from tests.helpers.accounts import PASSWORD, cpf_of, make_member
from tests.helpers.money import fund, wager

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

PAYMENT_PASSWORD = "864200"
PAYEE = "Ana Lima"


async def _account_id(
    session: AsyncSession, brand: Brand, kind: AccountKind, member_id: int | None = None
) -> int:
    account = await ledger.account(
        session, merchant_id=brand.id, kind=kind, currency=brand.currency, member_id=member_id
    )
    assert account.id is not None
    return account.id


async def _fund(member_id: int, amount: Decimal) -> None:
    """A deposit, wagered once (a bet won back), so that a withdrawal may be requested."""
    await fund(member_id, str(amount))
    await wager(member_id, str(amount))


async def _member(brand: Brand) -> tuple[Member, int]:
    member = await make_member(
        payee_name=PAYEE, payment_password_hash=await hash_password(PAYMENT_PASSWORD)
    )
    assert member.id is not None
    account = await payout_accounts.bind(
        member,
        payout_accounts.PayoutAccountInput(
            kind="PIX", holder_name=PAYEE, pix_key_type="CPF", pix_key=await cpf_of(member)
        ),
        PASSWORD,
        "203.0.113.40",
    )
    assert account.id is not None
    await _fund(member.id, Decimal("300.00"))
    return member, account.id


async def _paid_order(brand: Brand, operator: Member, *parts: str) -> tuple[Member, str]:
    member, account_id = await _member(brand)
    total = sum((Decimal(part) for part in parts), Decimal("0"))
    view = await withdrawals.request_withdrawal(
        brand, member, str(total), account_id, PAYMENT_PASSWORD
    )
    for number, part in enumerate(parts, start=1):
        await payments.operator_pay(brand, operator, view.order.order_no, number, part, utcnow())
    return member, view.order.order_no


async def _backdate(order_no: str, minutes: int) -> None:
    async with write_transaction() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
        await session.exec(
            update(WithdrawalPayout)
            .where(col(WithdrawalPayout.order_id) == order.id)
            .values(paid_at=utcnow() - timedelta(minutes=minutes))
        )


async def _view(member: Member, order_no: str) -> WithdrawalView:
    return await withdrawals.member_order(member, order_no)


async def test_unanswered_parts_are_received_once_and_never_refunded() -> None:
    brand = await brands.by_code("BR1")
    operator = await make_member(account_type=99)
    silent, silent_no = await _paid_order(brand, operator, "40.00", "60.00")
    answered, answered_no = await _paid_order(brand, operator, "100.00")
    await withdrawals.confirm_receipt(answered, answered_no, "RECEIVED", None)
    fresh, fresh_no = await _paid_order(brand, operator, "100.00")
    await _backdate(silent_no, 61)
    await _backdate(answered_no, 61)

    # Two runners at once: one does the work (or both, one after the other); never twice.
    now = utcnow()
    runs = await asyncio.gather(
        withdrawal_timeouts.run_once(now), withdrawal_timeouts.run_once(now)
    )
    assert any(run.ran for run in runs)
    assert sum(run.changed for run in runs) >= 2
    done = await _view(silent, silent_no)
    assert done.order.status == "AUTO_RECEIVED" and done.done
    assert [p.receipt for p in done.payouts] == ["AUTO_RECEIVED", "AUTO_RECEIVED"]
    assert all(p.answered_at is not None for p in done.payouts)
    assert (await _view(answered, answered_no)).order.status == "RECEIVED"
    waiting = await _view(fresh, fresh_no)
    assert waiting.order.status == "DISBURSED" and waiting.awaiting_amount == Decimal("100.00")
    assert waiting.confirm_by == waiting.payouts[0].paid_at + timedelta(minutes=60)

    again = await withdrawal_timeouts.run_once(now + timedelta(minutes=1))  # the next period
    assert again.ran and again.changed == 0
    assert (await _view(silent, silent_no)).order.updated_at == done.order.updated_at

    # The time-out counts from the payment: not yet at 59 minutes, at 61 it is received.
    paid_at = waiting.payouts[0].paid_at
    await withdrawal_timeouts.run_once(paid_at + timedelta(minutes=59))
    assert (await _view(fresh, fresh_no)).order.status == "DISBURSED"
    await withdrawal_timeouts.run_once(paid_at + timedelta(minutes=61))
    assert (await _view(fresh, fresh_no)).order.status == "AUTO_RECEIVED"

    # A forced receipt is final: the paid amount is not given back.
    assert silent.id is not None
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=silent.id, currency=brand.currency
        )
        report = await ledger.audit(session)
    assert (wallet.cash, wallet.locked) == (Decimal("200.00"), Decimal("0.00"))
    assert report.clean, report.differences


async def test_a_period_done_is_not_done_again() -> None:
    """Runners of the same period (the scheduler and a run by hand, or two workers) do its
    work once; the next period is a new run."""
    period = utcnow().replace(second=0, microsecond=0) - timedelta(days=1)
    first = await withdrawal_timeouts.run_once(period + timedelta(seconds=5))
    assert first.ran and first.period == period
    repeat = await withdrawal_timeouts.run_once(period + timedelta(seconds=50))
    assert not repeat.ran and repeat.changed == 0
    [history] = await job_runs.recent_runs([withdrawal_timeouts.NAME], per_job=100)
    [run] = [run for run in history.runs if run.period == period]
    assert (run.state, run.attempts, run.error) == (JobState.SUCCEEDED, 1, None)
    assert (await withdrawal_timeouts.run_once(period + timedelta(minutes=1))).ran


async def test_the_cli_runs_the_job_once() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        "jobs",
        "withdrawal-timeouts",
        cwd=PROJECT_ROOT,
        env=dict(os.environ),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    assert process.returncode == 0
    assert out.decode().startswith("withdrawal-timeouts: ")


async def test_the_cli_worker_runs_the_jobs_until_stopped() -> None:
    """`python -m app.cli worker` (for JOBS_IN_APP=false) runs the jobs of the mode's engine
    on their schedule, here every second, and stops cleanly on SIGTERM."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        "worker",
        cwd=PROJECT_ROOT,
        env={**os.environ, "JOB_PERIOD_SECONDS": "1", "JOB_STALLED_SECONDS": "3"},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )

    async def periods_run() -> list[datetime]:
        """The periods that process ran."""
        [history] = await job_runs.recent_runs([withdrawal_timeouts.NAME], per_job=100)
        return [
            run.period
            for run in history.runs
            if run.state == JobState.SUCCEEDED and (run.worker or "").endswith(f":{process.pid}")
        ]

    try:
        # A liveness bound, not a timing goal: the worker's start imports the whole app, which
        # took over a minute on a machine loaded with other test processes.
        async with asyncio.timeout(180):
            while len(await periods_run()) < 2:
                assert process.returncode is None, (await process.communicate())[0].decode()
                await asyncio.sleep(0.2)
    finally:
        if process.returncode is None:
            process.terminate()
        out, _ = await process.communicate()
    assert process.returncode == 0, out.decode()
    newest, previous = sorted(await periods_run(), reverse=True)[:2]
    assert newest - previous == timedelta(seconds=1)
