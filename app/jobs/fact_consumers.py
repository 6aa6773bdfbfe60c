"""The wager facts' consumers, every second, as one job: each capability declares its
consumers in its own jobs module (`FACT_CONSUMERS`, app/core/manifests.py) and this job runs
them all, one after the other, at each tick.

One job rather than one each: a run's own costs (the queue's job, the period's row, their
reads and commits) repeat with every job whatever its work, and four such jobs a second
were most of what an idle site spent (a py-spy profile of the scaled site: 17 % of a core,
four tenths of it the jobs).

Each consumer makes each change once by itself (its stored position: a fact counts once),
so none needs `context.transaction()`. One failing fails the run, after the others have
run, and the run is retried; the others' work stands. One after the other, not side by side:
side by side on one worker's loop, after a Crash round with 1,000 players, bench_crash_live
placed a sixth fewer bets in the next rounds (431 and 451 of 2,000, against 511 in turn and
552 and 506 with four jobs), likely because each one's transaction lasts longer while the
others run.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from app.core.manifests import declared
from app.core.periods import every
from app.services.job_runs import Job, JobContext

logger = logging.getLogger(__name__)
NAME = "fact-consumers"


@dataclass(frozen=True)
class FactConsumer:
    """A consumer of the wager facts: its name (in the logs) and its catch-up, which counts
    the facts it has not counted yet with the clock at the given time and returns how many
    things it changed."""

    name: str
    catch_up: Callable[[datetime], Awaitable[int]]


@cache
def fact_consumers() -> tuple[FactConsumer, ...]:
    """Every consumer the jobs' modules declare."""
    return tuple(declared(sys.modules[__package__], "FACT_CONSUMERS"))


async def catch_up_all(consumers: Sequence[FactConsumer], now: datetime) -> int:
    """Each consumer caught up in turn; how many things they changed together. The first
    failure is raised once all have run."""
    changed, failure = 0, None
    for consumer in consumers:
        try:
            changed += await consumer.catch_up(now)
        except Exception as error:
            logger.exception("fact consumer %s failed", consumer.name)
            failure = failure or error
    if failure is not None:
        raise failure
    return changed


async def _follow(context: JobContext) -> int:
    return await catch_up_all(fact_consumers(), context.now)


FOLLOW_JOB = Job(name=NAME, cron=every(1), run=_follow)
JOBS = (FOLLOW_JOB,)
