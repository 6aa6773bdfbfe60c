"""The sandbox checkout (the `make run` demo) pays an order only for the login session that
made it: the link carries that session's ticket, and the session must still be live."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from app.client import PlatformClient
from app.core.config import get_settings
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.cashier import deposits, sandbox
from models.cashier import DepositStatus
from tests.helpers.accounts import PASSWORD, register
from tests.helpers.api import platform_api

MakeClient = Callable[..., PlatformClient]
ASGI = httpx.ASGITransport(app=platform_api())


def _ticket(url: str) -> str:
    return parse_qs(urlsplit(url).query)["ticket"][0]


async def _refused(order_no: str, ticket: str) -> str:
    with pytest.raises(AppError) as caught:
        await sandbox.pay(order_no, ticket, True, transport=ASGI)
    return caught.value.code


async def test_only_the_session_that_made_the_order_pays_it(make_client: MakeClient) -> None:
    client = make_client("192.0.2.150")
    registered = await register(client)
    first = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "30.00"})
    second = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "40.00"})
    ticket = _ticket(first["checkoutUrl"])
    assert urlsplit(first["checkoutUrl"]).path == f"/sandbox/pay/{first['orderNo']}"
    # Another login of the same member sees the order, not its payment link.
    other = make_client("192.0.2.150")
    await other.login(registered["userInfo"]["account"], PASSWORD)
    seen = await other.get(f"/wps/payment/deposit/{first['orderNo']}")
    assert seen["status"] == "PENDING" and seen["checkoutUrl"] == ""
    # A made-up ticket, or the ticket of another order, pays nothing.
    assert await _refused(first["orderNo"], "0" * 32) == "sandbox-checkout-refused"
    assert await _refused(second["orderNo"], ticket) == "sandbox-checkout-refused"
    assert await _refused("D-NOPE", ticket) == "sandbox-checkout-refused"
    assert (await deposits.order_by_number(first["orderNo"])).status == "PENDING"
    # The right ticket pays, once.
    assert await sandbox.pay(first["orderNo"], ticket, True, transport=ASGI) == 200
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "30.00"
    # Logged out, the session's links pay nothing more.
    await client.delete("/wps/session/logout")
    assert await _refused(second["orderNo"], _ticket(second["checkoutUrl"])) == (
        "sandbox-checkout-refused"
    )
    assert (await deposits.order_by_number(second["orderNo"])).status == "PENDING"


async def test_no_checkout_when_the_sandbox_is_off(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    await register(client)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "30.00"})
    monkeypatch.setattr(get_settings(), "sandbox_payments", False)
    with pytest.raises(AppError) as caught:
        await sandbox.pay(order["orderNo"], _ticket(order["checkoutUrl"]), True, transport=ASGI)
    assert caught.value.code == "not-found"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_deposit_status_is_told_in_words(language: str) -> None:
    """The deposit page and the checkout name each status in words, never by its code."""
    for status in DepositStatus:
        for page in ("cashier", "sandbox"):
            assert translate(f"{page}.status.{status}", language) != f"{page}.status.{status}"
