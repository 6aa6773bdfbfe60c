"""The audit log's console use cases: the page, the chain check and the CSV export, each
behind its permission (the log itself is app/services/backoffice/audit.py)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from models import Member, Merchant


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


async def names_for(found: list[audit.EntryView]) -> tuple[dict[int, str], dict[int, str]]:
    """The brands' names and the players' user names the entries name (by id), so the page
    says "BR1" and "joao" instead of 1 and member:13 (a building block after `entries`)."""
    brand_ids = {e.merchant_id for e in found if e.merchant_id is not None}
    targets = [e.target[7:] for e in found if e.target.startswith("member:")]
    member_ids = {int(t) for t in targets if t.isdigit()}
    async with session_scope() as session:
        brand_rows = (
            await session.exec(
                select(Merchant.id, Merchant.code, Merchant.name).where(
                    col(Merchant.id).in_(brand_ids)
                )
            )
        ).all()
        member_rows = (
            await session.exec(
                select(Member.id, Member.username).where(col(Member.id).in_(member_ids))
            )
        ).all()
    return (
        {int(i): f"{name} ({code})" for i, code, name in brand_rows if i is not None},
        {int(i): name for i, name in member_rows if i is not None},
    )
