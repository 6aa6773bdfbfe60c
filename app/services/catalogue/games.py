"""Game lists: a page of a type or vendor (with name search and sort), hot and popular games,
a vendor's game types and the PvP rooms derived from its games."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import ColumnElement, func, or_
from sqlalchemy.orm import Mapped
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import studio_game_name, translate
from app.core.text import fold_name
from app.services.brands import Brand
from app.services.catalogue import rules
from app.services.catalogue.index import (
    ALL,
    HOT,
    SUB,
    TYPE,
    VENDOR,
    GameEntry,
    GameIndex,
    Item,
    Listing,
    game_entry,
    game_index,
    shown,
    with_icon,
)
from app.services.catalogue.lobby import (
    RawCatalogue,
    cached,
    popup_vendors,
    raw_catalogue,
    vendor_maintenance,
)
from app.services.jurisdiction import profile_of
from app.services.lottery import entries as lottery_entries
from models import Game
from models.catalogue import VASSALAGE

PAGE_SIZE = 50  # spec 9
MAX_PAGE_SIZE = 50
HOT_LIMIT = 20
POPULAR_LIMIT = 12  # spec 9, home recommended list
MAX_POPULAR_LIMIT = 50
SORTS = ("popular", "new", "name")
SEARCH_MAX_LENGTH = 60  # what a name search looks for, at most (a list's box, the API's name)
SEARCH_LIMIT = 24  # the site-wide search's cards: a few rows; typing more narrows them

# PvP room levels: (level, minimum bet, minimum balance to sit down).
ROOM_LEVELS = (
    ("NOVICE", Decimal("0.10"), Decimal("10.00")),
    ("STANDARD", Decimal("1.00"), Decimal("100.00")),
    ("EXPERT", Decimal("10.00"), Decimal("1000.00")),
    ("VIP", Decimal("100.00"), Decimal("10000.00")),
)
SEATS = {"POKER": 6, "MAHJONG": 4, "DOMINO": 4, "BOARD": 4}
DEFAULT_SEATS = 5


@dataclass(frozen=True)
class RoomLevel:
    level: str
    min_bet: Decimal
    min_balance: Decimal


def room_level(level: str) -> RoomLevel:
    """One PvP room level of ROOM_LEVELS; pvp-room-unknown for any other."""
    for code, min_bet, min_balance in ROOM_LEVELS:
        if code == level:
            return RoomLevel(code, min_bet, min_balance)
    raise AppError("pvp-room-unknown", 404)


@dataclass(frozen=True)
class GameQuery:
    """A game list request (GCSGAME_gameList)."""

    game_type: str | None = None
    vassalage: str | None = None
    name: str | None = None
    sort: str = "popular"
    page_no: int = 1
    page_size: int = PAGE_SIZE
    prize_mode: str | None = None


@dataclass(frozen=True)
class GamePage:
    """A page of a game list; `total` counts every game matching, whatever the page."""

    content: list[GameEntry]
    total: int
    page_no: int
    page_size: int
    total_pages: int
    prize_mode: str  # the query's, else the navigation's


@dataclass(frozen=True)
class SearchResult:
    """The site-wide search's answer: what it looked for, the first games found, how many."""

    text: str
    games: list[GameEntry]
    total: int


@dataclass(frozen=True)
class VendorGameType:
    """A game type of a vendor's games and how many it has (a tab of its popup list)."""

    vassalage: str
    game_type: str
    count: int


@dataclass(frozen=True)
class PvpRoom:
    """One PvP game at one room level."""

    room_id: str
    node_id: int
    game_code: str
    game_name: str
    vassalage: str
    level: str
    level_name: str
    min_bet: Decimal
    min_balance: Decimal
    max_seats: int
    maintenance: bool


def _listed(raw: RawCatalogue) -> list[ColumnElement[bool]]:
    """Type lists show a popup vendor's tile, not its games (they are in its popup)."""
    popup = popup_vendors(raw)
    if not popup:
        return []
    return [or_(col(Game.is_game) == VASSALAGE, col(Game.vassalage).not_in(popup))]


def _not_bingo() -> ColumnElement[bool]:
    return or_(col(Game.sub_category).is_(None), col(Game.sub_category) != rules.BINGO)


def _no_animal_fights() -> list[ColumnElement[bool]]:
    """`rules.offered` where animal fights are forbidden, as conditions on the game table."""
    return [
        col(Game.vassalage).not_in(sorted(rules.COCKFIGHT_VENDORS)),
        col(Game.game_type) != rules.COCKFIGHT,
    ]


def offered_here(brand: Brand) -> list[ColumnElement[bool]]:
    """`rules.offered` for the brand's market, as conditions on the game table (none where
    its market allows animal fights): a member's own lists (favourites, recent games) keep
    to what the lobby lists."""
    return [] if profile_of(brand).animal_fights else _no_animal_fights()


def _vendor(raw: RawCatalogue, vassalage: str) -> str:
    code = vassalage.strip().upper()
    if code not in {v["vassalage"] for v in raw.vendors}:
        raise AppError("game-vendor-unknown", status=422, params={"vassalage": vassalage})
    return code


def _check(query: GameQuery) -> None:
    if query.page_size > MAX_PAGE_SIZE:
        raise AppError("game-page-size-too-large", status=422, params={"max": MAX_PAGE_SIZE})
    if query.sort not in SORTS:
        raise AppError("game-sort-unknown", status=422, params={"sort": query.sort})
    if query.prize_mode is not None and query.prize_mode not in rules.PRIZE_MODES:
        raise AppError("prize-mode-unknown", status=422, params={"prize_mode": query.prize_mode})


def _matches(
    index: GameIndex, found: rules.ListFilter, query: GameQuery, brand: Brand
) -> list[Item]:
    """The games a query lists on a brand, in its sort order, name search included."""
    listing = Listing(
        tagalog=brand.supports_tagalog,
        unplayable=lottery_entries.unplayable(brand.currency),
        animal_fights=profile_of(brand).animal_fights,
    )
    needle = fold_name(query.name or "")
    if query.vassalage:
        code = query.vassalage.strip().upper()
        if code not in index.vendors:
            raise AppError("game-vendor-unknown", status=422, params={"vassalage": query.vassalage})
        return [
            item
            for item in index.bucket(VENDOR, code, query.sort).items
            if (found.game_type is None or item.game_type == found.game_type)
            and (found.sub_category is None or item.sub_category == found.sub_category)
            and (not found.hot or item.is_top)
            and needle in item.search_name
            and shown(item, listing)
        ]
    if found.game_type:
        bucket = index.bucket(TYPE, found.game_type, query.sort)
    elif found.sub_category:
        bucket = index.bucket(SUB, found.sub_category, query.sort)
    else:
        bucket = index.bucket(HOT if found.hot else ALL, "", query.sort)
    if not needle:
        return bucket.offered(listing)
    return [item for item in bucket.search(needle) if shown(item, listing)]


async def game_page(brand: Brand, query: GameQuery) -> GamePage:
    """A page of games; a page beyond the end is empty and still tells the real total.
    Served from the in-memory game index (see `index`)."""
    _check(query)
    found = rules.list_filter(query.game_type, brand.supports_tagalog)
    index = await game_index.current()
    items = _matches(index, found, query, brand)
    start = (query.page_no - 1) * query.page_size
    page = items[start : start + query.page_size]
    return GamePage(
        content=[with_icon(item.entry, brand.image_host()) for item in page],
        total=len(items),
        page_no=query.page_no,
        page_size=query.page_size,
        total_pages=math.ceil(len(items) / query.page_size),
        prize_mode=query.prize_mode or index.prize_mode,
    )


def shown_name(vassalage: str, game_code: str, name: str, language: str) -> str:
    """A game's name as the lobby shows it, in the reader's language: the in-house studio's
    and the lottery engine's games have theirs in the catalog (the catalogue keeps one name);
    a vendor's game keeps the vendor's name."""
    lottery = lottery_entries.entry_of(vassalage, game_code)
    if lottery is not None:
        return lottery_entries.name(lottery, language)
    return studio_game_name(game_code, language) or name


async def names_of(
    played: Collection[tuple[str, str]], language: str
) -> dict[tuple[str, str], str]:
    """The lobby's names of these games, by (vendor, game code), read in one query (an
    account record's rounds and lottery bets); a game the catalogue does not hold is left
    out, unless it is one of the studio's or the lottery engine's, whose names are in the
    catalog."""
    wanted = set(played)
    if not wanted:
        return {}
    codes = sorted({code for _, code in wanted})
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Game.vassalage, Game.game_code, Game.game_name).where(
                    col(Game.game_code).in_(codes)
                )
            )
        ).all()
    found = {
        (vendor, code): shown_name(vendor, code, name, language)
        for vendor, code, name in rows
        if (vendor, code) in wanted
    }
    for vendor, code in wanted - found.keys():
        lottery = lottery_entries.entry_of(vendor, code)
        known = (
            lottery_entries.name(lottery, language)
            if lottery is not None
            else studio_game_name(code, language)
        )
        if known is not None:
            found[(vendor, code)] = known
    return found


def type_offered(brand: Brand, game_type: str) -> bool:
    """Whether the brand's market allows a list of this game type at all (a cockfight list
    only where animal fights are allowed): a page says so rather than list nothing."""
    return rules.offered(profile_of(brand).animal_fights, "", game_type.strip().upper())


def search_text(typed: str) -> str:
    """What a name search looks for: the typed text, trimmed, cut to SEARCH_MAX_LENGTH."""
    return " ".join(typed.split())[:SEARCH_MAX_LENGTH]


async def search(brand: Brand, typed: str, limit: int = SEARCH_LIMIT) -> SearchResult:
    """The site-wide game search (issue 35, the header's magnifier): the games of every
    category and vendor the lists show on the brand (the list of every game, searched by name
    as a list's box does: either language's name, market rules, maintenance marked); nothing
    before a name is typed."""
    text = search_text(typed)
    if not fold_name(text):
        return SearchResult(text, [], 0)
    found = await game_page(brand, GameQuery(name=text, page_size=limit))
    return SearchResult(text, found.content, found.total)


async def _top(
    brand: Brand, conditions: Sequence[ColumnElement[bool] | Mapped[bool]], limit: int
) -> list[GameEntry]:
    raw = await raw_catalogue()
    if not brand.supports_tagalog:
        conditions = [*conditions, _not_bingo()]
    if not profile_of(brand).animal_fights:
        conditions = [*conditions, *_no_animal_fights()]
    unplayable = lottery_entries.unplayable(brand.currency)
    if unplayable:  # lottery games the brand's market cannot play are not listed
        conditions = [
            *conditions,
            or_(
                col(Game.vassalage).not_in(list(lottery_entries.VENDOR_TYPES)),
                col(Game.game_code).not_in(sorted(unplayable)),
            ),
        ]
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game)
                .where(*conditions, *_listed(raw))
                .order_by(col(Game.popularity).desc(), col(Game.id).desc())
                .limit(limit)
            )
        ).all()
    return [game_entry(g, brand.image_host(), vendor_maintenance(raw)) for g in games]


async def hot_games(brand: Brand, language: str, refresh: bool = False) -> list[GameEntry]:
    """The hot-games row: the most popular games marked as top games."""

    async def load() -> list[GameEntry]:
        return await _top(brand, [col(Game.is_top)], HOT_LIMIT)

    # The currency decides which lottery games are listed (its market's RTP floor).
    key = f"hot:{brand.code}:{brand.currency}:{language}"
    return await cached(key, list[GameEntry], load, refresh)


async def popular_games(
    brand: Brand, language: str, game_type: str | None = None, limit: int = POPULAR_LIMIT
) -> list[GameEntry]:
    """The recommended list: the most popular games not marked top and not in maintenance,
    of one type or sub-category if given (spec 9: up to 12 on the home page)."""
    if limit > MAX_POPULAR_LIMIT:
        raise AppError("game-page-size-too-large", status=422, params={"max": MAX_POPULAR_LIMIT})
    found = rules.list_filter(game_type, brand.supports_tagalog)
    conditions = [~col(Game.is_top), ~col(Game.maintenance)]
    if found.game_type:
        conditions.append(col(Game.game_type) == found.game_type)
    if found.sub_category:
        conditions.append(col(Game.sub_category) == found.sub_category)

    async def load() -> list[GameEntry]:
        return await _top(brand, conditions, limit)

    key = (
        f"popular:{brand.code}:{brand.currency}:{language}:"
        f"{found.game_type or found.sub_category}:{limit}"
    )
    return await cached(key, list[GameEntry], load)


async def vass_game_types(vassalage: str) -> list[VendorGameType]:
    """The game types of a vendor's games, with how many it has of each (its popup's tabs)."""
    code = _vendor(await raw_catalogue(), vassalage)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Game.game_type, func.count())
                .where(col(Game.vassalage) == code, col(Game.is_game) != VASSALAGE)
                .group_by(col(Game.game_type))
                .order_by(col(Game.game_type))
            )
        ).all()
    return [VendorGameType(code, game_type, count) for game_type, count in rows]


async def pvp_rooms(vassalage: str, language: str) -> list[PvpRoom]:
    """The PvP rooms of a vendor: each of its PVP games at every room level."""
    code = _vendor(await raw_catalogue(), vassalage)
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game)
                .where(
                    col(Game.vassalage) == code,
                    col(Game.game_type) == rules.PVP,
                    col(Game.is_game) != VASSALAGE,
                )
                .order_by(col(Game.popularity).desc(), col(Game.id))
            )
        ).all()
    rooms: list[PvpRoom] = []
    for game in games:
        assert game.id is not None
        rooms += [
            PvpRoom(
                room_id=f"{game.id}-{level}",
                node_id=game.id,
                game_code=game.game_code,
                game_name=game.game_name,
                vassalage=game.vassalage,
                level=level,
                level_name=translate(f"games.room.{level}", language),
                min_bet=min_bet,
                min_balance=min_balance,
                max_seats=SEATS.get(game.game_classify, DEFAULT_SEATS),
                maintenance=game.maintenance,
            )
            for level, min_bet, min_balance in ROOM_LEVELS
        ]
    return rooms
