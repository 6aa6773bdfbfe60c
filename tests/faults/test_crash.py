"""Crash test: 1,000 wallet movements while the app is SIGKILLed and its dependencies restart.

The app under test is the FastAPI app alone, served by granian in its own process group, on a
private PostgreSQL cluster and a private Redis (the machine's shared servers are never
touched). Members get vendor sessions and pending deposit orders; client tasks then send
deposit webhooks and vendor debits, credits and rollbacks, each with a fixed transaction id
or order number, and retry every request that gets no answer or a 503 until it is answered.
A chaos task kills the server at random moments and restarts it, and stops PostgreSQL once
and Redis once mid-run. At the end the answers must account for every ledger transaction and
balance exactly, every deposit must be credited once, and the ledger audit must be clean.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.core.config import PROJECT_ROOT
from app.services.seamless.signing import signed_headers
from tests.helpers.private_servers import (
    PrivatePostgres,
    PrivateRedis,
    free_port,
    private_postgres_missing,
    private_redis_missing,
)

_missing = private_postgres_missing() or private_redis_missing()
pytestmark = pytest.mark.skipif(_missing is not None, reason=_missing or "")

MEMBERS = 25
DEPOSITS_EACH = 4
ROUNDS_EACH = 18  # a debit, then a credit or (now and then) a rollback
MOVEMENTS = MEMBERS * (DEPOSITS_EACH + 2 * ROUNDS_EACH)
CLIENTS = 8
KILLS = 3
REPLAYED = 250  # movements sent once more after the run
ROLLBACK_SHARE = 0.08
SEED = int(os.environ.get("CRASH_SEED", "20261122"))
REQUEST_DEADLINE_SECONDS = 120.0
REQUEST_TIMEOUT_SECONDS = 20.0  # far above any answer, even on a loaded machine
VENDOR = "BGS"


# ---- the app under test ---------------------------------------------------------------------


class AppProcess:
    """The API under granian, in its own process group so that one SIGKILL takes it all."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "granian",
                    "--interface",
                    "asgi",
                    "--factory",
                    "app.api.main:create_api",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--workers",
                    "1",
                    "--log-level",
                    "warning",
                ],
                cwd=PROJECT_ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    async def wait_until_answering(self, timeout: float = 90.0) -> None:
        """Any HTTP answer counts: with a dependency down the app answers 503 and is up."""
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(base_url=self.base_url, timeout=5) as client:
            while time.monotonic() < deadline:
                assert self.process is not None and self.process.poll() is None, self.tail()
                try:
                    await client.get("/wps/system/status")
                    return
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
        raise TimeoutError(f"the app did not answer within {timeout:.0f}s\n{self.tail()}")

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""


@dataclass
class World:
    env: dict[str, str]
    postgres: PrivatePostgres
    redis: PrivateRedis
    folder: Path
    prepared: dict[str, Any]


def _python(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    folder = Path(tempfile.mkdtemp(prefix="crash-test-"))
    postgres = PrivatePostgres()
    redis = PrivateRedis()
    try:
        postgres.start()
        redis.start()
        env = {
            **os.environ,
            "DATABASE_URL": postgres.create_database("crash"),
            "REDIS_URL": redis.url,
            "SECRET_KEY": "crash-test-" + "k" * 40,
            "DATA_DIR": str(folder / "data"),
            "ENVIRONMENT": "test",
            "BRAND_REFRESH_SECONDS": "30",
            "PYTHONPATH": str(PROJECT_ROOT),
        }
        _python(env, "-m", "app.cli", "setup")
        prepared = json.loads(
            _python(
                env,
                "-m",
                "tests.helpers.crash_world",
                "prepare",
                "--members",
                str(MEMBERS),
                "--orders",
                str(DEPOSITS_EACH),
                "--seed",
                str(SEED),
            )
        )
        yield World(env, postgres, redis, folder, prepared)
    finally:
        redis.stop()
        postgres.destroy()
        shutil.rmtree(folder, ignore_errors=True)


# ---- the movements --------------------------------------------------------------------------


@dataclass
class Movement:
    """One request with a fixed identity: retried as is until it is answered."""

    member: int
    kind: str  # deposit, debit, credit, rollback
    key: str  # the ledger idempotency key its money would move under
    path: str
    content: bytes
    amount: Decimal
    signature: str | None = None  # deposits: the provider's signature of the body
    target: Movement | None = None  # rollbacks: the debit they undo
    answer: Any = None

    @property
    def moved(self) -> Decimal:
        """The change of the member's cash that the answer reports."""
        if self.kind == "deposit":
            assert self.answer in ("credited", "already-paid"), self.answer
            return self.amount
        if self.answer["status"] != "OK":
            return Decimal(0)
        if self.kind == "debit":
            return -self.amount
        if self.kind == "credit":
            return self.amount
        assert self.target is not None
        return -self.target.moved

    @property
    def ledger_key(self) -> str | None:
        return self.key if self.moved != 0 else None


def _vendor_call(
    session: str,
    game: str,
    member_id: int,
    number: int,
    kind: str,
    amount: Decimal,
    rollback_of: str | None = None,
) -> Movement:
    """A debit, credit or rollback of a member's round `number`; ids are unique per run."""
    tx = f"{kind[0]}{member_id}-{number}-{SEED}"
    body = {
        "sessionToken": session,
        "transactionId": tx,
        "roundId": f"r{member_id}-{number}-{SEED}",
        "gameCode": game,
        "amount": f"{amount:.2f}",
    }
    if rollback_of is not None:
        body["rollbackOf"] = rollback_of.rsplit(":", 1)[1]
    return Movement(
        member_id,
        kind,
        f"seamless:{VENDOR}:{tx}",
        f"/vendor/{VENDOR}/wallet/{kind}",
        json.dumps(body).encode(),
        amount,
    )


def _plan(prepared: dict[str, Any], sessions: dict[int, str]) -> list[list[Movement]]:
    chance = random.Random(SEED)
    game = prepared["gameCode"]
    plans = []
    for member in prepared["members"]:
        member_id = member["memberId"]
        session = sessions[member_id]
        deposits = [
            Movement(
                member_id,
                "deposit",
                f"deposit:{order['orderNo']}",
                "/wps/payment/webhook/sandbox",
                order["body"].encode(),
                Decimal(order["credited"]),
                signature=order["signature"],
            )
            for order in member["orders"]
        ]
        rounds: list[list[Movement]] = []
        for number in range(ROUNDS_EACH):
            bet = Decimal(chance.randint(100, 1500)) / 100
            debit = _vendor_call(session, game, member_id, number, "debit", bet)
            if chance.random() < ROLLBACK_SHARE:
                undo = _vendor_call(
                    session, game, member_id, number, "rollback", Decimal(0), debit.key
                )
                undo.target = debit
                rounds.append([debit, undo])
            else:
                win = Decimal(0) if chance.random() < 0.5 else bet * chance.randint(5, 25) / 10
                credit = _vendor_call(
                    session, game, member_id, number, "credit", win.quantize(Decimal("0.01"))
                )
                rounds.append([debit, credit])
        # The first deposit opens the account; the others land between rounds.
        steps: list[list[Movement]] = [[deposits[0]], *rounds]
        for deposit in deposits[1:]:
            steps.insert(chance.randint(1, len(steps)), [deposit])
        plans.append([movement for step in steps for movement in step])
    return plans


@dataclass
class Tally:
    answered: int = 0
    retries: int = 0
    refused_connections: int = 0
    timeouts: int = 0  # a request that hung: never expected, even with a dependency down
    unavailable: int = 0  # clean 503 envelopes
    bare_errors: list[str] = field(default_factory=list)  # anything else that is not an answer
    kills: int = 0
    events: list[str] = field(default_factory=list)
    late_events: int = 0  # events that began after the last movement was answered
    probes: dict[str, tuple[int, str]] = field(default_factory=dict)


@dataclass
class Clients:
    http: httpx.AsyncClient
    app: AppProcess
    secret: str
    tally: Tally


async def _send(clients: Clients, move: Movement) -> Any:
    """POST until answered; the same body and identity every time (re-signed: time moves)."""
    deadline = time.monotonic() + REQUEST_DEADLINE_SECONDS
    tally = clients.tally
    while True:
        if move.kind == "deposit":
            assert move.signature is not None
            headers = {"X-Signature": move.signature}
        else:
            headers = signed_headers(clients.secret, move.content)
        try:
            response = await clients.http.post(
                clients.app.base_url + move.path,
                content=move.content,
                headers={**headers, "Content-Type": "application/json"},
            )
        except httpx.TimeoutException:
            tally.timeouts += 1
        except httpx.TransportError:
            tally.refused_connections += 1
        else:
            envelope = _envelope(response)
            if response.status_code == 200 and envelope.get("success"):
                return envelope["value"]
            if response.status_code == 503 and envelope.get("code") == "service-unavailable":
                tally.unavailable += 1
            else:
                tally.bare_errors.append(f"{move.kind} {response.status_code} {response.text}")
                if response.status_code < 500:
                    raise AssertionError(f"{move.key} refused: {response.text}")
        tally.retries += 1
        assert time.monotonic() < deadline, f"{move.key} never answered"
        await asyncio.sleep(0.1)


def _envelope(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


async def _play(clients: Clients, queue: asyncio.Queue[list[Movement]]) -> None:
    """A client task: one member's movements at a time, in order (a credit needs its debit)."""
    while not queue.empty():
        for move in queue.get_nowait():
            move.answer = await _send(clients, move)
            clients.tally.answered += 1


# ---- chaos ----------------------------------------------------------------------------------


async def _probe(app: AppProcess, path: str, body: bytes | None, headers: dict[str, str]) -> Any:
    """One request while a dependency is down: its status and code (any clean answer)."""
    async with httpx.AsyncClient(timeout=30) as client:
        while True:
            try:
                response = await client.request(
                    "POST" if body is not None else "GET",
                    app.base_url + path,
                    content=body,
                    headers=headers,
                )
                return response.status_code, _envelope(response).get("code", response.text)
            except httpx.TransportError:
                await app.wait_until_answering()


async def _chaos(app: AppProcess, world: World, tally: Tally, probe_session: str) -> None:
    """Kills and dependency restarts at random points of progress, plus a random instant."""
    chance = random.Random(SEED + 1)
    events = ["kill"] * KILLS + ["postgres", "redis"]
    chance.shuffle(events)
    points = sorted(chance.sample(range(MOVEMENTS // 20, MOVEMENTS * 9 // 10), len(events)))
    secret = world.prepared["vendorSecret"]
    balance_body = json.dumps({"sessionToken": probe_session}).encode()
    for event, point in zip(events, points, strict=True):
        while tally.answered < point:
            await asyncio.sleep(0.02)
        await asyncio.sleep(chance.uniform(0, 0.3))
        started = time.monotonic()
        tally.late_events += tally.answered >= MOVEMENTS
        if event == "kill":
            app.kill()
            tally.kills += 1
            app.start()
            await app.wait_until_answering()
        elif event == "postgres":
            await asyncio.to_thread(world.postgres.stop)
            tally.probes["postgres"] = await _probe(
                app,
                f"/vendor/{VENDOR}/wallet/balance",
                balance_body,
                {**signed_headers(secret, balance_body), "Content-Type": "application/json"},
            )
            await asyncio.sleep(1)
            await asyncio.to_thread(world.postgres.start)
        else:
            await asyncio.to_thread(world.redis.stop)
            # A call that needs Redis (the captcha counts requests per client there).
            tally.probes["redis"] = await _probe(app, "/wps/captcha", None, {})
            await asyncio.sleep(1)
            await asyncio.to_thread(world.redis.start)
        took = time.monotonic() - started
        tally.events.append(f"{event} at {tally.answered} answered ({took:.1f}s)")


async def _authenticate(
    client: httpx.AsyncClient, app: AppProcess, secret: str, launch_token: str
) -> str:
    raw = json.dumps({"launchToken": launch_token}).encode()
    response = await client.post(
        app.base_url + f"/vendor/{VENDOR}/wallet/authenticate",
        content=raw,
        headers={**signed_headers(secret, raw), "Content-Type": "application/json"},
    )
    assert response.status_code == 200, response.text
    return str(response.json()["value"]["sessionToken"])


# ---- the test -------------------------------------------------------------------------------


async def test_movements_survive_kills_and_dependency_restarts(world: World) -> None:
    app = AppProcess(world.env, world.folder / "app.log")
    secret = world.prepared["vendorSecret"]
    tally = Tally()
    app.start()
    try:
        await app.wait_until_answering()
        limits = httpx.Limits(max_connections=CLIENTS * 2)
        async with httpx.AsyncClient(timeout=REQUEST_TIMEOUT_SECONDS, limits=limits) as client:
            clients = Clients(client, app, secret, tally)
            sessions = {
                m["memberId"]: await _authenticate(client, app, secret, m["launchToken"])
                for m in world.prepared["members"]
            }
            plans = _plan(world.prepared, sessions)
            movements = [move for plan in plans for move in plan]
            assert len(movements) == MOVEMENTS
            queue: asyncio.Queue[list[Movement]] = asyncio.Queue()
            for plan in plans:
                queue.put_nowait(plan)
            started = time.monotonic()
            chaos = asyncio.create_task(_chaos(app, world, tally, next(iter(sessions.values()))))
            await asyncio.gather(*(_play(clients, queue) for _ in range(CLIENTS)))
            duration = time.monotonic() - started
            await chaos

            # A late retry of a sample: each must replay its first answer.
            replayed = random.Random(SEED + 2).sample(movements, REPLAYED)
            replays = await asyncio.gather(*(_send(clients, move) for move in replayed))
        for move, again in zip(replayed, replays, strict=True):
            if move.kind == "deposit":
                assert again == "already-paid", (move.key, again)
            else:
                assert again["replay"] is True and again["status"] == move.answer["status"], (
                    move.key,
                    move.answer,
                    again,
                )
    finally:
        app.stop()

    member_ids = [str(m["memberId"]) for m in world.prepared["members"]]
    report = json.loads(
        _python(world.env, "-m", "tests.helpers.crash_world", "report", *member_ids)
    )
    audit = subprocess.run(
        [sys.executable, "-m", "app.cli", "audit"],
        cwd=PROJECT_ROOT,
        env=world.env,
        capture_output=True,
        text=True,
        timeout=300,
    )

    statuses = Counter(
        f"{m.kind}:{m.answer if m.kind == 'deposit' else m.answer['status']}" for m in movements
    )
    # Committed, but the answer was cut by a kill or an outage: the retry got it as a replay.
    lost_answers = sum(
        m.answer == "already-paid" if m.kind == "deposit" else m.answer["replay"] for m in movements
    )
    expected_keys = sorted(k for k in (m.ledger_key for m in movements) if k is not None)
    print(
        f"\ncrash test: {MOVEMENTS} movements by {CLIENTS} clients in {duration:.1f}s; "
        f"{tally.kills} kills, {tally.retries} retries ({tally.refused_connections} cut or "
        f"refused connections, {tally.timeouts} timeouts, {tally.unavailable} clean 503s, "
        f"{len(tally.bare_errors)} other errors); "
        f"{len(expected_keys)} ledger transactions\n  events: {'; '.join(tally.events)}\n"
        f"  answered on retry as replays (committed, answer lost): {lost_answers}\n"
        f"  while down: {tally.probes}\n  answers: {dict(sorted(statuses.items()))}\n"
        f"  {audit.stdout.strip()}"
    )

    assert tally.kills >= 3 and tally.late_events == 0
    assert tally.bare_errors == [] and tally.timeouts == 0
    assert tally.probes == {
        "postgres": (503, "service-unavailable"),
        "redis": (503, "service-unavailable"),
    }
    # Nothing lost, nothing doubled: the ledger holds exactly the transactions the answers
    # report, once each, and every member's balance is what their answers add up to.
    assert sorted(report["ledgerKeys"]) == expected_keys
    for member_id in member_ids:
        expected = sum((m.moved for m in movements if str(m.member) == member_id), Decimal(0))
        assert Decimal(report["balances"][member_id]) == expected, member_id
    assert set(report["orders"].values()) == {"PAID"}
    assert len(report["orders"]) == MEMBERS * DEPOSITS_EACH
    assert audit.returncode == 0, audit.stdout + audit.stderr
