"""Console: the shared game catalogue (vendors, games, provider imports). The rules and the
audit are in app/services/backoffice/games.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import games
from app.services.catalogue.lobby import nav_title
from state.backoffice.console import (
    MenuItem,
    PagedConsolePage,
    current_staff,
    form_id,
    form_text,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, Name, checked
from state.paging import page_count
from state.rows import row_of


@dataclass
class VendorLine:
    """A vendor row (the field names are the vendor table's column keys)."""

    vassalage: str = ""
    name: str = ""
    wallet: str = ""
    games: int = 0
    down: int = 0  # its games in maintenance
    maintenance: bool = False


@dataclass
class GameLine:
    id: int = 0
    code: str = ""
    name: str = ""
    type: str = ""
    popularity: int = 0
    hot: bool = False
    maintenance: bool = False


def vendor_line(row: games.VendorRow, lang: str) -> VendorLine:
    return row_of(
        VendorLine,
        row,
        name=row.display_name,
        wallet=word("wallet", row.wallet_mode, lang),
        down=row.games_in_maintenance,
    )


def game_line(row: games.GameRow, lang: str) -> GameLine:
    return row_of(GameLine, row, code=row.game_code, type=nav_title(row.game_type, lang))


GAMES_CARD = "vendor-games"


class GamesConsoleState(PagedConsolePage, rx.State):
    vendors: list[VendorLine] = []
    vendor: str = ""  # the vendor whose games are listed
    search: str = ""
    games: list[GameLine] = []

    async def _refresh(self) -> Any:
        staff, lang = await current_staff(self), await ui_lang(self)
        self.vendors = [vendor_line(row, lang) for row in await games.vendors(staff, clock.now())]
        if self.vendor not in {row.vassalage for row in self.vendors}:
            self.vendor = self.vendors[0].vassalage if self.vendors else ""
        found = await games.games(staff, self.vendor, self.search, self.page, clock.now())
        self.games = [game_line(row, lang) for row in found.rows]
        self.pages = page_count(found.total, games.PAGE_SIZE)
        return None

    @rx.event
    @checked
    async def pick_vendor(self, vassalage: Name) -> Any:
        """List the vendor's games and bring their card into view (it is under the list)."""
        self.vendor, self.search, self.page = vassalage.strip().upper(), "", 1
        self._clear()
        return await self._refresh() or rx.scroll_to(GAMES_CARD)

    @rx.event
    @checked
    async def find(self, form: Form) -> Any:
        self.search = form_text(form, "search", 60)
        return await self._first_page()

    @rx.event
    @checked
    async def vendor_maintenance(self, vassalage: Name, maintenance: bool) -> Any:
        return await self._act(
            lambda staff: games.set_vendor_maintenance(staff, vassalage, maintenance, clock.now())
        )

    @rx.event
    @checked
    async def save_game(self, form: Form) -> Any:
        """A game row's form: its id (hidden), order, hot and maintenance boxes."""
        game_id = form_id(form, "id", "games-unknown")
        popularity = form_text(form, "popularity", 8)
        if not popularity.isdigit():
            raise AppError("games-invalid", 422, {"field": "popularity"})
        return await self._act(
            lambda staff: games.update_game(
                staff,
                game_id,
                maintenance=form.get("maintenance") in ("on", True),
                hot=form.get("hot") in ("on", True),
                popularity=int(popularity),
                now=clock.now(),
            )
        )

    @rx.event
    @checked
    async def import_games(self, vassalage: Name) -> Any:
        """The vendor's list from its provider; the page says what changed."""
        staff = await current_staff(self)
        result = await games.import_vendor_games(staff, vassalage, clock.now())
        await self._refresh()
        self.error = ""
        self.notice = translate(
            "bo-games-imported",
            await ui_lang(self),
            added=result.added,
            updated=result.updated,
            retired=result.retired,
            skipped=result.skipped,
        )
        return None


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "GamesConsoleState.load": STAFF,
    "GamesConsoleState.pick_vendor": f"{ARGS}; {STAFF}",
    "GamesConsoleState.find": f"{ARGS}; {STAFF}",
    "GamesConsoleState.next_page": STAFF,
    "GamesConsoleState.previous_page": STAFF,
    "GamesConsoleState.vendor_maintenance": f"{ARGS}; {STAFF}",
    "GamesConsoleState.save_game": f"{ARGS}; {STAFF}; order bounded",
    "GamesConsoleState.import_games": f"{ARGS}; {STAFF}; all-brand",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_GAMES, "bo-games", "games.view", place=210),)
