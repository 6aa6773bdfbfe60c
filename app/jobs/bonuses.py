"""Bonus jobs: wagering progress from wager facts (every second) and expiry (every minute).

Both make each change once by themselves: progress through the consumer's stored position
(a fact counts once), expiry under each grant's row lock (a closed grant is skipped), so
neither needs `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.services.job_runs import Job, JobContext
from app.services.promotions import bonus

WAGERING = "bonus-wagering"
EXPIRY = "bonus-expiry"


async def _wagering(context: JobContext) -> int:
    return await bonus.catch_up_wagering(context.now)


async def _expiry(context: JobContext) -> int:
    return await bonus.expire_due(context.now)


WAGERING_JOB = Job(name=WAGERING, cron=every(1), run=_wagering)
EXPIRY_JOB = Job(name=EXPIRY, cron=every(60), run=_expiry)
JOBS = (WAGERING_JOB, EXPIRY_JOB)
