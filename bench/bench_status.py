"""`/wps/system/status` next to a bare Starlette JSON endpoint, same server, same run.

Goal (issue 2): the status endpoint serves at least 70% of the bare endpoint's rate.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from bench.common import ROOT, Figure, asgi_server, wrk

CONCURRENCY = 32
SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))


def run() -> list[Figure]:
    data_dir = tempfile.mkdtemp(prefix="bench-status-")
    env = {"DATA_DIR": data_dir, "DATABASE_URL": "", "REDIS_URL": ""}
    subprocess.run(
        [sys.executable, "-m", "app.cli", "setup"], cwd=ROOT, env={**os.environ, **env},
        check=True, capture_output=True,
    )  # fmt: skip
    with asgi_server("bench.bare_app:app") as bare_url:
        wrk(bare_url + "/status", CONCURRENCY, 1)  # warm-up
        bare = wrk(bare_url + "/status", CONCURRENCY, SECONDS)
    with asgi_server("app.api.main:create_api", env=env, factory=True) as app_url:
        wrk(app_url + "/wps/system/status", CONCURRENCY, 1)
        real = wrk(app_url + "/wps/system/status", CONCURRENCY, SECONDS)
    ratio = real.rate / bare.rate if bare.rate else 0.0
    errors = real.errors + bare.errors
    return [
        Figure("bare Starlette JSON: requests/s", bare.rate, "req/s"),
        Figure("bare Starlette JSON: p50", bare.p50_ms, "ms"),
        Figure("bare Starlette JSON: p99", bare.p99_ms, "ms"),
        Figure("/wps/system/status: requests/s", real.rate, "req/s"),
        Figure("/wps/system/status: p50", real.p50_ms, "ms"),
        Figure("/wps/system/status: p99", real.p99_ms, "ms"),
        Figure("errors (both endpoints)", errors, "responses", "0", errors == 0),
        Figure("status rate / bare rate", ratio * 100, "%", "≥ 70%", ratio >= 0.70),
    ]


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
