"""The catalogue's typed values (issue 33): the game list's JSON keeps the spec's keys, and a
value cached by the release before them (camelCase dicts, still in Redis for up to its TTL)
is loaded again rather than read as the new shape."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from app.client import PlatformClient
from app.core.cache import get_redis
from app.services.brands import brands
from app.services.catalogue import games, lobby, winners
from app.services.catalogue.index import CACHE_PREFIX, GameEntry
from app.services.catalogue.winners import BoardLine

LIST = "/wps/relay/GCSGAME_gameList"

# The keys of a game entry on the wire: a non-lottery entry has its gameGroupCode and tag too,
# as null (the ApiModel's defaults).
ENTRY_KEYS = {
    "nodeId",
    "nodeName",
    "gameName",
    "gameCode",
    "gameType",
    "vassalage",
    "displayName",
    "showIcon",
    "iconUrl",
    "isGame",
    "supportPlay",
    "isTop",
    "gameCategory",
    "gameClassify",
    "subCategory",
    "tags",
    "rtp",
    "popularity",
    "releaseDate",
    "maintenance",
    "gameGroupCode",
    "tag",
}

# A hot game as the release before the typed values cached it.
OLD_ENTRY = {
    "nodeId": 5220,
    "nodeName": "Aztec Jewels Hold & Win",
    "gameName": "Aztec Jewels Hold & Win",
    "gameCode": "rt_05219",
    "gameType": "RNG",
    "vassalage": "RT",
    "displayName": "Red Tiger",
    "showIcon": "games/RT/rt_05219.png",
    "iconUrl": "/img/games/RT/rt_05219.png",
    "isGame": "GAME",
    "supportPlay": 0,
    "isTop": True,
    "gameCategory": "CASINO",
    "gameClassify": "SLOT",
    "subCategory": None,
    "tags": [],
    "rtp": "94.67",
    "popularity": 99976,
    "releaseDate": "2020-05-25",
    "maintenance": False,
}
OLD_WIN = {
    "customerName": "br***02",
    "gameName": "Rich Dragon Megaways",
    "iconUrl": "/img/games/NLC/nlc_04924.png",
    "winAmount": "111215.14",
    "time": "2026-11-28T21:08:44.485513+00:00",
    "nodeId": 4925,
    "gameCategory": "CASINO",
}


async def test_game_list_entries_keep_their_json_keys(
    make_client: Callable[..., PlatformClient],
) -> None:
    client = make_client(language="EN")
    slots = await client.get(LIST, {"gameType": "RNG", "pageSize": 5})
    assert set(slots) == {"content", "total", "pageNo", "pageSize", "totalPages", "prizeMode"}
    slot = slots["content"][0]
    assert set(slot) == ENTRY_KEYS
    assert (slot["gameGroupCode"], slot["tag"]) == (None, None)
    assert re.fullmatch(r"\d+\.\d\d", slot["rtp"]) and isinstance(slot["tags"], list)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", slot["releaseDate"])
    lottery = (await client.get(LIST, {"gameType": "LOTT", "pageSize": 5}))["content"][0]
    assert set(lottery) == ENTRY_KEYS
    assert lottery["gameGroupCode"] and lottery["tag"]


async def test_a_list_cached_in_the_old_camel_case_shape_is_loaded_again() -> None:
    brand = await brands.by_code("BR1")
    redis = get_redis()
    hot_key = f"{CACHE_PREFIX}hot:{brand.code}:{brand.currency}:EN"
    await redis.set(hot_key, json.dumps([OLD_ENTRY]), ex=60)
    hot = await games.hot_games(brand, "EN")
    assert hot and all(isinstance(entry, GameEntry) and entry.is_top for entry in hot)
    stored = json.loads(await redis.get(hot_key))
    assert [row["node_id"] for row in stored] == [entry.node_id for entry in hot]
    assert await games.hot_games(brand, "EN") == hot  # the new shape reads back the same

    board_key = f"{CACHE_PREFIX}winners:{brand.code}:EN:ALL"
    await redis.set(board_key, json.dumps([OLD_WIN]), ex=60)
    board = await winners.winner_board(brand, "EN")
    assert board and all(isinstance(line, BoardLine) for line in board)
    assert await winners.winner_board(brand, "EN") == board


async def test_menus_cached_in_the_old_camel_case_shape_are_loaded_again() -> None:
    brand = await brands.by_code("BR1")
    redis = get_redis()
    await redis.set(
        f"{CACHE_PREFIX}raw", json.dumps({"vendors": [], "subCategories": [], "hasHot": False})
    )
    old_menus = {"nav": [], "footer": [], "subCategories": [], "prizeMode": "LOTT", "u9w": None}
    await redis.set(f"{CACHE_PREFIX}menus:{brand.code}:{brand.currency}:EN", json.dumps(old_menus))
    menu = await lobby.menus(brand, "EN")
    assert isinstance(menu, lobby.Menus) and menu.nav and menu.nav[0].nav_type == "HOME"
    assert any(item.cards for item in menu.nav)  # built from the vendors, not the old raw
