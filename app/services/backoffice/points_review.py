"""The points mall in the console: redeems of physical items waiting for review, approved
(the item is shipped) or rejected (points and stock go back), each decision in the audit log
in the same transaction."""

from __future__ import annotations

from datetime import datetime

from app.core.db import write_transaction
from app.core.errors import AppError
from app.services import wallet_events
from app.services.backoffice import audit
from app.services.backoffice.permissions import P
from app.services.backoffice.staff import Staff, require
from app.services.loyalty import points


async def pending(staff: Staff, now: datetime) -> list[points.RedeemView]:
    """Redeems in process in the staff member's brand (every brand for all-brand staff)."""
    await require(staff, P.POINTS_VIEW, staff.merchant_id, now)
    return await points.pending(staff.merchant_id)


async def decide(
    staff: Staff, reference: str, *, approve: bool, note: str, now: datetime
) -> points.RedeemView:
    merchant_id = await points.redeem_merchant(reference[:32])
    if merchant_id is None:
        raise AppError("points-redeem-not-found", 404)
    await require(staff, P.POINTS_REVIEW, merchant_id, now)
    async with write_transaction() as session:
        view = await points.decide_in(
            session,
            staff.merchant_id,
            reference,
            approve=approve,
            note=note,
            decided_by=staff.username,
            now=now,
        )
        await audit.append(
            session,
            staff.actor,
            "points.approve" if approve else "points.reject",
            now=now,
            merchant_id=merchant_id,
            target=reference,
            detail={"points": str(view.points), "quantity": view.quantity, "note": view.note},
        )
    await wallet_events.balance_changed(view.member_id)
    return view
