"""The harness of the wager-fact consumer benches (missions, points, bonus wagering): facts
committed at a steady rate while the job ticks beside them; a fact's lag is the end of the
job run that counted it minus the moment its transaction committed."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from app.core.db import write_transaction
from app.services import wager_facts

Handler = Callable[[Any, Sequence[Any]], Awaitable[None]]


async def write_steadily(
    make_fact: Callable[[random.Random], wager_facts.Fact],
    commits: dict[int, float],
    *,
    rate: int,
    per_transaction: int,
    seconds: int,
) -> int:
    """`rate` facts a second in transactions of `per_transaction` for `seconds`; remembers
    each fact's commit time. Returns how many were written."""
    rng = random.Random(7)
    per_tick = rate // per_transaction
    written = 0
    start = time.perf_counter()
    for second in range(seconds):
        for n in range(per_tick):
            delay = start + second + n / per_tick - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            facts = [make_fact(rng) for _ in range(per_transaction)]
            async with write_transaction() as session:
                ids = await wager_facts.record(session, facts)
            committed = time.perf_counter()
            for fact_id in ids:
                commits[fact_id] = committed
            written += len(ids)
    return written


async def counted_ids(consumer: str, make_handler: Callable[[], Handler]) -> list[int]:
    """One run of a job: its consumer and handler (a fresh one per batch, as the job makes
    it), wrapped to see the ids of the facts it counted."""
    seen: list[int] = []
    while True:
        handler = make_handler()

        async def counting(session: Any, facts: Sequence[Any], handler: Handler = handler) -> None:
            await handler(session, facts)
            seen.extend(f.id for f in facts)

        if not await wager_facts.process(consumer, counting, batch_size=2000):
            return seen


async def job_beside(
    tick: Callable[[], Awaitable[list[int]]],
    stop: asyncio.Event,
    commits: dict[int, float],
    lags: list[float],
    *,
    tick_seconds: float,
    idle_ticks: int = 0,
) -> int:
    """The job's ticks every `tick_seconds`; each fact counted in a run gets the run's end as
    its counted time. After `stop`: until every fact is counted, or more than `idle_ticks`
    runs in a row counted nothing."""
    counted = idle = 0
    due = time.perf_counter()
    while True:
        due += tick_seconds
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        seen = await tick()
        finished = time.perf_counter()
        counted += len(seen)
        lags.extend(finished - commits[i] for i in seen if i in commits)
        idle = 0 if seen else idle + 1
        if stop.is_set() and (counted >= len(commits) or idle > idle_ticks):
            return counted
