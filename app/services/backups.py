"""Backups that restore: the whole database, encrypted at rest with the operator's key.

A backup file is

    MAGIC | header length (4 bytes, big-endian) | header (JSON) | ciphertext | GCM tag (16)

The header says what is inside (`sqlite`: the database file made by SQLite's online backup
API; `postgresql`: pg_dump's custom format), when and at which schema revision, and the salt
and nonce. The content is encrypted with AES-256-GCM, streamed chunk by chunk, under a key
derived (HKDF-SHA256, the file's own salt) from BACKUP_KEY; MAGIC, the length and the header
are authenticated with it, so a changed header fails like a changed byte of the data.

A restore checks the whole file's tag before anything reaches the target database (a wrong
key or a damaged file restores nothing) and restores only into an empty database: the
operator restores beside the live data and switches over, never over it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from Crypto.Cipher import AES
from Crypto.Hash import SHA256
from Crypto.Protocol.KDF import HKDF
from sqlalchemy.engine import URL, make_url

from app.core import clock
from app.core.config import get_settings
from app.core.db import libpq_url, sync_url
from app.core.errors import AppError

MAGIC = b"PLATFORM-BACKUP\x01"
TAG_BYTES = 16
CHUNK_BYTES = 1024 * 1024
HEADER_MAX_BYTES = 64 * 1024
_KDF_CONTEXT = b"platform-backup-v1"
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(frozen=True)
class BackupInfo:
    """What a backup holds (its header)."""

    kind: str  # sqlite | postgresql
    created_at: str
    revision: str | None
    size: int  # bytes of the encrypted file


def _refused(code: str, **params: object) -> AppError:
    return AppError(code, 400, params=params)


def _key() -> bytes:
    secret = get_settings().backup_secret()
    if secret is None:
        raise _refused("backup-key-missing")
    return secret


def _cipher(master: bytes, salt: bytes, nonce: bytes) -> Any:
    key = HKDF(master, 32, salt, SHA256, context=_KDF_CONTEXT)
    return AES.new(key, AES.MODE_GCM, nonce=nonce)


def _database() -> tuple[str, URL]:
    url = make_url(sync_url(get_settings().effective_database_url))
    return ("sqlite" if url.get_backend_name() == "sqlite" else "postgresql"), url


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise _refused("backup-no-database-file")
    return Path(url.database)


def _pg_environment(url: URL) -> dict[str, str]:
    """libpq's variables for the tools: the password never appears on a command line."""
    environment = dict(os.environ)
    for variable, value in (
        ("PGHOST", url.host),
        ("PGPORT", url.port),
        ("PGUSER", url.username),
        ("PGPASSWORD", url.password),
        ("PGDATABASE", url.database),
    ):
        if value is not None:
            environment[variable] = str(value)
    return environment


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise _refused("backup-tool-missing", tool=name)
    return found


def _revision_sqlite(path: Path) -> str | None:
    connection = sqlite3.connect(path)
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return None  # a database never migrated
    finally:
        connection.close()
    return str(row[0]) if row else None


def _revision_pg(url: URL) -> str | None:
    import psycopg

    with psycopg.connect(libpq_url(url)) as connection:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(row[0]) if row else None


def _write_sealed(source: IO[bytes], out: IO[bytes], kind: str, revision: str | None) -> None:
    salt, nonce = os.urandom(16), os.urandom(12)
    header = json.dumps(
        {
            "kind": kind,
            "created_at": clock.now().isoformat(),
            "revision": revision,
            "salt": salt.hex(),
            "nonce": nonce.hex(),
        }
    ).encode()
    preamble = MAGIC + len(header).to_bytes(4, "big") + header
    cipher = _cipher(_key(), salt, nonce)
    cipher.update(preamble)
    out.write(preamble)
    while chunk := source.read(CHUNK_BYTES):
        out.write(cipher.encrypt(chunk))
    out.write(cipher.digest())


@contextmanager
def _private_output(target: Path) -> Iterator[IO[bytes]]:
    """The backup is written owner-only under a temporary name and renamed when whole."""
    draft = target.with_name(f".{target.name}.partial")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        draft.replace(target)
    finally:
        draft.unlink(missing_ok=True)


def backup(target: Path) -> BackupInfo:
    """Write an encrypted backup of the configured database to `target`, while the app runs
    (SQLite: the online backup API copies a consistent snapshot; PostgreSQL: pg_dump reads
    one snapshot in a repeatable-read transaction)."""
    _key()  # refuse before any work
    kind, url = _database()
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "sqlite":
        source = _sqlite_path(url)
        if not source.exists():
            raise _refused("backup-no-database-file")
        # The plain snapshot stays beside the live database (already plain there) and goes
        # as soon as it is sealed.
        with tempfile.TemporaryDirectory(dir=source.parent, prefix=".backup-") as work:
            snapshot = Path(work) / "snapshot.db"
            with (
                closing(sqlite3.connect(source)) as live,
                closing(sqlite3.connect(snapshot)) as copy,
            ):
                live.backup(copy)
            with snapshot.open("rb") as plain, _private_output(target) as out:
                _write_sealed(plain, out, kind, _revision_sqlite(snapshot))
    else:
        revision = _revision_pg(url)
        dump = subprocess.Popen(  # noqa: S603 (a fixed tool, arguments not from input)
            [_tool("pg_dump"), "--format=custom", "--no-password"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_pg_environment(url),
        )
        assert dump.stdout is not None and dump.stderr is not None
        with _private_output(target) as out:
            _write_sealed(dump.stdout, out, kind, revision)
            errors = dump.stderr.read().decode(errors="replace")
            if dump.wait() != 0:
                raise _refused("backup-tool-failed", tool="pg_dump", detail=errors.strip()[-500:])
    return inspect(target)


def _read_header(source: IO[bytes]) -> tuple[bytes, dict[str, Any]]:
    magic = source.read(len(MAGIC))
    length = int.from_bytes(source.read(4), "big")
    if magic != MAGIC or not 0 < length <= HEADER_MAX_BYTES:
        raise _refused("backup-not-a-backup")
    raw = source.read(length)
    try:
        header = json.loads(raw)
        bytes.fromhex(header["salt"]), bytes.fromhex(header["nonce"])
    except (ValueError, KeyError, TypeError):
        raise _refused("backup-not-a-backup") from None
    return MAGIC + length.to_bytes(4, "big") + raw, header


def inspect(path: Path) -> BackupInfo:
    """A backup's header (unauthenticated until a restore checks the tag)."""
    with path.open("rb") as source:
        _, header = _read_header(source)
    return BackupInfo(
        kind=str(header.get("kind")),
        created_at=str(header.get("created_at")),
        revision=header.get("revision"),
        size=path.stat().st_size,
    )


def _opened(path: Path) -> tuple[IO[bytes], dict[str, Any], Any, int]:
    """The file positioned at its ciphertext, its header, a fresh cipher, the ciphertext's
    length."""
    source = path.open("rb")
    try:
        preamble, header = _read_header(source)
        length = path.stat().st_size - len(preamble) - TAG_BYTES
        if length < 0:
            raise _refused("backup-not-a-backup")
        cipher = _cipher(_key(), bytes.fromhex(header["salt"]), bytes.fromhex(header["nonce"]))
        cipher.update(preamble)
    except BaseException:
        source.close()
        raise
    return source, header, cipher, length


def _decrypted(path: Path, sink: IO[bytes] | None) -> dict[str, Any]:
    """Decrypt the whole file into `sink` (or nowhere: a check), then verify the tag. The
    last chunk reaches the sink only after the tag verified, so a reader that stops at a cut
    stream (pg_restore) never sees a whole forged or damaged dump."""
    source, header, cipher, remaining = _opened(path)
    with source:
        held = b""
        while remaining > 0:
            chunk = source.read(min(CHUNK_BYTES, remaining))
            if not chunk:
                raise _refused("backup-not-a-backup")
            remaining -= len(chunk)
            if sink is not None and held:
                sink.write(held)
            held = cipher.decrypt(chunk)
        try:
            cipher.verify(source.read(TAG_BYTES))
        except ValueError:
            raise _refused("backup-key-wrong") from None
        if sink is not None:
            sink.write(held)
    return header


def verify(path: Path) -> BackupInfo:
    """Check that the file decrypts whole under the configured key (a wrong key or a changed
    byte raises backup-key-wrong); nothing is written."""
    _decrypted(path, None)
    return inspect(path)


def _sqlite_empty(path: Path) -> bool:
    if not path.exists() or path.stat().st_size == 0:
        return True
    with closing(sqlite3.connect(path)) as connection:
        tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    return int(tables) == 0


def _pg_empty(url: URL) -> bool:
    import psycopg

    with psycopg.connect(libpq_url(url)) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', "
            "'information_schema') AND n.nspname NOT LIKE 'pg_toast%'"
        ).fetchone()
    return row is not None and row[0] == 0


def restore(source: Path) -> BackupInfo:
    """Restore the backup into the configured database, which must be empty (a new SQLite
    file, a database made with `createdb`). The file's tag is checked first: under a wrong
    key, or damaged, nothing is restored."""
    info = inspect(source)
    kind, url = _database()
    if info.kind != kind:
        raise _refused("backup-kind-mismatch", backup=info.kind, database=kind)
    if kind == "sqlite":
        target = _sqlite_path(url)
        if not _sqlite_empty(target):
            raise _refused("backup-target-not-empty")
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".restore-") as work:
            plain = Path(work) / "restored.db"
            with plain.open("wb") as sink:
                _decrypted(source, sink)
            with plain.open("rb") as check:
                if check.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                    raise _refused("backup-not-a-backup")
            with closing(sqlite3.connect(plain)) as copy, closing(sqlite3.connect(target)) as live:
                if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    raise _refused("backup-not-a-backup")
                copy.backup(live)
        return info
    if not _pg_empty(url):
        raise _refused("backup-target-not-empty")
    _decrypted(source, None)  # the key and the whole file first: a wrong one touches nothing
    restoring = subprocess.Popen(  # noqa: S603 (a fixed tool, arguments not from input)
        [
            _tool("pg_restore"),
            "--no-password",
            "--exit-on-error",
            "--single-transaction",
            f"--dbname={url.database}",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_pg_environment(url),
    )
    assert restoring.stdin is not None and restoring.stderr is not None
    try:
        with restoring.stdin as sink:
            _decrypted(source, sink)
    except BaseException:
        restoring.kill()  # a cut stream: its single transaction never commits
        restoring.wait()
        raise
    errors = restoring.stderr.read().decode(errors="replace")
    if restoring.wait() != 0:
        raise _refused("backup-tool-failed", tool="pg_restore", detail=errors.strip()[-500:])
    return info
