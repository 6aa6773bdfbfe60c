"""VIP and "my income" over the API: the member's level, progress and ladder; rebate lines with
base, rate and status; claim once; guests and trial accounts refused; bad input refused."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest

from app.client import ApiError, PlatformClient
from app.services.loyalty import rebate
from models import Member
from models.base import utcnow
from tests.helpers.accounts import register
from tests.helpers.loyalty import bet, count, deposit

MakeClient = Callable[..., PlatformClient]
D = Decimal


async def _member(make_client: MakeClient) -> tuple[PlatformClient, Member]:
    client = make_client()
    await register(client)
    info = await client.get("/wps/member/info")
    member = Member(id=info["id"], merchant_id=1, username="x", password_hash="x")
    from app.core.db import session_scope

    async with session_scope() as session:
        stored = await session.get(Member, info["id"])
    assert stored is not None
    member.merchant_id = stored.merchant_id
    return client, member


async def test_vip_shows_level_progress_ladder_and_history(make_client: MakeClient) -> None:
    client, member = await _member(make_client)
    value = await client.get("/wps/loyalty/vip")
    assert (value["level"], value["name"], value["validBet"]) == (0, "VIP0", "0.00")
    assert [lv["name"] for lv in value["levels"]] == [f"VIP{n}" for n in range(7)]
    assert value["nextLevel"]["betThreshold"] == "1000.00"
    await deposit(member, "200.00")
    await bet(member, "1000.00")
    await count()
    value = await client.get("/wps/loyalty/vip")
    assert (value["level"], value["validBet"], value["deposits"]) == (1, "1000.00", "200.00")
    assert {e["kind"] for e in value["history"]} == {"UPGRADE", "LEVEL_UP_BONUS"}


async def test_my_income_lists_lines_and_a_claim_pays_once(make_client: MakeClient) -> None:
    client, member = await _member(make_client)
    await bet(member, "500.00", "RNG", at=utcnow() - timedelta(days=1, hours=1))
    await bet(member, "100.00", "PVP", at=utcnow() - timedelta(days=1, hours=1))
    await count()
    await rebate.close_due(utcnow())
    value = await client.get("/wps/loyalty/rebate", {"range": "7d"})
    assert value["claimMode"] == "CLAIM"
    assert value["rates"]["RNG"] == "1.2" and value["rates"]["PVP"] is None
    [line] = value["items"]
    assert (line["category"], line["base"], line["rate"], line["amount"], line["status"]) == (
        "RNG",
        "500.00",
        "1.2",
        "6.00",
        "CLAIMABLE",
    )
    paid = await client.post("/wps/loyalty/rebate/claim", {"lineId": line["id"]})
    assert paid == {"lines": 1, "amount": "6.00"}
    with pytest.raises(ApiError) as caught:
        await client.post("/wps/loyalty/rebate/claim", {"lineId": line["id"]})
    assert (caught.value.status, caught.value.code) == (409, "rebate-not-claimable")
    value = await client.get("/wps/loyalty/rebate", {"range": "7d"})
    assert (value["items"][0]["status"], value["paid"], value["claimable"]) == (
        "PAID",
        "6.00",
        "0.00",
    )


async def test_bad_input_is_refused(make_client: MakeClient) -> None:
    client, _ = await _member(make_client)
    for params in ({"range": "365d"}, {"page": "0"}):
        with pytest.raises(ApiError) as caught:
            await client.get("/wps/loyalty/rebate", params)
        assert caught.value.status == 422
    with pytest.raises(ApiError) as caught:
        await client.post("/wps/loyalty/rebate/claim", {"lineId": -3})
    assert caught.value.status == 422


async def test_guests_are_refused(make_client: MakeClient) -> None:
    guest = make_client()
    for path in ("/wps/loyalty/vip", "/wps/loyalty/rebate"):
        with pytest.raises(ApiError) as caught:
            await guest.get(path)
        assert caught.value.status == 401
