"""Browser tests: the production build served by `reflex run --env prod` on a free port,
driven by Playwright in Debian's headless Chromium, against the session's test database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import redis
import redis.asyncio
from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from app.core.config import PROJECT_ROOT

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
BUILD_TIMEOUT_SECONDS = 900


def _machine_redis() -> str | None:
    url = os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/14")
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        client.ping()
        client.flushdb()
        client.close()
    except redis.RedisError:
        return None
    return url


E2E_REDIS_URL = _machine_redis()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def site_url(migrated_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    log_path = tmp_path_factory.mktemp("site") / "reflex.log"
    env = {
        **os.environ,
        "PORT": str(port),
        "BRAND_REFRESH_SECONDS": "0",
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",  # the sandbox provider calls back here
    }
    if E2E_REDIS_URL:
        # Scaled mode when the machine runs Redis: the tests can then read what the site
        # keeps there (captcha answers), as an operator's tools could.
        env.update(REDIS_URL=E2E_REDIS_URL, GRANIAN_WORKERS="2")
    env.setdefault("REFLEX_BUN_PATH", str(PROJECT_ROOT / ".tools/bun/node_modules/bun/bin/bun.exe"))
    reflex = Path(sys.executable).parent / "reflex"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(reflex), "run", "--env", "prod", "--loglevel", "info"],
            cwd=PROJECT_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + BUILD_TIMEOUT_SECONDS
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
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        await launched.close()


@pytest.fixture
async def context(browser: Browser) -> AsyncIterator[BrowserContext]:
    context = await browser.new_context(
        viewport={"width": 1280, "height": 900}, timezone_id="America/Sao_Paulo"
    )
    yield context
    await context.close()


@pytest.fixture
async def page(context: BrowserContext) -> Page:
    return await context.new_page()


async def open_site(page: Page, url: str) -> None:
    """Load a page and wait until the app has loaded its brand from the server."""
    await page.goto(url)
    await page.wait_for_selector("[data-merchant]:not([data-merchant=''])", state="attached")


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
