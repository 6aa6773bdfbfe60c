"""Test databases: a SQLite file, or a fresh PostgreSQL database on the machine's server."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

import psycopg

PG_ADMIN_URL = os.environ.get("TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def _worker_redis(url: str) -> str:
    """Each pytest-xdist worker its own Redis database: gw0 the configured one, gwN the Nth
    before it (tests flush their database at the start; the one after, 14, is the browser
    tests' site)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker.removeprefix("gw") or 0)
    base, number = url.rsplit("/", 1)
    return f"{base}/{(int(number) - index) % 16}"


TEST_REDIS_URL = _worker_redis(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/13"))


def use_postgres() -> bool:
    return os.environ.get("TEST_DATABASE", "sqlite") == "postgres"


def create_postgres_database() -> str:
    name = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN_URL.rsplit("/", 1)[0]
    return f"{base}/{name}"


def drop_postgres_database(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def new_sqlite_url(folder: Path | None = None) -> str:
    directory = folder or Path(tempfile.mkdtemp(prefix="platform-db-"))
    return f"sqlite:///{directory / 'test.db'}"
