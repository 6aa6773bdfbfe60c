"""The home page's brand content: banner carousel slides, notices and the currency symbol of
the jackpot counter (the counter itself runs in the browser, assets/home.js)."""

from __future__ import annotations

import reflex as rx

from app.services.brands import Brand
from app.services.catalogue import home


class HomeState(rx.State):
    banners: list[dict[str, str]] = []
    notices: list[str] = []
    currency_symbol: str = ""

    def _fill(self, brand: Brand, lang: str) -> None:
        """Set by the lobby's home load, so the page gets one update rather than two."""
        self.banners = [
            {"image": b.image, "link": b.link, "title": b.title}
            for b in home.home_banners(brand, lang)
        ]
        self.notices = home.notices(brand, lang)
        self.currency_symbol = brand.currency_symbol
