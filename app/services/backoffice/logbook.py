"""The audit log's console use cases: the page, the chain check and the CSV export, each
behind its permission (the log itself is app/services/backoffice/audit.py)."""

from __future__ import annotations

from datetime import datetime

from app.core.db import write_transaction
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require


async def entries(
    staff: Staff, action: str, page_no: int, now: datetime
) -> tuple[list[audit.EntryView], int]:
    await require(staff, "audit.view", staff.merchant_id, now)
    return await audit.page(
        staff.merchant_id, action.strip()[:64], max(1, min(page_no, 100_000)), 50
    )


async def verify(staff: Staff, now: datetime) -> audit.Verification:
    await require(staff, "audit.view", staff.merchant_id, now)
    return await audit.verify()


async def export_csv(staff: Staff, now: datetime) -> str:
    """The CSV of the staff member's brand's entries (every entry for all-brand staff); the
    export is itself recorded."""
    await require(staff, "audit.export", staff.merchant_id, now)
    async with write_transaction() as session:
        await audit.append(
            session, staff.actor, "audit.export", now=now, merchant_id=staff.merchant_id
        )
    return await audit.export_csv(staff.merchant_id)
