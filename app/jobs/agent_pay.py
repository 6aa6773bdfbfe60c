"""Agents' pay (spec 9): real-time salary every 5 minutes, hourly salary every hour, daily
salary and dividends (D, W, H, M in each brand's time zone) checked every hour.

Each run closes the periods that ended a while before its tick (payouts.GRACE, and the one
before for a tick a stopped engine missed; real-time salary: the window before the last,
each tick its own, the engine catching up missed ticks) inside `context.transaction()`:
the payout rows, their ledger movements and the period's job mark commit together or not
at all, so a period is paid once across workers, restarts and SIGKILL. The payout rows,
unique per (agent, kind, period), guard the same thing for a close run by hand."""

from __future__ import annotations

from datetime import datetime, timedelta

from app.core.periods import every, period_at
from app.services import job_runs
from app.services.agents import payouts
from app.services.agents.contracts import kind_enabled
from app.services.brands import brands
from app.services.job_runs import Job, JobContext, RunResult, run_current
from models.agents import ContractKind

REALTIME = "agent-realtime-salary"
HOURLY = "agent-hourly-salary"
PERIODS = "agent-period-close"


def _runner(*kinds: ContractKind):  # type: ignore[no-untyped-def]
    async def run(context: JobContext) -> int:
        all_brands = await brands.all()
        changed = 0
        async with context.transaction() as session:
            for kind in kinds:
                results = await payouts.close_due_in(
                    session, all_brands, kind, context.period, context.now
                )
                changed += sum(result.lines for result in results)
        return changed

    return run


async def _realtime(context: JobContext) -> int:
    """Real-time salary: the windows are the job's own periods — five minutes (or
    JOB_PERIOD_SECONDS in tests and demos). A tick pays the window before the one that just
    ended, so that bets committing a little after a window's end are in it: [T-2p, T-p)."""
    cron = job_runs.schedule(REALTIME_JOB)
    end = period_at(cron, context.period - timedelta(seconds=1))
    start = period_at(cron, end - timedelta(seconds=1))
    changed = 0
    async with context.transaction() as session:
        for brand in await brands.all():
            if kind_enabled(brand, ContractKind.REALTIME_SALARY):
                result = await payouts.close_in(
                    session,
                    brand,
                    ContractKind.REALTIME_SALARY,
                    "5",
                    start,
                    end,
                    context.now,
                )
                changed += result.lines
    return changed


REALTIME_JOB = Job(name=REALTIME, cron=every(300), run=_realtime)
HOURLY_JOB = Job(name=HOURLY, cron=every(3600), run=_runner(ContractKind.HOURLY_SALARY))
PERIODS_JOB = Job(
    name=PERIODS,
    cron=every(3600),
    run=_runner(ContractKind.DAILY_SALARY, ContractKind.DIVIDEND),
)
JOBS = (REALTIME_JOB, HOURLY_JOB, PERIODS_JOB)


async def run_once(job: Job, now: datetime | None = None) -> RunResult:
    """Run the job's period that `now` is in, by hand (the CLI, tests)."""
    return await run_current(job, now)
