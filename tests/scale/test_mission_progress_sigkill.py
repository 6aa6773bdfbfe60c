"""Mission progress counts each fact once across a SIGKILL (PostgreSQL, scaled mode): two
procrastinate workers run the app's jobs (the mission-progress job every second) while the
test writes settled bets of one member. A test connection holds the row lock of the
member's progress so a run stops inside its transaction; both workers are SIGKILLed, the
lock let go and a worker started again, which catches up. Afterwards the member's progress
equals the number of bets written: none counted twice, none lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from uuid import uuid4

import psycopg
import pytest
from sqlalchemy import create_engine

from alembic import command
from app.core.config import PROJECT_ROOT
from app.core.db import sync_url
from tests.conftest import alembic_config
from tests.helpers.databases import create_postgres_database, drop_postgres_database, use_postgres
from tests.helpers.jobs import EFFECTS
from tests.scale.test_job_sigkill import JobProcess

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
        engine = create_engine(sync_url(url))
        EFFECTS.create(engine)  # the job processes also run the job tests' effect job
        engine.dispose()
        yield url
    finally:
        drop_postgres_database(url)


def _world(database: str) -> dict[str, int]:
    env = {**os.environ, "DATABASE_URL": database}
    env.pop("REDIS_URL", None)
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.mission_world"],
        cwd=PROJECT_ROOT, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    world: dict[str, int] = json.loads(out.stdout.strip().splitlines()[-1])
    return world


def _wait_for(
    what: str, check: Callable[[], bool], logs: list[JobProcess], deadline: float
) -> None:
    while not check():
        if time.monotonic() > deadline:
            tails = "\n".join(f"--- {p.name}\n{p.log.read_text()[-3000:]}" for p in logs)
            pytest.fail(f"timed out waiting for {what}\n{tails}")
        time.sleep(0.1)


def test_mission_progress_counts_each_fact_once_across_a_sigkill(
    database: str, tmp_path: Path
) -> None:
    world = _world(database)
    watch = psycopg.connect(database, autocommit=True)
    holder = psycopg.connect(database)  # a transaction of its own: the row lock
    a, b = (
        JobProcess("missions-a", database, tmp_path),
        JobProcess("missions-b", database, tmp_path),
    )
    deadline = time.monotonic() + DEADLINE_SECONDS
    written = {"n": 0}

    def play() -> None:
        written["n"] += 1
        watch.execute(
            "INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, "
            "currency, round_ref, kind, bet, valid_bet, win, net, settled_at) VALUES "
            "(txid_current(), %s, %s, 'TEST', 'TEST_GAME', 'RNG', 'BRL', %s, 'SETTLED', "
            "10, 10, 0, -10, clock_timestamp())",
            (world["member"], world["merchant"], uuid4().hex),
        )

    def progress() -> tuple[int, int] | None:
        row = watch.execute(
            "SELECT id, progress FROM mission_progress WHERE mission_id = %s AND member_id = %s",
            (world["mission"], world["member"]),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def waiting_on_lock() -> bool:
        row = watch.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid "
            "WHERE NOT l.granted AND s.application_name IN (%s, %s)",
            (a.name, b.name),
        ).fetchone()
        return row is not None and row[0] > 0

    def playing(check: Callable[[], bool]) -> Callable[[], bool]:
        def step() -> bool:
            play()
            return check()

        return step

    try:
        a.start()
        b.start()
        _wait_for("a first count", playing(lambda: progress() is not None), [a, b], deadline)
        found = progress()
        assert found is not None
        holder.execute("SELECT id FROM mission_progress WHERE id = %s FOR UPDATE", (found[0],))
        _wait_for("a run stopped on the lock", playing(waiting_on_lock), [a, b], deadline)
        a.kill()
        b.kill()
        holder.rollback()  # the lock goes; nothing of the killed runs was committed
        a.start()
        for _ in range(20):
            play()
        _wait_for(
            "every bet counted",
            lambda: (progress() or (0, 0))[1] >= written["n"],
            [a],
            deadline,
        )
        time.sleep(2.5)  # two more runs of the job: nothing is counted again
    finally:
        a.stop()
        b.stop()
        holder.close()
    final = progress()
    watch.close()
    assert final is not None and final[1] == written["n"]
