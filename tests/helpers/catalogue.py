"""Game entries for the tests of what the pages make of the catalogue's lists."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from app.services.catalogue.index import GameEntry

# An in-house slot of the studio; `entry(...)` changes what a test is about.
ENTRY = GameEntry(
    node_id=7,
    node_name="Jungle Reels",
    game_name="Jungle Reels",
    game_code="BGS_SLOT_JUNGLE",
    game_type="INHOUSE",
    vassalage="BGS",
    display_name="BGS",
    show_icon="x.png",
    icon_url="/img/x.png",
    is_game="GAME",
    support_play=0,
    is_top=False,
    game_category="CASINO",
    game_classify="SLOT",
    sub_category=None,
    tags=(),
    rtp=None,
    popularity=0,
    release_date=date(2024, 1, 1),
    maintenance=False,
)


def entry(**changes: Any) -> GameEntry:
    return replace(ENTRY, **changes)
