"""SQLite's write transactions (app/core/db.py): they run on the event loop's thread, so that
the database's one write lock is held for the transaction's own work and not for trips
through a busy loop; while another process holds that lock they wait without stopping the
loop, and give up after SQLITE_BUSY_SECONDS as the pool does.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import db
from app.core.config import get_settings

pytestmark = pytest.mark.skipif(
    not get_settings().is_sqlite, reason="SQLite's writer engine; PostgreSQL has row locks"
)


@contextmanager
def _locked_by_another_process() -> Iterator[sqlite3.Connection]:
    """SQLite's write lock held by a connection of its own, as the CLI's would hold it."""
    path = make_url(get_settings().effective_database_url).database
    assert path
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield holder
    finally:
        if holder.in_transaction:
            holder.execute("ROLLBACK")
        holder.close()


async def _thread_running_sql(session: AsyncSession) -> int:
    """The thread SQLite runs this session's statements on (a SQL function that says)."""
    raw = (await (await session.connection()).get_raw_connection()).driver_connection
    assert raw is not None
    registered = raw.create_function("thread_ident", 0, threading.get_ident)
    if asyncio.iscoroutine(registered):
        await registered  # aiosqlite's, run on its own thread
    return int((await session.exec(text("SELECT thread_ident()"))).scalar_one())  # type: ignore[call-overload]


async def test_writes_run_on_the_loops_thread_and_reads_off_it() -> None:
    async with db.write_transaction() as session:
        assert await _thread_running_sql(session) == threading.get_ident()
    async with db.session_scope() as session:
        assert await _thread_running_sql(session) != threading.get_ident()


async def test_a_writer_waits_for_another_process_without_stopping_the_loop() -> None:
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    async def write() -> int:
        async with db.write_transaction() as session:
            return int((await session.exec(text("SELECT 7"))).scalar_one())  # type: ignore[call-overload]

    with _locked_by_another_process() as holder:
        beat = asyncio.create_task(ticker())
        writing = asyncio.create_task(write())
        await asyncio.sleep(0)
        seen = ticks
        # The other tasks go on while the writer waits: a writer that stopped the loop for its
        # lock would leave the ticker where it was until the lock came free.
        while ticks < seen + 5:
            await asyncio.sleep(0.01)
        assert not writing.done()
        holder.execute("COMMIT")
        assert await asyncio.wait_for(writing, timeout=30) == 7
        beat.cancel()


async def test_a_writer_gives_up_when_the_lock_stays_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "SQLITE_BUSY_SECONDS", 0.2)
    with _locked_by_another_process(), pytest.raises(PoolTimeoutError):
        async with db.write_transaction():
            pass


async def test_the_wal_is_checkpointed_by_a_thread_and_not_in_the_writers_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The writer's commits never copy the WAL into the database (that would stop the loop
    for the copy and its syncs); the checkpoint thread does, after a write."""
    monkeypatch.setattr(db, "_checkpoint_started", 0.0)  # none within SQLITE_CHECKPOINT_SECONDS
    threads: list[int] = []
    checkpoint_wal = db._checkpoint_wal

    def recorded(database: str) -> None:
        threads.append(threading.get_ident())
        checkpoint_wal(database)

    monkeypatch.setattr(db, "_checkpoint_wal", recorded)
    path = make_url(get_settings().effective_database_url).database
    try:
        async with db.write_transaction() as session:
            pragma = await session.exec(text("PRAGMA wal_autocheckpoint"))  # type: ignore[call-overload]
            assert pragma.scalar_one() == 0
            await session.exec(text("CREATE TABLE wal_probe (n INTEGER)"))  # type: ignore[call-overload]
        assert db._checkpoint is not None
        await asyncio.to_thread(db._checkpoint.join)
        assert threads and threads[0] != threading.get_ident()
        # The database file alone (its WAL ignored) holds the table: the thread copied it.
        with closing(sqlite3.connect(f"file:{path}?immutable=1", uri=True)) as file_only:
            tables = file_only.execute("SELECT name FROM sqlite_master").fetchall()
        assert ("wal_probe",) in tables
    finally:
        async with db.write_transaction() as session:
            await session.exec(text("DROP TABLE IF EXISTS wal_probe"))  # type: ignore[call-overload]


def test_a_checkpoint_of_a_removed_database_creates_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A database removed while its checkpoint was due (a test's, an operator's restore) is
    not created again, empty, by the checkpoint: the failure is logged."""
    removed = tmp_path / "gone #1.db"
    db._checkpoint_wal(str(removed))
    assert not removed.exists()
    assert "checkpoint failed" in caplog.text
