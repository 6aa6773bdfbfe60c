"""A member's favourites (a toggle throttled to one action a second, spec 4 and 9) and the
games they played recently; both list only what the brand's market lets it offer (no
cockfight where animal fights are forbidden, `rules.offered`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Table, delete, func
from sqlmodel import col, select

from app.core import clock, rate_limit
from app.core.db import dialect_insert, session_scope, write_transaction
from app.core.errors import AppError
from app.services.accounts.members import require_real_account
from app.services.brands import Brand, brands
from app.services.catalogue import rules
from app.services.catalogue.games import offered_here
from app.services.catalogue.index import GameEntry, game_entry
from app.services.catalogue.lobby import raw_catalogue, vendor_maintenance
from app.services.catalogue.rules import LOTTERY_TYPES
from app.services.jurisdiction import profile_of
from models import FavoriteGame, Game, Member, RecentGame

_FAVORITES: Table = FavoriteGame.__table__  # type: ignore[attr-defined]
_RECENT: Table = RecentGame.__table__  # type: ignore[attr-defined]

FAVORITES_PAGE_SIZE = 13  # spec 9
THROTTLE_SECONDS = 1  # spec 9: the favourite toggle throttle is 1000 ms
RECENT_LIMIT = 20


@dataclass(frozen=True)
class FavoritePage:
    """A page of a member's favourite games (favGameList)."""

    content: list[GameEntry]
    node_id: list[int]  # the node ids of this page's games
    page_num: int
    page_size: int
    total: int
    total_pages: int


@dataclass(frozen=True)
class PlayedGame:
    """A game the member played lately: its entry, when they last played it and how often."""

    entry: GameEntry
    last_played_at: datetime
    play_count: int


async def _game(node_id: int, vendor: str, game_type: str) -> Game:
    """The game a favourite payload names; its node id, vendor and game type must all match."""
    async with session_scope() as session:
        game = await session.get(Game, node_id)
    if (
        game is None
        or game.vassalage != vendor.strip().upper()
        or game.game_type != game_type.strip().upper()
    ):
        raise AppError("favorite-game-not-found", status=404, params={"node_id": node_id})
    return game


async def _throttle(member_id: int) -> None:
    """One favourite action per second per member; a repeat is refused, not delayed."""
    if not await rate_limit.throttle(f"favorite:{member_id}", THROTTLE_SECONDS, clock.now()):
        raise AppError("favorite-too-fast", status=429)


async def favorite_ids(brand: Brand, member_id: int) -> list[int]:
    """The node ids of the member's favourites (favGameIds) the brand offers, newest first:
    as the favourites list (`favorite_page`), no cockfight favourited before on a market
    that forbids animal fights."""
    async with session_scope() as session:
        ids = (
            await session.exec(
                select(FavoriteGame.game_id)
                .join(Game, col(FavoriteGame.game_id) == Game.id)
                .where(FavoriteGame.member_id == member_id, *offered_here(brand))
                .order_by(col(FavoriteGame.created_at).desc(), col(FavoriteGame.id).desc())
            )
        ).all()
    return list(ids)


async def add_favorite(member: Member, node_id: int, vendor: str, game_type: str) -> list[int]:
    """Mark a game as favourite (again is fine); the favourite ids afterwards."""
    require_real_account(member)
    assert member.id is not None
    game = await _game(node_id, vendor, game_type)
    brand = await brands.by_id(member.merchant_id)
    if not rules.offered(profile_of(brand).animal_fights, game.vassalage, game.game_type):
        raise AppError("favorite-game-not-found", status=404, params={"node_id": node_id})
    if game.game_type in LOTTERY_TYPES:  # spec 2: lottery games have no favourite button
        raise AppError("favorite-not-allowed", status=422)
    await _throttle(member.id)
    async with write_transaction() as session:
        connection = await session.connection()
        await connection.execute(
            dialect_insert(connection, _FAVORITES)
            .values(member_id=member.id, game_id=game.id, created_at=clock.now())
            .on_conflict_do_nothing(index_elements=["member_id", "game_id"])
        )
    return await favorite_ids(brand, member.id)


async def remove_favorite(member: Member, node_id: int, vendor: str, game_type: str) -> list[int]:
    """Unmark a favourite (not a favourite is fine); the favourite ids afterwards."""
    require_real_account(member)
    assert member.id is not None
    game = await _game(node_id, vendor, game_type)
    await _throttle(member.id)
    async with write_transaction() as session:
        await (await session.connection()).execute(
            delete(_FAVORITES).where(
                _FAVORITES.c.member_id == member.id, _FAVORITES.c.game_id == game.id
            )
        )
    return await favorite_ids(await brands.by_id(member.merchant_id), member.id)


async def favorite_page(
    brand: Brand, member_id: int, page: int = 1, size: int = FAVORITES_PAGE_SIZE
) -> FavoritePage:
    """A page of the member's favourite games (favGameList) the brand offers, newest first."""
    raw = await raw_catalogue()
    offered = offered_here(brand)
    async with session_scope() as session:
        total = (
            await session.exec(
                select(func.count())
                .select_from(FavoriteGame)
                .join(Game, col(FavoriteGame.game_id) == Game.id)
                .where(FavoriteGame.member_id == member_id, *offered)
            )
        ).one()
        games = (
            await session.exec(
                select(Game)
                .join(FavoriteGame, col(FavoriteGame.game_id) == Game.id)
                .where(FavoriteGame.member_id == member_id, *offered)
                .order_by(col(FavoriteGame.created_at).desc(), col(FavoriteGame.id).desc())
                .limit(size)
                .offset((page - 1) * size)
            )
        ).all()
    down = vendor_maintenance(raw)
    host = brand.image_host()
    content = [game_entry(g, host, down) for g in games]
    return FavoritePage(
        content=content,
        node_id=[entry.node_id for entry in content],
        page_num=page,
        page_size=size,
        total=total,
        total_pages=math.ceil(total / size),
    )


async def record_play(member: Member, game: Game) -> None:
    """Note that the member just played the game (its place in the recent games)."""
    assert member.id is not None and game.id is not None
    now = clock.now()
    async with write_transaction() as session:
        connection = await session.connection()
        await connection.execute(
            dialect_insert(connection, _RECENT)
            .values(member_id=member.id, game_id=game.id, last_played_at=now)
            .on_conflict_do_update(
                index_elements=["member_id", "game_id"],
                set_={"last_played_at": now, "play_count": _RECENT.c.play_count + 1},
            )
        )


async def recent_games(brand: Brand, member_id: int) -> list[PlayedGame]:
    """The games the member played last that the brand offers, newest first."""
    raw = await raw_catalogue()
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Game, RecentGame)
                .join(RecentGame, col(RecentGame.game_id) == Game.id)
                .where(RecentGame.member_id == member_id, *offered_here(brand))
                .order_by(col(RecentGame.last_played_at).desc(), col(RecentGame.id).desc())
                .limit(RECENT_LIMIT)
            )
        ).all()
    down, host = vendor_maintenance(raw), brand.image_host()
    return [
        PlayedGame(game_entry(game, host, down), recent.last_played_at, recent.play_count)
        for game, recent in rows
    ]
