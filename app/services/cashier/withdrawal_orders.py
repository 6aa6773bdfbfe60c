"""Withdrawal orders as shown (to their member and to operators), their status derived from
their paid parts, and who may handle them (`Operator`): what requests, payouts and receipts
share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import session_scope
from app.core.errors import AppError
from app.services import ledger
from app.services.accounts.members import is_operator
from app.services.brands import Brand
from models import Member, PayoutAccount, WithdrawalOrder, WithdrawalPayout
from models.base import saved_id
from models.cashier import PayoutReceipt, WithdrawalStatus
from models.ledger import AccountKind

ZERO = Decimal("0.00")
DONE_STATUSES = frozenset({WithdrawalStatus.RECEIVED, WithdrawalStatus.AUTO_RECEIVED})
CASH = ledger.of_member(AccountKind.MEMBER_CASH)
LOCKED = ledger.of_member(AccountKind.MEMBER_LOCKED)
CLEARING = ledger.of_merchant(AccountKind.PAYMENT_CLEARING)  # the brand's, this member's shard


# --- orders as shown -------------------------------------------------------------------


@dataclass(frozen=True)
class WithdrawalView:
    order: WithdrawalOrder
    payouts: tuple[WithdrawalPayout, ...]
    account: PayoutAccount

    @property
    def awaiting_amount(self) -> Decimal:
        """Paid out and not answered yet: what the member is asked to confirm."""
        return sum((p.amount for p in self._awaiting), ZERO)

    @property
    def confirm_by(self) -> datetime | None:
        """When the oldest unanswered part counts as received."""
        if not self._awaiting:
            return None
        minutes = get_settings().withdrawal_auto_receive_minutes
        return min(p.paid_at for p in self._awaiting) + timedelta(minutes=minutes)

    @property
    def done(self) -> bool:
        """Spec 4: full payment is marked as done."""
        return self.order.status in DONE_STATUSES

    @property
    def _awaiting(self) -> list[WithdrawalPayout]:
        return [p for p in self.payouts if p.receipt == PayoutReceipt.AWAITING]


def derived_status(order: WithdrawalOrder, payouts: Sequence[WithdrawalPayout]) -> str:
    receipts = {p.receipt for p in payouts}
    if PayoutReceipt.NOT_RECEIVED in receipts:
        return WithdrawalStatus.INVESTIGATING
    if order.rejected_at is not None:
        return WithdrawalStatus.REJECTED
    if order.remaining_amount > 0:
        return (
            WithdrawalStatus.PARTIALLY_PAID if order.paid_amount > 0 else WithdrawalStatus.PENDING
        )
    if PayoutReceipt.AWAITING in receipts:
        return WithdrawalStatus.DISBURSED
    if receipts == {PayoutReceipt.REFUNDED}:
        return WithdrawalStatus.REFUNDED
    if PayoutReceipt.AUTO_RECEIVED in receipts:
        return WithdrawalStatus.AUTO_RECEIVED
    return WithdrawalStatus.RECEIVED


async def order_payouts(session: AsyncSession, order_id: int | None) -> list[WithdrawalPayout]:
    return list(
        (
            await session.exec(
                select(WithdrawalPayout)
                .where(WithdrawalPayout.order_id == order_id)
                .order_by(col(WithdrawalPayout.part_no))
            )
        ).all()
    )


async def order_views(
    session: AsyncSession, orders: Sequence[WithdrawalOrder]
) -> list[WithdrawalView]:
    order_ids = [o.id for o in orders]
    payouts = (
        await session.exec(
            select(WithdrawalPayout)
            .where(col(WithdrawalPayout.order_id).in_(order_ids))
            .order_by(col(WithdrawalPayout.part_no))
        )
    ).all()
    account_ids = {o.payout_account_id for o in orders}
    accounts = {
        a.id: a
        for a in (
            await session.exec(select(PayoutAccount).where(col(PayoutAccount.id).in_(account_ids)))
        ).all()
    }
    return [
        WithdrawalView(
            order,
            tuple(p for p in payouts if p.order_id == order.id),
            accounts[order.payout_account_id],
        )
        for order in orders
    ]


async def order_page(
    filters: list[Any], page: int, page_size: int, newest_first: bool
) -> tuple[list[WithdrawalView], int]:
    order_by = col(WithdrawalOrder.id).desc() if newest_first else col(WithdrawalOrder.id)
    async with session_scope() as session:
        total = (await session.exec(select(func.count()).where(*filters))).one()
        orders = (
            await session.exec(
                select(WithdrawalOrder)
                .where(*filters)
                .order_by(order_by)
                .offset((page - 1) * page_size)
                .limit(page_size)
            )
        ).all()
        return await order_views(session, orders), int(total)


async def member_orders(
    member: Member, page: int = 1, page_size: int = 20
) -> tuple[list[WithdrawalView], int]:
    """The member's own withdrawals, newest first."""
    return await order_page([WithdrawalOrder.member_id == member.id], page, page_size, True)


async def member_order(member: Member, order_no: str) -> WithdrawalView:
    """A member's own order; anybody else's answers as unknown."""
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).first()
        if order is None or order.member_id != member.id:
            raise AppError("withdrawal-order-unknown", status=404)
        return (await order_views(session, [order]))[0]


# --- operators -------------------------------------------------------------------------


@dataclass(frozen=True)
class Operator:
    """Who pays or rejects: an operator member (the /wps operator API) or a staff member of the
    back office, whose permission and brand app/services/backoffice checked before the call."""

    member_id: int | None = None
    staff_id: int | None = None


def require_operator(brand: Brand, operator: Member | Operator) -> Operator:
    if isinstance(operator, Operator):
        if operator.staff_id is None and operator.member_id is None:
            raise AppError("operator-only", status=403)
        return operator
    if not is_operator(operator) or operator.merchant_id != brand.id:
        raise AppError("operator-only", status=403)
    return Operator(member_id=operator.id)


def operator_metadata(operator: Operator) -> dict[str, int]:
    """The operator as the ledger's metadata names them."""
    if operator.staff_id is not None:
        return {"staff": operator.staff_id}
    return {"operator": saved_id(operator.member_id)}


async def locked_order(
    session: AsyncSession, brand: Brand, operator: Operator, order_no: str
) -> WithdrawalOrder:
    order = (
        await session.exec(
            select(WithdrawalOrder)
            .where(WithdrawalOrder.order_no == order_no, WithdrawalOrder.merchant_id == brand.id)
            .with_for_update()
        )
    ).first()
    if order is None:
        raise AppError("withdrawal-order-unknown", status=404)
    if operator.member_id is not None and order.member_id == operator.member_id:
        raise AppError("withdrawal-own-order", status=403)
    return order
