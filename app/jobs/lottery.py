"""The lottery's clockwork, every minute on the job engine (embedded or scaled):

- `lottery-issues`: create the issues drawing in the next hour (each slot once: the pair
  game and issue number is unique in the database);
- `lottery-draws`: fetch the beacon rounds closed issues wait for, open, close and draw what
  the clock has reached (`issues.advance`), then settle every drawn issue (`settle_due`), so
  that a 1-minute game's issue is paid in the run of its draw minute;
- `lottery-results`: ask the official results provider (LOTTERY_RESULTS_URL, else the demo
  feed) for the official issues past their draw time, then settle them.

Each change is made once by itself (unique keys, row locks, a bet's status checked under its
lock), so the runs need no `context.transaction()`: a repeated period, a second worker or a
run killed mid-way changes nothing twice; `job_run` keeps one row per job and period. A
failing beacon source does not stop the draws of games without a beacon: its error is logged
and its issues wait for the next run.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from app.core.periods import every
from app.services.job_runs import Job, JobContext, RunResult, run_current
from app.services.lottery import issues, settlement

logger = logging.getLogger(__name__)

ISSUES, DRAWS, RESULTS = "lottery-issues", "lottery-draws", "lottery-results"
HORIZON = timedelta(hours=1)


async def _create(context: JobContext) -> int:
    return await issues.create_issues(context.now, HORIZON)


async def _draw(context: JobContext) -> int:
    changed = 0
    try:
        changed += await issues.collect_beacons(context.now)
    except Exception:  # the beacon's network: its issues wait, the others draw
        logger.exception("lottery beacons could not be collected")
    changed += await issues.advance(context.now)
    changed += await settlement.settle_due(context.now)
    return changed


async def _results(context: JobContext) -> int:
    applied = await issues.collect_results(context.now)
    if applied:
        applied += await settlement.settle_due(context.now)
    return applied


ISSUES_JOB = Job(name=ISSUES, cron=every(60), run=_create)
DRAWS_JOB = Job(name=DRAWS, cron=every(60), run=_draw)
RESULTS_JOB = Job(name=RESULTS, cron=every(60), run=_results, retry_seconds=30)
JOBS = (ISSUES_JOB, DRAWS_JOB, RESULTS_JOB)


async def run_once(job: Job, now: datetime | None = None) -> RunResult:
    """Run the period `now` is in, by hand (the CLI's `jobs lottery-draws`)."""
    return await run_current(job, now)
