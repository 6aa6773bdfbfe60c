"""The operator's commands on a database of their own: migrate, create the first admin (a
one-time invitation link printed, never a password or TOTP secret; a second time refused),
issue a staff member a new invitation, verify the audit log, find a change; an edit with the
chain recomputed unkeyed, a removed last entry and a truncated tail (also with the checkpoint
file gone, from a copy kept elsewhere); a database from before the key keeps verifying and its
old entries stay bound to the keyed chain."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import create_engine
from sqlmodel import Session, col, select

from app.cli import COMMANDS, command_parser
from app.core.config import PROJECT_ROOT
from app.services.backoffice import audit
from models import AuditEntry, AuditHead
from models.base import utcnow

# Grows the log the way the application does (each append in its own transaction).
APPEND = """
import asyncio, sys
from app.core.db import dispose_engine, write_transaction
from app.services.backoffice import audit
from models.base import utcnow

async def main(count):
    for n in range(count):
        async with write_transaction() as session:
            await audit.append(session, audit.SYSTEM, "test.entry", now=utcnow(), target=f"t{n}")
    await dispose_engine()

asyncio.run(main(int(sys.argv[1])))
"""


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return _run(env, "-m", "app.cli", *args)


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_create_admin_then_verify_and_find_a_change(tmp_path: Path) -> None:
    database = tmp_path / "cli.db"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DATA_DIR": str(tmp_path)}
    env.pop("REDIS_URL", None)
    env.pop("STAFF_PASSWORD", None)
    assert _cli(env, "migrate").returncode == 0
    made = _cli(env, "create-admin", "Chief")
    assert made.returncode == 0, made.stderr
    first = re.search(r"/admin/enrol\?token=([\w-]+)", made.stdout)
    assert first is not None and len(first.group(1)) >= 43
    assert "secret" not in made.stdout and "otpauth" not in made.stdout
    again = _cli(env, "create-admin", "second")
    assert again.returncode == 2 and "Staff accounts exist already" in again.stderr
    renewed = _cli(env, "staff-invite", "chief")
    second = re.search(r"/admin/enrol\?token=([\w-]+)", renewed.stdout)
    assert renewed.returncode == 0 and second is not None and second.group(1) != first.group(1)
    assert _cli(env, "staff-invite", "nobody").returncode == 2
    with sqlite3.connect(database) as connection:
        # No credentials until the holder enrols; tokens kept only as digests, the first one
        # replaced; the log names no token.
        assert connection.execute(
            "SELECT password_hash, totp_secret_encrypted FROM staffmember"
        ).fetchall() == [("", "")]
        invitations = connection.execute(
            "SELECT token_digest, revoked_at IS NOT NULL FROM staff_invitation ORDER BY id"
        ).fetchall()
        logged = " ".join(
            row[0] for row in connection.execute("SELECT detail || target FROM audit_entry")
        )
    assert [revoked for _, revoked in invitations] == [1, 0]
    for token in (first.group(1), second.group(1)):
        assert token not in repr(invitations) and token not in logged

    verified = _cli(env, "audit-log-verify")
    # staff.create, staff.invite, then staff.reset, staff.invite
    assert verified.returncode == 0 and "intact, 4 entries" in verified.stdout
    with sqlite3.connect(database) as connection:
        # Past the append-only triggers, as someone with the rights to drop them.
        connection.execute("DROP TRIGGER audit_entry_no_update")
        connection.execute("UPDATE audit_entry SET target = 'someone-else' WHERE seq = 1")
    broken = _cli(env, "audit-log-verify")
    assert broken.returncode == 1 and "BROKEN at entry 1 (changed)" in broken.stdout


def _env(data_dir: Path, database: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DATA_DIR": str(data_dir)}
    env.pop("REDIS_URL", None)
    env.pop("AUDIT_LOG_KEY", None)
    env.pop("AUDIT_CHECKPOINT_PATH", None)
    return env


def _copy(database: Path, to: Path) -> Path:
    with sqlite3.connect(database) as source, sqlite3.connect(to) as target:
        source.backup(target)
    return to


def _forge(database: Path, change: Callable[[Session], None]) -> None:
    """Change the log past its triggers, as someone with the rights to drop them."""
    engine = create_engine(f"sqlite:///{database}")
    with Session(engine) as session:
        for trigger in ("audit_entry_no_update", "audit_entry_no_delete"):
            session.connection().exec_driver_sql(f"DROP TRIGGER IF EXISTS {trigger}")
        change(session)
        session.commit()
    engine.dispose()


def _rechain(
    session: Session, first: int, target: str | None = None, until: int | None = None
) -> None:
    """Recompute the plain SHA-256 chain from entry `first` on (after changing its target),
    up to entry `until`, or to the end and the head row with it."""
    entries = session.exec(select(AuditEntry).order_by(col(AuditEntry.seq))).all()
    prev = audit.GENESIS
    for entry in entries:
        if first <= entry.seq <= (until or entry.seq):
            if entry.seq == first and target is not None:
                entry.target = target
            entry.prev_hash = prev
            entry.hash = audit.unkeyed_hash(prev, entry)
            session.add(entry)
        prev = entry.hash
    if until is None:
        _head(session, entries[-1].seq, prev)


def _head(session: Session, seq: int, hash_: str) -> None:
    head = session.get(AuditHead, audit.HEAD_ID)
    assert head is not None
    head.seq, head.hash = seq, hash_
    session.add(head)


def _cut_tail(session: Session, keep_until: int) -> None:
    kept = session.exec(select(AuditEntry).where(AuditEntry.seq == keep_until)).one()
    for entry in session.exec(select(AuditEntry).where(col(AuditEntry.seq) > keep_until)):
        session.delete(entry)
    _head(session, kept.seq, kept.hash)


def test_rewrites_removals_and_truncations_are_found(tmp_path: Path) -> None:
    database = tmp_path / "log.db"
    env = _env(tmp_path, database)
    assert _cli(env, "migrate").returncode == 0
    grown = _run(env, "-c", APPEND, "4")
    assert grown.returncode == 0, grown.stderr
    kept_elsewhere = _cli(env, "audit-log-checkpoint")
    assert kept_elsewhere.returncode == 0
    assert "audit-checkpoint seq=4 count=4" in kept_elsewhere.stdout
    (tmp_path / "offsite.log").write_text(kept_elsewhere.stdout)
    intact = _cli(env, "audit-log-verify")
    assert intact.returncode == 0
    assert "intact, 4 entries checked; 4 checkpoints match" in intact.stdout

    # The reported attack: entry 2 edited and the chain recomputed (it was plain SHA-256).
    edited = _copy(database, tmp_path / "edited.db")
    _forge(edited, lambda session: _rechain(session, 2, target="someone-else"))
    found = _cli(_env(tmp_path, edited), "audit-log-verify")
    assert found.returncode == 1 and "BROKEN at entry 2 (changed)" in found.stdout

    # The last entry removed and the head row rewound to the one before.
    last = _copy(database, tmp_path / "last.db")
    _forge(last, lambda session: _cut_tail(session, 3))
    found = _cli(_env(tmp_path, last), "audit-log-verify")
    assert found.returncode == 1 and "BROKEN at entry 4 (truncated)" in found.stdout

    # The last two removed, and the checkpoint file with them: the copy kept elsewhere tells.
    cut = _copy(database, tmp_path / "cut.db")
    _forge(cut, lambda session: _cut_tail(session, 2))
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(tmp_path / "audit_log_key", bare / "audit_log_key")
    alone = _cli(_env(bare, cut), "audit-log-verify")
    assert alone.returncode == 1 and "(unanchored)" in alone.stdout
    offsite = str(tmp_path / "offsite.log")
    found = _cli(_env(bare, cut), "audit-log-verify", "--checkpoints", offsite)
    assert found.returncode == 1 and "BROKEN at entry 3 (truncated)" in found.stdout


def test_a_database_from_before_the_key_keeps_verifying(tmp_path: Path) -> None:
    database = tmp_path / "old.db"
    env = _env(tmp_path, database)
    assert _cli(env, "migrate").returncode == 0

    def old_log(session: Session) -> None:
        # Two entries of the unkeyed chain, as the release before the key wrote them.
        for seq in (1, 2):
            session.add(AuditEntry(seq=seq, at=utcnow(), action="old", prev_hash="", hash=""))
        session.flush()
        _rechain(session, 1)

    _forge(database, old_log)
    before = _cli(env, "audit-log-verify")
    assert before.returncode == 0
    assert "intact, 2 entries checked, 2 of them from before the key" in before.stdout
    assert _cli(env, "create-admin", "Chief").returncode == 0
    keyed = _cli(env, "audit-log-verify")
    assert keyed.returncode == 0
    # the marker, then create-admin's staff.create and staff.invite
    assert "intact, 5 entries checked, 2 of them from before the key" in keyed.stdout
    with sqlite3.connect(database) as connection:
        (marker,) = connection.execute("SELECT action FROM audit_entry WHERE seq = 3").fetchone()
    assert marker == audit.KEYED_ACTION

    # An old entry edited and the old part recomputed: the keyed entry no longer follows it.
    edited = _copy(database, tmp_path / "edited.db")
    _forge(edited, lambda session: _rechain(session, 1, target="someone-else", until=2))
    found = _cli(_env(tmp_path, edited), "audit-log-verify")
    assert found.returncode == 1 and "BROKEN at entry 3 (inserted)" in found.stdout


def test_every_command_the_parser_knows_has_its_work() -> None:
    commands = next(
        action.choices
        for action in command_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    assert set(commands) == set(COMMANDS)
