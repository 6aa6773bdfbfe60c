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
facts settled since the last one).

The baseline, measured in the same run, is what a report straight over the facts costs at
the least: one plain SQL `SUM(bet), SUM(win)` over every fact of the window. Goal
(issue 18): the daily report over 10 million facts under 2 s.

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

import psycopg

from app.core.db import dispose_engine
from app.demo.seed import seed_demo_data
from app.services.backoffice import reports, rollup
from app.services.backoffice.permissions import ALL
from app.services.backoffice.staff import Staff
from bench.bench_ledger import on_private_database
from bench.common import Figure

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/services/backoffice/reports.py",
    "app/services/backoffice/rollup.py",
    "app/services/wager_facts.py",
)

FACTS = int(os.environ.get("BENCH_FACTS", "10000000"))
DAYS = int(os.environ.get("BENCH_DAYS", "30"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
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


async def catch_up() -> Figure:
    started = time.perf_counter()
    added = await rollup.refresh()
    spent = time.perf_counter() - started
    await dispose_engine()
    return Figure(f"rollup catch-up of {added:,} facts (once)", spent, "s")


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
    figures.append(asyncio.run(catch_up()))
    figures += asyncio.run(measure_reports(url))
    return figures


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    print(f"load average: {os.getloadavg()}")
    for figure in run():
        print(figure.row())
