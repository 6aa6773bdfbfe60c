"""Prometheus metrics of every process (prometheus-client): what the code counts as it runs,
and the exposition of /metrics with the figures read from the database at scrape time.

Label values are always from small fixed sets (route templates, handler names, job names,
error codes), never a value a request chose. With several worker processes (granian's
GRANIAN_WORKERS), set PROMETHEUS_MULTIPROC_DIR to an empty directory before the process
starts: every worker then writes its counters there and each scrape adds them up.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client import (
    Gauge as LiveGauge,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

CONTENT_TYPE = CONTENT_TYPE_LATEST
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
if os.environ.get(MULTIPROCESS_ENV):
    # The pool gauges below write their file as they are made, at this import: before the
    # server's start prepares the directory (app/commands/processes.py), it must exist.
    Path(os.environ[MULTIPROCESS_ENV]).mkdir(parents=True, exist_ok=True)

HTTP_LATENCY = Histogram(
    "platform_http_request_duration_seconds",
    "Time to answer an HTTP request, by route template, method and status class",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
EVENT_LATENCY = Histogram(
    "platform_ws_event_duration_seconds",
    "Time to process a websocket (Reflex) event, by handler name and outcome",
    ["event", "outcome"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
CRASH_LIVE_LATENCY = Histogram(
    "platform_crash_live_duration_seconds",
    "Time the Crash live socket takes over a bet or cash-out, by message kind and step: its"
    " gates (the rate limit and the brand's), its decision (the database) and the whole answer",
    ["kind", "step"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
LEDGER_POSTS = Counter(
    "platform_ledger_posts", "Ledger transactions written, by transaction kind", ["kind"]
)
LEDGER_POST_BATCH = Histogram(
    "platform_ledger_post_batch_size",
    "Posts written together in one batch (PostgreSQL; a post written alone is no batch)",
    buckets=(2, 4, 8, 16, 32, 64, 128, 200),
)
BETS = Counter(
    "platform_bets", "Wager facts written (settled, voided, corrected bets), by kind", ["kind"]
)
JOB_RUNS = Counter(
    "platform_job_runs",
    "Scheduled job runs, by job and outcome (succeeded, failed, skipped)",
    ["job", "outcome"],
)
LOGIN_FAILURES = Counter(
    "platform_login_failures", "Refused member logins, by the refusal's code", ["reason"]
)
STAFF_LOGIN_FAILURES = Counter(
    "platform_staff_login_failures",
    "Refused console (staff) logins, by the refusal's code",
    ["reason"],
)
LOGIN_LOCKOUTS = Counter(
    "platform_login_lockouts",
    "Member logins refused because the account (pair or account-wide) is locked",
    ["scope"],
)


# The pool's figures, kept per worker process (each worker has its own pool): with several
# workers every live worker's series carries its `pid`; a worker that stops takes its series
# with it (`forget_this_process`).
DB_POOL_IN_USE = LiveGauge(
    "platform_db_pool_in_use",
    "Database connections this worker process has checked out of its pool",
    multiprocess_mode="liveall",
)
DB_POOL_SIZE = LiveGauge(
    "platform_db_pool_size",
    "Connections this worker process's pool may hold (size and overflow)",
    multiprocess_mode="liveall",
)


def forget_this_process() -> None:
    """A stopping worker's live series leave the shared directory (its counters stay)."""
    if os.environ.get(MULTIPROCESS_ENV):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


@dataclass(frozen=True)
class Sample:
    """One value of a gauge read at scrape time."""

    labels: dict[str, str]
    value: float


@dataclass(frozen=True)
class Gauge:
    """A gauge read at scrape time (from the database, the pool), with its samples."""

    name: str
    documentation: str
    label_names: tuple[str, ...]
    samples: tuple[Sample, ...]


# The names of the gauges that /metrics reads at scrape time (app/services/monitoring.py):
# listed here so the dashboards' test knows every name the app exports.
SCRAPE_GAUGES = (
    "platform_payout_oldest_unpaid_seconds",
    "platform_payout_limit_seconds",
    "platform_payout_unpaid",
    "platform_consumer_lag_facts",
    "platform_consumer_lag_seconds",
    "platform_job_lag_seconds",
    "platform_job_failed_periods",
    "platform_up",
)


class _Snapshot(Collector):
    def __init__(self, gauges: Iterable[Gauge]) -> None:
        self.gauges = tuple(gauges)

    def collect(self) -> Iterator[Metric]:
        for gauge in self.gauges:
            family = GaugeMetricFamily(
                gauge.name, gauge.documentation, labels=list(gauge.label_names)
            )
            for sample in gauge.samples:
                family.add_metric([sample.labels[n] for n in gauge.label_names], sample.value)
            yield family


def exposition(gauges: Iterable[Gauge]) -> bytes:
    """The text exposition: this process's (or every worker's) counters and histograms, and
    the gauges read for this scrape."""
    if os.environ.get(MULTIPROCESS_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        body = generate_latest(registry)
    else:
        body = generate_latest(REGISTRY)
    snapshot = CollectorRegistry()
    snapshot.register(_Snapshot(gauges))
    return body + generate_latest(snapshot)


def exported_names() -> set[str]:
    """Every series name /metrics can carry (histograms' and counters' suffixes included)."""
    names = set(SCRAPE_GAUGES)
    names |= {DB_POOL_IN_USE._name, DB_POOL_SIZE._name}
    for metric in (HTTP_LATENCY, EVENT_LATENCY, CRASH_LIVE_LATENCY, LEDGER_POST_BATCH):
        base = metric._name
        names |= {f"{base}_bucket", f"{base}_sum", f"{base}_count"}
    for counter in (
        LEDGER_POSTS,
        BETS,
        JOB_RUNS,
        LOGIN_FAILURES,
        STAFF_LOGIN_FAILURES,
        LOGIN_LOCKOUTS,
    ):
        names |= {f"{counter._name}_total", f"{counter._name}_created"}
    return names
