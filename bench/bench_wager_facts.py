"""Wager facts on PostgreSQL: their cost in a studio round, and period queries over 10 million.

A private PostgreSQL database (migrated, demo data) gets 10 million SETTLED facts, written
set-based in SQL (generate_series): 100,000 members over 90 days (about 33 facts per member
per 30 days), five vendors and categories, indexes built after the load, then VACUUM ANALYZE.
On that table:

- a studio round (BGS_DICE, 1.00, through `app.services.studio.rounds.play`: seeds, the
  in-process seamless wallet's betwin, the ledger, the round summary and its fact), played
  back to back by one member, every other round without the fact write (the same code with
  `wager_facts.record` swapped for a no-op for that round), so both sides share the
  machine's moments. The overhead is on the median round (the machine is shared: the load
  average is printed). As a cross-check, the time spent inside the fact write itself during
  the rounds that make it, against the mean round without it;
- `reporting.turnover` of one random member over the last 30 days (200 members);
- `reporting.downline_turnover` of 1,000 random members over the last month (30 downlines);
  `reporting.downline_totals` (each member's figures) printed for reference.

Goals (issue "One shape for every capability"): facts add < 10% to a studio round; member
turnover over 30 days p95 < 50 ms; a 1,000-member downline's month p95 < 500 ms.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Awaitable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from sqlalchemy import Table, create_engine

from app.core.db import dispose_engine, session_scope, sync_url
from app.demo.seed import seed_demo_data
from app.services import reporting, wager_facts
from app.services.seamless import wallet
from app.services.studio import rounds
from bench.bench_ledger import on_private_database
from bench.common import Figure
from models import WagerFact

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/wager_facts.py", "app/services/reporting.py")

FACTS = int(os.environ.get("BENCH_FACTS", "10000000"))
MEMBERS = 100_000
FIRST_MEMBER = 10_000_000  # ids far above the demo's members (facts have no foreign keys)
DAYS = 90
START = datetime(2026, 1, 1, tzinfo=UTC)
ROUNDS_EACH = int(os.environ.get("BENCH_ROUNDS", "400"))
WARM_UP_ROUNDS = 50
MEMBER_QUERIES = 200
DOWNLINE_QUERIES = 30
DOWNLINE_SIZE = 1_000
CURRENCY = "BRL"
DICE = "BGS_DICE"
UNDER_50 = {"target": "50.00", "direction": "under"}

_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]

GENERATE = """
INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
    round_ref, kind, bet, valid_bet, win, net, settled_at)
SELECT 0, member_id, 1 + member_id %% 2, (ARRAY['PG', 'EVO', 'SBO', 'JILI', 'LOTT'])[k],
    (ARRAY['PG', 'EVO', 'SBO', 'JILI', 'LOTT'])[k] || '_' || (g %% 40),
    (ARRAY['RNG', 'LIVE', 'SPORTS', 'FISH', 'LOTT'])[k], 'BRL', 'bench-' || g, 'SETTLED',
    bet, bet, win, win - bet,
    %(start)s + (g::float8 / %(facts)s) * make_interval(days => %(days)s)
FROM (
    SELECT g, 1 + g %% 5 AS k,
        %(first)s + floor(random() * %(members)s)::int AS member_id,
        round((1 + random() * 99)::numeric, 2) AS bet,
        random() AS luck
    FROM generate_series(1, %(facts)s) AS g
) AS drawn
CROSS JOIN LATERAL (
    SELECT CASE WHEN luck < 0.45 THEN round(bet * (0.5 + luck * 4)::numeric, 2) ELSE 0 END
        AS win
) AS paid
"""


def _ms(seconds: Sequence[float], q: int) -> float:
    return statistics.quantiles([s * 1000 for s in seconds], n=100)[q - 1]


def load_facts(url: str) -> float:
    """FACTS facts, set-based, indexes built after; the seconds it took."""
    started = time.perf_counter()
    engine = create_engine(sync_url(url))
    indexes = list(_FACTS.indexes)
    with engine.begin() as connection:
        for index in indexes:
            index.drop(connection)
    engine.dispose()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("SET maintenance_work_mem = '256MB'")
        connection.execute(
            GENERATE,
            {
                "start": START,
                "facts": FACTS,
                "days": DAYS,
                "first": FIRST_MEMBER,
                "members": MEMBERS,
            },
        )
    engine = create_engine(sync_url(url))
    with engine.begin() as connection:
        connection.exec_driver_sql("SET maintenance_work_mem = '256MB'")
        for index in indexes:
            index.create(connection)
    engine.dispose()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("VACUUM ANALYZE wager_fact")
    return time.perf_counter() - started


async def _player() -> rounds.Player:
    """A funded member of BR1, identity verified (the brand asks for it before play), with a
    live studio session."""
    from tests.helpers.accounts import make_member
    from tests.helpers.money import fund

    member = await make_member(username="benchfacts")
    assert member.id is not None
    await fund(member.id, "100000.00")
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=DICE, currency=CURRENCY
    )
    return rounds.member_player(await wallet.authenticate(wallet.STUDIO_VENDOR, token))


@contextmanager
def _fact_write(skip: bool, spent: list[float]) -> Iterator[None]:
    """The round's fact write swapped for a no-op (`skip`), or timed into `spent`."""
    real = wager_facts.record

    async def skipped(session: Any, facts: Sequence[wager_facts.Fact]) -> tuple[int, ...]:
        return ()

    async def timed(session: Any, facts: Sequence[wager_facts.Fact]) -> tuple[int, ...]:
        started = time.perf_counter()
        try:
            return await real(session, facts)
        finally:
            spent.append(time.perf_counter() - started)

    wager_facts.record = skipped if skip else timed
    try:
        yield
    finally:
        wager_facts.record = real


async def studio_rounds() -> tuple[list[float], list[float], list[float]]:
    """Per-round seconds with and without the fact write (every other round), and the
    seconds spent in the fact write itself."""
    player = await _player()
    for _ in range(WARM_UP_ROUNDS):
        await rounds.play(player, DICE, "1.00", UNDER_50)
    timed: dict[bool, list[float]] = {True: [], False: []}
    spent: list[float] = []
    for number in range(2 * ROUNDS_EACH):
        with_facts = number % 2 == 0
        with _fact_write(not with_facts, spent):
            started = time.perf_counter()
            await rounds.play(player, DICE, "1.00", UNDER_50)
            timed[with_facts].append(time.perf_counter() - started)
    return timed[True], timed[False], spent


async def _timed(query: Awaitable[Any]) -> float:
    started = time.perf_counter()
    await query
    return time.perf_counter() - started


async def queries() -> tuple[list[float], list[float], list[float]]:
    """Seconds per member turnover, downline turnover and downline totals query."""
    pick = random.Random(7)
    month = reporting.period(START + timedelta(days=DAYS - 30), START + timedelta(days=DAYS))
    members: list[float] = []
    downlines: list[float] = []
    totals: list[float] = []
    async with session_scope() as session:
        for _ in range(MEMBER_QUERIES):
            member_id = FIRST_MEMBER + pick.randrange(MEMBERS)
            members.append(await _timed(reporting.turnover(session, member_id, month)))
        for _ in range(DOWNLINE_QUERIES):
            team = [FIRST_MEMBER + n for n in pick.sample(range(MEMBERS), DOWNLINE_SIZE)]
            downlines.append(await _timed(reporting.downline_turnover(session, team, month)))
            totals.append(await _timed(reporting.downline_totals(session, team, month)))
    return members, downlines, totals


async def _seed() -> None:
    try:
        await seed_demo_data()
    finally:
        await dispose_engine()


Measured = tuple[list[float], list[float], list[float], list[float], list[float], list[float]]


async def _measured() -> Measured:
    try:
        with_facts, without, spent = await studio_rounds()
        members, downlines, totals = await queries()
    finally:
        await dispose_engine()
    return with_facts, without, spent, members, downlines, totals


def measure(url: str) -> list[Figure]:
    asyncio.run(_seed())
    load_seconds = load_facts(url)
    with_facts, without, spent, members, downlines, totals = asyncio.run(_measured())
    share = statistics.mean(spent) / statistics.mean(without) * 100
    overhead = (statistics.median(with_facts) / statistics.median(without) - 1) * 100
    mean_overhead = (statistics.mean(with_facts) / statistics.mean(without) - 1) * 100
    member_p95, downline_p95 = _ms(members, 95), _ms(downlines, 95)
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("facts in the table", FACTS, "facts"),
        Figure("load: generate, index, vacuum", load_seconds, "s"),
        Figure("studio round with the fact: median", statistics.median(with_facts) * 1000, "ms"),
        Figure("studio round without it: median", statistics.median(without) * 1000, "ms"),
        Figure("studio round with the fact: mean", statistics.mean(with_facts) * 1000, "ms"),
        Figure("studio round without it: mean", statistics.mean(without) * 1000, "ms"),
        Figure("fact overhead on the median round", overhead, "%", "< 10%", overhead < 10),
        Figure("fact overhead on the mean round", mean_overhead, "%"),
        Figure("fact write inside a round: mean", statistics.mean(spent) * 1000, "ms"),
        Figure("fact write / mean round without it", share, "%"),
        Figure("member turnover, 30 days: p50", _ms(members, 50), "ms"),
        Figure("member turnover, 30 days: p95", member_p95, "ms", "< 50 ms", member_p95 < 50),
        Figure("1,000-member downline turnover, a month: p50", _ms(downlines, 50), "ms"),
        Figure(
            "1,000-member downline turnover, a month: p95",
            downline_p95,
            "ms",
            "< 500 ms",
            downline_p95 < 500,
        ),
        Figure("1,000-member downline, each member's totals: p95", _ms(totals, 95), "ms"),
    ]


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
