"""Scheduled jobs: periods cut from cron schedules, each period's effect exactly once however
many runners ask, failures retried and recorded, and the in-process runner of embedded mode
driven by a clock the test moves."""

from __future__ import annotations

import asyncio
import importlib
import pkgutil
import secrets
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

import app.jobs
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.periods import every, next_tick, period_at, ticks_between
from app.jobs import all_jobs, by_name
from app.jobs import fact_consumers as fact_consumers_job
from app.jobs.embedded import EmbeddedRunner
from app.jobs.fact_consumers import FactConsumer, catch_up_all, fact_consumers
from app.jobs.queue import stalled_check_seconds
from app.services import job_runs
from app.services.job_runs import Job
from models import JobRun, JobState
from tests.helpers.jobs import create_effect_table, effect_job, effects, period_text

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday, on every schedule's boundary


@pytest.fixture(autouse=True)
async def effect_table() -> None:
    await create_effect_table()


def _name() -> str:
    return f"test-{secrets.token_hex(4)}"


async def _row(job: str, period: datetime) -> JobRun:
    async with session_scope() as session:
        query = select(JobRun).where(JobRun.job == job, JobRun.period_at == period)
        return (await session.exec(query)).one()


def test_schedules_cut_time_into_clock_aligned_periods() -> None:
    assert every(3) == "* * * * * */3"
    assert every(60) == "* * * * *"
    assert every(300) == "*/5 * * * *"
    assert every(3600) == "0 * * * *"
    assert every(86400) == "0 0 * * *"
    for wrong in (7, 90, 1.5, 0):
        with pytest.raises(ValueError):
            every(wrong)
    moment = T0 + timedelta(minutes=7, seconds=31, microseconds=5)
    assert period_at(every(300), moment) == T0 + timedelta(minutes=5)
    assert period_at(every(3), moment) == T0 + timedelta(minutes=7, seconds=30)
    assert period_at("0 3 * * *", moment) == T0.replace(hour=3)
    assert period_at(every(60), T0) == T0  # a tick is the start of its own period
    assert next_tick(every(60), T0) == T0 + timedelta(minutes=1)
    assert next_tick("0 3 * * *", moment) == T0.replace(hour=3) + timedelta(days=1)
    assert ticks_between(every(300), T0, T0 + timedelta(minutes=12)) == [
        T0 + timedelta(minutes=5),
        T0 + timedelta(minutes=10),
    ]


@pytest.mark.parametrize(
    ("stalled", "period", "check"),
    [(30, None, 15), (7, None, 4), (300, None, 60), (30, 2, 2), (30, 300, 15)],
)
def test_stalled_runs_are_looked_for_at_half_the_stalled_timeout(
    stalled: float, period: float | None, check: int
) -> None:
    settings = get_settings().model_copy(
        update={"job_stalled_seconds": stalled, "job_period_seconds": period}
    )
    assert stalled_check_seconds(settings) == check


def test_the_manifests_name_every_job_once() -> None:
    assert sorted(job.name for job in all_jobs()) == sorted(
        [
            "withdrawal-timeouts",
            "job-run-retention",
            "lottery-issues",
            "lottery-draws",
            "lottery-results",
            "provider-reconciliation",
            "agent-realtime-salary",
            "agent-hourly-salary",
            "agent-period-close",
            "bonus-expiry",
            "loyalty-progress",
            "rebate-close",
            "vip-periods",
            "race-prizes",
            "raffle-draws",
            "barred-sweep",
            "account-closures",
            "support-image-retention",
            "transfer-wallet-sweep",
            "fact-consumers",
        ]
    )
    assert len({job.name for job in all_jobs()}) == len(all_jobs())


def test_a_job_a_module_defines_is_declared() -> None:
    """A Job left out of its module's JOBS would never run."""
    for info in pkgutil.walk_packages(app.jobs.__path__, "app.jobs."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, Job):
                assert value in all_jobs(), f"{info.name}.{name}"
    assert by_name("withdrawal-timeouts").cron == every(60)
    with pytest.raises(KeyError):
        by_name("nope")
    with pytest.raises(ValueError):
        effect_job("x" * 49)


def test_the_fact_consumers_job_runs_every_consumer_a_module_declares() -> None:
    assert sorted(consumer.name for consumer in fact_consumers()) == [
        "bonus-wagering",
        "loyalty-facts",
        "mission-progress",
        "points-earning",
    ]
    assert by_name(fact_consumers_job.NAME).cron == every(1)


async def test_the_fact_consumers_run_in_turn_and_a_failing_one_fails_the_run_last() -> None:
    """In turn: together on one loop they held their members' rows longer (bench_crash_live)."""
    steps: list[str] = []

    def consumer(name: str, changed: int) -> FactConsumer:
        async def catch_up(now: datetime) -> int:
            steps.append(f"{name} starts")
            await asyncio.sleep(0)
            if changed < 0:
                raise RuntimeError(name)
            steps.append(f"{name} ends")
            return changed

        return FactConsumer(name, catch_up)

    assert await catch_up_all([consumer("a", 2), consumer("b", 3)], T0) == 5
    assert steps == ["a starts", "a ends", "b starts", "b ends"]
    steps.clear()
    with pytest.raises(RuntimeError, match="broken"):
        await catch_up_all([consumer("broken", -1), consumer("c", 1)], T0)
    assert steps == ["broken starts", "c starts", "c ends"]


async def test_each_period_is_done_once_by_many_runners() -> None:
    job = effect_job(_name())
    # Nine runners asking for the same period at once, then one more later.
    results = await asyncio.gather(*(job_runs.run_period(job, T0, T0) for _ in range(9)))
    assert sum(result.ran for result in results) == 1
    late = await job_runs.run_period(job, T0, T0 + timedelta(seconds=30))
    assert not late.ran
    [(period, _pid)] = await effects(job.name)
    assert period == period_text(T0)
    row = await _row(job.name, T0)
    assert (row.state, row.changed, row.error) == (JobState.SUCCEEDED, 1, None)
    # The next period is another run.
    assert (await job_runs.run_period(job, T0 + timedelta(minutes=1), T0)).ran
    assert len(await effects(job.name)) == 2


async def test_a_failed_run_leaves_no_effect_and_is_retried_then_given_up() -> None:
    job = effect_job(_name(), fail_times=5, max_attempts=3, retry_seconds=10)
    with pytest.raises(RuntimeError):
        await job_runs.run_period(job, T0, T0)
    row = await _row(job.name, T0)
    assert (row.state, row.attempts) == (JobState.QUEUED, 1)
    assert row.error == "RuntimeError: the effect failed"
    assert row.next_attempt_at == T0 + timedelta(seconds=10)
    assert await effects(job.name) == []  # the effect went back with its transaction

    # Not before its retry is due (unless the queue, which times retries itself, asks).
    assert not (await job_runs.run_period(job, T0, T0 + timedelta(seconds=9))).ran
    with pytest.raises(RuntimeError):
        await job_runs.run_period(job, T0, T0 + timedelta(seconds=10))
    with pytest.raises(RuntimeError):
        await job_runs.run_period(job, T0, T0, when=job_runs.Retry.QUEUED)
    row = await _row(job.name, T0)
    assert (row.state, row.attempts, row.next_attempt_at) == (JobState.FAILED, 3, None)
    # Given up: the schedulers leave it; a run by hand (the CLI) tries again.
    assert not (await job_runs.run_period(job, T0, T0 + timedelta(minutes=5))).ran
    assert not (await job_runs.run_period(job, T0, T0, when=job_runs.Retry.QUEUED)).ran
    healed = effect_job(job.name)
    assert (await job_runs.run_period(healed, T0, T0, when=job_runs.Retry.NOW)).ran
    row = await _row(job.name, T0)
    assert (row.state, row.attempts, row.error) == (JobState.SUCCEEDED, 4, None)
    assert len(await effects(job.name)) == 1


async def test_the_embedded_runner_runs_each_period_once_and_retries_on_time() -> None:
    job = effect_job(_name(), fail_times=1, retry_seconds=20)
    runner = EmbeddedRunner([job])
    first = await runner.tick(T0 + timedelta(seconds=1))  # fails once
    assert first == []
    assert await effects(job.name) == []
    assert await runner.wake_at(T0 + timedelta(seconds=1)) == T0 + timedelta(seconds=21)
    # Before the retry is due nothing runs again; at its time it does.
    assert [r.ran for r in await runner.tick(T0 + timedelta(seconds=15))] == [False]
    assert [(r.period, r.ran) for r in await runner.tick(T0 + timedelta(seconds=21))] == [
        (T0, True)
    ]
    assert [r.ran for r in await runner.tick(T0 + timedelta(seconds=40))] == [False]
    assert await runner.wake_at(T0 + timedelta(seconds=40)) == T0 + timedelta(minutes=1)
    second = await runner.tick(T0 + timedelta(minutes=1, seconds=2))
    assert [(r.period, r.ran) for r in second] == [(T0 + timedelta(minutes=1), True)]
    # A pass that comes late (a busy machine) runs the ticks it slept through too.
    late = await runner.tick(T0 + timedelta(minutes=3, seconds=30))
    assert [(r.period, r.ran) for r in late] == [
        (T0 + timedelta(minutes=2), True),
        (T0 + timedelta(minutes=3), True),
    ]
    assert [period for period, _ in await effects(job.name)] == [
        period_text(T0 + timedelta(minutes=minutes)) for minutes in range(4)
    ]


async def test_a_run_left_running_by_a_dead_process_is_redone() -> None:
    job = effect_job(_name())
    # A process marked the period running, then died before its effect committed.
    async with write_transaction() as session:
        session.add(
            JobRun(
                job=job.name,
                period_at=T0,
                state=JobState.RUNNING,
                attempts=1,
                started_at=T0 + timedelta(seconds=50),
            )
        )
    runner = EmbeddedRunner([job])
    # Within the stalled timeout (30 s) it may be alive: only the current period runs.
    soon = T0 + timedelta(minutes=1, seconds=10)
    assert [r.period for r in await runner.tick(soon)] == [T0 + timedelta(minutes=1)]
    later = T0 + timedelta(minutes=1, seconds=21)
    assert [(r.period, r.ran) for r in await runner.tick(later)] == [
        (T0, True),
        (T0 + timedelta(minutes=1), False),
    ]
    row = await _row(job.name, T0)
    assert (row.state, row.attempts) == (JobState.SUCCEEDED, 2)
    assert len(await effects(job.name)) == 2


async def test_recent_runs_show_state_attempts_and_error() -> None:
    done, failing = effect_job(_name()), effect_job(_name(), fail_times=1)
    await job_runs.run_period(done, T0, T0)
    await job_runs.run_period(done, T0 + timedelta(minutes=1), T0)
    with pytest.raises(RuntimeError):
        await job_runs.run_period(failing, T0, T0)
    async with write_transaction() as session:
        session.add(
            JobRun(job=failing.name, period_at=T0 + timedelta(minutes=1), state=JobState.RUNNING)
        )
    histories = await job_runs.recent_runs([done.name, failing.name, _name()])
    assert [history.job for history in histories][:2] == [done.name, failing.name]
    assert [(run.period, run.state, run.attempts) for run in histories[0].runs] == [
        (T0 + timedelta(minutes=1), JobState.SUCCEEDED, 1),
        (T0, JobState.SUCCEEDED, 1),
    ]
    running, queued = histories[1].runs
    assert (running.state, queued.state) == (JobState.RUNNING, JobState.QUEUED)
    assert queued.error == "RuntimeError: the effect failed"
    assert histories[2].runs == []


async def test_periods_missed_while_every_runner_was_down_are_run_within_catch_up() -> None:
    job = effect_job(_name(), catch_up_minutes=30)
    assert job.catch_up == timedelta(minutes=30)
    # A job's first run ever starts from its current period.
    assert [r.period for r in await EmbeddedRunner([job]).tick(T0)] == [T0]
    # Every process was down for 45 minutes; a new runner (no memory) comes up.
    back = T0 + timedelta(minutes=45, seconds=5)
    results = await EmbeddedRunner([job]).tick(back)
    expected = [T0 + timedelta(minutes=minutes) for minutes in range(16, 46)]
    assert [(r.period, r.ran) for r in results] == [(period, True) for period in expected]
    # Older ticks than catch_up are given up; none is run twice by the next pass.
    assert [r.ran for r in await EmbeddedRunner([job]).tick(back)] == [False]
    assert len(await effects(job.name)) == 1 + len(expected)


async def test_missed_periods_are_the_unstarted_ticks_after_the_latest_run() -> None:
    job = effect_job(_name())
    await job_runs.run_period(job, T0, T0)
    now = T0 + timedelta(minutes=3, seconds=1)
    assert await job_runs.missed_periods(job, now) == [
        T0 + timedelta(minutes=1),
        T0 + timedelta(minutes=2),
    ]
    assert await job_runs.missed_periods(job, T0 + timedelta(seconds=50)) == []
    with pytest.raises(ValueError):
        effect_job(_name(), catch_up_minutes=60 * 24 * 40)


async def test_old_runs_are_deleted_but_each_jobs_latest_stays() -> None:
    busy, quiet = effect_job(_name()), effect_job(_name())
    long_ago = T0 - timedelta(days=100)
    for minutes in range(3):
        await job_runs.run_period(busy, long_ago + timedelta(minutes=minutes), long_ago)
    await job_runs.run_period(busy, T0, T0)
    await job_runs.run_period(quiet, long_ago, long_ago)
    removed = await job_runs.delete_old_runs(T0, timedelta(days=90))
    assert removed >= 3
    histories = await job_runs.recent_runs([busy.name, quiet.name])
    assert [run.period for run in histories[0].runs] == [T0]
    assert [run.period for run in histories[1].runs] == [long_ago]  # its latest stays
    assert len(await effects(busy.name)) == 4  # the effects themselves are not touched


async def test_a_period_run_ahead_by_hand_does_not_hide_missed_ones() -> None:
    job = effect_job(_name())
    await job_runs.run_period(job, T0, T0)
    await job_runs.run_period(job, T0 + timedelta(hours=1), T0)  # a run ahead (by hand)
    assert await job_runs.missed_periods(job, T0 + timedelta(minutes=2, seconds=5)) == [
        T0 + timedelta(minutes=1)
    ]
