"""The risk team's review of team transfers that an unusual pattern held (a fan-out: one
sender to many receivers in a day; a round trip: money sent back within the window): the
queue of held transfers, and the decision (RELEASE to the receiver, RETURN to the sender)
over the cashier's `team_transfers.decide_held_in`, with the staff member's note audited in
the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import aliased
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.cashier import team_transfers
from app.services.wallet_events import balance_changed
from models import Member, MemberTransfer
from models.cashier import TransferStatus

LIST_LIMIT = 100
OUTCOMES = {"RELEASE": True, "RETURN": False}


@dataclass(frozen=True)
class HeldTransfer:
    id: int
    merchant_id: int
    sender: str
    receiver: str
    direction: str
    amount: Decimal
    flag: str
    status: str
    created_at: datetime


async def queue(staff: Staff, now: datetime) -> list[HeldTransfer]:
    """Transfers waiting for a decision, oldest first, of the staff member's brand (every
    brand for all-brand staff)."""
    await require(staff, "transfers.view", staff.merchant_id, now)
    sender, receiver = aliased(Member), aliased(Member)
    filters = [MemberTransfer.status == TransferStatus.HELD]
    if staff.merchant_id is not None:
        filters.append(MemberTransfer.merchant_id == staff.merchant_id)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(MemberTransfer, sender.username, receiver.username)
                .join(sender, col(sender.id) == MemberTransfer.sender_id)
                .join(receiver, col(receiver.id) == MemberTransfer.receiver_id)
                .where(*filters)
                .order_by(col(MemberTransfer.id))
                .limit(LIST_LIMIT)
            )
        ).all()
    return [_held(row, sent_by, received_by) for row, sent_by, received_by in rows]


def _held(row: MemberTransfer, sender: str, receiver: str) -> HeldTransfer:
    return HeldTransfer(
        int(row.id or 0), row.merchant_id, sender, receiver, row.direction, row.amount,
        row.flag or "", row.status, row.created_at,
    )  # fmt: skip


async def decide(
    staff: Staff, transfer_id: int, outcome: str, note: str, now: datetime
) -> HeldTransfer:
    """Release a held transfer to its receiver or return it to its sender; a note (why) is
    required. Another brand's transfer answers as unknown."""
    await require(staff, "transfers.review", staff.merchant_id, now)
    async with session_scope() as session:
        found = await session.get(MemberTransfer, int(transfer_id))
    if found is None or staff.merchant_id not in (None, found.merchant_id):
        raise AppError("transfer-review-unknown", 404)
    release = OUTCOMES.get(outcome.strip().upper())
    if release is None:
        raise AppError("transfer-review-invalid-outcome", 422)
    why = " ".join(note.split())[:200]
    if not why:
        raise AppError("staff-reason-required", status=422)
    brand = await brands.by_id(found.merchant_id)
    async with write_transaction() as session:
        row = await team_transfers.decide_held_in(
            session,
            brand,
            int(transfer_id),
            release=release,
            staff_id=staff.id,
            note=why,
            now=now,
        )
        await audit.append(
            session, staff.actor, f"transfer.review.{'release' if release else 'return'}",
            now=now, merchant_id=brand.id, target=str(row.id),
            detail={
                "sender": row.sender_id, "receiver": row.receiver_id, "amount": str(row.amount),
                "flag": row.flag, "note": why,
            },
        )  # fmt: skip
        sender = await session.get(Member, row.sender_id)
        receiver = await session.get(Member, row.receiver_id)
        assert sender is not None and receiver is not None
        decided = _held(row, sender.username, receiver.username)
    await balance_changed(row.sender_id)
    await balance_changed(row.receiver_id)
    return decided
