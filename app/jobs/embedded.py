"""Embedded mode's engine: the jobs run inside the app process, no other service.

At each tick of any job's schedule (and when a retry falls due) the runner runs every due
period in turn (`job_runs.due_periods`): the current one, ticks nobody ran since the job's
latest run (a busy machine, or every process down) within the job's `catch_up`, failed
attempts waiting for their retry, and runs a killed process left behind. `tick(now)` is one
such pass with the clock passed in; `run_forever` calls it on time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime

from app.core.periods import next_tick
from app.services import job_runs
from app.services.job_runs import Job, RunResult
from models.base import utcnow

logger = logging.getLogger(__name__)


class EmbeddedRunner:
    def __init__(self, jobs: Sequence[Job], clock: Callable[[], datetime] = utcnow) -> None:
        self.jobs = tuple(jobs)
        self.clock = clock

    async def tick(self, now: datetime) -> list[RunResult]:
        """Run every period due at `now`; a failing run is logged and retried later."""
        results = []
        for job in self.jobs:
            for period in await job_runs.due_periods(job, now):
                try:
                    results.append(await job_runs.run_period(job, period, now))
                except Exception:
                    logger.exception("job %s failed for %s", job.name, period.isoformat())
        return results

    async def wake_at(self, now: datetime) -> datetime:
        """The next tick of any schedule, or an earlier retry."""
        wake = min(next_tick(job_runs.schedule(job), now) for job in self.jobs)
        retry = await job_runs.next_retry_at(self.jobs, now)
        return wake if retry is None else min(wake, retry)

    async def run_forever(self) -> None:
        while True:
            await self.tick(self.clock())
            now = self.clock()
            wake = await self.wake_at(now)
            await asyncio.sleep(max((wake - self.clock()).total_seconds(), 0.0))
