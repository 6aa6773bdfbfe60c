"""Withdrawals (withdraw, withdrawal confirmation): per-brand limits and the wagering
requirement (the payment password that proves a request: app/services/accounts/
payment_password.py), funds locked on request, paid out by an operator in one or more
parts or rejected, then confirmed by the member or, after a time-out, received automatically.

Money moves only through the ledger: a request moves MEMBER_CASH → MEMBER_LOCKED
(WITHDRAWAL_LOCK), each paid part MEMBER_LOCKED → PAYMENT_CLEARING (WITHDRAWAL), a
rejection the unpaid rest MEMBER_LOCKED → MEMBER_CASH (WITHDRAWAL_RELEASE), and a part an
investigation finds not paid PAYMENT_CLEARING → MEMBER_CASH (WITHDRAWAL_RELEASE, a refund).

Requests and operators' payouts are here; the limits and wagering in withdrawal_rules.py,
orders as shown in withdrawal_orders.py, the member's confirmation and investigations in
withdrawal_receipts.py (their public names are importable from here).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, ledger
from app.services.accounts.members import require_real_account
from app.services.accounts.payment_password import check_payment_password, refuse_if_locked
from app.services.brands import Brand, Money
from app.services.cashier import payout_accounts
from app.services.cashier.withdrawal_orders import (
    CASH,
    CLEARING,
    LOCKED,
    Operator,
    WithdrawalView,
    derived_status,
    locked_order,
    member_order,
    member_orders,
    operator_metadata,
    order_page,
    order_payouts,
    order_views,
    require_operator,
)
from app.services.cashier.withdrawal_receipts import (
    auto_receive_due,
    close_investigation,
    confirm_receipt,
    proof_image,
)
from app.services.cashier.withdrawal_rules import (
    Turnover,
    WithdrawalOverview,
    WithdrawalRules,
    brand_rules,
    deposited_total,
    overview,
    remaining_wagering,
    rules,
    turnover_of,
    used_today,
    wagering_multiplier,
)
from app.services.identity import onboarding
from app.services.inbox import post_message
from app.services.loyalty import vip
from app.services.wallet_events import balance_changed
from models import Member, WithdrawalOrder, WithdrawalPayout
from models.base import saved_id
from models.cashier import MessageKind, WithdrawalStatus
from models.ledger import TransactionKind

__all__ = [
    "Operator",
    "PaidRecord",
    "Turnover",
    "WithdrawalOverview",
    "WithdrawalRules",
    "WithdrawalView",
    "auto_receive_due",
    "brand_rules",
    "close_investigation",
    "compulsory_refund_in",
    "confirm_receipt",
    "deposited_total",
    "member_order",
    "member_orders",
    "operator_orders",
    "overview",
    "parse_amount",
    "pay_part",
    "proof_image",
    "reject",
    "remaining_wagering",
    "request_withdrawal",
    "rules",
    "wagering_multiplier",
]

ZERO = Decimal("0.00")


# --- request ---------------------------------------------------------------------------


def parse_amount(text: Any, digits: int = 2) -> Decimal:
    """A positive amount with at most two decimals (the deposit form's rules) and no more
    than the currency's `digits`, in cents."""
    return amounts.parse_amount(text, "withdrawal-amount-invalid", digits=digits)


async def _lock_order(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    payout_account_id: int,
    amount: Decimal,
    now: datetime,
) -> WithdrawalOrder:
    """Building block: move the amount from the member's cash to their locked account and
    write the order that holds it."""
    order_no = f"W{now:%y%m%d%H%M%S}{secrets.token_hex(4).upper()}"
    posted = await ledger.transfer(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        currency=brand.currency,
        kind=TransactionKind.WITHDRAWAL_LOCK,
        idempotency_key=f"withdrawal-lock:{order_no}",
        from_=CASH,
        to=LOCKED,
        amount=amount,
        reference=order_no,
    )
    order = WithdrawalOrder(
        order_no=order_no,
        merchant_id=brand.id,
        member_id=member_id,
        payout_account_id=payout_account_id,
        currency=brand.currency,
        amount=amount,
        remaining_amount=amount,
        lock_transaction_id=posted.transaction_id,
        created_at=now,
        updated_at=now,
    )
    session.add(order)
    return order


async def compulsory_refund_in(
    session: AsyncSession, brand: Brand, member_id: int, payout_account_id: int, now: datetime
) -> WithdrawalOrder | None:
    """Building block of an account closure: an order for the member's whole cash balance to
    an account in their own CPF, without their limits, password or turnover (the law returns
    the money); operators pay it as any other. None when the balance is zero. The caller holds
    the member's row and tells the open pages after its commit."""
    wallet = await ledger.member_wallet(
        session, merchant_id=brand.id, member_id=member_id, currency=brand.currency
    )
    if wallet.cash <= 0:
        return None
    return await _lock_order(session, brand, member_id, payout_account_id, wallet.cash, now)


async def request_withdrawal(
    brand: Brand, member: Member, amount_text: Any, payout_account_id: int, payment_password: str
) -> WithdrawalView:
    """Lock the amount for a new order, after every check; nothing is written on refusal."""
    require_real_account(member)
    assert member.id is not None
    await refuse_if_locked(member.id)
    amount = parse_amount(amount_text, brand.amount_digits)
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand))
        await onboarding.require_may_withdraw(session, member)
        account = await payout_accounts.member_account(session, member, payout_account_id)
        await onboarding.require_own_payout(
            session, member.id, account.kind, account.pix_key_type, account.identifier
        )
    money = Money.of(brand)
    if amount < limits.min_amount:
        below = {"min": money.in_message(limits.min_amount)}
        raise AppError("withdrawal-amount-below-min", status=422, params=below)
    if amount > limits.max_amount:
        above = {"max": money.in_message(limits.max_amount)}
        raise AppError("withdrawal-amount-above-max", status=422, params=above)
    await check_payment_password(member, payment_password)
    now = clock.now()
    async with write_transaction() as session:
        # One request of a member at a time: the count, turnover and balance stay true.
        await session.exec(select(Member.id).where(Member.id == member.id).with_for_update())
        if await used_today(session, brand, member.id, now) >= limits.daily_count:
            raise AppError(
                "withdrawal-daily-limit", status=429, params={"limit": limits.daily_count}
            )
        turnover = await turnover_of(session, brand, member.id, limits.turnover_multiplier)
        if turnover.remaining > 0:
            left = {"remaining": money.in_message(turnover.remaining)}
            raise AppError("withdrawal-turnover-not-met", status=409, params=left)
        wallet = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member.id, currency=brand.currency
        )
        if amount > wallet.cash:
            balance = {"balance": money.in_message(wallet.cash)}
            raise AppError("withdrawal-insufficient-balance", status=409, params=balance)
        order = await _lock_order(session, brand, member.id, payout_account_id, amount, now)
    await balance_changed(member.id)
    return WithdrawalView(order, (), account)


# --- operators -------------------------------------------------------------------------


async def operator_orders(
    brand: Brand, operator: Member, status: str | None, page: int = 1, page_size: int = 20
) -> tuple[list[WithdrawalView], int]:
    """The brand's withdrawals, oldest first: by status, or by default those still open
    (an amount left to pay or reject)."""
    require_operator(brand, operator)
    filters: list[Any] = [WithdrawalOrder.merchant_id == brand.id]
    if status is None:
        filters.append(WithdrawalOrder.remaining_amount > 0)
    elif status in WithdrawalStatus.__members__:
        filters.append(WithdrawalOrder.status == status)
    else:
        raise AppError("withdrawal-status-invalid", status=422)
    return await order_page(filters, page, page_size, False)


# Writes the decision's audit entry in the payout's own transaction (the back office's
# approval policy, app/services/backoffice/payments.py, is the only caller).
PaidRecord = Callable[[AsyncSession, WithdrawalOrder, Decimal], Awaitable[None]]


async def pay_part(
    brand: Brand,
    operator: Member | Operator,
    order_no: str,
    part_no: int,
    amount_text: Any,
    *,
    record: PaidRecord,
) -> WithdrawalView:
    """Pay one part (the whole rest or less). `part_no` is the next part's number; repeating
    a paid part with the same amount answers again without paying twice. Called through the
    four-eyes policy only (app/services/backoffice/payments.py), whose `record` writes the
    payout's audit entry in its transaction."""
    operator = require_operator(brand, operator)
    amount = parse_amount(amount_text, brand.amount_digits)
    paid = False
    async with write_transaction() as session:
        order = await locked_order(session, brand, operator, order_no)
        payouts = await order_payouts(session, order.id)
        existing = next((p for p in payouts if p.part_no == part_no), None)
        if (existing is None and part_no != len(payouts) + 1) or (
            existing is not None and existing.amount != amount
        ):
            raise AppError(
                "withdrawal-part-conflict",
                status=409,
                params={"partNo": part_no, "next": len(payouts) + 1},
            )
        if existing is None:
            if order.remaining_amount <= 0:
                raise AppError("withdrawal-not-payable", status=409)
            if amount > order.remaining_amount:
                raise AppError(
                    "withdrawal-payout-over-remaining",
                    status=422,
                    params={"remaining": Money.of(brand).in_message(order.remaining_amount)},
                )
            posted = await ledger.transfer(
                session,
                merchant_id=brand.id,
                member_id=order.member_id,
                currency=brand.currency,
                kind=TransactionKind.WITHDRAWAL,
                idempotency_key=f"withdrawal-payout:{order_no}:{part_no}",
                from_=LOCKED,
                to=CLEARING,
                amount=amount,
                reference=order_no,
                metadata={"part": part_no, **operator_metadata(operator)},
            )
            now = clock.now()
            payouts.append(
                WithdrawalPayout(
                    order_id=saved_id(order.id),
                    part_no=part_no,
                    amount=amount,
                    operator_id=operator.member_id,
                    staff_id=operator.staff_id,
                    ledger_transaction_id=posted.transaction_id,
                    paid_at=now,
                )
            )
            session.add(payouts[-1])
            order.paid_amount += amount
            order.remaining_amount -= amount
            if order.remaining_amount == 0:
                order.paid_in_full_at = now
            order.status = derived_status(order, payouts)
            order.updated_at = now
            session.add(order)
            await post_message(
                session,
                order.member_id,
                MessageKind.WITHDRAWAL_APPROVED,
                {"orderNo": order.order_no, "amount": f"{amount:.2f}"},
            )
            await record(session, order, amount)
            paid = True
        view = (await order_views(session, [order]))[0]
    if paid:
        await balance_changed(order.member_id)
    return view


async def reject(
    brand: Brand, operator: Member | Operator, order_no: str, reason: str
) -> WithdrawalView:
    """Refuse the unpaid rest: it goes back to the member's cash. Parts already paid stay
    paid; rejecting twice answers again without moving money twice."""
    operator = require_operator(brand, operator)
    reason = " ".join(reason.split())
    if not reason:
        raise AppError("withdrawal-reason-required", status=422)
    released = False
    async with write_transaction() as session:
        order = await locked_order(session, brand, operator, order_no)
        if order.rejected_at is None:
            if order.remaining_amount <= 0:
                raise AppError("withdrawal-not-payable", status=409)
            amount = order.remaining_amount
            posted = await ledger.transfer(
                session,
                merchant_id=brand.id,
                member_id=order.member_id,
                currency=brand.currency,
                kind=TransactionKind.WITHDRAWAL_RELEASE,
                idempotency_key=f"withdrawal-release:{order_no}",
                from_=LOCKED,
                to=CASH,
                amount=amount,
                reference=order_no,
                metadata={**operator_metadata(operator), "reason": reason[:200]},
            )
            now = clock.now()
            order.released_amount = amount
            order.remaining_amount = ZERO
            order.release_transaction_id = posted.transaction_id
            order.reject_reason = reason[:200]
            order.rejected_by = operator.member_id
            order.rejected_by_staff = operator.staff_id
            order.rejected_at = order.updated_at = now
            order.status = derived_status(order, await order_payouts(session, order.id))
            session.add(order)
            await post_message(
                session,
                order.member_id,
                MessageKind.WITHDRAWAL_REJECTED,
                {"orderNo": order.order_no, "amount": f"{amount:.2f}"},
            )
            released = True
        view = (await order_views(session, [order]))[0]
    if released:
        await balance_changed(order.member_id)
    return view
