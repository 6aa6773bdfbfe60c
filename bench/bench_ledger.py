"""Ledger posts per second on PostgreSQL: the service next to the same transaction in plain SQL.

Bet-shaped movements (member cash → house, 1.00 each, a fresh idempotency key each) from
16 concurrent clients, once all on one hot wallet, once spread over 1,000 wallets, and once as
disjoint pairs (each of the 1,000 wallets pays an account of its own instead of the house, so
two posts rarely share a lock), by four contenders (psycopg for the three plain-SQL clients, one
connection per client):

- the service: `ledger.post_in_new_transaction`, which on PostgreSQL sends one statement, a
  call of the database function `ledger_post` (claim the key, update the accounts in id order,
  write the entries), in autocommit; posts made in a worker process while one of its writes
  is under way wait for it and go together as its next write, one call of
  `ledger_post_batch` (each post in a subtransaction: one round trip and one commit for the
  batch). The figures print the mean batch;
- plain SQL, one statement: that same statement, compiled from the service's own text, sent
  by a bare psycopg client. The ratio against it is the service's own cost (validation,
  fingerprint, SQLAlchemy, the replay and error paths' checks), which the goal judges;
- plain SQL, step by step: the textbook transaction (the two account rows FOR UPDATE in id
  order, update balances, insert the transaction and entries, commit), whose locks are held
  across four round trips. Printed for reference;
- pgledger's function: the floor the issue set (pgledger, a PL/pgSQL double-entry ledger),
  one call per post. pgledger cannot be installed on this closed machine, so the bench creates
  a function of its design (written here, not its code): each account locked FOR UPDATE in id
  order by a statement of its own, the amount and accounts checked, each balance updated and
  checked against its account's negative-balance rule, the transfer and its two entries
  inserted with the balances after. It is lighter than pgledger itself (integer ids where
  pgledger makes ULID text ids, no view read back, no idempotency key claimed ON CONFLICT),
  so the floor is at least as hard as the issue's; it runs on the ledger's own tables, so
  every contender pays the same indexes and locks.

Each contender runs its 16 clients in 4 worker processes, as the scaled deployment runs
several app workers. Every bet of the first two loads also locks the one house account, so
spreading over wallets does not spread that lock: it bounds their rates. The disjoint pairs
show what a post costs when no lock is shared. A fourth load is the hot wallet again with 64
clients (16 per process), as a server process busy with many players posts: the service's
posts then wait for one another and go in batches.

Goals: the service posts at least 50% of the one-statement plain-SQL rate (its own cost) and
at least 100% of pgledger's function's rate on each load (issue 36); the audit after the run
finds zero differences.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from multiprocessing import get_context
from multiprocessing.pool import Pool
from typing import Any
from uuid import uuid4

import psycopg
from alembic.config import Config
from sqlmodel import select

from alembic import command
from app.core.config import PROJECT_ROOT
from app.core.db import dispose_engine, session_scope, write_transaction
from app.core.metrics import LEDGER_POST_BATCH
from app.demo.seed import seed_demo_data
from app.services import ledger
from app.services.ledger import Leg
from bench.common import Figure, environment
from models import Member, Merchant
from models.base import utcnow
from models.ledger import AccountKind, TransactionKind
from tests.helpers.databases import create_postgres_database, drop_postgres_database

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/ledger",)

CLIENTS = 16
BUSY_CLIENTS = 64  # the busy load: a server process with many players posting at once
WORKER_PROCESSES = 4
SECONDS = float(os.environ.get("BENCH_SECONDS", "8"))
START_AFTER_SECONDS = 4.0  # the workers warm up (connections, prepared statements) until then
WALLETS = 1_000
WALLET_FUNDS = Decimal("100000.00")
ONE = Decimal("1.00")
CURRENCY = "BRL"

SERVICE = "service"
ONE_STATEMENT = "plain SQL one statement"
STEP_BY_STEP = "plain SQL step by step"
PGLEDGER = "pgledger's function"

# pgledger's design, on the ledger's tables (see the module's docstring); created by the bench.
PGLEDGER_FUNCTION = """
CREATE FUNCTION bench_pgledger_transfer(
    p_merchant BIGINT, p_from BIGINT, p_to BIGINT, p_amount NUMERIC, p_key TEXT,
    p_fingerprint TEXT, p_member BIGINT, p_at TIMESTAMPTZ
) RETURNS BIGINT AS $$
DECLARE
    locked BIGINT;
    from_account ledger_account;
    to_account ledger_account;
    transfer_id BIGINT;
BEGIN
    FOREACH locked IN ARRAY ARRAY(SELECT unnest(ARRAY[p_from, p_to]) ORDER BY 1) LOOP
        PERFORM id FROM ledger_account WHERE id = locked FOR UPDATE;
    END LOOP;
    IF p_amount <= 0 THEN
        RAISE EXCEPTION 'Amount (%) must be positive', p_amount;
    END IF;
    IF p_from = p_to THEN
        RAISE EXCEPTION 'Cannot transfer to the same account (id=%)', p_from;
    END IF;
    UPDATE ledger_account SET balance = balance - p_amount WHERE id = p_from
        RETURNING * INTO from_account;
    IF from_account.balance < 0 AND NOT from_account.allow_negative THEN
        RAISE EXCEPTION 'Account (id=%) does not allow negative balance', p_from;
    END IF;
    UPDATE ledger_account SET balance = balance + p_amount WHERE id = p_to
        RETURNING * INTO to_account;
    IF to_account.balance < 0 AND NOT to_account.allow_negative THEN
        RAISE EXCEPTION 'Account (id=%) does not allow negative balance', p_to;
    END IF;
    IF from_account.currency != to_account.currency THEN
        RAISE EXCEPTION 'Cannot transfer between different currencies';
    END IF;
    INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key, fingerprint,
        member_id, metadata, created_at)
        VALUES (p_merchant, 'BET', '', p_key, p_fingerprint, p_member, '{}', p_at)
        RETURNING id INTO transfer_id;
    INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
        VALUES (transfer_id, p_from, -p_amount, from_account.balance, p_at),
               (transfer_id, p_to, p_amount, to_account.balance, p_at);
    RETURN transfer_id;
END;
$$ LANGUAGE plpgsql
"""

PostOne = Callable[[int, int], Awaitable[None]]  # (wallet, the account it pays)


@dataclass(frozen=True)
class Books:
    merchant_id: int
    house: int
    clearing: int
    owner_of: dict[int, int]  # wallet (cash account) id → member id
    own_account: dict[int, int]  # wallet → the member's own clearing account (disjoint pairs)

    @property
    def wallets(self) -> list[int]:
        return sorted(self.owner_of)


@dataclass(frozen=True)
class Load:
    rate: float
    p50_ms: float
    p99_ms: float
    batch: float  # the service's posts per batch written (mean; 0: none batched)


def migrate(url: str) -> None:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(PROJECT_ROOT / "alembic"))
    config.set_main_option("sqlalchemy.url", url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")


async def open_books() -> Books:
    """BR1's house and clearing accounts and 1,000 funded member wallets, each with a
    clearing account of its own."""
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        assert merchant.id is not None
        members = [
            Member(merchant_id=merchant.id, username=f"bench{n:04d}", password_hash="!")  # noqa: S106 (never logs in)
            for n in range(WALLETS)
        ]
        session.add_all(members)
        await session.flush()
        merchant_id = merchant.id

        async def open_account(
            kind: AccountKind, member_id: int | None = None, spread: int | None = None
        ) -> int:
            made = await ledger.account(
                session,
                merchant_id=merchant_id,
                kind=kind,
                currency=CURRENCY,
                member_id=member_id,
                spread=spread,
            )
            assert made.id is not None
            return made.id

        owner_of: dict[int, int] = {}
        own_account: dict[int, int] = {}
        for member in members:
            assert member.id is not None
            cash = await open_account(AccountKind.MEMBER_CASH, member_id=member.id)
            own_account[cash] = await open_account(AccountKind.PAYMENT_CLEARING, spread=member.id)
            owner_of[cash] = member.id
        house = await open_account(AccountKind.HOUSE)
        clearing = await open_account(AccountKind.PAYMENT_CLEARING)
    books = Books(merchant_id, house, clearing, owner_of, own_account)
    await ledger.post_in_new_transaction(
        merchant_id=books.merchant_id,
        kind=TransactionKind.DEPOSIT,
        idempotency_key="bench-funding",
        legs=[
            Leg(books.clearing, -WALLET_FUNDS * WALLETS),
            *(Leg(wallet, WALLET_FUNDS) for wallet in books.wallets),
        ],
    )
    return books


async def post_until(
    clients: Sequence[PostOne], pairs: Sequence[tuple[int, int]], deadline: float
) -> list[float]:
    """Each client posts back to back on random (wallet, payee) pairs until the deadline; the
    latencies."""
    latencies: list[float] = []

    async def client(post_one: PostOne, seed: int) -> None:
        pick = random.Random(seed)
        while time.time() < deadline:
            wallet, payee = pairs[pick.randrange(len(pairs))]
            started = time.perf_counter()
            await post_one(wallet, payee)
            latencies.append(time.perf_counter() - started)

    await asyncio.gather(*(client(post_one, seed) for seed, post_one in enumerate(clients)))
    return latencies


def service_client(books: Books) -> PostOne:
    async def post_one(wallet: int, payee: int) -> None:
        await ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.BET,
            idempotency_key=uuid4().hex,
            legs=(Leg(wallet, -ONE), Leg(payee, ONE)),
            member_id=books.owner_of[wallet],
        )

    return post_one


def one_statement_client(connection: psycopg.AsyncConnection, books: Books) -> PostOne:
    """The service's own PostgreSQL statement, sent with bare psycopg in autocommit."""
    statement = ledger.POST_IN_ONE_STATEMENT

    async def post_one(wallet: int, payee: int) -> None:
        legs = sorted(((wallet, -ONE), (payee, ONE)))
        cursor = await connection.execute(
            statement,
            {
                "account_ids": [account for account, _ in legs],
                "amounts": [amount for _, amount in legs],
                "merchant_id": books.merchant_id,
                "kind": "BET",
                "reference": "",
                "idempotency_key": uuid4().hex,
                "fingerprint": hashlib.sha256(repr(("BET", legs)).encode()).hexdigest(),
                "member_id": books.owner_of[wallet],
                "metadata": "{}",
                "created_at": utcnow(),
            },
        )
        if len(await cursor.fetchall()) != 2:
            raise RuntimeError("the post wrote nothing")

    return post_one


def step_by_step_client(connection: psycopg.AsyncConnection, books: Books) -> PostOne:
    async def post_one(wallet: int, payee: int) -> None:
        legs = sorted(((wallet, -ONE), (payee, ONE)))
        fingerprint = hashlib.sha256(repr(("BET", legs)).encode()).hexdigest()
        now = utcnow()
        async with connection.transaction():
            cursor = await connection.execute(
                "SELECT id, balance FROM ledger_account WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
                ([account for account, _ in legs],),
            )
            balances = dict(await cursor.fetchall())
            after = {account: balances[account] + amount for account, amount in legs}
            if after[wallet] < 0:
                raise RuntimeError("insufficient funds")
            await cursor.executemany(
                "UPDATE ledger_account SET balance = %s WHERE id = %s",
                [(balance, account) for account, balance in after.items()],
            )
            cursor = await connection.execute(
                "INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key,"
                " fingerprint, member_id, metadata, created_at)"
                " VALUES (%s, 'BET', '', %s, %s, %s, '{}', %s) RETURNING id",
                (books.merchant_id, uuid4().hex, fingerprint, books.owner_of[wallet], now),
            )
            row = await cursor.fetchone()
            assert row is not None
            await connection.execute(
                "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                " created_at) VALUES (%s, %s, %s, %s, %s), (%s, %s, %s, %s, %s)",
                [
                    value
                    for account, amount in legs
                    for value in (row[0], account, amount, after[account], now)
                ],
            )

    return post_one


def pgledger_client(connection: psycopg.AsyncConnection, books: Books) -> PostOne:
    async def post_one(wallet: int, payee: int) -> None:
        fingerprint = hashlib.sha256(repr(("BET", wallet, payee)).encode()).hexdigest()
        cursor = await connection.execute(
            "SELECT bench_pgledger_transfer(%s, %s, %s, %s, %s, %s, %s, %s)",
            (
                books.merchant_id,
                wallet,
                payee,
                ONE,
                uuid4().hex,
                fingerprint,
                books.owner_of[wallet],
                utcnow(),
            ),
        )
        if await cursor.fetchone() is None:
            raise RuntimeError("the transfer wrote nothing")

    return post_one


PLAIN_CLIENTS = {
    ONE_STATEMENT: one_statement_client,
    STEP_BY_STEP: step_by_step_client,
    PGLEDGER: pgledger_client,
}


def batches_written() -> tuple[float, float]:
    """This process's batches of posts written so far, and the posts in them."""
    samples = {s.name: s.value for m in LEDGER_POST_BATCH.collect() for s in m.samples}
    return samples[f"{LEDGER_POST_BATCH._name}_count"], samples[f"{LEDGER_POST_BATCH._name}_sum"]


@dataclass(frozen=True)
class Share:
    """One worker process's share of a load: its contender, clients and pairs to post on."""

    contender: str
    url: str
    books: Books
    pairs: list[tuple[int, int]]
    start_at: float
    clients: int


async def work(share: Share) -> tuple[list[float], tuple[float, float]]:
    """Warm up until `start_at`, then post for SECONDS; the measured latencies, and the
    batches written meanwhile with their posts."""
    connections: list[psycopg.AsyncConnection] = []
    if share.contender == SERVICE:
        posts = [service_client(share.books)] * share.clients
    else:
        connections = [
            await psycopg.AsyncConnection.connect(share.url, autocommit=True)
            for _ in range(share.clients)
        ]
        client = PLAIN_CLIENTS[share.contender]
        posts = [client(connection, share.books) for connection in connections]
    try:
        await post_until(posts, share.pairs, share.start_at)  # warm-up
        before = batches_written()
        latencies = await post_until(posts, share.pairs, share.start_at + SECONDS)
        after = batches_written()
        return latencies, (after[0] - before[0], after[1] - before[1])
    finally:
        for connection in connections:
            await connection.close()
        await dispose_engine()


def worker(share: Share) -> tuple[list[float], tuple[float, float]]:
    """One worker process's share of the clients; the latencies measured after `start_at`."""
    return asyncio.run(work(share))


def meet(barrier: Any) -> None:
    barrier.wait(timeout=300)


def all_started(pool: Pool, barrier: Any) -> None:
    """Return once every worker process has started and imported the app: on a busy machine
    a spawned worker's start-up took longer than the warm-up, and the first load then
    measured processes that had not begun."""
    pool.map(meet, [barrier] * WORKER_PROCESSES, chunksize=1)


def load(
    pool: Pool,
    contender: str,
    url: str,
    books: Books,
    pairs: list[tuple[int, int]],
    clients: int,
) -> Load:
    start_at = time.time() + START_AFTER_SECONDS
    share = Share(contender, url, books, pairs, start_at, clients // WORKER_PROCESSES)
    shares = pool.map(worker, [share] * WORKER_PROCESSES)
    latencies = [latency for share, _ in shares for latency in share]
    cuts = statistics.quantiles(latencies, n=100)
    batches = sum(count for _, (count, _) in shares)
    batched = sum(posts for _, (_, posts) in shares)
    mean_batch = batched / batches if batches else 0.0
    return Load(len(latencies) / SECONDS, cuts[49] * 1000, cuts[98] * 1000, mean_batch)


async def set_up(url: str) -> Books:
    await seed_demo_data()
    books = await open_books()
    await dispose_engine()
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
        await connection.execute(PGLEDGER_FUNCTION)
    return books


async def audit_report() -> ledger.AuditReport:
    async with session_scope() as session:
        report = await ledger.audit(session)
    await dispose_engine()
    return report


def measure(url: str) -> list[Figure]:
    books = asyncio.run(set_up(url))
    figures: list[Figure] = []
    # Spawned workers read the settings (this run's DATABASE_URL) afresh.
    context = get_context("spawn")
    with context.Pool(WORKER_PROCESSES) as pool, context.Manager() as manager:
        all_started(pool, manager.Barrier(WORKER_PROCESSES))
        hot = [(books.wallets[0], books.house)]
        loads_to_run = (
            ("hot wallet", hot, CLIENTS),
            ("1,000 wallets", [(wallet, books.house) for wallet in books.wallets], CLIENTS),
            (
                "disjoint pairs",
                [(wallet, books.own_account[wallet]) for wallet in books.wallets],
                CLIENTS,
            ),
            (f"hot wallet, {BUSY_CLIENTS} clients", hot, BUSY_CLIENTS),
        )
        for label, pairs, clients in loads_to_run:
            loads = {
                contender: load(pool, contender, url, books, pairs, clients)
                for contender in (SERVICE, ONE_STATEMENT, STEP_BY_STEP, PGLEDGER)
            }
            for contender, measured in loads.items():
                figures += [
                    Figure(f"{contender}, {label}: posts/s", measured.rate, "posts/s"),
                    Figure(f"{contender}, {label}: p50", measured.p50_ms, "ms"),
                    Figure(f"{contender}, {label}: p99", measured.p99_ms, "ms"),
                ]
            figures.append(
                Figure(f"{SERVICE}, {label}: posts per batch (mean)", loads[SERVICE].batch, "")
            )
            ratio = loads[SERVICE].rate / loads[ONE_STATEMENT].rate
            textbook = loads[SERVICE].rate / loads[STEP_BY_STEP].rate
            pgledger = loads[SERVICE].rate / loads[PGLEDGER].rate
            figures += [
                Figure(
                    f"{label}: service / {ONE_STATEMENT}", ratio * 100, "%", "≥ 50%", ratio >= 0.5
                ),
                Figure(f"{label}: service / {STEP_BY_STEP}", textbook * 100, "%"),
                Figure(
                    f"{label}: service / {PGLEDGER}", pgledger * 100, "%", "≥ 100%", pgledger >= 1
                ),
            ]
    report = asyncio.run(audit_report())
    differences = len(report.differences)
    figures.append(
        Figure(
            f"audit after the run ({report.transactions_checked:,} transactions)",
            differences,
            "differences",
            "0",
            differences == 0,
        )
    )
    return figures


def on_private_database(measure: Callable[[str], list[Figure]]) -> list[Figure]:
    """Run `measure` on a fresh migrated PostgreSQL database of its own (no Redis), then
    drop it and put the process's settings back."""
    url = create_postgres_database()
    try:
        with environment(DATABASE_URL=url, REDIS_URL=""):
            migrate(url)
            return measure(url)
    finally:
        drop_postgres_database(url)


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
