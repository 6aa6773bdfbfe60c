"""PostgreSQL's pool (app/core/db.py): a connection used moments ago is handed out without a
ping; one that sat idle is pinged, and one the database cut meanwhile is replaced before the
caller sees it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import text

from app.core import db
from app.core.db import session_scope
from tests.helpers.databases import use_postgres

pytestmark = [
    pytest.mark.engines,
    pytest.mark.skipif(not use_postgres(), reason="the pool of PostgreSQL connections"),
]


@pytest.fixture
async def pings(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[object]]:
    """Every ping a fresh pool sends (none of its connections waited through earlier tests)."""
    await db.dispose_engine()
    dialect = db.get_engine().sync_engine.dialect
    sent: list[object] = []
    ping = dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        sent.append(dbapi_connection)
        return ping(dbapi_connection)

    monkeypatch.setattr(dialect, "do_ping", counted)
    yield sent


async def _backend_pid() -> int:
    async with session_scope() as session:
        return int((await session.exec(text("SELECT pg_backend_pid()"))).scalar_one())  # type: ignore[call-overload]


async def test_a_connection_used_moments_ago_is_not_pinged(pings: list[object]) -> None:
    first = await _backend_pid()
    for _ in range(5):
        assert await _backend_pid() == first  # the same pooled connection, each time
    assert pings == []


async def test_an_idle_connection_cut_by_the_database_is_replaced_unseen(
    pings: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = db.get_engine()
    async with engine.connect() as doomed, engine.connect() as other:
        cut = int((await doomed.execute(text("SELECT pg_backend_pid()"))).scalar_one())
        await doomed.close()  # back to the pool, to be handed out first
        # Another session ends the pooled one, as a restart or a proxy's idle timeout would.
        await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": cut})
        await other.commit()
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)  # every checkout counts as idle
    fresh = await _backend_pid()
    assert fresh != cut
    assert len(pings) >= 1
