"""The legal pages (/terms, /privacy): the brand's document in each of its languages, so a
language switch needs no reload."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.services import gates
from app.services.content import legal
from state.guard import GUEST
from state.site import current_brand

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "LegalState.load": gates.SHELL,
}


@dataclass
class LegalView:
    title: str = ""
    html: str = ""  # sanitised by the service
    version: int = 0
    updated_at: str = ""  # ISO, shown in the visitor's time zone
    original_language: bool = False  # the visitor's language has no version of its own


class LegalState(rx.State):
    slug: str = ""
    by_lang: dict[str, LegalView] = {}

    @rx.event
    async def load(self) -> None:
        """The document of the page's path, in every language of the brand."""
        slug = self.router.url.path.strip("/").split("/")[0]
        self.slug = slug if slug in legal.DOCUMENTS else ""
        self.by_lang = {}
        if not self.slug:
            return
        brand = await current_brand(self)
        for language in brand.supported_languages:
            found = await legal.document(brand, self.slug, language)
            if found is not None:
                self.by_lang[language] = LegalView(
                    title=found.title,
                    html=found.html,
                    version=found.version,
                    updated_at=found.updated_at.isoformat(),
                    original_language=found.language != language,
                )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LegalState.load": GUEST,
}
