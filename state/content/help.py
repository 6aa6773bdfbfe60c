"""Help centre articles, per language of the brand, so a language switch needs no reload, and
the search over them."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.services import gates, site
from state.guard import ARGS, GUEST, Text, checked
from state.site import current_brand

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("HelpState.", "load search", gates.SHELL),
}


@dataclass
class HelpRow:
    id: str = ""
    category: str = ""
    title: str = ""
    content: str = ""  # sanitised HTML


def _row(entry: site.HelpEntry) -> HelpRow:
    return HelpRow(str(entry.id), entry.category, entry.title, entry.content)


class HelpState(rx.State):
    query: str = ""
    # The articles that match the query (all of them without one), per language of the brand.
    articles_by_lang: dict[str, list[HelpRow]] = {}
    _all: dict[str, list[site.HelpEntry]] = {}

    @rx.event
    async def load(self) -> None:
        brand = await current_brand(self)
        self._all = {
            code: await site.help_center(brand, code) for code in brand.supported_languages
        }
        self.query = ""
        self._show()

    def _show(self) -> None:
        self.articles_by_lang = {
            code: [_row(e) for e in site.search_help(entries, self.query)]
            for code, entries in self._all.items()
        }

    @rx.event
    @checked
    def search(self, text: Text) -> None:
        self.query = text[: site.MAX_HELP_QUERY]
        self._show()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "HelpState.load": GUEST,
    "HelpState.search": f"{ARGS}; the brand's published articles only",
}
