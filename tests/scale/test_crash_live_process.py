"""Crash's live socket in a process of its own (`app.cli crash-live`), as a scaled deployment
runs it behind its proxy: a page's ticket, issued by the site (this test process) into the
shared Redis, cashes out there by that process's own clock, and is paid; the process serves
its operator's doors and nothing else, and only to the brands' own pages; without Redis it
does not start."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import pytest

from app.core import clock
from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import server_connection_limit
from app.crash_live import LIVE_PATH
from app.services.studio.crash import bets, tickets
from models.crash import CrashBetStatus
from tests.helpers.crash_game import bet_row, brand_id, crash_player, fresh_round
from tests.helpers.databases import use_postgres
from tests.helpers.money import cash
from tests.helpers.site_build import free_port

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not use_postgres(), reason="scaled mode: TEST_DATABASE=postgres"),
]

HOST = "sortegrande.test"  # a domain of the demo brand BR1
START_SECONDS = 60


def _command(port: int) -> list[str]:
    return [sys.executable, "-m", "app.cli", "crash-live", "--host", "127.0.0.1", f"--port={port}"]


@pytest.fixture(scope="module")
def live_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The process, on the test session's database and Redis: its host:port once it answers."""
    port = free_port()
    log: Path = tmp_path_factory.mktemp("crash-live") / "live.log"
    env = {**os.environ, "DB_POOL_SIZE": "2", "DB_POOL_OVERFLOW": "2"}
    with log.open("w") as out:
        process = subprocess.Popen(
            _command(port), cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert process.poll() is None, log.read_text()[-4000:]
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health/live", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-4000:]
            time.sleep(0.3)
        yield f"127.0.0.1:{port}"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)


async def _answer(socket: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The socket's next answer to the page (the board's messages skipped)."""
    while True:
        body = json.loads((await asyncio.wait_for(socket.receive(), 10)).data)
        if "bound" in body or "answer" in body:
            return dict(body)


async def test_a_page_s_ticket_cashes_out_in_the_live_process(live_address: str) -> None:
    row = await fresh_round(crash_from=300)
    member, player = await crash_player("20.00")
    placed = await bets.place(player, await brand_id(), 1, "5.00", "")
    clock.reset()  # the process decides by its own clock: this one follows it
    assert member.id is not None
    ticket = await tickets.issue(member.id, await brand_id(), player.token)
    await asyncio.sleep((row.started_at - clock.now()).total_seconds() + 0.5)  # in flight
    url = f"ws://{live_address}{LIVE_PATH}?lang=en"
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(url, headers={"Host": HOST}, origin=f"http://{HOST}") as socket,
    ):
        await socket.send_json({"ticket": ticket})
        assert await _answer(socket) == {"bound": True}
        await socket.send_json({"cash": "1", "id": 3})
        answer = await _answer(socket)
    bet = await bet_row(placed.bet_id)
    assert answer["ok"] is True and answer["answer"] == 3, answer
    assert bet.status == CrashBetStatus.CASHED
    assert bet.cashout_hundredths is not None and 100 <= bet.cashout_hundredths < 300
    assert answer["text"].startswith(f"Cashed out at {Decimal(bet.cashout_hundredths) / 100}x")
    deadline = time.monotonic() + 10  # paid after the answer, on the same socket
    while await cash(member) != Decimal("15.00") + bet.payout and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert await cash(member) == Decimal("15.00") + bet.payout


async def test_the_process_serves_its_doors_and_only_its_brands_pages(live_address: str) -> None:
    async with httpx.AsyncClient(base_url=f"http://{live_address}", headers={"Host": HOST}) as http:
        assert (await http.get("/health/live")).status_code == 200
        assert (await http.get("/")).status_code == 404  # no page here: the site serves them
    async with aiohttp.ClientSession() as http:
        url = f"ws://{live_address}{LIVE_PATH}"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # another site's page
            await http.ws_connect(url, headers={"Host": HOST}, origin="http://elsewhere.test")
    assert refused.value.status == 403


def test_without_redis_it_does_not_start() -> None:
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    done = subprocess.run(
        _command(free_port()), cwd=PROJECT_ROOT, env=env, capture_output=True, text=True,
        timeout=START_SECONDS,
    )  # fmt: skip
    assert done.returncode != 0 and "set REDIS_URL" in done.stderr


def test_it_says_at_start_when_its_pools_pass_the_servers_connections() -> None:
    """The operator reads at start what the process's workers may hold beside what the server
    gives: pools past it would meet "too many clients" under load instead of waiting."""
    env = {**os.environ, "DB_POOL_SIZE": "150", "DB_POOL_OVERFLOW": "50"}
    limit = server_connection_limit(get_settings())
    process = subprocess.Popen(
        [*_command(free_port()), "--workers", "2"], cwd=PROJECT_ROOT, env=env,
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        said = [process.stderr.readline() for _ in range(2)]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)
    assert said[0].strip() == (
        f"crash-live: up to 400 PostgreSQL connections (2 worker(s)); "
        f"the server gives {limit} to every process together"
    )
    assert said[1].startswith("crash-live: WARNING: more than the server gives")
