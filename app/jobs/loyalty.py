"""Loyalty jobs (issue 17): the wager-fact consumer every second (the fact-consumers job),
deposits' upgrades every minute, the rebate close every minute and the VIP periods (monthly
review, weekly bonuses, member day) every hour.

The consumer and the deposit check make each change once by themselves (the consumer's
stored position; an upgrade only ever raises a level). The closes run inside
`context.transaction()`: their lines, events and ledger movements commit with the period's
job mark, and each line or event is unique per (member, kind, period) besides."""

from __future__ import annotations

from datetime import timedelta

from app.core.periods import every
from app.jobs.fact_consumers import FactConsumer
from app.services.brands import brands
from app.services.job_runs import Job, JobContext
from app.services.loyalty import progress, rebate, vip

DEPOSITS = "loyalty-progress"
REBATE_CLOSE = "rebate-close"
VIP_PERIODS = "vip-periods"
# A deposit paid in the minute before a tick, and the one before that (a late commit).
DEPOSIT_LOOKBACK = timedelta(minutes=2)


async def _deposits(context: JobContext) -> int:
    return await vip.evaluate_deposits(context.period - DEPOSIT_LOOKBACK, context.now)


async def _rebate_close(context: JobContext) -> int:
    # Count what has settled up to now first, so the period closes with its bets.
    await progress.catch_up(context.now)
    all_brands = await brands.all()
    closed = 0
    async with context.transaction() as session:
        for brand in all_brands:
            closed += (await rebate.close_in(session, brand, context.now)).closed
    return closed


async def _vip_periods(context: JobContext) -> int:
    all_brands = await brands.all()
    async with context.transaction() as session:
        return await vip.close_due_in(session, all_brands, context.now)


DEPOSITS_JOB = Job(name=DEPOSITS, cron=every(60), run=_deposits)
REBATE_CLOSE_JOB = Job(name=REBATE_CLOSE, cron=every(60), run=_rebate_close)
VIP_PERIODS_JOB = Job(
    name=VIP_PERIODS, cron=every(3600), run=_vip_periods, catch_up=timedelta(days=2)
)
JOBS = (DEPOSITS_JOB, REBATE_CLOSE_JOB, VIP_PERIODS_JOB)
FACT_CONSUMERS = (FactConsumer("loyalty-facts", progress.catch_up),)
