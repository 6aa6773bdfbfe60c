"""A database or Redis out of reach: a translated 503 envelope, never a bare 500.

The app's clients are pointed at a loopback port where nothing listens, so the real drivers
meet a real refused connection. The crash test (tests/faults) restarts real servers.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from app.client import PlatformClient
from app.core import cache, db
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from tests.helpers.accounts import register
from tests.helpers.api import platform_api
from tests.helpers.private_servers import free_port

MakeClient = Callable[..., PlatformClient]


@pytest.fixture
async def redis_down(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    unreachable = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0", decode_responses=True)
    monkeypatch.setattr(cache, "_client", unreachable)
    yield
    await unreachable.aclose()


def _assert_unavailable(response: httpx.Response, message_start: str) -> None:
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1"
    body = response.json()
    assert body["success"] is False and body["code"] == "service-unavailable"
    assert body["message"].startswith(message_start)


async def test_redis_out_of_reach_answers_503(api: PlatformClient, redis_down: None) -> None:
    # The captcha counts requests per client in Redis.
    response = await api.raw("GET", "/wps/captcha", headers={"Language": "PT"})
    _assert_unavailable(response, "O serviço está temporariamente indisponível")


async def test_database_out_of_reach_answers_503(
    api: PlatformClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = create_async_engine(f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/none")
    monkeypatch.setattr(db, "_engine", engine)
    monkeypatch.setattr(
        db, "_sessionmaker", async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
    )
    try:
        response = await api.raw("POST", "/vendor/BGS/wallet/balance", content=b"{}")
        _assert_unavailable(response, "The service is temporarily unavailable")
    finally:
        await engine.dispose()


async def test_a_deposit_is_credited_while_redis_is_out_of_reach(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The live balance signal is skipped; the committed credit is still answered as such."""
    client = make_client()
    await register(client)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "40.00"})
    unreachable = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0", decode_responses=True)
    monkeypatch.setattr(cache, "_client", unreachable)
    try:
        stored = await deposits.order_by_number(order["orderNo"])
        transport = httpx.ASGITransport(app=platform_api())
        assert await SandboxProvider().settle(stored, True, transport=transport) == 200
    finally:
        await unreachable.aclose()
    monkeypatch.undo()
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "40.00"
