"""Games calls over the demo catalogue: menus, lists, search and sort, hot and popular games,
vendors, winners, recent games, favourites (throttled) and PvP rooms."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

import pytest
from sqlmodel import col, select, update

from app.api.catalogue.games import VendorCardValue
from app.api.schemas import camel
from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.text import fold_name
from app.services.brands import brands
from app.services.catalogue import lobby, members
from app.services.catalogue.lobby import invalidate_catalogue
from models import Game, Member, Merchant
from tests.helpers.accounts import new_username, register

MakeClient = Callable[..., PlatformClient]
LIST = "/wps/relay/GCSGAME_gameList"
ADD = "/wps/relay/MCSFE_addFavoriteGameV2"
REMOVE = "/wps/relay/MCSFE_removeFavoriteGameV2"


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


def _visitor(make_client: MakeClient) -> PlatformClient:
    return make_client(language="EN")


async def _member(make_client: MakeClient) -> tuple[PlatformClient, Member]:
    client = make_client(language="EN")
    username = new_username()
    await register(client, username)
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == username))).one()
    return client, member


async def _game(*conditions: object) -> Game:
    async with session_scope() as session:
        return (
            await session.exec(select(Game).where(*conditions).order_by(col(Game.id)))  # type: ignore[arg-type]
        ).first()


def _favorite(game: Game) -> dict[str, object]:
    return {"nodeId": game.id, "vendor": game.vassalage, "gameType": game.game_type}


# Menus and vendors ------------------------------------------------------------------------


async def test_menus_follow_the_navigation_rules(make_client: MakeClient) -> None:
    menu = await _visitor(make_client).get("/lgw/games/game_menus")
    nav = [item["navType"] for item in menu["nav"]]
    assert nav[0] == "HOME" and nav[-1] == "PROMO"
    assert "COCKFIGHT" not in nav  # BR1's market forbids betting on animal fights
    assert [f["navType"] for f in menu["footer"]] == [
        n for n in nav if n not in {"HOME", "HOT", "PROMO"}
    ]
    by_type = {item["navType"]: item for item in menu["nav"]}
    # A brand without a jurisdiction: cockfight right after sports, starting its first vendor.
    other = await make_client(language="EN", merchant="BR2").get("/lgw/games/game_menus")
    other_nav = [item["navType"] for item in other["nav"]]
    assert other_nav.index("COCKFIGHT") == other_nav.index("SPORTS") + 1
    cockfight = next(item for item in other["nav"] if item["navType"] == "COCKFIGHT")
    assert {c["vassalage"] for c in cockfight["cards"]} == {"DS88", "DIG", "WGB"}
    assert cockfight["action"]["kind"] == "LAUNCH"
    # BR1's market (85 % floor) plays no Vietnamese or SEA game: their vendors are not listed.
    assert by_type["LOTT"]["action"]["path"] == "/lottery" and "ELOTT" not in by_type
    assert by_type["RNG"]["rebateRate"] == "1.2%" and by_type["PVP"]["rebateRate"] == "-"
    assert by_type["RNG"]["title"] == "Slots"
    assert menu["prizeMode"] == "LOTT"
    asian = await make_client(language="EN", merchant="VN1").get("/lgw/games/game_menus")
    asian_types = {item["navType"]: item for item in asian["nav"]}
    assert asian_types["LOTT"]["action"]["path"] == "/seaLottery"
    assert asian_types["ELOTT"]["action"]["path"] == "/vnLottery"
    assert asian["prizeMode"] == "ELOTT"
    assert menu["u9w"]["vassalage"] == "U9W"
    assert "BG" not in {s["code"] for s in menu["subCategories"]}  # BR1 has no Tagalog
    pg = by_type["RNG"]["cards"][0]
    assert pg["vassalage"] == "PG" and pg["icons"]["small"] == "/img/vendor/small/PG.png"
    assert pg["action"]["route"] == {
        "name": "gameListCenter",
        "params": {"vassalage": "pg", "gameType": "rng"},
    }
    spribe = next(c for c in by_type["RNG"]["cards"] if c["vassalage"] == "SPB")
    assert spribe["action"]["kind"] == "POPUP"


async def test_menus_speak_the_requested_language(make_client: MakeClient) -> None:
    client = make_client()
    english = await client.get("/lgw/games/game_menus", {"language": "EN", "refresh": "true"})
    portuguese = await client.get("/lgw/games/game_menus", {"language": "PT"})
    rng_en = next(i for i in english["nav"] if i["navType"] == "RNG")
    rng_pt = next(i for i in portuguese["nav"] if i["navType"] == "RNG")
    assert rng_pt["rebateRate"] == "1,2%" and rng_en["rebateRate"] == "1.2%"
    promo_pt = next(i for i in portuguese["nav"] if i["navType"] == "PROMO")
    assert promo_pt["title"] == "Promoções"
    error = await _error(client.get("/lgw/games/game_menus", {"language": "JA"}))
    assert error.status == 400 and error.code == "language-unsupported"


async def test_vendor_list_is_sorted_and_keyed_by_type(make_client: MakeClient) -> None:
    vendors = await _visitor(make_client).get("/wps/relay/GCSGAME_newGameVendor")
    assert [c["vassalage"] for c in vendors["sorted"][:2]] == ["PG", "PP"]
    assert len({c["vassalage"] for c in vendors["sorted"]}) >= 30
    assert {c["vassalage"] for c in vendors["mapped"]["ESPORTS"]} == {
        "AV",
        "IMES",
        "IA",
        "AI",
        "TF",
    }
    assert "COCKFIGHT" not in vendors["mapped"] and "HOME" not in vendors["mapped"]  # BR1
    other = await make_client(merchant="BR2").get("/wps/relay/GCSGAME_newGameVendor")
    assert {c["vassalage"] for c in other["mapped"]["COCKFIGHT"]} == {"DS88", "DIG", "WGB"}


async def test_a_game_page_takes_its_vendors_from_the_menus_not_the_vendor_list(
    make_client: MakeClient,
) -> None:
    """Spec 2: a game page does not fetch the vendor list; its vendors are its category's cards
    of the menus, the same cards the vendor list maps to that category."""
    await invalidate_catalogue()
    brand = await brands.by_code("BR1")
    esports = await lobby.category_vendors(brand, "EN", "ESPORTS")
    assert await get_redis().get(f"{lobby.CACHE_PREFIX}vendors:BR1:{brand.currency}:EN") is None
    vendors = await _visitor(make_client).get("/wps/relay/GCSGAME_newGameVendor")
    assert await get_redis().get(f"{lobby.CACHE_PREFIX}vendors:BR1:{brand.currency}:EN") is not None
    shown = [VendorCardValue.model_validate(camel(c)).model_dump(mode="json") for c in esports]
    assert shown == vendors["mapped"]["ESPORTS"] and len(esports) == 5
    assert await lobby.category_vendors(brand, "EN", "HOME") == []


# Game list --------------------------------------------------------------------------------


async def test_visitors_get_a_page_of_fifty(make_client: MakeClient) -> None:
    page = await _visitor(make_client).get(LIST, {"gameType": "RNG", "clientType": 3})
    assert page["pageNo"] == 1 and page["pageSize"] == 50 and len(page["content"]) == 50
    assert page["total"] > 8_000 and page["totalPages"] == -(-page["total"] // 50)
    assert page["prizeMode"] == "ELOTT"
    entry = page["content"][0]
    assert entry["gameType"] == "RNG" and isinstance(entry["nodeId"], int)
    assert entry["iconUrl"].startswith("/img/")


async def test_game_icons_come_from_the_brands_image_hosts_at_random(
    make_client: MakeClient,
) -> None:
    """Spec 9: image hosts are picked at random from the brand's list (imageCDNs)."""
    hosts = ["https://img-a.example.test", "https://img-b.example.test/"]
    async with write_transaction() as session:
        await session.exec(update(Merchant).where(Merchant.code == "BR1").values(image_cdns=hosts))
    brands.invalidate()
    try:
        client = _visitor(make_client)
        icons = [
            entry["iconUrl"]
            for page_no in (1, 2, 3)
            for entry in (
                await client.get(LIST, {"gameType": "RNG", "pageNo": page_no, "pageSize": 50})
            )["content"]
        ]
        assert {icon.split("/", 3)[2] for icon in icons} == {
            "img-a.example.test",
            "img-b.example.test",
        }
        assert all("//" not in icon.split("://", 1)[1] for icon in icons)
        setting = await client.get("/wps/system/permission")
        assert setting["info"]["imageCDNs"] == hosts
    finally:
        async with write_transaction() as session:
            await session.exec(
                update(Merchant).where(Merchant.code == "BR1").values(image_cdns=["/img"])
            )
        brands.invalidate()


async def test_unknown_game_type_is_refused(make_client: MakeClient) -> None:
    error = await _error(_visitor(make_client).get(LIST, {"gameType": "CASINO"}))
    assert (error.status, error.code) == (422, "game-type-unknown")
    assert error.body["message"] == "Unknown game type: CASINO."


async def test_bingo_is_no_game_type_without_tagalog(make_client: MakeClient) -> None:
    error = await _error(_visitor(make_client).get(LIST, {"gameType": "BG"}))
    assert error.code == "game-type-unknown"
    scratch = await _visitor(make_client).get(LIST, {"gameType": "SC", "pageSize": 5})
    assert {g["subCategory"] for g in scratch["content"]} == {"SC"}


async def test_bingo_games_are_not_listed_without_tagalog(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    studio = await client.get(LIST, {"gameType": "INHOUSE", "vassalage": "BGS"})
    codes = {g["gameCode"] for g in studio["content"]}
    assert "BGS_DICE" in codes and "BGS_BINGO_75" not in codes
    listed = await client.get(LIST, {"gameType": "INHOUSE", "pageSize": 50})
    codes = {g["gameCode"] for g in listed["content"]}
    assert "BGS_DICE" in codes and "BGS_BINGO_75" not in codes
    assert listed["total"] == len(codes)  # the total counts only games on offer
    found = await client.get(LIST, {"name": "bingo", "pageSize": 50})
    assert all(g["subCategory"] != "BG" for g in found["content"])


async def test_a_page_beyond_the_end_is_empty_with_the_real_total(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    first = await client.get(LIST, {"gameType": "LIVE"})
    beyond = await client.get(LIST, {"gameType": "LIVE", "pageNo": first["totalPages"] + 3})
    assert beyond["content"] == [] and beyond["total"] == first["total"]


async def test_page_size_over_fifty_is_refused(make_client: MakeClient) -> None:
    error = await _error(_visitor(make_client).get(LIST, {"gameType": "RNG", "pageSize": 51}))
    assert (error.status, error.code) == (422, "game-page-size-too-large")
    assert "50" in error.body["message"]
    invalid = await _error(_visitor(make_client).get(LIST, {"pageNo": 0}))
    assert invalid.code == "validation-failed"


async def test_search_narrows_ignoring_case_and_accents(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    everything = await client.get(LIST, {"gameType": "RNG"})
    dragons = await client.get(LIST, {"gameType": "RNG", "name": "DRAGON"})
    assert 0 < dragons["total"] < everything["total"]
    assert all("dragon" in g["gameName"].lower() for g in dragons["content"])
    plain = await client.get(LIST, {"name": "piramide"})
    accented = await client.get(LIST, {"name": "PIRÂMIDE"})
    assert plain["total"] == accented["total"] > 0
    assert all("Pirâmide" in g["gameName"] for g in plain["content"])
    nothing = await client.get(LIST, {"name": "%_zzz"})
    assert nothing["total"] == 0 and nothing["content"] == []


async def test_an_in_house_game_is_found_by_its_name_in_either_language(
    make_client: MakeClient,
) -> None:
    client = _visitor(make_client)
    for name in ("rolos da selva", "JUNGLE REELS"):  # what a PT or an EN reader sees on its card
        found = await client.get(LIST, {"name": name})
        assert "BGS_SLOT_JUNGLE" in [g["gameCode"] for g in found["content"]]


@pytest.mark.parametrize("sort", ["popular", "new", "name"])
async def test_sort_orders(make_client: MakeClient, sort: str) -> None:
    page = await _visitor(make_client).get(LIST, {"gameType": "RNG", "sort": sort})
    games = page["content"]
    if sort == "popular":
        values: list[object] = [g["popularity"] for g in games]
        assert values == sorted(values, reverse=True)
    elif sort == "new":
        dates = [date.fromisoformat(g["releaseDate"]) for g in games]
        assert dates == sorted(dates, reverse=True)
    else:
        names = [fold_name(g["gameName"]) for g in games]
        assert names == sorted(names)


async def test_unknown_sort_prize_mode_and_vendor_are_refused(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    assert (await _error(client.get(LIST, {"sort": "rtp"}))).code == "game-sort-unknown"
    assert (await _error(client.get(LIST, {"prizeMode": "X"}))).code == "prize-mode-unknown"
    assert (await _error(client.get(LIST, {"vassalage": "NOPE"}))).code == "game-vendor-unknown"
    assert (await client.get(LIST, {"gameType": "LOTT", "prizeMode": "sea"}))["prizeMode"] == "SEA"


async def test_a_vendors_list_and_its_popup(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    pg = await client.get(LIST, {"gameType": "rng", "vassalage": "pg"})
    # 320 PG slots, less the 3 bingo ones: BR1 has no Tagalog, so no bingo (spec 1).
    assert pg["total"] == 317 and {g["vassalage"] for g in pg["content"]} == {"PG"}
    # A popup vendor is one tile in its type's list; its games are in its own list only.
    pvp = await client.get(LIST, {"gameType": "PVP", "pageSize": 50})
    kingmaker = [g for g in pvp["content"] if g["vassalage"] == "KP"]
    assert [g["isGame"] for g in kingmaker] == ["VASSALAGE"]
    popup = await client.get(LIST, {"vassalage": "KP"})
    assert popup["total"] == 60 and all(g["isGame"] == "GAME" for g in popup["content"])


async def test_hot_list_and_maintenance(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    hot = await client.get(LIST, {"gameType": "HOT"})
    assert hot["total"] > 0 and all(g["isTop"] for g in hot["content"])
    sports = await client.get(LIST, {"gameType": "SPORTS"})
    cmd = next(g for g in sports["content"] if g["vassalage"] == "CMD")
    assert cmd["maintenance"]  # its vendor is in maintenance


async def test_a_missing_icon_gets_the_default_icon(make_client: MakeClient) -> None:
    game = await _game(col(Game.show_icon).is_(None), Game.vassalage == "PG")
    page = await _visitor(make_client).get(LIST, {"vassalage": "PG", "name": game.game_name})
    entry = next(g for g in page["content"] if g["nodeId"] == game.id)
    assert entry["showIcon"] is None and entry["iconUrl"] == "/img/games/default.png"


# Hot, popular, winners ----------------------------------------------------------------------


async def test_hot_games(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    query = {"merchantCode": "BR2", "isPlatform": 2, "platform": "flash,html5-desktop"}
    hot = await client.get("/wps/relay/GCSGAME_hotGamesV2", {**query, "language": "EN"})
    assert 0 < len(hot) <= 20 and all(g["isTop"] for g in hot)
    again = await client.get("/wps/relay/GCSGAME_hotGamesV2", {**query, "refresh": "true"})
    assert [g["nodeId"] for g in again] == [g["nodeId"] for g in hot]
    error = await _error(client.get("/wps/relay/GCSGAME_hotGamesV2", {"merchantCode": "ZZ"}))
    assert error.code == "merchant-unknown"


async def test_popular_games(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    popular = await client.get("/lgw/games/popular")
    assert len(popular) == 12
    assert not any(g["isTop"] or g["maintenance"] for g in popular)
    live = await client.get("/lgw/games/popular", {"gameType": "LIVE", "limit": 5})
    assert len(live) == 5 and {g["gameType"] for g in live} == {"LIVE"}
    error = await _error(client.get("/lgw/games/popular", {"limit": 51}))
    assert error.code == "game-page-size-too-large"
    assert (await _error(client.get("/lgw/games/popular", {"gameType": "X"}))).code == (
        "game-type-unknown"
    )


async def test_winner_board(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    path = "/wps/relay/GCSGAME_getRankList"
    board = await client.get(path, {"gameCategory": "ALL", "language": "EN", "limitNum": 20})
    assert len(board) == 20
    amounts = [float(w["winAmount"]) for w in board]
    assert amounts == sorted(amounts, reverse=True)
    assert all(re.fullmatch(r"\w{2}\*{3}\w{2}", w["customerName"]) for w in board)
    assert all(w["iconUrl"].startswith("/img/") for w in board)
    assert len(await client.get(path, {"limitNum": 5, "refresh": "true"})) == 5
    too_many = await _error(client.get(path, {"limitNum": 21}))
    assert (too_many.status, too_many.code) == (422, "winner-limit-too-large")
    assert (await _error(client.get(path, {"gameCategory": "X"}))).code == (
        "winner-category-unknown"
    )


# Member calls -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/wps/relay/MCSFE_getFavoriteGames"),
        ("GET", "/wps/relay/MCSFE_getFavoriteGamesList"),
        ("POST", ADD),
        ("DELETE", REMOVE),
        ("GET", "/wps/relay/GCS_recentGame"),
        ("GET", "/wps/relay/GCSGAME_getVassGameType?vassalage=KP"),
        ("GET", "/wps/relay/GLS2_roomList?vassalage=KP"),
    ],
)
async def test_member_calls_need_login(make_client: MakeClient, method: str, path: str) -> None:
    payload = {"nodeId": 1, "vendor": "PG", "gameType": "RNG"}
    response = await _visitor(make_client).raw(method, path, json=payload)
    assert response.status_code == 401 and response.json()["code"] == "not-logged-in"


async def test_favourites_add_list_and_remove(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    game = await _game(Game.vassalage == "PG", Game.game_type == "RNG")
    ids = await client.post(ADD, _favorite(game))
    assert ids == [game.id] and isinstance(ids[0], int)
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == [game.id]
    clock.advance(members.THROTTLE_SECONDS)
    assert await client.post(ADD, _favorite(game)) == [game.id]  # adding again is harmless
    listed = await client.get("/wps/relay/MCSFE_getFavoriteGamesList", {"page": 1})
    assert listed["pageSize"] == 13 and listed["pageNum"] == 1 and listed["totalPages"] == 1
    assert listed["nodeId"] == [game.id] and listed["content"][0]["gameCode"] == game.game_code
    clock.advance(members.THROTTLE_SECONDS)
    assert await client.delete(REMOVE, _favorite(game)) == []
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == []


async def test_favourite_pages_hold_thirteen(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    async with session_scope() as session:
        games = (await session.exec(select(Game).where(Game.vassalage == "NE").limit(15))).all()
    for game in games:
        clock.advance(members.THROTTLE_SECONDS)
        await client.post(ADD, _favorite(game))
    first = await client.get("/wps/relay/MCSFE_getFavoriteGamesList")
    second = await client.get("/wps/relay/MCSFE_getFavoriteGamesList", {"page": 2})
    assert (len(first["content"]), len(second["content"])) == (13, 2)
    assert first["totalPages"] == 2 and first["total"] == 15
    ids = await client.get("/wps/relay/MCSFE_getFavoriteGames")
    assert sorted(ids) == sorted(g.id for g in games)
    assert set(ids) == set(first["nodeId"]) | set(second["nodeId"])


async def test_a_lottery_game_cannot_be_a_favourite(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    for game_type in ("LOTT", "ELOTT"):
        game = await _game(Game.game_type == game_type)
        refused = await _error(client.post(ADD, _favorite(game)))
        assert (refused.status, refused.code) == (422, "favorite-not-allowed")
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == []


async def test_a_favourite_of_a_missing_game_is_404(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    missing = await _error(
        client.post(ADD, {"nodeId": 99_999_999, "vendor": "PG", "gameType": "RNG"})
    )
    assert (missing.status, missing.code) == (404, "favorite-game-not-found")
    game = await _game(Game.vassalage == "PG")
    wrong_vendor = await _error(client.post(ADD, {**_favorite(game), "vendor": "PP"}))
    assert wrong_vendor.code == "favorite-game-not-found"
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == []


async def test_a_second_toggle_within_a_second_is_refused(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    game = await _game(Game.vassalage == "JILI")
    clock.freeze()  # "within a second" however slow the machine is
    assert await client.post(ADD, _favorite(game)) == [game.id]
    repeat = await _error(client.delete(REMOVE, _favorite(game)))
    assert (repeat.status, repeat.code) == (429, "favorite-too-fast")
    clock.advance(1.1)
    # No trailing action: the refused removal never happens later.
    assert await client.get("/wps/relay/MCSFE_getFavoriteGames") == [game.id]
    assert await client.delete(REMOVE, _favorite(game)) == []


async def test_recent_games_after_playing(make_client: MakeClient) -> None:
    client, member = await _member(make_client)
    assert await client.get("/wps/relay/GCS_recentGame") == []
    first = await _game(Game.vassalage == "EVO")
    second = await _game(Game.vassalage == "PG")
    await members.record_play(member, first)
    await members.record_play(member, second)
    await members.record_play(member, first)
    recent = await client.get("/wps/relay/GCS_recentGame")
    assert [g["nodeId"] for g in recent] == [first.id, second.id]
    assert [g["playCount"] for g in recent] == [2, 1]


async def test_vass_game_types_and_pvp_rooms(make_client: MakeClient) -> None:
    client, _member_row = await _member(make_client)
    types = await client.get("/wps/relay/GCSGAME_getVassGameType", {"vassalage": "KP"})
    assert types == [{"vassalage": "KP", "gameType": "PVP", "count": 60}]
    jili = await client.get("/wps/relay/GCSGAME_getVassGameType", {"vassalage": "jili"})
    assert {t["gameType"] for t in jili} == {"RNG", "FISH", "PVP"}
    rooms = await client.get("/wps/relay/GLS2_roomList", {"vassalage": "KP"})
    assert len(rooms) == 60 * 4
    assert {r["level"] for r in rooms} == {"NOVICE", "STANDARD", "EXPERT", "VIP"}
    assert rooms[0]["minBet"] == "0.10" and rooms[0]["levelName"] == "Novice"
    unknown = await _error(client.get("/wps/relay/GLS2_roomList", {"vassalage": "NOPE"}))
    assert unknown.code == "game-vendor-unknown"


# Caching ------------------------------------------------------------------------------------


async def test_invalidate_catalogue_reloads_cached_lists(make_client: MakeClient) -> None:
    client = _visitor(make_client)
    hot = await client.get("/wps/relay/GCSGAME_hotGamesV2")
    top = await _game(Game.id == hot[0]["nodeId"])
    await client.get(LIST, {"vassalage": top.vassalage})  # the index is loaded
    renamed = f"{top.game_name} Remastered"

    async def rename(name: str) -> None:
        async with write_transaction() as session:
            await session.exec(
                update(Game)
                .where(col(Game.id) == top.id)
                .values(game_name=name, search_name=fold_name(name))
            )

    await rename(renamed)
    try:
        assert (await client.get("/wps/relay/GCSGAME_hotGamesV2"))[0]["gameName"] == top.game_name
        listed = await client.get(LIST, {"vassalage": top.vassalage, "name": "remastered"})
        assert listed["total"] == 0  # the index still holds the old name
        await invalidate_catalogue()
        assert (await client.get("/wps/relay/GCSGAME_hotGamesV2"))[0]["gameName"] == renamed
        listed = await client.get(LIST, {"vassalage": top.vassalage, "name": "remastered"})
        assert [g["nodeId"] for g in listed["content"]] == [top.id]
    finally:
        await rename(top.game_name)
        await invalidate_catalogue()
