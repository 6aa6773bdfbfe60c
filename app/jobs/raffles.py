"""Raffle draws, every minute: each raffle whose draw time has come is drawn once, under its
row lock (a drawn raffle is skipped), so the run needs no `context.transaction()`."""

from __future__ import annotations

from app.core.periods import every
from app.services.job_runs import Job, JobContext
from app.services.promotions import raffles

DRAWS = "raffle-draws"


async def _draw(context: JobContext) -> int:
    return await raffles.draw_due(context.now)


DRAWS_JOB = Job(name=DRAWS, cron=every(60), run=_draw)
JOBS = (DRAWS_JOB,)
