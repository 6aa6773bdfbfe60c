"""The whole base against the barred list (Brazil: every 15 days, IN 22/2025 and 31/2025):
on the 1st and the 16th of each month at 04:00 UTC every account whose CPF is now listed is
barred (no deposit, no bet; the balance may still be withdrawn). The sign-up, first-login-
of-the-day and deposit checks catch the rest between sweeps."""

from __future__ import annotations

from datetime import datetime, timedelta

from app.services.identity import onboarding
from app.services.job_runs import Job, JobContext, RunResult, run_current

NAME = "barred-sweep"


async def _sweep(context: JobContext) -> int:
    async with context.transaction() as session:
        return await onboarding.sweep_barred(session, context.now)


JOB = Job(name=NAME, cron="0 4 1,16 * *", run=_sweep, catch_up=timedelta(days=16))
JOBS = (JOB,)


async def run_once(now: datetime | None = None) -> RunResult:
    """Run the period `now` is in (the CLI's run by hand); `changed` is how many accounts
    it barred."""
    return await run_current(JOB, now)
