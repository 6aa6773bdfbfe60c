"""Embedded mode's engine: the jobs run inside the app process, no other service.

At each tick of any job's schedule (and when a retry falls due) the runner runs every due
period in turn: the current one, ticks it slept through since its last pass (a busy
machine), failed attempts waiting for their retry, and runs a killed process left behind
(`job_runs.due_periods`). `tick(now)` is one such pass with the clock passed in;
`run_forever` calls it on time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime

from app.core.periods import next_tick, ticks_between
from app.services import job_runs
from app.services.job_runs import Job, RunResult
from models.base import utcnow

logger = logging.getLogger(__name__)


class EmbeddedRunner:
    def __init__(self, jobs: Sequence[Job], clock: Callable[[], datetime] = utcnow) -> None:
        self.jobs = tuple(jobs)
        self.clock = clock
        self._last: dict[str, datetime] = {}  # the latest period each job was run for

    async def tick(self, now: datetime) -> list[RunResult]:
        """Run every period due at `now`; a failing run is logged and retried later."""
        results = []
        for job in self.jobs:
            due = await job_runs.due_periods(job, now)
            last = self._last.get(job.name)
            if last is not None:
                since = max(last, now - job_runs.MAX_CATCH_UP)
                due = sorted({*due, *ticks_between(job_runs.schedule(job), since, now)})
            self._last[job.name] = due[-1]
            for period in due:
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
