"""The operator's commands on a database of their own: migrate, create the first admin (a
one-time invitation link printed, never a password or TOTP secret; a second time refused),
issue a staff member a new invitation, verify the audit log, find a change."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from app.core.config import PROJECT_ROOT


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
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
