"""Batched posting on PostgreSQL: posts made at the same time, each in a transaction of its own,
are written together.

A post that finds fewer than MAX_WRITES of its process's writes under way is written at once,
alone (`ledger_post`: no wait under a light load). Posts that arrive while they are under way
wait for one to end and are sent together as the next batch, one call of the database's
function `ledger_post_batch` (migration 0015q): one round trip and one commit for all of
them, where each would have paid its own. The busier the ledger, the larger the batches: it is
how many posts pass one hot account's row lock and one log flush per commit.

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

from app.core import clock
from app.core.db import autocommit_driver, send_as_is
from app.core.errors import AppError
from app.core.metrics import LEDGER_POST_BATCH, LEDGER_POSTS
from app.services.ledger.basics import Posted, PostRequest, transaction_row

MAX_BATCH = 200  # posts in one call: a batch's row locks are held until all of it commits
# Writes under way at once in one process before posts wait to be gathered: two keep the
# database busy while the process prepares the next, and a write stuck behind another
# process's lock does not hold every post back (bench_ledger: one at a time cost a process
# with four posting at once a third of its posts per second; with sixteen, gathering lifts
# a hot account's posts per second by half).
MAX_WRITES = 2
INSUFFICIENT = "insufficient"

POST_BATCH = (
    "SELECT post_no, transaction_id, account_id, balance, failure"
    " FROM ledger_post_batch(%(posts)s::json)"
)  # sent by the driver as it is (app.core.db.send_as_is)

PostAlone = Callable[[PostRequest], Awaitable[Posted]]


@dataclass
class _Waiting:
    request: PostRequest
    answer: asyncio.Future[Posted | None]  # None: post it again alone


@dataclass
class _Gatherer:
    """One event loop's writes: how many are under way, and the posts waiting for one."""

    writing: int = 0
    waiting: list[_Waiting] = field(default_factory=list)
    writers: set[asyncio.Task[None]] = field(default_factory=set)


_gatherers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Gatherer] = (
    weakref.WeakKeyDictionary()
)


async def post_gathered(request: PostRequest, post_alone: PostAlone) -> Posted:
    """Post `request` in a transaction of its own: at once with `post_alone` when nothing is
    being written, else in the next batch."""
    loop = asyncio.get_running_loop()
    gatherer = _gatherers.setdefault(loop, _Gatherer())
    if gatherer.writing < MAX_WRITES:
        gatherer.writing += 1
        try:
            return await post_alone(request)
        finally:
            _write_next(gatherer)
    waiting = _Waiting(request, loop.create_future())
    gatherer.waiting.append(waiting)
    answer = await waiting.answer
    if answer is None:
        return await post_alone(request)
    return answer


def _write_next(gatherer: _Gatherer) -> None:
    """A write ended: the posts that waited for it are the next batch."""
    if not gatherer.waiting:
        gatherer.writing -= 1
        return
    batch = gatherer.waiting[:MAX_BATCH]
    del gatherer.waiting[:MAX_BATCH]
    writer = asyncio.get_running_loop().create_task(_write_batch(gatherer, batch))
    gatherer.writers.add(writer)  # a strong reference while it runs
    writer.add_done_callback(gatherer.writers.discard)


async def _write_batch(gatherer: _Gatherer, batch: list[_Waiting]) -> None:
    """Write the batch (one post alone is handed back to its caller: `ledger_post` is the
    cheaper call) and answer each post; then the next batch."""
    outcome: Sequence[Posted | AppError | None] | Exception = [None]
    try:
        if len(batch) > 1:
            outcome = await _write(batch)
    except asyncio.CancelledError:
        for waiting in batch:
            waiting.answer.cancel()
        raise
    except Exception as exc:  # the batch's error is each of its posts'
        outcome = exc
    finally:
        _write_next(gatherer)
    for number, waiting in enumerate(batch):
        if waiting.answer.done():  # its caller was cancelled
            continue
        answer = outcome if isinstance(outcome, Exception) else outcome[number]
        if isinstance(answer, Exception):
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


async def _write(batch: Sequence[_Waiting]) -> list[Posted | AppError | None]:
    """One call of `ledger_post_batch` in autocommit (one transaction); each post's answer, its
    error, or None where it is to be posted again alone."""
    LEDGER_POST_BATCH.observe(len(batch))
    posts = json.dumps([_body(waiting.request) for waiting in batch])
    async with autocommit_driver() as driver:
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
