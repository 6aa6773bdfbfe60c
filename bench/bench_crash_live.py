"""Crash live (issue 38): players on the Crash page, over the site's own websocket, in scaled
mode, betting in one shared round and cashing out during its flight; the cash-out's round trip
against a bare websocket round trip measured in the same run.

The site: `app.cli serve` in scaled mode (bench_locust's deployment: PostgreSQL, Redis, two
granian workers, the Crash driver among its jobs) with BENCH_CRASH_LIVE_PLAYERS verified,
funded members, each logged in from a browser of its own (the login cookie), and beside it
`app.cli crash-live`, to which the players' live sockets go as the proxy of ops/ sends
`/_crash/live` (with the site's Host; BENCH_CRASH_LIVE_OWN_PROCESS=0: the site serves them,
as a deployment without it does). Each player is a
Socket.IO client speaking the page's protocol (bench_events' Tab): it opens `/play/BGS_CRASH`
with its cookie (the page's load opens the member's game session and starts the watch of its
own bets), runs the events the page sends back as a browser does, and reads the page state's
deltas; beside it, as assets/crash.js does, it follows the board on the live socket
(`/_crash/live`), reading every message.

A round: the bench (the operator, reading the database) waits for a round taking bets whose
crash point is between MIN_CRASH and MAX_CRASH (3x to 6x: a flight of 18 to 30 s); every
player bets 1.00 on slot 1 at once, as the page's button does (assets/crash.js): on the live
socket (`{"bet": "1", "stake": "1,00", "auto": "", "id": n}`), then telling the page's state
it was answered (`CrashState.bet_answered`); once the curve starts, each cashes out
at its own moment, spread evenly over the first 70 % of the flight and counted from the
curve's start however late its bet was confirmed. It cashes out as the page's button does
(assets/crash.js): on the live socket, with the ticket its page's load handed the script
(`{"ticket": ...}` once, then `{"cash": "1", "id": n}`), and then tells the page's state it
was answered (`CrashState.cash_answered`). The cash-out's round trip runs from sending the
cash-out to the socket's answer (the server's decision; its payment follows); the page's, to
the delta that shows the bet no longer riding (the page's watch). A bet's round trips run
to the socket's answer and to the delta that shows it riding. A cash-out refused, or shown
lost before its moment (the curve crashed first), is counted apart. The site decides by its
own clock, as for any player.

The floor: bench/bare_socketio.py (python-socketio, granian, two workers), the same number of
clients, each clicking once at its own moment spread over the same window, the same number of
times; then the same clients clicking with no pause, whose rate against the cash-outs' shows
the client is not what the round trip measures.

Where the time goes: for the betting phases (the bets sent to their answers) and the cash-out
windows, each server's CPU and its wait for a core (the kernel's run-queue time of every
thread, /proc/PID/task/TID/schedstat): the site, the live socket's process, PostgreSQL and
Redis. A server waiting as long as it runs is queued behind the others on the machine's cores.
Each server's CPU over both, per bet placed, is the work a player's round costs it, which
moves far less from run to run than the times do (they follow the machine's load).
BENCH_CRASH_LIVE_POOL sets the live socket's process's DB_POOL_SIZE (the bets it makes at once
follow it).

Goal (issue 38): the cash-out's p95 at most 5x the bare websocket round trip's p95.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
import psutil

from bench.bare_socketio import NAMESPACE, ROOT_STATE
from bench.bench_events import Tab
from bench.bench_locust import MEMBER_PREFIX, _deployment
from bench.common import (
    ROOT,
    Figure,
    asgi_server,
    free_port,
    log_problem,
    named,
    percentile,
    problem_text,
    serving,
    used,
)

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "state/studio",
    "app/services/studio",
    "app/jobs/crash.py",
    "app/services/seamless",
    "app/crash_live.py",
)

PLAYERS = int(os.environ.get("BENCH_CRASH_LIVE_PLAYERS", "1000"))
ROUNDS = int(os.environ.get("BENCH_CRASH_LIVE_ROUNDS", "2"))
NOT_SHOWN = "(answered; the page did not show it within 30 s)"  # a cash-out's refusal
MIN_CRASH = int(os.environ.get("BENCH_CRASH_LIVE_MIN_CRASH", "300"))  # hundredths
# At most (hundredths): runs whose flights are alike spread their cash-outs over alike windows.
MAX_CRASH = int(os.environ.get("BENCH_CRASH_LIVE_MAX_CRASH", "600"))
CODE = "BGS_CRASH"
PAGE = {"pathname": f"/play/{CODE}", "asPath": f"/play/{CODE}"}
CRASH_STATE = f"{ROOT_STATE}.state___studio___crash____crash_state"
SUFFIX = "_rx_state_"
TICKET_SCRIPT = "window.appCrashTicket = "  # how the page's load hands the script its ticket
BETTING_LEFT = 3.0  # seconds of betting a round must have left when the bench picks it
FLAT_OUT_SECONDS = 5.0
OWN_PROCESS = os.environ.get("BENCH_CRASH_LIVE_OWN_PROCESS", "1") == "1"
LIVE_WORKERS = os.environ.get("BENCH_CRASH_LIVE_WORKERS", "1")  # its event loops
LIVE_POOL = os.environ.get("BENCH_CRASH_LIVE_POOL", "")  # its DB_POOL_SIZE ("": the site's)
LOG_LINES_SHOWN = 60  # of the live process's output, when the run fails


class Player:
    """One player's tab on the Crash page: its socket, its cookie, the page's vars."""

    def __init__(self, url: str, live: str, cookie: str) -> None:
        import socketio

        self.url, self.live_url, self.cookie = url, live, cookie
        self.token = str(uuid.uuid4())
        self.socket = socketio.AsyncClient(reconnection=False)
        self.socket.on("event", self._on_update, namespace=NAMESPACE)
        self.vars: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.board_messages = 0
        self._board: asyncio.Task[None] | None = None
        self.ticket = ""  # what the page's load handed its script
        self.live: Any = None  # the live socket, once open
        self.bound = asyncio.Event()
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.asked = 0

    async def _on_update(self, update: dict[str, Any]) -> None:
        crash = (update.get("delta") or {}).get(CRASH_STATE)
        if crash:
            self.vars.update({name.removesuffix(SUFFIX): value for name, value in crash.items()})
            self.changed.set()
        for event in update.get("events") or []:  # what the page sends back (the watch)
            name = event.get("name", "")
            code = (event.get("payload") or {}).get("javascript_code") or ""
            if name == "_call_script" and code.startswith(TICKET_SCRIPT):
                self.ticket = json.loads(code.removeprefix(TICKET_SCRIPT))
                await self._give_ticket()
            elif name and not name.startswith("_"):
                await self.emit(name, event.get("payload") or {})

    async def _give_ticket(self) -> None:
        if self.live is not None and self.ticket:
            await self.live.send_str(json.dumps({"ticket": self.ticket}))

    async def emit(self, name: str, payload: dict[str, Any]) -> None:
        event = {"name": name, "payload": payload, "router_data": PAGE}
        await self.socket.emit("event", event, namespace=NAMESPACE)

    async def until(self, test: Callable[[dict[str, Any]], bool], seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not test(self.vars):
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return False
        return True

    async def open(self) -> bool:
        hydrate = {"name": f"{ROOT_STATE}.hydrate_and_load", "payload": {}, "router_data": PAGE}
        await self.socket.connect(
            f"{self.url}?token={self.token}",
            headers={"Cookie": self.cookie, "Origin": self.url},
            socketio_path=NAMESPACE,
            namespaces=[NAMESPACE],
            transports=["websocket"],
            auth={"event": hydrate},
            wait_timeout=60,
        )
        if not await self.until(lambda page: page.get("ready") is True, 120):
            return False
        opened = asyncio.get_running_loop().create_future()
        self._board = asyncio.ensure_future(self._follow_board(opened))
        return bool(await opened)

    async def _follow_board(self, opened: asyncio.Future[bool]) -> None:
        """The board's live socket, read to the end as the page's script reads it."""
        import aiohttp

        live = self.live_url.replace("http", "ws", 1) + "/_crash/live?lang=pt"
        host = urlsplit(self.url).netloc  # the site's, as the proxy passes it on
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(
                    live, origin=self.url, headers={"Host": host}, heartbeat=None
                ) as socket,
            ):
                self.live = socket
                await self._give_ticket()
                async for message in socket:
                    body = (
                        json.loads(message.data) if message.type == aiohttp.WSMsgType.TEXT else {}
                    )
                    if body.get("bound") is True:
                        self.bound.set()
                    elif "answer" in body and body["answer"] in self.answers:
                        self.answers.pop(body["answer"]).set_result(body)
                    else:
                        self.board_messages += 1
                    if not opened.done():
                        opened.set_result(message.type == aiohttp.WSMsgType.TEXT)
        finally:
            if not opened.done():
                opened.set_result(False)

    async def close(self) -> None:
        if self._board is not None:
            self._board.cancel()
        await self.socket.disconnect()

    async def _ask(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """One bet or cash-out on the live socket, as the page's script sends it: its answer,
        None without one within 30 s or when the server had closed the socket (it drops one
        that takes a message too slowly: counted as unanswered, not as the bench's failure)."""
        import aiohttp

        self.asked += 1
        asked = self.asked
        answer = self.answers[asked] = asyncio.get_running_loop().create_future()
        try:
            await self.live.send_str(json.dumps(body | {"id": asked}))
        except aiohttp.ClientConnectionResetError:
            self.answers.pop(asked, None)
            return None
        try:
            return await asyncio.wait_for(answer, 30)
        except TimeoutError:
            return None

    async def bet(self) -> Cashed:
        """Bet 1 as the page's button places it: on the live socket, then the page's state
        told; the round trips to the answer and to the page showing it riding, or why not."""
        started = time.perf_counter()
        body = await self._ask({"bet": "1", "stake": "1,00", "auto": ""})
        if body is None:
            return Cashed(0.0, 0.0, False, "(no answer within 30 s, or the socket closed)")
        trip = (time.perf_counter() - started) * 1000
        if body.get("ok") is not True:
            return Cashed(trip, 0.0, False, str(body.get("text", "")))
        await self.emit(f"{CRASH_STATE}.bet_answered", {"answer": "1:answered"})
        if not await self.until(lambda page: page.get("riding_1") is True, 30):
            return Cashed(trip, 0.0, False, "(placed; the page did not show it within 30 s)")
        return Cashed(trip, (time.perf_counter() - started) * 1000, True)

    async def cash_at(self, moment: float) -> Cashed | None:
        """The cash-out at `moment` (monotonic), as the page's button makes it: on the live
        socket, then the page's state told; None without the socket's answer within 30 s, and
        NOT_SHOWN when the page did not show it within 30 s."""
        await asyncio.sleep(max(0.0, moment - time.monotonic()))
        if self.vars.get("riding_1") is not True:
            return Cashed(0.0, 0.0, False)
        started = time.perf_counter()
        body = await self._ask({"cash": "1"})
        if body is None:
            return None
        trip = (time.perf_counter() - started) * 1000
        await self.emit(f"{CRASH_STATE}.cash_answered", {"answer": "1:answered"})
        if not await self.until(lambda page: page.get("riding_1") is False, 30):
            return Cashed(trip, 0.0, body.get("ok") is True, NOT_SHOWN)
        return Cashed(trip, (time.perf_counter() - started) * 1000, body.get("ok") is True)


@dataclass(frozen=True)
class Cashed:
    """A bet's or cash-out's round trip to the socket's answer and to the page showing it
    (ms), and whether it was placed or paid."""

    trip: float
    shown: float
    paid: bool
    refusal: str = ""  # the socket's words, when it refused


@dataclass
class Run:
    trips: list[float] = field(default_factory=list)  # paid cash-outs' round trips, ms
    shown: list[float] = field(default_factory=list)  # the same to the page showing them, ms
    bet_trips: list[float] = field(default_factory=list)  # placed bets' round trips, ms
    bet_shown: list[float] = field(default_factory=list)  # the same to the page showing them
    bets_refused: int = 0
    opened: int = 0
    bound: int = 0  # pages whose live socket took their ticket
    placed: int = 0
    late: int = 0  # refused: the curve crashed first
    unanswered: int = 0  # the socket did not answer within 30 s
    not_shown: int = 0  # answered, but the page did not show it within 30 s
    windows: list[float] = field(default_factory=list)  # each round's cash-out window, s
    client_cpu: float = 0.0
    seconds: float = 0.0  # the cash-out windows' wall time
    bet_seconds: float = 0.0  # the betting phases' wall time, from the bets to their answers
    # Seconds of CPU and of waiting for a core, by phase ("bets", "cash-outs") and by server
    # ("site", "live", "postgres", "redis").
    used: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    board_messages: int = 0  # read on the live sockets, every player, the whole run
    # The live socket's own timing by (kind, step): mean and p95 in ms (its /metrics).
    steps: dict[tuple[str, str], tuple[float, float]] = field(default_factory=dict)


def _logins(env: dict[str, str], count: int) -> list[str]:
    """Each seeded member logged in from a browser of its own: its cookie."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_crash_live", "logins", str(count)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    cookies: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return cookies


def _make_logins(count: int) -> None:
    from sqlmodel import col, select

    from app.core.db import dispose_engine, session_scope
    from app.services import browser_logins
    from app.services.accounts import sessions
    from app.services.brands import brands
    from models import Member

    async def made() -> list[str]:
        brand = await brands.by_code("BR1")
        async with session_scope() as session:
            members = (
                await session.exec(
                    select(Member)
                    .where(col(Member.username).startswith(MEMBER_PREFIX))
                    .order_by(col(Member.id))
                    .limit(count)
                )
            ).all()
        cookies = []
        for member in members:
            token = await sessions.open_session(member, "203.0.113.10", "bench", "WEB")
            login = await sessions.authenticate(token)
            secret = browser_logins.new_browser_secret()
            await browser_logins.remember(secret, brand.id, login.session_id, token)
            cookies.append(f"{browser_logins.COOKIE_NAME}={secret}")
        await dispose_engine()
        return cookies

    print(json.dumps(asyncio.run(made())))


async def _round_to_play(database_url: str, seen: set[int]) -> tuple[int, datetime, int]:
    """The next round taking bets (BETTING_LEFT at least) whose crash point is MIN_CRASH to
    MAX_CRASH: its id, its start and its crash point in hundredths."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            row = await (
                await conn.execute(
                    "SELECT r.id, r.started_at, r.crash_hundredths FROM crash_round r "
                    "JOIN merchant m ON m.id = r.merchant_id WHERE m.code = 'BR1' "
                    "ORDER BY r.id DESC LIMIT 1"
                )
            ).fetchone()
            if row is not None and row[0] not in seen:
                left = (row[1] - datetime.now(UTC)).total_seconds()
                if left >= BETTING_LEFT and MIN_CRASH <= row[2] <= MAX_CRASH:
                    return row[0], row[1], row[2]
                if left < BETTING_LEFT:
                    seen.add(row[0])
            await asyncio.sleep(0.2)
    raise RuntimeError(
        f"no round crashing at {MIN_CRASH / 100}x to {MAX_CRASH / 100}x within 10 minutes"
    )


Usage = dict[str, dict[int, tuple[float, float]]]  # server: process id: (CPU, wait) seconds


def _usage(url: str, live: str) -> Usage:
    """CPU and run-queue wait seconds used so far by each process of the site, the live
    socket's process, PostgreSQL and Redis."""
    servers = {
        "site": serving(url),
        "postgres": named("postgres"),
        "redis": named("redis-server"),
    }
    if live != url:
        servers["live"] = serving(live)
    return {
        who: {each.pid: used([each]) for each in processes} for who, processes in servers.items()
    }


def _count_usage(run: Run, phase: str, before: Usage, after: Usage) -> None:
    """What each server used between two readings: a process that started meanwhile (a
    PostgreSQL backend) counts whole; one that ended meanwhile is not read (its share is
    lost, never counted below zero)."""
    for who, processes in after.items():
        spent = run.used.setdefault((phase, who), [0.0, 0.0])
        for pid, (cpu, waited) in processes.items():
            cpu_before, waited_before = before[who].get(pid, (0.0, 0.0))
            spent[0] += cpu - cpu_before
            spent[1] += waited - waited_before


async def _play(url: str, live: str, env: dict[str, str], cookies: list[str]) -> Run:
    from app.services.studio.crash import fairness

    run = Run()
    players = [Player(url, live, cookie) for cookie in cookies]
    for start in range(0, len(players), 20):  # tabs open over some seconds, not all at once
        opened = await asyncio.gather(*(p.open() for p in players[start : start + 20]))
        run.opened += sum(opened)
    await asyncio.gather(*(asyncio.wait_for(p.bound.wait(), 60) for p in players))
    run.bound = sum(p.bound.is_set() for p in players)
    print(f"pages open and playing: {run.opened} of {len(players)}", flush=True)
    seen: set[int] = set()
    client = psutil.Process()
    for _ in range(ROUNDS):
        round_id, started_at, crash = await _round_to_play(env["DATABASE_URL"], seen)
        seen.add(round_id)
        # The cash-out moments count from the curve's start, whenever the bets were confirmed.
        flies = time.monotonic() + (started_at - datetime.now(UTC)).total_seconds()
        usage, begun = _usage(url, live), time.monotonic()
        placed = await asyncio.gather(*(p.bet() for p in players))
        run.bet_seconds += time.monotonic() - begun
        _count_usage(run, "bets", usage, _usage(url, live))
        riding = [p for p, bet in zip(players, placed, strict=True) if bet.paid]
        run.bet_trips += [bet.trip for bet in placed if bet.paid]
        run.bet_shown += [bet.shown for bet in placed if bet.paid]
        run.bets_refused += sum(1 for bet in placed if not bet.paid)
        run.placed += len(riding)
        print(f"round {round_id} (crashes at {crash / 100:.2f}x): {len(riding)} bets", flush=True)
        for text, count in Counter(bet.refusal for bet in placed if not bet.paid).most_common(5):
            print(f"  not riding: {count} x {text}", flush=True)
        await asyncio.sleep(max(0.0, flies - time.monotonic()))
        window = fairness.duration_ms(crash) * 0.7 / 1000
        run.windows.append(window)
        begun, mine = time.monotonic(), sum(client.cpu_times()[:2])
        usage = _usage(url, live)
        results = await asyncio.gather(
            *(p.cash_at(flies + window * (n + 0.5) / len(riding)) for n, p in enumerate(riding))
        )
        run.seconds += time.monotonic() - begun
        _count_usage(run, "cash-outs", usage, _usage(url, live))
        run.client_cpu += sum(client.cpu_times()[:2]) - mine
        for result in results:
            if result is None:
                run.unanswered += 1
            elif result.refusal == NOT_SHOWN:
                run.not_shown += 1
                if result.paid:
                    run.trips.append(result.trip)
            elif result.paid:
                run.trips.append(result.trip)
                run.shown.append(result.shown)
            else:
                run.late += 1
    run.board_messages = sum(p.board_messages for p in players)
    for player in players:
        await player.close()
    run.steps = _server_steps(live)
    return run


def _server_steps(live: str) -> dict[tuple[str, str], tuple[float, float]]:
    """The live socket's own account of its bets and cash-outs (/metrics): each step's mean
    and p95 (the upper bound of the bucket holding the 95th percentile), in milliseconds."""
    from prometheus_client.parser import text_string_to_metric_families

    text = httpx.get(f"{live}/metrics", timeout=10).text
    buckets: dict[tuple[str, str], list[tuple[float, float]]] = {}
    sums: dict[tuple[str, str], float] = {}
    for family in text_string_to_metric_families(text):
        if family.name != "platform_crash_live_duration_seconds":
            continue
        for sample in family.samples:
            key = (sample.labels.get("kind", ""), sample.labels.get("step", ""))
            if sample.name.endswith("_bucket"):
                bound = float(sample.labels["le"])
                buckets.setdefault(key, []).append((bound, sample.value))
            elif sample.name.endswith("_sum"):
                sums[key] = sample.value
    steps = {}
    for key, counted in buckets.items():
        counted.sort()
        total = counted[-1][1]
        if not total:
            continue
        p95 = next(bound for bound, count in counted if count >= 0.95 * total)
        steps[key] = (sums.get(key, 0.0) / total * 1000, p95 * 1000)
    return steps


@dataclass
class Echo:
    trips: list[float]
    flat_out_rate: float


async def _echo(url: str, windows: list[float], clients: int) -> Echo:
    """The same number of clients, each clicking once at its moment of each window."""
    tabs = [Tab(url) for _ in range(clients)]
    for start in range(0, clients, 20):
        await asyncio.gather(*(tab.connect() for tab in tabs[start : start + 20]))

    async def click_after(tab: Tab, delay: float) -> None:
        await asyncio.sleep(delay)
        await tab.click()

    for window in windows:
        spread = random.sample(range(clients), clients)
        await asyncio.gather(
            *(
                click_after(tab, window * (n + 0.5) / clients)
                for n, tab in zip(spread, tabs, strict=True)
            )
        )
    trips = [trip for tab in tabs for trip in tab.round_trips]
    before, started = len(trips), time.monotonic()
    await asyncio.gather(*(tab.clicking(started + FLAT_OUT_SECONDS, pause=False) for tab in tabs))
    answered = sum(len(tab.round_trips) for tab in tabs) - before
    rate = answered / (time.monotonic() - started)
    for tab in tabs:
        await tab.socket.disconnect()
    return Echo(trips, rate)


@contextmanager
def _live_process(url: str, env: dict[str, str]) -> Iterator[str]:
    """`app.cli crash-live` beside the site, as a scaled deployment's proxy sends `/_crash/live`
    to it: its URL; with BENCH_CRASH_LIVE_OWN_PROCESS=0, the site's, which serves it too."""
    if not OWN_PROCESS:
        yield url
        return
    port = free_port()
    with tempfile.TemporaryFile(mode="w+") as log:  # its output, shown if the run fails
        process = subprocess.Popen(
            [
                sys.executable, "-m", "app.cli", "crash-live", "--host", "127.0.0.1",
                "--port", str(port), "--workers", LIVE_WORKERS,
            ],
            cwd=ROOT, env=env | ({"DB_POOL_SIZE": LIVE_POOL} if LIVE_POOL else {}),
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        live = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while process.poll() is None and time.monotonic() < deadline:
                with suppress(httpx.HTTPError):
                    if httpx.get(f"{live}/health/live", timeout=2).status_code == 200:
                        break
                time.sleep(0.3)
            else:
                raise RuntimeError("app.cli crash-live did not start")
            yield live
        except BaseException:
            log.seek(0)
            print("".join(log.readlines()[-LOG_LINES_SHOWN:]), file=sys.stderr)
            raise
        finally:
            process.terminate()
            process.wait(timeout=30)
            log.seek(0)
            said = Counter(problem_text(line) for line in log if log_problem(line, warnings=True))
            for line, times in said.most_common(LOG_LINES_SHOWN):
                print(f"crash-live said ({times}x): {line}")


def run() -> list[Figure]:
    with _deployment(scaled=True, members=PLAYERS) as (url, env), _live_process(url, env) as live:
        cookies = _logins(env, PLAYERS)
        crash = asyncio.run(_play(url, live, env, cookies))
    with asgi_server("bench.bare_socketio:app", workers=2) as url:
        echo = asyncio.run(_echo(url, crash.windows, max(1, crash.placed // max(1, ROUNDS))))
    p95, echo_p95 = percentile(crash.trips, 0.95), percentile(echo.trips, 0.95)
    ratio = p95 / echo_p95 if echo_p95 else float("inf")
    rate = len(crash.trips) / crash.seconds if crash.seconds else 0.0
    headroom = echo.flat_out_rate / rate if rate else 0.0
    spans = {"bets": crash.bet_seconds, "cash-outs": crash.seconds}
    names = {
        "site": "the site",
        "live": "the live socket's process",
        "postgres": "PostgreSQL",
        "redis": "Redis",
    }
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("players (logged-in tabs on the Crash page)", PLAYERS, "players"),
        Figure("pages opened and playing", crash.opened, "players", str(PLAYERS),
               crash.opened == PLAYERS),
        Figure("rounds played", ROUNDS, "rounds"),
        Figure("pages cashing out on the live socket (their ticket taken)", crash.bound,
               "players", str(PLAYERS), crash.bound == PLAYERS),
        Figure("bets placed in the betting phase", crash.placed, "bets", str(PLAYERS * ROUNDS),
               crash.placed == PLAYERS * ROUNDS),
        Figure("cash-out window per round (mean)", sum(crash.windows) / len(crash.windows),
               "s"),
        Figure("cash-outs paid", len(crash.trips), "cash-outs"),
        Figure("bets not riding (refused, unanswered or not shown)", crash.bets_refused, "bets"),
        Figure("bet round trip p50 (to the socket's answer)", percentile(crash.bet_trips, 0.5),
               "ms"),
        Figure("bet round trip p95", percentile(crash.bet_trips, 0.95), "ms"),
        Figure("bet to the page showing it riding, p50", percentile(crash.bet_shown, 0.5), "ms"),
        Figure("bet to the page showing it riding, p95", percentile(crash.bet_shown, 0.95),
               "ms"),
        Figure("cash-outs refused or lost: the curve crashed first", crash.late, "cash-outs"),
        Figure("cash-outs the socket did not answer within 30 s (or had closed)",
               crash.unanswered, "cash-outs", "0", crash.unanswered == 0),
        Figure("cash-outs answered that the page did not show within 30 s", crash.not_shown,
               "cash-outs", "0", crash.not_shown == 0),
        Figure("cash-out round trip p50 (to the socket's answer)", percentile(crash.trips, 0.5),
               "ms"),
        Figure("cash-out round trip p95", p95, "ms"),
        Figure("cash-out to the page showing it, p50", percentile(crash.shown, 0.5), "ms"),
        Figure("cash-out to the page showing it, p95", percentile(crash.shown, 0.95), "ms"),
        Figure("bare websocket round trip p50", percentile(echo.trips, 0.5), "ms"),
        Figure("bare websocket round trip p95", echo_p95, "ms"),
        Figure("cash-out p95 / bare websocket p95", ratio, "x", "<= 5x",
               bool(crash.trips) and ratio <= 5),
        Figure("live board messages read per player (the whole run)",
               crash.board_messages / max(1, PLAYERS), "messages"),
        Figure("the live socket's own process (app.cli crash-live)", OWN_PROCESS, "",
               "1: /_crash/live sent to it, as ops/ does"),
        Figure("its workers (event loops)", int(LIVE_WORKERS) if OWN_PROCESS else 0, ""),
        *(
            Figure(f"{names[who]}, {phase}: {what}", value / spans[phase] * 100
                   if spans[phase] else 0.0, "% of a core")
            for (phase, who), spent in sorted(crash.used.items())
            for what, value in zip(("CPU", "waiting for a core (run queue)"), spent,
                                   strict=True)
        ),
        *(
            Figure(f"{names[who]}: CPU per bet placed (its betting phase and cash-out window)",
                   (crash.used[("bets", who)][0] + crash.used[("cash-outs", who)][0])
                   / crash.placed * 1000 if crash.placed else 0.0, "ms")
            for who in names
            if ("bets", who) in crash.used and ("cash-outs", who) in crash.used
        ),
        *(
            Figure(f"live socket, {kind} {step}: {label}", value, "ms")
            for (kind, step), both in sorted(crash.steps.items())
            for label, value in zip(("mean", "p95 (bucket bound)"), both, strict=True)
        ),
        Figure("client: cash-outs per second", rate, "/s"),
        Figure(f"client: bare websocket clicked with no pause ({FLAT_OUT_SECONDS:g} s)",
               echo.flat_out_rate, "clicks/s"),
        Figure("client: bare rate / cash-out rate", headroom, "x", ">= 10x", headroom >= 10),
        Figure("client: its process's CPU over the rounds",
               crash.client_cpu / crash.seconds * 100 if crash.seconds else 0.0,
               "% of a core"),
    ]  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["logins"]:
        _make_logins(int(sys.argv[2]))
    else:
        for figure in run():
            print(figure.row())
