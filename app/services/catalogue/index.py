"""The game list index: every game's list entry in process memory, bucketed by type,
sub-category, hot and vendor, each bucket in every sort order. Paging, name search and totals
run without a database round trip.

Like the brand snapshots, each process keeps its own copy. A generation token in the cache
ties them together: `invalidate_catalogue` drops it, and every process sees a new one within
a second (it checks at most once a second) and reloads. An index older than ten minutes is
reloaded in the background, in case the catalogue changed without an invalidation. Building
it takes a few hundred milliseconds of CPU, so it runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from bisect import bisect_right
from collections import defaultdict, namedtuple
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from itertools import accumulate
from typing import Any

from sqlalchemy import Table
from sqlalchemy import select as core_select
from sqlmodel import col, select

from app.core.cache import get_redis
from app.core.db import session_scope
from app.core.i18n import UI_LANGUAGES, studio_game_name
from app.core.i18n.formatting import quantize
from app.core.text import fold_name
from app.services.catalogue import rules
from app.services.catalogue.navigation import (
    categories_from_vendors,
    prize_mode,
    split_cockfight,
    vendor_cards,
)
from app.services.lottery import entries as lottery_entries
from models import Game, GameVendor
from models.catalogue import VASSALAGE

CACHE_PREFIX = "catalogue:"  # every cached catalogue value, dropped by invalidate_catalogue
GENERATION_KEY = f"{CACHE_PREFIX}generation"
_GAMES: Table = Game.__table__  # type: ignore[attr-defined]
# Rows of the game table as plain named tuples: SQLAlchemy rows are slow to read by name.
GameRow = namedtuple("GameRow", list(_GAMES.columns.keys()))  # type: ignore[misc]
MAX_AGE_SECONDS = 600  # a safety net: operator changes reload at once (invalidate_catalogue)
GENERATION_CHECK_SECONDS = 1.0  # how long another process may serve an invalidated index
ALL, TYPE, SUB, HOT, VENDOR = "all", "type", "sub", "hot", "vendor"


@dataclass(frozen=True)
class GameEntry:
    """A game entry (spec 3). The API writes it under the spec's camelCase names."""

    node_id: int
    node_name: str
    game_name: str
    game_code: str
    game_type: str
    vassalage: str
    display_name: str
    show_icon: str | None
    icon_url: str  # under the brand's image base: empty until `with_icon`
    is_game: str
    support_play: int
    is_top: bool
    game_category: str
    game_classify: str
    sub_category: str | None
    tags: tuple[str, ...]
    rtp: Decimal | None
    popularity: int
    release_date: date
    maintenance: bool
    # A lottery entry (one of the lottery engine's games) only: its group and the tag from it.
    game_group_code: str | None = None
    tag: str | None = None


def entry_without_icon(game: Any, vendors_down: Iterable[str]) -> GameEntry:
    """A game's entry, but for the brand's icon URL, from a Game or a GameRow; a vendor in
    maintenance puts its games in maintenance."""
    lottery = lottery_entries.entry_of(game.vassalage, game.game_code)
    group = None if lottery is None else lottery_entries.group_code(lottery)
    return GameEntry(
        node_id=game.id,
        node_name=game.node_name,
        game_name=game.game_name,
        game_code=game.game_code,
        game_type=game.game_type,
        vassalage=game.vassalage,
        display_name=game.display_name,
        show_icon=game.show_icon,
        icon_url="",
        is_game=game.is_game,
        support_play=game.support_play,
        is_top=game.is_top,
        game_category=game.game_category,
        game_classify=game.game_classify,
        sub_category=game.sub_category,
        tags=tuple(game.tags),
        rtp=None if game.rtp is None else quantize(game.rtp),
        popularity=game.popularity,
        release_date=game.released_on,
        maintenance=game.maintenance or game.vassalage in vendors_down,
        game_group_code=group,
        tag=None if group is None else lottery_entries.tag(group),
    )


def with_icon(entry: GameEntry, image_base: str) -> GameEntry:
    """The entry with its icon under the brand's image base (or the default icon)."""
    return replace(entry, icon_url=rules.image_url(image_base, entry.show_icon))


def game_entry(game: Game, image_base: str, vendors_down: Iterable[str]) -> GameEntry:
    return with_icon(entry_without_icon(game, vendors_down), image_base)


@dataclass(frozen=True)
class Item:
    entry: GameEntry
    search_name: str
    game_type: str
    sub_category: str | None
    is_top: bool
    lottery_code: str = ""  # the lottery engine's game this entry is, if it is one


@dataclass(frozen=True)
class Listing:
    """What a kind of brand lists: bingo only with Tagalog, a lottery game only where its
    market can play it (`unplayable`: lottery_entries.unplayable), animal fights only where
    its market allows them (its jurisdiction profile)."""

    tagalog: bool
    unplayable: frozenset[str]
    animal_fights: bool


def shown(item: Item, listing: Listing) -> bool:
    """Is the item listed on a brand of this kind (see `Listing`)."""
    return (
        rules.shown_sub_category(item.sub_category, listing.tagalog)
        and item.lottery_code not in listing.unplayable
        and rules.offered(listing.animal_fights, item.entry.vassalage, item.game_type)
    )


class Bucket:
    """Items in one sort order, and their search names joined into one string, so that a
    name search is a few `str.find` calls rather than a loop over every item."""

    def __init__(self, items: list[Item]) -> None:
        names = [item.search_name for item in items]
        self.items = items
        self.starts = list(accumulate((len(name) + 1 for name in names), initial=0))
        self.haystack = "\n".join(names)
        self._offered: dict[Listing, list[Item]] = {}

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

    def offered(self, listing: Listing) -> list[Item]:
        """The items on offer on a brand (see `shown`), worked out once per kind of brand."""
        found = self._offered.get(listing)
        if found is None:
            found = [item for item in self.items if shown(item, listing)]
            self._offered[listing] = found
        return found


EMPTY = Bucket([])


@dataclass
class GameIndex:
    generation: str
    loaded_at: float
    vendors: frozenset[str]
    prize_mode: str
    # (bucket kind, code) → sort → bucket in that order
    buckets: dict[tuple[str, str], dict[str, Bucket]]

    def bucket(self, kind: str, code: str, sort: str) -> Bucket:
        return self.buckets.get((kind, code), {}).get(sort, EMPTY)


# Sort orders: the sort key of a game row, and whether it is descending.
_ORDERS: dict[str, tuple[Callable[[Any], Any], bool]] = {
    "popular": (lambda game: (game.popularity, game.id), True),
    "new": (lambda game: (game.released_on, game.id), True),
    "name": (lambda game: (game.search_name, game.id), False),
}


def _bucket_keys(game: Any, popup: set[str]) -> list[tuple[str, str]]:
    """The buckets a game is listed in."""
    keys = [] if game.is_game == VASSALAGE else [(VENDOR, game.vassalage)]
    if game.vassalage in popup and game.is_game != VASSALAGE:
        return keys  # a popup vendor's games are listed in its popup only
    keys += [(ALL, ""), (TYPE, game.game_type)]
    if game.sub_category:
        keys.append((SUB, game.sub_category))
    if game.is_top:
        keys.append((HOT, ""))
    return keys


def searchable_name(game: Any) -> str:
    """What a name search looks in: the catalogue's name and, for an in-house or a lottery
    game, its name in every language of the catalog (a card shows it in the reader's,
    state/catalogue/cards.py)."""
    lottery = lottery_entries.entry_of(game.vassalage, game.game_code)
    if lottery is not None:
        translated = [fold_name(name) for name in lottery_entries.names(lottery)]
    elif studio_game_name(game.game_code, None) is not None:
        translated = [
            fold_name(studio_game_name(game.game_code, lang) or "") for lang in UI_LANGUAGES
        ]
    else:
        return str(game.search_name)
    return " ".join(sorted({game.search_name, *translated}))


def _index(games: list[Any], vendors: list[GameVendor], generation: str) -> GameIndex:
    """Build the index from game rows (pure; it runs in a worker thread)."""
    down = {v.vassalage for v in vendors if v.maintenance}
    popup = {v.vassalage for v in vendors if v.is_game == VASSALAGE}
    listed = [
        (
            game,
            _bucket_keys(game, popup),
            Item(
                entry=entry_without_icon(game, down),
                search_name=searchable_name(game),
                game_type=game.game_type,
                sub_category=game.sub_category,
                is_top=game.is_top,
                lottery_code=(
                    game.game_code
                    if lottery_entries.entry_of(game.vassalage, game.game_code)
                    else ""
                ),
            ),
        )
        for game in games
    ]
    buckets: dict[tuple[str, str], dict[str, Bucket]] = {}
    for sort, (order, descending) in _ORDERS.items():  # one sort per order
        grouped: dict[tuple[str, str], list[Item]] = defaultdict(list)
        for _game, keys, item in sorted(listed, key=lambda row: order(row[0]), reverse=descending):
            for key in keys:
                grouped[key].append(item)
        for key, items in grouped.items():
            buckets.setdefault(key, {})[sort] = Bucket(items)
    cards = vendor_cards(v.model_dump() for v in vendors)
    return GameIndex(
        generation=generation,
        loaded_at=time.monotonic(),
        vendors=frozenset(v.vassalage for v in vendors),
        prize_mode=prize_mode(split_cockfight(categories_from_vendors(cards))),
        buckets=buckets,
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
    """This process's game index: reloaded when the generation changed (checked at most once a
    second), in the background when it is older than MAX_AGE_SECONDS."""

    def __init__(self) -> None:
        self._index: GameIndex | None = None
        self._lock = asyncio.Lock()
        self._refreshing: asyncio.Task[GameIndex] | None = None
        self._checked_at = 0.0

    def invalidate(self) -> None:
        self._index = None

    async def _load(self, generation: str) -> GameIndex:
        async with session_scope() as session:
            vendors = list(
                (
                    await session.exec(
                        select(GameVendor).order_by(col(GameVendor.sort), col(GameVendor.vassalage))
                    )
                ).all()
            )
            connection = await session.connection()
            games = [GameRow(*row) for row in await connection.execute(core_select(_GAMES))]
        index = await asyncio.to_thread(_index, games, vendors, generation)
        self._index = index
        return index

    async def current(self) -> GameIndex:
        index = self._index
        now = time.monotonic()
        if index is not None and now - self._checked_at < GENERATION_CHECK_SECONDS:
            return index
        generation = await _generation()
        self._checked_at = now
        if index is None or index.generation != generation:
            async with self._lock:
                index = self._index
                if index is None or index.generation != generation:
                    index = await self._load(generation)
            return index
        if now - index.loaded_at > MAX_AGE_SECONDS and (
            self._refreshing is None or self._refreshing.done()
        ):
            self._refreshing = asyncio.create_task(self._load(generation))
        return index


game_index = IndexRegistry()
