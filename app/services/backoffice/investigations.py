"""The investigation queue in the console: withdrawals whose member reported a paid part as
not received (with a proof image), and their close (RECEIVED: the provider shows it arrived;
NOT_PAID: the parts go back to the member's cash) over the cashier's
`withdrawals.close_investigation`, with the staff member's note in the audit log."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.cashier import withdrawals
from app.services.cashier.withdrawals import Operator
from models import Member, WithdrawalOrder, WithdrawalPayout
from models.cashier import PayoutReceipt

LIST_LIMIT = 100


@dataclass(frozen=True)
class ReportedPart:
    part_no: int
    amount: Decimal
    has_proof: bool


@dataclass(frozen=True)
class Investigation:
    order_no: str
    merchant_id: int
    username: str
    amount: Decimal
    status: str
    updated_at: datetime
    parts: tuple[ReportedPart, ...]


async def queue(staff: Staff, now: datetime) -> list[Investigation]:
    """Orders with a part reported not received, oldest change first, of the staff
    member's brand (every brand for all-brand staff)."""
    await require(staff, "payments.investigate", staff.merchant_id, now)
    filters = [WithdrawalPayout.receipt == PayoutReceipt.NOT_RECEIVED]
    if staff.merchant_id is not None:
        filters.append(WithdrawalOrder.merchant_id == staff.merchant_id)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(WithdrawalOrder, WithdrawalPayout, Member.username)
                .join(WithdrawalPayout, col(WithdrawalPayout.order_id) == WithdrawalOrder.id)
                .join(Member, col(Member.id) == WithdrawalOrder.member_id)
                .where(*filters)
                .order_by(col(WithdrawalOrder.updated_at), col(WithdrawalPayout.part_no))
                .limit(LIST_LIMIT * 4)
            )
        ).all()
    found: dict[str, Investigation] = {}
    for order, payout, username in rows:
        part = ReportedPart(payout.part_no, payout.amount, payout.proof_file is not None)
        known = found.get(order.order_no)
        found[order.order_no] = Investigation(
            order.order_no, order.merchant_id, username, order.amount, order.status,
            order.updated_at, (*(known.parts if known else ()), part),
        )  # fmt: skip
    return list(found.values())[:LIST_LIMIT]


async def _order_brand(order_no: str) -> int:
    async with session_scope() as session:
        brand_id = (
            await session.exec(
                select(WithdrawalOrder.merchant_id).where(
                    WithdrawalOrder.order_no == order_no.strip()[:40]
                )
            )
        ).first()
    if brand_id is None:
        raise AppError("withdrawal-order-unknown", status=404)
    return brand_id


async def proof(staff: Staff, order_no: str, part_no: int, now: datetime) -> str:
    """The part's proof image as a data URL, for the page to show."""
    brand_id = await _order_brand(order_no)
    await require(staff, "payments.investigate", brand_id, now)
    content, media_type = await withdrawals.proof_image(
        await brands.by_id(brand_id), Operator(staff_id=staff.id), order_no, part_no
    )
    return f"data:{media_type};base64,{base64.b64encode(content).decode()}"


async def close(
    staff: Staff, order_no: str, outcome: str, note: str, now: datetime
) -> withdrawals.WithdrawalView:
    """Close the order's investigation; a note (why, what the provider showed) is required."""
    brand_id = await _order_brand(order_no)
    await require(staff, "payments.investigate", brand_id, now)
    why = " ".join(note.split())[:200]
    if not why:
        raise AppError("staff-reason-required", status=422)
    view = await withdrawals.close_investigation(
        await brands.by_id(brand_id), Operator(staff_id=staff.id), order_no, outcome, why
    )
    async with write_transaction() as session:
        await audit.append(
            session, staff.actor, "withdrawal.investigation.close", now=now,
            merchant_id=brand_id, target=view.order.order_no,
            detail={"outcome": outcome.strip().upper(), "note": why, "status": view.order.status},
        )  # fmt: skip
    return view
