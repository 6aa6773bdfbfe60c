"""Help centre articles, per language of the brand, so a language switch needs no reload."""

from __future__ import annotations

import reflex as rx

from app.services import site
from state.site import current_brand


class HelpState(rx.State):
    articles_by_lang: dict[str, list[dict[str, str]]] = {}

    @rx.event
    async def load(self) -> None:
        brand = await current_brand(self)
        self.articles_by_lang = {
            code: [
                {
                    "id": str(a.id),
                    "category": a.category,
                    "title": a.title,
                    "content": a.content,
                }
                for a in await site.help_center(brand, code)
            ]
            for code in brand.supported_languages
        }
