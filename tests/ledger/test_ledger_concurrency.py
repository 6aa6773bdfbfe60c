"""The ledger under concurrent requests, each in its own write transaction.

On SQLite the write lock serialises them; on PostgreSQL (TEST_DATABASE=postgres) they really
race, and row locks, the UNIQUE idempotency key and the replay path must hold.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Awaitable, Iterator
from contextlib import asynccontextmanager, contextmanager
from decimal import Decimal

import psycopg
import pytest
from sqlalchemy import func
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import connection_capacity, session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.ledger import Leg, Posted
from models import LedgerAccount, LedgerTransaction
from models.ledger import TransactionKind
from tests.helpers.databases import use_postgres
from tests.helpers.statements import statements_sent
from tests.ledger.test_ledger import Books, balance, bet, deposit, new_key, open_books

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

LOCK_WAIT_SECONDS = 30


async def assert_books_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.differences == ()


async def transactions_with_key(key: str) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LedgerTransaction)
                .where(LedgerTransaction.idempotency_key == key)
            )
        ).one()


async def test_200_concurrent_debits_of_one_against_100_spend_it_exactly() -> None:
    books = await open_books()
    await deposit(books, "100.00")

    async def debit() -> str:
        try:
            await bet(books, "1.00")
        except AppError as refused:
            return refused.code
        return "ok"

    outcomes = await asyncio.gather(*(debit() for _ in range(200)))
    assert outcomes.count("ok") == 100
    assert outcomes.count("ledger-insufficient-funds") == 100
    assert await balance(books.cash) == Decimal("0.00")
    await assert_books_clean()


@asynccontextmanager
async def accounts_held(*account_ids: int) -> AsyncIterator[None]:
    """Hold the accounts' row locks (on SQLite: the write lock) so that requests pile up."""
    async with write_transaction() as session:
        await session.exec(
            select(LedgerAccount).where(col(LedgerAccount.id).in_(account_ids)).with_for_update()
        )
        yield


async def wait_for_lock_waiters(count: int) -> None:
    """On PostgreSQL, wait until `count` sessions queue for a lock, or as many as the
    process's pool lets in beside the test's own holding it (the rest queue for a
    connection); SQLite blocks at BEGIN."""
    if not use_postgres():
        await asyncio.sleep(0.2)
        return
    count = min(count, connection_capacity(get_settings(), 1, runs_jobs=False) - 1)
    deadline = time.monotonic() + LOCK_WAIT_SECONDS  # a loaded machine is slow to queue 20
    # Autocommit: PostgreSQL keeps one pg_stat_activity snapshot per transaction, so a watcher
    # in one transaction would count the sessions of its first look forever.
    watching = psycopg.AsyncConnection.connect(os.environ["DATABASE_URL"], autocommit=True)
    async with await watching as watcher:
        while time.monotonic() < deadline:
            cursor = await watcher.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            row = await cursor.fetchone()
            if row is not None and row[0] >= count:
                return
            await asyncio.sleep(0.01)
    raise AssertionError(f"fewer than {count} requests queued for the lock")


def answer(posted: Posted) -> tuple[int, tuple[tuple[int, Decimal], ...]]:
    return posted.transaction_id, tuple(sorted(posted.balances.items()))


async def test_50_concurrent_posts_of_one_key_make_one_transaction() -> None:
    books = await open_books()
    await deposit(books, "1.00")  # the whole balance: late twins must replay, not be refused
    key = new_key()

    # The first request claims the key and queues for the account lock; on PostgreSQL the
    # others gather behind it (`batching`) and find its claim, on SQLite they queue for the
    # write lock.
    async with accounts_held(books.cash):
        requests = [asyncio.create_task(bet(books, "1.00", key=key)) for _ in range(50)]
        await wait_for_lock_waiters(1)
        await asyncio.sleep(0.2)
    answers = await asyncio.gather(*requests)

    assert len({answer(posted) for posted in answers}) == 1
    assert [posted.replay for posted in answers].count(False) == 1
    assert await transactions_with_key(key) == 1
    assert await balance(books.cash) == Decimal("0.00")
    await assert_books_clean()


async def test_concurrent_posts_of_one_key_in_callers_transactions_agree() -> None:
    books = await open_books()
    await deposit(books, "1.00")
    key = new_key()

    async def bet_in_own_transaction() -> Posted:
        async with write_transaction() as session:
            return await ledger.post(
                session,
                merchant_id=books.merchant_id,
                kind=TransactionKind.BET,
                idempotency_key=key,
                legs=[Leg(books.cash, Decimal("-1.00")), Leg(books.house, Decimal("1.00"))],
                member_id=books.member_id,
            )

    async with accounts_held(books.cash):
        requests = [asyncio.create_task(bet_in_own_transaction()) for _ in range(20)]
        await wait_for_lock_waiters(10)
    answers = await asyncio.gather(*requests)

    assert len({answer(posted) for posted in answers}) == 1
    assert [posted.replay for posted in answers].count(False) == 1
    assert await transactions_with_key(key) == 1
    assert await balance(books.cash) == Decimal("0.00")
    await assert_books_clean()


async def reverse(transaction_id: int, key: str) -> Posted | str:
    try:
        async with write_transaction() as session:
            return await ledger.reverse(
                session, transaction_id=transaction_id, idempotency_key=key, reason="void"
            )
    except AppError as refused:
        return refused.code


async def test_concurrent_reversals_with_their_own_keys_reverse_once() -> None:
    books = await open_books()
    await deposit(books, "20.00")
    played = await bet(books, "5.00")

    outcomes = await asyncio.gather(*(reverse(played.transaction_id, new_key()) for _ in range(10)))

    assert sum(isinstance(outcome, Posted) for outcome in outcomes) == 1
    assert outcomes.count("ledger-already-reversed") == 9
    assert await balance(books.cash) == Decimal("20.00")
    await assert_books_clean()


async def test_concurrent_reversals_sharing_one_key_get_one_answer() -> None:
    books = await open_books()
    await deposit(books, "20.00")
    played = await bet(books, "5.00")
    key = new_key()

    outcomes = await asyncio.gather(*(reverse(played.transaction_id, key) for _ in range(10)))

    assert len({answer(outcome) for outcome in outcomes if isinstance(outcome, Posted)}) == 1
    assert all(isinstance(outcome, Posted) for outcome in outcomes)
    assert await transactions_with_key(key) == 1
    assert await balance(books.cash) == Decimal("20.00")
    await assert_books_clean()


async def outcome(post: Awaitable[Posted]) -> Posted | str:
    try:
        return await post
    except AppError as refused:
        return refused.code


@contextmanager
def posting_calls() -> Iterator[list[str]]:
    """The ledger's database functions called meanwhile, by name, in the order sent."""
    called: list[str] = []
    with statements_sent() as sent:
        yield called
        for statement, _ in sent:
            for function in ("ledger_post_batch(", "ledger_post("):
                if function in statement:
                    called.append(function.rstrip("("))
                    break


@pytest.mark.skipif(not use_postgres(), reason="batched posting is PostgreSQL's")
async def test_posts_made_while_one_is_written_go_in_one_batch_each_with_its_own_answer() -> None:
    books = await open_books()
    await deposit(books, "10.00")
    known = new_key()
    first_answer = await bet(books, "1.00", key=known)

    # Posts made together on one account go in one write; those made while it waits for the
    # account's lock gather in the next, however many writers are free.
    with posting_calls() as called:
        async with accounts_held(books.cash):
            first = [asyncio.create_task(bet(books, "1.00")) for _ in range(2)]
            await wait_for_lock_waiters(1)
            gathered = [asyncio.create_task(outcome(bet(books, "1.00"))) for _ in range(12)]
            replay = asyncio.create_task(outcome(bet(books, "1.00", key=known)))
            conflict = asyncio.create_task(outcome(bet(books, "2.00", key=known)))
            await asyncio.sleep(0.2)
        outcomes = await asyncio.gather(
            *(outcome(post) for post in first), *gathered, replay, conflict
        )

    # Two calls, of two posts and of fourteen; the two whose key was known are answered alone,
    # as any post.
    assert called == ["ledger_post_batch"] * 2 + ["ledger_post"] * 2
    outcomes, replayed, conflicted = outcomes[:14], outcomes[14], outcomes[15]
    # 9.00 was left for fourteen posts of 1.00: nine wrote, five were refused and wrote nothing.
    assert sum(isinstance(posted, Posted) and not posted.replay for posted in outcomes) == 9
    assert outcomes.count("ledger-insufficient-funds") == 5
    assert isinstance(replayed, Posted) and replayed.replay
    assert answer(replayed) == answer(first_answer)
    assert conflicted == "ledger-idempotency-conflict"
    written = [posted for posted in outcomes if isinstance(posted, Posted)]
    assert sorted(posted.balances[books.cash] for posted in written) == list(map(Decimal, range(9)))
    assert await balance(books.cash) == Decimal("0.00")
    await assert_books_clean()


@pytest.mark.skipif(not use_postgres(), reason="batched posting is PostgreSQL's")
async def test_posts_on_unrelated_accounts_are_written_side_by_side() -> None:
    """Posts made together that share no account go to the free writers, each its own call:
    one held back by its account's lock holds back none of the others."""
    held, free = await open_books(), await open_books()
    await deposit(held, "10.00")
    await deposit(free, "10.00")

    def lock_up(books: Books) -> Awaitable[Posted]:  # the member's own two accounts
        return ledger.post_in_new_transaction(
            merchant_id=books.merchant_id,
            kind=TransactionKind.BET,
            idempotency_key=new_key(),
            legs=[Leg(books.cash, Decimal("-1.00")), Leg(books.locked, Decimal("1.00"))],
            member_id=books.member_id,
        )

    with posting_calls() as called:
        async with accounts_held(held.cash):
            stuck = asyncio.create_task(lock_up(held))
            passing = asyncio.create_task(lock_up(free))
            written = await asyncio.wait_for(passing, LOCK_WAIT_SECONDS)
            assert not stuck.done()
        await stuck

    assert called == ["ledger_post"] * 2
    assert written.balances[free.cash] == Decimal("9.00")
    assert await balance(held.cash) == Decimal("9.00")
    await assert_books_clean()


@pytest.mark.skipif(not use_postgres(), reason="batched posting is PostgreSQL's")
async def test_posts_whose_writer_gets_no_connection_fail_with_its_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A writer that cannot have a connection (the pool's wait timed out) answers every post
    waiting with that error: none waits for ever, and nothing is written."""
    books = await open_books()
    await deposit(books, "10.00")

    @asynccontextmanager
    async def no_connection() -> AsyncIterator[None]:
        raise PoolTimeoutError("the pool's wait timed out")
        yield  # pragma: no cover

    monkeypatch.setattr("app.services.ledger.batching.autocommit_driver", no_connection)
    posts = [bet(books, "1.00") for _ in range(3)]
    outcomes = await asyncio.wait_for(
        asyncio.gather(*posts, return_exceptions=True), LOCK_WAIT_SECONDS
    )
    monkeypatch.undo()

    assert all(isinstance(failed, PoolTimeoutError) for failed in outcomes), outcomes
    assert await balance(books.cash) == Decimal("10.00")
    posted = await bet(books, "1.00")  # the next writer has its connection
    assert posted.balances[books.cash] == Decimal("9.00")
    await assert_books_clean()
