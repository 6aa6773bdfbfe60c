"""Withdrawals (withdraw, withdrawal confirmation): per-brand limits and the wagering
requirement (the payment password that proves a request: app/services/accounts/
payment_password.py), funds locked on request, paid out by an operator in one or more
parts or rejected, then confirmed by the member or, after a time-out, received automatically.

Money moves only through the ledger: a request moves MEMBER_CASH → MEMBER_LOCKED
(WITHDRAWAL_LOCK), each paid part MEMBER_LOCKED → PAYMENT_CLEARING (WITHDRAWAL), a
rejection the unpaid rest MEMBER_LOCKED → MEMBER_CASH (WITHDRAWAL_RELEASE), and a part an
investigation finds not paid PAYMENT_CLEARING → MEMBER_CASH (WITHDRAWAL_RELEASE, a refund).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, ledger, reporting
from app.services.accounts.members import is_operator, require_real_account
from app.services.accounts.payment_password import (
    PaymentPasswordState,
    check_payment_password,
    payment_password_state,
    refuse_if_locked,
)
from app.services.brands import Brand
from app.services.cashier import payout_accounts
from app.services.identity import onboarding
from app.services.images import image_format
from app.services.inbox import post_message
from app.services.loyalty import vip
from app.services.wallet_events import balance_changed
from models import (
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    Member,
    MemberTransfer,
    PayoutAccount,
    WithdrawalOrder,
    WithdrawalPayout,
    WithdrawalRule,
)
from models.base import saved_id, utcnow
from models.cashier import InvestigationOutcome, MessageKind, PayoutReceipt, WithdrawalStatus
from models.ledger import AccountKind, TransactionKind, account_owner_key

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
DONE_STATUSES = frozenset({WithdrawalStatus.RECEIVED, WithdrawalStatus.AUTO_RECEIVED})
MEMBER_ANSWERS = frozenset({PayoutReceipt.RECEIVED, PayoutReceipt.NOT_RECEIVED})
_AUTO_RECEIVE_BATCH = 200


# --- limits and the wagering requirement -----------------------------------------------


@dataclass(frozen=True)
class WithdrawalRules:
    min_amount: Decimal
    max_amount: Decimal
    daily_count: int
    turnover_multiplier: Decimal


@dataclass(frozen=True)
class Turnover:
    """Deposits since the last fully paid withdrawal must be wagered `multiplier` times;
    bets count from the first of those deposits on. The wagering that transfers received
    carried from their senders is owed too, with bets from the first of them on (the own
    deposits before it count what was wagered before it), less what the member's own
    transfers carried away."""

    multiplier: Decimal
    deposited: Decimal
    required: Decimal
    wagered: Decimal

    @property
    def remaining(self) -> Decimal:
        return max(ZERO, self.required - self.wagered)


@dataclass(frozen=True)
class WithdrawalOverview:
    currency: str
    cash: Decimal
    locked: Decimal
    rules: WithdrawalRules
    used_today: int
    turnover: Turnover
    payment_password: PaymentPasswordState
    payee_name_missing: bool  # the profile lacks the full name: no payout account yet


async def rules(session: AsyncSession, merchant_id: int) -> WithdrawalRules:
    """The brand's own limits, or the settings' defaults."""
    row = (
        await session.exec(select(WithdrawalRule).where(WithdrawalRule.merchant_id == merchant_id))
    ).first()
    if row is not None:
        return WithdrawalRules(
            row.min_amount, row.max_amount, row.daily_count, row.turnover_multiplier
        )
    settings = get_settings()
    return WithdrawalRules(
        settings.withdrawal_min_amount,
        settings.withdrawal_max_amount,
        settings.withdrawal_daily_count,
        settings.turnover_multiplier,
    )


def _day_start(brand: Brand, now: datetime) -> datetime:
    """Midnight of the brand's local day, in UTC: the daily count follows the player's day."""
    local = now.astimezone(ZoneInfo(brand.timezone))
    return local.replace(hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)


async def _used_today(session: AsyncSession, brand: Brand, member_id: int, now: datetime) -> int:
    statement = select(func.count()).where(
        WithdrawalOrder.member_id == member_id,
        WithdrawalOrder.created_at >= _day_start(brand, now),
        WithdrawalOrder.status != WithdrawalStatus.REJECTED,
    )
    return int((await session.exec(statement)).one())


async def _cash_entries(
    session: AsyncSession,
    cash_account_id: int,
    kind: TransactionKind,
    since: datetime | None,
    until: datetime | None = None,
) -> tuple[Decimal, datetime | None]:
    """Sum and first time of the cash account's entries of one transaction kind."""
    statement = (
        select(func.coalesce(func.sum(LedgerEntry.amount), 0), func.min(LedgerEntry.created_at))
        .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
        .where(LedgerEntry.account_id == cash_account_id, LedgerTransaction.kind == kind)
    )
    if since is not None:
        statement = statement.where(LedgerEntry.created_at >= since)
    if until is not None:
        statement = statement.where(LedgerEntry.created_at < until)
    total, first = (await session.exec(statement)).one()
    return Decimal(total).quantize(CENT), first


async def _turnover(
    session: AsyncSession, brand: Brand, member_id: int, multiplier: Decimal
) -> Turnover:
    since = (
        await session.exec(
            select(func.max(WithdrawalOrder.created_at)).where(
                WithdrawalOrder.member_id == member_id,
                col(WithdrawalOrder.paid_in_full_at).is_not(None),
            )
        )
    ).one()
    owner_key = account_owner_key(brand.id, member_id, AccountKind.MEMBER_CASH, brand.currency)
    cash_id = (
        await session.exec(select(LedgerAccount.id).where(LedgerAccount.owner_key == owner_key))
    ).first()
    deposited, first_deposit_at = ZERO, None
    if cash_id is not None:
        deposited, first_deposit_at = await _cash_entries(
            session, cash_id, TransactionKind.DEPOSIT, since
        )
    carried_in, first_in_at = await _carried(session, member_id, since, received=True)
    carried_out, _ = await _carried(session, member_id, since, received=False)
    required = (deposited * multiplier).quantize(CENT, rounding=ROUND_HALF_UP)
    wagered = ZERO
    if first_in_at is not None:
        # Money from another member is wagered from its arrival on: bets before it pay only
        # the own deposits made before it (a heavy bettor is no mule).
        if cash_id is not None and first_deposit_at is not None and first_deposit_at < first_in_at:
            early, _ = await _cash_entries(
                session, cash_id, TransactionKind.DEPOSIT, since, first_in_at
            )
            early_wagered = await reporting.turnover(
                session, member_id, reporting.period(first_deposit_at, first_in_at)
            )
            required -= min(early_wagered, (early * multiplier).quantize(CENT, ROUND_HALF_UP))
        wagered = await reporting.turnover(session, member_id, reporting.period(first_in_at))
    elif first_deposit_at is not None:
        wagered = await reporting.turnover(session, member_id, reporting.period(first_deposit_at))
    required = max(ZERO, required + carried_in - carried_out)
    return Turnover(multiplier, deposited, required, wagered)


async def _carried(
    session: AsyncSession, member_id: int, since: datetime | None, *, received: bool
) -> tuple[Decimal, datetime | None]:
    """The wagering that transfers settled on one side of the member carried, and when the
    first of them settled (a held transfer carries nothing until it is released)."""
    statement = select(
        func.coalesce(func.sum(MemberTransfer.carried_wagering), 0),
        func.min(MemberTransfer.settled_at),
    ).where(
        (MemberTransfer.receiver_id if received else MemberTransfer.sender_id) == member_id,
        col(MemberTransfer.settled_at).is_not(None),
    )
    if since is not None:
        statement = statement.where(col(MemberTransfer.settled_at) >= since)
    total, first = (await session.exec(statement)).one()
    return Decimal(total).quantize(CENT), first


async def remaining_wagering(session: AsyncSession, brand: Brand, member_id: int) -> Turnover:
    """Building block: the member's withdrawal wagering now, under their own rules (what a
    transfer they send carries to its receiver)."""
    limits = await vip.with_level_limits(session, member_id, await rules(session, brand.id))
    return await _turnover(session, brand, member_id, limits.turnover_multiplier)


async def wagering_multiplier(brand: Brand, member: Member) -> Decimal:
    """How many times each deposit must be wagered before it can be withdrawn, for this
    member (the brand's rule with their VIP level's): what the deposit page states before
    the money goes in (issue 35: no surprise at the first withdrawal)."""
    assert member.id is not None
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand.id))
    return limits.turnover_multiplier


async def overview(brand: Brand, member: Member) -> WithdrawalOverview:
    """What the withdraw screen shows: balances, limits, today's count, wagering left."""
    assert member.id is not None
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand.id))
        wallet = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member.id, currency=brand.currency
        )
        used = await _used_today(session, brand, member.id, utcnow())
        turnover = await _turnover(session, brand, member.id, limits.turnover_multiplier)
    return WithdrawalOverview(
        currency=brand.currency,
        cash=wallet.cash,
        locked=wallet.locked,
        rules=limits,
        used_today=used,
        turnover=turnover,
        payment_password=await payment_password_state(member),
        payee_name_missing=payout_accounts.payee_name_missing(member),
    )


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


def _derived_status(order: WithdrawalOrder, payouts: Sequence[WithdrawalPayout]) -> str:
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


async def _payouts(session: AsyncSession, order_id: int | None) -> list[WithdrawalPayout]:
    return list(
        (
            await session.exec(
                select(WithdrawalPayout)
                .where(WithdrawalPayout.order_id == order_id)
                .order_by(col(WithdrawalPayout.part_no))
            )
        ).all()
    )


async def _views(session: AsyncSession, orders: Sequence[WithdrawalOrder]) -> list[WithdrawalView]:
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


async def _page(
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
        return await _views(session, orders), int(total)


async def member_orders(
    member: Member, page: int = 1, page_size: int = 20
) -> tuple[list[WithdrawalView], int]:
    """The member's own withdrawals, newest first."""
    return await _page([WithdrawalOrder.member_id == member.id], page, page_size, True)


async def member_order(member: Member, order_no: str) -> WithdrawalView:
    """A member's own order; anybody else's answers as unknown."""
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).first()
        if order is None or order.member_id != member.id:
            raise AppError("withdrawal-order-unknown", status=404)
        return (await _views(session, [order]))[0]


# --- request ---------------------------------------------------------------------------


def parse_amount(text: Any) -> Decimal:
    """A positive amount with at most two decimals (the deposit form's rules), in cents."""
    return amounts.parse_amount(text, "withdrawal-amount-invalid")


async def _member_accounts(
    session: AsyncSession, brand: Brand, member_id: int, *kinds: AccountKind
) -> list[int]:
    """The ids of the ledger accounts of these kinds (the member's, or the brand's clearing
    shard of this member)."""
    ids: list[int] = []
    for kind in kinds:
        clearing = kind == AccountKind.PAYMENT_CLEARING
        account = await ledger.account(
            session,
            merchant_id=brand.id,
            kind=kind,
            currency=brand.currency,
            member_id=None if clearing else member_id,
            spread=member_id if clearing else None,
        )
        assert account.id is not None
        ids.append(account.id)
    return ids


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
    cash, locked = await _member_accounts(
        session, brand, member_id, AccountKind.MEMBER_CASH, AccountKind.MEMBER_LOCKED
    )
    posted = await ledger.move(
        session,
        merchant_id=brand.id,
        kind=TransactionKind.WITHDRAWAL_LOCK,
        idempotency_key=f"withdrawal-lock:{order_no}",
        debit_account_id=cash,
        credit_account_id=locked,
        amount=amount,
        reference=order_no,
        member_id=member_id,
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
    amount = parse_amount(amount_text)
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand.id))
        await onboarding.require_may_withdraw(session, member)
        account = await payout_accounts.member_account(session, member, payout_account_id)
        await onboarding.require_own_payout(
            session, member.id, account.kind, account.pix_key_type, account.identifier
        )
    if amount < limits.min_amount:
        raise AppError("withdrawal-amount-below-min", status=422, params={"min": limits.min_amount})
    if amount > limits.max_amount:
        raise AppError("withdrawal-amount-above-max", status=422, params={"max": limits.max_amount})
    await check_payment_password(member, payment_password)
    now = utcnow()
    async with write_transaction() as session:
        # One request of a member at a time: the count, turnover and balance stay true.
        await session.exec(select(Member.id).where(Member.id == member.id).with_for_update())
        if await _used_today(session, brand, member.id, now) >= limits.daily_count:
            raise AppError(
                "withdrawal-daily-limit", status=429, params={"limit": limits.daily_count}
            )
        turnover = await _turnover(session, brand, member.id, limits.turnover_multiplier)
        if turnover.remaining > 0:
            raise AppError(
                "withdrawal-turnover-not-met", status=409, params={"remaining": turnover.remaining}
            )
        wallet = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member.id, currency=brand.currency
        )
        if amount > wallet.cash:
            raise AppError(
                "withdrawal-insufficient-balance", status=409, params={"balance": wallet.cash}
            )
        order = await _lock_order(session, brand, member.id, payout_account_id, amount, now)
    await balance_changed(member.id)
    return WithdrawalView(order, (), account)


# --- operators -------------------------------------------------------------------------


@dataclass(frozen=True)
class Operator:
    """Who pays or rejects: an operator member (the /wps operator API) or a staff member of the
    back office, whose permission and brand app/services/backoffice checked before the call."""

    member_id: int | None = None
    staff_id: int | None = None


def _require_operator(brand: Brand, operator: Member | Operator) -> Operator:
    if isinstance(operator, Operator):
        if operator.staff_id is None and operator.member_id is None:
            raise AppError("operator-only", status=403)
        return operator
    if not is_operator(operator) or operator.merchant_id != brand.id:
        raise AppError("operator-only", status=403)
    return Operator(member_id=operator.id)


def _who(operator: Operator) -> dict[str, int]:
    """The operator as the ledger's metadata names them."""
    if operator.staff_id is not None:
        return {"staff": operator.staff_id}
    return {"operator": saved_id(operator.member_id)}


async def operator_orders(
    brand: Brand, operator: Member, status: str | None, page: int = 1, page_size: int = 20
) -> tuple[list[WithdrawalView], int]:
    """The brand's withdrawals, oldest first: by status, or by default those still open
    (an amount left to pay or reject)."""
    _require_operator(brand, operator)
    filters: list[Any] = [WithdrawalOrder.merchant_id == brand.id]
    if status is None:
        filters.append(WithdrawalOrder.remaining_amount > 0)
    elif status in WithdrawalStatus.__members__:
        filters.append(WithdrawalOrder.status == status)
    else:
        raise AppError("withdrawal-status-invalid", status=422)
    return await _page(filters, page, page_size, False)


async def _locked_order(
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
    operator = _require_operator(brand, operator)
    amount = parse_amount(amount_text)
    paid = False
    async with write_transaction() as session:
        order = await _locked_order(session, brand, operator, order_no)
        payouts = await _payouts(session, order.id)
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
                    params={"remaining": order.remaining_amount},
                )
            locked, clearing = await _member_accounts(
                session,
                brand,
                order.member_id,
                AccountKind.MEMBER_LOCKED,
                AccountKind.PAYMENT_CLEARING,
            )
            posted = await ledger.move(
                session,
                merchant_id=brand.id,
                kind=TransactionKind.WITHDRAWAL,
                idempotency_key=f"withdrawal-payout:{order_no}:{part_no}",
                debit_account_id=locked,
                credit_account_id=clearing,
                amount=amount,
                reference=order_no,
                member_id=order.member_id,
                metadata={"part": part_no, **_who(operator)},
            )
            now = utcnow()
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
            order.status = _derived_status(order, payouts)
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
        view = (await _views(session, [order]))[0]
    if paid:
        await balance_changed(order.member_id)
    return view


async def reject(
    brand: Brand, operator: Member | Operator, order_no: str, reason: str
) -> WithdrawalView:
    """Refuse the unpaid rest: it goes back to the member's cash. Parts already paid stay
    paid; rejecting twice answers again without moving money twice."""
    operator = _require_operator(brand, operator)
    reason = " ".join(reason.split())
    if not reason:
        raise AppError("withdrawal-reason-required", status=422)
    released = False
    async with write_transaction() as session:
        order = await _locked_order(session, brand, operator, order_no)
        if order.rejected_at is None:
            if order.remaining_amount <= 0:
                raise AppError("withdrawal-not-payable", status=409)
            amount = order.remaining_amount
            locked, cash = await _member_accounts(
                session, brand, order.member_id, AccountKind.MEMBER_LOCKED, AccountKind.MEMBER_CASH
            )
            posted = await ledger.move(
                session,
                merchant_id=brand.id,
                kind=TransactionKind.WITHDRAWAL_RELEASE,
                idempotency_key=f"withdrawal-release:{order_no}",
                debit_account_id=locked,
                credit_account_id=cash,
                amount=amount,
                reference=order_no,
                member_id=order.member_id,
                metadata={**_who(operator), "reason": reason[:200]},
            )
            now = utcnow()
            order.released_amount = amount
            order.remaining_amount = ZERO
            order.release_transaction_id = posted.transaction_id
            order.reject_reason = reason[:200]
            order.rejected_by = operator.member_id
            order.rejected_by_staff = operator.staff_id
            order.rejected_at = order.updated_at = now
            order.status = _derived_status(order, await _payouts(session, order.id))
            session.add(order)
            await post_message(
                session,
                order.member_id,
                MessageKind.WITHDRAWAL_REJECTED,
                {"orderNo": order.order_no, "amount": f"{amount:.2f}"},
            )
            released = True
        view = (await _views(session, [order]))[0]
    if released:
        await balance_changed(order.member_id)
    return view


# --- withdrawal confirmation (spec 4) --------------------------------------------------


def _proof_dir() -> Path:
    return get_settings().data_dir / "proofs"


def _proof_suffix(proof: bytes | None) -> str:
    """The stored file's suffix, decided by the content (never the name): a png or jpg whole
    and of bounded dimensions (app/services/images.py)."""
    if not proof:
        raise AppError("withdrawal-proof-required", status=422)
    limit = get_settings().withdrawal_proof_max_bytes
    if len(proof) > limit:
        raise AppError(
            "withdrawal-proof-too-large", status=413, params={"max": f"{limit / 1_048_576:g}"}
        )
    return image_format(proof, "withdrawal-proof-type")


async def _store_proof(proof: bytes, suffix: str) -> str:
    name = f"{secrets.token_hex(16)}.{suffix}"

    def write() -> None:
        folder = _proof_dir()
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / name).open("xb") as handle:
            handle.write(proof)

    await asyncio.to_thread(write)
    return name


async def _remove_proof(name: str) -> None:
    await asyncio.to_thread((_proof_dir() / name).unlink, True)


async def confirm_receipt(
    member: Member, order_no: str, answer: str, proof: bytes | None
) -> WithdrawalView:
    """The member's answer for every paid part not answered yet: RECEIVED, or NOT_RECEIVED
    with a png or jpg proof, which puts the order under investigation."""
    choice = answer.strip().upper()
    if choice not in MEMBER_ANSWERS:
        raise AppError("withdrawal-answer-invalid", status=422)
    suffix = (
        await asyncio.to_thread(_proof_suffix, proof)
        if choice == PayoutReceipt.NOT_RECEIVED
        else None
    )
    if not (await member_order(member, order_no)).awaiting_amount:
        raise AppError("withdrawal-nothing-to-confirm", status=409)
    stored = await _store_proof(proof, suffix) if proof and suffix else None
    try:
        async with write_transaction() as session:
            order = (
                await session.exec(
                    select(WithdrawalOrder)
                    .where(
                        WithdrawalOrder.order_no == order_no,
                        WithdrawalOrder.member_id == member.id,
                    )
                    .with_for_update()
                )
            ).one()
            payouts = await _payouts(session, order.id)
            awaiting = [p for p in payouts if p.receipt == PayoutReceipt.AWAITING]
            if not awaiting:
                raise AppError("withdrawal-nothing-to-confirm", status=409)
            now = utcnow()
            for payout in awaiting:
                payout.receipt = choice
                payout.answered_at = now
                payout.proof_file = stored
                session.add(payout)
            order.status = _derived_status(order, payouts)
            order.updated_at = now
            session.add(order)
            view = (await _views(session, [order]))[0]
    except BaseException:
        if stored is not None:
            await _remove_proof(stored)
        raise
    return view


async def proof_image(
    brand: Brand, operator: Member | Operator, order_no: str, part_no: int
) -> tuple[bytes, str]:
    """A part's proof image and its media type, for the operator investigating it."""
    _require_operator(brand, operator)
    async with session_scope() as session:
        payout = (
            await session.exec(
                select(WithdrawalPayout)
                .join(WithdrawalOrder, col(WithdrawalOrder.id) == WithdrawalPayout.order_id)
                .where(
                    WithdrawalOrder.order_no == order_no,
                    WithdrawalOrder.merchant_id == brand.id,
                    WithdrawalPayout.part_no == part_no,
                )
            )
        ).first()
    if payout is None or payout.proof_file is None:
        raise AppError("withdrawal-proof-unknown", status=404)
    content = await asyncio.to_thread((_proof_dir() / payout.proof_file).read_bytes)
    return content, "image/png" if payout.proof_file.endswith(".png") else "image/jpeg"


async def close_investigation(
    brand: Brand, operator: Member | Operator, order_no: str, outcome: str, note: str = ""
) -> WithdrawalView:
    """Close the investigation of every part the member reported not received.

    RECEIVED: the payment provider shows the payout arrived; the parts count as received and
    no money moves. NOT_PAID: it never arrived; each part goes back to the member's cash
    (PAYMENT_CLEARING → MEMBER_CASH), from where the member may request a new withdrawal.
    We refund rather than re-pay so that every payout keeps its own order and ledger
    movement. The member gets an inbox message either way.
    """
    who = _require_operator(brand, operator)
    try:
        result = InvestigationOutcome(outcome.strip().upper())
    except ValueError:
        raise AppError("investigation-outcome-invalid", status=422) from None
    note = " ".join(note.split())[:200]
    async with write_transaction() as session:
        order = await _locked_order(session, brand, who, order_no)
        payouts = await _payouts(session, order.id)
        reported = [p for p in payouts if p.receipt == PayoutReceipt.NOT_RECEIVED]
        if not reported:
            raise AppError("investigation-none-open", status=409)
        now = utcnow()
        refunded = ZERO
        for payout in reported:
            if result == InvestigationOutcome.NOT_PAID:
                clearing, cash = await _member_accounts(
                    session,
                    brand,
                    order.member_id,
                    AccountKind.PAYMENT_CLEARING,
                    AccountKind.MEMBER_CASH,
                )
                posted = await ledger.move(
                    session,
                    merchant_id=brand.id,
                    kind=TransactionKind.WITHDRAWAL_RELEASE,
                    idempotency_key=f"withdrawal-refund:{order_no}:{payout.part_no}",
                    debit_account_id=clearing,
                    credit_account_id=cash,
                    amount=payout.amount,
                    reference=order_no,
                    member_id=order.member_id,
                    metadata={"part": payout.part_no, **_who(who), "note": note},
                )
                payout.receipt = PayoutReceipt.REFUNDED
                payout.refund_transaction_id = posted.transaction_id
                order.paid_amount -= payout.amount
                order.released_amount += payout.amount
                refunded += payout.amount
            else:
                payout.receipt = PayoutReceipt.RECEIVED
            payout.resolution = result.value
            payout.resolved_by = who.member_id  # None: a console staff member (audited there)
            payout.resolved_at = now
            session.add(payout)
        order.status = _derived_status(order, payouts)
        order.updated_at = now
        session.add(order)
        amount = refunded or sum((p.amount for p in reported), ZERO)
        await post_message(
            session,
            order.member_id,
            MessageKind.WITHDRAWAL_REFUNDED
            if result == InvestigationOutcome.NOT_PAID
            else MessageKind.WITHDRAWAL_RECEIPT_CONFIRMED,
            {"orderNo": order.order_no, "amount": f"{amount:.2f}"},
        )
        view = (await _views(session, [order]))[0]
    if refunded:
        await balance_changed(order.member_id)
    return view


async def _auto_receive_order(order_id: int, cutoff: datetime, now: datetime) -> int:
    async with write_transaction() as session:
        order = (
            await session.exec(
                select(WithdrawalOrder).where(WithdrawalOrder.id == order_id).with_for_update()
            )
        ).one()
        payouts = await _payouts(session, order_id)
        due = [p for p in payouts if p.receipt == PayoutReceipt.AWAITING and p.paid_at <= cutoff]
        for payout in due:
            payout.receipt = PayoutReceipt.AUTO_RECEIVED
            payout.answered_at = now
            session.add(payout)
        if due:
            order.status = _derived_status(order, payouts)
            order.updated_at = now
            session.add(order)
    return len(due)


async def auto_receive_due(now: datetime | None = None) -> int:
    """Spec 4: parts unanswered for the configured minutes count as received (a forced
    receipt, never refunded). Only unanswered parts change, one order per transaction under
    its row lock, so a repeated or concurrent run never changes a part twice. Returns how
    many parts it marked."""
    moment = now or utcnow()
    cutoff = moment - timedelta(minutes=get_settings().withdrawal_auto_receive_minutes)
    marked = 0
    while True:
        async with session_scope() as session:
            order_ids = (
                await session.exec(
                    select(WithdrawalPayout.order_id)
                    .where(
                        WithdrawalPayout.receipt == PayoutReceipt.AWAITING,
                        WithdrawalPayout.paid_at <= cutoff,
                    )
                    .distinct()
                    .limit(_AUTO_RECEIVE_BATCH)
                )
            ).all()
        if not order_ids:
            return marked
        for order_id in order_ids:
            marked += await _auto_receive_order(order_id, cutoff, moment)
