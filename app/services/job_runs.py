"""Runs of scheduled jobs, exactly once per period whatever runs them.

A job's schedule cuts time into periods (a cron tick to the next). Every run belongs to one
period and has a `job_run` row, unique per (job, period): its state (queued, running,
succeeded, failed), attempts, last error and the worker that ran it. The row is the
exactly-once key, not the queue that starts the run:

1. `run_period` marks the row running in a short transaction of its own (visible at once),
   unless the period already succeeded (or failed for good) — then the run is skipped;
2. the job does its work; its once-per-period effect goes inside `context.transaction()`,
   which locks the row, refuses a period another runner has meanwhile finished
   (`PeriodDone`) and marks it succeeded in the same commit as the effect;
3. a failure leaves the row queued for another attempt (or failed after `max_attempts`).

A process killed during step 2 commits nothing: its row stays `running` and the next
attempt (the embedded runner on its next tick, or procrastinate's stalled-job retry in
scaled mode) redoes the period. Work done outside `context.transaction()` must make each of
its own changes once by itself (the withdrawal time-outs change each part under its row
lock), and then only marks the period done afterwards.
"""

from __future__ import annotations

import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from sqlalchemy import delete, func, text
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock, logs, metrics, periods
from app.core.config import get_settings
from app.core.db import dialect_insert, session_scope, write_transaction
from models.jobs import JobRun, JobState

ERROR_MAX_CHARS = 2000
# How far back a job's missed periods are run by default (a job sets its own `catch_up`:
# a daily close wants days, a once-a-minute draw check only minutes).
MAX_CATCH_UP = timedelta(minutes=10)
MAX_CATCH_UP_LIMIT = timedelta(days=35)  # a month's close, with room; within the retention
# The queue's task for a job is named QUEUE_TASK_PREFIX + job name (scaled mode).
QUEUE_TASK_PREFIX = "jobs."


@dataclass(frozen=True)
class Job:
    """A scheduled job: its name, its schedule (cron in UTC; `periods.every(seconds)` for a
    plain period) and what one run does (returning how many things it changed)."""

    name: str
    cron: str
    run: Callable[[JobContext], Awaitable[int]]
    max_attempts: int = 3
    retry_seconds: int = 10
    catch_up: timedelta = MAX_CATCH_UP  # periods missed (all workers down) within it are run

    def __post_init__(self) -> None:
        if not 0 < len(self.name) <= 48:
            raise ValueError(f"job name {self.name!r} must have 1 to 48 characters")
        if not periods.valid(self.cron):
            raise ValueError(f"job {self.name}: {self.cron!r} is not a cron expression")
        if self.max_attempts < 1 or self.retry_seconds < 0:
            raise ValueError(f"job {self.name}: max_attempts ≥ 1 and retry_seconds ≥ 0")
        if not timedelta(0) <= self.catch_up <= MAX_CATCH_UP_LIMIT:
            raise ValueError(f"job {self.name}: catch_up between 0 and {MAX_CATCH_UP_LIMIT}")


class Retry(StrEnum):
    """Which unfinished period a runner may run."""

    WHEN_DUE = "when-due"  # the in-process runner: a failed attempt waits its retry_seconds
    QUEUED = "queued"  # the task queue timed the retry itself
    NOW = "now"  # by hand: even a period that failed for good


class PeriodDone(Exception):
    """Another runner finished this period first; this run changes nothing."""


@dataclass
class JobContext:
    """What a run gets: its period (the tick it belongs to) and the clock."""

    job: Job
    period: datetime
    now: datetime
    run_id: int
    claimed: bool = field(default=False, init=False)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A write transaction in which the period is marked succeeded: the effect made in
        it commits with the mark, or not at all. One per run."""
        if self.claimed:
            raise RuntimeError(f"job {self.job.name}: one context.transaction() per run")
        async with write_transaction() as session:
            row = await _locked(session, self.run_id)
            if row.state == JobState.SUCCEEDED:
                raise PeriodDone(f"{self.job.name} {self.period:%Y-%m-%dT%H:%M:%SZ}")
            yield session
            row.state = JobState.SUCCEEDED
            row.finished_at = clock.now()
            session.add(row)
        self.claimed = True


@dataclass(frozen=True)
class RunResult:
    job: str
    period: datetime
    ran: bool  # False: the period was already done (or failed for good)
    changed: int


@dataclass(frozen=True)
class JobRunView:
    job: str
    period: datetime
    state: JobState
    attempts: int
    changed: int | None
    error: str | None
    worker: str | None
    started_at: datetime | None
    finished_at: datetime | None
    next_attempt_at: datetime | None


@dataclass(frozen=True)
class JobHistory:
    job: str
    runs: list[JobRunView]  # newest period first


def schedule(job: Job) -> str:
    """The job's cron, or every JOB_PERIOD_SECONDS when that is set (tests, demos)."""
    override = get_settings().job_period_seconds
    return periods.every(override) if override else job.cron


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:128]


async def _locked(session: AsyncSession, run_id: int) -> JobRun:
    query = select(JobRun).where(JobRun.id == run_id).with_for_update()
    return (await session.exec(query.execution_options(populate_existing=True))).one()


async def _start(job: Job, period: datetime, now: datetime, when: Retry) -> int | None:
    """Mark the period's run running; None when there is nothing to run."""
    async with write_transaction() as session:
        connection = await session.connection()
        await connection.execute(
            dialect_insert(connection, JobRun.__table__)  # type: ignore[attr-defined]
            .values(
                job=job.name,
                period_at=period,
                state=JobState.QUEUED,
                attempts=0,
                created_at=clock.now(),
            )
            .on_conflict_do_nothing(index_elements=["job", "period_at"])
        )
        query = select(JobRun).where(JobRun.job == job.name, JobRun.period_at == period)
        row = (await session.exec(query.with_for_update())).one()
        waiting = row.next_attempt_at is not None and row.next_attempt_at > now
        if (
            row.state == JobState.SUCCEEDED
            or (row.state == JobState.FAILED and when != Retry.NOW)
            or (row.state == JobState.QUEUED and waiting and when == Retry.WHEN_DUE)
        ):
            return None
        row.state = JobState.RUNNING
        row.attempts += 1
        row.worker = worker_name()
        row.started_at = now  # the run's clock: the stalled check compares with it
        row.finished_at = None
        row.next_attempt_at = None
        session.add(row)
        assert row.id is not None
        return row.id


async def _fail(job: Job, run_id: int, error: BaseException, now: datetime) -> None:
    async with write_transaction() as session:
        row = await _locked(session, run_id)
        if row.state == JobState.SUCCEEDED:
            return  # another runner finished the period meanwhile
        final = row.attempts >= job.max_attempts
        row.state = JobState.FAILED if final else JobState.QUEUED
        row.next_attempt_at = None if final else now + timedelta(seconds=job.retry_seconds)
        row.error = f"{type(error).__name__}: {error}"[:ERROR_MAX_CHARS]
        row.finished_at = clock.now()
        session.add(row)


async def _finish(run_id: int, changed: int, claimed: bool) -> None:
    async with write_transaction() as session:
        row = await _locked(session, run_id)
        # Unclaimed work may have had company (each change made once by itself): the total.
        row.changed = changed if claimed else (row.changed or 0) + changed
        row.state = JobState.SUCCEEDED
        row.error = None
        row.next_attempt_at = None
        row.finished_at = row.finished_at if claimed else clock.now()
        session.add(row)


async def run_period(
    job: Job, period: datetime, now: datetime, *, when: Retry = Retry.WHEN_DUE
) -> RunResult:
    """Run `job` for `period` (a tick of its schedule) with the clock at `now`, unless the
    period is already done (or, as `when` says, waits for its retry or failed for good). An
    error is recorded on the period's row, then raised."""
    period = period.astimezone(UTC)
    # The run's lines carry the job and period as their request id.
    reset = logs.REQUEST_ID.set(f"job:{job.name}:{period:%Y%m%dT%H%M%S}")
    try:
        return await _run_period(job, period, now, when)
    finally:
        logs.REQUEST_ID.reset(reset)


async def _run_period(job: Job, period: datetime, now: datetime, when: Retry) -> RunResult:
    run_id = await _start(job, period, now, when)
    if run_id is None:
        metrics.JOB_RUNS.labels(job=job.name, outcome="skipped").inc()
        return RunResult(job=job.name, period=period, ran=False, changed=0)
    context = JobContext(job=job, period=period, now=now, run_id=run_id)
    try:
        changed = await job.run(context)
    except PeriodDone:
        metrics.JOB_RUNS.labels(job=job.name, outcome="skipped").inc()
        return RunResult(job=job.name, period=period, ran=False, changed=0)
    except Exception as error:
        metrics.JOB_RUNS.labels(job=job.name, outcome="failed").inc()
        await _fail(job, run_id, error, now)
        raise
    await _finish(run_id, changed, context.claimed)
    metrics.JOB_RUNS.labels(job=job.name, outcome="succeeded").inc()
    return RunResult(job=job.name, period=period, ran=True, changed=changed)


async def run_current(job: Job, now: datetime | None = None) -> RunResult:
    """Run the period `now` is in, by hand (the CLI): a period that failed for good runs
    again; one already done is not done twice."""
    moment = now or clock.now()
    period = periods.period_at(schedule(job), moment)
    return await run_period(job, period, moment, when=Retry.NOW)


async def missed_periods(job: Job, now: datetime) -> list[datetime]:
    """Ticks before the current period (within the job's `catch_up`) that came after its
    latest recorded period and were never started: every runner was down then."""
    cron = schedule(job)
    current = periods.period_at(cron, now)
    since = now - job.catch_up
    async with session_scope() as session:
        latest = (
            await session.exec(
                select(func.max(JobRun.period_at)).where(
                    JobRun.job == job.name, JobRun.period_at < current
                )
            )
        ).one()
    if latest is None:
        return []  # a job's first run starts from the current period
    latest = latest.replace(tzinfo=UTC) if latest.tzinfo is None else latest
    return [tick for tick in periods.ticks_between(cron, max(latest, since), now) if tick < current]


async def due_periods(job: Job, now: datetime) -> list[datetime]:
    """The periods a runner should run at `now`: the current one, missed ones (within the
    job's `catch_up`), and earlier ones whose retry is due or whose runner went silent."""
    current = periods.period_at(schedule(job), now)
    stalled_before = now - timedelta(seconds=get_settings().job_stalled_seconds)
    async with session_scope() as session:
        unfinished = await session.exec(
            select(JobRun.period_at, JobRun.state, JobRun.next_attempt_at, JobRun.started_at)
            .where(
                JobRun.job == job.name,
                col(JobRun.state).in_([JobState.QUEUED, JobState.RUNNING]),
                JobRun.period_at >= now - job.catch_up,
                JobRun.period_at < current,
            )
            .order_by(col(JobRun.period_at))
        )
        earlier = [
            period_at
            for period_at, state, next_attempt_at, started_at in unfinished.all()
            if (state == JobState.QUEUED and (next_attempt_at is None or next_attempt_at <= now))
            or (state == JobState.RUNNING and (started_at is None or started_at <= stalled_before))
        ]
    return sorted({*earlier, *await missed_periods(job, now), current})


async def delete_old_runs(now: datetime, keep: timedelta) -> int:
    """Forget finished runs of periods older than `keep` (each job's latest run stays: it is
    where catching up starts)."""
    newer = aliased(JobRun)
    has_newer = (
        select(newer.id).where(newer.job == JobRun.job, newer.period_at > JobRun.period_at).exists()
    )
    async with write_transaction() as session:
        result = await session.exec(
            delete(JobRun).where(
                col(JobRun.period_at) < now - keep,
                col(JobRun.state).in_([JobState.SUCCEEDED, JobState.FAILED]),
                has_newer,
            )
        )
    return int(result.rowcount)


async def next_retry_at(jobs: Sequence[Job], now: datetime) -> datetime | None:
    """When the earliest retry of these jobs still to come after `now` is due, if any."""
    async with session_scope() as session:
        earliest = (
            await session.exec(
                select(JobRun.next_attempt_at)
                .where(
                    col(JobRun.job).in_([job.name for job in jobs]),
                    JobRun.state == JobState.QUEUED,
                    col(JobRun.next_attempt_at) > now,
                )
                .order_by(col(JobRun.next_attempt_at))
                .limit(1)
            )
        ).first()
    return earliest


def _view(row: JobRun) -> JobRunView:
    return JobRunView(
        job=row.job,
        period=row.period_at,
        state=JobState(row.state),
        attempts=row.attempts,
        changed=row.changed,
        error=row.error,
        worker=row.worker,
        started_at=row.started_at,
        finished_at=row.finished_at,
        next_attempt_at=row.next_attempt_at,
    )


async def _queued_in_queue(session: AsyncSession, names: Sequence[str]) -> list[JobRunView]:
    """Scaled mode: periods procrastinate has queued that no worker has started yet."""
    rows = await (await session.connection()).execute(
        text(
            "SELECT task_name, (args->>'timestamp')::bigint, attempts, scheduled_at "
            "FROM procrastinate_jobs WHERE status = 'todo' AND task_name = ANY(:tasks)"
        ),
        {"tasks": [QUEUE_TASK_PREFIX + name for name in names]},
    )
    return [
        JobRunView(
            job=task[len(QUEUE_TASK_PREFIX) :],
            period=datetime.fromtimestamp(timestamp, UTC),
            state=JobState.QUEUED,
            attempts=attempts,
            changed=None,
            error=None,
            worker=None,
            started_at=None,
            finished_at=None,
            next_attempt_at=scheduled_at,
        )
        for task, timestamp, attempts, scheduled_at in rows.all()
        if timestamp is not None
    ]


async def recent_runs(names: Sequence[str], per_job: int = 20) -> list[JobHistory]:
    """The back office's view: each job's latest runs, newest period first, with state,
    attempts and error; in scaled mode with the periods still waiting in the queue."""
    async with session_scope() as session:
        histories = []
        queued: list[JobRunView] = []
        if (await session.connection()).dialect.name == "postgresql":
            queued = await _queued_in_queue(session, names)
        for name in names:
            rows = await session.exec(
                select(JobRun)
                .where(JobRun.job == name)
                .order_by(col(JobRun.period_at).desc())
                .limit(per_job)
            )
            runs = [_view(row) for row in rows.all()]
            known = {run.period for run in runs}
            waiting = [run for run in queued if run.job == name and run.period not in known]
            merged = sorted([*runs, *waiting], key=lambda run: run.period, reverse=True)
            histories.append(JobHistory(job=name, runs=merged[:per_job]))
    return histories


@dataclass(frozen=True)
class JobLag:
    """How late a job is: the time since the first period after its latest done one became
    due (0 while that period is not due yet), and its periods that failed for good lately."""

    name: str
    seconds: float
    failed_periods: int


async def lags(jobs: Sequence[Job], now: datetime, failed_within: timedelta) -> list[JobLag]:
    """Every job's lag and its periods failed for good within `failed_within` (read at each
    scrape of /metrics). A job that never succeeded counts from its first recorded period."""
    async with session_scope() as session:
        done = dict(
            (
                await session.exec(
                    select(JobRun.job, func.max(JobRun.period_at))
                    .where(JobRun.state == JobState.SUCCEEDED)
                    .group_by(col(JobRun.job))
                )
            ).all()
        )
        first = dict(
            (
                await session.exec(
                    select(JobRun.job, func.min(JobRun.period_at)).group_by(col(JobRun.job))
                )
            ).all()
        )
        failed = dict(
            (
                await session.exec(
                    select(JobRun.job, func.count())
                    .where(
                        JobRun.state == JobState.FAILED,
                        JobRun.period_at >= now - failed_within,
                    )
                    .group_by(col(JobRun.job))
                )
            ).all()
        )
    found = []
    for job in jobs:
        latest, earliest = done.get(job.name), first.get(job.name)
        if latest is not None:
            due = periods.next_tick(schedule(job), latest.replace(tzinfo=latest.tzinfo or UTC))
        elif earliest is not None:
            due = earliest.replace(tzinfo=earliest.tzinfo or UTC)
        else:
            due = now  # never ran: nothing to be late for yet
        seconds = max((now - due).total_seconds(), 0.0)
        found.append(JobLag(job.name, seconds, int(failed.get(job.name, 0))))
    return found
