"""Database engines and sessions: async for the app, sync URLs for Alembic.

SQLite runs with WAL and explicit BEGIN so that a write transaction can take the database
lock up front (`BEGIN IMMEDIATE`), which is SQLite's equivalent of a row lock.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings

_engine: AsyncEngine | None = None
_sessionmaker: async_sessionmaker[AsyncSession] | None = None


def async_url(url: str) -> str:
    """The URL with the async driver this project uses for its dialect."""
    parsed = make_url(url.replace("postgres://", "postgresql://", 1))
    if parsed.drivername in ("postgresql", "postgresql+psycopg", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif parsed.drivername in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


def sync_url(url: str) -> str:
    """The URL with a synchronous driver, for Alembic and operator scripts."""
    parsed = make_url(async_url(url))
    if parsed.drivername == "sqlite+aiosqlite":
        parsed = parsed.set(drivername="sqlite")
    return parsed.render_as_string(hide_password=False)


def _configure_sqlite(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def get_engine() -> AsyncEngine:
    global _engine, _sessionmaker
    if _engine is None:
        settings = get_settings()
        url = async_url(settings.effective_database_url)
        if settings.is_sqlite:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
            _engine = create_async_engine(url, echo=settings.sql_echo)
            _configure_sqlite(_engine)
        else:
            _engine = create_async_engine(
                url, echo=settings.sql_echo, pool_size=10, max_overflow=20, pool_pre_ping=True
            )
        _sessionmaker = async_sessionmaker(_engine, class_=AsyncSession, expire_on_commit=False)
    return _engine


async def dispose_engine() -> None:
    """Close pooled connections (tests and shutdown); the next use opens a fresh engine."""
    global _engine, _sessionmaker
    if _engine is not None:
        await _engine.dispose()
    _engine = None
    _sessionmaker = None


@asynccontextmanager
async def session_scope() -> AsyncIterator[AsyncSession]:
    """A session for reads and ordinary writes; the caller commits."""
    get_engine()
    assert _sessionmaker is not None
    async with _sessionmaker() as session:
        yield session


@asynccontextmanager
async def write_transaction() -> AsyncIterator[AsyncSession]:
    """A transaction that takes the write lock at its start and commits on success.

    On PostgreSQL the caller still locks the rows it changes (`SELECT … FOR UPDATE`);
    on SQLite the whole database is locked for writes by `BEGIN IMMEDIATE`.
    """
    engine = get_engine()
    assert _sessionmaker is not None
    options = {"sqlite_begin": "IMMEDIATE"} if engine.dialect.name == "sqlite" else {}
    async with _sessionmaker() as session:
        await session.connection(execution_options=options)
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise
