"""The home page's brand content: banner carousel slides, notices and the currency symbol of
the jackpot counter (the counter itself runs in the browser, assets/home.js)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.services.brands import Brand
from app.services.catalogue import home


@dataclass
class BannerSlide:
    image: str = ""
    link: str = ""  # "" or a path of the site ("/...") or an outside address
    title: str = ""


class HomeState(rx.State):
    banners: list[BannerSlide] = []
    notices: list[str] = []
    currency_symbol: str = ""

    def _fill(self, brand: Brand, lang: str) -> None:
        """Set by the lobby's home load, so the page gets one update rather than two."""
        self.banners = [
            BannerSlide(b.image, b.link, b.title) for b in home.home_banners(brand, lang)
        ]
        self.notices = home.notices(brand, lang)
        self.currency_symbol = brand.currency_symbol
