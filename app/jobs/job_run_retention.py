"""The runs of scheduled jobs are kept JOB_RUN_RETENTION_DAYS (the back office shows them),
then deleted once a day at 03:30 UTC; each job's latest run stays, where catching up starts."""

from __future__ import annotations

from datetime import timedelta

from app.core.config import get_settings
from app.services import job_runs
from app.services.job_runs import Job, JobContext

NAME = "job-run-retention"


async def _delete_old(context: JobContext) -> int:
    keep = timedelta(days=get_settings().job_run_retention_days)
    return await job_runs.delete_old_runs(context.now, keep)


JOB = Job(name=NAME, cron="30 3 * * *", run=_delete_old, catch_up=timedelta(days=1))
JOBS = (JOB,)
