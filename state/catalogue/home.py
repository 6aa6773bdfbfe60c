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


async def fill_home(state: rx.State, brand: Brand, lang: str) -> None:
    """The home's brand content, set from another state's page load (the lobby's), so the
    page gets one update rather than two."""
    await (await state.get_state(HomeState))._fill(brand, lang)


@dataclass
class BannerSlide:
    image: str = ""
    link: str = ""  # "" or a path of the site ("/...") or an outside address
    title: str = ""


class HomeState(rx.State):
    banners: list[BannerSlide] = []
    notices: list[str] = []
    paid_out: str = ""  # "" when nobody won anything: no figure at all

    async def _fill(self, brand: Brand, lang: str) -> None:
        """Set by the lobby's home load, so the page gets one update rather than two."""
        self.banners = [
            BannerSlide(b.image, b.link, b.title) for b in home.home_banners(brand, lang)
        ]
        self.notices = home.notices(brand, lang)
        won = await home.paid_out(brand, clock.now())
        self.paid_out = (
            format_symbol_amount(won, brand.currency_symbol, ui_language(lang)) if won > 0 else ""
        )
