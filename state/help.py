"""Help centre articles, per language of the brand, so a language switch needs no reload."""

from __future__ import annotations

import reflex as rx

from app.services import site
from app.services.brands import brands
from state.site import SiteState


class HelpState(rx.State):
    articles_by_lang: dict[str, list[dict[str, str]]] = {}

    @rx.event
    async def load(self) -> None:
        site_state = await self.get_state(SiteState)
        brand = await brands.for_request(site_state.merchant or None, self.router.headers.host)
        self.articles_by_lang = {
            code: [
                {
                    "id": str(a["id"]),
                    "category": a["category"],
                    "title": a["title"],
                    "content": a["content"],
                }
                for a in await site.help_center(brand, code)
            ]
            for code in brand.supported_languages
        }
