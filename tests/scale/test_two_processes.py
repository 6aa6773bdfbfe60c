"""Scaled mode across processes: two app processes (two granian workers each) on different
ports share the test's PostgreSQL database and Redis. A login on one is valid on the other,
a rate limit counts across both, a scheduled job (procrastinate) runs once per period, a
balance change made through one process reaches a browser connected to the other, and a
dropped websocket comes back to the same logged-in page state.

Process B is `reflex run --env prod` (it builds the frontend and serves it); process A is
`python -m app.cli serve`, Reflex's production server on that same build."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
import redis
from playwright.async_api import Browser, async_playwright, expect
from prometheus_client.parser import text_string_to_metric_families

from app.client import ApiError, PlatformClient
from app.core.cache import get_redis
from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import session_scope
from app.jobs.withdrawal_timeouts import NAME as JOB_NAME
from app.services import job_runs
from app.services.accounts.passwords import FORGOT_PER_IP_PER_HOUR
from app.services.cashier import deposits
from app.services.cashier.providers import SIGNATURE_HEADER
from app.services.identity import onboarding
from app.services.job_runs import JobRunView
from models import JobState
from state.accounts.auth import AuthState
from state.cashier.wallet import WalletState
from tests.helpers.accounts import PASSWORD, new_username, register
from tests.helpers.browser import choose_language, register_in_browser, visitor_context
from tests.helpers.databases import TEST_REDIS_URL, use_postgres
from tests.helpers.site_build import free_port, site_launch, site_port


def _redis_up() -> bool:
    try:
        client = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=1)
        client.ping()
        client.close()
    except redis.RedisError:
        return False
    return True


pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not use_postgres(), reason="scaled mode: TEST_DATABASE=postgres (make test-scale)"
    ),
    pytest.mark.skipif(not _redis_up(), reason=f"no Redis at {TEST_REDIS_URL}"),
]

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
START_TIMEOUT_SECONDS = 180
JOB_PERIOD_SECONDS = 3.0
WORKERS_PER_PROCESS = 2


@dataclass(frozen=True)
class Site:
    url: str
    log: Path


def _start(
    command: list[str], port: int, log: Path, web_dir: Path, **more_env: str
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,  # the test session's DATABASE_URL, REDIS_URL, DATA_DIR (shared secret)
        **more_env,
        "REFLEX_WEB_WORKDIR": str(web_dir),
        "PORT": str(port),
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
        "GRANIAN_WORKERS": str(WORKERS_PER_PROCESS),
        "JOB_PERIOD_SECONDS": str(JOB_PERIOD_SECONDS),
        "BRAND_REFRESH_SECONDS": "0",
        # Four workers beside the other test worker's sites: the default pools (30 each) ran
        # the machine's PostgreSQL out of its 100 connections on a slow machine.
        "DB_POOL_SIZE": "3",
        "DB_POOL_OVERFLOW": "5",
    }
    with log.open("w") as out:
        return subprocess.Popen(
            command,
            cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip


def _wait_ready(process: subprocess.Popen[bytes], site: Site) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while True:
        if process.poll() is not None:
            pytest.fail(f"{site.url} stopped while starting:\n{site.log.read_text()[-4000:]}")
        try:
            if httpx.get(f"{site.url}/ping", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{site.url} did not start:\n{site.log.read_text()[-4000:]}")
        time.sleep(2)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def sites(
    migrated_database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Site, Site]]:
    """(A, B): both serve the build the browser tests left for B's port (or one made now),
    A with its workers' metrics in one directory."""
    folder = tmp_path_factory.mktemp("two-processes")
    launch = site_launch(site_port())
    port_a, port_b = free_port(), launch.port
    site_a = Site(f"http://127.0.0.1:{port_a}", folder / "a.log")
    site_b = Site(f"http://127.0.0.1:{port_b}", folder / "b.log")
    process_b = _start(launch.command, port_b, site_b.log, launch.web_dir)
    processes = [process_b]
    try:
        _wait_ready(process_b, site_b)
        serve = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
        process_a = _start(
            [*serve, "--port", str(port_a)], port_a, site_a.log, launch.web_dir,
            PROMETHEUS_MULTIPROC_DIR=str(folder / "metrics"),
        )  # fmt: skip
        processes.append(process_a)
        _wait_ready(process_a, site_a)
        yield site_a, site_b
    finally:
        for process in processes:
            _stop(process)


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        await launched.close()


async def _registered_member(site: Site) -> tuple[str, PlatformClient]:
    """A member registered through `site` as the brand asks (BR1: a CPF, then verified)."""
    client = PlatformClient(site.url)
    username = new_username()
    await register(client, username)
    return username, client


async def _pay_sandbox_deposit(site: Site, client: PlatformClient, amount: str) -> None:
    """A deposit ordered through `site`, then paid: the provider's signed webhook to `site`."""
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": amount})
    stored = await deposits.order_by_number(order["orderNo"])
    async with session_scope() as session:  # paid from the member's own CPF, as PIX says
        payer = await onboarding.own_cpf(session, stored.member_id) or ""
    body = json.dumps(
        {
            "orderNo": stored.order_no,
            "providerReference": stored.provider_reference,
            "status": "PAID",
            "amount": f"{stored.amount:.2f}",
            "currency": stored.currency,
            "payerDocument": payer,
        }
    ).encode()
    # The same key as the sandbox provider's: the processes share the test's data folder.
    key = hashlib.sha256(f"{get_settings().secret()}:sandbox-webhook".encode()).digest()
    async with httpx.AsyncClient(base_url=site.url, timeout=30) as http:
        response = await http.post(
            "/wps/payment/webhook/sandbox",
            content=body,
            headers={
                "Content-Type": "application/json",
                SIGNATURE_HEADER: hmac.new(key, body, hashlib.sha256).hexdigest(),
            },
        )
    assert response.status_code == 200, response.text


async def test_a_login_on_one_process_is_valid_on_the_other(sites: tuple[Site, Site]) -> None:
    site_a, site_b = sites
    username, registered = await _registered_member(site_a)
    await registered.aclose()
    async with PlatformClient(site_a.url) as on_a:
        await on_a.login(username, PASSWORD)
        async with PlatformClient(site_b.url, token=on_a.token) as on_b:
            balance = await on_b.get("/wps/v2/wallets/balance")
            assert balance["sumBalance"] == "0.00"
            await on_b.delete("/wps/session/logout")
        # Logged out through B: A refuses the token too.
        with pytest.raises(ApiError) as refused:
            await on_a.get("/wps/v2/wallets/balance")
        assert refused.value.status == 401


async def test_a_rate_limit_counts_across_both_processes(sites: tuple[Site, Site]) -> None:
    await get_redis().delete("rl:forgot-ip:127.0.0.1")
    form = {"username": "nobody", "email": "nobody@example.com"}
    statuses: list[int] = []
    async with httpx.AsyncClient(timeout=30) as http:
        for index in range(FORGOT_PER_IP_PER_HOUR + 2):
            site = sites[index % 2]
            response = await http.post(f"{site.url}/wps/member/password/email", data=form)
            statuses.append(response.status_code)
    # Five calls on each process are the ten allowed per hour; the next ones are refused
    # whichever process answers.
    assert statuses == [200] * FORGOT_PER_IP_PER_HOUR + [429, 429]


async def test_a_scheduled_job_runs_once_per_period(sites: tuple[Site, Site]) -> None:
    """Four job workers (procrastinate, one in each worker of both processes) offer every
    tick; each period is run once, by one of them."""

    async def done() -> dict[datetime, JobRunView]:
        [history] = await job_runs.recent_runs([JOB_NAME], per_job=100)
        return {run.period: run for run in history.runs if run.state == JobState.SUCCEEDED}

    async def mid_period() -> None:
        await asyncio.sleep(JOB_PERIOD_SECONDS * 1.5 - time.time() % JOB_PERIOD_SECONDS)

    await mid_period()
    before = await done()
    first = datetime.fromtimestamp(
        (time.time() // JOB_PERIOD_SECONDS + 1) * JOB_PERIOD_SECONDS, UTC
    )  # the first period to begin after this snapshot
    await asyncio.sleep(JOB_PERIOD_SECONDS * 5)
    end = datetime.now(UTC)
    # Five boundaries passed: the five periods begun in the window run, one after the other,
    # each by one runner at its first attempt (a second runner of the same period would have
    # counted an attempt or found it done). A run may land late on a busy machine: the
    # window's periods are waited for (runs 45 s late were seen beside the fresh-clone build
    # on a slow machine), and earlier ones that land late are checked alike.
    deadline = time.monotonic() + JOB_PERIOD_SECONDS * 40
    while True:
        after = await done()
        in_window = sorted(period for period in after if first <= period < end)
        if len(in_window) >= 5 or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    assert len(in_window) == 5, in_window
    steps = {later - earlier for earlier, later in itertools.pairwise(in_window)}
    assert steps == {timedelta(seconds=JOB_PERIOD_SECONDS)}
    landed = after.keys() - before.keys()
    assert {after[period].attempts for period in landed} == {1}


async def _connect_with_token(
    site: Site, token: str, cookie: str | None
) -> tuple[list[str], dict[str, dict]]:
    """A socket to `site` with a tab's token (and the browser's cookie, if given), as the
    page's reconnect sends it: the new token the server hands out (if any) and the state the
    page then gets."""
    import aiohttp
    import socketio

    # The client hands the Cookie header to its HTTP session's cookie jar, which by default
    # keeps no cookie for an IP address host such as 127.0.0.1: this one does.
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    client = socketio.AsyncClient(reconnection=False, http_session=http)
    new_tokens: list[str] = []
    state: dict[str, dict] = {}
    settled = asyncio.Event()
    wallet, auth = WalletState.get_full_name(), AuthState.get_full_name()

    async def on_new_token(token: str) -> None:
        new_tokens.append(token)

    async def on_update(update: dict) -> None:
        for name, values in (update.get("delta") or {}).items():
            state.setdefault(name, {}).update(values)
        if state.get(wallet, {}).get("shown_rx_state_") or update.get("final"):
            settled.set()

    namespace = "/_event"  # the page's socket.io namespace, the same as the engine's path
    client.on("new_token", on_new_token, namespace=namespace)
    client.on("event", on_update, namespace=namespace)
    root = AuthState.get_root_state().get_full_name()
    hydrate = {
        "name": f"{root}.hydrate_and_load",
        "payload": {},
        "router_data": {"pathname": "/", "asPath": "/"},
    }
    try:
        # The namespace answers once the page's hydrate has run: more than the client's default
        # second on a busy machine.
        await client.connect(
            f"{site.url}?token={token}",
            socketio_path=namespace,
            namespaces=[namespace],
            transports=["websocket"],
            headers={"Cookie": cookie} if cookie else {},
            auth={"event": hydrate},
            wait_timeout=20,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not state.get(wallet, {}).get("shown_rx_state_"):
            settled.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(settled.wait(), 2)
    finally:
        await client.disconnect()
        await http.close()
    return new_tokens, {"auth": state.get(auth, {}), "wallet": state.get(wallet, {})}


async def test_balance_push_crosses_processes_and_survives_a_reconnect(
    sites: tuple[Site, Site], browser: Browser
) -> None:
    site_a, site_b = sites
    context = await visitor_context(browser, viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    try:
        # The page and its websocket are on B.
        username = (await register_in_browser(page, site_b.url)).username
        await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")

        # The money arrives through A; B's page follows without a reload.
        async with PlatformClient(site_a.url) as on_a:
            await on_a.login(username, PASSWORD)
            await _pay_sandbox_deposit(site_a, on_a, "150.00")
            await expect(page.get_by_test_id("header-balance")).to_have_text(
                "150,00", timeout=15_000
            )

            # Reflex issue #6345: a reconnect that reaches a process (here A) while the tab's
            # old socket (on B) is still linked gets a new token; the tab's state comes along.
            token = await page.evaluate("window.sessionStorage.getItem('token')")
            cookie = "; ".join(f"{c['name']}={c['value']}" for c in await context.cookies())
            new_tokens, state = await _connect_with_token(site_a, token, cookie)
            assert new_tokens and new_tokens[0] != token
            assert state["auth"].get("is_login_rx_state_") is True
            assert state["wallet"].get("shown_rx_state_") == "150,00"
            # The same token from another browser (no cookie of this one) gets nothing.
            new_tokens, state = await _connect_with_token(site_a, token, None)
            assert new_tokens and new_tokens[0] != token
            assert state["auth"].get("is_login_rx_state_") is not True
            assert state["wallet"].get("shown_rx_state_") in (None, "")

            # The network drops and comes back: the socket reconnects to the same session.
            await context.set_offline(True)
            await asyncio.sleep(3)
            await context.set_offline(False)
            await expect(page.get_by_test_id("header-balance")).to_have_text(
                "150,00", timeout=15_000
            )
            await choose_language(page, "EN")
            await expect(page.get_by_test_id("header-balance")).to_have_text("150.00")
            # Still logged in, and the live push still reaches the page.
            await _pay_sandbox_deposit(site_a, on_a, "25.00")
            await expect(page.get_by_test_id("header-balance")).to_have_text(
                "175.00", timeout=15_000
            )
    finally:
        await context.close()


async def test_metrics_carry_each_workers_pool(sites: tuple[Site, Site]) -> None:
    """Whichever worker answers the scrape, /metrics shows every worker's own pool (each
    worker opens it at its start, loading the brands)."""
    site_a, _ = sites
    deadline = time.monotonic() + 30
    while True:
        async with httpx.AsyncClient(base_url=site_a.url, timeout=10) as http:
            text = (await http.get("/metrics")).text
        sizes = {
            sample.labels["pid"]: sample.value
            for family in text_string_to_metric_families(text)
            if family.name == "platform_db_pool_size"
            for sample in family.samples
        }
        if len(sizes) >= WORKERS_PER_PROCESS or time.monotonic() > deadline:
            break
        await asyncio.sleep(1)
    # Each worker's capacity is the pool the sites were given (DB_POOL_SIZE + DB_POOL_OVERFLOW).
    assert len(sizes) == WORKERS_PER_PROCESS and set(sizes.values()) == {8}
    in_use = [
        family
        for family in text_string_to_metric_families(text)
        if family.name == "platform_db_pool_in_use"
    ]
    assert in_use and len({s.labels["pid"] for s in in_use[0].samples}) == WORKERS_PER_PROCESS
