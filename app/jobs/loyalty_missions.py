"""Mission jobs: progress from wager facts (every second) and race prizes at each period's
close (every minute).

Progress makes each change once by itself (the consumer's stored position: a fact counts
once). Prizes are paid once per (race, period, place) by their unique rows and ledger keys,
after the consumer has caught up, so neither needs `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.services.job_runs import Job, JobContext
from app.services.loyalty import missions, races

PROGRESS = "mission-progress"
PRIZES = "race-prizes"


async def _progress(context: JobContext) -> int:
    return await missions.catch_up(context.now)


async def _prizes(context: JobContext) -> int:
    await missions.catch_up(context.now)
    return await races.close_due(context.now)


PROGRESS_JOB = Job(name=PROGRESS, cron=every(1), run=_progress)
PRIZES_JOB = Job(name=PRIZES, cron=every(60), run=_prizes)
JOBS = (PROGRESS_JOB, PRIZES_JOB)
