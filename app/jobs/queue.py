"""Scaled mode's engine: procrastinate, a task queue on the PostgreSQL the platform already
requires (no other service to run).

Every job is a procrastinate task (`jobs.<name>`) deferred periodically on its cron: each
worker's periodic deferrer offers every tick and procrastinate's `periodic_defers` table
(unique per task and tick) lets one job through per tick, across workers and restarts. That
table keeps only each task's newest tick, so a worker running late (a loaded machine) queues a
second job for an older tick; the later job of a tick leaves the period to the earlier one
while that one waits or runs (`_earlier_job_of_tick`).
Workers fetch jobs with `FOR UPDATE SKIP LOCKED`, so one worker runs each; a failing run is
retried by procrastinate (`max_attempts`, `retry_seconds` of the job); a worker killed
mid-run stops sending heartbeats and `jobs.retry-stalled` hands its running jobs back to the
queue once JOB_STALLED_SECONDS have passed. The queue only starts runs: the effect of a
period still happens once through `job_run` (app/services/job_runs.py), whatever the queue
does twice. Succeeded queue jobs are deleted (their history is `job_run`); failed ones stay.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime

import procrastinate
from procrastinate.job_context import JobContext as QueueContext

from app.core.config import Settings, get_settings
from app.core.db import libpq_url
from app.core.periods import every
from app.services import job_runs
from app.services.job_runs import Job
from models.base import utcnow

logger = logging.getLogger(__name__)
QUEUE = "jobs"
RETRY_STALLED = "retry-stalled"
# Clock-aligned periods of at most a minute, for how often stalled runs are looked for.
_CHECK_PERIODS = (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60)


def stalled_check_seconds(settings: Settings) -> int:
    """Half the stalled timeout, rounded up to a clock-aligned period (at most a minute), or
    JOB_PERIOD_SECONDS when that is shorter."""
    wanted = settings.job_stalled_seconds / 2
    check = next((seconds for seconds in _CHECK_PERIODS if seconds >= wanted), 60)
    override = settings.job_period_seconds
    return int(override) if override is not None and override < check else check


async def _unqueued(
    app: procrastinate.App, task_name: str, ticks: list[datetime]
) -> list[datetime]:
    """The ticks among `ticks` with no job waiting or running in the queue: a tick some
    worker deferred has its own job (maybe waiting for a busy worker), and running it here
    as well would start its period twice."""
    if not ticks:
        return []
    rows = await app.connector.execute_query_all_async(
        "SELECT (args->>'timestamp')::bigint AS tick FROM procrastinate_jobs "
        "WHERE task_name = %(task)s AND status IN ('todo', 'doing') "
        "AND (args->>'timestamp')::bigint = ANY(%(ticks)s)",
        task=task_name,
        ticks=[int(tick.timestamp()) for tick in ticks],
    )
    queued = {row["tick"] for row in rows}
    return [tick for tick in ticks if int(tick.timestamp()) not in queued]


async def _earlier_job_of_tick(context: QueueContext, task_name: str, tick: int) -> bool:
    """Whether a queue job of the same task and tick with a smaller id waits or runs. Two
    jobs of one tick would start its period twice at once (the second counting an attempt
    and redoing the work; the effect stays once through `job_run`). The earliest one runs
    it; if its worker dies, the stalled check hands that job back."""
    row = await context.app.connector.execute_query_one_async(
        "SELECT EXISTS (SELECT 1 FROM procrastinate_jobs WHERE task_name = %(task)s "
        "AND status IN ('todo', 'doing') AND (args->>'timestamp')::bigint = %(tick)s "
        "AND id < %(id)s) AS earlier",
        task=task_name,
        tick=tick,
        id=context.job.id,
    )
    return bool(row["earlier"])


def _register(app: procrastinate.App, job: Job) -> None:
    task_name = job_runs.QUEUE_TASK_PREFIX + job.name

    async def run(context: QueueContext, timestamp: int) -> None:
        if await _earlier_job_of_tick(context, task_name, timestamp):
            return
        period = datetime.fromtimestamp(timestamp, UTC)
        now = utcnow()
        earlier = [tick for tick in await job_runs.missed_periods(job, now) if tick < period]
        # Ticks no worker deferred (all were down), oldest first.
        for missed in await _unqueued(context.app, task_name, earlier):
            try:
                await job_runs.run_period(job, missed, now)
            except Exception:
                logger.exception("job %s failed for %s", job.name, missed.isoformat())
        await job_runs.run_period(job, period, now, when=job_runs.Retry.QUEUED)

    retry: procrastinate.RetryStrategy | bool = (
        procrastinate.RetryStrategy(max_attempts=job.max_attempts - 1, wait=job.retry_seconds)
        if job.max_attempts > 1
        else False
    )
    task = app.task(name=task_name, queue=QUEUE, retry=retry, pass_context=True)(run)
    app.periodic(cron=job_runs.schedule(job), periodic_id=job.name)(task)


def _register_stalled_retry(app: procrastinate.App) -> None:
    settings = get_settings()

    async def retry_stalled(context: QueueContext, timestamp: int) -> None:
        manager = context.app.job_manager
        stalled_jobs = await manager.get_stalled_jobs(
            seconds_since_heartbeat=settings.job_stalled_seconds
        )
        for stalled in stalled_jobs:
            await manager.retry_job(stalled)

    task = app.task(
        name=job_runs.QUEUE_TASK_PREFIX + RETRY_STALLED,
        queue=QUEUE,
        pass_context=True,
        queueing_lock=RETRY_STALLED,
    )(retry_stalled)
    app.periodic(cron=every(stalled_check_seconds(settings)), periodic_id=RETRY_STALLED)(task)


def build_app(jobs: Sequence[Job]) -> procrastinate.App:
    settings = get_settings()
    connector = procrastinate.PsycopgConnector(
        conninfo=libpq_url(settings.effective_database_url),
        min_size=1,
        max_size=settings.job_pool_size,
    )
    app = procrastinate.App(connector=connector)
    for job in jobs:
        _register(app, job)
    _register_stalled_retry(app)
    return app


async def run_worker(jobs: Sequence[Job], *, signal_handlers: bool = False) -> None:
    """One procrastinate worker (until cancelled): it defers the periodic jobs and runs them."""
    settings = get_settings()
    app = build_app(jobs)
    async with app.open_async():
        await app.run_worker_async(
            queues=[QUEUE],
            name=job_runs.worker_name(),
            concurrency=settings.job_worker_concurrency,
            install_signal_handlers=signal_handlers,
            update_heartbeat_interval=settings.job_stalled_seconds / 3,
            stalled_worker_timeout=settings.job_stalled_seconds,
            delete_jobs="successful",
        )
