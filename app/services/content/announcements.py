"""Announcements and notices (spec 3, 4, 7, 9): operator HTML sanitised with nh3 on the way
in, per brand, language, platform, audience (execution) and schedule; the queries of
MCSFE_getListAnnouncements; the popup rules; lists 6 a page.

promotionType: B banner, PL player notice, PU popup, PR promotion, H home.
execution: A members, B visitors, F members on their first login, G agents (player notices
listed in the agent centre only, never on the site's pages or to a member's API call).

Queries (spec 7):
- home: types B, PL, PU, PR; platform W; execution B;
- popup: types B, PL, PU, PR, H; platform W; execution by audience (`popup_executions`);
- notice: the same path with a token: the member's notices (PL, execution A).

Popup rules (spec 4, kept by the site's AnnouncementState with these helpers): shown once per
session unless its closed marker is set; the markers of members and visitors are separate;
members see A, and F too on their first login; visitors see B; the popup reloads on a
language change and on login.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, func, or_
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.html import safe_link, sanitize_html
from app.services.brands import Brand
from models.base import saved_id
from models.promotions import Announcement

TYPES = ("B", "PL", "PU", "PR", "H")
EXECUTIONS = ("A", "B", "F", "G")
AGENT_EXECUTION = "G"
PLATFORMS = ("W", "H5", "APP")
PAGE_SIZE = 6  # spec 9
HOME_TYPES = ("B", "PL", "PU", "PR")
POPUP_TYPES = ("B", "PL", "PU", "PR", "H")
NOTICE_TYPES = ("PL",)
MEMBER_MARKER = "announcementClosedMember"
VISITOR_MARKER = "announcementClosedVisitor"
MAX_CONTENT = 20000
# Which part of the spec's payload each type fills.
PAYLOAD_PARTS = {"B": "banners", "PL": "player", "PU": "popup", "PR": "promotion", "H": "popup"}


@dataclass(frozen=True)
class AnnouncementSpec:
    promotion_type: str
    execution: str
    title: str
    content: str
    starts_at: datetime
    ends_at: datetime
    language: str | None = None
    platform: str = "W"
    sort: int = 0


@dataclass(frozen=True)
class AnnouncementView:
    id: int
    promotion_type: str
    execution: str
    title: str
    content: str  # sanitised HTML
    starts_at: datetime


@dataclass(frozen=True)
class AnnouncementPage:
    items: tuple[AnnouncementView, ...]
    total: int
    page: int
    page_size: int

    def payload(self) -> dict[str, list[AnnouncementView]]:
        """Spec 3: the payload has banners, player (notices), popup and promotion."""
        parts: dict[str, list[AnnouncementView]] = {
            "banners": [],
            "player": [],
            "popup": [],
            "promotion": [],
        }
        for item in self.items:
            parts[PAYLOAD_PARTS[item.promotion_type]].append(item)
        return parts


def _invalid(field: str) -> AppError:
    return AppError("announcement-invalid", 422, {"field": field})


def popup_executions(member: bool, first_login: bool) -> tuple[str, ...]:
    """Who sees which popup: members A (and F on their first login), visitors B."""
    if not member:
        return ("B",)
    return ("A", "F") if first_login else ("A",)


def visible_executions(
    asked: tuple[str, ...] | None, *, member: bool, agent: bool, first_login: bool
) -> tuple[str, ...]:
    """The executions a caller may see of those asked (none asked: their popup's): visitors
    B only; members not F outside their first login; G only agents."""
    executions = asked if asked is not None else popup_executions(member, first_login)
    if not member:
        return tuple(e for e in executions if e == "B")
    return tuple(
        e for e in executions if (e != "F" or first_login) and (e != AGENT_EXECUTION or agent)
    )


def popup_marker(member: bool) -> str:
    """The closed marker of the audience: members and visitors have their own."""
    return MEMBER_MARKER if member else VISITOR_MARKER


def popup_due(member: bool, closed_markers: set[str]) -> bool:
    """Whether the popup is shown now: once per session, until its audience's marker is set."""
    return popup_marker(member) not in closed_markers


def validated(brand_id: int, spec: AnnouncementSpec) -> Announcement:
    """A new row for the spec, checked and its HTML sanitised (nothing stored yet): the one
    place the rules of an announcement live, for the CLI, the demo and the console."""
    if spec.promotion_type not in TYPES:
        raise _invalid("promotionType")
    if spec.execution not in EXECUTIONS or (
        spec.execution == AGENT_EXECUTION and spec.promotion_type not in NOTICE_TYPES
    ):
        raise _invalid("execution")  # the agent centre lists notices, so G is for notices only
    if spec.platform not in PLATFORMS:
        raise _invalid("platform")
    if spec.language is not None and spec.language.upper() not in ("EN", "PT"):
        raise _invalid("language")
    title = spec.title.strip()
    if not title or len(title) > 200:
        raise _invalid("title")
    if len(spec.content) > MAX_CONTENT:
        raise _invalid("content")
    if spec.starts_at.tzinfo is None or spec.ends_at <= spec.starts_at:
        raise _invalid("schedule")
    if not -10_000 <= spec.sort <= 10_000:
        raise _invalid("sort")
    return Announcement(
        merchant_id=brand_id,
        promotion_type=spec.promotion_type,
        execution=spec.execution,
        language=spec.language.upper() if spec.language else None,
        platform=spec.platform,
        title=title,
        content=sanitize_html(spec.content),
        starts_at=spec.starts_at,
        ends_at=spec.ends_at,
        sort=spec.sort,
    )


async def publish(brand_id: int, spec: AnnouncementSpec) -> int:
    """Add an announcement (the CLI and demo; the console adds its audit entry around
    `validated`); its HTML is sanitised before it is stored, so no page or API client ever
    gets raw operator HTML."""
    row = validated(brand_id, spec)
    async with write_transaction() as session:
        session.add(row)
    return saved_id(row.id)


async def query(
    brand_id: int,
    language: str,
    now: datetime,
    *,
    types: tuple[str, ...],
    executions: tuple[str, ...],
    platform: str = "W",
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> AnnouncementPage:
    """The brand's announcements running now for the language, platform, types and
    executions, in their order, a page at a time."""
    if (
        page < 1
        or not 1 <= page_size <= 50
        or not set(types) <= set(TYPES)
        or not set(executions) <= set(EXECUTIONS)
        or platform not in PLATFORMS
    ):
        raise _invalid("query")
    filters: list[ColumnElement[bool]] = [
        col(Announcement.merchant_id) == brand_id,
        col(Announcement.promotion_type).in_(types),
        col(Announcement.execution).in_(executions),
        col(Announcement.platform) == platform,
        col(Announcement.starts_at) <= now,
        col(Announcement.ends_at) > now,
        or_(col(Announcement.language).is_(None), col(Announcement.language) == language.upper()),
    ]
    async with session_scope() as session:
        total = (await session.exec(select(func.count()).where(*filters))).one()
        rows = (
            await session.exec(
                select(Announcement)
                .where(*filters)
                .order_by(col(Announcement.sort), col(Announcement.starts_at).desc())
                .offset((page - 1) * page_size)
                .limit(page_size)
            )
        ).all()
    items = tuple(
        AnnouncementView(
            id=saved_id(row.id),
            promotion_type=row.promotion_type,
            execution=row.execution,
            title=row.title,
            content=row.content,
            starts_at=row.starts_at,
        )
        for row in rows
    )
    return AnnouncementPage(items, int(total), page, page_size)


async def home(brand_id: int, language: str, now: datetime, page: int = 1) -> AnnouncementPage:
    return await query(brand_id, language, now, types=HOME_TYPES, executions=("B",), page=page)


async def popup(
    brand_id: int, language: str, now: datetime, *, member: bool, first_login: bool
) -> AnnouncementPage:
    return await query(
        brand_id,
        language,
        now,
        types=POPUP_TYPES,
        executions=popup_executions(member, first_login),
    )


async def notices(brand_id: int, language: str, now: datetime, page: int = 1) -> AnnouncementPage:
    """The member's notices (with a token): player notices for members."""
    return await query(brand_id, language, now, types=NOTICE_TYPES, executions=("A",), page=page)


async def agent_notices(
    brand_id: int, language: str, now: datetime, page: int = 1
) -> AnnouncementPage:
    """The agent centre's notices: the members' notices and those for agents only."""
    return await query(
        brand_id, language, now, types=NOTICE_TYPES, executions=("A", AGENT_EXECUTION), page=page
    )


# Spec 3: banner groups; w_home is the home carousel (catalogue/home.py), the others head the
# login, register and forgot-password popups.
POPUP_BANNER_GROUPS = ("w_login", "w_register", "w_forget")


@dataclass(frozen=True)
class PopupBanner:
    image: str
    link: str
    title: str


def popup_banners(brand: Brand, language: str) -> dict[str, PopupBanner]:
    """The first banner of each popup group for the language (rows without one serve all)."""
    found: dict[str, PopupBanner] = {}
    for banner in sorted(brand.banners, key=lambda b: (b.sort, b.id or 0)):
        if (
            banner.group_name in POPUP_BANNER_GROUPS
            and banner.group_name not in found
            and banner.image_url
            and (banner.language is None or banner.language.upper() == language.upper())
        ):
            found[banner.group_name] = PopupBanner(
                image=banner.image_url, link=safe_link(banner.link_url), title=banner.title
            )
    return found
