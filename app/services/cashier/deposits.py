"""Deposits (depositv2): an order per attempt, paid at a provider, credited exactly once
through the ledger when the provider's signed webhook says it is paid."""

from __future__ import annotations

import json
import logging
import secrets
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlmodel import col, select

from app.core import clock, rate_limit
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, ledger
from app.services.accounts import limits
from app.services.accounts.members import require_real_account
from app.services.brands import Brand, Money
from app.services.cashier.providers import provider
from app.services.currencies import limit_scale
from app.services.identity import cpf, onboarding
from app.services.inbox import post_message
from app.services.protection import limits as protection_limits
from app.services.wallet_events import balance_changed
from models import Member
from models.base import saved_id
from models.cashier import DepositOrder, DepositStatus, MessageKind, PaymentChannel, WebhookLog
from models.ledger import AccountKind, TransactionKind

logger = logging.getLogger(__name__)
CENT = Decimal("0.01")


def parse_amount(text: Any, digits: int = 2) -> Decimal:
    """A positive amount with at most two decimals (accepts 1234.5 and 1.234,50), and no
    more than the currency's `digits`."""
    return amounts.parse_amount(text, "deposit-amount-invalid", digits=digits)


# The deposit screen's one-tap amounts (spec 21's "20, 50, 100, 200"), in reais.
QUICK_AMOUNTS = tuple(Decimal(value) for value in ("20", "50", "100", "200", "500"))


def quick_amounts(channel: PaymentChannel, currency: str) -> list[Decimal]:
    """The one-tap amounts in the brand's currency (scaled like every limit: 20 reais stand
    for 100,000 dong), within the channel's limits."""
    scale = limit_scale(currency)
    scaled = (amount * scale for amount in QUICK_AMOUNTS)
    return [a for a in scaled if channel.min_amount <= a <= channel.max_amount][:4]


def fee_for(channel: PaymentChannel, amount: Decimal) -> Decimal:
    fee = amount * channel.fee_percent / 100 + channel.fee_fixed
    return min(fee.quantize(CENT, rounding=ROUND_HALF_UP), amount)


async def channels(brand: Brand) -> list[PaymentChannel]:
    async with session_scope() as session:
        statement = (
            select(PaymentChannel)
            .where(PaymentChannel.merchant_id == brand.id, PaymentChannel.enabled == True)  # noqa: E712
            .order_by(col(PaymentChannel.sort))
        )
        return list((await session.exec(statement)).all())


async def create_deposit(
    brand: Brand,
    member: Member,
    channel_code: str,
    amount_text: Any,
    *,
    session_id: int | None = None,
) -> DepositOrder:
    """A new order of the member's login session `session_id` (the sandbox pays it only for
    that session)."""
    require_real_account(member)
    await rate_limit.consume(limits.DEPOSIT_ORDERS_PER_MEMBER, member.id)
    channel = next((c for c in await channels(brand) if c.code == channel_code), None)
    if channel is None:
        raise AppError("deposit-channel-unknown", status=422)
    amount = parse_amount(amount_text, brand.amount_digits)
    if not channel.min_amount <= amount <= channel.max_amount:
        raise AppError(
            "deposit-amount-out-of-range",
            status=422,
            params={
                "min": Money.of(brand).in_message(channel.min_amount),
                "max": Money.of(brand).in_message(channel.max_amount),
            },
        )
    # One instant for the order's checks and its time: the day limits count the orders by
    # their time, on the platform's clock.
    now = clock.now()
    async with write_transaction() as session:
        # Brazil: the barred list once more (a hit bars the account, kept, then refused).
        newly_barred = await onboarding.bar_if_listed(session, brand, member, now)
        if not newly_barred:
            # A verified identity (Brazil), then the member's deposit limits and exclusion,
            # before the provider is asked (an 80 % alert it posts is kept even when the order
            # is refused later).
            await onboarding.require_verified(session, member)
            await protection_limits.check_deposit(session, member, amount, now)
    if newly_barred:
        raise onboarding.refused()
    fee = fee_for(channel, amount)
    order = DepositOrder(
        order_no=f"D{now:%y%m%d%H%M%S}{secrets.token_hex(4).upper()}",
        created_at=now,
        updated_at=now,
        merchant_id=brand.id,
        member_id=saved_id(member.id),
        session_id=session_id,
        channel_code=channel.code,
        provider=channel.provider,
        currency=brand.currency,
        amount=amount,
        fee=fee,
        credited_amount=amount - fee,
    )
    charge = await provider(channel.provider).create_charge(brand, order)
    order.provider_reference = charge.provider_reference
    order.pix_code = charge.pix_code
    async with write_transaction() as session:
        # Again with the order's row: a parallel order may have been made meanwhile.
        await protection_limits.check_deposit(session, member, amount, now)
        session.add(order)
    return order


async def member_order(member: Member, order_no: str) -> DepositOrder:
    """A member's own order; anybody else's answers as unknown."""
    async with session_scope() as session:
        order = (
            await session.exec(select(DepositOrder).where(DepositOrder.order_no == order_no))
        ).first()
    if order is None or order.member_id != member.id:
        raise AppError("deposit-order-unknown", status=404)
    return order


async def order_by_number(order_no: str) -> DepositOrder:
    async with session_scope() as session:
        order = (
            await session.exec(select(DepositOrder).where(DepositOrder.order_no == order_no))
        ).first()
    if order is None:
        raise AppError("deposit-order-unknown", status=404)
    return order


async def _log(
    provider_name: str, order_no: str | None, valid: bool, outcome: str, body: bytes, remote_ip: str
) -> None:
    async with write_transaction() as session:
        session.add(
            WebhookLog(
                provider=provider_name,
                order_no=order_no,
                signature_valid=valid,
                outcome=outcome,
                body=body.decode("utf-8", "replace")[:4000],
                remote_ip=remote_ip[:64],
            )
        )


async def handle_webhook(provider_name: str, body: bytes, signature: str, remote_ip: str) -> str:
    """Apply a provider's notice; repeats change nothing and answer the same."""
    try:
        payment_provider = provider(provider_name)
    except KeyError:
        raise AppError("not-found", status=404) from None
    if not payment_provider.verify(body, signature):
        logger.warning("deposit webhook with a bad signature from %s", remote_ip)
        await _log(provider_name, None, False, "bad-signature", body, remote_ip)
        raise AppError("webhook-signature-invalid", status=401)
    try:
        notice = json.loads(body)
        order_no = str(notice["orderNo"])
        status = str(notice["status"])
        amount = parse_amount(notice["amount"])
        payer = cpf.digits_of(str(notice.get("payerDocument") or ""))[:20]
    except (ValueError, RecursionError, KeyError, TypeError, AppError) as exc:
        await _log(provider_name, None, True, "malformed", body, remote_ip)
        raise AppError("malformed-json", status=400) from exc
    outcome = await _apply(order_no, status, amount, payer)
    await _log(provider_name, order_no, True, outcome, body, remote_ip)
    if outcome == "refunded":
        await payment_provider.refund(await order_by_number(order_no))
    return outcome


async def _apply(order_no: str, status: str, amount: Decimal, payer: str = "") -> str:
    async with write_transaction() as session:
        order = (
            await session.exec(
                select(DepositOrder).where(DepositOrder.order_no == order_no).with_for_update()
            )
        ).first()
        if order is None:
            raise AppError("deposit-order-unknown", status=404)
        if amount != order.amount:
            raise AppError("deposit-amount-mismatch", status=409)
        if order.status != DepositStatus.PENDING:
            return f"already-{order.status.lower()}"
        if status == "FAILED":
            order.status = DepositStatus.FAILED
            order.updated_at = clock.now()
            session.add(order)
            await post_message(
                session,
                order.member_id,
                MessageKind.DEPOSIT_FAILED,
                {"orderNo": order.order_no, "amount": f"{order.amount:.2f}"},
            )
            return "failed"
        if status != "PAID":
            raise AppError("malformed-json", status=400)
        own = await onboarding.own_cpf(session, order.member_id)
        if own is not None and payer != own:
            # Only money from the member's own CPF is credited (Portaria 615/2024): this one
            # goes back to its payer, and the member is told.
            order.status = DepositStatus.REFUNDED
            order.updated_at = clock.now()
            session.add(order)
            await post_message(
                session,
                order.member_id,
                MessageKind.DEPOSIT_REFUNDED,
                {"orderNo": order.order_no, "amount": f"{order.amount:.2f}"},
            )
            return "refunded"
        accounts = {
            kind: await ledger.account(
                session,
                merchant_id=order.merchant_id,
                kind=kind,
                currency=order.currency,
                member_id=member_id,
                spread=spread,
            )
            for kind, member_id, spread in (
                (AccountKind.PAYMENT_CLEARING, None, order.member_id),
                (AccountKind.HOUSE, None, order.member_id),
                (AccountKind.MEMBER_CASH, order.member_id, None),
            )
        }
        legs = [
            ledger.Leg(saved_id(accounts[AccountKind.PAYMENT_CLEARING].id), -order.amount),
            ledger.Leg(saved_id(accounts[AccountKind.MEMBER_CASH].id), order.credited_amount),
        ]
        if order.fee > 0:
            legs.append(ledger.Leg(accounts[AccountKind.HOUSE].id, order.fee))  # type: ignore[arg-type]
        posted = await ledger.post(
            session,
            merchant_id=order.merchant_id,
            kind=TransactionKind.DEPOSIT,
            idempotency_key=f"deposit:{order.order_no}",
            legs=legs,
            reference=order.order_no,
            member_id=order.member_id,
            metadata={"channel": order.channel_code, "fee": f"{order.fee:.2f}"},
        )
        order.status = DepositStatus.PAID
        order.ledger_transaction_id = posted.transaction_id
        order.paid_at = order.updated_at = clock.now()
        session.add(order)
        await post_message(
            session,
            order.member_id,
            MessageKind.DEPOSIT_CREDITED,
            {"orderNo": order.order_no, "amount": f"{order.credited_amount:.2f}"},
        )
        member_id = order.member_id
    await balance_changed(member_id)
    return "credited"
