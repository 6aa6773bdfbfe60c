"""The lobby: navigation from the catalogue, home sections, game lists with search and
favourites, and the spec's rules for starting a game (guest, trial, member)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import uuid4

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n.formatting import format_symbol_amount, typed_amount
from app.services import gates
from app.services.brands import Brand
from app.services.cashier import transfers
from app.services.catalogue import covers, games, lobby, members, winners
from app.services.catalogue.games import GameQuery
from app.services.catalogue.navigation import NAV_PATHS, U9W
from app.services.catalogue.rules import COCKFIGHT_VENDORS, SPORTS
from app.services.seamless import launch
from models.catalogue import VASSALAGE
from state import follow
from state.accounts.auth import (
    account_gate,
    current_member,
    launch_token,
    real_member_or_none,
)
from state.catalogue.cards import LIST_PAGE_SIZE, GameCard, cards, from_event
from state.catalogue.game_popup import GamePopupState
from state.catalogue.home import fill_home
from state.catalogue.live_rooms import LiveHostsState, PvpRoomsState
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, LOGIN, Card, Form, Name, Text, checked, refuse
from state.member_page import MemberPage, member_action
from state.site import SiteState, current_brand, current_path, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "LobbyState.",
        "load_center load_home load_list load_menu more pick_sub_category pick_vendor "
        "relabel set_search",
        gates.READ,
    ),
    "LobbyState.toggle_favorite": gates.INBOX,
    **gates.each(
        "LobbyState.",
        "play move_and_play play_without_moving load_u9w start_vendor",
        gates.MONEY,
    ),
}

DIRECT_VENDORS = COCKFIGHT_VENDORS | {U9W}  # entries that start a game directly (spec 2)
HOME_LIST = 12  # spec 9: recommended and PG lists
WALLET_OFFER_DIALOG = "wallet-offer"


def _nav_path(item: lobby.MenuEntry) -> str:
    """A nav entry's page; an entry that starts a vendor's game directly (cockfight) goes to
    its list page, which starts that game (`start=<vendor>`)."""
    action = item.action
    path = action.path or NAV_PATHS.get(item.nav_type, "/")
    if action.kind == "LAUNCH" and action.vassalage in DIRECT_VENDORS:
        return f"{path}?start={action.vassalage}"
    return path


@dataclass
class NavEntry:
    """A navigation entry: its type (for the title and test id), page and fallback title."""

    type: str = ""
    path: str = ""
    title: str = ""


@dataclass
class SubCategory:
    """A sub-category of the slots list (spec 1: SC, VP, JP, TG, AC and, with Tagalog, BG)."""

    code: str = ""
    title: str = ""


@dataclass
class VendorChip:
    """A vendor of the list page; a popup vendor opens its own game list (VASSALAGE)."""

    code: str = ""
    name: str = ""
    popup: bool = False


@dataclass
class WinnerRow:
    """A line of the home page's winner board."""

    name: str = ""
    game: str = ""
    amount: str = ""
    icon: str = ""
    fallback: str = ""  # the game type's cover, should the icon fail to load


def _is_home(path: str) -> bool:
    return path in (routes.HOME, *routes.HOME_ALIASES)


def _is_list(path: str) -> bool:
    """A page listing games from this state (game lists, gameListCenter, /u9w)."""
    lowered = path.lower()
    return (
        path in routes.GAME_LISTS
        or lowered.startswith("/gamelistcenter/")
        or lowered == routes.U9W_ENTRY
    )


def _list_extras(list_type: str) -> list[Any]:
    """What a list page shows beside its games, loaded after them: /live the vendors' hosts,
    /pvp the room picker."""
    if list_type == "LIVE":
        return [LiveHostsState.load]
    if list_type == "PVP":
        return [PvpRoomsState.load]
    return []


def _entries(items: list[lobby.MenuEntry]) -> list[NavEntry]:
    return [NavEntry(item.nav_type, _nav_path(item), item.title) for item in items]


class LobbyState(MemberPage, rx.State):
    nav: list[NavEntry] = []
    footer_nav: list[NavEntry] = []
    sub_categories: list[SubCategory] = []
    sub_category: str = ""
    hot: list[GameCard] = []
    recommended: list[GameCard] = []
    pg_games: list[GameCard] = []
    winners: list[WinnerRow] = []
    favorite_ids: list[str] = []
    list_type: str = ""
    vendor: str = ""
    vendors: list[VendorChip] = []
    search: str = ""
    items: list[GameCard] = []
    total: int = 0
    page: int = 1
    pages: int = 1
    not_offered: bool = False  # the list's type is one the brand's market forbids (cockfight)
    # A transfer vendor's game about to start (issue 35): both balances and the offer to
    # move money in first; the game waits server-side, the browser only answers yes or no.
    offer_name: str = ""
    offer_main: str = ""  # formatted
    offer_vendor: str = ""  # formatted: the vendor wallet's balance
    offer_amount: str = ""  # the main wallet, as the amount box starts with
    _offer_game: GameCard | None = None
    _offer_request: str = ""

    @rx.var
    def sports_path(self) -> str:
        """The brand's sports entry, for the phone's tab bar; "" where it offers no sports."""
        return next((entry.path for entry in self.nav if entry.type == SPORTS), "")

    async def _brand_lang(self) -> tuple[Any, str]:
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        return brand, site.lang or brand.default_language

    @rx.event
    async def load_menu(self) -> None:
        await self._load_menu()
        self._drop_other_pages(self.router.url.path.rstrip("/") or "/")

    def _drop_other_pages(self, path: str) -> None:
        """The home sections and a list's games are page data: each page loads its own again
        when it opens, so a tab on another page does not keep them (issue 36)."""
        if not _is_home(path):
            self.hot, self.recommended, self.pg_games, self.winners = [], [], [], []
        if not _is_list(path):
            self.items, self.vendors = [], []

    @rx.event
    async def relabel(self) -> None:
        """The language changed: the menus and the games this page lists, in the new one
        (filters and search kept)."""
        await self._load_menu()
        path = (await current_path(self)).rstrip("/") or "/"
        if _is_home(path):
            await self._load_home()
        elif _is_list(path):
            await self._query(append=False)

    async def _load_menu(self) -> None:
        brand, lang = await self._brand_lang()
        menu = await lobby.menus(brand, lang)
        nav = _entries(menu.nav)
        footer = _entries(menu.footer)
        self.sub_categories = [SubCategory(s.code, s.title) for s in menu.sub_categories]
        # The points mall shows to everyone; only logged-in real accounts open it (spec 6):
        # its page asks guests to log in and trial users to register (app/app.py's gate).
        self.nav, self.footer_nav = nav, footer
        member = await real_member_or_none(self)
        # only what the brand offers, as its favourites list (no cockfight on BR1)
        found = [] if member is None else await members.favorite_ids(brand, member.id or 0)
        self.favorite_ids = [str(i) for i in found]

    @rx.event
    async def load_home(self) -> None:
        await self._load_home()

    async def _load_home(self) -> None:
        brand, lang = await self._brand_lang()
        await fill_home(self, brand, lang)
        ui = await ui_lang(self)
        self.hot = await cards(await games.hot_games(brand, lang), ui, brand.id)
        popular = await games.popular_games(brand, lang, limit=40)
        self.recommended = await cards(
            [g for g in popular if not g.is_top][:HOME_LIST], ui, brand.id
        )
        pg = await games.game_page(
            brand, GameQuery(game_type="RNG", vassalage="PG", page_size=HOME_LIST)
        )
        self.pg_games = await cards(pg.content, ui, brand.id)
        self.winners = [
            WinnerRow(
                w.customer_name,
                w.game_name,
                str(w.win_amount),
                w.icon_url,
                covers.cover_url(w.game_category),
            )
            for w in await winners.winner_board(brand, lang)
        ]

    async def _query(self, append: bool) -> None:
        brand, _ = await self._brand_lang()
        found = await games.game_page(
            brand,
            GameQuery(
                game_type=self.sub_category or self.list_type,
                vassalage=self.vendor or None,
                name=self.search or None,
                page_no=self.page,
                page_size=LIST_PAGE_SIZE,
            ),
        )
        ui = await ui_lang(self)
        listed = await cards(found.content, ui, brand.id)
        self.items = [*self.items, *listed] if append else listed
        self.total = found.total
        self.pages = max(1, found.total_pages)

    async def _first_page(self) -> None:
        """The list read again from its first page (a new type, vendor, filter or search)."""
        self.page = 1
        await self._query(append=False)

    @rx.event
    async def load_list(self) -> Any:
        path = self.router.url.path.rstrip("/") or "/"
        self.list_type = routes.GAME_LISTS.get(path, "RNG")
        self.vendor = self.router.url.query_parameters.get("vassalage", "").upper()
        sub = self.router.url.query_parameters.get("sub", "").upper()
        known = {c.code for c in self.sub_categories}
        self.sub_category = sub if self.list_type == "RNG" and sub in known else ""
        await self._load_vendors()
        extras = _list_extras(self.list_type)
        start = self.router.url.query_parameters.get("start", "").upper()
        # spec 2: cockfight starts its first vendor's game (where the market allows it)
        if start in DIRECT_VENDORS and not self.not_offered:
            started = await self._start_vendor(start)
            if started is None:
                return extras
            return [*extras, *(started if isinstance(started, list) else [started])]
        return extras

    @rx.event
    async def load_center(self) -> Any:
        """gameListCenter/<vassalage>/<gameType> (lower-cased, spec 2): one vendor's games of
        one type. Unknown parts fall back to every vendor's slots."""
        parts = self.router.url.path.strip("/").split("/")
        vendor, game_type = [*parts, "", ""][1:3]
        game_type = game_type.upper()
        self.list_type = game_type if game_type in routes.GAME_LISTS.values() else "RNG"
        self.vendor = vendor.upper()[:32]
        self.sub_category = ""
        await self._load_vendors()
        if self.vendor not in {v.code for v in self.vendors}:
            self.vendor = ""
            await self._query(append=False)
        return _list_extras(self.list_type)

    async def _load_vendors(self) -> None:
        self.search = ""
        brand, lang = await self._brand_lang()
        self.not_offered = not games.type_offered(brand, self.list_type)
        self.vendors = [
            VendorChip(c.vassalage, c.display_name, c.is_game == VASSALAGE)
            for c in await lobby.category_vendors(brand, lang, self.list_type)
        ]
        await self._first_page()

    @rx.event
    @checked
    async def set_search(self, text: Text) -> None:
        self.search = games.search_text(text)
        await self._first_page()

    @rx.event
    @checked
    async def pick_vendor(self, code: Name) -> Any:
        """A vendor chip filters the list; a VASSALAGE vendor opens its popup list instead."""
        chosen = next((v for v in self.vendors if v.code == code), None)
        if chosen is not None and chosen.popup:
            return GamePopupState.open_vendor(code, chosen.name)
        self.vendor = "" if code == self.vendor else code
        await self._first_page()
        return None

    @rx.event
    @checked
    async def pick_sub_category(self, code: Name) -> None:
        """A sub-category chip of the slots list narrows it (again: every slot)."""
        if code not in {c.code for c in self.sub_categories} or self.list_type != "RNG":
            return
        self.sub_category = "" if code == self.sub_category else code
        await self._first_page()

    @rx.event
    async def more(self) -> None:
        if self.page < self.pages:
            self.page += 1
            await self._query(append=True)

    @rx.event
    @checked
    @member_action
    async def toggle_favorite(self, game: Card) -> Any:
        """Spec 4: heart toggle; the server keeps it to one action a second."""
        chosen = from_event(game)
        if chosen is None:
            return await refuse(self)
        refused = await account_gate(self)
        if refused is not None:
            return refused
        toggle = members.remove_favorite if chosen.id in self.favorite_ids else members.add_favorite
        ids = await toggle(await current_member(self), int(chosen.id), chosen.vendor, chosen.type)
        self.favorite_ids = [str(i) for i in ids]
        return None

    @rx.event
    @gated
    @checked
    async def start_vendor(self, code: Name) -> Any:
        """Spec 2: cockfight's first vendor and the /u9w sports entry start the vendor's
        game directly (only those vendors: other entries open a list or a popup)."""
        if code not in DIRECT_VENDORS:
            return await refuse(self)
        return await self._start_vendor(code)

    async def _start_vendor(self, code: str) -> Any:
        try:
            game = await launch.first_game(code)
        except AppError:
            return None
        entry = GameCard(str(game.id), vendor=game.vassalage, vendor_name=game.display_name)
        entry.type = game.game_type
        return await self._start(entry, False)

    @rx.event
    @gated
    async def load_u9w(self) -> Any:
        """/u9w: the sports list behind, and the U9W sportsbook started at once (guests get
        the login popup first, trial users the register-first dialog)."""
        self.list_type, self.vendor, self.sub_category = "SPORTS", U9W, ""
        await self._load_vendors()
        return await self._start_vendor(U9W)

    @rx.event
    @gated
    @checked
    async def play(self, game: Card, demo: bool) -> Any:
        """Spec 4, starting a game: guests log in, trial users register (demos are fine)."""
        chosen = from_event(game)
        if chosen is None:
            return await refuse(self)
        return await self._start(chosen, demo)

    def _show_offer(
        self, offer: transfers.LaunchOffer, game: GameCard, lang: str, brand: Brand
    ) -> None:
        self._offer_game, self._offer_request = game, uuid4().hex
        self.offer_name = offer.name
        symbol, digits = brand.currency_symbol, brand.amount_digits
        self.offer_main = format_symbol_amount(offer.main, symbol, lang, digits)
        self.offer_vendor = format_symbol_amount(offer.vendor_balance, symbol, lang, digits)
        self.offer_amount = typed_amount(offer.main, lang, digits)

    async def _offered(self) -> GameCard | None:
        game, self._offer_game = self._offer_game, None
        return game

    @rx.event
    @gated
    @checked
    @member_action
    async def move_and_play(self, form: Form) -> Any:
        """Yes: move the amount into the vendor's wallet, then start the game."""
        game = self._offer_game
        if game is None:
            return await refuse(self)
        await transfers.transfer(
            await current_brand(self),
            await current_member(self),
            vendor=game.vendor,
            direction=transfers.Direction.IN.value,
            amount=form.get("amount", ""),
            request_id=self._offer_request,
        )
        self._offer_game = None
        return [DialogState.close(WALLET_OFFER_DIALOG), *await self._launch_after(game)]

    @rx.event
    @gated
    async def play_without_moving(self) -> Any:
        """No: the game starts with its wallet as it is."""
        game = await self._offered()
        if game is None:
            return await refuse(self)
        return [DialogState.close(WALLET_OFFER_DIALOG), *await self._launch_after(game)]

    async def _launch_after(self, game: GameCard) -> list[Any]:
        started = await self._start(game, False, moved=True)
        return started if isinstance(started, list) else [started]

    async def _start(self, game: GameCard, demo: bool, moved: bool = False) -> Any:
        site = await self.get_state(SiteState)
        refused = None if demo else await account_gate(self)
        if refused is not None:
            return refused
        if game.popup:
            return GamePopupState.open_vendor(game.vendor, game.vendor_name)
        if game.maintenance:
            return GamePopupState.open_maintenance(game.id)
        try:
            brand = await current_brand(self)
            member = await launch.launching_member(await launch_token(self), brand.id)
            if not demo and not moved and member is not None:
                offer = await transfers.launch_offer(brand, member, game.vendor)
                if offer is not None:
                    self._show_offer(offer, game, site.ui_lang, brand)
                    return DialogState.open(WALLET_OFFER_DIALOG)
            url = await launch.launch(
                member,
                brand,
                "",
                game.vendor,
                demo,
                language=site.lang or brand.default_language,
                node_id=int(game.id),
                lobby_url=self.router.url.origin,
            )
        except AppError as exc:
            if exc.code == "game-maintenance":
                return GamePopupState.open_maintenance(game.id)
            return await self._failed(exc)
        return rx.redirect(url)


follow.AFTER_LANGUAGE.append(LobbyState.relabel)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LobbyState.load_menu": f"catalogue; favourites of the {LOGIN}",
    "LobbyState.load_home": "catalogue only",
    "LobbyState.relabel": f"catalogue; favourites of the {LOGIN}",
    "LobbyState.move_and_play": (
        f"{ARGS}; the game this tab was offered; the {LOGIN}'s own wallets, one ledger key"
    ),
    "LobbyState.play_without_moving": f"the game this tab was offered; {LOGIN}",
    "LobbyState.load_list": "catalogue only",
    "LobbyState.load_center": "catalogue only; path parts checked",
    "LobbyState.load_u9w": f"no arguments; the launch rules of play for the {LOGIN}",
    "LobbyState.start_vendor": f"{ARGS}: only the direct-start vendors; as play",
    "LobbyState.set_search": f"{ARGS}; catalogue only",
    "LobbyState.pick_vendor": f"{ARGS}; catalogue only",
    "LobbyState.pick_sub_category": f"{ARGS}; a visible sub-category only",
    "LobbyState.more": "catalogue only",
    "LobbyState.toggle_favorite": f"{ARGS}; favourites of the {LOGIN}",
    "LobbyState.play": f"{ARGS}; launch for the {LOGIN}",
}
