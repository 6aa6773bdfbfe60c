"""Player protection's limit check: what it adds to a bet (issue 19: under 2 ms p95).

A private PostgreSQL database (migrated, demo data; BENCH_DATABASE=sqlite: a private SQLite
file) and one BR1 member (Brazil's profile: limits on) with a loss, wagering, bets and time
limit per day, week and month, far above what the run uses, and a month of history: 3,000
wager facts. Studio rounds (BGS_DICE, 1.00, through
`app.services.studio.rounds.play`: the in-process seamless wallet's betwin, the ledger, the
round and its fact) are played back to back; every other round runs with
`protection.limits.check_bet` swapped for a no-op, so both sides share the machine's
moments. Reported: round p50/p95 with and without, the p95 difference, and the time spent
inside the check itself (p50/p95), which is the figure the goal is about.

The check reads everything in one statement (`limit_checks._bet_statement`; before it, five to six
statements a bet: 16.8 ms p95 on this machine). So that a loaded machine (the load average
is printed) can be told from a slow check, each timed check is followed on the same session
by one bare round trip (SELECT 1): its p95 is the floor any check that reads the database
pays, and the ratio check / round trip says how many round trips the check costs. The
statements the check sends are counted too.

History of the figure: a profile showed half the check's time went into making model
instances of the rows read; the snapshot holds plain frozen dataclasses (`LimitLine`,
`PlayState`): p95 8.04 -> 6.85 ms. Then EXPLAIN ANALYZE showed the statement's one-row parts
(today's totals, open rounds, pending tickets) run again for every limit row (ten loops) and
the open rounds read through every round of the month (the status was a filter): the parts
are MATERIALIZED CTEs and open rounds have a partial index (migration 0012q). Statement
execution 0.29 -> 0.09 ms, 102 -> 20 buffers; check p95 3.36 -> 1.47 ms in one session.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import event, literal
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import dispose_engine, get_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.services import wager_facts
from app.services.protection import limits
from app.services.seamless import wallet
from app.services.studio import rounds
from bench.bench_ledger import migrate, on_private_database
from bench.bench_wager_facts import DICE, UNDER_50, _player
from bench.common import Figure, environment
from models import Member

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/protection/limits.py",)

ROUNDS_EACH = int(os.environ.get("BENCH_ROUNDS", "300"))
WARM_UP_ROUNDS = 30
HISTORY = 3_000  # about 100 facts a day over a month


def _ms(samples: list[float], percentile: int) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * percentile / 100))] * 1000


async def _history(member: Member) -> None:
    """A month of settled bets, so the check reads real rows."""
    assert member.id is not None
    now = clock.now()
    facts = [
        wager_facts.Fact(
            member_id=member.id,
            brand_id=member.merchant_id,
            vendor="PG",
            game_code="PG_1",
            category="RNG",
            currency="BRL",
            round_ref=f"bench-limit-{n}",
            bet=Decimal("1.00"),
            valid_bet=Decimal("1.00"),
            win=Decimal("0.90"),
            settled_at=now - timedelta(minutes=14 * n),
        )
        for n in range(HISTORY)
    ]
    async with write_transaction() as session:
        for start in range(0, len(facts), 1000):
            await wager_facts.record(session, facts[start : start + 1000])


async def _limited_player() -> rounds.Player:
    player = await _player()
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == "benchfacts"))).one()
    assert member is not None
    now = clock.now()
    for kind, value in (("LOSS", "90000"), ("WAGER", "900000"), ("BETS", "900000")):
        for period in ("DAY", "WEEK", "MONTH"):
            await limits.set_limit(member, kind, period, value, now)
    await limits.set_limit(member, "TIME", "MONTH", "44000", now)
    await _history(member)
    return player


@dataclass
class Spent:
    """Seconds inside the check, seconds of a bare round trip after it, statements sent."""

    check: list[float] = field(default_factory=list)
    round_trip: list[float] = field(default_factory=list)
    statements: list[int] = field(default_factory=list)
    counting: bool = False
    counted: int = 0


@contextmanager
def _check(skip: bool, spent: Spent) -> Iterator[None]:
    """The wallet's limit check swapped for a no-op (`skip`), or timed into `spent`."""
    real = limits.check_bet

    async def skipped(*args: Any, **kwargs: Any) -> None:
        return None

    async def timed(session: AsyncSession, *args: Any, **kwargs: Any) -> None:
        spent.counting, spent.counted = True, 0
        started = time.perf_counter()
        try:
            await real(session, *args, **kwargs)
        finally:
            spent.check.append(time.perf_counter() - started)
            spent.counting = False
            spent.statements.append(spent.counted)
        started = time.perf_counter()
        await session.exec(select(literal(1)))
        spent.round_trip.append(time.perf_counter() - started)

    wallet.protection_limits.check_bet = skipped if skip else timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        wallet.protection_limits.check_bet = real  # type: ignore[method-assign]


async def _rounds() -> tuple[list[float], list[float], Spent]:
    spent = Spent()

    def count(*_: Any) -> None:
        if spent.counting:
            spent.counted += 1

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        await seed_demo_data()
        player = await _limited_player()
        for _ in range(WARM_UP_ROUNDS):
            await rounds.play(player, DICE, "1.00", UNDER_50)
        timed: dict[bool, list[float]] = {True: [], False: []}
        for number in range(2 * ROUNDS_EACH):
            with_check = number % 2 == 0
            with _check(not with_check, spent):
                started = time.perf_counter()
                await rounds.play(player, DICE, "1.00", UNDER_50)
                timed[with_check].append(time.perf_counter() - started)
        return timed[True], timed[False], spent
    finally:
        event.remove(engine, "before_cursor_execute", count)
        await dispose_engine()


def measure(url: str) -> list[Figure]:
    with_check, without, spent = asyncio.run(_rounds())
    added_p95 = _ms(with_check, 95) - _ms(without, 95)
    check_p95 = _ms(spent.check, 95)
    floor_p95 = _ms(spent.round_trip, 95)
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("database", 0 if url.startswith("sqlite") else 1, "(0 SQLite, 1 PostgreSQL)"),
        Figure("studio round with the limit check: p50", _ms(with_check, 50), "ms"),
        Figure("studio round without it: p50", _ms(without, 50), "ms"),
        Figure("studio round with the limit check: p95", _ms(with_check, 95), "ms"),
        Figure("studio round without it: p95", _ms(without, 95), "ms"),
        Figure("round p95 with - without", added_p95, "ms"),
        Figure("time inside check_bet: p50", _ms(spent.check, 50), "ms"),
        Figure("time inside check_bet: p95", check_p95, "ms", "< 2 ms", check_p95 < 2),
        Figure("time inside check_bet: mean", statistics.mean(spent.check) * 1000, "ms"),
        Figure("one bare round trip (SELECT 1) after it: p50", _ms(spent.round_trip, 50), "ms"),
        Figure("one bare round trip (SELECT 1) after it: p95", floor_p95, "ms"),
        Figure("check p95 / round trip p95", check_p95 / floor_p95, "x"),
        Figure("statements per check: max", max(spent.statements), ""),
        Figure("statements per check: mean", statistics.mean(spent.statements), ""),
    ]


def _on_private_sqlite() -> list[Figure]:
    folder = Path(tempfile.mkdtemp(prefix="bench-limit-"))
    url = f"sqlite+aiosqlite:///{folder / 'bench.db'}"
    with environment(DATABASE_URL=url, REDIS_URL=""):
        migrate(url)
        return measure(url)


def run() -> list[Figure]:
    if os.environ.get("BENCH_DATABASE", "postgres") == "sqlite":
        return _on_private_sqlite()
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
