"""The investigation queue in the console: a paid part the member reports not received (with
a proof image) is listed for payments staff of the brand, its proof shown, and closed with
a note: NOT_PAID refunds the part to the member's cash through the ledger; RECEIVED moves no
money. A note is required; another brand's staff is refused; each close is audited."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import investigations, payments
from app.services.cashier import withdrawals
from models import AuditEntry, Member, WithdrawalOrder
from models.base import utcnow
from models.cashier import PayoutReceipt
from tests.helpers.backoffice import make_staff, pending_withdrawal
from tests.helpers.images import small_png
from tests.helpers.money import cash

PNG = small_png()


async def _reported(amount: str) -> tuple[str, Member]:
    """An order paid in full whose member says the money never arrived."""
    order_no = await pending_withdrawal(amount)
    payer = await make_staff("payments", "BR1")
    await payments.pay(payer, order_no, amount, utcnow())
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
        member = await session.get(Member, order.member_id)
    assert member is not None
    await withdrawals.confirm_receipt(member, order_no, PayoutReceipt.NOT_RECEIVED, PNG)
    return order_no, member


async def test_not_paid_refunds_the_part_and_is_audited() -> None:
    order_no, member = await _reported("30.00")
    staff = await make_staff("payments", "BR1")
    [listed] = [i for i in await investigations.queue(staff, utcnow()) if i.order_no == order_no]
    assert listed.username == member.username and listed.parts[0].has_proof
    assert listed.parts[0].amount == Decimal("30.00")
    shown = await investigations.proof(staff, order_no, 1, utcnow())
    assert shown.startswith("data:image/png;base64,")

    with pytest.raises(AppError) as no_note:
        await investigations.close(staff, order_no, "NOT_PAID", "  ", utcnow())
    assert no_note.value.code == "staff-reason-required"
    other = await make_staff("payments", "BR2")
    with pytest.raises(AppError) as refused:
        await investigations.close(other, order_no, "NOT_PAID", "provider shows nothing", utcnow())
    assert refused.value.code == "staff-forbidden"

    before = await cash(member)
    await investigations.close(staff, order_no, "not_paid", "provider shows nothing", utcnow())
    assert await cash(member) == before + Decimal("30.00")
    assert order_no not in {i.order_no for i in await investigations.queue(staff, utcnow())}
    async with session_scope() as session:
        [entry] = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "withdrawal.investigation.close",
                    AuditEntry.target == order_no,
                )
            )
        ).all()
    assert entry.staff_id == staff.id
    assert json.loads(entry.detail)["outcome"] == "NOT_PAID"
    with pytest.raises(AppError) as closed:
        await investigations.close(staff, order_no, "RECEIVED", "again", utcnow())
    assert closed.value.code == "investigation-none-open"


async def test_received_moves_no_money() -> None:
    order_no, member = await _reported("12.00")
    staff = await make_staff("payments", "BR1")
    before = await cash(member)
    with pytest.raises(AppError) as bad:
        await investigations.close(staff, order_no, "MAYBE", "unsure", utcnow())
    assert bad.value.code == "investigation-outcome-invalid"
    await investigations.close(staff, order_no, "RECEIVED", "bank statement shows it", utcnow())
    assert await cash(member) == before
