"""The lobby: navigation from the catalogue, home sections, game lists with search and
favourites, and the spec's rules for starting a game (guest, trial, member)."""

from __future__ import annotations

import contextlib
from typing import Any

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts.members import roles as member_roles
from app.services.catalogue import games, lobby, members, winners
from app.services.catalogue.games import GameQuery
from app.services.catalogue.navigation import NAV_PATHS
from app.services.seamless import launch
from models.catalogue import VASSALAGE
from state.auth import NEED_ACCOUNT_DIALOG, WARNING_DIALOG, WARNING_MS, AuthState, current_login
from state.cards import LIST_PAGE_SIZE, card
from state.dialog import DialogState
from state.game_popup import GamePopupState
from state.guard import Card, Name, Text, checked, refuse
from state.home import HomeState
from state.site import SiteState, current_brand, require_open

GAME_KEYS = frozenset({"id", "vendor", "vendorName", "type"})  # what a card event must carry
HOME_LIST = 12  # spec 9: recommended and PG lists


class LobbyState(rx.State):
    nav: list[dict[str, str]] = []
    hot: list[dict[str, str]] = []
    recommended: list[dict[str, str]] = []
    pg_games: list[dict[str, str]] = []
    winners: list[dict[str, str]] = []
    favorite_ids: list[str] = []
    list_type: str = ""
    vendor: str = ""
    vendors: list[dict[str, str]] = []
    search: str = ""
    items: list[dict[str, str]] = []
    total: int = 0
    page: int = 1
    pages: int = 1

    async def _brand_lang(self) -> tuple[Any, str]:
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        return brand, site.lang or brand.default_language

    @rx.event
    async def load_menu(self) -> None:
        brand, lang = await self._brand_lang()
        menu = await lobby.menus(brand, lang)
        self.nav = [
            {
                "type": item["navType"],
                "path": item["action"].get("path") or NAV_PATHS.get(item["navType"], "/"),
                "title": item["title"],
            }
            for item in menu["nav"]
        ]
        try:
            login = await current_login(self)
        except AppError:
            self.favorite_ids = []
            return
        trial = member_roles(login.member.account_type).is_trial
        self.favorite_ids = (
            [] if trial else [str(i) for i in await members.favorite_ids(login.member.id or 0)]
        )

    @rx.event
    async def load_home(self) -> None:
        brand, lang = await self._brand_lang()
        (await self.get_state(HomeState))._fill(brand, lang)
        self.hot = [card(g) for g in await games.hot_games(brand, lang)]
        popular = await games.popular_games(brand, lang, limit=40)
        self.recommended = [card(g) for g in popular if not g["isTop"]][:HOME_LIST]
        pg = await games.game_page(
            brand, GameQuery(game_type="RNG", vassalage="PG", page_size=HOME_LIST)
        )
        self.pg_games = [card(g) for g in pg["content"]]
        self.winners = [
            {
                "name": w["customerName"],
                "game": w["gameName"],
                "amount": str(w["winAmount"]),
                "icon": w["iconUrl"],
            }
            for w in await winners.winner_board(brand, lang)
        ]

    async def _query(self, append: bool) -> None:
        brand, _ = await self._brand_lang()
        found = await games.game_page(
            brand,
            GameQuery(
                game_type=self.list_type,
                vassalage=self.vendor or None,
                name=self.search or None,
                page_no=self.page,
                page_size=LIST_PAGE_SIZE,
            ),
        )
        cards = [card(g) for g in found["content"]]
        self.items = [*self.items, *cards] if append else cards
        self.total = found["total"]
        self.pages = max(1, found["totalPages"])

    @rx.event
    async def load_list(self) -> None:
        path = self.router.url.path.rstrip("/") or "/"
        self.list_type = routes.GAME_LISTS.get(path, "RNG")
        self.vendor = self.router.url.query_parameters.get("vassalage", "").upper()
        self.search = ""
        self.page = 1
        brand, lang = await self._brand_lang()
        vendor_list = await lobby.vendor_list(brand, lang)
        self.vendors = [
            {
                "code": c["vassalage"],
                "name": c["displayName"],
                "popup": "1" if c["isGame"] == VASSALAGE else "",
            }
            for c in vendor_list["mapped"].get(self.list_type, [])
        ]
        await self._query(append=False)

    @rx.event
    @checked
    async def set_search(self, text: Text) -> None:
        self.search = text.strip()[:64]
        self.page = 1
        await self._query(append=False)

    @rx.event
    @checked
    async def pick_vendor(self, code: Name) -> Any:
        """A vendor chip filters the list; a VASSALAGE vendor opens its popup list instead."""
        chosen = next((v for v in self.vendors if v["code"] == code), None)
        if chosen is not None and chosen["popup"]:
            return GamePopupState.open_vendor(code, chosen["name"])
        self.vendor = "" if code == self.vendor else code
        self.page = 1
        await self._query(append=False)
        return None

    @rx.event
    async def more(self) -> None:
        if self.page < self.pages:
            self.page += 1
            await self._query(append=True)

    @rx.event
    @checked
    async def toggle_favorite(self, game: Card) -> Any:
        """Spec 4: heart toggle; the server keeps it to one action a second."""
        if not GAME_KEYS <= game.keys() or not game["id"].isdigit():
            return await refuse(self)
        auth = await self.get_state(AuthState)
        if not auth.is_login:
            return AuthState.open_login
        if auth.is_trial:
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        try:
            login = await current_login(self)
            toggle = (
                members.remove_favorite if game["id"] in self.favorite_ids else members.add_favorite
            )
            ids = await toggle(login.member, int(game["id"]), game["vendor"], game["type"])
        except AppError as exc:
            auth.warning = translate(
                exc.code, (await self.get_state(SiteState)).ui_lang, **exc.params
            )
            return DialogState.open_for(WARNING_DIALOG, WARNING_MS)
        self.favorite_ids = [str(i) for i in ids]
        return None

    @rx.event
    @checked
    async def play(self, game: Card, demo: bool) -> Any:
        """Spec 4, starting a game: guests log in, trial users register (demos are fine)."""
        if not GAME_KEYS <= game.keys() or not game["id"].isdigit():
            return await refuse(self)
        auth = await self.get_state(AuthState)
        site = await self.get_state(SiteState)
        if not auth.is_login and not demo:
            return AuthState.open_login
        if auth.is_trial and not demo:
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        if game.get("popup"):
            return GamePopupState.open_vendor(game["vendor"], game["vendorName"])
        if game.get("maintenance"):
            return GamePopupState.open_maintenance(game["id"])
        try:
            await require_open(self, money=True)
            brand = await current_brand(self)
            with contextlib.suppress(AppError):
                await current_login(self)  # the tab's token, checked against its browser
            token = auth._token if auth._browser_secret() else None
            member = await launch.launching_member(token, brand.id)
            url = await launch.launch(
                member,
                brand,
                "",
                game["vendor"],
                demo,
                language=site.lang or brand.default_language,
                node_id=int(game["id"]),
            )
        except AppError as exc:
            if exc.code == "game-maintenance":
                return GamePopupState.open_maintenance(game["id"])
            auth.warning = translate(exc.code, site.ui_lang, **exc.params)
            return DialogState.open_for(WARNING_DIALOG, WARNING_MS)
        return rx.redirect(url)
