"""Four-eyes: above the brand's threshold an action waits for a second staff member; the
requester cannot approve their own; approving runs the action once; at the threshold it runs
at once. Money moves through the ledger and the ledger audit stays clean."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import ledger
from app.services.backoffice import approvals, payments, players
from models import ApprovalRequest, WithdrawalOrder, WithdrawalPayout
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, merchant_id, pending_withdrawal
from tests.helpers.money import cash, fund


async def _threshold(kind: str, amount: str) -> None:
    admin = await make_staff("admin", None)
    await approvals.set_threshold(admin, await merchant_id("BR1"), kind, Decimal(amount), utcnow())


async def _ledger_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean, report.differences


async def test_an_adjustment_at_the_threshold_runs_at_once_above_it_waits() -> None:
    await _threshold("balance.adjust", "100.00")
    finance = await make_staff("finance")
    member = await make_member("BR1")
    assert member.id is not None
    key = uuid4().hex
    done = await players.adjust(finance, member.id, "credit", "100.00", "goodwill", key, utcnow())
    assert done.transaction_id is not None and done.approval_id is None
    again = await players.adjust(finance, member.id, "credit", "100.00", "goodwill", key, utcnow())
    assert again.transaction_id == done.transaction_id  # a repeated submit moves money once
    assert await cash(member) == Decimal("100.00")

    waiting = await players.adjust(
        finance, member.id, "credit", "100.01", "big goodwill", uuid4().hex, utcnow()
    )
    assert waiting.transaction_id is None and waiting.approval_id is not None
    assert await cash(member) == Decimal("100.00")

    with pytest.raises(AppError) as own:
        await approvals.approve(finance, waiting.approval_id, utcnow())
    assert own.value.code == "approval-own-request"

    support = await make_staff("support")  # no approvals.decide
    with pytest.raises(AppError) as no_right:
        await approvals.approve(support, waiting.approval_id, utcnow())
    assert no_right.value.code == "staff-forbidden"

    other_brand = await make_staff("finance", "BR2")
    with pytest.raises(AppError) as wrong_brand:
        await approvals.approve(other_brand, waiting.approval_id, utcnow())
    assert wrong_brand.value.code == "staff-forbidden"

    second = await make_staff("finance")
    approved = await approvals.approve(second, waiting.approval_id, utcnow())
    assert approved.status == approvals.EXECUTED and approved.decided_by == second.id
    assert await cash(member) == Decimal("200.01")
    with pytest.raises(AppError) as twice:
        await approvals.approve(await make_staff("finance"), waiting.approval_id, utcnow())
    assert twice.value.code == "approval-already-decided"
    assert await cash(member) == Decimal("200.01")
    await _ledger_clean()


async def test_a_debit_cannot_take_more_than_the_cash_and_bad_input_changes_nothing() -> None:
    finance = await make_staff("finance")
    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "10.00")
    for direction, amount, reason, code in [
        ("sideways", "1.00", "x", "staff-adjust-direction"),
        ("credit", "-1", "x", "staff-amount-invalid"),
        ("credit", "1.001", "x", "staff-amount-invalid"),
        ("credit", "1e3", "x", "staff-amount-invalid"),
        ("credit", "1.00", "   ", "staff-reason-required"),
    ]:
        with pytest.raises(AppError) as refused:
            await players.adjust(
                finance, member.id, direction, amount, reason, uuid4().hex, utcnow()
            )
        assert refused.value.code == code
    with pytest.raises(AppError):
        await players.adjust(finance, member.id, "debit", "10.01", "fix", uuid4().hex, utcnow())
    assert await cash(member) == Decimal("10.00")


async def test_a_rejected_request_never_runs() -> None:
    await _threshold("balance.adjust", "50.00")
    finance = await make_staff("finance")
    member = await make_member("BR1")
    assert member.id is not None
    waiting = await players.adjust(
        finance, member.id, "credit", "60.00", "promo", uuid4().hex, utcnow()
    )
    assert waiting.approval_id is not None
    second = await make_staff("finance")
    with pytest.raises(AppError) as no_reason:
        await approvals.reject(second, waiting.approval_id, " ", utcnow())
    assert no_reason.value.code == "approval-reason-required"
    rejected = await approvals.reject(second, waiting.approval_id, "not agreed", utcnow())
    assert rejected.status == approvals.REJECTED
    # The same form again after a rejection files a new request.
    again = await players.adjust(finance, member.id, "credit", "60.00", "promo", "k" * 16, utcnow())
    same = await players.adjust(finance, member.id, "credit", "60.00", "promo", "k" * 16, utcnow())
    assert again.approval_id == same.approval_id != waiting.approval_id
    with pytest.raises(AppError):
        await approvals.approve(await make_staff("finance"), waiting.approval_id, utcnow())
    assert await cash(member) == Decimal("0.00")


async def test_a_large_withdrawal_is_paid_after_a_second_payments_staff_approves() -> None:
    await _threshold("withdrawal.pay", "500.00")
    first = await make_staff("payments")
    small = await pending_withdrawal("500.00")
    paid = await payments.pay(first, small, "", utcnow())
    assert paid.approval_id is None and paid.status == "DISBURSED"

    large = await pending_withdrawal("500.01")
    queued = {row.order_no: row for row in await payments.queue(first, 1, utcnow())}
    assert queued[large].needs_approval
    # Staff see how long it has waited against the 120-minute payout rule.
    assert queued[large].waiting_minutes < 2 and not queued[large].over_payout_limit
    later = {
        row.order_no: row
        for row in await payments.queue(first, 1, utcnow() + timedelta(minutes=121))
    }
    assert 121 <= later[large].waiting_minutes < 123 and later[large].over_payout_limit
    # Filed for a second staff member only with the payer's reason for them to read.
    with pytest.raises(AppError) as unexplained:
        await payments.pay(first, large, "", utcnow())
    assert unexplained.value.code == "approval-maker-reason-required"
    waiting = await payments.pay(first, large, "", utcnow(), "verified big winner")
    assert waiting.approval_id is not None and waiting.status is None
    # Asked again (a second click, another staff member): the same request, not a second one.
    assert (await payments.pay(await make_staff("payments"), large, "", utcnow())) == waiting
    assert [a.id for a in await approvals.pending(first, utcnow())].count(waiting.approval_id) == 1
    with pytest.raises(AppError) as own:
        await approvals.approve(first, waiting.approval_id, utcnow())
    assert own.value.code == "approval-own-request"
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == large))
        ).one()
        assert order.paid_amount == Decimal("0.00")

    second = await make_staff("payments")
    approved = await approvals.approve(second, waiting.approval_id, utcnow())
    assert approved.status == approvals.EXECUTED, approved.result
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == large))
        ).one()
        payouts = (
            await session.exec(
                select(WithdrawalPayout).where(WithdrawalPayout.order_id == order.id)
            )
        ).all()
        request = await session.get(ApprovalRequest, waiting.approval_id)
    assert order.paid_amount == Decimal("500.01") and order.remaining_amount == 0
    assert len(payouts) == 1 and payouts[0].staff_id == first.id and payouts[0].operator_id is None
    assert request is not None and request.decided_by == second.id
    await _ledger_clean()


async def test_a_withdrawal_rejected_from_the_console_goes_back_to_cash() -> None:
    staff = await make_staff("payments")
    order_no = await pending_withdrawal("40.00")
    with pytest.raises(AppError) as no_reason:
        await payments.reject(staff, order_no, "  ", utcnow())
    assert no_reason.value.code == "withdrawal-reason-required"
    assert await payments.reject(staff, order_no, "name differs", utcnow()) == "REJECTED"
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
    assert order.rejected_by_staff == staff.id and order.rejected_by is None
    await _ledger_clean()


async def test_threshold_settings_are_checked() -> None:
    admin = await make_staff("admin", None)
    brand = await merchant_id("BR1")
    for kind, amount, code in [
        ("no.such", "1", "approval-kind-unknown"),
        ("balance.adjust", "-1", "approval-threshold-invalid"),
        ("balance.adjust", "NaN", "approval-threshold-invalid"),
    ]:
        with pytest.raises(AppError) as refused:
            await approvals.set_threshold(admin, brand, kind, Decimal(amount), utcnow())
        assert refused.value.code == code
    support = await make_staff("support")
    with pytest.raises(AppError) as forbidden:
        await approvals.set_threshold(support, brand, "balance.adjust", Decimal(1), utcnow())
    assert forbidden.value.code == "staff-forbidden"
