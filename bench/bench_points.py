"""Points earning under 500 settled bets a second, on PostgreSQL.

A private PostgreSQL database (migrated, demo data with the demo points ratios) gets 500 BR1
members, one in twenty under a self-exclusion (they earn nothing). Then, for `SECONDS`
seconds, a writer commits 500 settled bets a second (wager facts of random members and
categories, 10 facts per transaction, as a busy seamless wallet's rounds would), while the
points job runs as the embedded runner runs it: `points.catch_up_earning` on every tick of its
1-second period. Each batch credits its points as ledger movements (one per member and
category), keyed by the batch's first fact of that member and category.

Lag of a fact = the end of the job run that counted it - the moment its transaction
committed. Baseline, in the same run: a backlog of facts read by a consumer that does nothing
(the stream's own cost), then the same backlog read by the points consumer; the ratio is the
points consumer's catch-up capacity over the baseline's. `BENCH_DATABASE=sqlite` runs the
embedded mode on a SQLite file of its own.

As in bench_bonus_wagering: on PostgreSQL a consumer reads only facts of transactions older
than the cluster's oldest running one, so a session left idle in transaction anywhere on the
shared machine holds it back (it never loses a fact), and the figures then show it.

Goal (issue 17): the loyalty consumers keep up with 500 settled bets a second, lag p95 < 2 s.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from uuid import uuid4

from sqlmodel import select

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.jobs.fact_consumers import FOLLOW_JOB
from app.services import ledger, wager_facts
from app.services.loyalty import points
from bench.bench_bonus_wagering import on_private_sqlite
from bench.bench_ledger import on_private_database
from bench.common import Figure
from bench.consumer_lag import counted_ids, job_beside, write_steadily
from models import Member, Merchant
from models.protection import ExclusionKind, MemberProtection

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/loyalty/points.py", "app/jobs/points.py")

RATE = int(os.environ.get("BENCH_RATE", "500"))  # settled bets a second
SECONDS = int(os.environ.get("BENCH_SECONDS", "30"))
MEMBERS = 500
PER_TRANSACTION = 10
CAPACITY_FACTS = 10_000
TICK_SECONDS = 1.0  # the fact-consumers job's period (app/jobs/fact_consumers.py)
NO_LOGIN = "!"  # an unusable hash: these members never log in
CATEGORIES = ("RNG", "RNG", "LIVE", "SPORTS", "FISH", "PVP", "LOTT")
STAKES = ("1.00", "2.00", "5.00", "10.00", "60.00")
BASELINE = "bench-points-baseline"
IDLE_TICKS = 10


def _fact(member_id: int, brand_id: int, stake: Decimal, category: str) -> wager_facts.Fact:
    return wager_facts.Fact(
        member_id=member_id,
        brand_id=brand_id,
        vendor="BENCH",
        game_code="BENCH_GAME",
        category=category,
        currency="BRL",
        round_ref=uuid4().hex,
        bet=stake,
        valid_bet=stake,
        win=Decimal("0.00"),
        settled_at=datetime.now(UTC),
    )


async def _setup() -> tuple[int, list[int]]:
    await seed_demo_data()
    await points.catch_up_earning(datetime.now(UTC))
    await wager_facts.register_consumer(BASELINE, from_now=True)
    async with write_transaction() as session:
        brand = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        members = [
            Member(
                merchant_id=brand.id,
                username=f"benchpts{n}{uuid4().hex[:6]}",
                password_hash=NO_LOGIN,
            )
            for n in range(MEMBERS)
        ]
        session.add_all(members)
    assert brand.id is not None
    ids = [m.id for m in members if m.id is not None]
    async with write_transaction() as session:
        for member_id in ids[::20]:
            session.add(
                MemberProtection(
                    member_id=member_id,
                    excluded_kind=ExclusionKind.SELF_EXCLUSION.value,
                    excluded_at=datetime.now(UTC) - timedelta(days=1),
                )
            )
    return brand.id, ids


async def _tick() -> list[int]:
    """One run of the points-earning consumer (points.catch_up_earning)."""
    return await counted_ids(points.CONSUMER, lambda: points._Earning(datetime.now(UTC)))


async def _baseline_tick() -> int:
    """The same stream read by a consumer that does nothing: the stream's own cost."""

    async def nothing(session: Any, facts: Any) -> None:
        return None

    total = 0
    while done := await wager_facts.process(BASELINE, nothing, batch_size=2000):
        total += done
    return total


async def _measure() -> list[Figure]:
    brand_id, members = await _setup()
    commits: dict[int, float] = {}
    lags: list[float] = []
    stop = asyncio.Event()
    # After the writer: until every fact is counted, or IDLE_TICKS idle runs (the horizon held).
    job = asyncio.create_task(
        job_beside(_tick, stop, commits, lags, tick_seconds=TICK_SECONDS, idle_ticks=IDLE_TICKS)
    )
    began = time.perf_counter()
    written = await write_steadily(
        lambda rng: _fact(
            rng.choice(members), brand_id, Decimal(rng.choice(STAKES)), rng.choice(CATEGORIES)
        ),
        commits,
        rate=RATE,
        per_transaction=PER_TRANSACTION,
        seconds=SECONDS,
    )
    elapsed = time.perf_counter() - began
    stop.set()
    counted = await job
    await _baseline_tick()  # the baseline consumer starts level with the backlog below
    # Capacity: a backlog of CAPACITY_FACTS written at once, read by the baseline, then by
    # one points job run.
    rng = random.Random(11)
    for _ in range(CAPACITY_FACTS // 500):
        async with write_transaction() as session:
            await wager_facts.record(
                session,
                [
                    _fact(rng.choice(members), brand_id, Decimal("2.00"), rng.choice(CATEGORIES))
                    for _ in range(500)
                ],
            )
    baseline_began = time.perf_counter()
    baseline_read = await _baseline_tick()
    baseline = baseline_read / (time.perf_counter() - baseline_began)
    backlog_began = time.perf_counter()
    caught_up = len(await _tick())
    capacity = caught_up / (time.perf_counter() - backlog_began)
    async with session_scope() as session:
        audit = await ledger.audit(session)
    await dispose_engine()
    lags.sort()
    p95 = lags[int(len(lags) * 0.95) - 1] if lags else float("nan")
    load = os.getloadavg()[0]
    return [
        Figure("machine load average (1 min) at the end", load, ""),
        Figure("settled bets written", written, "facts"),
        Figure("write rate achieved", written / elapsed, "facts/s", f"{RATE}"),
        Figure("facts counted by the points job", counted, "facts", "all", counted >= written),
        Figure("lag p50", statistics.median(lags) if lags else float("nan"), "s"),
        Figure("lag p95", p95, "s", "< 2 s", p95 < 2.0),
        Figure("lag max", max(lags) if lags else float("nan"), "s"),
        Figure("baseline: a do-nothing consumer's catch-up", baseline, "facts/s"),
        Figure(
            "points consumer's catch-up (one job run, no writer)",
            capacity,
            "facts/s",
            "> 500",
            capacity > RATE,
        ),
        Figure("ratio points / baseline", capacity / baseline if baseline else 0.0, "x"),
        Figure(
            "ledger audit after the run", 1.0 if audit.clean else 0.0, "clean", "1", audit.clean
        ),
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
