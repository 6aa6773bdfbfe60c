"""Mission jobs: progress from wager facts (every second, the fact-consumers job) and race
prizes at each period's close (every minute).

Progress makes each change once by itself (the consumer's stored position: a fact counts
once). Prizes are paid once per (race, period, place) by their unique rows and ledger keys,
after the consumer has caught up, so neither needs `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.jobs.fact_consumers import FactConsumer
from app.services.job_runs import Job, JobContext
from app.services.loyalty import missions, races

PRIZES = "race-prizes"


async def _prizes(context: JobContext) -> int:
    await missions.catch_up(context.now)
    return await races.close_due(context.now)


PRIZES_JOB = Job(name=PRIZES, cron=every(60), run=_prizes)
JOBS = (PRIZES_JOB,)
FACT_CONSUMERS = (FactConsumer("mission-progress", missions.catch_up),)
