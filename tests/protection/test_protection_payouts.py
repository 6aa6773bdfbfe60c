"""Withdrawal time to payout against the 120-minute rule (Portaria SPA/MF 615/2024): each
withdrawal's minutes from request to payment in full, or to now while unpaid; staff read it
with `app.cli payout-times` (exit 1 when one is over)."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import update

from app import cli
from app.core.db import write_transaction
from app.services.brands import brands
from app.services.cashier import withdrawals
from app.services.protection import payouts
from models import WithdrawalOrder
from models.base import utcnow
from tests.cashier.test_withdrawal_job import PAYMENT_PASSWORD, _member, _paid_order
from tests.helpers.accounts import make_member


async def _requested_minutes_ago(order_no: str, minutes: int) -> None:
    async with write_transaction() as session:
        await session.exec(
            update(WithdrawalOrder)
            .where(WithdrawalOrder.order_no == order_no)  # type: ignore[arg-type]
            .values(created_at=utcnow() - timedelta(minutes=minutes))
        )


async def test_a_withdrawal_paid_after_120_minutes_is_flagged_and_an_unpaid_one_counts_on() -> None:
    brand = await brands.by_code("BR1")
    operator = await make_member(account_type=99)
    _, fast = await _paid_order(brand, operator, "50.00")
    _, slow = await _paid_order(brand, operator, "50.00")
    await _requested_minutes_ago(slow, 125)  # paid just now, 125 minutes after the request
    member, account_id = await _member(brand)
    open_order = await withdrawals.request_withdrawal(
        brand, member, "20.00", account_id, PAYMENT_PASSWORD
    )
    await _requested_minutes_ago(open_order.order.order_no, 90)
    now = utcnow()
    found = {
        row.order_no: row
        for row in await payouts.payout_times(brand.id, now - timedelta(hours=3), now, now)
    }
    assert not found[fast].over_limit and found[fast].minutes < 5
    assert found[slow].over_limit and found[slow].minutes >= 124
    unpaid = found[open_order.order.order_no]
    assert unpaid.paid_at is None and 90 <= unpaid.minutes < 95 and not unpaid.over_limit
    later = now + timedelta(minutes=31)
    (still_open,) = [
        row
        for row in await payouts.payout_times(brand.id, now - timedelta(hours=3), now, later)
        if row.order_no == open_order.order.order_no
    ]
    assert still_open.over_limit  # an unpaid withdrawal passes 120 minutes as time goes on


def test_the_cli_lists_payout_times_and_fails_when_one_is_over(capsys: object) -> None:
    code = cli.main(["payout-times", "BR1", "--hours", "24"])
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.startswith("order_no,member_id,requested_at_utc,paid_at_utc,minutes,over_limit")
    assert code in (0, 1) and ("over 120 minutes" in out)
