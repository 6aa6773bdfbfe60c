"""Bonus wagering progress under 500 settled bets a second, on PostgreSQL.

A private PostgreSQL database (migrated, demo data) gets 500 BR1 members, each with a bet
before (Brazil: no bonus before the first bet) and an open bonus grant; a tenth of them have
a requirement they reach during the run, so conversions (a ledger transaction and an inbox
message each) happen under load. Then, for `SECONDS` seconds, a writer commits 500 settled
bets a second (wager facts of random members and categories, 10 facts per transaction, as a
busy seamless wallet's rounds would), while the bonus job runs as the embedded runner runs
it: `bonus.catch_up_wagering` on every tick of its 1-second period.

Lag of a fact = the end of the job run that counted it - the moment its transaction
committed. `BENCH_DATABASE=sqlite` runs the embedded mode on a SQLite file of its own.

On PostgreSQL a consumer reads only facts of transactions older than the cluster's oldest
running one (app/services/wager_facts.py): any session left "idle in transaction", in any
database of the cluster, holds every consumer back until it ends (it never loses a fact).
Production sets `idle_in_transaction_session_timeout`; on the shared bench machine other
people's test sessions may hold the horizon, and the figures then show it.

Goal (issue 16): progress keeps up with 500 settled bets a second, lag p95 < 2 s.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

from sqlmodel import select

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.jobs.fact_consumers import FOLLOW_JOB
from app.services import wager_facts
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from bench.bench_ledger import migrate, on_private_database
from bench.common import Figure, environment
from bench.consumer_lag import counted_ids, job_beside, write_steadily
from models import BonusGrant, Member, Merchant
from models.promotions import GrantStatus
from tests.helpers.databases import new_sqlite_url

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/services/promotions/bonus.py",
    "app/jobs/bonuses.py",
    "app/services/wager_facts.py",
)

RATE = int(os.environ.get("BENCH_RATE", "500"))  # settled bets a second
SECONDS = int(os.environ.get("BENCH_SECONDS", "30"))
MEMBERS = 500
PER_TRANSACTION = 10
CAPACITY_FACTS = 10_000
TICK_SECONDS = 1.0  # the fact-consumers job's period (app/jobs/fact_consumers.py)
NO_LOGIN = "!"  # an unusable hash: these members never log in
CATEGORIES = ("RNG", "RNG", "LIVE", "SPORTS", "FISH", "PVP")
STAKES = ("1.00", "2.00", "5.00", "10.00", "60.00")


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
    async with write_transaction() as session:
        brand = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        members = [
            Member(
                merchant_id=brand.id,
                username=f"bench{n}{uuid4().hex[:6]}",
                password_hash=NO_LOGIN,
            )
            for n in range(MEMBERS)
        ]
        session.add_all(members)
    assert brand.id is not None
    ids = [m.id for m in members if m.id is not None]
    async with write_transaction() as session:  # a bet before, the Brazil rule
        await wager_facts.record(session, [_fact(i, brand.id, Decimal("1.00"), "RNG") for i in ids])
    await bonus.catch_up_wagering(datetime.now(UTC))
    now = datetime.now(UTC)
    for n, member_id in enumerate(ids):
        reachable = n % 10 == 0  # about 300 of valid bet: met during the run
        await bonus.grant(
            member_id,
            BonusTerms(
                amount=Decimal("10.00"),
                multiplier=30 if reachable else 100,
                weights={"SPORTS": 0, "PVP": 0, "LIVE": 50},
                days=7,
                max_bet=Decimal("50.00"),
            ),
            f"bench-{member_id}",
            now,
        )
    return brand.id, ids


async def _tick() -> list[int]:
    """One run of the bonus-wagering consumer (bonus.catch_up_wagering)."""
    return await counted_ids(bonus.CONSUMER, lambda: bonus._Progress(datetime.now(UTC)))


async def _measure() -> list[Figure]:
    brand_id, members = await _setup()
    commits: dict[int, float] = {}
    lags: list[float] = []
    stop = asyncio.Event()
    job = asyncio.create_task(job_beside(_tick, stop, commits, lags, tick_seconds=TICK_SECONDS))
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
    # Capacity: a backlog of CAPACITY_FACTS written at once, then one job run catches up.
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
    backlog_began = time.perf_counter()
    caught_up = len(await _tick())
    capacity = caught_up / (time.perf_counter() - backlog_began)
    async with session_scope() as session:
        converted = len(
            (
                await session.exec(
                    select(BonusGrant.id).where(BonusGrant.status == GrantStatus.CONVERTED.value)
                )
            ).all()
        )
    await dispose_engine()
    lags.sort()
    p95 = lags[int(len(lags) * 0.95) - 1] if lags else float("nan")
    load = os.getloadavg()[0]
    return [
        Figure("machine load average (1 min) at the end", load, ""),
        Figure("settled bets written", written, "facts"),
        Figure("write rate achieved", written / elapsed, "facts/s", f"{RATE}"),
        Figure("facts counted by the bonus job", counted, "facts", "all", counted >= written),
        Figure("grants converted during the run", converted, "grants"),
        Figure("lag p50", statistics.median(lags) if lags else float("nan"), "s"),
        Figure("lag p95", p95, "s", "< 2 s", p95 < 2.0),
        Figure("lag max", max(lags) if lags else float("nan"), "s"),
        Figure(
            "catch-up capacity (one job run, no writer)",
            capacity,
            "facts/s",
            "> 500",
            capacity > RATE,
        ),
        Figure("job tick", TICK_SECONDS, "s", FOLLOW_JOB.cron),
    ]


def measure(_url: str) -> list[Figure]:
    return asyncio.run(_measure())


def on_private_sqlite(measure_with: Any) -> list[Figure]:
    """The embedded mode: a fresh migrated SQLite file of its own (no Redis)."""
    url = new_sqlite_url()
    with environment(DATABASE_URL=url, REDIS_URL=""):
        migrate(url)
        figures: list[Figure] = measure_with(url)
        return figures


def run() -> list[Figure]:
    """PostgreSQL (scaled mode) by default; BENCH_DATABASE=sqlite for the embedded mode."""
    if os.environ.get("BENCH_DATABASE") == "sqlite":
        return on_private_sqlite(measure)
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
