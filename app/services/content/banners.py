"""A brand's banners (spec 3): the home carousel's (group w_home) and the popups' (w_login,
w_register, w_forget), listed, added and removed by operators (`python -m app.cli banner`,
audited; every process sees a change at its next request).

A banner is an image (a file the site ships or an https address) with the words it shows for
screen readers, and an optional link (a path of the site or a web address), for one language
of the brand or for all. A home banner may instead be tied to one of the brand's promotions:
it then shows the promotion's art and words while the promotion is open
(app/services/promotions/banners.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.html import image_reference, plain_line, safe_link
from app.services.brands import announce_change, merchant_by_code
from app.services.catalogue.home import HOME_BANNERS
from app.services.content.announcements import POPUP_BANNER_GROUPS
from models import Banner, Merchant
from models.base import saved_id
from models.promotions import Promotion

GROUPS = (HOME_BANNERS, *POPUP_BANNER_GROUPS)
MAX_SORT = 9999
MAX_LINK = 500
MAX_TITLE = 200

# A change, recorded in the change's own transaction by its door (the audit entry): the brand's
# code and the banner added or removed.
Record = Callable[[AsyncSession, str, "ShownBanner"], Awaitable[None]]


@dataclass(frozen=True)
class BannerSpec:
    group: str
    image: str = ""
    title: str = ""  # what the image says, for screen readers (its alt text)
    link: str = ""
    language: str = ""  # "": every language of the brand
    promotion: str = ""  # a promotion code of the brand (home banners only)
    sort: int = 0


@dataclass(frozen=True)
class ShownBanner:
    id: int
    group: str
    image: str
    title: str
    link: str
    language: str
    promotion: str
    sort: int


def _invalid(field: str) -> AppError:
    return AppError("banner-invalid", 422, {"field": field})


def _shown(banner: Banner, promotion: str) -> ShownBanner:
    return ShownBanner(
        id=saved_id(banner.id),
        group=banner.group_name,
        image=banner.image_url,
        title=banner.title,
        link=banner.link_url or "",
        language=banner.language or "",
        promotion=promotion,
        sort=banner.sort,
    )


async def _promotion_codes(session: AsyncSession, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = await session.exec(select(Promotion).where(col(Promotion.id).in_(ids)))
    return {saved_id(p.id): p.code for p in rows}


async def listing(code: str) -> list[ShownBanner]:
    """The brand's banners of every group, in each group's order (notices are not banners)."""
    async with session_scope() as session:
        merchant = await merchant_by_code(session, code)
        rows = (
            await session.exec(
                select(Banner)
                .where(Banner.merchant_id == merchant.id, col(Banner.group_name).in_(GROUPS))
                .order_by(col(Banner.group_name), col(Banner.sort), col(Banner.id))
            )
        ).all()
        codes = await _promotion_codes(
            session, {b.promotion_id for b in rows if b.promotion_id is not None}
        )
    return [_shown(b, codes.get(b.promotion_id or 0, "")) for b in rows]


def _checked(merchant: Merchant, spec: BannerSpec) -> tuple[str, str, str, str | None]:
    """The spec's image, its words, link and language as stored, or the first refusal."""
    if spec.group not in GROUPS:
        raise _invalid("group")
    if not -MAX_SORT <= spec.sort <= MAX_SORT:
        raise _invalid("sort")
    language = spec.language.strip().upper()
    if language and language not in (merchant.supported_languages or ()):
        raise _invalid("language")
    link = spec.link.strip()
    if len(link) > MAX_LINK or (link and not safe_link(link)):
        raise _invalid("link")
    image = image_reference(spec.image)
    title = " ".join(spec.title.split())
    if len(title) > MAX_TITLE or not plain_line(title):
        raise _invalid("title")
    if spec.promotion.strip():
        if spec.group != HOME_BANNERS:
            raise _invalid("promotion")  # only the home's banners show a promotion
        if link:
            raise _invalid("link")  # it opens its promotion
    elif not image:
        raise _invalid("image")
    elif not title:
        raise _invalid("title")  # an image, a link's only content, must say what it shows
    return image, title, link, language or None


async def add(code: str, spec: BannerSpec, *, record: Record | None = None) -> ShownBanner:
    """Add a banner to a brand (each value checked; a refusal stores nothing)."""
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        image, title, link, language = _checked(merchant, spec)
        promotion_id = None
        if wanted := spec.promotion.strip():
            promotion = (
                await session.exec(
                    select(Promotion).where(
                        Promotion.merchant_id == merchant.id, Promotion.code == wanted
                    )
                )
            ).first()
            if promotion is None:
                raise _invalid("promotion")
            promotion_id = saved_id(promotion.id)
        banner = Banner(
            merchant_id=saved_id(merchant.id),
            group_name=spec.group,
            language=language,
            image_url=image,
            link_url=link or None,
            linkage_type="PROMOTION" if promotion_id else ("ROUTE" if link else "NONE"),
            title=title or wanted,
            sort=spec.sort,
            promotion_id=promotion_id,
        )
        session.add(banner)
        await session.flush()
        shown = _shown(banner, wanted)
        if record is not None:
            await record(session, merchant.code, shown)
    await announce_change()
    return shown


async def remove(code: str, banner_id: int, *, record: Record | None = None) -> ShownBanner:
    """Remove one of a brand's banners (a notice is not a banner)."""
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        banner = await session.get(Banner, banner_id)
        if banner is None or banner.merchant_id != merchant.id or banner.group_name not in GROUPS:
            raise AppError("banner-unknown", 404, {"id": str(banner_id)})
        codes = await _promotion_codes(
            session, {banner.promotion_id} if banner.promotion_id is not None else set()
        )
        shown = _shown(banner, codes.get(banner.promotion_id or 0, ""))
        await session.delete(banner)
        if record is not None:
            await record(session, merchant.code, shown)
    await announce_change()
    return shown


def describe(banner: ShownBanner) -> str:
    """One line of `banner BR1`: id, group, order, language, then the promotion or the image
    and its link."""
    shows = f"promotion {banner.promotion}" if banner.promotion else banner.image
    link = f" -> {banner.link}" if banner.link else ""
    return f"{banner.id}\t{banner.group}\t{banner.sort}\t{banner.language or '*'}\t{shows}{link}"
