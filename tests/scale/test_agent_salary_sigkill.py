"""Real-time salary is paid once per period across two job processes and a SIGKILL
(PostgreSQL, scaled mode): two procrastinate workers run the app's jobs with the real-time
salary every two seconds (JOB_PERIOD_SECONDS) while the test writes wager facts of the
agent's players. A test connection holds a row lock the salary needs (the agent's cash
account) so a worker's run stops inside its transaction; that worker is SIGKILLed, the lock
let go and the worker started again. Afterwards every window from the first to the last
has exactly one payout line, no window is missing, and the agent's cash equals the rate
times the valid bet of the paid windows, once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from itertools import pairwise
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

JOB = "agent-realtime-salary"
PERIOD = timedelta(seconds=2)
DEADLINE_SECONDS = 60.0
RATE = Decimal("0.01")


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


def _world(database: str) -> dict[str, object]:
    env = {**os.environ, "DATABASE_URL": database}
    env.pop("REDIS_URL", None)
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.agent_world"],
        cwd=PROJECT_ROOT, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    world: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return world


def _wait_for(
    what: str, check: Callable[[], bool], logs: list[JobProcess], deadline: float
) -> None:
    while not check():
        if time.monotonic() > deadline:
            tails = "\n".join(f"--- {p.name}\n{p.log.read_text()[-3000:]}" for p in logs)
            pytest.fail(f"timed out waiting for {what}\n{tails}")
        time.sleep(0.1)


def test_realtime_salary_once_per_period_across_a_sigkill(database: str, tmp_path: Path) -> None:
    world = _world(database)
    agent, merchant = world["agent"], world["merchant"]
    players = list(world["players"])  # type: ignore[call-overload]
    watch = psycopg.connect(database, autocommit=True)
    holder = psycopg.connect(database)  # a transaction of its own: the row lock
    a, b = JobProcess("agent-a", database, tmp_path), JobProcess("agent-b", database, tmp_path)
    deadline = time.monotonic() + DEADLINE_SECONDS
    counter = {"n": 0}

    def play() -> None:
        """One settled bet of 10.00 by one of the players, now."""
        counter["n"] += 1
        watch.execute(
            "INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, "
            "currency, round_ref, kind, bet, valid_bet, win, net, settled_at) VALUES "
            "(txid_current(), %s, %s, 'TEST', 'TEST_GAME', 'RNG', 'BRL', %s, 'SETTLED', "
            "10, 10, 4, -6, clock_timestamp())",
            (players[counter["n"] % len(players)], merchant, uuid4().hex),
        )

    def runs(state: str) -> list[tuple[datetime, str]]:
        return watch.execute(
            "SELECT period_at, worker FROM job_run WHERE job = %s AND state = %s",
            (JOB, state),
        ).fetchall()

    def playing(check: Callable[[], bool]) -> Callable[[], bool]:
        def step() -> bool:
            play()
            return check()

        return step

    def cash_account() -> int | None:
        row = watch.execute(
            "SELECT id FROM ledger_account WHERE member_id = %s AND kind = 'MEMBER_CASH'",
            (agent,),
        ).fetchone()
        return None if row is None else int(row[0])

    def waiting_on_lock(app_name: str) -> bool:
        row = watch.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid "
            "WHERE NOT l.granted AND s.application_name = %s",
            (app_name,),
        ).fetchone()
        return row is not None and row[0] > 0

    try:
        a.start()
        b.start()
        _wait_for(
            "two workers and a first paid window",
            playing(lambda: len(runs("succeeded")) >= 1 and cash_account() is not None),
            [a, b],
            deadline,
        )
        account = cash_account()
        holder.execute("SELECT id FROM ledger_account WHERE id = %s FOR UPDATE", (account,))
        killed_pid = a.pid

        def running_on_a() -> list[datetime]:
            return [p for p, w in runs("running") if w.endswith(f":{killed_pid}")]

        _wait_for(
            "A stopped inside a salary run",
            playing(lambda: waiting_on_lock(a.name) and bool(running_on_a())),
            [a, b],
            deadline,
        )
        killed_period = min(running_on_a())
        a.kill()
        holder.rollback()  # the lock goes
        a.start()
        last = killed_period + PERIOD * 5
        _wait_for(
            "the killed window redone and more windows paid",
            playing(lambda: {p for p, _ in runs("succeeded")} >= {killed_period, last}),
            [a, b],
            deadline,
        )
    finally:
        a.stop()
        b.stop()
        holder.close()

    lines = watch.execute(
        "SELECT period_start, period_end, amount FROM agent_payout WHERE agent_id = %s "
        "AND kind = 'REALTIME_SALARY' ORDER BY period_start",
        (agent,),
    ).fetchall()
    paid = watch.execute(
        "SELECT coalesce(sum(e.amount), 0), count(*) FROM ledger_entry e "
        "JOIN ledger_account acc ON acc.id = e.account_id "
        "JOIN ledger_transaction t ON t.id = e.transaction_id "
        "WHERE acc.member_id = %s AND acc.kind = 'MEMBER_CASH' AND t.kind = 'SALARY'",
        (agent,),
    ).fetchone()
    all_runs = watch.execute(
        "SELECT period_at, state, attempts, error FROM job_run WHERE job = %s ORDER BY period_at",
        (JOB,),
    ).fetchall()
    watch.close()
    assert paid is not None
    starts = [start for start, _, _ in lines]
    # Once per window (the unique key) and no window missing between the first and last.
    assert len(starts) == len(set(starts))
    for (_, end, _), (start, _, _) in pairwise(lines):
        assert start == end, f"a gap between {end} and {start}: {all_runs}"
    assert killed_period - 2 * PERIOD in starts  # the killed run's window, paid by a live one
    # Each window pays the rate of its facts' valid bet (10.00 a bet → 0.10), once.
    total = sum((Decimal(str(amount)) for _, _, amount in lines), Decimal("0"))
    assert Decimal(str(paid[0])) == total
    assert paid[1] == sum(1 for *_, amount in lines if amount > 0)
    assert all(Decimal(str(amount)) % (RATE * 10) == 0 for *_, amount in lines)
