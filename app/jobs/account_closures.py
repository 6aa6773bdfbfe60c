"""Barred accounts' closures (Brazil, IN 31/2025; app/services/closures.py): every hour, the
notice of newly barred accounts, the closure of those whose 2 days to withdraw have passed,
and the settlement of their refunds. A day of missed runs is caught up."""

from __future__ import annotations

from datetime import datetime, timedelta

from app.core.periods import every
from app.services import closures
from app.services.job_runs import Job, JobContext, RunResult, run_current
from app.services.wallet_events import balances_changed

NAME = "account-closures"


async def _advance(context: JobContext) -> int:
    async with context.transaction() as session:
        progress = await closures.advance(session, context.now)
    await balances_changed(progress.members)
    return len(progress.members)


JOB = Job(name=NAME, cron=every(3600), run=_advance, catch_up=timedelta(days=1))
JOBS = (JOB,)


async def run_once(now: datetime | None = None) -> RunResult:
    """Run the period `now` is in (the CLI's run by hand); `changed` is how many accounts
    moved a step."""
    return await run_current(JOB, now)
