"""The site-wide game search (issue 35, the header's magnifier): the list of every game
searched by name, as a list's box does, through the service and a visitor's tab (the
browser's side: tests/e2e/test_game_search.py)."""

from __future__ import annotations

from app.app import app as site
from app.services.brands import brands
from app.services.catalogue import games
from app.services.lottery import entries as lottery_entries
from state.catalogue.search import SEARCH_DIALOG, GameSearchState
from state.dialog import DialogState
from state.site import SiteState
from tests.helpers.page_state import Tab

FIND = f"{GameSearchState.get_full_name()}.find"
OPEN = f"{GameSearchState.get_full_name()}.open"


def _codes(found: games.SearchResult) -> list[str]:
    return [entry.game_code for entry in found.games]


async def test_a_game_is_found_by_its_name_in_either_language_across_categories() -> None:
    brand = await brands.by_code("BR1")
    for typed in ("Dados", "DICE"):  # the Original's name in Portuguese, then in English
        found = await games.search(brand, typed)
        assert "BGS_DICE" in _codes(found)
        # and the lottery's three-dice games: every category in one search
        assert {"INHOUSE", "LOTT"} <= {entry.game_type for entry in found.games}
    assert "BGS_SLOT_JUNGLE" in _codes(await games.search(brand, "rolos da selva"))


async def test_what_the_lists_hide_the_search_hides_and_maintenance_is_marked() -> None:
    br1, vn1 = await brands.by_code("BR1"), await brands.by_code("VN1")
    # 4D is below Brazil's RTP floor: listed in Vietnam, not on a Brazilian brand.
    assert "4d-1m" in lottery_entries.unplayable(br1.currency)
    assert "4d-1m" in _codes(await games.search(vn1, "4D"))
    assert not set(_codes(await games.search(br1, "4D"))) & lottery_entries.unplayable("BRL")
    # Bingo only where the brand speaks Tagalog (spec 1).
    assert (await games.search(br1, "bingo")).total == 0
    # Cockfight only where the market allows betting on animal fights (not in Brazil).
    assert (await games.search(br1, "cockfight")).total == 0
    assert [g.vassalage for g in (await games.search(vn1, "cockfight")).games] == ["DIG"]
    # A vendor in maintenance: its game marked, as in its list (its card opens the notice).
    sportsbook = (await games.search(br1, "CMD368")).games
    assert [(g.vassalage, g.maintenance) for g in sportsbook] == [("CMD", True)]


async def test_nothing_before_a_name_and_a_long_text_is_cut() -> None:
    brand = await brands.by_code("BR1")
    assert await games.search(brand, "   ") == games.SearchResult("", [], 0)
    typed = "tiger " * 30
    found = await games.search(brand, typed)
    assert len(found.text) == games.SEARCH_MAX_LENGTH and found.total == 0
    first = await games.search(brand, "  tiger   ")
    assert first.text == "tiger" and len(first.games) == games.SEARCH_LIMIT < first.total


async def test_a_visitors_panel_shows_cards_in_the_readers_language() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open("/")
        await tab.send(OPEN, "/")
        assert SEARCH_DIALOG in (await tab.state(DialogState)).open_names
        await tab.send(FIND, "/", typed="dados")
        search = await tab.state(GameSearchState)
        assert "Dados" in [card.name for card in search.results]
        # In English the same search shows the Original's English name; opened again, the
        # panel starts afresh.
        await tab.send(f"{SiteState.get_full_name()}.set_language", "/", code="EN")
        await tab.send(FIND, "/", typed="dados")
        assert "Dice" in [card.name for card in (await tab.state(GameSearchState)).results]
        await tab.send(OPEN, "/")
        search = await tab.state(GameSearchState)
        assert (search.text, search.results, search.total) == ("", [], 0)
        await tab.send(FIND, "/", typed="dados")
        # Longer than a box takes is refused, the last search kept; what the box takes is cut.
        await tab.send(FIND, "/", typed="x" * 300)
        assert (await tab.state(GameSearchState)).text == "dados"
        await tab.send(FIND, "/", typed="zz" * 40)
        search = await tab.state(GameSearchState)
        assert len(search.text) == games.SEARCH_MAX_LENGTH
        assert (search.total, search.results) == (0, [])
