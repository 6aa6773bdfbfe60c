"""The provider simulator driving the platform's seamless wallet over HTTP: 32 players each
launch a PG slot (launchGame on the platform, the token exchanged by the simulator) and spin
(the simulator's one-step round: one signed betwin to /vendor/PG/wallet/...), for BENCH_SECONDS.

Both run as their own granian process (one worker each), twice: on SQLite, as `make run`
runs them, then on a private PostgreSQL database, as production runs them. Figures: the
launch (launchGame + the simulator opening the game), the round as a player sees it (bet and
win: one spin), and the wallet calls as the simulator sees them; the baseline is the
platform's /ping measured in the same run at the same concurrency (ratios against it).

The platform's CPU per round (its server's, read from /proc over the rounds, which start
together once every player has launched; the launches' CPU is a figure of its own) is set
against a bare Starlette endpoint's CPU per call loaded by wrk (issue 36: at most 15x); unlike
latency, CPU per call does not depend on who else shares the machine.

Goal (issue 36): the CPU ratio above. The round's p95 and the wallet's p99 are shown against
the same run's /ping (they were goals in milliseconds, which issue 36 replaced by ratios to a
floor of the same run). A round costs what its wallet call costs, and one worker serves the
wallet calls one core's worth at a time, so 32 players queue behind each other; on SQLite
every wallet write also waits for its single writer.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from urllib.parse import parse_qs, urlsplit

import httpx

from bench.common import ROOT, Figure, asgi_server, environment, serving_cpu, wrk

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/seamless", "app/api/seamless", "simulator")

CLIENTS = 32
SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
HEADERS = {"Merchant": "BR1", "Language": "EN"}


def _pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else 0.0


async def _players(count: int) -> list[str]:
    """Funded members and their session tokens, written straight into the bench database."""
    from app.services.accounts import sessions
    from tests.helpers.accounts import make_member
    from tests.helpers.money import fund

    tokens = []
    for _ in range(count):
        member = await make_member()
        assert member.id is not None
        await fund(member.id, "100000.00")
        tokens.append(await sessions.open_session(member, "127.0.0.1", "bench", "WEB"))
    return tokens


async def _slot_code() -> str:
    from sqlmodel import col, select

    from app.core.db import session_scope
    from models import Game
    from simulator import catalogue

    async with session_scope() as session:
        codes = (
            await session.exec(
                select(Game.game_code)
                .where(Game.vassalage == "PG", col(Game.maintenance).is_(False))
                .order_by(col(Game.id))
            )
        ).all()
    return next(c for c in codes if catalogue.games()[("PG", c)].kind == "slot")


async def _drive(platform: str, simulator: str, tokens: list[str], game: str) -> dict[str, list]:
    launches: list[float] = []
    rounds: list[float] = []
    pings: list[float] = []
    errors = 0
    spinning = asyncio.Event()
    launched_all = asyncio.Barrier(len(tokens))
    cpu_at_start = serving_cpu(platform)
    cpu_spinning = 0.0

    async def player(token: str) -> None:
        nonlocal errors, cpu_spinning
        headers = {**HEADERS, "Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(timeout=30) as client:
            started = time.perf_counter()
            launched = await client.post(
                platform + "/wps/game/launchGame",
                json={"gameCode": game, "vassalage": "PG", "accountType": 1},
                headers=headers,
            )
            if launched.status_code != 200:
                raise RuntimeError(
                    f"launchGame answered {launched.status_code}: {launched.text[:200]}"
                )
            url = launched.json()["value"]["content"]["game_url"]
            launch_token = parse_qs(urlsplit(url).query)["token"][0]
            opened = await client.post(
                simulator + "/api/session",
                json={"vendor": "PG", "gameCode": game, "token": launch_token},
            )
            launches.append(time.perf_counter() - started)
            session = opened.json()["session"]
            # The rounds start together once every player has launched: their CPU is the
            # rounds' alone.
            if await launched_all.wait() == 0:
                cpu_spinning = serving_cpu(platform)
                spinning.set()
            await spinning.wait()
            deadline = time.monotonic() + SECONDS
            while time.monotonic() < deadline:
                started = time.perf_counter()
                spun = await client.post(
                    simulator + "/api/slot/spin", json={"session": session, "bet": "1.00"}
                )
                rounds.append(time.perf_counter() - started)
                errors += spun.status_code != 200

    async def pinger() -> None:
        async with httpx.AsyncClient(timeout=30) as client:
            while time.monotonic() < deadline:
                started = time.perf_counter()
                await client.get(platform + "/ping")
                pings.append(time.perf_counter() - started)

    await asyncio.gather(*(player(t) for t in tokens))
    rounds_cpu = serving_cpu(platform) - cpu_spinning
    launches_cpu = cpu_spinning - cpu_at_start
    # The baseline: the same concurrency on the platform's cheapest call.
    deadline = time.monotonic() + min(SECONDS, 5)
    await asyncio.gather(*(pinger() for _ in tokens))
    return {
        "launches": launches,
        "rounds": rounds,
        "pings": pings,
        "errors": [errors],
        "cpu": [rounds_cpu],
        "launches_cpu": [launches_cpu],
    }


def _measure(env: dict[str, str]) -> tuple[dict[str, list], dict[str, float]]:
    """One run on the database `env` names: set up, serve both, drive, read the stats."""
    subprocess.run(
        [sys.executable, "-m", "app.cli", "setup"], cwd=ROOT, env={**os.environ, **env},
        check=True, capture_output=True,
    )  # fmt: skip
    tokens = asyncio.run(_setup())
    # The players' clients call the simulator's address themselves: the platform need not
    # know it, nor ask its health at each launch.
    platform_env = {**env, "PROVIDER_HEALTH_SECONDS": "0"}
    with asgi_server("app.api.main:create_api", env=platform_env, factory=True) as platform:
        sim_env = {**env, "SIMULATOR_PLATFORM_URL": platform}
        with asgi_server("simulator.server:main_app", env=sim_env, factory=True) as simulator:
            httpx.get(simulator + "/stats/wallet?reset=true")
            found = asyncio.run(_drive(platform, simulator, tokens[0], tokens[1]))
            wallet = httpx.get(simulator + "/stats/wallet").json()
    return found, wallet


def _bare_cpu_per_call() -> float:
    """The floor of a call's cost: a bare Starlette JSON endpoint served the same way, loaded
    by wrk (which the endpoint, not the client, bounds); its server's CPU per call, in ms."""
    with asgi_server("bench.bare_app:app") as bare:
        wrk(bare + "/status", CLIENTS, 1)  # warm-up
        before = serving_cpu(bare)
        load = wrk(bare + "/status", CLIENTS, min(SECONDS, 5))
        return (serving_cpu(bare) - before) / max(load.requests, 1) * 1000


def _figures(
    database: str, found: dict[str, list], wallet: dict[str, float], bare_cpu_ms: float
) -> list[Figure]:
    rounds, pings, launches = found["rounds"], found["pings"], found["launches"]
    cpu_per_round = found["cpu"][0] / max(len(rounds), 1) * 1000
    cpu_per_launch = found["launches_cpu"][0] / max(len(launches), 1) * 1000
    cpu_ratio = cpu_per_round / bare_cpu_ms if bare_cpu_ms else 0.0
    round_p95 = _pct(rounds, 0.95)
    ping_p95 = _pct(pings, 0.95)
    wallet_p99 = float(wallet.get("p99_ms", 0.0))
    errors = found["errors"][0]
    rows = [
        ("launch (launchGame + simulator session): p95", _pct(launches, 0.95), "ms", "", None),
        ("round (spin: one betwin over HTTP): rounds/s", len(rounds) / SECONDS, "/s", "", None),
        ("round: p50", _pct(rounds, 0.5), "ms", "", None),
        ("round: p95", round_p95, "ms", "", None),
        ("wallet call seen by the simulator: p50", float(wallet.get("p50_ms", 0)), "ms", "", None),
        ("wallet call: p99", wallet_p99, "ms", "", None),
        ("wallet calls measured", float(wallet.get("calls", 0)), "calls", "", None),
        ("baseline: platform /ping p95 (same run)", ping_p95, "ms", "", None),
        ("round p95 / baseline p95", round_p95 / ping_p95 if ping_p95 else 0, "x", "", None),
        ("errors", float(errors), "responses", "0", errors == 0),
        ("mean rounds per client", len(rounds) / CLIENTS, "rounds", "", None),
        (
            "platform CPU per launch (launchGame and the token's exchange)",
            cpu_per_launch,
            "ms",
            "",
            None,
        ),
        (
            "platform CPU per round (the rounds' window, launches apart)",
            cpu_per_round,
            "ms",
            "",
            None,
        ),
        ("bare endpoint CPU per call (wrk)", bare_cpu_ms, "ms", "", None),
        ("platform CPU per round / bare CPU per call", cpu_ratio, "x", "<= 15x", cpu_ratio <= 15),
    ]
    return [Figure(f"{database}: {name}", *rest) for name, *rest in rows]


def run() -> list[Figure]:
    from tests.helpers.databases import create_postgres_database, drop_postgres_database

    sqlite_dir, postgres_dir = (tempfile.mkdtemp(prefix="bench-simulator-") for _ in range(2))
    sqlite = {"DATA_DIR": sqlite_dir, "DATABASE_URL": "", "REDIS_URL": ""}
    url = create_postgres_database()
    postgres = {"DATA_DIR": postgres_dir, "DATABASE_URL": url, "REDIS_URL": ""}
    try:
        with environment(**sqlite):
            on_sqlite = _measure(sqlite)
        with environment(**postgres):
            on_postgres = _measure(postgres)
    finally:
        drop_postgres_database(url)
    bare_cpu_ms = _bare_cpu_per_call()
    return _figures("SQLite", *on_sqlite, bare_cpu_ms) + _figures(
        "PostgreSQL", *on_postgres, bare_cpu_ms
    )


async def _setup() -> tuple[list[str], str]:
    from app.core.db import dispose_engine

    tokens = await _players(CLIENTS)
    game = await _slot_code()
    await dispose_engine()
    return tokens, game


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
