"""Withdrawal confirmation (spec 4): the member answers each paid part (RECEIVED, or
NOT_RECEIVED with a proof image, which opens an investigation), an operator closes the
investigation (a part never paid goes back to the member's cash), and parts left unanswered
count as received after the configured minutes."""

from __future__ import annotations

import asyncio
import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from sqlmodel import col, select

from app.core import clock
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.brands import Brand
from app.services.cashier.withdrawal_orders import (
    CASH,
    CLEARING,
    Operator,
    WithdrawalView,
    derived_status,
    locked_order,
    member_order,
    operator_metadata,
    order_payouts,
    order_views,
    require_operator,
)
from app.services.images import image_format
from app.services.inbox import post_message
from app.services.wallet_events import balance_changed
from models import Member, WithdrawalOrder, WithdrawalPayout
from models.cashier import InvestigationOutcome, MessageKind, PayoutReceipt
from models.ledger import TransactionKind

ZERO = Decimal("0.00")
MEMBER_ANSWERS = frozenset({PayoutReceipt.RECEIVED, PayoutReceipt.NOT_RECEIVED})
_AUTO_RECEIVE_BATCH = 200


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
            payouts = await order_payouts(session, order.id)
            awaiting = [p for p in payouts if p.receipt == PayoutReceipt.AWAITING]
            if not awaiting:
                raise AppError("withdrawal-nothing-to-confirm", status=409)
            now = clock.now()
            for payout in awaiting:
                payout.receipt = choice
                payout.answered_at = now
                payout.proof_file = stored
                session.add(payout)
            order.status = derived_status(order, payouts)
            order.updated_at = now
            session.add(order)
            view = (await order_views(session, [order]))[0]
    except BaseException:
        if stored is not None:
            await _remove_proof(stored)
        raise
    return view


async def proof_image(
    brand: Brand, operator: Member | Operator, order_no: str, part_no: int
) -> tuple[bytes, str]:
    """A part's proof image and its media type, for the operator investigating it."""
    require_operator(brand, operator)
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
    who = require_operator(brand, operator)
    try:
        result = InvestigationOutcome(outcome.strip().upper())
    except ValueError:
        raise AppError("investigation-outcome-invalid", status=422) from None
    note = " ".join(note.split())[:200]
    async with write_transaction() as session:
        order = await locked_order(session, brand, who, order_no)
        payouts = await order_payouts(session, order.id)
        reported = [p for p in payouts if p.receipt == PayoutReceipt.NOT_RECEIVED]
        if not reported:
            raise AppError("investigation-none-open", status=409)
        now = clock.now()
        refunded = ZERO
        for payout in reported:
            if result == InvestigationOutcome.NOT_PAID:
                posted = await ledger.transfer(
                    session,
                    merchant_id=brand.id,
                    member_id=order.member_id,
                    currency=brand.currency,
                    kind=TransactionKind.WITHDRAWAL_RELEASE,
                    idempotency_key=f"withdrawal-refund:{order_no}:{payout.part_no}",
                    from_=CLEARING,
                    to=CASH,
                    amount=payout.amount,
                    reference=order_no,
                    metadata={"part": payout.part_no, **operator_metadata(who), "note": note},
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
        order.status = derived_status(order, payouts)
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
        view = (await order_views(session, [order]))[0]
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
        payouts = await order_payouts(session, order_id)
        due = [p for p in payouts if p.receipt == PayoutReceipt.AWAITING and p.paid_at <= cutoff]
        for payout in due:
            payout.receipt = PayoutReceipt.AUTO_RECEIVED
            payout.answered_at = now
            session.add(payout)
        if due:
            order.status = derived_status(order, payouts)
            order.updated_at = now
            session.add(order)
    return len(due)


async def auto_receive_due(now: datetime | None = None) -> int:
    """Spec 4: parts unanswered for the configured minutes count as received (a forced
    receipt, never refunded). Only unanswered parts change, one order per transaction under
    its row lock, so a repeated or concurrent run never changes a part twice. Returns how
    many parts it marked."""
    moment = now or clock.now()
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
