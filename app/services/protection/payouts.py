"""Withdrawal time to payout against Brazil's 120-minute rule (Portaria SPA/MF 615/2024):
for each withdrawal of a period, the minutes from its request to its payment in full (or to
now while unpaid) and whether it passed the limit. Staff read it (`app.cli payout-times`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from models.brand import Merchant
from models.cashier import WithdrawalOrder, WithdrawalStatus

PAYOUT_LIMIT_MINUTES = 120
CLOSED_UNPAID = (WithdrawalStatus.REJECTED, WithdrawalStatus.REFUNDED)
MAX_ROWS = 10_000


@dataclass(frozen=True)
class PayoutTime:
    order_no: str
    member_id: int
    requested_at: datetime
    paid_at: datetime | None  # None: not paid in full yet
    minutes: int  # to the payment, or to now while unpaid

    @property
    def over_limit(self) -> bool:
        return self.minutes > PAYOUT_LIMIT_MINUTES


async def payout_times(
    merchant_id: int, since: datetime, until: datetime, now: datetime
) -> list[PayoutTime]:
    """Withdrawals requested in [since, until), oldest first; rejected ones are left out (no
    payout was owed)."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(WithdrawalOrder)
                .where(
                    WithdrawalOrder.merchant_id == merchant_id,
                    col(WithdrawalOrder.created_at) >= since,
                    col(WithdrawalOrder.created_at) < until,
                    col(WithdrawalOrder.status).not_in(CLOSED_UNPAID),
                )
                .order_by(col(WithdrawalOrder.created_at))
                .limit(MAX_ROWS)
            )
        ).all()
    return [
        PayoutTime(
            order_no=row.order_no,
            member_id=row.member_id,
            requested_at=row.created_at,
            paid_at=row.paid_in_full_at,
            minutes=int(((row.paid_in_full_at or now) - row.created_at).total_seconds() // 60),
        )
        for row in rows
    ]


@dataclass(frozen=True)
class UnpaidQueue:
    """A brand's withdrawals not yet paid in full (rejected and refunded ones owe nothing)."""

    merchant: str
    unpaid: int
    oldest_seconds: float  # the oldest one's wait so far; 0 with none waiting


async def unpaid_queues(now: datetime) -> list[UnpaidQueue]:
    """Every brand's payout queue: how many wait and how long the oldest has waited (the
    120-minute rule's clock, for the operator's dashboard and alert)."""
    async with session_scope() as session:
        waiting = (
            await session.exec(
                select(
                    WithdrawalOrder.merchant_id,
                    func.count(),
                    func.min(WithdrawalOrder.created_at),
                )
                .where(
                    col(WithdrawalOrder.paid_in_full_at).is_(None),
                    col(WithdrawalOrder.status).not_in(CLOSED_UNPAID),
                )
                .group_by(col(WithdrawalOrder.merchant_id))
            )
        ).all()
        brands = (await session.exec(select(Merchant.id, Merchant.code))).all()
    by_brand: dict[int | None, tuple[int, datetime | None]] = {
        merchant_id: (count, oldest) for merchant_id, count, oldest in waiting
    }
    queues = []
    for merchant_id, code in brands:
        count, oldest = by_brand.get(merchant_id, (0, None))
        if oldest is not None and oldest.tzinfo is None:
            oldest = oldest.replace(tzinfo=now.tzinfo)  # SQLite hands back naive UTC
        age = max((now - oldest).total_seconds(), 0.0) if oldest is not None else 0.0
        queues.append(UnpaidQueue(merchant=code, unpaid=count, oldest_seconds=age))
    return queues
