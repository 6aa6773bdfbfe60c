"""Console: content per brand (announcements with their schedule, legal documents, banners).
The rules and the audit are in app/services/backoffice/content.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import reflex as rx
from pydantic import Field, StringConstraints

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import content
from app.services.backoffice.staff import Staff
from app.services.brands import brands
from app.services.content import announcements, banners
from app.services.content.announcements import AnnouncementSpec
from state.backoffice.console import (
    BrandConsolePage,
    MenuItem,
    RowId,
    brand_scope,
    form_text,
    iso,
    said,
    ui_lang,
    utc_minutes,
)
from state.guard import ARGS, STAFF, Text, checked
from state.rows import row_of

# The editors' forms carry HTML longer than an ordinary form's field (legal texts up to
# legal.MAX_HTML), and few fields.
_Long = Annotated[str, StringConstraints(max_length=200_000)]
ContentForm = Annotated[dict[Text, _Long | bool | int | float | None], Field(max_length=12)]

# What the editor's datetime-local fields show and read back: minutes, in UTC.
_MINUTES = "%Y-%m-%dT%H:%M"


def _local(value: datetime) -> str:
    return value.astimezone(UTC).strftime(_MINUTES)


def _moment(form: dict[str, Any], name: str) -> datetime:
    try:
        return datetime.strptime(form_text(form, name, 20), _MINUTES).replace(tzinfo=UTC)
    except ValueError:
        raise AppError("announcement-invalid", 422, {"field": "schedule"}) from None


def _sort(form: dict[str, Any]) -> int:
    try:
        return int(form_text(form, "sort", 8) or "0")
    except ValueError:
        raise AppError("announcement-invalid", 422, {"field": "sort"}) from None


def spec_of(form: dict[str, Any]) -> AnnouncementSpec:
    """The announcement a submitted editor form describes (the service checks the rest)."""
    return AnnouncementSpec(
        promotion_type=form_text(form, "type", 4),
        execution=form_text(form, "execution", 1),
        title=form_text(form, "title", 300),
        content=form_text(form, "content", announcements.MAX_CONTENT + 1),
        starts_at=_moment(form, "starts"),
        ends_at=_moment(form, "ends"),
        language=form_text(form, "language", 8) or None,
        platform=form_text(form, "platform", 4) or "W",
        sort=_sort(form),
    )


@dataclass
class AnnouncementLine:
    """An announcement (the field names are the table's column keys)."""

    id: int = 0
    type: str = ""
    execution: str = ""
    language: str = ""  # "*" for every language
    title: str = ""
    starts_shown: str = ""  # UTC minutes
    ends_shown: str = ""
    state: str = ""  # translated
    live: bool = False  # not ended yet: it can be unpublished


@dataclass
class BannerLine:
    id: int = 0
    group: str = ""  # in words
    sort: int = 0
    language: str = ""  # in words for every language
    shows: str = ""  # the promotion it shows (its title), else its image
    link: str = ""


@dataclass
class PromotionChoice:
    code: str = ""
    title: str = ""


def banner_spec_of(form: dict[str, Any]) -> banners.BannerSpec:
    """The banner a submitted form describes (the service checks the rest)."""
    try:
        sort = int(form_text(form, "sort", 8) or "0")
    except ValueError:
        raise AppError("banner-invalid", 422, {"field": "sort"}) from None
    return banners.BannerSpec(
        group=form_text(form, "group", 16),
        image=form_text(form, "image", 301),
        title=form_text(form, "title", 201),
        link=form_text(form, "link", 501),
        language=form_text(form, "language", 8),
        promotion=form_text(form, "promotion", 65),
        sort=sort,
    )


@dataclass
class LegalLine:
    slug: str = ""  # the document in words (bo-doc-<slug>)
    language: str = ""
    title: str = ""
    version: int = 0
    at: str = ""  # ISO


@dataclass
class Draft:
    """What the editor's fields start from; the defaults are a new announcement's."""

    type: str = "PL"
    execution: str = "A"
    language: str = ""  # every language
    platform: str = "W"
    title: str = ""
    content: str = ""
    starts: str = ""  # as the datetime-local fields read them (_MINUTES, UTC)
    ends: str = ""
    sort: int = 0


def announcement_line(row: content.AnnouncementRow, lang: str) -> AnnouncementLine:
    return row_of(
        AnnouncementLine,
        row,
        type=said(f"bo-type-{row.promotion_type}", row.promotion_type, lang),
        execution=said(f"bo-exec-{row.execution}", row.execution, lang),
        language=row.language or "*",
        starts_shown=utc_minutes(row.starts_at, lang),
        ends_shown=utc_minutes(row.ends_at, lang),
        state=translate(f"bo-state-{row.state}", lang),
        live=row.state != content.ENDED,
    )


def draft_of(row: content.AnnouncementRow) -> Draft:
    return row_of(
        Draft,
        row,
        type=row.promotion_type,
        starts=_local(row.starts_at),
        ends=_local(row.ends_at),
    )


class ContentState(BrandConsolePage, rx.State):
    announcements: list[AnnouncementLine] = []
    documents: list[LegalLine] = []
    banners: list[BannerLine] = []
    promotion_choices: list[PromotionChoice] = []
    languages: list[str] = []  # the brand's, for a banner's language
    # The editor: 0 makes a new announcement; its fields start from the row being edited.
    editing_id: int = 0
    draft: Draft = Draft()
    preview_title: str = ""
    preview_html: str = ""
    _rows: dict[int, content.AnnouncementRow] = {}

    def _blank(self) -> Draft:
        start = clock.now()
        return Draft(starts=_local(start), ends=_local(start + timedelta(days=30)))

    async def _refresh(self) -> Any:
        staff = await brand_scope(self)
        rows = await content.announcement_list(staff, self.brand, clock.now())
        documents = await content.legal_list(staff, self.brand, clock.now())
        self._rows = {row.id: row for row in rows}
        lang = await ui_lang(self)
        self.announcements = [announcement_line(row, lang) for row in rows]
        self.documents = [
            row_of(LegalLine, d, slug=said(f"bo-doc-{d.slug}", d.slug, lang), at=iso(d.updated_at))
            for d in documents
        ]
        shown, choices = await content.banner_list(staff, self.brand, lang, clock.now())
        titles = {c.code: c.title for c in choices}
        self.banners = [
            row_of(
                BannerLine,
                b,
                group=said(f"bo-banner-group-{b.group}", b.group, lang),
                language=b.language or translate("bo-all-languages", lang),
                shows=titles.get(b.promotion, b.promotion) if b.promotion else b.image,
            )
            for b in shown
        ]
        self.promotion_choices = [PromotionChoice(c.code, c.title) for c in choices]
        self.languages = list((await brands.by_code(self.brand)).supported_languages)
        return None

    def _forget(self) -> None:
        self.editing_id, self.draft = 0, self._blank()
        self.preview_title = self.preview_html = ""

    @rx.event
    def new(self) -> None:
        self._clear()

    @rx.event
    @checked
    async def edit(self, announcement_id: RowId) -> Any:
        """Load the row into the editor and its preview (the list was read with the check)."""
        row = self._rows.get(announcement_id)
        if row is None:
            raise AppError("bo-content-unknown", 404)
        self.editing_id = row.id
        self.draft = draft_of(row)
        self.preview_title, self.preview_html = row.title, row.content
        self.error = self.notice = ""
        return None

    @rx.event
    @checked
    async def save(self, form: ContentForm) -> Any:

        async def save_announcement(staff: Staff) -> None:
            spec = spec_of(form)
            if self.editing_id:
                saved = await content.update_announcement(staff, self.editing_id, spec, clock.now())
            else:
                saved = await content.create_announcement(staff, self.brand, spec, clock.now())
            self.editing_id = saved.id
            self.draft = draft_of(saved)
            self.preview_title, self.preview_html = saved.title, saved.content

        return await self._act(save_announcement)

    @rx.event
    @checked
    async def unpublish(self, announcement_id: RowId) -> Any:
        return await self._act(
            lambda staff: content.unpublish_announcement(staff, announcement_id, clock.now())
        )

    @rx.event
    @checked
    async def publish_legal(self, form: ContentForm) -> Any:
        return await self._act(
            lambda staff: content.publish_legal(
                staff,
                self.brand,
                form_text(form, "slug", 16),
                form_text(form, "language", 8),
                form_text(form, "title", 300),
                form_text(form, "html", 200_001),
                clock.now(),
            )
        )

    @rx.event
    @checked
    async def add_banner(self, form: ContentForm) -> Any:
        return await self._act(
            lambda staff: content.add_banner(staff, self.brand, banner_spec_of(form), clock.now()),
            at="banner-form",
        )

    @rx.event
    @checked
    async def remove_banner(self, banner_id: RowId) -> Any:
        return await self._act(
            lambda staff: content.remove_banner(staff, self.brand, banner_id, clock.now()),
            at="banners",
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ContentState.load": STAFF,
    "ContentState.pick_brand": f"{ARGS}; {STAFF}",
    "ContentState.new": "clears the editor only (no data)",
    "ContentState.edit": f"{ARGS}; rows this staff member listed",
    "ContentState.save": f"{ARGS}; {STAFF}; HTML sanitised (nh3)",
    "ContentState.unpublish": f"{ARGS}; {STAFF}",
    "ContentState.publish_legal": f"{ARGS}; {STAFF}; HTML sanitised",
    "ContentState.add_banner": f"{ARGS}; {STAFF}; image and link checked",
    "ContentState.remove_banner": f"{ARGS}; {STAFF}; the brand's banners only",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_CONTENT, "bo-content", "content.view", place=100),)
