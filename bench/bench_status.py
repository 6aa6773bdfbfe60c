"""`/wps/system/status` next to a bare Starlette JSON endpoint, same server, same run.

The status call is served twice: as `make run` serves it (an in-process cache), and as the
scaled deployment does, with the machine's Redis shared by its processes (a brand changed by
one is seen by the others' next requests: each request is served by a read of the shared
version sent after it arrived, or at most 10 ms before, since an announcement returns 10 ms
after its bump; the requests of a process share those reads).

The three servers stay up and are loaded in turn, ROUNDS times each (bare, status, status
with Redis, bare, …); each one's figures are those of its median run, so that the machine
drifting during the run weighs on all of them alike.

Goal (issue 2): the status endpoint serves at least 70% of the bare endpoint's rate.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from bench.bench_locust import REDIS_URL
from bench.common import ROOT, Figure, LoadResult, asgi_server, wrk

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/api/content/system.py",
    "app/api/ops.py",
    "app/api/security_headers.py",
    "app/api/envelope.py",
    "app/api/deps.py",
    "app/api/hot_routes.py",
    "app/api/body_limit.py",
    "app/services/brands.py",
    "app/core/heap.py",
)

STATUS = "/wps/system/status"
CONCURRENCY = 32
SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))
ROUNDS = 3


def _median(runs: list[LoadResult]) -> LoadResult:
    return sorted(runs, key=lambda run: run.rate)[len(runs) // 2]


def run() -> list[Figure]:
    data_dir = tempfile.mkdtemp(prefix="bench-status-")
    env = {"DATA_DIR": data_dir, "DATABASE_URL": "", "REDIS_URL": ""}
    subprocess.run(
        [sys.executable, "-m", "app.cli", "setup"], cwd=ROOT, env={**os.environ, **env},
        check=True, capture_output=True,
    )  # fmt: skip
    with (
        asgi_server("bench.bare_app:app") as bare_url,
        asgi_server("app.api.main:create_api", env=env, factory=True) as app_url,
        asgi_server(
            "app.api.main:create_api", env={**env, "REDIS_URL": REDIS_URL}, factory=True
        ) as scaled_url,
    ):
        targets = (bare_url + "/status", app_url + STATUS, scaled_url + STATUS)
        for url in targets:
            wrk(url, CONCURRENCY, 1)  # warm-up
        runs: dict[str, list[LoadResult]] = {url: [] for url in targets}
        for _ in range(ROUNDS):
            for url in targets:
                runs[url].append(wrk(url, CONCURRENCY, SECONDS))
        bare, real, scaled = (_median(runs[url]) for url in targets)
    ratio = real.rate / bare.rate if bare.rate else 0.0
    scaled_ratio = scaled.rate / bare.rate if bare.rate else 0.0
    errors = real.errors + bare.errors + scaled.errors
    return [
        Figure("bare Starlette JSON: requests/s", bare.rate, "req/s"),
        Figure("bare Starlette JSON: p50", bare.p50_ms, "ms"),
        Figure("bare Starlette JSON: p99", bare.p99_ms, "ms"),
        Figure("/wps/system/status: requests/s", real.rate, "req/s"),
        Figure("/wps/system/status: p50", real.p50_ms, "ms"),
        Figure("/wps/system/status: p99", real.p99_ms, "ms"),
        Figure("/wps/system/status, shared Redis: requests/s", scaled.rate, "req/s"),
        Figure("/wps/system/status, shared Redis: p99", scaled.p99_ms, "ms"),
        Figure("errors (all endpoints)", errors, "responses", "0", errors == 0),
        Figure("status rate / bare rate", ratio * 100, "%", "≥ 70%", ratio >= 0.70),
        Figure("status rate, shared Redis / bare rate", scaled_ratio * 100, "%", "≥ 70%",
               scaled_ratio >= 0.70),
    ]  # fmt: skip


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
