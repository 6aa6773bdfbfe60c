"""Mission progress and race scores under 500 settled bets a second, on PostgreSQL.

A private PostgreSQL database (migrated, demo data: BR1's demo missions and races) gets 500
BR1 members. For `SECONDS` seconds a writer commits 500 settled bets a second (wager facts of
random members, categories and games, a share of them Limbo wins of 5x or more, 10 facts per
transaction), while the mission-progress consumer runs as the embedded runner runs it:
`missions.catch_up` on every tick of its 1-second period (missions and races in one handler).

Lag of a fact = the end of the job run that counted it - the moment its transaction
committed. Baseline in the same run: a consumer with an empty handler reads the same backlog
(the stream's own cost); the ratio says what the missions' work adds to it.
`BENCH_DATABASE=sqlite` runs the embedded mode on a SQLite file of its own.

Goal (issue 17): the loyalty consumers keep up with 500 settled bets a second, lag p95 < 2 s.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

from sqlalchemy import func
from sqlmodel import select

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.jobs.fact_consumers import FOLLOW_JOB
from app.services import wager_facts
from app.services.loyalty import missions
from bench.bench_bonus_wagering import on_private_sqlite
from bench.bench_ledger import on_private_database
from bench.common import Figure
from bench.consumer_lag import counted_ids, job_beside, write_steadily
from models import Member, Merchant, MissionProgress, RaceEntry
from models.base import saved_id

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/loyalty/missions.py", "app/jobs/loyalty_missions.py")

RATE = int(os.environ.get("BENCH_RATE", "500"))  # settled bets a second
SECONDS = int(os.environ.get("BENCH_SECONDS", "30"))
MEMBERS = 500
PER_TRANSACTION = 10
CAPACITY_FACTS = 10_000
TICK_SECONDS = 1.0  # the fact-consumers job's period (app/jobs/fact_consumers.py)
NO_LOGIN = "!"  # an unusable hash: these members never log in
BASELINE = "bench-baseline"
GAMES = (("RNG", "BENCH_SLOT"), ("RNG", "BENCH_SLOT"), ("INHOUSE", "BGS_LIMBO"), ("LIVE", "L"))


def _fact(member_id: int, brand_id: int, rng: random.Random) -> wager_facts.Fact:
    category, game = rng.choice(GAMES)
    stake = Decimal(rng.choice(("1.00", "2.00", "5.00", "10.00")))
    win = stake * rng.choice((0, 0, 1, 2, 5, 10))
    return wager_facts.Fact(
        member_id=member_id,
        brand_id=brand_id,
        vendor="BENCH",
        game_code=game,
        category=category,
        currency="BRL",
        round_ref=uuid4().hex,
        bet=stake,
        valid_bet=stake,
        win=win,
        settled_at=datetime.now(UTC),
    )


async def _setup() -> tuple[int, list[int]]:
    await seed_demo_data()
    await missions.register()
    await wager_facts.register_consumer(BASELINE, from_now=True)
    async with write_transaction() as session:
        brand = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        brand_id = saved_id(brand.id)
        members = [
            Member(merchant_id=brand_id, username=f"mb{n}{uuid4().hex[:6]}", password_hash=NO_LOGIN)
            for n in range(MEMBERS)
        ]
        session.add_all(members)
    return brand_id, [m.id for m in members if m.id is not None]


async def _tick() -> list[int]:
    """One run of the mission-progress consumer (missions.catch_up): missions and races."""
    return await counted_ids(missions.CONSUMER, lambda: missions._Progress(datetime.now(UTC)))


async def _baseline_tick() -> int:
    async def nothing(_session: Any, _facts: Sequence[Any]) -> None:
        return None

    return await wager_facts.catch_up(BASELINE, nothing, batch_size=2000)


async def _rows(table: Any) -> int:
    async with session_scope() as session:
        return int((await session.exec(select(func.count()).select_from(table))).one())


async def _measure() -> list[Figure]:
    brand_id, members = await _setup()
    commits: dict[int, float] = {}
    lags: list[float] = []
    stop = asyncio.Event()
    job = asyncio.create_task(job_beside(_tick, stop, commits, lags, tick_seconds=TICK_SECONDS))
    began = time.perf_counter()
    written = await write_steadily(
        lambda rng: _fact(rng.choice(members), brand_id, rng),
        commits,
        rate=RATE,
        per_transaction=PER_TRANSACTION,
        seconds=SECONDS,
    )
    elapsed = time.perf_counter() - began
    stop.set()
    counted = await job
    await _baseline_tick()  # the baseline consumer starts level with the backlog below
    # Capacity: a backlog of CAPACITY_FACTS written at once, read by the baseline consumer
    # (empty handler), then by one run of the mission job.
    rng = random.Random(11)
    for _ in range(CAPACITY_FACTS // 500):
        async with write_transaction() as session:
            await wager_facts.record(
                session, [_fact(rng.choice(members), brand_id, rng) for _ in range(500)]
            )
    baseline_began = time.perf_counter()
    baseline_read = await _baseline_tick()
    baseline = baseline_read / (time.perf_counter() - baseline_began)
    backlog_began = time.perf_counter()
    caught_up = len(await _tick())
    capacity = caught_up / (time.perf_counter() - backlog_began)
    progress_rows, race_rows = await _rows(MissionProgress), await _rows(RaceEntry)
    await dispose_engine()
    lags.sort()
    p95 = lags[int(len(lags) * 0.95) - 1] if lags else float("nan")
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("settled bets written", written, "facts"),
        Figure("write rate achieved", written / elapsed, "facts/s", f"{RATE}"),
        Figure("facts counted by the mission job", counted, "facts", "all", counted >= written),
        Figure("mission progress rows", progress_rows, "rows"),
        Figure("race entries", race_rows, "rows"),
        Figure("lag p50", statistics.median(lags) if lags else float("nan"), "s"),
        Figure("lag p95", p95, "s", "< 2 s", p95 < 2.0),
        Figure("lag max", max(lags) if lags else float("nan"), "s"),
        Figure("baseline: empty consumer over the backlog", baseline, "facts/s"),
        Figure("mission job over the same backlog", capacity, "facts/s", "> 500", capacity > RATE),
        Figure("ratio mission job / baseline", capacity / baseline if baseline else 0.0, "x"),
        Figure("job tick", TICK_SECONDS, "s", FOLLOW_JOB.cron),
    ]


def measure(_url: str) -> list[Figure]:
    return asyncio.run(_measure())


def run() -> list[Figure]:
    """PostgreSQL (scaled mode) by default; BENCH_DATABASE=sqlite for the embedded mode."""
    if os.environ.get("BENCH_DATABASE") == "sqlite":
        return on_private_sqlite(measure)
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
