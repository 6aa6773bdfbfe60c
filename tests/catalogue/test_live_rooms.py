"""The live lobby's hosts and the PvP room picker (issue 39): the hosts of each live vendor's
provider with the tables the brand lists (online first, the vendors taking turns; none when
no provider answers); a PvP room opens its game at its level for a member whose balance
reaches the room's minimum; and what the pages' states make of both."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from reflex.state import State
from sqlmodel import col, select

import app.app  # noqa: F401 (registers every state)
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.brands import brands
from app.services.catalogue import games, motifs
from app.services.catalogue.index import GameEntry
from app.services.catalogue.lobby import invalidate_catalogue
from app.services.catalogue.rules import LIVE, PVP
from app.services.providers import live, registry
from app.services.providers.adapter import LiveModel
from app.services.seamless import launch
from models import Game
from simulator import live_chat
from state.accounts.auth import AuthState
from state.catalogue.cards import GameCard
from state.catalogue.live_rooms import (
    HostCard,
    LiveHostsState,
    RoomCard,
    RoomChoice,
    host_cards,
    room_cards,
    room_games,
)
from tests.helpers.api import platform_api
from tests.helpers.catalogue import entry
from tests.helpers.seamless import funded_member
from tests.helpers.simulator import LossyTransport, simulator_app


def _model(key: str, *tables: str, online: bool = True) -> LiveModel:
    return LiveModel(key, f"Host {key}", tables, online, f"http://sim/avatars/{key}.svg")


def _entry(vendor: str, code: str, node: int) -> GameEntry:
    return entry(
        node_id=node,
        node_name=f"Table {code}",
        game_name=f"Table {code}",
        game_code=code,
        game_type=LIVE,
        vassalage=vendor,
        display_name=f"{vendor} Live",
        show_icon=f"{code}.png",
        icon_url=f"/img/{code}.png",
        support_play=1,
    )


def test_hosts_keep_the_listed_tables_online_first_vendors_taking_turns() -> None:
    tables = {
        ("EVO", "t1"): _entry("EVO", "t1", 1),
        ("EVO", "t2"): _entry("EVO", "t2", 2),
        ("EVO", "t3"): _entry("EVO", "t3", 3),
        ("PP", "p1"): _entry("PP", "p1", 4),
    }
    found = [
        ("EVO", _model("e1", "t1", "gone")),  # a table the brand does not list is left out
        ("EVO", _model("e2", "t2", online=False)),
        ("EVO", _model("e3", "t3")),
        ("EVO", _model("e4", "gone")),  # no listed table: no host
        ("PP", _model("p1", "p1")),
    ]
    hosts = live.arrange_hosts(found, tables)
    assert [h.model_id for h in hosts] == ["e1", "p1", "e3", "e2"]
    assert [t.game_code for t in hosts[0].tables] == ["t1"]
    assert hosts[1].vendor_name == "PP Live" and hosts[3].online is False
    assert [h.model_id for h in live.arrange_hosts(found, tables, limit=2)] == ["e1", "p1"]


def test_host_cards_carry_their_tables_as_game_cards() -> None:
    hosts = live.arrange_hosts(
        [("EVO", _model("e1", "t1"))], {("EVO", "t1"): _entry("EVO", "t1", 7)}
    )
    [shown] = host_cards(hosts, "pt")
    assert isinstance(shown, HostCard)
    assert (shown.id, shown.name, shown.vendor, shown.vendor_name) == (
        "e1",
        "Host e1",
        "EVO",
        "EVO Live",
    )
    assert shown.online and shown.avatar == "http://sim/avatars/e1.svg"
    [table] = shown.tables
    assert isinstance(table, GameCard)
    assert (table.id, table.code, table.vendor, table.name) == ("7", "t1", "EVO", "Table t1")


def test_a_host_s_tables_drop_the_vendor_name_its_card_shows() -> None:
    named = _entry("EVO", "t2", 8)
    named = replace(named, game_name="EVO Live Speed Baccarat 9")
    alone = replace(_entry("EVO", "t3", 9), game_name="EVO Live")  # nothing else: kept whole
    hosts = live.arrange_hosts(
        [("EVO", _model("e2", "t2", "t3"))], {("EVO", "t2"): named, ("EVO", "t3"): alone}
    )
    [shown] = host_cards(hosts, "pt")
    assert [table.name for table in shown.tables] == ["Speed Baccarat 9", "EVO Live"]


def test_the_room_picker_lists_each_game_once_and_its_levels_in_order() -> None:
    rooms = [
        games.PvpRoom(
            room_id=f"{node}-{level}",
            node_id=node,
            game_code=f"g{node}",
            game_name=name,
            vassalage="KP",
            level=level,
            level_name=level.title(),
            min_bet=Decimal(bet),
            min_balance=Decimal(balance),
            max_seats=6,
            maintenance=False,
        )
        for node, name in ((11, "Teen Patti"), (12, "Rummy"))
        for level, bet, balance in (("NOVICE", "0.1", "10"), ("VIP", "100", "10000"))
    ]
    assert room_games(rooms) == [RoomChoice("11", "Teen Patti"), RoomChoice("12", "Rummy")]
    assert room_cards(rooms, "12") == [
        RoomCard("NOVICE", "0.10", "10.00", 6, False),
        RoomCard("VIP", "100.00", "10000.00", 6, False),
    ]
    assert room_cards(rooms, "99") == []


def test_room_levels_are_the_listed_ones() -> None:
    found = games.room_level("STANDARD")
    assert (found.min_bet, found.min_balance) == (Decimal("1.00"), Decimal("100.00"))
    with pytest.raises(AppError) as refused:
        games.room_level("ROYAL")
    assert refused.value.code == "pvp-room-unknown"


async def test_the_lobby_hosts_come_from_the_providers_and_go_when_none_answers() -> None:
    brand = await brands.by_code("BR1")
    sim = simulator_app(platform_api())
    await invalidate_catalogue()
    try:
        registry.use_transport(httpx.ASGITransport(app=sim))
        hosts = await live.lobby_hosts(brand, "pt")
        assert 0 < len(hosts) <= live.LOBBY_HOSTS
        assert len({h.vassalage for h in hosts}) > 1  # the vendors take turns
        onlines = [h.online for h in hosts]
        assert onlines == sorted(onlines, reverse=True)
        assert all(t.game_type == LIVE for h in hosts for t in h.tables)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=sim)) as client:
            portrait = await client.get(hosts[0].avatar_url)
        assert portrait.headers["content-type"].startswith("image/svg+xml")
        figures = [motifs.bodies()[name] for name in live_chat.HOST_FIGURES]
        assert any(figure in portrait.text for figure in figures)  # a dealer's portrait
        await invalidate_catalogue()
        registry.use_transport(LossyTransport(httpx.ASGITransport(app=sim), down=bool))
        assert await live.lobby_hosts(brand, "pt") == []  # no invented hosts
    finally:
        registry.use_transport(None)
        await invalidate_catalogue()


async def _game(game_type: str) -> Game:
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Game)
                .where(
                    Game.game_type == game_type,
                    Game.vassalage.in_(("KY", "EVO")),  # type: ignore[attr-defined]
                    Game.is_game == "GAME",
                    col(Game.maintenance).is_(False),
                )
                .order_by(col(Game.id))
            )
        ).first()
    assert found is not None
    return found


async def test_a_room_opens_its_game_at_its_level_when_the_balance_reaches_it() -> None:
    brand = await brands.by_code("BR1")
    game = await _game(PVP)
    assert game.id is not None
    poor = await funded_member("5.00")
    with pytest.raises(AppError) as refused:
        await launch.launch_room(poor, brand, game.id, "NOVICE", language="pt")
    assert refused.value.code == "pvp-room-balance"
    assert translate(refused.value.code, "pt", **refused.value.params) == (
        "Esta sala exige um saldo mínimo de R$\u00a010,00. "
        "Escolha uma sala de nível mais baixo ou faça um depósito."
    )
    member = await funded_member("20.00")
    url = await launch.launch_room(member, brand, game.id, "NOVICE", language="pt")
    query = parse_qs(urlsplit(url).query)
    assert query["room"] == ["NOVICE"] and query["token"]
    assert urlsplit(url).path == f"/play/{game.vassalage}/{game.game_code}"
    for node, level in ((game.id, "ROYAL"), ((await _game(LIVE)).id or 0, "NOVICE")):
        with pytest.raises(AppError) as unknown:
            await launch.launch_room(member, brand, node, level)
        assert unknown.value.code == "pvp-room-unknown"
    with pytest.raises(AppError) as guest:
        await launch.launch_room(None, brand, game.id, "NOVICE")
    assert guest.value.code == "not-logged-in"


async def test_a_guest_asking_for_a_table_chat_gets_the_login() -> None:
    hosts = await State(_reflex_internal_init=True).get_state(LiveHostsState)  # type: ignore[call-arg]
    table = GameCard("7", "Table t1", "EVO", "EVO Live", LIVE, code="t1")
    hosts.hosts = [HostCard("e1", "Ana", "EVO", "EVO Live", True, "", [table])]
    open_chat = type(hosts).event_handlers["open_chat"].fn
    assert await open_chat(hosts, vendor="EVO", table="t1") == AuthState.open_login
    assert hosts.chat_url == ""
    # A table the page does not list is refused (the warning), and opens nothing.
    assert await open_chat(hosts, vendor="EVO", table="other") != AuthState.open_login
    assert hosts.chat_url == ""
