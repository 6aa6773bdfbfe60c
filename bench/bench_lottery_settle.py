"""Settling one lottery issue of 100,000 bets on PostgreSQL, the service against the same
settlement done inside the database.

A private PostgreSQL database (migrated, demo data) gets 1,000 members and two issues of
the 1-minute SSC game with the same result: the engine's issue (drawn from its committed
seed by `issues.advance`) and a twin row given that same result. Each gets the same 100,000
bets, written set-based in SQL while the issues take bets: one number on one position
(`ssc.position`, 1.00 each, pays 9.00), so about one bet in ten wins. Then:

- the service: `settlement.settle_issue` on the engine's issue (batches of
  `settlement.BATCH`, each one transaction: the bets judged by group, the wins posted
  through the ledger with their entries and balances, the bets marked SETTLED, one wager
  fact per bet derived from its row);
- the floor: the same effects on the twin by one SQL statement that computes the payouts
  and writes the ledger transactions, entries, balances, wager facts, bet rows and the
  issue inside PostgreSQL (`IN_DATABASE_SETTLEMENT`, sent by a bare psycopg client).

Both runs are timed on the same machine in the same run; the audit afterwards must find no
difference and both issues must have paid the same total.

Goal (issue 36): the service settles at at least 60% of the in-database statement's rate.
Issue 14's "100,000 bets in under 5 s" is a time on this machine, which issue 36 replaced
by this ratio; the service's time is still shown.

Embedded mode (what `make run` gives: SQLite, written on the event loop's thread) settles on a
SQLite file of its own: two drawn issues of BENCH_EMBEDDED_BETS bets each (same members, same
kind of bet), one in batches of `settlement.BATCH` (PostgreSQL's), one in batches of
`settlement.SQLITE_BATCH` (SQLite's), while a heartbeat on the same loop records how late each
of its wake-ups came: how long a player's request would have waited behind the settlement.
Goal: the typical wait behind a batch (the median of the batches' waits) with SQLite's batch
at most a third of PostgreSQL's batch's, at at least two thirds of its settling rate.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import psycopg
from sqlalchemy import Table, insert
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.services import ledger
from app.services.lottery import issues, settlement
from app.services.lottery.games import game
from bench.bench_ledger import migrate, on_private_database
from bench.common import Figure, batch_size_figures, beside_heartbeat, environment
from models import LotteryBet, LotteryIssue, Member, Merchant
from models.ledger import AccountKind

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/services/lottery/settlement.py",
    "app/services/ledger",
    "app/services/wager_facts.py",
)

BETS = int(os.environ.get("BENCH_LOTTERY_BETS", "100000"))
EMBEDDED_BETS = int(os.environ.get("BENCH_EMBEDDED_BETS", "20000"))
_BETS: Table = LotteryBet.__table__  # type: ignore[attr-defined]
MEMBERS = 1_000
CURRENCY = "BRL"
ONE = Decimal("1.00")
GAME = "ssc-1m"
DAY = datetime(2031, 3, 4, tzinfo=UTC)
TWIN = "bench-twin"
_ISSUES: Table = LotteryIssue.__table__  # type: ignore[attr-defined]

INSERT_BETS = """
INSERT INTO lottery_bet (uid, merchant_id, member_id, currency, issue_id, game_code, play_code,
    prize_mode, selection, bet_count, unit, multiplier, stake, odds, status, payout, placed_at)
SELECT md5(%(tag)s || g::text), %(merchant)s, members[1 + g %% %(members)s], 'BRL', %(issue)s,
    'ssc-1m', 'ssc.position', 'LOTT',
    json_build_object('singles', json_build_array(json_build_array(
        (1 + g %% 5)::text || ':' || ((g / 5) %% 10)::text))),
    1, 1.00, 1, 1.00, '{"win": "9.00"}'::json, 'PENDING', 0, %(placed)s
FROM generate_series(1, %(bets)s) AS g, (SELECT %(member_ids)s::int[] AS members) AS m
"""


async def _members(session: AsyncSession) -> tuple[int, list[int]]:
    """MEMBERS members of BR1 with their cash accounts: (BR1's id, the members' ids)."""
    merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    assert merchant.id is not None
    members = [
        Member(merchant_id=merchant.id, username=f"lotto{n:04d}", password_hash="!")  # noqa: S106 (never logs in)
        for n in range(MEMBERS)
    ]
    session.add_all(members)
    await session.flush()
    member_ids = [m.id for m in members if m.id is not None]
    await ledger.member_accounts(
        session,
        merchant_id=merchant.id,
        kind=AccountKind.MEMBER_CASH,
        currency=CURRENCY,
        member_ids=member_ids,
    )
    return merchant.id, member_ids


async def _setup() -> tuple[int, int, list[int]]:
    """Members with their accounts, the two issues open; returns (issue, twin, member ids)."""
    await seed_demo_data()
    async with write_transaction() as session:
        merchant_id, member_ids = await _members(session)
        for shard in range(ledger.MERCHANT_ACCOUNT_SHARDS):
            await ledger.account(
                session,
                merchant_id=merchant_id,
                kind=AccountKind.VENDOR_CLEARING,
                currency=CURRENCY,
                spread=shard,
            )
    await issues.create_issues(DAY, timedelta(minutes=2), [GAME])
    first = (await issues.upcoming(GAME, DAY, 1))[0]
    await issues.advance(first.open_at + timedelta(seconds=1))
    async with write_transaction() as session:
        # Core, as the engine writes issues: an ORM row would store a JSON null result,
        # which the database then refuses to change (no re-draw).
        created = await session.exec(
            insert(_ISSUES)
            .values(
                game_code=GAME,
                issue_no=TWIN,
                family=first.family,
                official=False,
                status="OPEN",
                open_at=first.open_at,
                close_at=first.close_at,
                draw_at=first.draw_at,
                created_at=first.created_at,
            )
            .returning(_ISSUES.c.id)
        )
        twin_id = created.scalar_one()
    assert first.id is not None
    return first.id, twin_id, member_ids


def _insert_bets(url: str, merchant_id: int, issue_id: int, member_ids: list[int]) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        for issue in (issue_id,):
            placed = connection.execute(
                "SELECT open_at + interval '1 second' FROM lottery_issue WHERE id = %s", (issue,)
            ).fetchone()
            assert placed is not None
            connection.execute(
                INSERT_BETS,
                {
                    "tag": str(issue),
                    "merchant": merchant_id,
                    "members": MEMBERS,
                    "issue": issue,
                    "placed": placed[0],
                    "bets": BETS,
                    "member_ids": member_ids,
                },
            )
        connection.execute("ANALYZE lottery_bet")


async def _draw(issue_id: int, twin_id: int) -> list[int]:
    async with session_scope() as session:
        issue = await session.get(LotteryIssue, issue_id)
        assert issue is not None
        draw_at = issue.draw_at
    await issues.advance(draw_at)
    async with write_transaction() as session:
        drawn = await session.get(LotteryIssue, issue_id)
        twin = await session.get(LotteryIssue, twin_id)
        assert drawn is not None and twin is not None and drawn.result is not None
        twin.result = list(drawn.result)
        twin.status = "DRAWN"
        twin.result_source = "RNG"
        session.add(twin)
        return list(drawn.result)


# The whole settlement of the twin issue as one statement: every effect of the service,
# computed and written inside PostgreSQL. A bet's single is "<position>:<digit>" and wins
# when the result's digit at that position is the digit (`ssc.position`); a winner is paid
# `units` (the paytable's return of one winning single, read from the service's own play)
# times its unit and multiplier, to the cent below, as the service pays it.
IN_DATABASE_SETTLEMENT = """
WITH p AS (
    SELECT CAST(%(result)s AS int[]) AS result, CAST(%(units)s AS numeric) AS units,
        CAST(%(twin)s AS int) AS twin, CAST(%(shard_keys)s AS text[]) AS shard_keys,
        CAST(%(reference)s AS text) AS reference, CAST(%(vendor)s AS text) AS vendor,
        CAST(%(game)s AS text) AS game, CAST(%(now)s AS timestamptz) AS now
), bets AS (
    SELECT b.id, b.uid, b.member_id, b.merchant_id, b.currency, b.stake,
        CASE WHEN p.result[split_part(s.single, ':', 1)::int] = split_part(s.single, ':', 2)::int
            THEN floor(p.units * b.unit * b.multiplier * 100) / 100 ELSE 0 END AS paid
    FROM p, lottery_bet b, LATERAL (SELECT b.selection -> 'singles' -> 0 ->> 0 AS single) s
    WHERE b.issue_id = p.twin AND b.status = 'PENDING'
    FOR UPDATE OF b
), winners AS (
    SELECT w.*, cash.id AS credit, shard.id AS debit,
        nextval(pg_get_serial_sequence('ledger_transaction', 'id')) AS transaction_id
    FROM p, bets w
    JOIN ledger_account cash ON cash.kind = 'MEMBER_CASH' AND cash.merchant_id = w.merchant_id
        AND cash.member_id = w.member_id AND cash.currency = w.currency AND cash.sub_key IS NULL
    JOIN ledger_account shard ON shard.kind = 'VENDOR_CLEARING'
        AND shard.merchant_id = w.merchant_id AND shard.member_id IS NULL
        AND shard.currency = w.currency
    WHERE w.paid > 0
        AND shard.sub_key = p.shard_keys[1 + w.member_id %% array_length(p.shard_keys, 1)]
), transactions AS (
    INSERT INTO ledger_transaction (id, merchant_id, kind, reference, idempotency_key,
        fingerprint, member_id, metadata, created_at)
    SELECT w.transaction_id, w.merchant_id, 'WIN', p.reference, 'plain:' || w.uid || ':win',
        '', w.member_id,
        json_build_object('vendor', p.vendor, 'game_code', p.game, 'bet', w.uid), p.now
    FROM p, winners w
), moves AS (
    SELECT w.transaction_id, w.id AS bet_id, m.account_id, m.amount
    FROM winners w,
    LATERAL (VALUES (w.debit, -w.paid), (w.credit, w.paid)) AS m (account_id, amount)
), totals AS (
    SELECT account_id, sum(amount) AS total FROM moves GROUP BY account_id
), accounts AS (
    UPDATE ledger_account a SET balance = a.balance + t.total
    FROM totals t WHERE a.id = t.account_id
    RETURNING a.id, a.balance - t.total AS before
), entries AS (
    INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
    SELECT m.transaction_id, m.account_id, m.amount,
        a.before + sum(m.amount) OVER (PARTITION BY m.account_id ORDER BY m.transaction_id),
        p.now
    FROM p, moves m JOIN accounts a ON a.id = m.account_id
), facts AS (
    INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
        round_ref, kind, bet, valid_bet, win, net, settled_at)
    SELECT pg_current_xact_id()::text::bigint, b.member_id, b.merchant_id, p.vendor, p.game,
        'LOTT', b.currency, 'plain-' || b.uid, 'SETTLED', b.stake, b.stake, b.paid,
        b.paid - b.stake, p.now
    FROM p, bets b
), marked AS (
    UPDATE lottery_bet b SET status = 'SETTLED', payout = bets.paid, settled_at = p.now,
        win_transaction_id = m.transaction_id
    FROM p, bets LEFT JOIN moves m ON m.bet_id = bets.id AND m.amount > 0
    WHERE b.id = bets.id
), issue AS (
    UPDATE lottery_issue SET status = 'SETTLED', settled_at = p.now FROM p WHERE id = p.twin
)
SELECT count(*) FROM bets
"""


def in_database_settlement(url: str, twin_id: int, result: list[int], now: datetime) -> int:
    """The same effects as the service, by one statement computed and written inside the
    database (IN_DATABASE_SETTLEMENT); returns the bets settled."""
    winning_single: list[list[object]] = [[f"1:{result[0]}"]]
    units, won = settlement.units_of("ssc.position", "LOTT", winning_single, result)
    assert won
    with psycopg.connect(url) as connection, connection.cursor() as cursor:
        # CTEs hide their sizes from the planner: without nested loops it takes hash joins,
        # the best plan for sets of this size.
        cursor.execute("SET LOCAL enable_nestloop = off")
        cursor.execute(
            IN_DATABASE_SETTLEMENT,
            {
                "result": result,
                "units": units,
                "twin": twin_id,
                "shard_keys": [
                    ledger.shard_sub_key(shard) for shard in range(ledger.MERCHANT_ACCOUNT_SHARDS)
                ],
                "reference": f"{GAME}:{TWIN}",
                "vendor": game(GAME).vendor,
                "game": GAME,
                "now": now,
            },
        )
        settled = cursor.fetchone()
        connection.commit()
    assert settled is not None
    return int(settled[0])


async def _service(issue_id: int, now: datetime) -> tuple[int, float]:
    started = time.perf_counter()
    closed = await settlement.settle_issue(issue_id, now)
    return closed, time.perf_counter() - started


async def _paid_and_audit(issue_id: int, twin_id: int) -> tuple[Decimal, Decimal, int]:
    async with session_scope() as session:
        connection = await session.connection()
        totals = defaultdict(Decimal)
        rows = await connection.exec_driver_sql(
            "SELECT issue_id, sum(payout), count(*) FILTER (WHERE status <> 'SETTLED')"
            " FROM lottery_bet GROUP BY issue_id"
        )
        pending = 0
        for issue, total, left in rows:
            totals[issue] = total
            pending += left
        report = await ledger.audit(session)
    return totals[issue_id], totals[twin_id], pending + len(report.differences)


def measure(url: str) -> list[Figure]:
    async def setup() -> tuple[int, int, list[int], int]:
        try:
            issue_id, twin_id, member_ids = await _setup()
            async with session_scope() as session:
                merchant = (
                    await session.exec(select(Merchant).where(Merchant.code == "BR1"))
                ).one()
            assert merchant.id is not None
            return issue_id, twin_id, member_ids, merchant.id
        finally:
            await dispose_engine()

    issue_id, twin_id, member_ids, merchant_id = asyncio.run(setup())
    started = time.perf_counter()
    _insert_bets(url, merchant_id, issue_id, member_ids)
    _insert_bets(url, merchant_id, twin_id, member_ids)
    load_seconds = time.perf_counter() - started

    async def draw() -> list[int]:
        try:
            return await _draw(issue_id, twin_id)
        finally:
            await dispose_engine()

    result = asyncio.run(draw())
    now = DAY + timedelta(minutes=1, seconds=1)
    started = time.perf_counter()
    floor_bets = in_database_settlement(url, twin_id, result, now)
    floor_seconds = time.perf_counter() - started

    async def service() -> tuple[int, float, Decimal, Decimal, int]:
        try:
            closed, seconds = await _service(issue_id, now)
            paid, twin_paid, problems = await _paid_and_audit(issue_id, twin_id)
            return closed, seconds, paid, twin_paid, problems
        finally:
            await dispose_engine()

    closed, service_seconds, paid, twin_paid, problems = asyncio.run(service())
    service_rate = closed / service_seconds
    floor_rate = floor_bets / floor_seconds
    share = service_rate / floor_rate * 100
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("bets in the issue", closed, "bets"),
        Figure("load: 2 × bets inserted in SQL", load_seconds, "s"),
        Figure("paid by the service", float(paid), CURRENCY),
        Figure(
            "paid by the in-database statement (same bets, same result)", float(twin_paid), CURRENCY
        ),
        Figure(
            "pending bets left + audit differences",
            problems,
            "",
            "0",
            problems == 0 and paid == twin_paid,
        ),
        Figure("service: settle the issue", service_seconds, "s"),
        Figure("service rate", service_rate, "bets/s"),
        Figure("in-database statement: settle the twin", floor_seconds, "s"),
        Figure("in-database statement rate", floor_rate, "bets/s"),
        Figure("service / in-database statement rate", share, "%", ">= 60%", share >= 60),
    ]


async def _embedded_issues(member_ids: list[int], merchant_id: int) -> list[int]:
    """Two issues of the game, each with EMBEDDED_BETS bets (written with SQLAlchemy Core:
    the same rows on any engine), then drawn; returns their ids."""
    upcoming = (await issues.upcoming(GAME, DAY, 2))[:2]
    await issues.advance(upcoming[0].open_at + timedelta(seconds=1))
    for issue in upcoming:
        rows = [
            {
                "uid": f"{issue.id}-{n}",
                "merchant_id": merchant_id,
                "member_id": member_ids[n % len(member_ids)],
                "currency": CURRENCY,
                "issue_id": issue.id,
                "game_code": GAME,
                "play_code": "ssc.position",
                "prize_mode": "LOTT",
                "selection": {"singles": [[f"{1 + n % 5}:{n // 5 % 10}"]]},
                "bet_count": 1,
                "unit": ONE,
                "multiplier": 1,
                "stake": ONE,
                "odds": {"win": "9.00"},
                "status": "PENDING",
                "payout": Decimal(0),
                "placed_at": issue.open_at + timedelta(seconds=1),
            }
            for n in range(EMBEDDED_BETS)
        ]
        async with write_transaction() as session:
            await session.exec(insert(_BETS), params=rows)
    await issues.advance(upcoming[-1].draw_at)
    return [issue.id for issue in upcoming if issue.id is not None]


async def _embedded() -> list[Figure]:
    try:
        await seed_demo_data()
        async with write_transaction() as session:
            merchant_id, member_ids = await _members(session)
        await issues.create_issues(DAY, timedelta(minutes=3), [GAME])
        large_issue, small_issue = await _embedded_issues(member_ids, merchant_id)
        now = DAY + timedelta(minutes=3)
        large = await beside_heartbeat(
            lambda: settlement.settle_issue(large_issue, now, settlement.BATCH), settlement.BATCH
        )
        small = await beside_heartbeat(
            lambda: settlement.settle_issue(small_issue, now, settlement.SQLITE_BATCH),
            settlement.SQLITE_BATCH,
        )
        async with session_scope() as session:
            differences = len((await ledger.audit(session)).differences)
    finally:
        await dispose_engine()
    return [
        Figure("embedded: bets in each issue", EMBEDDED_BETS, "bets"),
        Figure(
            "embedded: bets closed + audit differences",
            large.done + small.done + differences,
            "",
            f"{2 * EMBEDDED_BETS}",
            large.done == small.done == EMBEDDED_BETS and differences == 0,
        ),
        *batch_size_figures("settle", (settlement.BATCH, large), (settlement.SQLITE_BATCH, small)),
    ]


def measure_embedded() -> list[Figure]:
    """The embedded part on a SQLite file of its own (no Redis)."""
    with tempfile.TemporaryDirectory(prefix="bench-settle-") as data_dir:
        database = f"sqlite:///{data_dir}/bench.db"
        with environment(DATA_DIR=data_dir, DATABASE_URL=database, REDIS_URL=""):
            migrate(database)
            return asyncio.run(_embedded())


def run() -> list[Figure]:
    return on_private_database(measure) + measure_embedded()


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
