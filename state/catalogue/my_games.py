"""The member's favourites page (pages of 13, MCSFE_getFavoriteGamesList) and recent games page
(GCS_recentGame). Both need a real account: guests get the login popup, trial users the info
dialog (spec 4, login gate)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.services import gates
from app.services.catalogue import members
from state.accounts.auth import account_gate, real_member_or_none
from state.catalogue.cards import GameCard, cards
from state.guard import ARGS, GUEST, LOGIN, Page, checked
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("MyGamesState.", "gate load_favorites load_recent", gates.READ),
}


class MyGamesState(rx.State):
    favorites: list[GameCard] = []
    page: int = 1
    pages: int = 1
    recent: list[GameCard] = []
    loaded: bool = False

    @rx.event
    async def gate(self) -> Any:
        """On page load: guests log in, trial users register first."""
        return await account_gate(self)

    async def _real_member_id(self) -> int:
        """The logged-in member's id (0 for guests and trial users)."""
        member = await real_member_or_none(self)
        return 0 if member is None else member.id or 0

    @rx.event
    @checked
    async def load_favorites(self, page: Page) -> None:
        member_id = await self._real_member_id()
        if not member_id:
            return
        brand = await current_brand(self)
        found = await members.favorite_page(brand, member_id, max(1, page))
        ui = await ui_lang(self)
        self.favorites = await cards(found.content, ui, brand.id)
        self.page = found.page_num
        self.pages = max(1, found.total_pages)
        self.loaded = True

    @rx.event
    async def load_recent(self) -> None:
        member_id = await self._real_member_id()
        if not member_id:
            return
        brand = await current_brand(self)
        ui = await ui_lang(self)
        recent = await members.recent_games(brand, member_id)
        self.recent = await cards([played.entry for played in recent], ui, brand.id)
        self.loaded = True


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "MyGamesState.gate": GUEST,
    "MyGamesState.load_favorites": f"{ARGS}; {LOGIN}",
    "MyGamesState.load_recent": LOGIN,
}
