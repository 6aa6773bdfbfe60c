"""Rebate and VIP on PostgreSQL: the daily rebate close for 100,000 members, and the loyalty
consumer keeping up with 500 settled bets a second.

A private PostgreSQL database (migrated, demo data; BR1 paying rebates automatically) gets,
set-based: 100,000 players with their cash accounts, a tenth of them at VIP1..VIP6, and one
open rebate line per player for the day before yesterday and one for yesterday (RNG, LIVE or
SPORTS). Then:

- the daily close: `rebate.close_in` in one transaction (as the `rebate-close` job does):
  rate = base + level boost, amount, and 100,000 ledger movements through `ledger.post_moves`
  (the first day's close warms the caches; the second, yesterday's, is the figure against
  the goal);
- the consumer: a writer records 500 facts a second (batches of 50 every 100 ms, random
  players and categories) for SECONDS seconds while `progress.process` runs in a loop; each
  fact's lag is the time from its commit to the commit of the batch that counted it.

Baselines measured in the same run: the close's read alone (the open lines, the members'
levels, the rates), and the same writer with a consumer that does nothing with the facts
(`wager_facts.process` with an empty handler), so the ratios show what the rebate and VIP
work costs on top of reading the stream.

Goals (issue 17): the daily rebate for 100,000 members under 60 s; lag p95 under 2 s.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Sequence
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import psycopg
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col, select

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.services import wager_facts
from app.services.agents import periods
from app.services.brands import brands
from app.services.loyalty import progress, rebate, vip
from app.services.wager_facts import StoredFact
from bench.bench_ledger import on_private_database
from bench.common import Figure
from models.base import utcnow
from models.loyalty_vip import RebateClaim, RebateLine, RebateStatus

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/loyalty/rebate.py",)

MEMBERS = int(os.environ.get("BENCH_REBATE_MEMBERS", "100000"))
RATE = 500  # facts a second
SECONDS = int(os.environ.get("BENCH_REBATE_SECONDS", "10"))
BATCH = 50
CATEGORIES = ("RNG", "LIVE", "SPORTS")

BUILD = """
INSERT INTO member (id, merchant_id, username, password_hash, account_type, status, nickname,
                    icon, totp_enabled, must_change_password, password_changed_at, created_at)
SELECT %(first)s + m, %(merchant)s, 'bench_r_' || m, 'x', 0, 'ACTIVE', '', '1', false, false,
       now(), now()
FROM generate_series(0, %(members)s - 1) m;

INSERT INTO vip_member (member_id, merchant_id, level, since)
SELECT %(first)s + m, %(merchant)s, 1 + (m / 10) %% 6, now() - interval '40 days'
FROM generate_series(0, %(members)s - 1) m WHERE m %% 10 = 0;

INSERT INTO ledger_account (merchant_id, member_id, kind, currency, balance, allow_negative,
                            owner_key, created_at)
SELECT %(merchant)s, %(first)s + m, 'MEMBER_CASH', 'BRL', 0, false,
       %(merchant)s || '/member:' || (%(first)s + m) || '/MEMBER_CASH/BRL', now()
FROM generate_series(0, %(members)s - 1) m;

SELECT setval('member_id_seq', (SELECT max(id) FROM member))
"""

LINES = """
INSERT INTO rebate_line (merchant_id, member_id, category, period_start, period_end, base,
                         rate, level, amount, status)
SELECT %(merchant)s, %(first)s + m, (ARRAY['RNG', 'LIVE', 'SPORTS'])[1 + m %% 3],
       %(start)s, %(end)s, 50 + (m %% 997), 0, 0, 0, 'OPEN'
FROM generate_series(0, %(members)s - 1) m
"""


def build(url: str, merchant: int) -> tuple[int, float]:
    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute("SELECT coalesce(max(id), 0) + 1 FROM member").fetchone()
        assert row is not None
        first = int(row[0])
        values = {"first": first, "merchant": merchant, "members": MEMBERS}
        for statement in BUILD.split(";\n\n"):
            connection.execute(statement, values)  # type: ignore[arg-type]
    return first, time.perf_counter() - started


def add_lines(url: str, merchant: int, first: int, start: object, end: object) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        values = {"first": first, "merchant": merchant, "members": MEMBERS}
        connection.execute(LINES, {**values, "start": start, "end": end})  # type: ignore[arg-type]
        connection.execute("VACUUM ANALYZE rebate_line, vip_member, member")


async def _read(now: object) -> float:
    """The close's inputs alone: open lines, members' levels, rates, the ladder."""
    brand = await brands.by_code("BR1")
    started = time.perf_counter()
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(RebateLine.member_id, RebateLine.category, RebateLine.base).where(
                    RebateLine.merchant_id == brand.id,
                    RebateLine.status == RebateStatus.OPEN.value,
                    col(RebateLine.period_end) <= now,
                )
            )
        ).all()
        await rebate.rates_of(session, brand.id)
        await vip.levels_of(session, brand.id)
        members = sorted({row[0] for row in rows})
        await vip.blocked_members(session, members, now)  # type: ignore[arg-type]
        from app.services.loyalty.rebate import _member_levels  # the close's own read

        await _member_levels(session, members)
    return time.perf_counter() - started


async def _close(now: object) -> tuple[float, rebate.CloseResult]:
    brand = await brands.by_code("BR1")
    started = time.perf_counter()
    async with write_transaction() as session:
        result = await rebate.close_in(session, brand, now)  # type: ignore[arg-type]
    return time.perf_counter() - started, result


async def _seed() -> int:
    try:
        await seed_demo_data()
        brand = await brands.by_code("BR1")
        async with session_scope() as session:
            levels = await vip.levels_of(session, brand.id)
        await vip.configure(brand.id, levels, vip.Settings(rebate_claim=RebateClaim.AUTO))
        await progress.register()
        return brand.id
    finally:
        await dispose_engine()


async def _writer(first: int, merchant: int, inserted: dict[int, float]) -> None:
    """RATE facts a second for SECONDS seconds; remembers each fact's commit time."""
    rng = random.Random(17)
    period = BATCH / RATE
    start = time.perf_counter()
    for batch in range(RATE * SECONDS // BATCH):
        facts = [
            wager_facts.Fact(
                member_id=first + rng.randrange(min(MEMBERS, 5000)),
                brand_id=merchant,
                vendor="BENCH",
                game_code="BENCH_GAME",
                category=rng.choice(CATEGORIES),
                currency="BRL",
                round_ref=uuid4().hex,
                bet=Decimal("5.00"),
                valid_bet=Decimal("5.00"),
                win=Decimal("0.00"),
                settled_at=utcnow(),
            )
            for _ in range(BATCH)
        ]
        async with write_transaction() as session:
            ids = await wager_facts.record(session, facts)
        committed = time.perf_counter()
        inserted.update(dict.fromkeys(ids, committed))
        delay = start + (batch + 1) * period - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)


async def _nothing(session: AsyncSession, facts: Sequence[StoredFact]) -> None:
    return None


async def _lag(first: int, merchant: int, consumer: str) -> tuple[float, float, int]:
    """Run the writer and a consumer together (the loyalty one, or one that does nothing);
    each fact's lag runs from its commit to the commit of the batch that counted it.
    Returns the lag p95 and max (s) and how many of the writer's facts were counted."""
    await wager_facts.register_consumer(consumer, from_now=True)
    await wager_facts.catch_up(consumer, _nothing)  # what earlier runs wrote
    inserted: dict[int, float] = {}
    lags: list[float] = []
    writer = asyncio.create_task(_writer(first, merchant, inserted))
    work = (
        progress.Handler(await brands.all(), utcnow())
        if consumer == progress.CONSUMER
        else _nothing
    )
    seen: list[int] = []  # the ids of the batch in hand

    async def handler(session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        seen.extend(fact.id for fact in facts)
        await work(session, facts)

    while not writer.done() or len(lags) < len(inserted):
        seen.clear()
        read = await wager_facts.process(consumer, handler, batch_size=1000)
        now = time.perf_counter()  # the batch has committed
        lags.extend(now - inserted[i] for i in seen if i in inserted)
        if not read:
            await asyncio.sleep(0.05)
    await writer
    lags.sort()
    return lags[int(len(lags) * 0.95) - 1], lags[-1], len(lags)


async def _measure(url: str, merchant: int, first: int) -> list[Figure]:
    try:
        brand = await brands.by_code("BR1")
        now = utcnow()
        start, end = periods.last_closed("D", now, brand.timezone)
        add_lines(url, merchant, first, start - timedelta(days=1), start)
        first_close, first_result = await _close(now)  # the caches warm up
        add_lines(url, merchant, first, start, end)
        read = await _read(now)
        close, result = await _close(now)
        base_p95, base_max, _ = await _lag(first, merchant, "bench-empty")
        p95, worst, counted = await _lag(first, merchant, progress.CONSUMER)
    finally:
        await dispose_engine()
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("members with a rebate line", float(MEMBERS), ""),
        Figure("first close (cold)", first_close, "s"),
        Figure("first close paid", float(first_result.paid), "lines"),
        Figure("daily close: read only (baseline)", read, "s"),
        Figure("daily close (rates, amounts, ledger)", close, "s", "< 60 s", close < 60),
        Figure("daily close / read", close / read, "x"),
        Figure("daily close paid", float(result.paid), "lines"),
        Figure("daily close paid in total", float(result.total), "BRL"),
        Figure("consumer: facts counted", float(counted), f"at {RATE}/s for {SECONDS} s"),
        Figure("empty consumer lag p95 (baseline)", base_p95, "s"),
        Figure("loyalty consumer lag p95", p95, "s", "< 2 s", p95 < 2),
        Figure("loyalty consumer lag max", worst, "s"),
        Figure("loyalty / empty lag p95", p95 / base_p95 if base_p95 else 0.0, "x"),
        Figure("empty consumer lag max", base_max, "s"),
    ]


def measure(url: str) -> list[Figure]:
    merchant = asyncio.run(_seed())
    first, build_seconds = build(url, merchant)
    figures = asyncio.run(_measure(url, merchant, first))
    return [Figure("build: members, cash accounts, levels", build_seconds, "s"), *figures]


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
