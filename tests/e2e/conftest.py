"""Browser tests: the production build served by `reflex run --env prod` on a free port,
driven by Playwright in Debian's headless Chromium, against the session's test database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
import redis
import redis.asyncio
from playwright.async_api import Browser, BrowserContext, Page, async_playwright, expect

from app.core.config import PROJECT_ROOT
from app.services import brands, wallet_events
from app.services.catalogue.index import CACHE_PREFIX
from app.services.catalogue.lobby import CACHE_TTL_SECONDS
from tests.helpers.browser import (
    SLOW_MS,
    fill_cpf_if_asked,
    open_deposit,
    open_site,
    register_in_browser,
    verify_identity_in_browser,
    visitor_context,
)
from tests.helpers.site_build import free_port, site_launch, site_port, worker_index
from tests.platform.test_system import operator

__all__ = [
    "SLOW_MS",
    "fill_cpf_if_asked",
    "open_deposit",
    "open_site",
    "register_in_browser",
    "verify_identity_in_browser",
]

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
START_TIMEOUT_SECONDS = 180
# Every expectation waits as long: the suite shares the machine's cores with the other
# pytest-xdist worker, and a passing check returns as soon as it holds.
expect.set_options(timeout=SLOW_MS)


def _machine_redis() -> str | None:
    """The site's Redis database: 14 for the first pytest-xdist worker's site, 15 for the
    second's (the other tests' workers count down from 13). E2E_REDIS_URL names the first
    worker's; each further worker takes the next database: sites that shared one would share
    the leases of their singletons (the Crash driver) and one site's rounds would stand still."""
    first = os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/14")
    base, _, database = first.rpartition("/")
    url = f"{base}/{int(database) + worker_index() % 2}"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        client.ping()
        client.flushdb()
        client.close()
    except redis.RedisError:
        return None
    return url


E2E_REDIS_URL = _machine_redis()


# The running site, for conftests elsewhere (tests/security) that import `site_url`: pytest
# makes one fixture per conftest, and they share this one server (and its build).
_running: dict[str, str] = {}


@pytest.fixture(scope="session")
def site_url(migrated_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if "url" in _running:
        yield _running["url"]
        return
    launch = site_launch(site_port())
    port = launch.port
    log_path = tmp_path_factory.mktemp("site") / "reflex.log"
    simulator_port = free_port()
    simulator_log = log_path.parent / "simulator.log"
    with simulator_log.open("w") as log:
        # The provider simulator (the outside vendors' games) beside the site, as `make run`.
        simulator = subprocess.Popen(
            [sys.executable, "-m", "simulator"],
            cwd=PROJECT_ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={
                **os.environ,
                "SIMULATOR_PORT": str(simulator_port),
                "SIMULATOR_PLATFORM_URL": f"http://127.0.0.1:{port}",
            },
        )  # fmt: skip
    _running["simulator"] = f"http://127.0.0.1:{simulator_port}"
    env = {
        **os.environ,
        **launch.env,
        "PROVIDER_SIMULATOR_URL": _running["simulator"],
        "PROVIDER_HEALTH_SECONDS": "10",  # the simulator runs: launches ask its health
        # With Redis the site reloads brands when a change is announced there (the tests'
        # own changes included: `site_brand_announcements`), else on every call.
        "BRAND_REFRESH_SECONDS": "3600" if E2E_REDIS_URL else "0",
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",  # the sandbox provider calls back here
        # The site shares the session's database: its scheduled jobs would take the periods
        # that the job tests run by hand (tests/cashier/test_withdrawal_job.py). No walk needs them.
        "JOBS_IN_APP": "false",
    }
    if E2E_REDIS_URL:
        # Scaled mode when the machine runs Redis: the tests can then read what the site
        # keeps there (captcha answers), as an operator's tools could.
        env.update(REDIS_URL=E2E_REDIS_URL, GRANIAN_WORKERS="2")
    with log_path.open("w") as log:
        process = subprocess.Popen(
            launch.command,
            cwd=PROJECT_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the site stopped while starting:\n{log_path.read_text()[-4000:]}")
            try:
                if httpx.get(f"{url}/ping", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the site did not start:\n{log_path.read_text()[-4000:]}")
            time.sleep(2)
        _running["url"] = url
        yield url
    finally:
        _running.pop("url", None)
        _running.pop("simulator", None)
        for started in (simulator, process):
            with contextlib.suppress(ProcessLookupError):  # it may have stopped by itself
                os.killpg(started.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def site_operator(*args: str, **env: str) -> None:
    """An operator command in its own process, as an operator would run it beside the tests'
    site: it announces its change on the site's Redis, where the site's workers look for it
    (`env`: the command's own settings, e.g. a staff member's STAFF_PASSWORD and STAFF_CODE)."""
    operator(*args, **env, **({"REDIS_URL": E2E_REDIS_URL} if E2E_REDIS_URL else {}))


def simulator_url() -> str:
    """The provider simulator the running site launches outside vendors' games on."""
    return _running["simulator"]


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        await launched.close()


@pytest.fixture
async def context(
    browser: Browser, request: pytest.FixtureRequest
) -> AsyncIterator[BrowserContext]:
    """A visitor who asked for less motion, unless the test is marked `motion`."""
    context = await visitor_context(
        browser,
        motion=request.node.get_closest_marker("motion") is not None,
        viewport={"width": 1280, "height": 900},
        timezone_id="America/Sao_Paulo",
    )
    yield context
    await context.close()


@pytest.fixture
async def page(context: BrowserContext) -> Page:
    return await context.new_page()


def _site_redis() -> redis.asyncio.Redis:
    if not E2E_REDIS_URL:
        pytest.skip("the machine runs no Redis: the site keeps its state in-process")
    return redis.asyncio.Redis.from_url(E2E_REDIS_URL, decode_responses=True)


async def site_redis_get(key: str) -> str | None:
    """Read a key of the site's Redis (scaled mode only)."""
    async with _site_redis() as client:
        return await client.get(key)


async def site_redis_ttl(key: str) -> int:
    async with _site_redis() as client:
        return await client.ttl(key)


async def site_redis_keys(pattern: str) -> list[str]:
    async with _site_redis() as client:
        return [key async for key in client.scan_iter(pattern)]


async def drop_site_catalogue_cache() -> None:
    """After a test writes catalogue rows (winners, games), drop the site's cached copies as
    the operator's `invalidate_catalogue` does. A site without Redis keeps its cache in
    process, out of reach: wait out its lifetime instead."""
    if not E2E_REDIS_URL:
        await asyncio.sleep(CACHE_TTL_SECONDS + 1)
        return
    async with redis.asyncio.Redis.from_url(E2E_REDIS_URL) as client:
        keys = [key async for key in client.scan_iter(match=f"{CACHE_PREFIX}*", count=500)]
        if keys:
            await client.delete(*keys)


@pytest.fixture(autouse=True)
async def fresh_address_limits() -> None:
    """Every browser of these tests comes from 127.0.0.1: before each test, the site's
    per-address counters (registrations, password hashes, captchas) start again, as they do
    for the API tests' distinct client addresses. A site without Redis keeps them in process,
    out of reach."""
    if not E2E_REDIS_URL:
        return
    async with redis.asyncio.Redis.from_url(E2E_REDIS_URL) as client:
        keys = [key async for key in client.scan_iter(match="rl:*", count=500)]
        if keys:
            await client.delete(*keys)


@pytest.fixture(autouse=True)
async def site_wallet_signals(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Money this test process moves (test helpers, a settlement run by hand) signals the
    site's Redis, where the site's header watches the member's balance version, as the
    site's own workers would. A site without Redis has no shared signal to reach."""
    if not E2E_REDIS_URL:
        yield
        return
    client = redis.asyncio.Redis.from_url(E2E_REDIS_URL)
    monkeypatch.setattr(wallet_events, "get_redis", lambda: client)
    monkeypatch.setattr(wallet_events, "is_shared", lambda: True)  # the site's Redis
    yield
    await client.aclose()


@pytest.fixture(autouse=True)
async def site_brand_announcements(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Brand changes this test process makes (`tests.helpers.site.change_brand`, brand rows
    written and announced) are announced on the site's Redis, where its workers look for them;
    and every test starts with the site reading the brands as stored, as an operator's
    announcement would make it. A site without Redis reads them on every call."""
    if not E2E_REDIS_URL:
        yield
        return
    client = redis.asyncio.Redis.from_url(E2E_REDIS_URL)
    monkeypatch.setattr(brands, "get_redis", lambda: client)
    monkeypatch.setattr(brands, "is_shared", lambda: True)  # this process's Redis is the site's
    await brands.announce_change()
    yield
    await client.aclose()


@pytest.fixture(autouse=True)
def screenshots_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walks' screenshots are for people to open: they are taken with WALK_SHOTS=1 (`make
    test-walks` sets it), not in `make test`, where nobody looks at them and each full page
    costs Chromium about a second of a core."""
    if os.environ.get("WALK_SHOTS") == "1":
        return

    async def not_taken(self: Page, *args: object, **kwargs: object) -> bytes:
        return b""

    monkeypatch.setattr(Page, "screenshot", not_taken)
