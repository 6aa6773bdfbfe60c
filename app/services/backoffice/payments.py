"""Payments in the console: the withdrawal queue (pay through the four-eyes policy, reject)
over the cashier's withdrawal use cases, and the deposits list. The /wps operator API pays
through the same policy and audit (`operator_pay`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import reporting
from app.services.accounts.members import is_operator
from app.services.backoffice import approvals, audit, player360
from app.services.backoffice.staff import Staff, require
from app.services.brands import Brand, Money, brands
from app.services.cashier import payout_accounts, withdrawals
from app.services.cashier.withdrawals import Operator, WithdrawalView
from app.services.protection import payouts
from models import (
    ApprovalRequest,
    DepositOrder,
    Member,
    PayoutAccount,
    WithdrawalOrder,
    WithdrawalPayout,
)
from models.base import saved_id
from models.cashier import PixKeyType
from models.identity import MemberIdentity

PAY_KIND = "withdrawal.pay"
PAGE_SIZE = 20


@dataclass(frozen=True)
class WithdrawalRow:
    order_no: str
    merchant_id: int
    member_id: int
    username: str
    amount: Decimal
    paid: Decimal
    remaining: Decimal
    status: str
    created_at: datetime
    needs_approval: bool
    waiting_minutes: int  # since the request (Brazil's rule: paid within 120 minutes)

    @property
    def over_payout_limit(self) -> bool:
        return self.waiting_minutes > payouts.PAYOUT_LIMIT_MINUTES


@dataclass(frozen=True)
class DepositRow:
    order_no: str
    merchant_id: int
    member_id: int
    username: str
    channel: str
    amount: Decimal
    status: str
    created_at: datetime


@dataclass(frozen=True)
class Paid:
    """Paid at once (`status` the order's new one) or waiting for approval (`approval_id`)."""

    status: str | None
    approval_id: int | None


def _scope(staff: Staff, column: Any) -> list[Any]:
    return [] if staff.merchant_id is None else [column == staff.merchant_id]


async def queue(staff: Staff, page: int, now: datetime) -> list[WithdrawalRow]:
    """Open withdrawals (an amount still to pay or reject), oldest first."""
    await require(staff, "payments.view", staff.merchant_id, now)
    page = max(1, min(page, 10_000))
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(WithdrawalOrder, Member.username)
                .join(Member, col(Member.id) == WithdrawalOrder.member_id)
                .where(WithdrawalOrder.remaining_amount > 0)
                .where(*_scope(staff, WithdrawalOrder.merchant_id))
                .order_by(col(WithdrawalOrder.id))
                .offset((page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
        found = []
        for order, username in rows:
            limit = await approvals.threshold(session, order.merchant_id, PAY_KIND)
            found.append(
                WithdrawalRow(
                    order_no=order.order_no,
                    merchant_id=order.merchant_id,
                    member_id=order.member_id,
                    username=username,
                    amount=order.amount,
                    paid=order.paid_amount,
                    remaining=order.remaining_amount,
                    status=order.status,
                    created_at=order.created_at,
                    needs_approval=order.remaining_amount > limit,
                    waiting_minutes=int((now - order.created_at).total_seconds() // 60),
                )
            )
    return found


async def deposits(staff: Staff, page: int, now: datetime) -> list[DepositRow]:
    """Deposits, newest first."""
    await require(staff, "payments.view", staff.merchant_id, now)
    page = max(1, min(page, 10_000))
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(DepositOrder, Member.username)
                .join(Member, col(Member.id) == DepositOrder.member_id)
                .where(*_scope(staff, DepositOrder.merchant_id))
                .order_by(col(DepositOrder.id).desc())
                .offset((page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
    return [
        DepositRow(
            order_no=d.order_no,
            merchant_id=d.merchant_id,
            member_id=d.member_id,
            username=username,
            channel=d.channel_code,
            amount=d.amount,
            status=d.status,
            created_at=d.created_at,
        )
        for d, username in rows
    ]


async def _order(order_no: str) -> tuple[WithdrawalOrder, int]:
    """The order and the number of its next part."""
    async with session_scope() as session:
        order = (
            await session.exec(
                select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no.strip()[:40])
            )
        ).first()
        if order is None:
            raise AppError("withdrawal-order-unknown", status=404)
        parts = (
            await session.exec(
                select(WithdrawalPayout.id).where(WithdrawalPayout.order_id == order.id)
            )
        ).all()
    return order, len(parts) + 1


def _paid_entry(
    actor: audit.Actor, part_no: int, approval: int | None, now: datetime
) -> withdrawals.PaidRecord:
    """The payout's audit entry, written in the payout's own transaction."""

    async def record(session: AsyncSession, order: WithdrawalOrder, amount: Decimal) -> None:
        await audit.append(
            session, actor, "withdrawal.pay", now=now, merchant_id=order.merchant_id,
            target=order.order_no,
            detail={"part": part_no, "amount": f"{amount:.2f}", "approval": approval},
        )  # fmt: skip

    return record


def _action(
    order: WithdrawalOrder, part_no: int, amount: Decimal, reason: str = ""
) -> approvals.Action:
    payload: dict[str, Any] = {"order": order.order_no, "part": part_no, "amount": f"{amount:.2f}"}
    if reason:
        payload["reason"] = reason
    return approvals.Action(
        kind=PAY_KIND,
        merchant_id=order.merchant_id,
        amount=amount,
        subject=f"member:{order.member_id}",
        key=f"{order.order_no}:{part_no}",
        payload=payload,
        summary=f"pay {amount:.2f} {order.order_no}",
    )


@dataclass(frozen=True)
class PayoutReview:
    """What the payer reads before paying: to whom (the account's holder, the verified name,
    the PIX key and whether it is the member's own CPF), the member's identity state, their
    money since the last payout and over their life, the withdrawal rule, and risk flags."""

    order_no: str
    merchant_id: int
    member_id: int
    username: str
    amount: Decimal  # what is still to pay
    status: str
    payee_name: str
    verified_name: str
    account_kind: str  # PIX, BANK
    key_type: str  # CPF, EMAIL, PHONE, RANDOM ("" for a bank account)
    key: str
    own_cpf: bool | None  # a CPF key: is it the member's own; None: not a CPF key
    kyc_status: str  # "" when the brand asks none
    deposited_since: Decimal  # since the last fully paid withdrawal
    wagered_since: Decimal
    wagering_required: Decimal
    rule_met: bool
    deposits_total: Decimal
    bets_total: Decimal
    wins_total: Decimal
    risk: list[player360.RiskFlag]
    needs_approval: bool


async def payout_review(staff: Staff, order_no: str, now: datetime) -> PayoutReview:
    order, _ = await _order(order_no)
    await require(staff, "payments.pay", order.merchant_id, now)
    brand = await brands.by_id(order.merchant_id)
    async with session_scope() as session:
        member = await session.get(Member, order.member_id)
        account = await session.get(PayoutAccount, order.payout_account_id)
        identity = await session.get(MemberIdentity, order.member_id)
        assert member is not None and account is not None
        turnover = await withdrawals.remaining_wagering(session, brand, order.member_id)
        totals = await reporting.member_totals(
            session, order.member_id, reporting.period(member.created_at)
        )
        deposited = await withdrawals.deposited_total(session, brand, order.member_id)
        risk = await player360.risk_flags(session, member, identity, now)
        limit = await approvals.threshold(session, order.merchant_id, PAY_KIND)
    cpf_key = account.pix_key_type == PixKeyType.CPF
    return PayoutReview(
        order_no=order.order_no,
        merchant_id=order.merchant_id,
        member_id=order.member_id,
        username=member.username,
        amount=order.remaining_amount,
        status=order.status,
        payee_name=account.holder_name,
        verified_name=identity.full_name if identity else "",
        account_kind=account.kind,
        key_type=account.pix_key_type or "",
        key=payout_accounts.in_full(account),
        own_cpf=(identity is not None and account.identifier == identity.cpf) if cpf_key else None,
        kyc_status=identity.status if identity else "",
        deposited_since=turnover.deposited,
        wagered_since=turnover.wagered,
        wagering_required=turnover.required,
        rule_met=turnover.remaining <= 0,
        deposits_total=deposited,
        bets_total=totals.bet,
        wins_total=totals.win,
        risk=risk,
        needs_approval=order.remaining_amount > limit,
    )


async def pay(
    staff: Staff, order_no: str, amount_text: Any, now: datetime, reason: str = ""
) -> Paid:
    """Pay the next part (the whole rest when no amount is given), through the four-eyes
    policy: above the threshold, or past the day's sums, it waits for a second staff member
    (`reason`, the payer's words for the checker, is then required)."""
    order, part_no = await _order(order_no)
    await require(staff, "payments.pay", order.merchant_id, now)
    brand = await brands.by_id(order.merchant_id)
    if amount_text in (None, ""):
        amount = order.remaining_amount
    else:
        amount = withdrawals.parse_amount(amount_text, brand.amount_digits)
    if order.remaining_amount <= 0:
        raise AppError("withdrawal-not-payable", status=409)
    if amount > order.remaining_amount:
        raise AppError(
            "withdrawal-payout-over-remaining",
            status=422,
            params={"remaining": Money.of(brand).in_message(order.remaining_amount)},
        )
    decided = await approvals.decide(
        staff,
        _action(order, part_no, amount, " ".join(reason.split())[:200]),
        lambda: withdrawals.pay_part(
            brand,
            Operator(staff_id=staff.id),
            order.order_no,
            part_no,
            f"{amount:.2f}",
            record=_paid_entry(staff.actor, part_no, None, now),
        ),
        now,
    )
    if decided.request is not None:
        return Paid(None, decided.request.id)
    assert decided.done is not None
    return Paid(decided.done.order.status, None)


async def operator_pay(
    brand: Brand, operator: Member, order_no: str, part_no: int, amount_text: Any, now: datetime
) -> WithdrawalView:
    """The /wps operator API's payout (an operator member, no staff account): the same
    policy and audit, but it cannot file a request, so it pays only what one person may
    decide alone (`approval-console-only` above: the console's four-eyes pays it)."""
    if not is_operator(operator) or operator.merchant_id != brand.id:
        raise AppError("operator-only", status=403)
    amount = withdrawals.parse_amount(amount_text, brand.amount_digits)
    order, _ = await _order(order_no)
    if order.merchant_id != brand.id:
        raise AppError("withdrawal-order-unknown", status=404)
    actor = audit.Actor(None, f"operator:{operator.username}")
    return await approvals.act_alone(
        f"operator:{operator.id}",
        _action(order, part_no, amount),
        lambda: withdrawals.pay_part(
            brand,
            operator,
            order.order_no,
            part_no,
            amount_text,
            record=_paid_entry(actor, part_no, None, now),
        ),
        now,
    )


async def _record(
    staff: Staff, action: str, order: WithdrawalOrder, now: datetime, **detail: Any
) -> None:
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=order.merchant_id,
            target=order.order_no,
            detail=detail,
        )


async def reject(staff: Staff, order_no: str, reason: str, now: datetime) -> str:
    order, _ = await _order(order_no)
    await require(staff, "payments.reject", order.merchant_id, now)
    brand = await brands.by_id(order.merchant_id)
    view = await withdrawals.reject(brand, Operator(staff_id=staff.id), order.order_no, reason)
    await _record(staff, "withdrawal.reject", order, now, reason=view.order.reject_reason or "")
    return view.order.status


async def _run_payment(request: ApprovalRequest, approver: Staff, now: datetime) -> dict[str, Any]:
    payload = request.payload
    brand = await brands.by_id(saved_id(request.merchant_id))
    part_no = int(payload["part"])
    view = await withdrawals.pay_part(
        brand,
        Operator(staff_id=saved_id(request.requested_by)),
        str(payload["order"]),
        part_no,
        str(payload["amount"]),
        record=_paid_entry(approver.actor, part_no, request.id, now),
    )
    return {"order": view.order.order_no, "status": view.order.status}


APPROVAL_EXECUTORS = ((PAY_KIND, _run_payment),)
