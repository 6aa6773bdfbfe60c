"""Behind a real proxy process on loopback: with TRUSTED_PROXY_HOPS=1 the API reads the
visitor's address from the proxy's X-Forwarded-For, so per-address limits and region checks
apply to the visitor, and an address a client writes into the header itself counts for
nothing. The site reads the address through the same function (app.core.visitor)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.core.config import PROJECT_ROOT
from app.services.accounts.passwords import FORGOT_PER_IP_PER_HOUR
from tests.helpers.site import brand_closed

START_TIMEOUT_SECONDS = 120


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="module")
def proxy_url(migrated_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The API (granian, its own process, one trusted hop) behind the forwarding proxy."""
    app_port, proxy_port = _free_port(), _free_port()
    logs = tmp_path_factory.mktemp("proxy")
    env = {**os.environ, "TRUSTED_PROXY_HOPS": "1", "BRAND_REFRESH_SECONDS": "0"}
    granian = Path(sys.executable).parent / "granian"
    commands = [
        [str(granian), "--interface", "asgi", "--factory", "--host", "127.0.0.1",
         "--port", str(app_port), "--workers", "1", "app.api.main:create_api"],
        [sys.executable, "-m", "tests.helpers.forward_proxy", "--port", str(proxy_port),
         "--upstream", f"127.0.0.1:{app_port}"],
    ]  # fmt: skip
    processes = []
    for number, command in enumerate(commands):
        with (logs / f"{number}.log").open("w") as log:
            processes.append(
                subprocess.Popen(
                    command,
                    cwd=PROJECT_ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
    url = f"http://127.0.0.1:{proxy_port}"
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    try:
        while True:
            if any(p.poll() is not None for p in processes):
                pytest.fail("a process stopped: " + (logs / "0.log").read_text()[-3000:])
            try:
                if httpx.get(f"{url}/wps/system/status", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the API behind the proxy never answered")
            time.sleep(0.5)
        yield url
    finally:
        for process in processes:
            _stop(process)


def _from(address: str, proxy_url: str) -> httpx.AsyncClient:
    """A client whose connections leave from `address` (any 127.x address is loopback)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(transport=transport, base_url=proxy_url, timeout=30)


async def test_the_visitor_is_the_address_the_proxy_saw(proxy_url: str) -> None:
    async with _from("127.0.0.5", proxy_url) as client:
        plain = await client.get("/wps/system/status")
        spoofed = await client.get(
            "/wps/system/status", headers={"X-Forwarded-For": "203.0.113.99"}
        )
    assert plain.json()["value"]["ip"] == "127.0.0.5"
    assert spoofed.json()["value"]["ip"] == "127.0.0.5"


async def test_per_address_limits_count_the_visitor_behind_the_proxy(proxy_url: str) -> None:
    form = {"username": "nobody", "email": "nobody@example.com"}
    async with _from("127.0.0.8", proxy_url) as client:
        answers = [
            await client.post(
                "/wps/member/password/email",
                data=form,
                headers={"X-Forwarded-For": f"198.18.0.{n}"},  # a new address each time
            )
            for n in range(FORGOT_PER_IP_PER_HOUR + 1)
        ]
    assert [a.status_code for a in answers[:-1]] == [200] * FORGOT_PER_IP_PER_HOUR
    assert answers[-1].status_code == 429
    assert answers[-1].json()["code"] == "too-many-requests"
    async with _from("127.0.0.9", proxy_url) as other:
        assert (await other.post("/wps/member/password/email", data=form)).status_code == 200


async def test_region_checks_see_the_visitor_behind_the_proxy(proxy_url: str) -> None:
    form = {"username": "nobody", "email": "nobody@example.com"}
    async with brand_closed(networks=("127.0.0.6/32",)):
        async with _from("127.0.0.6", proxy_url) as blocked:
            status = await blocked.get("/wps/system/status")
            refused = await blocked.post("/wps/member/password/email", data=form)
        async with _from("127.0.0.7", proxy_url) as spoofing:
            claimed = await spoofing.get(
                "/wps/system/status", headers={"X-Forwarded-For": "127.0.0.6"}
            )
    assert status.json()["value"]["status"] == 2
    assert refused.status_code == 403 and refused.json()["code"] == "access-restricted"
    assert claimed.json()["value"] == {**claimed.json()["value"], "status": 0, "ip": "127.0.0.7"}
