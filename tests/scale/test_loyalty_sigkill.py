"""The loyalty consumer counts each wager fact once across a SIGKILL (PostgreSQL): a consumer
process counts facts the test writes; a test connection holds a table lock the consumer's
next batch needs (the players' days), so the process stops inside its transaction and is
SIGKILLed there; the lock goes and a new process catches up. Afterwards the players' days
and rebate lines hold exactly the facts' valid bet, and the stream position is the last
fact."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from uuid import uuid4

import psycopg
import pytest

from alembic import command
from app.core.config import PROJECT_ROOT
from tests.conftest import alembic_config
from tests.helpers.databases import create_postgres_database, drop_postgres_database, use_postgres

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not use_postgres(), reason="scaled mode: TEST_DATABASE=postgres"),
]

DEADLINE_SECONDS = 90.0


@pytest.fixture
def database() -> Iterator[str]:
    url = create_postgres_database()
    try:
        command.upgrade(alembic_config(url), "head")
        yield url
    finally:
        drop_postgres_database(url)


class Consumer:
    def __init__(self, name: str, database: str, folder: Path) -> None:
        self.name, self.database, self.log = name, database, folder / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": self.database, "PGAPPNAME": self.name}
        env.pop("REDIS_URL", None)
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.helpers.loyalty_consumer", "run"],
                cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def _wait_for(what: str, check: Callable[[], bool], logs: list[Consumer], deadline: float) -> None:
    while not check():
        if time.monotonic() > deadline:
            tails = "\n".join(f"--- {c.name}\n{c.log.read_text()[-3000:]}" for c in logs)
            pytest.fail(f"timed out waiting for {what}\n{tails}")
        time.sleep(0.1)


def test_each_fact_counts_once_across_a_sigkill(database: str, tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": database}
    env.pop("REDIS_URL", None)
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.loyalty_consumer", "world"],
        cwd=PROJECT_ROOT, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    world = json.loads(out.stdout.strip().splitlines()[-1])
    players, merchant = world["players"], world["merchant"]
    watch = psycopg.connect(database, autocommit=True)
    holder = psycopg.connect(database)
    a, b = Consumer("loyalty-a", database, tmp_path), Consumer("loyalty-b", database, tmp_path)
    deadline = time.monotonic() + DEADLINE_SECONDS
    written = {"n": 0}

    def play(count: int = 1) -> None:
        for _ in range(count):
            written["n"] += 1
            watch.execute(
                "INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, "
                "category, currency, round_ref, kind, bet, valid_bet, win, net, settled_at) "
                "VALUES (txid_current(), %s, %s, 'TEST', 'TEST_GAME', 'RNG', 'BRL', %s, "
                "'SETTLED', 10, 10, 0, -10, clock_timestamp())",
                (players[written["n"] % len(players)], merchant, uuid4().hex),
            )

    def counted() -> Decimal:
        row = watch.execute(
            "SELECT coalesce(sum(valid_bet), 0) FROM loyalty_day WHERE member_id = ANY(%s)",
            (players,),
        ).fetchone()
        assert row is not None
        return Decimal(str(row[0]))

    def waiting_on_lock(app_name: str) -> bool:
        row = watch.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid "
            "WHERE NOT l.granted AND s.application_name = %s",
            (app_name,),
        ).fetchone()
        return row is not None and row[0] > 0

    try:
        a.start()
        play(30)
        _wait_for("a first count", lambda: counted() > 0, [a], deadline)
        # A table lock the consumer's next upsert waits for, inside its batch. (A row lock
        # would give the holder a transaction id, and the consumer reads only facts of
        # transactions older than every open one: it would wait before its batch instead.)
        holder.execute("LOCK TABLE loyalty_day IN SHARE MODE")
        play(30)
        _wait_for("A stopped inside a batch", lambda: waiting_on_lock(a.name), [a], deadline)
        a.kill()
        holder.rollback()
        play(30)
        b.start()
        expected = Decimal(10 * written["n"])
        _wait_for("B caught up", lambda: counted() == expected, [a, b], deadline)
        time.sleep(1.0)  # a little longer: nothing more may be counted
    finally:
        a.kill()
        b.kill()
        holder.close()
    lines = watch.execute(
        "SELECT coalesce(sum(base), 0) FROM rebate_line WHERE member_id = ANY(%s)", (players,)
    ).fetchone()
    position = watch.execute(
        "SELECT fact_id, processed FROM wager_fact_consumer WHERE name = 'loyalty'"
    ).fetchone()
    last = watch.execute("SELECT max(id) FROM wager_fact").fetchone()
    days = counted()
    watch.close()
    assert days == expected
    assert lines is not None and Decimal(str(lines[0])) == expected
    assert position is not None and last is not None and position[0] == last[0]
    assert position[1] == written["n"]
