"""The SIGKILL proof of scheduled jobs in scaled mode: two job processes (procrastinate
workers) on a database of their own run a job every two seconds whose effect is a row per
run. One process is SIGKILLed in the middle of a run — its effect written, not committed —
and started again; the other goes on. Every period then has exactly one effect, with no
gap, and the killed period was redone by a live process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine

from alembic import command
from app.core.config import PROJECT_ROOT
from app.core.db import sync_url
from tests.conftest import alembic_config
from tests.helpers.databases import create_postgres_database, drop_postgres_database, use_postgres
from tests.helpers.jobs import EFFECTS, HOLD_LOCK_KEY, period_text

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not use_postgres(), reason="scaled mode: TEST_DATABASE=postgres"),
]

JOB = "sigkill-effect"
PERIOD_SECONDS = 2
STALLED_SECONDS = 3
PERIODS_AFTER_KILL = 5
DEADLINE_SECONDS = 45.0


@pytest.fixture
def database() -> Iterator[str]:
    url = create_postgres_database()
    try:
        command.upgrade(alembic_config(url), "head")
        engine = create_engine(sync_url(url))
        EFFECTS.create(engine)
        engine.dispose()
        yield url
    finally:
        drop_postgres_database(url)


class JobProcess:
    def __init__(self, name: str, database: str, folder: Path) -> None:
        self.name = name
        self.database = database
        self.log = folder / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": self.database,
            "JOB_PERIOD_SECONDS": str(PERIOD_SECONDS),
            "JOB_STALLED_SECONDS": str(STALLED_SECONDS),
            "PGAPPNAME": self.name,  # names this process's connections in pg_stat_activity
        }
        env.pop("REDIS_URL", None)
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.helpers.job_worker", JOB],
                cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def _wait_for(
    what: str, check: Callable[[], bool], logs: list[JobProcess], deadline: float
) -> None:
    while not check():
        if time.monotonic() > deadline:
            tails = "\n".join(f"--- {p.name}\n{p.log.read_text()[-3000:]}" for p in logs)
            pytest.fail(f"timed out waiting for {what}\n{tails}")
        time.sleep(0.1)


def test_a_periodic_effect_happens_once_per_period_across_a_sigkill(
    database: str, tmp_path: Path
) -> None:
    watch = psycopg.connect(database, autocommit=True)
    holder = psycopg.connect(database, autocommit=True)
    a, b = JobProcess("jobs-a", database, tmp_path), JobProcess("jobs-b", database, tmp_path)
    deadline = time.monotonic() + DEADLINE_SECONDS

    def runs(state: str) -> list[tuple[datetime, str]]:
        return watch.execute(
            "SELECT period_at, worker FROM job_run WHERE job = %s AND state = %s",
            (JOB, state),
        ).fetchall()

    def waiting_on_hold(app_name: str) -> bool:
        row = watch.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.objid = %s AND NOT l.granted "
            "AND s.application_name = %s",
            (HOLD_LOCK_KEY, app_name),
        ).fetchone()
        return row is not None and row[0] > 0

    try:
        a.start()
        b.start()
        # Both workers up (registered with a heartbeat) and the job running.
        _wait_for(
            "two workers and a first period",
            lambda: (
                watch.execute("SELECT count(*) FROM procrastinate_workers").fetchone() == (2,)
                and len(runs("succeeded")) >= 1
            ),
            [a, b],
            deadline,
        )
        # Runs now stop inside their transaction, effect written, until the hold ends.
        holder.execute("SELECT pg_advisory_lock(%s)", (HOLD_LOCK_KEY,))
        killed_pid = a.pid

        def running_on_a() -> list[datetime]:
            return [p for p, w in runs("running") if w.endswith(f":{killed_pid}")]

        _wait_for(
            "A in the middle of a run",
            lambda: waiting_on_hold(a.name) and bool(running_on_a()),
            [a, b],
            deadline,
        )
        killed_period = min(running_on_a())
        a.kill()
        holder.execute("SELECT pg_advisory_unlock(%s)", (HOLD_LOCK_KEY,))
        a.start()  # a restart: it offers the same ticks again

        last = killed_period + timedelta(seconds=PERIOD_SECONDS * PERIODS_AFTER_KILL)
        _wait_for(
            "the killed period redone and more periods done",
            lambda: {p for p, _ in runs("succeeded")} >= {killed_period, last},
            [a, b],
            deadline,
        )
    finally:
        a.stop()
        b.stop()
        holder.close()

    effects = watch.execute(
        "SELECT period, pid FROM job_test_effect WHERE job = %s", (JOB,)
    ).fetchall()
    done = watch.execute(
        "SELECT period_at, attempts, state FROM job_run WHERE job = %s ORDER BY period_at", (JOB,)
    ).fetchall()
    watch.close()

    first = min(period for period, _, _ in done)
    expected = []
    period = first
    while period <= last:
        expected.append(period_text(period))
        period += timedelta(seconds=PERIOD_SECONDS)
    per_period = Counter(period for period, _ in effects)
    # Once per period, no gap, from the first period to well after the kill.
    assert [per_period[p] for p in expected] == [1] * len(expected), per_period
    assert max(per_period.values()) == 1
    # The killed run left nothing; a live process did that period again.
    [(_, redoer)] = [(p, pid) for p, pid in effects if p == period_text(killed_period)]
    assert redoer != killed_pid
    attempts = {period_at: (tries, state) for period_at, tries, state in done}
    assert attempts[killed_period][0] >= 2 and attempts[killed_period][1] == "succeeded"
