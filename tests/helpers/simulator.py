"""The provider simulator in-process, talking HTTP (httpx) to the platform's ASGI app."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from fastapi import FastAPI

from app.core.config import get_settings
from app.services.providers.registry import master_secret
from simulator.config import SimulatorSettings
from simulator.server import create_app
from simulator.wallet import PlatformWallet

PLATFORM = "http://platform.test"


class LossyTransport(httpx.AsyncBaseTransport):
    """Forwards to the platform, then loses the answer of the calls `lose` picks (the
    platform did the work; the simulator sees a timeout), or refuses them before sending."""

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        lose: Callable[[httpx.Request], bool] = lambda _: False,
        down: Callable[[httpx.Request], bool] = lambda _: False,
    ) -> None:
        self.inner = inner
        self.lose = lose
        self.down = down
        self.sent: list[bytes] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.down(request):
            raise httpx.ConnectError("provider cannot reach the platform", request=request)
        body = await request.aread()
        self.sent.append(request.url.path.encode() + b" " + body)
        response = await self.inner.handle_async_request(request)
        await response.aread()
        if self.lose(request):
            raise httpx.ReadTimeout("answer lost", request=request)
        return response


def simulator_app(platform: FastAPI, transport: LossyTransport | None = None) -> FastAPI:
    """A simulator whose wallet calls reach `platform` over (in-process) HTTP."""
    inner = transport or LossyTransport(httpx.ASGITransport(app=platform))
    client = httpx.AsyncClient(transport=inner, timeout=5)
    wallet = PlatformWallet(PLATFORM, master_secret(), client=client, retries=2)
    settings = SimulatorSettings(
        host="127.0.0.1",
        port=0,
        platform_url=PLATFORM,
        master_secret=master_secret(),
        timeout_seconds=5,
        retries=2,
    )
    return create_app(settings, wallet)


def simulator_base() -> str:
    url = get_settings().provider_simulator_url
    assert url is not None, "the tests run with the simulator"
    return url.rstrip("/")
