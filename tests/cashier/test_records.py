"""The account record: the member's own movements, filtered and paginated."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from tests.helpers.accounts import register
from tests.helpers.api import platform_api

MakeClient = Callable[..., PlatformClient]


async def _deposit(client: PlatformClient, amount: str) -> str:
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": amount})
    stored = await deposits.order_by_number(order["orderNo"])
    await SandboxProvider().settle(stored, True, transport=httpx.ASGITransport(app=platform_api()))
    return order["orderNo"]


async def test_record_lists_own_movements_with_filters_and_pages(make_client: MakeClient) -> None:
    client, other = make_client(), make_client()
    await register(client)
    await register(other)
    numbers = [await _deposit(client, f"{10 + n}.00") for n in range(3)]
    record = await client.get("/wps/member/transactions?range=today")
    assert record["total"] == 3
    newest = record["items"][0]
    assert newest["kind"] == "DEPOSIT" and newest["reference"] == numbers[-1]
    assert newest["amount"] == "12.00" and newest["balance"] == "33.00"
    page_two = await client.get("/wps/member/transactions?range=30d&pageSize=2&page=2")
    assert [i["reference"] for i in page_two["items"]] == [numbers[0]]
    assert (await client.get("/wps/member/transactions?type=game"))["total"] == 0
    assert (await other.get("/wps/member/transactions?range=30d"))["total"] == 0


@pytest.mark.parametrize(
    ("query", "code"),
    [("range=90d", "record-range-unknown"), ("type=lottery", "record-type-unknown")],
)
async def test_record_bad_filters(make_client: MakeClient, query: str, code: str) -> None:
    client = make_client()
    await register(client)
    with pytest.raises(ApiError) as caught:
        await client.get(f"/wps/member/transactions?{query}")
    assert caught.value.code == code and caught.value.status == 422
