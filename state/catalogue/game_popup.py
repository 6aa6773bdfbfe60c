"""Popups of the lobby: a VASSALAGE vendor's own game list (spec 2 and 4) and 'Game
maintenance' with popular games to play instead (spec 8)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.services import gates
from app.services.catalogue import games
from app.services.catalogue.games import GameQuery
from state.catalogue.cards import LIST_PAGE_SIZE, GameCard, cards
from state.dialog import DialogState
from state.guard import ARGS, Name, Text, checked
from state.site import SiteState, current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("GamePopupState.", "more_vendor_games open_maintenance open_vendor", gates.READ),
}

VENDOR_DIALOG = "vendor-games"
MAINTENANCE_DIALOG = "game-maintenance"
SUGGESTED = 6  # popular games offered instead of one in maintenance


class GamePopupState(rx.State):
    vendor: str = ""
    vendor_name: str = ""
    vendor_games: list[GameCard] = []
    vendor_page: int = 1
    vendor_pages: int = 1
    suggested: list[GameCard] = []

    async def _vendor_page(self) -> None:
        brand = await current_brand(self)
        found = await games.game_page(
            brand,
            GameQuery(vassalage=self.vendor, page_no=self.vendor_page, page_size=LIST_PAGE_SIZE),
        )
        ui = await ui_lang(self)
        listed = await cards(found.content, ui, brand.id)
        self.vendor_games = [*self.vendor_games, *listed] if self.vendor_page > 1 else listed
        self.vendor_pages = max(1, found.total_pages)

    @rx.event
    @checked
    async def open_vendor(self, vassalage: Name, name: Text) -> Any:
        """The popup game list of a VASSALAGE vendor (GCSGAME_gameList by vassalage)."""
        self.vendor = vassalage
        self.vendor_name = name or vassalage
        self.vendor_page = 1
        await self._vendor_page()
        return DialogState.open(VENDOR_DIALOG)

    @rx.event
    async def more_vendor_games(self) -> None:
        if self.vendor_page < self.vendor_pages:
            self.vendor_page += 1
            await self._vendor_page()

    @rx.event
    @checked
    async def open_maintenance(self, game_id: Name) -> Any:
        """'Game maintenance', with popular games (not in maintenance) to pick instead."""
        brand = await current_brand(self)
        lang = (await self.get_state(SiteState)).lang or brand.default_language
        popular = await games.popular_games(brand, lang, limit=SUGGESTED + 1)
        ui = await ui_lang(self)
        others = [g for g in popular if str(g.node_id) != game_id][:SUGGESTED]
        self.suggested = await cards(others, ui, brand.id)
        return DialogState.open(MAINTENANCE_DIALOG)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "GamePopupState.open_vendor": f"{ARGS}; catalogue only",
    "GamePopupState.more_vendor_games": "catalogue only",
    "GamePopupState.open_maintenance": f"{ARGS}; catalogue only",
}
