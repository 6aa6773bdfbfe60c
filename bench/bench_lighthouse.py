"""The home page of a production build (`reflex run --env prod`) in Lighthouse, desktop preset,
with the system Chromium: performance score, LCP, CLS, TBT and first-load JavaScript bytes.

Goals (issue 5): score ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.1. Lighthouse runs several times and the run
with the median score is reported (the machine is shared, single runs are noisy).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.common import ROOT, Figure, free_port

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("pages", "components", "assets", "app/app.py", "rxconfig.py")

LIGHTHOUSE = ROOT / ".tools/lighthouse/node_modules/.bin/lighthouse"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The browser tests' flags (tests/e2e/conftest.py CHROMIUM_ARGS), headless.
CHROMIUM_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "3"))
START_TIMEOUT_SECONDS = 900


def _site(port: int, data_dir: str, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATA_DIR": data_dir,
        "DATABASE_URL": "",
        "REDIS_URL": "",
        "PORT": str(port),
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
    }
    env.setdefault("REFLEX_BUN_PATH", str(ROOT / ".tools/bun/node_modules/bun/bin/bun.exe"))
    subprocess.run(
        [sys.executable, "-m", "app.cli", "setup"], cwd=ROOT, env=env, check=True,
        capture_output=True,
    )  # fmt: skip
    reflex = Path(sys.executable).parent / "reflex"
    with log.open("w") as out:
        return subprocess.Popen(
            [str(reflex), "run", "--env", "prod", "--loglevel", "warning"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip


def _wait(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the site stopped:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/ping", timeout=2).status_code == 200:
                httpx.get(url + "/", timeout=30)  # warm the first page and the caches
                return
        except httpx.HTTPError:
            pass
        time.sleep(2)
    raise RuntimeError(f"the site did not start:\n{log.read_text()[-3000:]}")


def _lighthouse(url: str, out: Path) -> dict[str, Any]:
    subprocess.run(
        [
            str(LIGHTHOUSE), url, "--preset=desktop", "--only-categories=performance",
            "--output=json", f"--output-path={out}", "--quiet",
            f"--chrome-flags={CHROMIUM_FLAGS}",
        ],
        cwd=ROOT, env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True,
        capture_output=True, timeout=300,
    )  # fmt: skip
    return json.loads(out.read_text())


def _figures(report: dict[str, Any]) -> dict[str, float]:
    audits = report["audits"]
    requests = audits["network-requests"]["details"]["items"]
    return {
        "score": report["categories"]["performance"]["score"] * 100,
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "js": sum(r.get("transferSize", 0) for r in requests if r.get("resourceType") == "Script"),
        "bytes": audits["total-byte-weight"]["numericValue"],
    }


def run() -> list[Figure]:
    if not LIGHTHOUSE.exists():
        raise RuntimeError("Lighthouse is missing: `make bench` installs it into .tools/")
    work = Path(tempfile.mkdtemp(prefix="bench-lighthouse-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = work / "reflex.log"
    process = _site(port, str(work / "data"), log)
    try:
        _wait(url, process, log)
        runs = [_figures(_lighthouse(url + "/", work / f"run{i}.json")) for i in range(RUNS)]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    median_score = statistics.median_low(r["score"] for r in runs)
    shown = next(r for r in runs if r["score"] == median_score)
    return [
        Figure(f"performance score (median of {RUNS})", shown["score"], "", "≥ 90",
               shown["score"] >= 90),
        Figure("first contentful paint", shown["fcp"] / 1000, "s"),
        Figure("largest contentful paint", shown["lcp"] / 1000, "s", "≤ 2.5 s",
               shown["lcp"] <= 2500),
        Figure("cumulative layout shift", shown["cls"], "", "≤ 0.1", shown["cls"] <= 0.1),
        Figure("total blocking time", shown["tbt"], "ms"),
        Figure("first-load JavaScript (transferred)", shown["js"] / 1024, "KiB"),
        Figure("first-load bytes, all resources", shown["bytes"] / 1024, "KiB"),
        Figure("scores of all runs (lowest)", min(r["score"] for r in runs), ""),
    ]  # fmt: skip


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
