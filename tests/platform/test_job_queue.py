"""Scaled mode's engine in-process: procrastinate on the test's PostgreSQL. A tick offered by
several workers is one queue job, a failing run is retried by the queue, a worker that died
mid-run has its job handed back, and the back office sees queued periods before they run."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import procrastinate
import pytest
from procrastinate.jobs import Job
from procrastinate.periodic import PeriodicDeferrer
from sqlalchemy import text

from app.core.db import session_scope, write_transaction
from app.jobs import queue
from app.services import job_runs
from models import JobRun, JobState
from tests.helpers.databases import use_postgres
from tests.helpers.jobs import create_effect_table, effect_job, effects, period_text

pytestmark = [
    pytest.mark.engines,
    pytest.mark.skipif(not use_postgres(), reason="procrastinate runs on PostgreSQL"),
]

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
async def effect_table() -> None:
    await create_effect_table()


def _name() -> str:
    return f"q-{secrets.token_hex(4)}"


async def _offer(app: procrastinate.App, name: str, *ticks: datetime) -> None:
    """What each worker's periodic deferrer does at a tick of `name`'s schedule."""
    periodic = app.periodic_registry.periodic_tasks[(job_runs.QUEUE_TASK_PREFIX + name, name)]
    await PeriodicDeferrer(app.periodic_registry).defer_jobs(
        [(periodic, int(tick.timestamp())) for tick in ticks]
    )


async def _work(app: procrastinate.App) -> None:
    """One worker until the queue is empty."""
    await app.run_worker_async(
        queues=[queue.QUEUE], wait=False, install_signal_handlers=False, delete_jobs="successful"
    )


async def _taken_by_another_worker(app: procrastinate.App, name: str) -> tuple[int, Job]:
    """A worker of its own takes `name`'s next queue job (past other tests' leftovers) and
    holds it: (the worker's id, the job)."""
    manager = app.job_manager
    worker = await manager.register_worker()
    task_name = job_runs.QUEUE_TASK_PREFIX + name
    taken = None
    while taken is None or taken.task_name != task_name:
        taken = await manager.fetch_job(queues=[queue.QUEUE], worker_id=worker)
        assert taken is not None
    return worker, taken


async def _queue_rows(name: str) -> list[tuple[str, int]]:
    """(status, attempts) of the queue jobs of `name` for ticks before today (the test's
    ticks, not the current one the workers' own deferrers offer)."""
    async with session_scope() as session:
        rows = await (await session.connection()).execute(
            text(
                "SELECT status, attempts FROM procrastinate_jobs WHERE task_name = :task "
                "AND (args->>'timestamp')::bigint < :today ORDER BY id"
            ),
            {
                "task": job_runs.QUEUE_TASK_PREFIX + name,
                "today": int(datetime.now(UTC).replace(hour=0, minute=0).timestamp()),
            },
        )
        return [(str(status), attempts) for status, attempts in rows.all()]


async def test_each_tick_is_one_queue_job_and_one_effect() -> None:
    job = effect_job(_name())
    app = queue.build_app([job])
    async with app.open_async():
        # Three workers offer each tick as it comes.
        for tick in (T0, T0 + timedelta(minutes=1)):
            for _worker in range(3):
                await _offer(app, job.name, tick)
        assert await _queue_rows(job.name) == [("todo", 0), ("todo", 0)]
        [history] = await job_runs.recent_runs([job.name])
        assert [(run.period, run.state) for run in history.runs] == [
            (T0 + timedelta(minutes=1), JobState.QUEUED),
            (T0, JobState.QUEUED),
        ]
        # A late worker offers the older tick again: procrastinate keeps only the newest
        # tick's mark, so this is a second queue job for T0. The period key stops it.
        await _offer(app, job.name, T0)
        assert len(await _queue_rows(job.name)) == 3
        await _work(app)
    done = [period for period, _ in await effects(job.name)]
    assert done.count(period_text(T0)) == 1
    assert done.count(period_text(T0 + timedelta(minutes=1))) == 1
    assert await _queue_rows(job.name) == []  # succeeded queue jobs are deleted
    [history] = await job_runs.recent_runs([job.name])
    runs = {run.period: run for run in history.runs}
    assert runs[T0].state == JobState.SUCCEEDED and runs[T0].attempts == 1


async def test_a_late_second_job_of_a_tick_leaves_the_period_to_the_first() -> None:
    # A late worker queues T0 again while T0's first job runs on another worker: the second
    # job starts nothing (no attempt counted, no work done twice) and ends; the first goes on.
    job = effect_job(_name())
    app = queue.build_app([job])
    async with app.open_async():
        await _offer(app, job.name, T0)
        await _offer(app, job.name, T0 + timedelta(minutes=1))
        _, first = await _taken_by_another_worker(app, job.name)
        async with write_transaction() as session:
            session.add(
                JobRun(
                    job=job.name, period_at=T0, state=JobState.RUNNING, attempts=1, started_at=T0
                )
            )
        await _offer(app, job.name, T0)
        assert len(await _queue_rows(job.name)) == 3
        await _work(app)
        [history] = await job_runs.recent_runs([job.name])
        runs = {run.period: run for run in history.runs}
        assert (runs[T0].state, runs[T0].attempts) == (JobState.RUNNING, 1)
        assert period_text(T0) not in [period for period, _ in await effects(job.name)]
        assert await _queue_rows(job.name) == [("doing", 0)]  # the first, still running
        # Had that worker died, the stalled check would hand its job back: it runs T0 once.
        await app.job_manager.retry_job(first)
        await _work(app)
    assert [period for period, _ in await effects(job.name)].count(period_text(T0)) == 1
    [history] = await job_runs.recent_runs([job.name])
    [run] = [run for run in history.runs if run.period == T0]
    assert (run.state, run.attempts) == (JobState.SUCCEEDED, 2)


async def test_a_failing_run_is_retried_by_the_queue_then_recorded_failed() -> None:
    # Failing at T0 only: the workers' own deferrers also offer the current tick.
    flaky = effect_job(_name(), fail_times=1, fail_period=T0, max_attempts=3, retry_seconds=0)
    broken = effect_job(_name(), fail_times=9, fail_period=T0, max_attempts=2, retry_seconds=0)
    app = queue.build_app([flaky, broken])
    async with app.open_async():
        await _offer(app, flaky.name, T0)
        await _offer(app, broken.name, T0)
        for _pass in range(3):  # a retry is queued again for "now"; each pass takes it
            await _work(app)
    assert [period for period, _ in await effects(flaky.name)].count(period_text(T0)) == 1
    assert period_text(T0) not in [period for period, _ in await effects(broken.name)]
    histories = {h.job: h for h in await job_runs.recent_runs([flaky.name, broken.name])}
    [flaky_run] = [run for run in histories[flaky.name].runs if run.period == T0]
    assert (flaky_run.state, flaky_run.attempts, flaky_run.error) == (JobState.SUCCEEDED, 2, None)
    [broken_run] = [run for run in histories[broken.name].runs if run.period == T0]
    assert (broken_run.state, broken_run.attempts) == (JobState.FAILED, 2)
    assert broken_run.error == "RuntimeError: the effect failed"
    assert ("failed", 2) in await _queue_rows(broken.name)


async def test_the_job_of_a_dead_worker_is_handed_back_and_done_once() -> None:
    job = effect_job(_name())
    app = queue.build_app([job])
    async with app.open_async():
        await _offer(app, job.name, T0)
        # A worker took the job and marked the period running, then died (no heartbeat).
        dead, _ = await _taken_by_another_worker(app, job.name)
        async with write_transaction() as session:
            session.add(JobRun(job=job.name, period_at=T0, state=JobState.RUNNING, attempts=1))
            await (await session.connection()).execute(
                text(
                    "UPDATE procrastinate_workers SET last_heartbeat = now() - interval '1 hour' "
                    "WHERE id = :id"
                ),
                {"id": dead},
            )
        await _work(app)
        # The stalled-run check hands it back; the next pass runs it. (When the worker above
        # crossed into a new minute, its own periodic check already did: either way once.)
        if period_text(T0) not in [period for period, _ in await effects(job.name)]:
            check = app.periodic_registry.periodic_tasks[
                (job_runs.QUEUE_TASK_PREFIX + queue.RETRY_STALLED, queue.RETRY_STALLED)
            ]
            deferrer = PeriodicDeferrer(app.periodic_registry)
            await deferrer.defer_jobs([(check, int(T0.timestamp()))])
            await _work(app)
            await _work(app)
    assert [period for period, _ in await effects(job.name)].count(period_text(T0)) == 1
    [history] = await job_runs.recent_runs([job.name])
    [run] = [run for run in history.runs if run.period == T0]
    assert (run.state, run.attempts) == (JobState.SUCCEEDED, 2)


async def test_a_late_tick_is_caught_up_once_and_a_queued_one_is_left_to_its_job() -> None:
    # Minutes ago, every worker down: `base` ran, base+1 was deferred and a busy worker holds
    # its job, base+2 was never deferred. base+3's job catches up base+2 only: base+1 runs
    # through its own job, once, at its first attempt.
    job = effect_job(_name())
    base = datetime.now(UTC).replace(second=0, microsecond=0) - timedelta(minutes=5)
    late, missed, ticked = (base + timedelta(minutes=step) for step in (1, 2, 3))
    app = queue.build_app([job])
    async with app.open_async():
        async with write_transaction() as session:
            session.add(JobRun(job=job.name, period_at=base, state=JobState.SUCCEEDED, attempts=1))
        await _offer(app, job.name, late)
        _, held = await _taken_by_another_worker(app, job.name)
        await _offer(app, job.name, ticked)
        await _work(app)
        done = [period for period, _ in await effects(job.name)]
        assert period_text(late) not in done
        assert done.count(period_text(missed)) == 1 and done.count(period_text(ticked)) == 1
        # The busy worker's job for base+1 is handed back and runs its period once.
        await app.job_manager.retry_job(held)
        await _work(app)
    done = [period for period, _ in await effects(job.name)]
    assert done.count(period_text(late)) == 1
    [history] = await job_runs.recent_runs([job.name])
    runs = {run.period: run for run in history.runs}
    assert {runs[period].attempts for period in (late, missed, ticked)} == {1}
