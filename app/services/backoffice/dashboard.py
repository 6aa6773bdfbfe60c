"""The console's first page: what waits for staff (open withdrawals, approvals) and today's
new players and deposits, for the staff member's brand (or every brand)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from decimal import Decimal
from typing import Any

from sqlmodel import func, select

from app.core.db import session_scope
from app.services.backoffice import approvals
from app.services.backoffice.staff import Staff, require
from models import DepositOrder, Member, WithdrawalOrder
from models.cashier import DepositStatus


@dataclass(frozen=True)
class Summary:
    open_withdrawals: int
    open_withdrawal_amount: Decimal
    pending_approvals: int
    new_players_today: int
    deposits_today: Decimal


async def summary(staff: Staff, now: datetime) -> Summary:
    await require(staff, "dashboard.view", staff.merchant_id, now)
    start = datetime.combine(now.date(), time.min, tzinfo=now.tzinfo)

    def scoped(column: Any) -> list[Any]:
        return [] if staff.merchant_id is None else [column == staff.merchant_id]

    async with session_scope() as session:
        count, amount = (
            await session.exec(
                select(func.count(), func.coalesce(func.sum(WithdrawalOrder.remaining_amount), 0))
                .where(WithdrawalOrder.remaining_amount > 0)
                .where(*scoped(WithdrawalOrder.merchant_id))
            )
        ).one()
        players = (
            await session.exec(
                select(func.count())
                .select_from(Member)
                .where(Member.created_at >= start, *scoped(Member.merchant_id))
            )
        ).one()
        deposits = (
            await session.exec(
                select(func.coalesce(func.sum(DepositOrder.credited_amount), 0)).where(
                    DepositOrder.status == DepositStatus.PAID,
                    DepositOrder.created_at >= start,
                    *scoped(DepositOrder.merchant_id),
                )
            )
        ).one()
    return Summary(
        open_withdrawals=int(count),
        open_withdrawal_amount=Decimal(amount).quantize(Decimal("0.01")),
        pending_approvals=await approvals.pending_count(staff.merchant_id),
        new_players_today=int(players),
        deposits_today=Decimal(deposits).quantize(Decimal("0.01")),
    )
