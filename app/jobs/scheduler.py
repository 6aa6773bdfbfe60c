"""The in-process scheduler: every worker runs it, the Redis lock of each job makes one of
them do the work per period (spec 9: salary every 5 minutes joins this list later)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from app.jobs import JobRun, withdrawal_timeouts

logger = logging.getLogger(__name__)

# (job, every how many seconds)
SCHEDULE: tuple[tuple[Callable[[], Awaitable[JobRun]], float], ...] = (
    (withdrawal_timeouts.run_once, 60.0),
)


async def _every(job: Callable[[], Awaitable[JobRun]], seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await job()
        except Exception:
            logger.exception("scheduled job %s failed; it runs again next period", job)


@asynccontextmanager
async def scheduler() -> AsyncIterator[None]:
    tasks = [asyncio.create_task(_every(job, seconds)) for job, seconds in SCHEDULE]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
