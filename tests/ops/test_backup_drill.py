"""The restore drill: a backup taken through the CLI while players bet restores into a fresh
database (SQLite file, or a new PostgreSQL database with TEST_DATABASE=postgres) where the
ledger audit and the audit-log verification find nothing wrong; a wrong key or a changed byte
restores nothing."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import psycopg
import pytest
from pydantic import SecretStr

from app.core.config import PROJECT_ROOT, Settings, get_settings
from app.core.errors import AppError
from app.services import backups
from app.services.backoffice import audit as audit_log
from tests.helpers.accounts import make_member
from tests.helpers.databases import create_postgres_database, drop_postgres_database, use_postgres
from tests.helpers.deployment import PRODUCTION
from tests.helpers.money import entry_count, fund, lose

# The engine-dependent pass runs these on PostgreSQL + Redis too.
pytestmark = pytest.mark.engines

KEY = "drill-key-" + "d" * 40
OTHER_KEY = "other-key-" + "o" * 40


@pytest.fixture
def fresh_database(tmp_path: Path) -> Iterator[str]:
    """An empty database of the mode under test, dropped afterwards."""
    if not use_postgres():
        yield f"sqlite:///{tmp_path / 'restored.db'}"
        return
    url = create_postgres_database()
    yield url
    drop_postgres_database(url)


async def _cli(*args: str, database: str | None = None) -> tuple[int, str]:
    environment = {**os.environ, "BACKUP_KEY": KEY}
    if database is not None:
        environment["DATABASE_URL"] = database
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        *args,
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    assert process.returncode is not None
    return process.returncode, output.decode()


def _entries_in(url: str) -> int:
    query = "SELECT count(*) FROM ledger_entry"
    if url.startswith("sqlite"):
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as connection:
            return int(connection.execute(query).fetchone()[0])
    with psycopg.connect(url) as connection:
        row = connection.execute(query).fetchone()
        assert row is not None
        return int(row[0])


def _is_empty(url: str) -> bool:
    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists():
            return True
        with closing(sqlite3.connect(path)) as connection:
            return connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone()
        return row is not None and row[0] == 0


async def test_backup_while_players_bet_restores_with_zero_differences(
    tmp_path: Path, fresh_database: str
) -> None:
    assert (await audit_log.verify()).ok  # the source's chain, before the drill
    player = await make_member()
    assert player.id is not None
    await fund(player.id, "10000.00")
    before = await entry_count()
    playing = True

    async def bets() -> None:
        while playing:
            await lose(player.id, "1.00")

    players = [asyncio.create_task(bets()) for _ in range(2)]
    backup_file = tmp_path / "drill.backup"
    try:
        code, output = await _cli("backup", "--to", str(backup_file))
    finally:
        playing = False
        await asyncio.gather(*players)
    after = await entry_count()
    assert code == 0, output
    assert after > before  # players bet around the backup
    sealed = backup_file.read_bytes()
    assert sealed.startswith(backups.MAGIC)
    assert b"ledger_entry" not in sealed and b"SQLite format" not in sealed  # encrypted

    code, output = await _cli("restore", "--from", str(backup_file), database=fresh_database)
    assert code == 0, output
    assert ", 0 differences" in output
    assert "audit log: intact" in output
    assert before <= _entries_in(fresh_database) <= after

    # A second restore over the restored data is refused: restores go to an empty database.
    code, output = await _cli("restore", "--from", str(backup_file), database=fresh_database)
    assert code == 2 and "not empty" in output


async def test_wrong_key_or_changed_byte_restores_nothing(
    tmp_path: Path, fresh_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "backup_key", SecretStr(KEY))
    backup_file = tmp_path / "drill.backup"
    made = await asyncio.to_thread(backups.backup, backup_file)
    assert made.kind == ("postgresql" if use_postgres() else "sqlite")
    assert backups.verify(backup_file).size == backup_file.stat().st_size

    monkeypatch.setattr(settings, "database_url", fresh_database)
    monkeypatch.setattr(settings, "backup_key", SecretStr(OTHER_KEY))
    with pytest.raises(AppError) as wrong:
        await asyncio.to_thread(backups.restore, backup_file)
    assert wrong.value.code == "backup-key-wrong"
    assert _is_empty(fresh_database)

    monkeypatch.setattr(settings, "backup_key", SecretStr(KEY))
    damaged = bytearray(backup_file.read_bytes())
    damaged[len(damaged) // 2] ^= 0x01
    changed = tmp_path / "changed.backup"
    changed.write_bytes(bytes(damaged))
    with pytest.raises(AppError) as refused:
        await asyncio.to_thread(backups.restore, changed)
    assert refused.value.code == "backup-key-wrong"
    assert _is_empty(fresh_database)

    (tmp_path / "junk.backup").write_bytes(b"not a backup at all")
    with pytest.raises(AppError) as junk:
        backups.verify(tmp_path / "junk.backup")
    assert junk.value.code == "backup-not-a-backup"


def test_production_refuses_backups_without_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    production = Settings(**{**PRODUCTION, "data_dir": tmp_path}, _env_file=None)  # type: ignore[arg-type]
    monkeypatch.setattr(backups, "get_settings", lambda: production)
    with pytest.raises(AppError) as refused:
        backups.backup(tmp_path / "never.backup")
    assert refused.value.code == "backup-key-missing"
    assert not (tmp_path / "never.backup").exists()
    assert not (tmp_path / "backup_key").exists()  # nothing generated in production
    keyed = Settings(**{**PRODUCTION, "backup_key": KEY}, _env_file=None)  # type: ignore[arg-type]
    assert keyed.backup_secret() == KEY.encode()


def test_outside_production_a_backup_key_is_generated_once_and_private(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, _env_file=None)  # type: ignore[call-arg]
    first = settings.backup_secret()
    assert first is not None and len(first) >= 32
    assert (tmp_path / "backup_key").stat().st_mode & 0o777 == 0o600
    assert Settings(data_dir=tmp_path, _env_file=None).backup_secret() == first  # type: ignore[call-arg]
