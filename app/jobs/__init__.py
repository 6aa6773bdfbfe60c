"""Scheduled work: the one list of jobs that both engines, the CLI and the tests use.

Each job runs once per period of its schedule; the effect of a period happens once through
the database (`job_run`, unique per job and period: app/services/job_runs.py), never
because of the engine that starts it:

- scaled mode (PostgreSQL): procrastinate, a PostgreSQL task queue (app/jobs/queue.py);
- embedded mode (SQLite): an in-process runner (app/jobs/embedded.py).

Adding a job is a module with a function and one line in JOBS below:

    # app/jobs/lottery_draws.py
    async def _draw(context: JobContext) -> int:
        async with context.transaction() as session:   # the effect and the period's mark
            return await lottery.draw_due(session, context.period, context.now)

    JOB = Job(name="lottery-draws", cron=every(60), run=_draw)

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

from app.jobs import (
    account_closures,
    agent_pay,
    barred_sweep,
    bonuses,
    job_run_retention,
    lottery,
    loyalty,
    loyalty_missions,
    points,
    provider_reconciliation,
    raffles,
    support_image_retention,
    withdrawal_timeouts,
)
from app.services.job_runs import Job

JOBS: tuple[Job, ...] = (
    withdrawal_timeouts.JOB,
    job_run_retention.JOB,
    *lottery.JOBS,
    provider_reconciliation.JOB,
    *agent_pay.JOBS,
    bonuses.WAGERING_JOB,
    bonuses.EXPIRY_JOB,
    *loyalty.JOBS,
    points.EARNING_JOB,
    *loyalty_missions.JOBS,
    raffles.DRAWS_JOB,
    barred_sweep.JOB,
    account_closures.JOB,
    support_image_retention.JOB,
)


def by_name(name: str) -> Job:
    for job in JOBS:
        if job.name == name:
            return job
    raise KeyError(name)
