"""What /metrics reads from the database at each scrape: the payout queues against the
120-minute rule, the fact consumers' lag, the jobs' lag and failures, the connection pool.
The counters and latencies are counted where they happen (app/core/metrics.py)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from app.core import metrics
from app.core.metrics import Gauge, Sample
from app.services import job_runs, wager_facts
from app.services.job_runs import Job
from app.services.protection import payouts

logger = logging.getLogger(__name__)
# Job periods that failed for good within this window count on the failures gauge.
FAILED_WINDOW = timedelta(hours=24)


def _gauge(name: str, text: str, labels: tuple[str, ...], samples: list[Sample]) -> Gauge:
    assert name in metrics.SCRAPE_GAUGES, name
    return Gauge(name, text, labels, tuple(samples))


async def _database_gauges(jobs: Sequence[Job], now: datetime) -> list[Gauge]:
    queues = await payouts.unpaid_queues(now)
    lags = await wager_facts.consumer_lags(now)
    late = await job_runs.lags(jobs, now, FAILED_WINDOW)
    return [
        _gauge(
            "platform_payout_oldest_unpaid_seconds",
            "How long the brand's oldest withdrawal not yet paid in full has waited",
            ("merchant",),
            [Sample({"merchant": q.merchant}, q.oldest_seconds) for q in queues],
        ),
        _gauge(
            "platform_payout_unpaid",
            "Withdrawals of the brand not yet paid in full",
            ("merchant",),
            [Sample({"merchant": q.merchant}, q.unpaid) for q in queues],
        ),
        _gauge(
            "platform_payout_limit_seconds",
            "The payout rule's limit (120 minutes, Portaria SPA/MF 615/2024)",
            (),
            [Sample({}, payouts.PAYOUT_LIMIT_MINUTES * 60)],
        ),
        _gauge(
            "platform_consumer_lag_facts",
            "Wager facts after the consumer's position",
            ("consumer",),
            [Sample({"consumer": lag.name}, lag.facts) for lag in lags],
        ),
        _gauge(
            "platform_consumer_lag_seconds",
            "How long the oldest wager fact the consumer has not processed has waited",
            ("consumer",),
            [Sample({"consumer": lag.name}, lag.seconds) for lag in lags],
        ),
        _gauge(
            "platform_job_lag_seconds",
            "Time since the first period after the job's latest succeeded one became due",
            ("job",),
            [Sample({"job": lag.name}, lag.seconds) for lag in late],
        ),
        _gauge(
            "platform_job_failed_periods",
            "The job's periods that failed for good in the last 24 hours",
            ("job",),
            [Sample({"job": lag.name}, lag.failed_periods) for lag in late],
        ),
    ]


async def gauges(jobs: Sequence[Job], now: datetime) -> list[Gauge]:
    """The scrape's gauges read from the database; with it out of reach, `platform_up` 0."""
    found: list[Gauge] = []
    try:
        found += await _database_gauges(jobs, now)
        up = 1.0
    except Exception as error:  # the scrape still answers: the outage is the news
        logger.warning("metrics: database figures unavailable (%s)", type(error).__name__)
        up = 0.0
    found.append(
        _gauge(
            "platform_up",
            "1 when this scrape could read the database's figures",
            (),
            [Sample({}, up)],
        )
    )
    return found
