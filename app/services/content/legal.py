"""A brand's published texts: terms and conditions, the privacy policy, its sponsorships and
its description, per language.

The site shows them at /terms, /privacy, /sponsor and /description (app.routes); the
operator changes them through `publish` (the CLI) or the console's content page
(app/services/backoffice/content.py, with `store` in its audited transaction): the HTML is
sanitised with nh3 when stored and again when served, and every change bumps the document's
version and date, which the page shows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.html import sanitize_html
from app.services.brands import Brand
from models import LegalDocument

TERMS = "terms"
PRIVACY = "privacy"
# The brand's other content pages of spec 2 (/sponsor, /description): the same versioned,
# sanitised documents, so one editor publishes all four.
SPONSOR = "sponsor"
DESCRIPTION = "description"
DOCUMENTS = (TERMS, PRIVACY, SPONSOR, DESCRIPTION)
MAX_TITLE = 200
MAX_HTML = 200_000


@dataclass(frozen=True)
class LegalText:
    slug: str
    language: str  # the language it is written in (the brand's default when asked one is missing)
    title: str
    html: str  # sanitised
    version: int
    updated_at: datetime


def _text(row: LegalDocument) -> LegalText:
    return LegalText(
        slug=row.slug,
        language=row.language,
        title=row.title,
        html=sanitize_html(row.content_html),
        version=row.version,
        updated_at=row.updated_at,
    )


def _check_slug(slug: str) -> None:
    if slug not in DOCUMENTS:
        raise AppError("legal-document-unknown", status=404)


async def document(brand: Brand, slug: str, language: str) -> LegalText | None:
    """The document in the language, else in the brand's default language, else None."""
    _check_slug(slug)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(LegalDocument).where(
                    LegalDocument.merchant_id == brand.id, LegalDocument.slug == slug
                )
            )
        ).all()
    by_language = {row.language: row for row in rows}
    found = by_language.get(language) or by_language.get(brand.default_language)
    return _text(found) if found is not None else None


async def publish(
    brand: Brand, slug: str, language: str, title: str, html: str, now: datetime
) -> LegalText:
    """Store a new version of the document in one of the brand's languages."""
    async with write_transaction() as session:
        return await store(session, brand, slug, language, title, html, now)


async def store(
    session: AsyncSession,
    brand: Brand,
    slug: str,
    language: str,
    title: str,
    html: str,
    now: datetime,
) -> LegalText:
    """The building block of `publish` (the console's use case audits in the same
    transaction): checks, sanitises, and adds a version unless the text is the same."""
    _check_slug(slug)
    if language not in brand.supported_languages:
        raise AppError("language-unsupported", status=422)
    title = title.strip()
    clean = sanitize_html(html).strip()
    if not title or len(title) > MAX_TITLE or not clean or len(clean) > MAX_HTML:
        raise AppError("legal-document-invalid", status=422)
    row = (
        await session.exec(
            select(LegalDocument)
            .where(
                LegalDocument.merchant_id == brand.id,
                LegalDocument.slug == slug,
                LegalDocument.language == language,
            )
            .with_for_update()
        )
    ).first()
    if row is None:
        row = LegalDocument(
            merchant_id=brand.id, slug=slug, language=language, title=title, content_html=clean
        )
    elif (row.title, row.content_html) != (title, clean):
        row.title, row.content_html, row.version = title, clean, row.version + 1
    else:
        return _text(row)  # the same text again: no new version
    row.updated_at = now
    session.add(row)
    await session.flush()
    return _text(row)
