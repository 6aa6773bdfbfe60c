"""The back office's player search over 1,000,000 members on PostgreSQL.

A private PostgreSQL database (migrated, demo brands) gets MEMBERS members, written set-based
in SQL (generate_series) across the two brands, each with a username, a mobile number, an
e-mail address and a last-login address, then VACUUM ANALYZE. On it,
`app.services.backoffice.players.search` (the console's use case, for a staff member of one
brand and for one of every brand) runs QUERIES searches of each kind: an id, `#id`, a full
username, a username prefix of 5 characters, a phone prefix of 7 digits, an e-mail prefix
and an IP address. The baseline, measured in the same run, is the same call for `#id`
(a primary-key read). Goal (issue 18): p95 under 200 ms over a million members.

    TEST_DATABASE=postgres .venv/bin/python -m bench.bench_player_search
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable

import psycopg

from app.core.db import dispose_engine
from app.demo.seed import seed_demo_data
from app.services.backoffice import players
from app.services.backoffice.permissions import ALL
from app.services.backoffice.staff import Staff
from bench.bench_ledger import on_private_database
from bench.common import Figure
from models.base import utcnow

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/backoffice/players.py",)

MEMBERS = int(os.environ.get("BENCH_MEMBERS", "1000000"))
QUERIES = int(os.environ.get("BENCH_QUERIES", "200"))
GOAL_MS = 200.0

GENERATE = """
INSERT INTO member (merchant_id, username, password_hash, account_type, status, nickname,
    email, mobile, country_dialing_code, icon, profile, totp_enabled, must_change_password,
    password_changed_at, created_at, last_login_ip)
SELECT 1 + g %% 2, 'p' || md5(g::text), 'x', 0, 'ACTIVE', '',
    'mail' || g || '@example.com', '11' || lpad(((g::bigint * 7919) %% 1000000000)::text, 9, '0'),
    '55', '1', '{}', false, false, now(), now(),
    '10.' || (g / 65536 %% 256) || '.' || (g / 256 %% 256) || '.' || (g %% 256)
FROM generate_series(1, %(members)s) AS g
"""


def load_members(url: str) -> float:
    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(GENERATE, {"members": MEMBERS})
        connection.execute("VACUUM ANALYZE member")
        connection.execute("VACUUM ANALYZE membersession")
    return time.perf_counter() - started


def _p(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000


async def _samples(url: str) -> dict[str, list[str]]:
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT id, username, mobile, email, last_login_ip FROM member "
            "WHERE merchant_id = 1 ORDER BY random() LIMIT %(n)s",
            {"n": QUERIES},
        ).fetchall()
    return {
        "id": [str(r[0]) for r in rows],
        "#id": [f"#{r[0]}" for r in rows],
        "username": [r[1] for r in rows],
        "username prefix": [r[1][:5] for r in rows],
        "phone prefix": [r[2][:7] for r in rows],
        "e-mail prefix": [r[3].split("@")[0] + "@" for r in rows],
        "IP address": [r[4] for r in rows],
    }


async def _timed(call: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await call()
    return time.perf_counter() - started


async def _seed() -> None:
    await seed_demo_data()
    await dispose_engine()


async def searches(url: str) -> list[Figure]:
    samples = await _samples(url)
    brand_staff = Staff(1, "bench", 1, "admin", ALL, 1)
    all_staff = Staff(2, "bench-all", None, "admin", ALL, 2)
    figures: list[Figure] = []
    worst = 0.0
    for label, staff in (("brand staff", brand_staff), ("all-brand staff", all_staff)):
        baseline: list[float] = []
        for query in samples["#id"][:20]:  # warm up
            await players.search(staff, query, 1, utcnow())
        for kind, queries in samples.items():
            spent = []
            for query in queries:
                spent.append(
                    await _timed(lambda s=staff, q=query: players.search(s, q, 1, utcnow()))
                )
            if kind == "#id":
                baseline = spent
            p95 = _p(spent, 95)
            worst = max(worst, p95)
            figures.append(
                Figure(f"{label}: {kind} p95", p95, "ms", f"< {GOAL_MS:.0f} ms", p95 < GOAL_MS)
            )
            figures.append(Figure(f"{label}: {kind} p50", _p(spent, 50), "ms"))
        base = _p(baseline, 95)
        slowest = max(f.value for f in figures if f.name.startswith(label) and "p95" in f.name)
        figures.append(Figure(f"{label}: baseline (#id, primary key) p95", base, "ms"))
        figures.append(Figure(f"{label}: slowest kind p95 / baseline p95", slowest / base, "x"))
    figures.append(
        Figure("worst p95 over every kind", worst, "ms", f"< {GOAL_MS:.0f} ms", worst < GOAL_MS)
    )
    await dispose_engine()
    return figures


def measure(url: str) -> list[Figure]:
    asyncio.run(_seed())
    loaded = load_members(url)
    figures = [Figure(f"load {MEMBERS:,} members (SQL, then VACUUM ANALYZE)", loaded, "s")]
    figures += asyncio.run(searches(url))
    return figures


def run() -> list[Figure]:
    random.seed(18)
    return on_private_database(measure)


if __name__ == "__main__":
    print(f"load average: {os.getloadavg()}")
    for figure in run():
        print(figure.row())
