"""Shared bench helpers: servers on loopback, a bounded HTTP load loop, result rows, the event
loop's waits behind a batched job."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def environment(**values: str) -> Iterator[None]:
    """This process's settings from `values` for a while (the settings are read once per
    process: the cache is cleared on the way in and out), then as they were."""
    from app.core.config import get_settings

    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    get_settings.cache_clear()
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        get_settings.cache_clear()


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    goal: str = ""
    met: bool | None = None

    def row(self) -> str:
        verdict = {True: "met", False: "NOT met", None: ""}[self.met]
        return f"| {self.name} | {self.value:,.2f} {self.unit} | {self.goal} | {verdict} |"


@dataclass(frozen=True)
class LoopWaits:
    """A batched job's rows and time, and how long the event loop it ran on kept others
    waiting: the longest wait, and the typical wait behind one batch."""

    done: int
    seconds: float
    longest: float  # s
    per_batch: float  # s: the median of the `batches` longest waits


async def beside_heartbeat(job: Callable[[], Awaitable[int]], batch: int) -> LoopWaits:
    """Run `job` (it returns its rows, written in transactions of `batch`) while a heartbeat
    task on the same loop wakes every millisecond and records how late each wake-up came.
    Each batch stops the loop once, so the longest waits, one per batch, are the batches'
    own; their median is the typical wait a request sees behind a batch, which one stray
    pause cannot move."""
    waits: list[float] = []
    beating = True

    async def heartbeat() -> None:
        while beating:
            asked = time.perf_counter()
            await asyncio.sleep(0.001)
            waits.append(time.perf_counter() - asked)

    beat = asyncio.create_task(heartbeat())
    started = time.perf_counter()
    done = await job()
    seconds = time.perf_counter() - started
    beating = False
    await beat
    longest = sorted(waits, reverse=True)[: max(1, -(-done // batch))]
    return LoopWaits(done, seconds, longest[0], statistics.median(longest))


# Embedded mode's batches are a fifth of the larger ones compared (SQLite's write transactions
# hold the event loop):
# the wait behind one falls to near a fifth, a third allowing for each batch's fixed work;
# two thirds of the rate is the price accepted for it.
WAIT_SHARE_GOAL = 100 / 3
RATE_SHARE_GOAL = 200 / 3


def batch_size_figures(
    verb: str, large: tuple[int, LoopWaits], small: tuple[int, LoopWaits]
) -> list[Figure]:
    """The same job run in large batches (`large`: size and waits) and in embedded mode's
    smaller ones (`small`) on one embedded-mode loop: each one's time and waits, and the
    two shares."""
    figures = []
    for size, waits in (large, small):
        figures += [
            Figure(f"embedded, batches of {size}: {verb}", waits.seconds, "s"),
            Figure(
                f"embedded, batches of {size}: wait behind a batch (median)",
                waits.per_batch * 1000,
                "ms",
            ),
            Figure(f"embedded, batches of {size}: longest loop wait", waits.longest * 1000, "ms"),
        ]
    (_, big), (_, little) = large, small
    wait_share = little.per_batch / big.per_batch * 100
    rate_share = (little.done / little.seconds) / (big.done / big.seconds) * 100
    return [
        *figures,
        Figure(
            f"embedded: wait behind a batch, batches of {small[0]} / of {large[0]}",
            wait_share,
            "%",
            f"<= {WAIT_SHARE_GOAL:.0f}%",
            wait_share <= WAIT_SHARE_GOAL,
        ),
        Figure(
            f"embedded: rate, batches of {small[0]} / of {large[0]}",
            rate_share,
            "%",
            f">= {RATE_SHARE_GOAL:.0f}%",
            rate_share >= RATE_SHARE_GOAL,
        ),
    ]


@dataclass(frozen=True)
class LoadResult:
    requests: int
    errors: int
    rate: float
    p50_ms: float
    p99_ms: float


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(text: str) -> float:
    """A wrk duration such as 812.00us, 2.07ms or 1.20s, in milliseconds."""
    number, unit = re.fullmatch(r"([\d.]+)([a-z]+)", text).groups()  # type: ignore[union-attr]
    return float(number) * _UNIT_MS[unit]


def wrk(
    url: str,
    connections: int,
    seconds: float,
    headers: dict[str, str] | None = None,
    script: Path | None = None,
) -> LoadResult:
    """Load `url` with wrk (2 threads), a bounded run on loopback; parse rate and latency.
    `script`: a wrk Lua script that makes the requests (a POST with a body of its own) and
    may print "failed responses: N" (answers it judged failed: errors too)."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script is not None:
        command += ["-s", str(script)]
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    failed = re.search(r"^failed responses: (\d+)$", out, re.M)  # a script's own count
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    return LoadResult(
        requests=int(re.search(r"(\d+) requests in", out).group(1)),  # type: ignore[union-attr]
        errors=(int(errors.group(1)) if errors else 0)
        + (int(failed.group(1)) if failed else 0)
        + (sum(int(g) for g in socket_errors.groups()) if socket_errors else 0),
        rate=float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        p50_ms=_ms(percentiles["50"]),
        p99_ms=_ms(percentiles["99"]),
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def asgi_server(
    target: str, env: dict[str, str] | None = None, factory: bool = False, workers: int = 1
) -> Iterator[str]:
    """Serve an ASGI app with granian (the server Reflex runs in production), one worker by
    default (`app.cli serve` serves the site with GRANIAN_WORKERS)."""
    port = free_port()
    command = [
        sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1",
        "--port", str(port), "--workers", str(workers), "--log-level", "warning",
        *(["--factory"] if factory else []), target,
    ]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(url + "/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def percentile(values: list[float], share: float) -> float:
    """The value `share` (0 to 1) of the way up the sorted values; 0 for none."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else 0.0


def serving(url: str) -> list[psutil.Process]:
    """The processes of the server listening at `url`: every process whose command line names
    the port as an argument (granian's main process and the workers it forks with the same
    command line, or `app.cli serve` and its workers) and their children, each counted once."""
    port = str(urlsplit(url).port)
    processes: dict[int, psutil.Process] = {}
    for process in psutil.process_iter(["cmdline"]):
        if port in (process.info["cmdline"] or []):
            with suppress(psutil.Error):
                for each in (process, *process.children(recursive=True)):
                    processes[each.pid] = each
    return list(processes.values())


def serving_cpu(url: str) -> float:
    """CPU seconds used so far by the server listening at `url`. Unlike latency, CPU per call
    does not depend on who else shares the machine."""
    return used(serving(url))[0]


def named(name: str) -> list[psutil.Process]:
    """The processes called `name` (PostgreSQL's: its server and every backend)."""
    return [each for each in psutil.process_iter(["name"]) if each.info["name"] == name]


def used(processes: list[psutil.Process]) -> tuple[float, float]:
    """Seconds of CPU and of waiting for a core the processes have used so far. The wait is
    the kernel's run-queue time (/proc/PID/task/TID/schedstat, every thread): what a busy
    machine adds to each of their steps, which their CPU does not show."""
    cpu, waited = 0.0, 0
    for each in processes:
        with suppress(psutil.Error):
            times = each.cpu_times()
            cpu += times.user + times.system
        for stats in Path(f"/proc/{each.pid}/task").glob("*/schedstat"):
            with suppress(OSError, ValueError, IndexError):
                waited += int(stats.read_text().split()[1])
    return cpu, waited / 1e9


_FAILED = ("error", "critical")
_WARNED = ("warning", *_FAILED)


def problem_text(line: str) -> str:
    """A log problem's line as a person reads it: for the app's JSON line its level, logger
    and the last line of its exception or message (the exception's name and words, where a
    traceback's first 300 characters said only where it started)."""
    if line.startswith("{"):
        with suppress(ValueError):
            record = json.loads(line)
            said = str(record.get("exception") or record.get("message") or "").strip()
            last = said.splitlines()[-1].strip() if said else ""
            return f"{record.get('level')} {record.get('logger')}: {last}"[:300]
    return line.strip()[:300]


def log_problem(line: str, *, warnings: bool = False) -> bool:
    """A server log's line that says something went wrong: the app's own JSON line of level
    error (with `warnings`, warning too), a traceback's last line (its exception's name before
    the colon) and, with `warnings`, a text log's WARNING and ERROR lines."""
    if line.startswith("{"):
        with suppress(ValueError):
            return json.loads(line).get("level") in (_WARNED if warnings else _FAILED)
    if warnings and ("WARNING" in line or "ERROR" in line):
        return True
    return bool(line) and not line[0].isspace() and "Error" in line.split(":", 1)[0]
