"""The operator's commands on a database of their own: migrate, create the first admin (its
TOTP enrolment printed once; a second time refused), verify the audit log, find a change."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pyotp

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
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DATA_DIR": str(tmp_path),
        "STAFF_PASSWORD": "a long enough password",
    }
    env.pop("REDIS_URL", None)
    assert _cli(env, "migrate").returncode == 0
    made = _cli(env, "create-admin", "Chief")
    assert made.returncode == 0, made.stderr
    secret = re.search(r"secret: ([A-Z2-7]+)", made.stdout)
    assert secret is not None and "otpauth://totp/" in made.stdout
    assert pyotp.TOTP(secret.group(1)).now().isdigit()
    again = _cli(env, "create-admin", "second")
    assert again.returncode == 2 and "Staff accounts exist already" in again.stderr

    verified = _cli(env, "audit-log-verify")
    assert verified.returncode == 0 and "intact, 1 entries" in verified.stdout
    with sqlite3.connect(database) as connection:
        # Past the append-only triggers, as someone with the rights to drop them.
        connection.execute("DROP TRIGGER audit_entry_no_update")
        connection.execute("UPDATE audit_entry SET target = 'someone-else' WHERE seq = 1")
    broken = _cli(env, "audit-log-verify")
    assert broken.returncode == 1 and "BROKEN at entry 1 (changed)" in broken.stdout
