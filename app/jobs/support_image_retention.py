"""The images of support tickets closed longer than `support_image_retention_days` are removed
once a day at 03:45 UTC (the tickets' text stays): app/services/support/tickets.py."""

from __future__ import annotations

from datetime import timedelta

from app.core.config import get_settings
from app.services.job_runs import Job, JobContext
from app.services.support import tickets

NAME = "support-image-retention"


async def _forget(context: JobContext) -> int:
    keep = timedelta(days=get_settings().support_image_retention_days)
    return await tickets.forget_old_images(context.now, keep)


JOB = Job(name=NAME, cron="45 3 * * *", run=_forget, catch_up=timedelta(days=1))
JOBS = (JOB,)
