"""Bonus jobs: wagering progress from wager facts (every second, the fact-consumers job) and
expiry (every minute).

Both make each change once by themselves: progress through the consumer's stored position
(a fact counts once), expiry under each grant's row lock (a closed grant is skipped), so
neither needs `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.jobs.fact_consumers import FactConsumer
from app.services.job_runs import Job, JobContext
from app.services.promotions import bonus

EXPIRY = "bonus-expiry"


async def _expiry(context: JobContext) -> int:
    return await bonus.expire_due(context.now)


EXPIRY_JOB = Job(name=EXPIRY, cron=every(60), run=_expiry)
JOBS = (EXPIRY_JOB,)
FACT_CONSUMERS = (FactConsumer("bonus-wagering", bonus.catch_up_wagering),)
