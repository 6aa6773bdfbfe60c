"""The lottery catalogue and the lottery engine are one list (issue 39): every lottery entry of
the catalogue is one of the engine's games, opened on its own page; a brand lists only the
games its market can play; each entry carries its gameGroupCode and the tag from it (spec 3)."""

from __future__ import annotations

from sqlmodel import col, select

from app.core.db import session_scope
from app.services.brands import brands
from app.services.catalogue.games import GameQuery, game_page, popular_games
from app.services.catalogue.index import GameEntry
from app.services.catalogue.lobby import menus
from app.services.catalogue.navigation import start_game
from app.services.lottery import entries
from app.services.lottery.games import GAMES
from models.catalogue import Game as CatalogueGame
from state.catalogue.cards import card

LOTTERY_VENDORS = list(entries.VENDOR_TYPES)


async def _lottery_rows() -> list[CatalogueGame]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(CatalogueGame).where(col(CatalogueGame.vassalage).in_(LOTTERY_VENDORS))
                )
            ).all()
        )


async def test_catalogue_lottery_entries_are_the_engine_s_games_and_open_them() -> None:
    rows = await _lottery_rows()
    assert {(r.vassalage, r.game_code) for r in rows} == {
        (g.vendor, g.code) for g in GAMES.values()
    }
    for row in rows:
        found = GAMES[row.game_code]
        assert row.game_classify == found.family  # the lottery type
        assert row.game_type == entries.VENDOR_TYPES[found.vendor]
        action = start_game(
            vassalage=row.vassalage,
            game_type=row.game_type,
            game_code=row.game_code,
            is_game=row.is_game,
            support_play=row.support_play,
            logged_in=True,
            trial=False,
        )
        # The card's own game page (spec 2: /lottery, /vnLottery or /seaLottery by vendor).
        assert action.path.endswith(f"?gameCode={row.game_code}"), action


async def _listed(code: str, game_type: str) -> dict[str, GameEntry]:
    brand = await brands.by_code(code)
    page = await game_page(brand, GameQuery(game_type=game_type, page_size=50))
    return {entry.game_code: entry for entry in page.content}


async def test_a_brand_lists_only_the_lottery_games_its_market_can_play() -> None:
    # Brazil's 85 % floor: no Vietnamese or 4D game is listed on BR1, and their vendors leave
    # the navigation (the ELOTT category was only the Vietnamese vendor).
    br1_lott = await _listed("BR1", "LOTT")
    assert "ssc-1m" in br1_lott and "lhc-hk" in br1_lott
    assert not {code for code in br1_lott if code.startswith("4d")}
    assert await _listed("BR1", "ELOTT") == {}
    br1 = await brands.by_code("BR1")
    nav = {item.nav_type: item for item in (await menus(br1, "EN", refresh=True)).nav}
    assert "ELOTT" not in nav
    assert [c.vassalage for c in nav["LOTT"].cards] == ["LOTT"]
    assert nav["LOTT"].action.path == "/lottery"
    popular = await popular_games(br1, "EN", "LOTT", 50)
    assert popular and not any(e.vassalage == "TCG_SEA" for e in popular)
    searched = await game_page(br1, GameQuery(name="4D"))
    assert not any(e.vassalage == "TCG_SEA" for e in searched.content)

    # The Asian demo brand plays them all: the Vietnamese and SEA pages have their games.
    vn1 = await brands.by_code("VN1")
    assert vn1.currency == "VND"
    elott = await _listed("VN1", "ELOTT")
    assert {"vn-mn", "vn-mt", "vn-mb", "vns-1m", "vnn-5m"} <= set(elott)
    lott = await _listed("VN1", "LOTT")
    assert {"4d-mkt", "4d-1m", "ssc-1m"} <= set(lott)
    nav = {item.nav_type: item for item in (await menus(vn1, "EN", refresh=True)).nav}
    assert nav["ELOTT"].action.path == "/vnLottery"
    assert nav["LOTT"].action.path == "/seaLottery"
    assert (await menus(vn1, "EN")).prize_mode == "ELOTT"
    assert entries.unplayable("VND") == frozenset()


async def test_lottery_entries_carry_their_group_code_and_tag_and_are_named_in_each_language() -> (
    None
):
    lott = await _listed("VN1", "LOTT")
    assert (lott["ssc-1m"].game_group_code, lott["ssc-1m"].tag) == ("SSC", "SSC")
    assert (lott["pcb-3m"].game_group_code, lott["pcb-3m"].tag) == ("PCB", "28")
    assert (lott["4d-mkt"].game_group_code, lott["4d-mkt"].tag) == ("4D", "4D")
    vn = await _listed("VN1", "ELOTT")
    assert vn["vnn-1m"].game_group_code == vn["vn-mn"].game_group_code == "VN"
    slot = (await _listed("VN1", "RNG")).popitem()[1]
    assert (slot.game_group_code, slot.tag) == (None, None)
    assert card(lott["ssc-1m"], "pt").name == "Cinco dígitos · 1 min"
    assert card(lott["ssc-1m"], "en").name == "Five digits · 1 min"
    assert card(lott["4d-mkt"], "en").name == "Magnum 4D"
    assert card(lott["pcb-3m"], "en").tag == "28"
    # A name search finds a lottery game by its name in either language.
    br1 = await brands.by_code("BR1")
    found = await game_page(br1, GameQuery(name="dígitos"))
    assert "ssc-1m" in {e.game_code for e in found.content}


def test_a_game_opens_in_a_prize_mode_it_has_a_play_in() -> None:
    modes = ["LOTT", "ZY", "ELOTT"]
    # PC28 has two-sided plays only: its card opens on them, not on "no play here".
    assert entries.opening_mode(GAMES["pcb-1m"], "BRL", "LOTT", modes) == "ELOTT"
    assert entries.opening_mode(GAMES["ssc-1m"], "BRL", "LOTT", modes) == "LOTT"
    assert entries.opening_mode(GAMES["4d-mkt"], "VND", "SEA", ["SEA"]) == "SEA"
