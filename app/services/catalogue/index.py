"""The game list index: every game's list entry in process memory, bucketed by type,
sub-category, hot and vendor, each bucket in every sort order. Paging, name search and totals
run without a database round trip.

Like the brand snapshots, each process keeps its own copy. A generation token in the cache
ties them together: `invalidate_catalogue` drops it, every process sees a new one on its next
call and reloads. An index older than the cache TTL is reloaded in the background.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import col, select

from app.core.cache import get_redis
from app.core.db import session_scope
from app.services.catalogue import rules
from app.services.catalogue.navigation import (
    categories_from_vendors,
    prize_mode,
    split_cockfight,
    vendor_cards,
)
from models import Game, GameVendor
from models.catalogue import VASSALAGE

CACHE_PREFIX = "catalogue:"  # every cached catalogue value, dropped by invalidate_catalogue
GENERATION_KEY = f"{CACHE_PREFIX}generation"
MAX_AGE_SECONDS = 60
ALL, TYPE, SUB, HOT, VENDOR = "all", "type", "sub", "hot", "vendor"


def entry_without_icon(game: Game, vendors_down: Iterable[str]) -> dict[str, Any]:
    """A game entry (spec 3) as JSON, but for the brand's icon URL; a vendor in maintenance
    puts its games in maintenance."""
    return {
        "nodeId": game.id,
        "nodeName": game.node_name,
        "gameName": game.game_name,
        "gameCode": game.game_code,
        "gameType": game.game_type,
        "vassalage": game.vassalage,
        "displayName": game.display_name,
        "showIcon": game.show_icon,
        "isGame": game.is_game,
        "supportPlay": game.support_play,
        "isTop": game.is_top,
        "gameCategory": game.game_category,
        "gameClassify": game.game_classify,
        "subCategory": game.sub_category,
        "tags": list(game.tags),
        "rtp": None if game.rtp is None else f"{game.rtp:.2f}",
        "popularity": game.popularity,
        "releaseDate": game.released_on.isoformat(),
        "maintenance": game.maintenance or game.vassalage in vendors_down,
    }


def with_icon(entry: dict[str, Any], image_base: str) -> dict[str, Any]:
    """The entry with its icon under the brand's image base (or the default icon)."""
    return {**entry, "iconUrl": rules.image_url(image_base, entry["showIcon"])}


def game_entry(game: Game, image_base: str, vendors_down: Iterable[str]) -> dict[str, Any]:
    return with_icon(entry_without_icon(game, vendors_down), image_base)


@dataclass(frozen=True)
class Item:
    entry: dict[str, Any]
    search_name: str
    game_type: str
    sub_category: str | None
    is_top: bool


class Bucket:
    """Items in one sort order, and their search names joined into one string, so that a
    name search is a few `str.find` calls rather than a loop over every item."""

    def __init__(self, items: list[Item]) -> None:
        self.items = items
        self.starts: list[int] = []
        offset = 0
        for item in items:
            self.starts.append(offset)
            offset += len(item.search_name) + 1
        self.haystack = "\n".join(item.search_name for item in items)

    def search(self, needle: str) -> list[Item]:
        """The items whose folded name contains the folded needle (never a line break)."""
        found: list[Item] = []
        position = self.haystack.find(needle)
        while position != -1:
            index = bisect_right(self.starts, position) - 1
            found.append(self.items[index])
            item_end = self.starts[index] + len(self.items[index].search_name)
            position = self.haystack.find(needle, item_end + 1)
        return found


EMPTY = Bucket([])


@dataclass
class GameIndex:
    generation: str | None
    loaded_at: float
    vendors: frozenset[str]
    prize_mode: str
    # (bucket kind, code) → sort → bucket in that order
    buckets: dict[tuple[str, str], dict[str, Bucket]] = field(default_factory=dict)

    def bucket(self, kind: str, code: str, sort: str) -> Bucket:
        return self.buckets.get((kind, code), {}).get(sort, EMPTY)


_SORT_KEYS = {
    "popular": lambda i: (-i.entry["popularity"], -i.entry["nodeId"]),
    "new": lambda i: (_negated_date(i.entry["releaseDate"]), -i.entry["nodeId"]),
    "name": lambda i: (i.search_name, i.entry["nodeId"]),
}


def _negated_date(iso: str) -> int:
    return -int(iso.replace("-", ""))


def _index(games: list[Game], vendors: list[GameVendor], generation: str | None) -> GameIndex:
    down = {v.vassalage for v in vendors if v.maintenance}
    popup = {v.vassalage for v in vendors if v.is_game == VASSALAGE}
    groups: dict[tuple[str, str], list[Item]] = {}
    for game in games:
        item = Item(
            entry=entry_without_icon(game, down),
            search_name=game.search_name,
            game_type=game.game_type,
            sub_category=game.sub_category,
            is_top=game.is_top,
        )
        if game.is_game != VASSALAGE:
            groups.setdefault((VENDOR, game.vassalage), []).append(item)
        if game.vassalage in popup and game.is_game != VASSALAGE:
            continue  # a popup vendor's games are listed in its popup only
        keys = [(ALL, ""), (TYPE, game.game_type)]
        if game.sub_category:
            keys.append((SUB, game.sub_category))
        if game.is_top:
            keys.append((HOT, ""))
        for key in keys:
            groups.setdefault(key, []).append(item)
    cards = vendor_cards(v.model_dump() for v in vendors)
    return GameIndex(
        generation=generation,
        loaded_at=time.monotonic(),
        vendors=frozenset(v.vassalage for v in vendors),
        prize_mode=prize_mode(split_cockfight(categories_from_vendors(cards))),
        buckets={
            key: {sort: Bucket(sorted(items, key=order)) for sort, order in _SORT_KEYS.items()}
            for key, items in groups.items()
        },
    )


async def _generation() -> str:
    """The cache's catalogue generation, made anew after an invalidation."""
    redis = get_redis()
    current = await redis.get(GENERATION_KEY)
    if current is None:
        await redis.set(GENERATION_KEY, secrets.token_hex(8), nx=True)
        current = await redis.get(GENERATION_KEY)
    return str(current)


class IndexRegistry:
    """This process's game index: reloaded at once for a new generation, in the background
    when it is older than a minute."""

    def __init__(self) -> None:
        self._index: GameIndex | None = None
        self._lock = asyncio.Lock()
        self._refreshing: asyncio.Task[GameIndex] | None = None

    def invalidate(self) -> None:
        self._index = None

    async def _load(self, generation: str | None) -> GameIndex:
        async with session_scope() as session:
            vendors = list(
                (
                    await session.exec(
                        select(GameVendor).order_by(col(GameVendor.sort), col(GameVendor.vassalage))
                    )
                ).all()
            )
            games = list((await session.exec(select(Game))).all())
        index = _index(games, vendors, generation)
        self._index = index
        return index

    async def current(self) -> GameIndex:
        generation = await _generation()
        index = self._index
        if index is None or index.generation != generation:
            async with self._lock:
                index = self._index
                if index is None or index.generation != generation:
                    index = await self._load(generation)
            return index
        if time.monotonic() - index.loaded_at > MAX_AGE_SECONDS and (
            self._refreshing is None or self._refreshing.done()
        ):
            self._refreshing = asyncio.create_task(self._load(generation))
        return index


game_index = IndexRegistry()
