"""Reflex event round trip with 100 connected browser-like clients, against a bare
python-socketio echo measured in the same run; state per user.

Each client is a Socket.IO client speaking the page's own protocol (reflex_base's
`.templates/web/utils/state.js`): it connects to the `/_event` namespace with a fresh tab
token and the `hydrate_and_load` event of the home page in the CONNECT packet (which runs the
page's on_load handlers: brand, session, balance, menus, lobby), then clicks the header's
show/hide-balance button (`WalletState.toggle_hidden`) every 1-3 s. The round trip is the
time from sending the click to receiving the state delta that carries the changed value,
which is what the browser applies to the DOM (applying it is well under a millisecond).

Runs in scaled mode: Reflex's Redis state manager, two granian workers, PostgreSQL, served by
`python -m app.cli serve` on loopback; the clients run on the same 2-core machine. State per
user is what Redis holds for each tab token after the run (all its substates); the largest
is the figure.

The floor: bench/bare_socketio.py, a python-socketio echo on the same namespace, served by
granian with the same two workers, answering each click with a delta of the size and shape
of Reflex's; the same 100 clients (same library, connect and cadence) click it for as long.
Then the same clients click the echo with no pause for a few seconds: that rate against the
Reflex run's click rate shows the client is not what the round trip measures (the client
process's CPU share over the Reflex clicks is printed too). Each server's CPU per click is
read from /proc over the clicking (the site's `app.cli serve` process and its workers, which
also run the scheduled jobs and the Crash round driver; the echo's granian processes; Redis and
PostgreSQL are not counted). Before any tab opens, the site's CPU with nobody on it is read
the same way: what its scheduled jobs and the Crash round driver cost whatever the traffic
(every worker of every process pays it).

Goals: round trip p95 < 200 ms and state per user < 100 KB (issue 7); Reflex p95 at most
5x the echo's p95 (issue 36); the client drives the echo at least 10x faster than the Reflex
run's click rate.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
import uuid
from dataclasses import dataclass
from typing import Any

import psutil

from bench.bare_socketio import NAMESPACE, ROOT_STATE, WALLET_STATE
from bench.bench_locust import REDIS_URL, _deployment
from bench.common import Figure, asgi_server, percentile, serving_cpu

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("state", "app/app.py", "rxconfig.py")

CLIENTS = int(os.environ.get("BENCH_EVENT_CLIENTS", "100"))
SECONDS = float(os.environ.get("BENCH_EVENT_SECONDS", "40"))
FLAT_OUT_SECONDS = float(os.environ.get("BENCH_EVENT_FLAT_OUT_SECONDS", "5"))
IDLE_SECONDS = float(os.environ.get("BENCH_EVENT_IDLE_SECONDS", "20"))
WORKERS = 2  # the scaled site's GRANIAN_WORKERS (bench_locust._deployment)
HOME = {"pathname": "/", "asPath": "/"}


class Tab:
    """One browser tab's socket: hydrates the home page, then clicks."""

    def __init__(self, url: str) -> None:
        import socketio

        self.url = url
        self.token = str(uuid.uuid4())
        self.socket = socketio.AsyncClient(reconnection=False)
        self.socket.on("event", self._on_update, namespace=NAMESPACE)
        self.waiting: asyncio.Future[float] | None = None
        self.hydrated = asyncio.Event()
        self.round_trips: list[float] = []
        self.errors = 0
        self.answer_bytes = 0  # the first click's answer, as JSON

    async def _on_update(self, update: dict[str, Any]) -> None:
        delta = update.get("delta") or {}
        if ROOT_STATE in delta and delta[ROOT_STATE].get("is_hydrated_rx_state_"):
            self.hydrated.set()
        if WALLET_STATE in delta and self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(time.perf_counter())
            if not self.answer_bytes:
                self.answer_bytes = len(json.dumps(update, ensure_ascii=False).encode())

    async def connect(self) -> None:
        hydrate = {"name": f"{ROOT_STATE}.hydrate_and_load", "payload": {}, "router_data": HOME}
        await self.socket.connect(
            f"{self.url}?token={self.token}",
            socketio_path=NAMESPACE,
            namespaces=[NAMESPACE],
            transports=["websocket"],
            auth={"event": hydrate},
            wait_timeout=30,
        )
        await asyncio.wait_for(self.hydrated.wait(), 60)

    async def click(self) -> None:
        self.waiting = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        event = {"name": f"{WALLET_STATE}.toggle_hidden", "payload": {}, "router_data": HOME}
        await self.socket.emit("event", event, namespace=NAMESPACE)
        try:
            arrived = await asyncio.wait_for(self.waiting, 10)
        except TimeoutError:
            self.errors += 1
            return
        self.round_trips.append((arrived - started) * 1000)

    async def clicking(self, until: float, pause: bool = True) -> None:
        """Click until `until`: every 1-3 s as a person does, or back to back (`pause` off)."""
        while time.monotonic() < until:
            if pause:
                await asyncio.sleep(random.uniform(1.0, 3.0))
            await self.click()


@dataclass(frozen=True)
class Clicks:
    """What one server answered the clients over the clicking at a person's cadence."""

    trips: list[float]
    errors: int
    connected: int
    seconds: float  # the clicking's wall time
    server_cpu: float  # CPU seconds of the server's processes over the clicking
    client_cpu: float  # CPU seconds of this process (the clients) over the clicking
    answer_bytes: int
    flat_out_rate: float  # clicks/s with no pause afterwards, 0 when not asked
    largest_kb: float  # the largest state per tab in Redis, 0 when not asked

    def rate(self) -> float:
        return len(self.trips) / self.seconds if self.seconds else 0.0

    def cpu_per_click_ms(self) -> float:
        return self.server_cpu / len(self.trips) * 1000 if self.trips else 0.0


async def _measure(url: str, *, state: bool = False, flat_out: float = 0.0) -> Clicks:
    tabs = [Tab(url) for _ in range(CLIENTS)]
    for start in range(0, CLIENTS, 10):  # tabs open over a few seconds, not all at once
        await asyncio.gather(*(tab.connect() for tab in tabs[start : start + 10]))
    connected = sum(tab.socket.connected for tab in tabs)
    client, server = psutil.Process(), serving_cpu(url)
    client_before, started = sum(client.cpu_times()[:2]), time.monotonic()
    await asyncio.gather(*(tab.clicking(started + SECONDS) for tab in tabs))
    seconds = time.monotonic() - started
    server = serving_cpu(url) - server
    client_cpu = sum(client.cpu_times()[:2]) - client_before
    trips = [trip for tab in tabs for trip in tab.round_trips]
    errors = sum(tab.errors for tab in tabs)
    flat_out_rate = 0.0
    if flat_out:
        before, started = sum(len(tab.round_trips) for tab in tabs), time.monotonic()
        await asyncio.gather(*(tab.clicking(started + flat_out, pause=False) for tab in tabs))
        answered = sum(len(tab.round_trips) for tab in tabs) - before
        flat_out_rate = answered / (time.monotonic() - started)
    largest = await _largest_state([tab.token for tab in tabs]) if state else 0.0
    for tab in tabs:
        await tab.socket.disconnect()
    answer_bytes = max(tab.answer_bytes for tab in tabs)
    return Clicks(
        trips, errors, connected, seconds, server, client_cpu, answer_bytes, flat_out_rate, largest
    )


def _idle_share(url: str) -> float:
    """The server's CPU with no tab open, as a share of a core, once its start-up settled."""
    time.sleep(IDLE_SECONDS / 2)
    before, started = serving_cpu(url), time.monotonic()
    time.sleep(IDLE_SECONDS)
    return (serving_cpu(url) - before) / (time.monotonic() - started) * 100


async def _largest_state(tokens: list[str]) -> float:
    """Bytes Redis holds per tab token (every substate key), the largest of them."""
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(REDIS_URL)
    sizes = []
    for token in tokens:
        total = 0
        async for key in client.scan_iter(f"{token}_*", count=1000):
            total += await client.strlen(key)
        sizes.append(total)
    await client.aclose()
    return max(sizes) / 1024 if sizes else 0.0


def _round_trips(prefix: str, clicks: Clicks, p95_below_ms: float | None = None) -> list[Figure]:
    """The round trip figures of one server; `prefix` names it (the site's figures keep the
    names they had before the echo)."""
    trips, p95 = clicks.trips, percentile(clicks.trips, 0.95)
    p95_goal = f"< {p95_below_ms:g} ms" if p95_below_ms is not None else ""
    p95_met = None if p95_below_ms is None else bool(trips) and p95 < p95_below_ms
    return [
        Figure(f"{prefix}connected clients", clicks.connected, "clients", str(CLIENTS),
               clicks.connected == CLIENTS),
        Figure(f"{prefix}clicks measured", len(trips), "clicks"),
        Figure(f"{prefix}clicks without an answer within 10 s", clicks.errors, "clicks", "0",
               clicks.errors == 0),
        Figure(f"{prefix}click round trip p50", statistics.median(trips) if trips else 0.0, "ms"),
        Figure(f"{prefix}click round trip p95", p95, "ms", p95_goal, p95_met),
        Figure(f"{prefix}click round trip p99", percentile(trips, 0.99), "ms"),
    ]  # fmt: skip


def run() -> list[Figure]:
    with _deployment(scaled=True, members=0) as (url, _):
        idle = _idle_share(url)
        reflex = asyncio.run(_measure(url, state=True))
    with asgi_server("bench.bare_socketio:app", workers=WORKERS) as url:
        echo = asyncio.run(_measure(url, flat_out=FLAT_OUT_SECONDS))
    p95, echo_p95 = percentile(reflex.trips, 0.95), percentile(echo.trips, 0.95)
    ratio = p95 / echo_p95 if echo_p95 else float("inf")
    headroom = echo.flat_out_rate / reflex.rate() if reflex.rate() else 0.0
    largest_kb = reflex.largest_kb
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        *_round_trips("", reflex, p95_below_ms=200),
        Figure("largest state per user (Redis)", largest_kb, "KB", "< 100 KB", largest_kb < 100),
        *_round_trips("echo: ", echo),
        Figure("click round trip p95 / echo p95", ratio, "x", "<= 5x",
               bool(reflex.trips) and ratio <= 5),
        Figure("answer to a click: Reflex", reflex.answer_bytes, "bytes"),
        Figure("answer to a click: echo", echo.answer_bytes, "bytes"),
        Figure("server CPU per click: Reflex (app.cli serve and its workers)",
               reflex.cpu_per_click_ms(), "ms"),
        Figure("server CPU per click: echo (granian)", echo.cpu_per_click_ms(), "ms"),
        Figure("server CPU with no tab open: Reflex (its jobs, the Crash round driver)", idle,
               "% of a core"),
        Figure("client: Reflex click rate", reflex.rate(), "clicks/s"),
        Figure(f"client: echo clicked with no pause ({FLAT_OUT_SECONDS:g} s)", echo.flat_out_rate,
               "clicks/s"),
        Figure("client: echo rate / Reflex click rate", headroom, "x", ">= 10x", headroom >= 10),
        Figure("client: its process's CPU over the Reflex clicks",
               reflex.client_cpu / reflex.seconds * 100, "% of a core"),
    ]  # fmt: skip


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
