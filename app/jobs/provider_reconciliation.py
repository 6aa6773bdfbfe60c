"""Lost debits of outside providers (app/services/seamless/reconcile.py), every five minutes.

Each rollback is made once by its own transaction id (the wallet's idempotency), so the work
needs no `context.transaction()`: a repeated or concurrent run changes nothing twice."""

from __future__ import annotations

from datetime import datetime

from app.core.periods import every
from app.services.job_runs import Job, JobContext, RunResult, run_current
from app.services.seamless import reconcile

NAME = "provider-reconciliation"


async def _reconcile(context: JobContext) -> int:
    return (await reconcile.reconcile_lost_debits(context.now)).rolled_back


JOB = Job(name=NAME, cron=every(300), run=_reconcile)
JOBS = (JOB,)


async def run_once(now: datetime | None = None) -> RunResult:
    return await run_current(JOB, now)
