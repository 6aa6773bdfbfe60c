"""Activity applications in the console: a brand's applications waiting for a decision with
their comment and images, taking one into review and the decision with a note (the rules of
app/services/promotions/applications.py, the same as the CLI's), each audited."""

from __future__ import annotations

from datetime import datetime

from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.images import data_url
from app.services.promotions import applications
from app.services.promotions.applications import ApplicationView


async def application_queue(staff: Staff, code: str, now: datetime) -> list[ApplicationView]:
    """The brand's applications waiting (APPLYING or PROCESS), oldest first."""
    brand_id = (await brands.by_code(code)).id
    await require(staff, "promotions.view", brand_id, now)
    return await applications.waiting(brand_id)


async def application_image(staff: Staff, entry_id: int, index: int, now: datetime) -> str:
    """One of the application's images (0-based) as a data URL."""
    await require(staff, "promotions.view", await applications.brand_of(entry_id), now)
    view = await applications.application(entry_id)
    if not 0 <= index < len(view.images):
        raise AppError("image-missing", status=404)
    return await data_url(applications.IMAGE_FOLDER, view.images[index])


async def start_review(staff: Staff, entry_id: int, now: datetime) -> None:
    """Take the application into review (the member sees it in process)."""
    brand_id = await applications.brand_of(entry_id)
    await require(staff, "promotions.manage", brand_id, now)
    async with write_transaction() as session:
        entry = await applications.start_review_in(session, entry_id, staff.username, now)
        await audit.append(
            session, staff.actor, "promotion.application.process", now=now,
            merchant_id=brand_id, target=f"member:{entry.member_id}",
            detail={"application": entry_id, "promotion": entry.promotion_id},
        )  # fmt: skip


async def decide(staff: Staff, entry_id: int, approve: bool, note: str, now: datetime) -> None:
    """Approve (the member may then request the reward) or reject; a rejection needs a note,
    which the member reads in their inbox."""
    brand_id = await applications.brand_of(entry_id)
    await require(staff, "promotions.manage", brand_id, now)
    why = " ".join(note.split())[: applications.MAX_NOTE]
    if not approve and not why:
        raise AppError("staff-reason-required", status=422)
    async with write_transaction() as session:
        entry = await applications.review_in(session, entry_id, staff.username, approve, why, now)
        await audit.append(
            session, staff.actor,
            "promotion.application.approve" if approve else "promotion.application.reject",
            now=now, merchant_id=brand_id, target=f"member:{entry.member_id}",
            detail={"application": entry_id, "promotion": entry.promotion_id, "note": why},
        )  # fmt: skip
    await applications.reviewed(entry)
