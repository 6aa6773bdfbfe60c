"""The catalogue's values on the wire (issue 33): the game list's JSON keeps the spec's keys
whatever shape the service hands the API."""

from __future__ import annotations

import re
from collections.abc import Callable

from app.client import PlatformClient

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
