"""Withdrawal confirmation time-out (spec 4): paid parts the member has not answered within
`withdrawal_auto_receive_minutes` are treated as received. Runs every minute.

Each part changes once under its order's row lock (`withdrawals.auto_receive_due`), so the
work needs no `context.transaction()`: a repeated or concurrent run changes nothing twice."""

from __future__ import annotations

from datetime import datetime

from app.core.periods import every
from app.services.cashier import withdrawals
from app.services.job_runs import Job, JobContext, RunResult, run_current

NAME = "withdrawal-timeouts"


async def _receive_due(context: JobContext) -> int:
    return await withdrawals.auto_receive_due(context.now)


JOB = Job(name=NAME, cron=every(60), run=_receive_due)
JOBS = (JOB,)


async def run_once(now: datetime | None = None) -> RunResult:
    """Run the period `now` is in (the CLI's run by hand); `changed` is how many paid parts
    it marked AUTO_RECEIVED."""
    return await run_current(JOB, now)
