"""The home page's brand content (spec 2 and 3): the w_home banner carousel and the notice
marquee, plus the constants of the decorative jackpot counter (spec 9).

Notices are the brand's banner rows of the group `w_notice` (their title is the text): the
announcement payload of spec 3 carries banners and player notices side by side, and no other
store of announcements exists yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.services.brands import Brand

HOME_BANNERS = "w_home"
NOTICES = "w_notice"

# Spec 9: banner autoplay and the swipers.
BANNER_DELAY_MS = 5000
BANNER_SPEED_MS = 1000
WINNERS_SPEED_MS = 3000
HOT_VISIBLE = 5
HOT_STEP = 4

# Spec 9: the decorative jackpot counter.
JACKPOT_MIN = 200_000_000
JACKPOT_MAX = 300_000_000
JACKPOT_STEP_MIN = 100
JACKPOT_STEP_MAX = 500
JACKPOT_EVERY_SECONDS = (3, 4, 5)


@dataclass(frozen=True)
class HomeBanner:
    image: str
    link: str
    title: str


def _for_language(banner_language: str | None, language: str) -> bool:
    return banner_language is None or banner_language.upper() == language.upper()


def home_banners(brand: Brand, language: str) -> list[HomeBanner]:
    """The brand's w_home banners for the language (rows without a language serve all)."""
    return [
        HomeBanner(image=b.image_url, link=b.link_url or "", title=b.title)
        for b in sorted(brand.banners, key=lambda b: (b.sort, b.id or 0))
        if b.group_name == HOME_BANNERS and b.image_url and _for_language(b.language, language)
    ]


def notices(brand: Brand, language: str) -> list[str]:
    """The brand's notice texts for the language, in their order."""
    return [
        b.title
        for b in sorted(brand.banners, key=lambda b: (b.sort, b.id or 0))
        if b.group_name == NOTICES and b.title.strip() and _for_language(b.language, language)
    ]
