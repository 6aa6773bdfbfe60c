"""Content in the console: the brand's announcements (banners, notices, popups, promotions,
home; per language, platform, audience and schedule), its legal documents and its banners
(the home carousel's and the popups', app/services/content/banners.py).

The rules stay in their capabilities: an announcement is checked and sanitised by
`announcements.validated`, a legal text by `legal.store`; this module adds the permission
check, the brand scope and the audit entry (before and after) in the same transaction.
Publishing is the schedule: an announcement is live between its start and end; unpublishing
ends it now (its row stays, so the log and the list keep what was shown)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.content import announcements, banners, legal
from app.services.content.announcements import AnnouncementSpec
from app.services.promotions import offers
from models import LegalDocument
from models.base import saved_id
from models.promotions import Announcement

LIST_LIMIT = 200
SCHEDULED, LIVE, ENDED = "scheduled", "live", "ended"


@dataclass(frozen=True)
class AnnouncementRow:
    id: int
    promotion_type: str
    execution: str
    language: str  # "" for every language
    platform: str
    title: str
    content: str  # sanitised HTML
    starts_at: datetime
    ends_at: datetime
    sort: int
    state: str  # scheduled, live or ended at `now`


@dataclass(frozen=True)
class LegalRow:
    slug: str
    language: str
    title: str
    version: int
    updated_at: datetime


def _state(row: Announcement, now: datetime) -> str:
    if now < row.starts_at:
        return SCHEDULED
    return LIVE if now < row.ends_at else ENDED


def _row(row: Announcement, now: datetime) -> AnnouncementRow:
    return AnnouncementRow(
        id=saved_id(row.id),
        promotion_type=row.promotion_type,
        execution=row.execution,
        language=row.language or "",
        platform=row.platform,
        title=row.title,
        content=row.content,
        starts_at=row.starts_at,
        ends_at=row.ends_at,
        sort=row.sort,
        state=_state(row, now),
    )


def _snapshot(row: Announcement) -> dict[str, object]:
    return {
        "type": row.promotion_type,
        "execution": row.execution,
        "language": row.language,
        "platform": row.platform,
        "title": row.title,
        "starts_at": row.starts_at.isoformat(),
        "ends_at": row.ends_at.isoformat(),
        "sort": row.sort,
        "content_chars": len(row.content),
    }


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def announcement_list(staff: Staff, code: str, now: datetime) -> list[AnnouncementRow]:
    """The brand's announcements, the latest schedules first (live, scheduled and ended)."""
    brand_id = await _brand_id(code)
    await require(staff, "content.view", brand_id, now)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Announcement)
                .where(Announcement.merchant_id == brand_id)
                .order_by(col(Announcement.starts_at).desc(), col(Announcement.id).desc())
                .limit(LIST_LIMIT)
            )
        ).all()
    return [_row(row, now) for row in rows]


async def create_announcement(
    staff: Staff, code: str, spec: AnnouncementSpec, now: datetime
) -> AnnouncementRow:
    brand_id = await _brand_id(code)
    await require(staff, "content.edit", brand_id, now)
    row = announcements.validated(brand_id, spec)
    async with write_transaction() as session:
        session.add(row)
        await session.flush()
        await audit.append(
            session,
            staff.actor,
            "content.announcement.create",
            now=now,
            merchant_id=brand_id,
            target=f"announcement:{row.id}",
            detail={"after": _snapshot(row)},
        )
    return _row(row, now)


async def _locked(session: AsyncSession, announcement_id: int) -> Announcement:
    row = (
        await session.exec(
            select(Announcement).where(Announcement.id == announcement_id).with_for_update()
        )
    ).first()
    if row is None:
        raise AppError("bo-content-unknown", 404)
    return row


async def _brand_of(announcement_id: int) -> int:
    async with session_scope() as session:
        brand_id = (
            await session.exec(
                select(Announcement.merchant_id).where(Announcement.id == announcement_id)
            )
        ).first()
    if brand_id is None:
        raise AppError("bo-content-unknown", 404)
    return brand_id


async def update_announcement(
    staff: Staff, announcement_id: int, spec: AnnouncementSpec, now: datetime
) -> AnnouncementRow:
    """Replace an announcement's fields (checked as a new one is); the brand stays."""
    brand_id = await _brand_of(announcement_id)
    await require(staff, "content.edit", brand_id, now)
    fresh = announcements.validated(brand_id, spec)
    async with write_transaction() as session:
        row = await _locked(session, announcement_id)
        before = _snapshot(row)
        for field in (
            "promotion_type", "execution", "language", "platform", "title", "content",
            "starts_at", "ends_at", "sort",
        ):  # fmt: skip
            setattr(row, field, getattr(fresh, field))
        session.add(row)
        await audit.append(
            session,
            staff.actor,
            "content.announcement.update",
            now=now,
            merchant_id=brand_id,
            target=f"announcement:{announcement_id}",
            detail={"before": before, "after": _snapshot(row)},
        )
    return _row(row, now)


async def unpublish_announcement(
    staff: Staff, announcement_id: int, now: datetime
) -> AnnouncementRow:
    """End the announcement now (a scheduled one never starts). An ended one is refused."""
    brand_id = await _brand_of(announcement_id)
    await require(staff, "content.publish", brand_id, now)
    async with write_transaction() as session:
        row = await _locked(session, announcement_id)
        if _state(row, now) == ENDED:
            raise AppError("bo-content-ended", 409)
        before = _snapshot(row)
        row.starts_at = min(row.starts_at, now)
        row.ends_at = now
        session.add(row)
        await audit.append(
            session,
            staff.actor,
            "content.announcement.unpublish",
            now=now,
            merchant_id=brand_id,
            target=f"announcement:{announcement_id}",
            detail={"before": before, "after": _snapshot(row)},
        )
    return _row(row, now)


async def legal_list(staff: Staff, code: str, now: datetime) -> list[LegalRow]:
    """The brand's legal documents, one row per document and language (latest version)."""
    brand_id = await _brand_id(code)
    await require(staff, "content.view", brand_id, now)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(LegalDocument)
                .where(LegalDocument.merchant_id == brand_id)
                .order_by(col(LegalDocument.slug), col(LegalDocument.language))
            )
        ).all()
    return [
        LegalRow(row.slug, row.language, row.title, row.version, row.updated_at) for row in rows
    ]


async def publish_legal(
    staff: Staff, code: str, slug: str, language: str, title: str, html: str, now: datetime
) -> legal.LegalText:
    """A new version of a legal document (the same text again makes none, and no entry)."""
    brand = await brands.by_code(code)
    await require(staff, "content.publish", brand.id, now)
    async with write_transaction() as session:
        before = (
            await session.exec(
                select(LegalDocument.version).where(
                    LegalDocument.merchant_id == brand.id,
                    LegalDocument.slug == slug,
                    LegalDocument.language == language,
                )
            )
        ).first()
        stored = await legal.store(session, brand, slug, language, title, html, now)
        if stored.version != before:
            await audit.append(
                session,
                staff.actor,
                "content.legal.publish",
                now=now,
                merchant_id=brand.id,
                target=f"legal:{slug}:{language}",
                detail={"version": stored.version, "title": stored.title, "chars": len(html)},
            )
    return stored


# ---- banners ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PromotionChoice:
    code: str
    title: str


async def banner_list(
    staff: Staff, code: str, language: str, now: datetime
) -> tuple[list[banners.ShownBanner], list[PromotionChoice]]:
    """The brand's banners, and the promotions a home banner may show (those not ended)."""
    brand_id = await _brand_id(code)
    await require(staff, "content.view", brand_id, now)
    found = await offers.listing(brand_id, None, language, now, page_size=50)
    choices = [PromotionChoice(view.code, view.title) for view in found.items]
    return await banners.listing(code), choices


def _banner_record(staff: Staff, brand_id: int, action: str, now: datetime) -> banners.Record:
    async def record(session: AsyncSession, _merchant: str, shown: banners.ShownBanner) -> None:
        await audit.append(
            session, staff.actor, action, now=now, merchant_id=brand_id,
            target=f"banner:{shown.id}", detail={"banner": asdict(shown)},
        )  # fmt: skip

    return record


async def add_banner(
    staff: Staff, code: str, spec: banners.BannerSpec, now: datetime
) -> banners.ShownBanner:
    """A new banner, live at once (so `content.publish`), audited in its transaction."""
    brand_id = await _brand_id(code)
    await require(staff, "content.publish", brand_id, now)
    record = _banner_record(staff, brand_id, "content.banner.add", now)
    return await banners.add(code, spec, record=record)


async def remove_banner(
    staff: Staff, code: str, banner_id: int, now: datetime
) -> banners.ShownBanner:
    brand_id = await _brand_id(code)
    await require(staff, "content.publish", brand_id, now)
    record = _banner_record(staff, brand_id, "content.banner.remove", now)
    return await banners.remove(code, banner_id, record=record)
