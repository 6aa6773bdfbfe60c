"""Database engines and sessions: async for the app, sync URLs for Alembic.

SQLite runs with WAL and explicit BEGIN so that a write transaction can take the database
lock up front (`BEGIN IMMEDIATE`), which is SQLite's equivalent of a row lock.

SQLite's write transactions run on an engine of their own that calls SQLite on the event
loop's thread (`_InLoopSQLite`). Through aiosqlite every statement is a trip to its thread and
back through the loop, which waits behind every other request's work: a bet-and-win (24
statements then) held the database's one write lock for 30 ms under load, and every other
writer queued behind it. On the loop's thread a statement runs at once (tens of
microseconds), so the lock is held for the transaction's own work. Reads stay on aiosqlite,
so that a long report never stops the loop.

The writer engine's connections never checkpoint the WAL themselves: SQLite's automatic
checkpoint runs inside the commit that crosses its threshold, copying the WAL's pages into the
database and syncing both, and a lottery settlement's batch spent 7 of its 30 ms there with
the loop standing still. After a write commits, a thread of this process checkpoints instead
(`PASSIVE`: readers and writers go on), at most once every SQLITE_CHECKPOINT_SECONDS; the
WAL keeps what was written in between, and the last connection to close checkpoints it all.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import (
    AbstractAsyncContextManager,
    AsyncExitStack,
    asynccontextmanager,
    closing,
)
from pathlib import Path
from time import monotonic
from typing import Any

import psycopg
from sqlalchemy import ARRAY, Integer, String, Table, any_, bindparam, cast, event, func, select
from sqlalchemy.dialects import postgresql, registry, sqlite
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import AsyncAdaptedQueuePool, Pool
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.util import await_
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import metrics
from app.core.config import Settings, get_settings

SQLITE_BUSY_SECONDS = 30
# How long a writer waits before it asks SQLite's lock again, when another process holds it
# (doubling from the first to the last).
SQLITE_RETRY_SECONDS = (0.001, 0.05)
SQLITE_CHECKPOINT_SECONDS = 1.0  # the least time between two checkpoints of the WAL
_engine: AsyncEngine | None = None
_sessionmaker: async_sessionmaker[AsyncSession] | None = None
# SQLite only: the engine and sessions of write transactions (see the module's docstring).
_writer_engine: AsyncEngine | None = None
_writer_sessionmaker: async_sessionmaker[AsyncSession] | None = None
# SQLite has one writer at a time, and its busy handler makes a waiting writer poll, sleeping
# up to 100 ms a try, while it holds a pooled connection that readers then wait for. Writers of
# one process queue here instead, in order and handed over at once; other processes (several
# workers) still meet SQLite's own lock.
_sqlite_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
# Work that comes in hundreds at once (a round's page watches, its bets on the live socket)
# passes a gate of the event loop that lets through at most the pool's kept connections less
# KEPT_FOR_OTHERS: past them, each checkout opened a connection of its own (a new PostgreSQL
# backend and its authentication, for a statement or two) and closed it at its return, and the
# tabs' own events and the cash-outs waited behind such a burst.
KEPT_FOR_OTHERS = 2
_within_pool: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)
# SQLite only: the latest thread that checkpointed the WAL, and when it started (see the
# module's docstring). A thread of its own each time: a process forked from this one (a
# server's worker) starts its own.
_checkpoint: threading.Thread | None = None
_checkpoint_started = 0.0
logger = logging.getLogger(__name__)


def async_url(url: str) -> str:
    """The URL with the async driver this project uses for its dialect."""
    parsed = make_url(url.replace("postgres://", "postgresql://", 1))
    if parsed.drivername in ("postgresql", "postgresql+psycopg", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif parsed.drivername in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


def libpq_url(url: str | URL) -> str:
    """A libpq connection string, for code that talks to psycopg directly (the job queue,
    backups, the start-up budget check)."""
    parsed = (
        url if isinstance(url, URL) else make_url(url.replace("postgres://", "postgresql://", 1))
    )
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def connection_capacity(settings: Settings, workers: int, *, runs_jobs: bool) -> int:
    """The most PostgreSQL connections `workers` worker processes of one command hold at once:
    each one's pool and overflow and, where it runs jobs, the job queue's pool and the
    connection it listens for new jobs on."""
    jobs = settings.job_pool_size + 1 if runs_jobs else 0
    return workers * (settings.db_pool_size + settings.db_pool_overflow + jobs)


def server_connection_limit(settings: Settings) -> int:
    """The connections PostgreSQL gives to clients that are not superusers."""
    import psycopg

    with psycopg.connect(libpq_url(settings.effective_database_url), connect_timeout=10) as conn:
        row = conn.execute(
            "SELECT current_setting('max_connections')::int"
            " - current_setting('superuser_reserved_connections')::int"
        ).fetchone()
    assert row is not None
    return int(row[0])


def sync_url(url: str) -> str:
    """The URL with a synchronous driver, for Alembic and operator scripts."""
    parsed = make_url(async_url(url))
    if parsed.drivername == "sqlite+aiosqlite":
        parsed = parsed.set(drivername="sqlite")
    return parsed.render_as_string(hide_password=False)


async def _at_once() -> None:
    """An awaitable that is done at once: SQLAlchemy's asyncio layer checks that a statement
    awaited something, and this satisfies it without a trip through the loop."""


class _InLoopCursor(sqlite3.Cursor):
    async def _async_soft_close(self) -> None:
        """Nothing to close early: the rows are read on the loop's thread when asked for."""


class _InLoopConnection(sqlite3.Connection):
    def cursor(self, factory: Any = _InLoopCursor) -> Any:
        return super().cursor(factory)


class _InLoopSQLite(SQLiteDialect_pysqlite):
    """SQLite's own driver, called on the event loop's thread: SQLAlchemy's asyncio layer
    runs the statements in its greenlet, which never has to wait for them."""

    is_async = True
    supports_statement_cache = True

    @classmethod
    def get_pool_class(cls, url: URL) -> type[Pool]:
        return AsyncAdaptedQueuePool

    def do_execute(self, cursor: Any, statement: Any, parameters: Any, context: Any = None) -> None:
        await_(_at_once())
        super().do_execute(cursor, statement, parameters, context)  # type: ignore[no-untyped-call]

    def do_execute_no_params(self, cursor: Any, statement: Any, context: Any = None) -> None:
        await_(_at_once())
        super().do_execute_no_params(cursor, statement, context)  # type: ignore[no-untyped-call]

    def do_executemany(
        self, cursor: Any, statement: Any, parameters: Any, context: Any = None
    ) -> None:
        await_(_at_once())
        super().do_executemany(cursor, statement, parameters, context)  # type: ignore[no-untyped-call]


registry.register("sqlite.inloop", __name__, "_InLoopSQLite")


def _configure_sqlite(
    engine: AsyncEngine, busy_seconds: int = SQLITE_BUSY_SECONDS, *, in_loop: bool = False
) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_seconds * 1000}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        if in_loop:  # checkpoints run in a thread of their own (see the module's docstring)
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def _sqlite_writer_engine(url: str, echo: bool) -> AsyncEngine:
    """The engine of SQLite's write transactions. It never waits for SQLite's lock (that would
    stop the loop): `write_transaction` asks again while another process holds it."""
    engine = create_async_engine(
        make_url(url).set(drivername="sqlite+inloop"),
        echo=echo,
        connect_args={"check_same_thread": False, "factory": _InLoopConnection},
        pool_size=1,
        max_overflow=4,
    )
    _configure_sqlite(engine, busy_seconds=0, in_loop=True)
    return engine


def _checkpoint_wal(database: str) -> None:
    # mode=rw: a database removed meanwhile is not created again, empty.
    uri = Path(database).absolute().as_uri() + "?mode=rw"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as connection:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
    except sqlite3.Error as failed:
        logger.warning("the SQLite WAL's checkpoint failed: %s", failed)


def _checkpoint_after_write(database: str) -> None:
    """Checkpoint the WAL in a thread, unless one is at it or started within
    SQLITE_CHECKPOINT_SECONDS."""
    global _checkpoint, _checkpoint_started
    now = monotonic()
    if now - _checkpoint_started < SQLITE_CHECKPOINT_SECONDS:
        return
    if _checkpoint is not None and _checkpoint.is_alive():
        return
    _checkpoint_started = now
    _checkpoint = threading.Thread(
        target=_checkpoint_wal, args=(database,), name="sqlite-checkpoint", daemon=True
    )
    _checkpoint.start()


def get_engine() -> AsyncEngine:
    global _engine, _sessionmaker, _writer_engine, _writer_sessionmaker
    if _engine is None:
        settings = get_settings()
        url = async_url(settings.effective_database_url)
        if settings.is_sqlite:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
            _engine = create_async_engine(url, echo=settings.sql_echo)
            _configure_sqlite(_engine)
            _writer_engine = _sqlite_writer_engine(url, settings.sql_echo)
            _writer_sessionmaker = async_sessionmaker(
                _writer_engine, class_=AsyncSession, expire_on_commit=False
            )
        else:
            _engine = create_async_engine(
                url,
                echo=settings.sql_echo,
                pool_size=settings.db_pool_size,
                max_overflow=settings.db_pool_overflow,
            )
            _ping_when_idle(_engine)
        _count_pool(_engine)
        _sessionmaker = async_sessionmaker(_engine, class_=AsyncSession, expire_on_commit=False)
    return _engine


# A pooled connection unused for longer than this is pinged before it is handed out.
PING_AFTER_IDLE_SECONDS = 2.0
_RETURNED_AT = "returned_at"


def _ping_when_idle(engine: AsyncEngine) -> None:
    """Ping a pooled connection before use only when it sat idle (PING_AFTER_IDLE_SECONDS).

    SQLAlchemy's `pool_pre_ping` pings at every checkout: a round trip and about a tenth of a
    ledger post's CPU, on every transaction, for connections used milliseconds before. One
    that sat idle may have been cut (a database restart, a proxy's idle timeout): it is still
    pinged, and a dead one is replaced before the caller sees it. A connection cut while busy
    fails its statement as it would have after a ping, and SQLAlchemy then drops every
    connection of the pool opened before the cut.
    """
    dialect = engine.sync_engine.dialect
    pool = engine.sync_engine.pool

    def idle_from_now(_dbapi_connection: Any, record: Any) -> None:
        record.info[_RETURNED_AT] = monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if monotonic() - record.info.get(_RETURNED_AT, 0.0) < PING_AFTER_IDLE_SECONDS:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as failed:
            if dialect.is_disconnect(failed, dbapi_connection, None):
                raise DisconnectionError from failed  # the pool opens a fresh one
            raise

    event.listen(pool, "connect", idle_from_now)
    event.listen(pool, "checkin", idle_from_now)
    event.listen(pool, "checkout", checked_out)


def _count_pool(engine: AsyncEngine) -> None:
    """Keep this process's pool gauges: its capacity (size plus the overflow it may open) and
    the connections checked out (the pool's own events, so a scrape of another worker process
    still reads this one's figures)."""
    pool: Any = engine.sync_engine.pool
    if not hasattr(pool, "size"):
        return
    metrics.DB_POOL_SIZE.set(pool.size() + max(getattr(pool, "_max_overflow", 0), 0))
    metrics.DB_POOL_IN_USE.set(0)
    event.listen(pool, "checkout", lambda *_: metrics.DB_POOL_IN_USE.inc())
    event.listen(pool, "checkin", lambda *_: metrics.DB_POOL_IN_USE.dec())


def engines() -> list[AsyncEngine]:
    """Every engine of this process: SQLite's write transactions have one of their own."""
    return [engine for engine in (get_engine(), _writer_engine) if engine is not None]


def within_pool() -> asyncio.Semaphore:
    """The running event loop's gate for work that comes in bursts (see KEPT_FOR_OTHERS)."""
    loop = asyncio.get_running_loop()
    gate = _within_pool.get(loop)
    if gate is None:
        kept = get_settings().db_pool_size
        gate = _within_pool[loop] = asyncio.Semaphore(max(1, kept - KEPT_FOR_OTHERS))
    return gate


async def dispose_engine() -> None:
    """Close pooled connections (tests and shutdown); the next use opens a fresh engine."""
    global _engine, _sessionmaker, _writer_engine, _writer_sessionmaker
    for engine in (_engine, _writer_engine):
        if engine is not None:
            await engine.dispose()
    _engine = _writer_engine = None
    _sessionmaker = _writer_sessionmaker = None


@asynccontextmanager
async def session_scope() -> AsyncIterator[AsyncSession]:
    """A session for reads and ordinary writes; the caller commits."""
    get_engine()
    assert _sessionmaker is not None
    async with _sessionmaker() as session:
        yield session


def read_scope() -> AbstractAsyncContextManager[AsyncSession]:
    """A session for reads only. On PostgreSQL its statements run in autocommit: no BEGIN and
    ROLLBACK round trips around them (each statement still reads committed data, as in a
    READ COMMITTED transaction). A write here would commit at once: write in
    write_transaction."""
    return _autocommit_on_postgresql(session_scope)


@asynccontextmanager
async def autocommit_connection() -> AsyncIterator[AsyncConnection]:
    """PostgreSQL: a connection whose every statement is a transaction of its own, with no
    BEGIN and COMMIT round trips: for reads, and for a write that is one statement (its
    conditions hold at the instant it runs, and its row locks last only while it runs). Core
    statements only: no session's bookkeeping (the ledger's posts)."""
    engine = get_engine()
    assert engine.dialect.name == "postgresql", "SQLite writes in write_transaction"
    async with engine.connect() as connection:
        yield await connection.execution_options(isolation_level="AUTOCOMMIT")


@asynccontextmanager
async def autocommit_driver() -> AsyncIterator[psycopg.AsyncConnection[Any]]:
    """PostgreSQL: the driver's own connection, from the engine's pool, in autocommit, for
    `send_as_is`. The connection goes back to the pool as it came, out of autocommit; one the
    driver found broken is dropped from the pool."""
    engine = get_engine()
    assert engine.dialect.name == "postgresql", "SQLite writes in write_transaction"
    async with engine.connect() as connection:
        driver = await driver_of(connection)
        await driver.set_autocommit(True)
        try:
            yield driver
        finally:
            if driver.broken:
                await connection.invalidate()
            else:
                await driver.set_autocommit(False)


async def driver_of(connection: AsyncConnection) -> psycopg.AsyncConnection[Any]:
    """PostgreSQL: the driver's connection under `connection`, in its transaction if any."""
    driver = (await connection.get_raw_connection()).driver_connection
    assert isinstance(driver, psycopg.AsyncConnection)
    return driver


async def send_as_is(
    driver: psycopg.AsyncConnection[Any], statement: str, parameters: Mapping[str, Any]
) -> list[tuple[Any, ...]]:
    """PostgreSQL: send a statement of fixed text (the driver's paramstyle, `%(name)s`) as it
    is, and read its rows: for the hottest statements (the ledger's posts), where SQLAlchemy's
    execution (the compiled cache's look-up, parameters and rows wrapped, and in autocommit the
    isolation level's switch and reset) cost up to four times the statement's own CPU in this
    process (bench_ledger). Errors are SQLAlchemy's, as `execute` raises them."""
    try:
        return await (await driver.execute(statement, parameters)).fetchall()
    except psycopg.Error as failed:
        raise DBAPIError.instance(statement, parameters, failed, psycopg.Error) from failed


@asynccontextmanager
async def autocommit_scope() -> AsyncIterator[AsyncSession]:
    """PostgreSQL: a session on an `autocommit_connection`."""
    async with (
        autocommit_connection() as autocommit,
        AsyncSession(bind=autocommit, expire_on_commit=False) as session,
    ):
        yield session


def single_writes() -> AbstractAsyncContextManager[AsyncSession]:
    """A session for writes that each stand alone (every one decides under its own conditions,
    as one statement): autocommit on PostgreSQL, no BEGIN and COMMIT round trips; on SQLite
    one write_transaction around the block, under this process's write lock."""
    return _autocommit_on_postgresql(write_transaction)


def _autocommit_on_postgresql(
    otherwise: Callable[[], AbstractAsyncContextManager[AsyncSession]],
) -> AbstractAsyncContextManager[AsyncSession]:
    if get_engine().dialect.name == "postgresql":
        return autocommit_scope()
    return otherwise()


@asynccontextmanager
async def _sqlite_writer() -> AsyncIterator[None]:
    """This process's turn to write to SQLite (see _sqlite_writers)."""
    loop = asyncio.get_running_loop()
    lock = _sqlite_writers.setdefault(loop, asyncio.Lock())
    try:
        async with asyncio.timeout(SQLITE_BUSY_SECONDS):
            await lock.acquire()
    except TimeoutError:
        raise PoolTimeoutError("waited too long for SQLite's write lock") from None
    try:
        yield
    finally:
        lock.release()


@asynccontextmanager
async def write_transaction() -> AsyncIterator[AsyncSession]:
    """A transaction that takes the write lock at its start and commits on success.

    On PostgreSQL the caller still locks the rows it changes (`SELECT … FOR UPDATE`);
    on SQLite the whole database is locked for writes by `BEGIN IMMEDIATE`.
    """
    engine = get_engine()
    assert _sessionmaker is not None
    async with AsyncExitStack() as stack:
        if engine.dialect.name == "sqlite":
            await stack.enter_async_context(_sqlite_writer())
            session = await stack.enter_async_context(_sqlite_write_session())
        else:
            session = await stack.enter_async_context(_sessionmaker())
            await session.connection()
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:":
        _checkpoint_after_write(database)


@asynccontextmanager
async def _sqlite_write_session() -> AsyncIterator[AsyncSession]:
    """A session on SQLite's writer engine that holds the database's write lock (`BEGIN
    IMMEDIATE`); while another process holds it, it asks again after a pause, for up to
    SQLITE_BUSY_SECONDS."""
    assert _writer_sessionmaker is not None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SQLITE_BUSY_SECONDS
    pause, longest = SQLITE_RETRY_SECONDS
    while True:
        async with _writer_sessionmaker() as session:
            try:
                await session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})
            except OperationalError as error:
                if "locked" not in str(error.orig):
                    raise
                if loop.time() >= deadline:
                    raise PoolTimeoutError("waited too long for SQLite's write lock") from error
            else:
                yield session
                return
        await asyncio.sleep(pause)
        pause = min(pause * 2, longest)


def dialect_insert(connection: AsyncConnection, table: Table) -> Any:
    """An INSERT that can take ON CONFLICT, in the connection's SQL dialect."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def among(column: Any, values: Sequence[Any], dialect: str) -> Any:
    """`column IN values` as one parameter whatever the number of values (a long IN list is
    rendered and parsed anew for each length): on PostgreSQL `column = ANY(array)`, on SQLite
    whole numbers as a JSON array read by `json_each`."""
    if values and isinstance(values[0], int):
        return among_ids(column, bindparam(None, id_list(values, dialect), type_=String()), dialect)
    if dialect == "postgresql":
        return column == any_(bindparam(None, list(values), type_=ARRAY(String())))
    return column.in_(values)


def among_texts(column: Any, name: str, dialect: str) -> Any:
    """`column IN` the texts of the one parameter `name` (given `text_list(...)` when run),
    for a statement built once and run many times (see `among_ids`)."""
    if dialect == "postgresql":
        return column == any_(bindparam(name, type_=ARRAY(String())))
    listed = func.json_each(bindparam(name, type_=String())).table_valued("value")
    return column.in_(select(listed.c.value))


def text_list(values: Iterable[str], dialect: str) -> Any:
    """Texts as `among_texts`'s one parameter: a list on PostgreSQL, a JSON array on SQLite."""
    return list(values) if dialect == "postgresql" else json.dumps(list(values))


def among_ids(column: Any, ids: BindParameter[Any] | str, dialect: str) -> Any:
    """`column IN` the whole numbers of one text parameter (`ids`, or a bound parameter of
    that name, given `id_list(...)` when run), for a statement built once and run many
    times: building and keying a statement cost more than a small batch's SQL (bench_lottery_
    settle)."""
    bound = bindparam(ids, type_=String()) if isinstance(ids, str) else ids
    if dialect == "postgresql":
        return column == any_(cast(bound, ARRAY(Integer())))
    listed = func.json_each(bound).table_valued("value")
    return column.in_(select(listed.c.value))


def id_list(values: Iterable[int], dialect: str) -> str:
    """Whole numbers as `among_ids`'s one text parameter: an array literal on PostgreSQL, a
    JSON array on SQLite. psycopg dumps a list element by element in Python (a settlement
    batch's 5,000 ids cost more than its statement), so whole numbers go as one text."""
    numbers = ",".join(str(int(value)) for value in values)
    return "{" + numbers + "}" if dialect == "postgresql" else "[" + numbers + "]"
