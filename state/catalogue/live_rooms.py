"""The live lobby's hosts and its tables' chat rooms (/live), and the PvP room picker (/pvp).

The reads and rules are the services': the hosts come from each live vendor's provider
(app/services/providers/live.py, CBS_modelList), a table's chat room from the same call as
CBS_launchChat, the rooms from GLS2_roomList's `games.pvp_rooms`, and a room opens through the
lobby's launch (`launch.launch_room`). A table of a host opens with the lobby's own play.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services import gates
from app.services.accounts.members import roles as member_roles
from app.services.catalogue import games, lobby
from app.services.catalogue.rules import PVP
from app.services.providers import live
from app.services.seamless import launch
from state.accounts.auth import NEED_ACCOUNT_DIALOG, AuthState, launch_token, member_or_none
from state.catalogue.cards import GameCard, card
from state.catalogue.game_popup import GamePopupState
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, LOGIN, Name, checked, refuse
from state.member_page import MemberPage, member_action
from state.rows import plain_money
from state.site import SiteState, current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    # The live lobby's hosts and a table's chat room (as GET CBS_modelList, CBS_launchChat).
    **gates.each("LiveHostsState.", "load open_chat", gates.READ),
    **gates.each("PvpRoomsState.", "load pick_game pick_vendor", gates.READ),
    # A room opens its game for real.
    "PvpRoomsState.enter_room": gates.MONEY,
}

TABLE_CHAT_DIALOG = "table-chat"


@dataclass
class HostCard:
    """A live host as the lobby shows them: picture, name, status and the tables they host."""

    id: str = ""
    name: str = ""
    vendor: str = ""
    vendor_name: str = ""
    online: bool = False
    avatar: str = ""
    tables: list[GameCard] = field(default_factory=list)


@dataclass
class RoomChoice:
    """A choice of the room picker's lists (a vendor, or one of its PvP games)."""

    code: str = ""
    name: str = ""


@dataclass
class RoomCard:
    """One room level of a PvP game; amounts as plain decimals, written by the page in the
    reader's locale."""

    level: str = ""
    min_bet: str = ""
    min_balance: str = ""
    seats: int = 0
    maintenance: bool = False


def host_cards(hosts: list[live.LiveHost], language: str) -> list[HostCard]:
    """The hosts of `live.lobby_hosts` as cards; each table a game card of the lobby."""
    return [
        HostCard(
            id=host.model_id,
            name=host.name,
            vendor=host.vassalage,
            vendor_name=host.vendor_name,
            online=host.online,
            avatar=host.avatar_url,
            tables=[_beside_host(card(entry, language), host.vendor_name) for entry in host.tables],
        )
        for host in hosts
    ]


def _beside_host(table: GameCard, vendor_name: str) -> GameCard:
    """A host's table named without its vendor's name, which the host's card shows above it
    ("Evolution Speed Baccarat 9" beside Evolution's host reads "Speed Baccarat 9")."""
    short = table.name.removeprefix(vendor_name + " ").strip()
    return replace(table, name=short) if short else table


def room_games(rooms: list[games.PvpRoom]) -> list[RoomChoice]:
    """The PvP games of a vendor's rooms (each game once, in the rooms' order)."""
    seen: dict[str, RoomChoice] = {}
    for room in rooms:
        key = str(room.node_id)
        if key not in seen:
            seen[key] = RoomChoice(key, room.game_name)
    return list(seen.values())


def room_cards(rooms: list[games.PvpRoom], game_id: str) -> list[RoomCard]:
    """The room levels of one PvP game, lowest first (as GLS2_roomList lists them)."""
    return [
        RoomCard(
            level=room.level,
            min_bet=plain_money(room.min_bet),
            min_balance=plain_money(room.min_balance),
            seats=room.max_seats,
            maintenance=room.maintenance,
        )
        for room in rooms
        if str(room.node_id) == game_id
    ]


class LiveHostsState(MemberPage, rx.State):
    """/live: the vendors' hosts and a table's chat room (a dialog)."""

    hosts: list[HostCard] = []
    loaded: bool = False
    chat_url: str = ""
    chat_table: str = ""

    @rx.event(background=True)
    async def load(self) -> None:
        """The providers are asked outside the tab's lock: a first, uncached load asks every
        live vendor, and the tab's other events need not wait for them."""
        async with self:
            brand = await current_brand(self)
            language = (await self.get_state(SiteState)).lang or brand.default_language
            shown_in = await ui_lang(self)
        hosts = await live.lobby_hosts(brand, language)
        async with self:
            self.hosts = host_cards(hosts, shown_in)
            self.loaded = True

    @rx.event
    @checked
    @member_action
    async def open_chat(self, vendor: Name, table: Name) -> Any:
        """A listed table's chat room, for the member logged in (a guest logs in first)."""
        chosen = next(
            (t for h in self.hosts for t in h.tables if t.vendor == vendor and t.code == table),
            None,
        )
        if chosen is None:
            return await refuse(self)
        member = await member_or_none(self)
        if member is None:
            return AuthState.open_login
        room = await live.launch_chat(
            member, await current_brand(self), vendor, table, await ui_lang(self), clock.now()
        )
        self.chat_url, self.chat_table = room.chat_url, chosen.name
        return DialogState.open(TABLE_CHAT_DIALOG)


class PvpRoomsState(MemberPage, rx.State):
    """/pvp: a vendor's PvP games and their room levels; a room opens its game there."""

    vendors: list[RoomChoice] = []
    vendor: str = ""
    games: list[RoomChoice] = []
    game_id: str = ""
    rooms: list[RoomCard] = []
    loaded: bool = False

    async def _vendor_rooms(self, game_id: str = "") -> None:
        found = await games.pvp_rooms(self.vendor, await ui_lang(self)) if self.vendor else []
        self.games = room_games(found)
        known = {g.code for g in self.games}
        self.game_id = game_id if game_id in known else (self.games[0].code if self.games else "")
        self.rooms = room_cards(found, self.game_id)

    @rx.event
    async def load(self) -> None:
        brand = await current_brand(self)
        language = (await self.get_state(SiteState)).lang or brand.default_language
        self.vendors = [
            RoomChoice(c.vassalage, c.display_name)
            for c in await lobby.category_vendors(brand, language, PVP)
        ]
        codes = [v.code for v in self.vendors]
        self.vendor = self.vendor if self.vendor in codes else (codes[0] if codes else "")
        await self._vendor_rooms(self.game_id)
        self.loaded = True

    @rx.event
    @checked
    async def pick_vendor(self, code: Name) -> Any:
        if code not in {v.code for v in self.vendors}:
            return await refuse(self)
        self.vendor = code
        await self._vendor_rooms()
        return None

    @rx.event
    @checked
    async def pick_game(self, game_id: Name) -> Any:
        if game_id not in {g.code for g in self.games}:
            return await refuse(self)
        await self._vendor_rooms(game_id)
        return None

    @rx.event
    @gated
    @checked
    @member_action
    async def enter_room(self, game_id: Name, level: Name) -> Any:
        """Open the game at that room: guests log in, trial users register first."""
        if not game_id.isdigit():
            return await refuse(self)
        member = await member_or_none(self)
        if member is None:
            return AuthState.open_login
        if member_roles(member.account_type).is_trial:
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        brand = await current_brand(self)
        language = (await self.get_state(SiteState)).lang or brand.default_language
        try:
            url = await launch.launch_room(
                await launch.launching_member(await launch_token(self), brand.id),
                brand,
                int(game_id),
                level,
                language=language,
                lobby_url=self.router.url.origin,
            )
        except AppError as exc:
            if exc.code == "game-maintenance":
                return GamePopupState.open_maintenance(game_id)
            raise
        return rx.redirect(url)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LiveHostsState.load": "catalogue and the live vendors' hosts only",
    "LiveHostsState.open_chat": f"{ARGS}; a table the page lists; the chat room of the {LOGIN}",
    "PvpRoomsState.load": "catalogue only",
    "PvpRoomsState.pick_vendor": f"{ARGS}; a vendor the page lists",
    "PvpRoomsState.pick_game": f"{ARGS}; a game the page lists",
    "PvpRoomsState.enter_room": (
        f"{ARGS}; launch for the {LOGIN}; a PvP game, a known room, its minimum balance"
    ),
}
