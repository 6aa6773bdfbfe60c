"""The in-process scheduler: every worker of every process runs it. Timers fire on period
boundaries (the same instants everywhere), each period is claimed once in Redis and the job's
lock keeps runs apart, so one runner does the work per period (spec 9: salary every 5
minutes joins this list later)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from app.core.config import get_settings
from app.jobs import JobRun, claim_period, withdrawal_timeouts

logger = logging.getLogger(__name__)

# (name, job, every how many seconds)
SCHEDULE: tuple[tuple[str, Callable[[], Awaitable[JobRun]], float], ...] = (
    (withdrawal_timeouts.NAME, withdrawal_timeouts.run_once, 60.0),
)


async def _every(name: str, job: Callable[[], Awaitable[JobRun]], seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds - time.time() % seconds)
        try:
            if await claim_period(name, seconds):
                await job()
        except Exception:
            logger.exception("scheduled job %s failed; it runs again next period", name)


@asynccontextmanager
async def scheduler() -> AsyncIterator[None]:
    override = get_settings().job_period_seconds
    tasks = [
        asyncio.create_task(_every(name, job, override or seconds))
        for name, job, seconds in SCHEDULE
    ]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
