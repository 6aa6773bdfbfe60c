"""The back office's daily report over 10,000,000 wager facts on PostgreSQL.

A private PostgreSQL database (migrated, demo brands) gets FACTS wager facts written
set-based in SQL (generate_series): two brands, eight vendors, four categories, spread
evenly over DAYS days before the report's clock. The fact table's indexes are dropped for
the load and built again after it (as a bulk load would), then VACUUM ANALYZE. On it, for an
all-brand staff member:

- `reports.daily` over DAYS days (each brand's days in its own time zone, facts and ledger);
- `reports.breakdown` by brand, by category and by vendor over the same days.

The reports read the rollup (app/services/backoffice/rollup.py: facts summed per brand,
local day, category and vendor by a consumer of the fact stream); its first catch-up over
every generated fact is timed on its own (a one-off: afterwards each report only adds the
facts settled since the last one); its floor is the same sums in one SQL GROUP BY inside
the database.

The baseline, measured in the same run, is what a report straight over the facts costs at
the least: one plain SQL `SUM(bet), SUM(win)` over every fact of the window. Goal
(issue 18): the daily report over 10 million facts under 2 s.

The embedded part (SQLite, whose write transactions run on the event loop's thread): two
backlogs of EMBEDDED_FACTS facts, the first added to the rollup in batches five times
SQLite's, the second in SQLite's (`rollup.SQLITE_BATCH`), while a heartbeat on the
same loop records how late each of its wake-ups came: the typical wait a request sees
behind one batch, and what the smaller batches cost in rate.

    TEST_DATABASE=postgres .venv/bin/python -m bench.bench_daily_report
    (BENCH_FACTS=1000000 for a shorter run)
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import psycopg

from app.core.db import dispose_engine, write_transaction
from app.demo.seed import seed_demo_data
from app.services import wager_facts
from app.services.backoffice import reports, rollup
from app.services.backoffice.permissions import ALL
from app.services.backoffice.staff import Staff
from bench.bench_bonus_wagering import on_private_sqlite
from bench.bench_ledger import on_private_database
from bench.common import Figure, batch_size_figures, beside_heartbeat

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/services/backoffice/reports.py",
    "app/services/backoffice/rollup.py",
    "app/services/wager_facts.py",
)

FACTS = int(os.environ.get("BENCH_FACTS", "10000000"))
DAYS = int(os.environ.get("BENCH_DAYS", "30"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
EMBEDDED_FACTS = int(os.environ.get("BENCH_EMBEDDED_FACTS", "20000"))
LARGER_BATCH = 5 * rollup.SQLITE_BATCH  # what embedded mode's batch is compared with
GOAL_S = 2.0
NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)

GENERATE = """
INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
    round_ref, kind, bet, valid_bet, win, net, settled_at)
SELECT 1, 1 + g %% 100000, 1 + g %% 2, 'V' || (g %% 8), 'G' || (g %% 500),
    (ARRAY['RNG', 'LIVE', 'SPORTS', 'LOTTERY'])[1 + g %% 4], 'BRL', 'r' || g, 'SETTLED',
    1 + g %% 50, 1 + g %% 50, CASE WHEN g %% 3 = 0 THEN 2 * (1 + g %% 50) ELSE 0 END,
    CASE WHEN g %% 3 = 0 THEN 1 + g %% 50 ELSE -(1 + g %% 50) END,
    %(end)s - (g::float8 / %(facts)s) * %(span)s * interval '1 second'
FROM generate_series(1, %(facts)s) AS g
"""


# The facts carry txid 1, as history loaded long ago: the stream hands a consumer only facts
# of transactions older than the oldest one still running on the server, and on a shared
# server another database's long transaction would hold this load's own id back.


def load_facts(url: str) -> float:
    """The facts, set-based: indexes off for the load, built again after it."""
    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as connection:
        indexes = connection.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'wager_fact' "
            "AND indexname NOT LIKE '%%pkey'"
        ).fetchall()
        for name, _ in indexes:
            connection.execute(f'DROP INDEX "{name}"')
        connection.execute(
            GENERATE,
            {
                "facts": FACTS,
                "end": NOW - timedelta(minutes=1),
                "span": (DAYS - 1) * 86400,
            },
        )
        connection.execute("SET maintenance_work_mem = '256MB'")
        for _, definition in indexes:
            connection.execute(definition)
        connection.execute("VACUUM ANALYZE wager_fact")
    return time.perf_counter() - started


async def _timed(call: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await call()
    return time.perf_counter() - started


def _floor(url: str) -> float:
    """The baseline: one plain SQL sum over every fact of the window."""
    with psycopg.connect(url) as connection:
        started = time.perf_counter()
        connection.execute(
            "SELECT sum(bet), sum(win) FROM wager_fact WHERE settled_at >= %(since)s",
            {"since": NOW - timedelta(days=DAYS + 1)},
        ).fetchone()
        return time.perf_counter() - started


async def _seed() -> None:
    await seed_demo_data()
    await dispose_engine()


async def catch_up() -> tuple[int, float]:
    started = time.perf_counter()
    added = await rollup.refresh()
    spent = time.perf_counter() - started
    await dispose_engine()
    return added, spent


# The rollup's floor: the same sums per brand, local day, category and vendor in one SQL
# GROUP BY inside the database (read, not written: the rollup's rows are a few thousand).
ROLLUP_IN_SQL = """
SELECT count(*) FROM (
    SELECT f.brand_id, (f.settled_at AT TIME ZONE m.timezone)::date, f.category, f.vendor,
        sum(f.bet), sum(f.valid_bet), sum(f.win), count(*)
    FROM wager_fact AS f JOIN merchant AS m ON m.id = f.brand_id
    GROUP BY 1, 2, 3, 4
) AS days
"""


def _rollup_floor(url: str) -> float:
    with psycopg.connect(url) as connection:
        started = time.perf_counter()
        connection.execute(ROLLUP_IN_SQL).fetchone()
        return time.perf_counter() - started


async def measure_reports(url: str) -> list[Figure]:
    staff = Staff(1, "bench-all", None, "admin", ALL, 1)
    calls: dict[str, Callable[[], Awaitable[object]]] = {
        f"daily report, {DAYS} days, every brand": lambda: reports.daily(staff, None, DAYS, NOW),
        **{
            f"breakdown by {by}, {DAYS} days": (
                lambda by=by: reports.breakdown(staff, None, DAYS, by, NOW)
            )
            for by in reports.DIMENSIONS
        },
    }
    rows = await reports.daily(staff, None, DAYS, NOW)  # warm (and the check below)
    facts = sum(r.facts for r in await reports.breakdown(staff, None, DAYS, "brand", NOW))
    floor = statistics.median(_floor(url) for _ in range(RUNS))
    figures = [
        Figure("facts in the report's days", facts, "facts"),
        Figure("GGR over the days (sum of the rows)", float(sum(r.ggr for r in rows)), "BRL"),
        Figure("baseline: one SQL sum over the window (median)", floor, "s"),
    ]
    for name, call in calls.items():
        spent = statistics.median([await _timed(call) for _ in range(RUNS)])
        goal = f"< {GOAL_S:.0f} s" if name.startswith("daily") else ""
        met = spent < GOAL_S if name.startswith("daily") else None
        figures.append(Figure(f"{name} (median of {RUNS})", spent, "s", goal, met))
        figures.append(Figure(f"{name} / baseline", spent / floor, "x"))
    await dispose_engine()
    return figures


def measure(url: str) -> list[Figure]:
    asyncio.run(_seed())
    loaded = load_facts(url)
    figures = [Figure(f"load {FACTS:,} facts (SQL, indexes, VACUUM ANALYZE)", loaded, "s")]
    added, spent = asyncio.run(catch_up())
    floor = _rollup_floor(url)
    figures += [
        Figure(f"rollup catch-up of {added:,} facts (once)", spent, "s"),
        Figure("baseline: the same sums in one SQL GROUP BY (once)", floor, "s"),
        Figure("rollup catch-up / SQL GROUP BY", spent / floor, "x"),
    ]
    figures += asyncio.run(measure_reports(url))
    return figures


async def _backlog(count: int) -> None:
    """`count` settled facts over two brands, eight vendors and four categories, recorded
    as the games record them (wager_facts.record), 1,000 to a transaction."""
    for start in range(0, count, 1000):
        async with write_transaction() as session:
            await wager_facts.record(
                session,
                [
                    wager_facts.Fact(
                        member_id=1 + n % 100,
                        brand_id=1 + n % 2,
                        vendor=f"V{n % 8}",
                        game_code=f"G{n % 50}",
                        category=("RNG", "LIVE", "SPORTS", "LOTT")[n % 4],
                        currency="BRL",
                        round_ref=uuid4().hex,
                        bet=Decimal(1 + n % 50),
                        valid_bet=Decimal(1 + n % 50),
                        win=Decimal(2 * (1 + n % 50) if n % 3 == 0 else 0),
                        settled_at=NOW - timedelta(hours=n % (24 * (DAYS - 1))),
                    )
                    for n in range(start, min(start + 1000, count))
                ],
            )


async def _embedded() -> list[Figure]:
    try:
        await seed_demo_data()
        await rollup.refresh()  # level with the demo's own facts
        await _backlog(EMBEDDED_FACTS)
        large = await beside_heartbeat(lambda: rollup.refresh(LARGER_BATCH), LARGER_BATCH)
        await _backlog(EMBEDDED_FACTS)
        small = await beside_heartbeat(
            lambda: rollup.refresh(rollup.SQLITE_BATCH), rollup.SQLITE_BATCH
        )
        staff = Staff(1, "bench-all", None, "admin", ALL, 1)
        facts = sum(r.facts for r in await reports.breakdown(staff, None, DAYS, "brand", NOW))
    finally:
        await dispose_engine()
    return [
        Figure("embedded: facts in each backlog", EMBEDDED_FACTS, "facts"),
        Figure(
            "embedded: facts added + in the report's days",
            large.done + small.done,
            "facts",
            f"{2 * EMBEDDED_FACTS}",
            large.done == small.done == EMBEDDED_FACTS and facts >= 2 * EMBEDDED_FACTS,
        ),
        *batch_size_figures("rollup catch-up", (LARGER_BATCH, large), (rollup.SQLITE_BATCH, small)),
    ]


def measure_embedded(_url: str) -> list[Figure]:
    return asyncio.run(_embedded())


def run() -> list[Figure]:
    return on_private_database(measure) + on_private_sqlite(measure_embedded)


if __name__ == "__main__":
    print(f"load average: {os.getloadavg()}")
    for figure in run():
        print(figure.row())
