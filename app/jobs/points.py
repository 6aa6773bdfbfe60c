"""Points earning from wager facts, every second.

The consumer's stored position makes each fact count once (app/services/loyalty/points.py),
so the job needs no `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.services.job_runs import Job, JobContext
from app.services.loyalty import points

EARNING = "points-earning"


async def _earning(context: JobContext) -> int:
    return await points.catch_up_earning(context.now)


EARNING_JOB = Job(name=EARNING, cron=every(1), run=_earning)
JOBS = (EARNING_JOB,)
