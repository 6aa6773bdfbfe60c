"""The home page's brand content: banner carousel slides, notices and the currency symbol of
the jackpot counter (the counter itself runs in the browser, assets/home.js)."""

from __future__ import annotations

import reflex as rx

from app.services.catalogue import home
from state.site import SiteState, current_brand


class HomeState(rx.State):
    banners: list[dict[str, str]] = []
    notices: list[str] = []
    currency_symbol: str = ""

    @rx.event
    async def load(self) -> None:
        brand = await current_brand(self)
        lang = (await self.get_state(SiteState)).lang or brand.default_language
        self.banners = [
            {"image": b.image, "link": b.link, "title": b.title}
            for b in home.home_banners(brand, lang)
        ]
        self.notices = home.notices(brand, lang)
        self.currency_symbol = brand.currency_symbol
