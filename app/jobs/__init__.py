"""Scheduled work: the one list of jobs that both engines, the CLI and the tests use.

Each job runs once per period of its schedule; the effect of a period happens once through
the database (`job_run`, unique per job and period: app/services/job_runs.py), never
because of the engine that starts it:

- scaled mode (PostgreSQL): procrastinate, a PostgreSQL task queue (app/jobs/queue.py);
- embedded mode (SQLite): an in-process runner (app/jobs/embedded.py).

Adding a job is a module with a function and its `JOBS` (app/core/manifests.py):

    # app/jobs/lottery_draws.py
    async def _draw(context: JobContext) -> int:
        async with context.transaction() as session:   # the effect and the period's mark
            return await lottery.draw_due(session, context.period, context.now)

    JOBS = (Job(name="lottery-draws", cron=every(60), run=_draw),)

`cron` is a cron expression in UTC (a sixth field counts seconds; `every(seconds)` writes
one for a clock-aligned period, "0 3 * * *" is 03:00 UTC daily). The function gets the
period (the tick its run belongs to) and the clock (`context.now`) and returns how many
things it changed. Whatever must happen once per period goes inside
`context.transaction()`; work outside it must make each change once by itself. A failing
run is retried `max_attempts` times in all, `retry_seconds` apart. Periods every runner
missed (all processes down) are run afterwards, oldest first, as far back as the job's
`catch_up` (10 minutes unless it says more: a daily close says days). `python -m app.cli jobs
<name>` runs the current period by hand and `job_runs.recent_runs` shows every job's runs.
"""

from __future__ import annotations

import sys
from functools import cache

from app.core.manifests import declared
from app.services.job_runs import Job


@cache
def all_jobs() -> tuple[Job, ...]:
    """Every job its module declares (app/core/manifests.py)."""
    return tuple(declared(sys.modules[__name__], "JOBS"))


def by_name(name: str) -> Job:
    for job in all_jobs():
        if job.name == name:
            return job
    raise KeyError(name)
