"""The home page's brand content (spec 2 and 3): the w_home banner carousel, the notice
marquee and what the brand's players won over the last day.

Spec 9's decorative jackpot counter (a random figure rising by itself) is not shown: a figure
players read as money must be true, so the home shows the wins its own wager facts hold.

Notices are the brand's banner rows of the group `w_notice` (their title is the text): the
announcement payload of spec 3 carries banners and player notices side by side, and no other
store of announcements exists yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from app.core.db import session_scope
from app.services import reporting
from app.services.brands import Brand
from models import Banner

HOME_BANNERS = "w_home"
NOTICES = "w_notice"

# Spec 9: banner autoplay and the swipers.
BANNER_DELAY_MS = 5000
BANNER_SPEED_MS = 1000
WINNERS_SPEED_MS = 3000
HOT_VISIBLE = 5
HOT_STEP = 4

# The window of the home's "won by players" figure.
PAID_OUT_WINDOW = timedelta(hours=24)


@dataclass(frozen=True)
class HomeBanner:
    image: str
    link: str
    title: str
    # A banner tied to a promotion: the kind's name and the reward, in the reader's language,
    # drawn over the promotion's art ("" for a plain banner image).
    label: str = ""
    reward: str = ""


def _for_language(banner_language: str | None, language: str) -> bool:
    return banner_language is None or banner_language.upper() == language.upper()


def banner_rows(brand: Brand, language: str) -> list[Banner]:
    """The brand's w_home banner rows for the language (rows without a language serve all),
    in order: an image, or a promotion (`app.services.promotions.banners` composes those)."""
    return [
        b
        for b in sorted(brand.banners, key=lambda b: (b.sort, b.id or 0))
        if b.group_name == HOME_BANNERS
        and (b.image_url or b.promotion_id)
        and _for_language(b.language, language)
    ]


def notices(brand: Brand, language: str) -> list[str]:
    """The brand's notice texts for the language, in their order."""
    return [
        b.title
        for b in sorted(brand.banners, key=lambda b: (b.sort, b.id or 0))
        if b.group_name == NOTICES and b.title.strip() and _for_language(b.language, language)
    ]


async def paid_out(brand: Brand, now: datetime) -> Decimal:
    """What the brand's players won over the last day, summed from the wager facts of every
    game path (zero when nobody played: the page then shows nothing)."""
    span = reporting.period(now - PAID_OUT_WINDOW, now)
    async with session_scope() as session:
        return (await reporting.brand_totals(session, brand.id, span)).win
