"""Reflex event round trip with 100 connected browser-like clients, and state per user.

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

Goals (issue 7): round trip p95 < 200 ms; state per user < 100 KB.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
import uuid
from typing import Any

from bench.bench_locust import REDIS_URL, _deployment
from bench.common import Figure

CLIENTS = int(os.environ.get("BENCH_EVENT_CLIENTS", "100"))
SECONDS = float(os.environ.get("BENCH_EVENT_SECONDS", "40"))
ROOT_STATE = "reflex___state____state"
WALLET_STATE = f"{ROOT_STATE}.state___wallet____wallet_state"
HOME = {"pathname": "/", "asPath": "/"}
NAMESPACE = "/_event"  # the page's socket.io namespace, the same as the engine's path


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

    async def _on_update(self, update: dict[str, Any]) -> None:
        delta = update.get("delta") or {}
        if ROOT_STATE in delta and delta[ROOT_STATE].get("is_hydrated_rx_state_"):
            self.hydrated.set()
        if WALLET_STATE in delta and self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(time.perf_counter())

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

    async def clicking(self, until: float) -> None:
        while time.monotonic() < until:
            await asyncio.sleep(random.uniform(1.0, 3.0))
            await self.click()


async def _measure(url: str) -> tuple[list[float], int, int, float]:
    tabs = [Tab(url) for _ in range(CLIENTS)]
    for start in range(0, CLIENTS, 10):  # tabs open over a few seconds, not all at once
        await asyncio.gather(*(tab.connect() for tab in tabs[start : start + 10]))
    connected = sum(tab.socket.connected for tab in tabs)
    until = time.monotonic() + SECONDS
    await asyncio.gather(*(tab.clicking(until) for tab in tabs))
    largest = await _largest_state([tab.token for tab in tabs])
    for tab in tabs:
        await tab.socket.disconnect()
    trips = [trip for tab in tabs for trip in tab.round_trips]
    return trips, sum(tab.errors for tab in tabs), connected, largest


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


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else 0.0


def run() -> list[Figure]:
    with _deployment(scaled=True, members=0) as (url, _):
        trips, errors, connected, largest_kb = asyncio.run(_measure(url))
    p95 = _percentile(trips, 0.95)
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("connected clients", connected, "clients", str(CLIENTS), connected == CLIENTS),
        Figure("clicks measured", len(trips), "clicks"),
        Figure("clicks without an answer within 10 s", errors, "clicks", "0", errors == 0),
        Figure("click round trip p50", statistics.median(trips) if trips else 0.0, "ms"),
        Figure("click round trip p95", p95, "ms", "< 200 ms", bool(trips) and p95 < 200),
        Figure("click round trip p99", _percentile(trips, 0.99), "ms"),
        Figure("largest state per user (Redis)", largest_kb, "KB", "< 100 KB", largest_kb < 100),
    ]


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
