"""The home page's brand content: banner carousel slides, notices and what the brand's
players won over the last day (formatted in the reader's locale)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.core import clock
from app.core.i18n import ui_language
from app.core.i18n.formatting import format_symbol_amount
from app.services.brands import Brand
from app.services.catalogue import home
from app.services.promotions import banners


async def fill_home(state: rx.State, brand: Brand, lang: str) -> None:
    """The home's brand content, set from another state's page load (the lobby's), so the
    page gets one update rather than two."""
    await (await state.get_state(HomeState))._fill(brand, lang)


@dataclass
class BannerSlide:
    image: str = ""
    link: str = ""  # "" or a path of the site ("/...") or an outside address
    title: str = ""
    label: str = ""  # a promotion's banner: its kind's name ("" for a plain banner image)
    reward: str = ""  # ... and what it gives, in words


class HomeState(rx.State):
    banners: list[BannerSlide] = []
    filled: bool = False  # the brand content has come: a brand with no banner shows none
    notices: list[str] = []
    paid_out: str = ""  # "" when nobody won anything: no figure at all

    async def _fill(self, brand: Brand, lang: str) -> None:
        """Set by the lobby's home load, so the page gets one update rather than two."""
        self.banners = [
            BannerSlide(b.image, b.link, b.title, b.label, b.reward)
            for b in await banners.home_banners(brand, lang, clock.now())
        ]
        self.filled = True
        self.notices = home.notices(brand, lang)
        won = await home.paid_out(brand, clock.now())
        self.paid_out = (
            format_symbol_amount(won, brand.currency_symbol, ui_language(lang), brand.amount_digits)
            if won > 0
            else ""
        )
