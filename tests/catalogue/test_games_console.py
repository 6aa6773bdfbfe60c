"""The console's game catalogue on a real database: a provider import (through the adapter,
over HTTP to the bundled simulator) brings a vendor's games in line with its list; maintenance,
hot flag and order are written, audited and refused when wrong, with nothing changed."""

from __future__ import annotations

import httpx
import pytest
from sqlmodel import col, delete, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import games
from app.services.backoffice.permissions import ALL
from app.services.providers import registry
from models import AuditEntry, Game, GameVendor
from models.base import utcnow
from tests.helpers.api import platform_api
from tests.helpers.backoffice import make_staff, role_with
from tests.helpers.simulator import simulator_app

VENDOR = "PG"


async def _game(game_id: int) -> Game:
    async with session_scope() as session:
        found = await session.get(Game, game_id)
    assert found is not None
    return found


async def _actions(target_prefix: str) -> list[str]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AuditEntry)
                .where(col(AuditEntry.target).startswith(target_prefix))
                .order_by(col(AuditEntry.seq))
            )
        ).all()
    return [row.action for row in rows]


async def _import(staff: games.Staff) -> games.ImportResult:
    registry.use_transport(httpx.ASGITransport(app=simulator_app(platform_api())))
    try:
        return await games.import_vendor_games(staff, VENDOR, utcnow())
    finally:
        registry.use_transport(None)


async def test_an_import_brings_the_vendors_games_in_line_with_the_providers_list() -> None:
    admin = await make_staff(await role_with(ALL), None)
    async with write_transaction() as session:
        first, second = (
            await session.exec(
                select(Game)
                .where(Game.vassalage == VENDOR, Game.is_game == "GAME")
                .order_by(col(Game.id).desc())
                .limit(2)
            )
        ).all()
        listed_code, was_down = first.game_code, first.maintenance
        renamed_id, renamed_name = second.id, second.game_name
        # One game's code is no longer the provider's (as if the provider dropped it and
        # listed a new one), another's name went stale.
        first.game_code = "gone-from-the-list"
        second.game_name = "A stale name"
        session.add_all([first, second])
        gone_id = first.id
    assert gone_id is not None and renamed_id is not None
    imports_before = (await _actions(f"vendor:{VENDOR}")).count("games.import")
    added_id: int | None = None
    try:
        result = await _import(admin)
        assert (result.added, result.updated, result.retired, result.skipped) == (1, 1, 1, 0)
        assert (await _game(renamed_id)).game_name == renamed_name
        assert (await _game(gone_id)).maintenance  # kept (rounds name it), never offered
        async with session_scope() as session:
            added = (
                await session.exec(
                    select(Game).where(Game.vassalage == VENDOR, Game.game_code == listed_code)
                )
            ).one()
        added_id = added.id
        assert (added.game_category, added.is_top, added.popularity) == ("CASINO", False, 0)
        assert added.show_icon and not added.maintenance
        # A second import finds nothing to change.
        assert await _import(admin) == games.ImportResult(0, 0, 0, 0)
        imports = (await _actions(f"vendor:{VENDOR}")).count("games.import")
        assert imports == imports_before + 2
    finally:  # the catalogue as it was: the added row goes, the original gets its code back
        async with write_transaction() as session:
            if added_id is not None:
                await session.exec(delete(Game).where(col(Game.id) == added_id))
            await session.flush()
            original = await session.get(Game, gone_id)
            assert original is not None
            original.game_code, original.maintenance = listed_code, was_down
            session.add(original)


async def test_a_vendor_without_a_provider_or_a_brands_staff_cannot_import() -> None:
    admin = await make_staff(await role_with(ALL), None)
    with pytest.raises(AppError) as refused:
        await games.import_vendor_games(admin, "NO-SUCH-VENDOR", utcnow())
    assert refused.value.code == "games-not-integrated"
    # The co-hosted studio lists no games of its own: nothing is retired.
    studio_before = await games.games(admin, registry.STUDIO, "", 1, utcnow())
    with pytest.raises(AppError) as refused:
        await games.import_vendor_games(admin, registry.STUDIO, utcnow())
    assert refused.value.code == "games-import-empty"
    assert await games.games(admin, registry.STUDIO, "", 1, utcnow()) == studio_before
    brand_staff = await make_staff(await role_with(ALL), "BR1")
    with pytest.raises(AppError) as refused:
        await games.import_vendor_games(brand_staff, VENDOR, utcnow())
    assert refused.value.code == "staff-forbidden"
    # Reading the shared catalogue is every brand's.
    assert any(row.vassalage == VENDOR for row in await games.vendors(brand_staff, utcnow()))


async def test_maintenance_hot_and_order_are_written_and_audited() -> None:
    admin = await make_staff(await role_with(ALL), None)
    page = await games.games(admin, VENDOR, "", 1, utcnow())
    assert page.total > games.PAGE_SIZE and len(page.rows) == games.PAGE_SIZE
    row = page.rows[-1]
    target = f"game:{VENDOR}/{row.game_code}"
    try:
        shown = await games.update_game(
            admin, row.id, maintenance=True, hot=True, popularity=999_999, now=utcnow()
        )
        assert (shown.maintenance, shown.hot, shown.popularity) == (True, True, 999_999)
        # Hot and first in the order: the top of the vendor's list.
        assert (await games.games(admin, VENDOR, "", 1, utcnow())).rows[0].id == row.id
        found = await games.games(admin, VENDOR, row.game_code, 1, utcnow())
        assert [r.id for r in found.rows] == [row.id]
        # A wrong order is refused and changes nothing.
        with pytest.raises(AppError) as refused:
            await games.update_game(
                admin, row.id, maintenance=False, hot=False, popularity=-1, now=utcnow()
            )
        assert (refused.value.code, refused.value.params) == (
            "games-invalid",
            {"field": "popularity"},
        )
        assert (await _game(row.id)).popularity == 999_999
        assert await _actions(target) == ["games.game.update"]
    finally:
        await games.update_game(
            admin, row.id, maintenance=row.maintenance, hot=row.hot,
            popularity=row.popularity, now=utcnow(),
        )  # fmt: skip


async def test_a_vendor_in_maintenance_and_back() -> None:
    admin = await make_staff(await role_with(ALL), None)
    await games.set_vendor_maintenance(admin, VENDOR, True, utcnow())
    try:
        async with session_scope() as session:
            vendor = (
                await session.exec(select(GameVendor).where(GameVendor.vassalage == VENDOR))
            ).one()
        assert vendor.maintenance
        listed = {row.vassalage: row for row in await games.vendors(admin, utcnow())}
        assert listed[VENDOR].maintenance and listed[VENDOR].games > 0
    finally:
        await games.set_vendor_maintenance(admin, VENDOR, False, utcnow())
    assert (await _actions(f"vendor:{VENDOR}")).count("games.vendor.maintenance") >= 2
