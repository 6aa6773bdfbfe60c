"""A game card's name is in the reader's language: the in-house studio's games have their
names in the catalog; a vendor's game keeps the name its vendor gave it."""

from __future__ import annotations

from typing import Any

from state.cards import card

ENTRY: dict[str, Any] = {
    "nodeId": 7,
    "gameName": "Jungle Reels",
    "gameCode": "BGS_SLOT_JUNGLE",
    "vassalage": "BGS",
    "displayName": "BGS",
    "gameType": "INHOUSE",
    "iconUrl": "/img/x.png",
    "supportPlay": 0,
    "maintenance": False,
    "isGame": "GAME",
}


def test_an_in_house_game_is_named_in_the_readers_language() -> None:
    assert card(ENTRY, "pt").name == "Rolos da Selva"
    assert card(ENTRY, "en").name == "Jungle Reels"


def test_a_vendors_game_keeps_its_vendors_name() -> None:
    vendor_game = {**ENTRY, "gameName": "Fortune Tiger", "gameCode": "PG_126", "vassalage": "PG"}
    assert card(vendor_game, "pt").name == "Fortune Tiger"
