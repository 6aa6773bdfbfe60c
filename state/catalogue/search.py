"""The site-wide game search (issue 35): the header's magnifier opens a panel where the
player types and sees the games of every category and vendor whose name matches, as the
lists' cards (app/services/catalogue/games.py `search`)."""

from __future__ import annotations

import reflex as rx

from app.services import gates
from app.services.catalogue import games
from state.catalogue.cards import GameCard, cards
from state.dialog import open_within
from state.guard import ARGS, Text, checked
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("GameSearchState.", "open find", gates.READ),
}

SEARCH_DIALOG = "game-search"


class GameSearchState(rx.State):
    text: str = ""  # what was searched: trimmed and cut as the service looks for it
    results: list[GameCard] = []
    total: int = 0

    async def _find(self, typed: str) -> None:
        brand = await current_brand(self)
        found = await games.search(brand, typed)
        self.text, self.total = found.text, found.total
        self.results = await cards(found.games, await ui_lang(self), brand.id)

    @rx.event
    async def open(self) -> None:
        """The panel, empty: a search starts afresh (Escape in the box empties it anyway)."""
        self.text, self.results, self.total = "", [], 0
        await open_within(self, SEARCH_DIALOG)

    @rx.event
    @checked
    async def find(self, typed: Text) -> None:
        await self._find(typed)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "GameSearchState.open": "no arguments; the tab's own panel",
    "GameSearchState.find": f"{ARGS}; cut to {games.SEARCH_MAX_LENGTH} characters; catalogue only",
}
