"""Activity applications (spec 3, 5): a comment of at most 140 characters and up to 3 png or
jpg images of at most 5 MB each (app/services/images.py). A refused application stores nothing.
An operator reviews it (this module's `start_review` and `review`, called by the CLI and the
console's app/services/backoffice/applications.py):

    APPLYING --start_review--> PROCESS --review(approve)--> ISSUED --request_reward--> CLAIMED
        \\______________________________review(reject)--> REJECTED --apply again--> APPLYING
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import inbox, wallet_events
from app.services.images import image_suffixes, remove, store
from app.services.promotions import offers
from models.base import saved_id
from models.cashier import MessageKind
from models.member import Member
from models.promotions import EntryStatus, Promotion, PromotionEntry, PromotionKind

MAX_COMMENT = 140
MAX_IMAGES = 3
MAX_NOTE = 500
IMAGE_FOLDER = "applications"


@dataclass(frozen=True)
class ApplicationView:
    entry_id: int
    promotion_id: int
    promotion_code: str
    member_id: int
    username: str
    status: EntryStatus
    comment: str
    images: tuple[str, ...]
    review_note: str
    reviewed_by: str | None
    created_at: datetime


async def check(comment: str, images: Sequence[bytes]) -> tuple[str, list[str]]:
    """The cleaned comment and each image's suffix, or the first refusal."""
    if not isinstance(comment, str):
        raise AppError("application-comment-too-long", 422, {"max": MAX_COMMENT})
    text = comment.strip()
    if len(text) > MAX_COMMENT:
        raise AppError("application-comment-too-long", 422, {"max": MAX_COMMENT})
    return text, await image_suffixes(images, MAX_IMAGES)


async def apply(
    brand_id: int,
    member_id: int,
    promotion_id: int,
    comment: str,
    images: Sequence[bytes],
    now: datetime,
) -> offers.PromotionView:
    """Send (or, after a rejection, send again) an application to an ACTIVITY promotion."""
    text, suffixes = await check(comment, images)
    async with session_scope() as session:
        promotion = await session.get(Promotion, promotion_id)
        if promotion is None or promotion.merchant_id != brand_id:
            raise AppError("promo-not-found", 404)
        if PromotionKind(promotion.kind) is not PromotionKind.ACTIVITY:
            raise AppError("promo-not-found", 404)
    stored = await store(IMAGE_FOLDER, images, suffixes)
    try:
        async with write_transaction() as session:
            _member, promotion = await offers._member_promotion(
                session, brand_id, member_id, promotion_id
            )
            if not offers._open(promotion, now):
                raise AppError("promo-not-open", 409)
            entry = await offers.entry_of(session, promotion_id, member_id, lock=True)
            if entry is not None and entry.status != EntryStatus.REJECTED.value:
                raise AppError("promo-already-joined", 409)
            previous = list(entry.images) if entry is not None else []
            if entry is None:
                entry = PromotionEntry(
                    promotion_id=promotion_id, member_id=member_id, created_at=now, status=""
                )
            entry.status = EntryStatus.APPLYING.value
            entry.comment = text
            entry.images = stored
            entry.review_note = ""
            entry.reviewed_by = None
            entry.reviewed_at = None
            entry.updated_at = now
            session.add(entry)
    except BaseException:
        await remove(IMAGE_FOLDER, stored)
        raise
    await remove(IMAGE_FOLDER, previous)
    return await offers.detail(brand_id, promotion_id, member_id, "en", now)


def _reviewable(entry_id: int) -> None:
    if not isinstance(entry_id, int) or entry_id <= 0:
        raise AppError("promo-review-invalid", 422)


async def brand_of(entry_id: int) -> int:
    """The brand of an application's promotion (promo-review-invalid if there is none)."""
    _reviewable(entry_id)
    async with session_scope() as session:
        brand_id = (
            await session.exec(
                select(Promotion.merchant_id)
                .join(PromotionEntry, col(PromotionEntry.promotion_id) == Promotion.id)
                .where(PromotionEntry.id == entry_id)
            )
        ).first()
    if brand_id is None:
        raise AppError("promo-review-invalid", 404)
    return brand_id


async def start_review_in(
    session: AsyncSession, entry_id: int, operator: str, now: datetime
) -> PromotionEntry:
    """An operator takes an application into review: APPLYING → PROCESS. Building block."""
    _reviewable(entry_id)
    entry = await session.get(PromotionEntry, entry_id, with_for_update=True)
    if entry is None or entry.status != EntryStatus.APPLYING.value:
        raise AppError("promo-review-invalid", 409)
    entry.status = EntryStatus.PROCESS.value
    entry.reviewed_by = operator[:64]
    entry.updated_at = now
    session.add(entry)
    return entry


async def start_review(entry_id: int, operator: str, now: datetime) -> ApplicationView:
    async with write_transaction() as session:
        await start_review_in(session, entry_id, operator, now)
    return await application(entry_id)


async def review_in(
    session: AsyncSession, entry_id: int, operator: str, approve: bool, note: str, now: datetime
) -> PromotionEntry:
    """An operator decides: ISSUED (the member may request the reward) or REJECTED; the
    member's inbox says which. Building block: tell `reviewed` after the commit."""
    _reviewable(entry_id)
    clean_note = note.strip()[:MAX_NOTE]
    entry = await session.get(PromotionEntry, entry_id, with_for_update=True)
    if entry is None or entry.status not in (
        EntryStatus.APPLYING.value,
        EntryStatus.PROCESS.value,
    ):
        raise AppError("promo-review-invalid", 409)
    promotion = await session.get(Promotion, entry.promotion_id)
    assert promotion is not None
    entry.status = (EntryStatus.ISSUED if approve else EntryStatus.REJECTED).value
    entry.review_note = clean_note
    entry.reviewed_by = operator[:64]
    entry.reviewed_at = now
    entry.updated_at = now
    session.add(entry)
    await inbox.post_message(
        session,
        entry.member_id,
        MessageKind.APPLICATION_APPROVED if approve else MessageKind.APPLICATION_REJECTED,
        {"promotion": promotion.code, "note": clean_note},
    )
    return entry


async def reviewed(entry: PromotionEntry) -> None:
    """After a decision's commit: the member's open pages refresh their badges."""
    await wallet_events.balance_changed(entry.member_id)


async def review(
    entry_id: int, operator: str, approve: bool, note: str, now: datetime
) -> ApplicationView:
    async with write_transaction() as session:
        entry = await review_in(session, entry_id, operator, approve, note, now)
    await reviewed(entry)
    return await application(entry_id)


def _application(entry: PromotionEntry, promotion: Promotion, member: Member) -> ApplicationView:
    return ApplicationView(
        entry_id=saved_id(entry.id),
        promotion_id=saved_id(promotion.id),
        promotion_code=promotion.code,
        member_id=saved_id(member.id),
        username=member.username,
        status=EntryStatus(entry.status),
        comment=entry.comment,
        images=tuple(entry.images),
        review_note=entry.review_note,
        reviewed_by=entry.reviewed_by,
        created_at=entry.created_at,
    )


async def application(entry_id: int) -> ApplicationView:
    async with session_scope() as session:
        row = (
            await session.exec(
                select(PromotionEntry, Promotion, Member)
                .join(Promotion, col(Promotion.id) == PromotionEntry.promotion_id)
                .join(Member, col(Member.id) == PromotionEntry.member_id)
                .where(PromotionEntry.id == entry_id)
            )
        ).first()
    if row is None:
        raise AppError("promo-review-invalid", 404)
    return _application(*row)


async def waiting(brand_id: int | None = None, limit: int = 100) -> list[ApplicationView]:
    """Applications waiting for a decision (APPLYING or PROCESS), oldest first."""
    async with session_scope() as session:
        query = (
            select(PromotionEntry, Promotion, Member)
            .join(Promotion, col(Promotion.id) == PromotionEntry.promotion_id)
            .join(Member, col(Member.id) == PromotionEntry.member_id)
            .where(
                col(PromotionEntry.status).in_(
                    [EntryStatus.APPLYING.value, EntryStatus.PROCESS.value]
                )
            )
        )
        if brand_id is not None:
            query = query.where(Promotion.merchant_id == brand_id)
        rows = (await session.exec(query.order_by(col(PromotionEntry.id)).limit(limit))).all()
    return [_application(*row) for row in rows]
