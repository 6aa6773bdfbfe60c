"""Batched posting on PostgreSQL: posts made at the same time, each in a transaction of its own,
are written together.

A process's posts go to its writers (at most MAX_WRITES at once). A post that finds a writer
free starts one. A writer takes the posts waiting (those made in the same turn of the event
loop, or while the writers were busy) that share an account with the first, since they would
queue on its row lock anyway, and shares the others out with the free writers, so that posts
of unrelated accounts are written side by side (`_next_batch`). A writer
keeps its pooled connection while posts keep coming and gives it back when none waits: under
load no post pays a checkout of its own. A write of one post is `ledger_post`, of several one
call of the database's function `ledger_post_batch` (migration 0015q): one round trip and one
commit for all of them, where each would have paid its own. The busier the ledger, the larger
the batches: it is how many posts pass one hot account's row lock and one log flush per commit.

Each post keeps its own idempotency key, answer and error: the function writes each in a
subtransaction of its own, so one that fails writes nothing and the others stand. A post whose
key was already known, whose legs break a rule, or that the batch could not write for another
reason (a lock given up to a deadlock) is posted again alone, which answers it as
`ledger_post` answers any post (the first answer, or the rule's error).
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import psycopg

from app.core import clock
from app.core.db import autocommit_driver, send_as_is
from app.core.errors import AppError
from app.core.metrics import LEDGER_POST_BATCH, LEDGER_POSTS
from app.services.ledger.basics import Posted, PostRequest, transaction_row

MAX_BATCH = 200  # posts in one call: a batch's row locks are held until all of it commits
# Writers at once in one process, each holding a pooled connection while posts keep coming:
# posts of unrelated accounts go side by side (commits made together share the log's flush),
# and a write stuck behind another process's lock does not hold every post back.
MAX_WRITES = 4
INSUFFICIENT = "insufficient"

POST_BATCH = (
    "SELECT post_no, transaction_id, account_id, balance, failure"
    " FROM ledger_post_batch(%(posts)s::json)"
)  # sent by the driver as it is (app.core.db.send_as_is)

Driver = psycopg.AsyncConnection[Any]
# One post written on the writer's connection: its answer, or None when it claimed nothing.
WriteOne = Callable[[Driver, PostRequest], Awaitable[Posted | None]]
PostAlone = Callable[[PostRequest], Awaitable[Posted]]


@dataclass
class _Waiting:
    request: PostRequest
    answer: asyncio.Future[Posted | None]  # None: post it again alone


@dataclass
class _Gatherer:
    """One event loop's writers, and the posts waiting for one."""

    writing: int = 0  # writers alive
    busy: int = 0  # writers in a write
    waiting: list[_Waiting] = field(default_factory=list)
    writers: set[asyncio.Task[None]] = field(default_factory=set)


_gatherers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Gatherer] = (
    weakref.WeakKeyDictionary()
)


async def post_gathered(request: PostRequest, write_one: WriteOne, post_alone: PostAlone) -> Posted:
    """Post `request` in a transaction of its own, in its process's next write: `write_one` on a
    writer's connection when it goes alone, else in a batch; `post_alone` when it is to be
    posted again alone."""
    loop = asyncio.get_running_loop()
    gatherer = _gatherers.setdefault(loop, _Gatherer())
    waiting = _Waiting(request, loop.create_future())
    gatherer.waiting.append(waiting)
    if gatherer.writing < MAX_WRITES:
        _start_writer(gatherer, write_one)
    answer = await waiting.answer
    if answer is None:
        return await post_alone(request)
    return answer


async def _write_while_waiting(gatherer: _Gatherer, write_one: WriteOne) -> None:
    """A writer: write the posts waiting, a batch at a time, on one connection, until none
    waits. A connection that broke is given up and another writer goes on; one that could
    not be had (the pool's wait timed out) fails the posts waiting with its error."""
    failed: Exception | None = None
    try:
        if _next_batch(gatherer, peek=True):
            async with autocommit_driver() as driver:
                while not driver.broken and (batch := _next_batch(gatherer)):
                    gatherer.busy += 1
                    try:
                        await _write_batch(driver, batch, write_one)
                    finally:
                        gatherer.busy -= 1
    except Exception as exc:  # a write's own errors are its posts' answers (_write_batch)
        failed = exc
    finally:
        gatherer.writing -= 1
    if failed is not None:
        _answer(_next_batch(gatherer, everything=True), failed)
    elif gatherer.waiting and gatherer.writing < MAX_WRITES:  # its connection broke
        _start_writer(gatherer, write_one)


def _start_writer(gatherer: _Gatherer, write_one: WriteOne) -> None:
    gatherer.writing += 1
    writer = asyncio.get_running_loop().create_task(_write_while_waiting(gatherer, write_one))
    gatherer.writers.add(writer)  # a strong reference while it runs
    writer.add_done_callback(gatherer.writers.discard)


def _next_batch(
    gatherer: _Gatherer, peek: bool = False, everything: bool = False
) -> list[_Waiting]:
    """The next write's posts (their callers still waiting; `everything` waiting), taken
    unless `peek`. With other writers free, the posts are shared out: those that share an
    account with the first go together (they would queue on its row lock anyway), and the
    others are split evenly, so that posts of unrelated accounts are written side by side."""
    gatherer.waiting = [waiting for waiting in gatherer.waiting if not waiting.answer.done()]
    free = gatherer.writing - gatherer.busy
    if everything:
        batch = list(gatherer.waiting)
    elif peek or free <= 1 or len(gatherer.waiting) <= 1:
        batch = gatherer.waiting[:MAX_BATCH]
    else:
        share = -(-len(gatherer.waiting) // free)
        accounts = {leg.account_id for leg in gatherer.waiting[0].request.legs}
        batch = []
        for waiting in gatherer.waiting:
            legs = {leg.account_id for leg in waiting.request.legs}
            if len(batch) < share or not accounts.isdisjoint(legs):
                batch.append(waiting)
                accounts |= legs
            if len(batch) == MAX_BATCH:
                break
    if not peek:
        taken = {id(waiting) for waiting in batch}
        gatherer.waiting = [waiting for waiting in gatherer.waiting if id(waiting) not in taken]
    return batch


async def _write_batch(driver: Driver, batch: list[_Waiting], write_one: WriteOne) -> None:
    """Write the batch and answer each of its posts (with its error, where it failed)."""
    outcome: Sequence[Posted | AppError | None] | BaseException
    try:
        if len(batch) == 1:
            outcome = [await write_one(driver, batch[0].request)]
        else:
            outcome = await _write(driver, batch)
    except Exception as exc:  # the batch's error is each of its posts'
        outcome = exc
    except BaseException as exc:  # the writer is cancelled: its posts with it
        _answer(batch, exc)
        raise
    _answer(batch, outcome)


def _answer(
    batch: list[_Waiting], outcome: Sequence[Posted | AppError | None] | BaseException
) -> None:
    for number, waiting in enumerate(batch):
        if waiting.answer.done():  # its caller was cancelled
            continue
        answer = outcome if isinstance(outcome, BaseException) else outcome[number]
        if isinstance(answer, asyncio.CancelledError):
            waiting.answer.cancel()
        elif isinstance(answer, BaseException):
            waiting.answer.set_exception(answer)
        else:
            waiting.answer.set_result(answer)


def _body(request: PostRequest) -> dict[str, Any]:
    row = transaction_row(request, clock.now())
    return row | {
        "account_ids": [leg.account_id for leg in request.legs],
        "amounts": [str(leg.amount) for leg in request.legs],
        "created_at": row["created_at"].isoformat(),
    }


async def _write(driver: Driver, batch: Sequence[_Waiting]) -> list[Posted | AppError | None]:
    """One call of `ledger_post_batch` in autocommit (one transaction); each post's answer, its
    error, or None where it is to be posted again alone."""
    LEDGER_POST_BATCH.observe(len(batch))
    posts = json.dumps([_body(waiting.request) for waiting in batch])
    rows = await send_as_is(driver, POST_BATCH, {"posts": posts})
    written: dict[int, dict[int, Decimal]] = defaultdict(dict)
    transactions: dict[int, int] = {}
    failures: dict[int, str] = {}
    for post_no, transaction_id, account_id, balance, failure in rows:
        if failure is not None:
            failures[post_no] = failure
        else:
            transactions[post_no] = transaction_id
            written[post_no][account_id] = balance
    answers: list[Posted | AppError | None] = []
    for number, waiting in enumerate(batch):
        if number in transactions:
            LEDGER_POSTS.labels(kind=waiting.request.kind.value).inc()
            answers.append(Posted(transactions[number], False, written[number]))
        elif failures.get(number) == INSUFFICIENT:
            answers.append(AppError("ledger-insufficient-funds", 409))
        else:
            answers.append(None)
    return answers
