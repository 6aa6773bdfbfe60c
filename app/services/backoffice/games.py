"""The game catalogue in the console: vendors and games put in or out of maintenance, hot
games and their order (popularity sorts every list), and a vendor's game list imported from
its provider through the adapter (`import_games`). One catalogue serves every brand, so any
staff member with `games.view` may read it and only all-brand staff change it. Every change
is audited and drops the cached catalogue, so the lobby shows it at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, case, func
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.text import fold_name
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.catalogue import rules
from app.services.catalogue.lobby import invalidate_catalogue
from app.services.providers import registry
from app.services.providers.adapter import ImportedGame
from models import Game, GameVendor
from models.base import saved_id
from models.catalogue import GAME

PAGE_SIZE = 20
MAX_POPULARITY = 1_000_000


@dataclass(frozen=True)
class VendorRow:
    vassalage: str
    display_name: str
    wallet_mode: str
    maintenance: bool
    games: int
    games_in_maintenance: int


@dataclass(frozen=True)
class GameRow:
    id: int
    game_code: str
    name: str
    game_type: str
    hot: bool
    popularity: int
    maintenance: bool


@dataclass(frozen=True)
class GamePage:
    rows: tuple[GameRow, ...]
    total: int
    page: int


@dataclass(frozen=True)
class ImportResult:
    """What an import changed: games added, games whose listing changed, games the provider
    no longer lists (put in maintenance, never deleted: rounds and favourites name them), and
    listed games of a type the platform does not offer (left out)."""

    added: int
    updated: int
    retired: int
    skipped: int


def _row(game: Game) -> GameRow:
    return GameRow(
        saved_id(game.id),
        game.game_code,
        game.game_name,
        game.game_type,
        game.is_top,
        game.popularity,
        game.maintenance,
    )


async def vendors(staff: Staff, now: datetime) -> list[VendorRow]:
    await require(staff, "games.view", staff.merchant_id, now)
    async with session_scope() as session:
        counts = {
            vassalage: (int(total), int(down or 0))
            for vassalage, total, down in (
                await session.exec(
                    select(
                        Game.vassalage,
                        func.count(),
                        func.sum(case((col(Game.maintenance), 1), else_=0)),
                    )
                    .where(Game.is_game == GAME)
                    .group_by(col(Game.vassalage))
                )
            ).all()
        }
        rows = (
            await session.exec(
                select(GameVendor).order_by(col(GameVendor.sort), col(GameVendor.id))
            )
        ).all()
    return [
        VendorRow(
            row.vassalage,
            row.display_name,
            row.wallet_mode,
            row.maintenance,
            *counts.get(row.vassalage, (0, 0)),
        )
        for row in rows
    ]


async def games(staff: Staff, vassalage: str, search: str, page: int, now: datetime) -> GamePage:
    """A vendor's games, hot first then by popularity, a page at a time; `search` matches
    the name (accents and case aside) or the code."""
    await require(staff, "games.view", staff.merchant_id, now)
    if page < 1:
        raise AppError("games-invalid", 422, {"field": "page"})
    filters: list[ColumnElement[bool]] = [
        col(Game.vassalage) == vassalage,
        col(Game.is_game) == GAME,
    ]
    needle = fold_name(search.strip())[:60]
    if needle:
        filters.append(
            col(Game.search_name).contains(needle, autoescape=True)
            | col(Game.game_code).contains(search.strip(), autoescape=True)
        )
    async with session_scope() as session:
        total = (await session.exec(select(func.count()).select_from(Game).where(*filters))).one()
        found = (
            await session.exec(
                select(Game)
                .where(*filters)
                .order_by(col(Game.is_top).desc(), col(Game.popularity).desc(), col(Game.id))
                .offset((page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
    rows = tuple(_row(row) for row in found)
    return GamePage(rows, int(total), page)


async def set_vendor_maintenance(
    staff: Staff, vassalage: str, maintenance: bool, now: datetime
) -> None:
    """A vendor in maintenance: none of its games opens (the launch says so and suggests
    popular games of other vendors)."""
    await require(staff, "games.edit", None, now)
    async with write_transaction() as session:
        row = (
            await session.exec(
                select(GameVendor).where(GameVendor.vassalage == vassalage).with_for_update()
            )
        ).first()
        if row is None:
            raise AppError("games-unknown", 404)
        if row.maintenance == maintenance:
            return
        row.maintenance = maintenance
        session.add(row)
        await audit.append(
            session, staff.actor, "games.vendor.maintenance", now=now,
            target=f"vendor:{vassalage}", detail={"maintenance": maintenance},
        )  # fmt: skip
    await invalidate_catalogue()


async def update_game(
    staff: Staff, game_id: int, *, maintenance: bool, hot: bool, popularity: int, now: datetime
) -> GameRow:
    """One game's maintenance, hot flag and order (higher popularity lists first)."""
    await require(staff, "games.edit", None, now)
    if not 0 <= popularity <= MAX_POPULARITY:
        raise AppError("games-invalid", 422, {"field": "popularity"})
    async with write_transaction() as session:
        row = await session.get(Game, game_id, with_for_update=True)
        if row is None or row.is_game != GAME:
            raise AppError("games-unknown", 404)
        before = {"maintenance": row.maintenance, "hot": row.is_top, "popularity": row.popularity}
        after = {"maintenance": maintenance, "hot": hot, "popularity": popularity}
        if before != after:
            row.maintenance, row.is_top, row.popularity = maintenance, hot, popularity
            session.add(row)
            await audit.append(
                session, staff.actor, "games.game.update", now=now,
                target=f"game:{row.vassalage}/{row.game_code}",
                detail={"before": before, "after": after},
            )  # fmt: skip
        shown = _row(row)
    if before != after:
        await invalidate_catalogue()
    return shown


def _listing_changes(row: Game, listed: ImportedGame) -> dict[str, object]:
    """The fields of a stored game that the provider's listing changes."""
    wanted: dict[str, object] = {
        "game_name": listed.name[:120],
        "node_name": listed.name[:120],
        "search_name": fold_name(listed.name)[:120],
        "game_classify": listed.classify[:32],
        "support_play": listed.support_play,
        "rtp": listed.rtp,
    }
    return {name: value for name, value in wanted.items() if getattr(row, name) != value}


def _new_game(vendor: GameVendor, listed: ImportedGame, now: datetime) -> Game:
    return Game(
        vassalage=vendor.vassalage,
        game_code=listed.game_code,
        node_name=listed.name[:120],
        game_name=listed.name[:120],
        search_name=fold_name(listed.name)[:120],
        game_type=listed.game_type,
        display_name=vendor.display_name,
        show_icon=rules.game_icon(vendor.vassalage, listed.game_code),
        support_play=listed.support_play,
        game_category=rules.FAMILY_OF_TYPE[listed.game_type],
        game_classify=listed.classify[:32],
        rtp=listed.rtp,
        released_on=now.date(),
    )


def _valid(listed: ImportedGame) -> bool:
    return (
        listed.game_type in rules.FAMILY_OF_TYPE
        and 0 < len(listed.game_code) <= 64
        and bool(listed.name.strip())
        and listed.support_play in (0, 1)
        and (listed.rtp is None or Decimal("0") < listed.rtp < Decimal("1000"))
    )


async def import_vendor_games(staff: Staff, vassalage: str, now: datetime) -> ImportResult:
    """Bring the vendor's games in line with its provider's list, in one transaction: new
    games added (not hot, at the end of the order), changed names, genres, demo flags and
    RTPs written, games no longer listed put in maintenance. A provider that cannot be
    reached, or that lists nothing, changes nothing (provider-unreachable, games-import-empty)."""
    await require(staff, "games.edit", None, now)
    config = await registry.provider_config(vassalage)
    if config is None:
        raise AppError("games-not-integrated", 409)
    listed = await registry.adapter_for(config).import_games()
    if not listed:  # an empty list (or a co-hosted studio's) would retire every game
        raise AppError("games-import-empty", 409)
    accepted = {game.game_code: game for game in listed if _valid(game)}
    added = updated = retired = 0
    async with write_transaction() as session:
        vendor = (
            await session.exec(
                select(GameVendor).where(GameVendor.vassalage == vassalage).with_for_update()
            )
        ).one()
        stored = {
            row.game_code: row
            for row in (
                await session.exec(
                    select(Game).where(Game.vassalage == vassalage, Game.is_game == GAME)
                )
            ).all()
        }
        for code, game in accepted.items():
            row = stored.get(code)
            if row is None:
                session.add(_new_game(vendor, game, now))
                added += 1
                continue
            changes = _listing_changes(row, game)
            if changes:
                for name, value in changes.items():
                    setattr(row, name, value)
                session.add(row)
                updated += 1
        for code, row in stored.items():
            if code not in accepted and not row.maintenance:
                row.maintenance = True
                session.add(row)
                retired += 1
        result = ImportResult(added, updated, retired, len(listed) - len(accepted))
        await audit.append(
            session, staff.actor, "games.import", now=now, target=f"vendor:{vassalage}",
            detail={"listed": len(listed), **result.__dict__},
        )  # fmt: skip
    await invalidate_catalogue()
    return result
