"""Cockfighting where the brand's market forbids betting on animal fights (the jurisdiction
profile's `animal_fights`; Brazil: Lei 9.605/1998 art. 32, Lei 14.790/2023): BR1 (BR) shows no
cockfight in its menus, vendor list, lists, search, popular games, a member's favourites or
recent games, and its /cockfight page says why (its sitemap: tests/platform/test_site_files.py);
a brand without a jurisdiction (VN1, and BR2 for the menus) keeps it as spec 2 says.
The launch and the wallets' side: tests/providers/test_providers.py,
tests/cashier/test_wallet_transfer.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlmodel import col, select

from app import routes
from app.app import app as site
from app.client import PlatformClient
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.accounts import sessions
from app.services.brands import brands
from app.services.catalogue import games, lobby, members, rules
from app.services.catalogue.games import GameQuery
from app.services.jurisdiction import BRAZIL, PROFILES, profile_of
from models import FavoriteGame, Game, RecentGame
from state.catalogue.lobby import LobbyState
from state.site import SiteState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import Tab, member_tab

FIGHTERS = {"DS88", "DIG", "WGB"}  # spec 3, the cockfight vendors
NO_JURISDICTION_HOST = "luckylotus.test"  # VN1's domain


async def _cockfight_games() -> set[str]:
    async with session_scope() as session:
        found = await session.exec(
            select(Game.game_code).where(col(Game.vassalage).in_(FIGHTERS), Game.is_game == "GAME")
        )
        return set(found.all())


def test_the_profile_forbids_animal_fights_in_brazil_only() -> None:
    assert not PROFILES[BRAZIL].animal_fights and PROFILES[""].animal_fights
    assert not rules.offered(False, "DS88") and not rules.offered(False, "PG", "COCKFIGHT")
    assert rules.offered(False, "SABA", "SPORTS") and rules.offered(True, "DIG", "COCKFIGHT")


async def test_the_brazilian_brand_s_menus_and_vendor_list_have_no_cockfight() -> None:
    br1, br2 = await brands.by_code("BR1"), await brands.by_code("BR2")
    assert not profile_of(br1).animal_fights and profile_of(br2).animal_fights
    menu = await lobby.menus(br1, "EN", refresh=True)
    assert "COCKFIGHT" not in {item.nav_type for item in [*menu.nav, *menu.footer]}
    assert not FIGHTERS & {card.vassalage for item in menu.nav for card in item.cards}
    assert "SPORTS" in {item.nav_type for item in menu.nav}  # sports stays
    vendors = await lobby.vendor_list(br1, "EN", refresh=True)
    assert "COCKFIGHT" not in vendors.mapped
    assert not FIGHTERS & {card.vassalage for card in vendors.sorted}
    assert await lobby.category_vendors(br1, "EN", "COCKFIGHT") == []
    # A brand without a jurisdiction: spec 2's cockfight category right after sports.
    other = await lobby.menus(br2, "EN", refresh=True)
    types = [item.nav_type for item in other.nav]
    assert types.index("COCKFIGHT") == types.index("SPORTS") + 1
    cockfight = next(item for item in other.nav if item.nav_type == "COCKFIGHT")
    assert {card.vassalage for card in cockfight.cards} == FIGHTERS
    assert cockfight.action.kind == "LAUNCH"
    assert {c.vassalage for c in await lobby.category_vendors(br2, "EN", "COCKFIGHT")} == FIGHTERS


async def test_lists_search_and_popular_games_leave_cockfight_out_in_brazil() -> None:
    br1, vn1 = await brands.by_code("BR1"), await brands.by_code("VN1")
    fights = await _cockfight_games()
    assert len(fights) == 4  # the demo catalogue seeds them for every brand
    for query in (GameQuery(game_type="COCKFIGHT"), GameQuery(vassalage="DS88")):
        assert (await games.game_page(br1, query)).total == 0
    listed = await games.game_page(vn1, GameQuery(game_type="COCKFIGHT"))
    assert {entry.game_code for entry in listed.content} == fights
    assert (await games.game_page(vn1, GameQuery(vassalage="DS88"))).total == 2
    # every game, by name or not
    everything = await games.game_page(br1, GameQuery(page_size=50))
    assert everything.total > 0 and not fights & {e.game_code for e in everything.content}
    assert (await games.search(br1, "Sabong")).total == 0
    found = await games.search(vn1, "Sabong")
    assert {entry.vassalage for entry in found.games} == {"DS88", "WGB"}
    popular = await games.popular_games(br1, "EN", limit=50)
    assert not FIGHTERS & {entry.vassalage for entry in popular}
    assert await games.popular_games(br1, "EN", "COCKFIGHT") == []
    assert await games.popular_games(vn1, "EN", "COCKFIGHT")
    assert not games.type_offered(br1, "cockfight") and games.type_offered(vn1, "COCKFIGHT")
    assert games.type_offered(br1, "SPORTS")


async def test_the_cockfight_page_says_it_is_not_offered_in_brazil() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(routes.HOME)
        await tab.open("/cockfight?start=DS88")
        lobby_state = await tab.state(LobbyState)
        brazil_site = await tab.state(SiteState)  # the bet records' filter leaves it out too
    assert not brazil_site.animal_fights
    assert lobby_state.list_type == "COCKFIGHT" and lobby_state.not_offered
    assert lobby_state.items == [] and lobby_state.vendors == []
    assert "COCKFIGHT" not in {entry.type for entry in lobby_state.nav}
    elsewhere = Tab(site, host=NO_JURISDICTION_HOST)
    async with elsewhere.processor:
        await elsewhere.open(routes.HOME)
        await elsewhere.open("/cockfight")
        lobby_state = await elsewhere.state(LobbyState)
        assert (await elsewhere.state(SiteState)).animal_fights
    assert not lobby_state.not_offered and len(lobby_state.items) == 4
    assert {vendor.code for vendor in lobby_state.vendors} == FIGHTERS
    assert "COCKFIGHT" in {entry.type for entry in lobby_state.nav}


async def _kept(member_id: int, games_ids: list[int]) -> None:
    """Favourites and recent plays as a member would have left them (before the rule, or on
    another market's list)."""
    async with write_transaction() as session:
        for game_id in games_ids:
            session.add(FavoriteGame(member_id=member_id, game_id=game_id))
            session.add(RecentGame(member_id=member_id, game_id=game_id))


async def _some_games() -> tuple[Game, Game]:
    async with session_scope() as session:
        fight = (
            await session.exec(select(Game).where(Game.vassalage == "DS88", Game.is_game == "GAME"))
        ).first()
        slot = (
            await session.exec(select(Game).where(Game.vassalage == "PG", Game.is_game == "GAME"))
        ).first()
    assert fight is not None and slot is not None
    return fight, slot


async def test_favourites_and_recent_games_leave_cockfight_out_in_brazil() -> None:
    fight, slot = await _some_games()
    assert fight.id is not None and slot.id is not None
    br1, vn1 = await brands.by_code("BR1"), await brands.by_code("VN1")
    brazilian, other = await make_member(), await make_member("VN1")
    for member in (brazilian, other):
        assert member.id is not None
        await _kept(member.id, [fight.id, slot.id])
    assert brazilian.id is not None and other.id is not None
    page = await members.favorite_page(br1, brazilian.id)
    assert ([e.vassalage for e in page.content], page.total) == (["PG"], 1)
    assert [p.entry.vassalage for p in await members.recent_games(br1, brazilian.id)] == ["PG"]
    page = await members.favorite_page(vn1, other.id)
    assert page.total == 2 and fight.id in page.node_id
    assert {p.entry.vassalage for p in await members.recent_games(vn1, other.id)} == {"DS88", "PG"}
    # Nor can a Brazilian member mark one anew.
    with pytest.raises(AppError) as refused:
        await members.add_favorite(brazilian, fight.id, "DS88", fight.game_type)
    assert refused.value.code == "favorite-game-not-found"


async def test_the_favourite_ids_leave_out_a_cockfight_favourited_before_in_brazil(
    make_client: Callable[..., PlatformClient],
) -> None:
    """favGameIds and the lobby's hearts say what the favourites list says: a cockfight a
    Brazilian member favourited before the rule is no favourite of theirs on BR1 (its id is
    not returned), while another market's member keeps theirs."""
    fight, slot = await _some_games()
    assert fight.id is not None and slot.id is not None
    brazilian, other = await make_member(), await make_member("VN1")
    for member in (brazilian, other):
        assert member.id is not None
        await _kept(member.id, [fight.id, slot.id])
    client = make_client(language="EN")
    client.token = await sessions.open_session(brazilian, "203.0.113.10", "pytest", "WEB")
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == [slot.id]
    # removing the slot answers the ids afterwards, still without the cockfight
    assert (
        await client.delete(
            "/wps/relay/MCSFE_removeFavoriteGameV2",
            {"nodeId": slot.id, "vendor": slot.vassalage, "gameType": slot.game_type},
        )
        == []
    )
    kept = await members.favorite_ids(await brands.by_code("VN1"), other.id or 0)
    assert set(kept) == {slot.id, fight.id}
    tab = await member_tab(site, brazilian)
    async with tab.processor:
        await tab.open(routes.HOME)
        assert (await tab.state(LobbyState)).favorite_ids == []
