"""A barred account's closure with its deadlines (issue 19; IN 31/2025): the notice within the
hour, 2 days to withdraw, then the account closed and its balance put on a refund to a PIX key
of the member's own CPF; a refund paid settles it, one that could not be paid is set apart
as unclaimed funds after 180 days; each step once, each message and step in the retention
log, the ledger balanced. Real database, the hourly job run at moved clocks."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import col, select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.jobs import account_closures
from app.services import closures, ledger
from app.services.accounts import sessions
from app.services.backoffice import payments
from app.services.brands import brands
from app.services.cashier import withdrawals
from app.services.identity import onboarding
from models import Member, MemberMessage, PayoutAccount, WithdrawalOrder
from models.cashier import MessageKind
from models.ledger import AccountKind
from models.member import MEMBER_BLOCKED
from models.protection import AccountClosure, ClosureStatus, ProtectionRecord
from tests.helpers.accounts import make_member
from tests.helpers.money import cash, fund
from tests.identity.test_identity import bar, verified_member


async def _barred(balance: str) -> tuple[Member, str]:
    member, digits = await verified_member()
    if Decimal(balance) > 0:
        await fund(member.id or 0, balance)
    await bar(digits)
    async with write_transaction() as session:
        await onboarding.sweep_barred(session, clock.now())
    return member, digits


async def _closure(member: Member) -> AccountClosure:
    async with session_scope() as session:
        found = await session.get(AccountClosure, member.id)
    assert found is not None
    return found


async def _run(at: datetime) -> list[int]:
    """The job's step at `at` (the job itself runs each hour once: tests move the clock):
    the members that moved a step (other tests' barred accounts may move too)."""
    async with write_transaction() as session:
        return (await closures.advance(session, at)).members


async def _events(member: Member) -> list[str]:
    async with session_scope() as session:
        rows = await session.exec(
            select(ProtectionRecord.event)
            .where(ProtectionRecord.member_id == member.id)
            .order_by(col(ProtectionRecord.id))
        )
        return list(rows.all())


async def _messages(member: Member) -> list[str]:
    async with session_scope() as session:
        rows = await session.exec(
            select(MemberMessage.kind).where(MemberMessage.member_id == member.id)
        )
        return list(rows.all())


async def _unclaimed(member: Member) -> Decimal:
    brand = await brands.by_id(member.merchant_id)
    async with session_scope() as session:
        account = await ledger.account(
            session,
            merchant_id=brand.id,
            kind=AccountKind.UNCLAIMED_FUNDS,
            currency=brand.currency,
        )
        return Decimal(account.balance)


async def test_a_barred_account_is_told_closed_refunded_to_its_cpf_and_settled() -> None:
    member, digits = await _barred("100.00")
    start = clock.now()
    token = await sessions.open_session(member, "203.0.113.9", "test", "WEB")

    await _run(start)
    notice = await _closure(member)
    assert notice.status == ClosureStatus.NOTIFIED
    assert notice.withdraw_until == notice.notified_at + timedelta(days=2)
    assert MessageKind.ACCOUNT_CLOSING in await _messages(member)
    assert {"closure-notice", "marketing-stopped", "bonuses-forfeited"} <= set(
        await _events(member)
    )
    # Within the 2 days nothing more happens; the balance is still the member's.
    assert member.id not in await _run(start + timedelta(days=1))
    assert await cash(member) == Decimal("100.00")
    await sessions.authenticate(token)

    closing = start + timedelta(days=2, hours=1)
    assert member.id in await _run(closing)
    closed = await _closure(member)
    assert closed.status == ClosureStatus.REFUNDING and closed.refund_amount == Decimal("100.00")
    assert closed.unclaimed_due == closed.closed_at + timedelta(days=180)  # type: ignore[operator]
    async with session_scope() as session:
        order = (
            await session.exec(
                select(WithdrawalOrder).where(WithdrawalOrder.order_no == closed.refund_order_no)
            )
        ).one()
        account = await session.get(PayoutAccount, order.payout_account_id)
        stored = await session.get(Member, member.id)
    assert account is not None and stored is not None
    assert (account.kind, account.pix_key_type, account.identifier) == ("PIX", "CPF", digits)
    assert order.amount == Decimal("100.00") and stored.status == MEMBER_BLOCKED
    assert await cash(member) == Decimal("0.00")
    assert MessageKind.ACCOUNT_CLOSED in await _messages(member)
    with pytest.raises(AppError):  # the login ended with the closure
        await sessions.authenticate(token)

    # Paid in full and received: settled, once.
    brand = await brands.by_id(member.merchant_id)
    operator = await make_member(account_type=99)
    await payments.operator_pay(brand, operator, order.order_no, 1, "100.00", clock.now())
    await withdrawals.confirm_receipt(stored, order.order_no, "RECEIVED", None)
    assert member.id in await _run(closing + timedelta(hours=1))
    assert (await _closure(member)).status == ClosureStatus.CLOSED
    assert member.id not in await _run(closing + timedelta(hours=2))
    assert (await _events(member)).count("closure-closed") == 1


async def test_a_refund_that_cannot_be_paid_is_set_apart_after_180_days() -> None:
    member, _ = await _barred("40.00")
    start = clock.now()
    await _run(start)
    closing = start + timedelta(days=2, hours=1)
    await _run(closing)
    order_no = (await _closure(member)).refund_order_no
    assert order_no is not None
    brand = await brands.by_id(member.merchant_id)
    before = await _unclaimed(member)
    operator = await make_member(account_type=99)
    await withdrawals.reject(brand, operator, order_no, "the bank refused the CPF key")
    assert await cash(member) == Decimal("40.00")

    assert member.id not in await _run(closing + timedelta(days=179))  # not yet: still the member's
    assert (await _closure(member)).status == ClosureStatus.REFUNDING
    assert member.id in await _run(closing + timedelta(days=180, hours=1))
    closure = await _closure(member)
    assert closure.status == ClosureStatus.UNCLAIMED
    assert closure.unclaimed_amount == Decimal("40.00")
    assert await cash(member) == Decimal("0.00")
    assert await _unclaimed(member) - before == Decimal("40.00")
    assert "closure-unclaimed" in await _events(member)
    assert member.id not in await _run(closing + timedelta(days=181))


async def test_an_empty_account_is_closed_with_nothing_owed() -> None:
    member, _ = await _barred("0")
    start = clock.now()
    await _run(start)
    await _run(start + timedelta(days=2, hours=1))
    closure = await _closure(member)
    assert closure.status == ClosureStatus.CLOSED and closure.refund_order_no is None
    assert "closure-closed" in await _events(member)


async def test_the_hourly_job_runs_the_steps_once_per_hour() -> None:
    member, _ = await _barred("0")
    hour = clock.now().replace(minute=0, second=0, microsecond=0) + timedelta(days=400)
    first = await account_closures.run_once(hour)
    assert first.ran and first.changed >= 1
    assert (await _closure(member)).status == ClosureStatus.NOTIFIED
    assert not (await account_closures.run_once(hour + timedelta(minutes=5))).ran
