"""Agent calls over HTTP: the contract flow through the spec's processing calls, the
consolidated flags, registerCenter, the downline list, pay records; a player reaches no
agent call and an agent reads nothing outside its own downline."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.core.errors import AppError
from app.services import site_status
from app.services.accounts import sessions
from app.services.agents import payouts, periods, team
from app.services.brands import brands
from models import Member
from models.agents import ContractKind
from tests.helpers.accounts import make_member, new_username
from tests.helpers.agents import PASSWORD, brand, downline, fact, signed, tiers, top_agent
from tests.helpers.api import platform_api

DAILY = ContractKind.DAILY_SALARY.value


async def _client(member: Member) -> PlatformClient:
    address = f"198.21.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"
    transport = httpx.ASGITransport(app=platform_api(), client=(address, 50000))
    client = PlatformClient("http://localhost", merchant="BR1", transport=transport)
    client.token = await sessions.open_session(member, address, "", "WEB")
    return client


async def _refused(call: Any, status: int) -> dict[str, Any]:
    with pytest.raises(ApiError) as caught:
        await call
    assert caught.value.status == status, caught.value
    return caught.value.body


async def test_contract_flow_through_the_spec_calls() -> None:
    from models.base import utcnow

    top = await top_agent()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), utcnow())
    up = await _client(top)
    name = new_username()[:16].lower()
    made = await up.post(
        "/wps/agent/downlines", {"username": name, "password": PASSWORD, "asAgent": True}
    )
    assert made["username"] == name and made["level"] == 1 and made["isAgent"]
    offer = await up.post(
        "/wps/agent/contracts",
        {
            "downlineId": made["id"],
            "kind": DAILY,
            "period": "D",
            "terms": tiers((0, "0", None, "0.004")),
        },
    )
    assert offer["status"] == "OFFERED"
    too_high = await _refused(
        up.post(
            "/wps/agent/contracts",
            {"downlineId": made["id"], "kind": DAILY, "terms": tiers((0, "0", None, "0.02"))},
        ),
        422,
    )
    assert too_high["code"] == "agent-contract-rate-too-high" and too_high["message"]
    sub = await _sub(made["id"])
    down = await _client(sub)
    flags = await down.get("/wps/member/info/funds/consolidated")
    assert flags["dailysalreqtype"] == "NEW" and not flags["dailySalary"]
    # The dividend call cannot answer a daily-salary contract.
    await _refused(
        down.get(
            "/wps/relay/MCS2_processDividendReq",
            {"contractId": offer["id"], "action": "ACCEPT"},
        ),
        404,
    )
    accepted = await down.get(
        "/wps/relay/MCS2_processDailySalContract", {"contractId": offer["id"], "action": "ACCEPT"}
    )
    assert accepted["status"] == "ACTIVE"
    flags = await down.get("/wps/member/info/funds/consolidated")
    assert flags["dailySalary"] and flags["dailysalreqtype"] == ""
    ended = await down.get(
        "/wps/relay/MCS2_processDailySalContract",
        {"contractId": offer["id"], "action": "TERMINATE"},
    )
    assert ended["status"] == "TERMINATION_REQUESTED"
    both = await up.get("/wps/agent/contracts")
    assert {c["status"] for c in both} >= {"TERMINATION_REQUESTED", "ACTIVE"}
    await _refused(
        down.post(
            "/wps/relay/MCS2_processContractHourSalary",
            {"contractId": offer["id"], "action": "ACCEPT"},
        ),
        404,
    )
    await _refused(
        down.post(
            "/wps/relay/MCSFE_processRealTimeSalaryContract",
            {"contractId": offer["id"], "action": "NOPE"},
        ),
        404,
    )


async def test_the_agent_programme_switched_off_closes_every_agent_call() -> None:
    """Spec 6: the consolidated data runs only with the agent policy flag (AGENT3) on; off,
    the agent centre's calls are closed too (403), and on again they answer. The switch is
    announced, not waited for: no cache is cleared by hand here."""
    from models.base import utcnow

    top = await top_agent()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), utcnow())
    under = await downline(top)
    await signed(top, under, DAILY, tiers((0, "0", None, "0.004")), utcnow())
    down, up = await _client(under), await _client(top)
    assert (await down.get("/wps/member/info/funds/consolidated"))["dailySalary"]
    assert await up.get("/wps/agent/overview")
    try:
        await site_status.set_module("BR1", "AGENT3", enabled=False, now=utcnow())
        off = await down.get("/wps/member/info/funds/consolidated")
        assert not any(off[k] for k in ("dailySalary", "hourSalary", "salary", "enableCt"))
        assert off["dailysalreqtype"] == "" and off["totalBalance"] is not None
        for closed in (
            up.get("/wps/agent/overview"),
            up.get("/wps/agent/downlines"),
            up.get("/wps/agent/contracts"),
            up.get("/wps/agent/referral"),
            down.get("/wps/relay/MCS2_processDailySalContract", {"contractId": 1, "action": "x"}),
        ):
            refused = await _refused(closed, 403)
            assert refused["code"] == "agent-programme-off" and refused["message"]
        with pytest.raises(AppError) as service_refused:  # what the agent pages' states call
            await team.overview(await brands.by_code("BR1"), top, utcnow())
        assert service_refused.value.code == "agent-programme-off"
    finally:
        await site_status.set_module("BR1", "AGENT3", enabled=True, now=utcnow())
    assert (await down.get("/wps/member/info/funds/consolidated"))["dailySalary"]
    assert await up.get("/wps/agent/overview")


async def _sub(member_id: int) -> Member:
    from app.core.db import session_scope

    async with session_scope() as session:
        found = await session.get(Member, member_id)
    assert found is not None
    return found


async def test_pay_records_and_overview_show_the_agents_own_lines() -> None:
    from datetime import UTC, datetime

    day = datetime(2025, 8, 5, 15, tzinfo=UTC)
    top = await top_agent()
    await signed(None, top, DAILY, tiers((1, "0", None, "0.01")), day - timedelta(days=1))
    player = await downline(top, as_agent=False)
    await fact(player, "80.00", "10.00", day)
    start, end = periods.bounds("D", day, "America/Sao_Paulo")
    await payouts.close(await brand(), ContractKind.DAILY_SALARY, start, end)
    client = await _client(top)
    page = await client.get(
        f"/wps/agent/pay/{DAILY}",
        {"since": start.isoformat(), "until": end.isoformat()},
    )
    assert page["total"] == 1 and page["totalAmount"] == "0.80"
    assert page["rows"][0]["line"]["formula"].startswith("tier 1")
    overview = await client.get("/wps/agent/overview")
    assert overview["teamSize"] == 1
    listed = await client.get("/wps/agent/downlines", {"search": player.username[:6]})
    assert listed["total"] == 1 and listed["rows"][0]["username"] == player.username  # direct
    assert listed["rows"][0]["validBet"] is not None  # a contract in force shows activity
    await _refused(client.get("/wps/agent/pay/NOPE"), 422)


async def test_a_player_reaches_no_agent_call_and_agents_stay_in_their_downline() -> None:
    player = await make_member()
    client = await _client(player)
    for call in (
        client.get("/wps/agent/overview"),
        client.get("/wps/agent/downlines"),
        client.get("/wps/agent/contracts"),
        client.get(f"/wps/agent/pay/{DAILY}"),
        client.post("/wps/agent/downlines", {"username": "someone1", "password": PASSWORD}),
        client.get(
            "/wps/relay/MCS2_processDailySalContract", {"contractId": 1, "action": "ACCEPT"}
        ),
        client.post(
            "/wps/relay/MCSFE_processRealTimeSalaryContract", {"contractId": 1, "action": "ACCEPT"}
        ),
    ):
        envelope = await _refused(call, 403)
        assert envelope["code"] == "agent-only"
    # The consolidated call answers any real member (no contract: every flag off).
    flags = await client.get("/wps/member/info/funds/consolidated")
    assert not any(flags[k] for k in ("dailySalary", "hourSalary", "salary", "enableCt"))
    # Agent X cannot offer to, nor answer for, agent Y's downline.
    from models.base import utcnow

    x, y = await top_agent(), await top_agent()
    await signed(None, x, DAILY, tiers((0, "0", None, "0.01")), utcnow())
    theirs = await downline(y)
    x_client = await _client(x)
    await _refused(
        x_client.post(
            "/wps/agent/contracts",
            {"downlineId": theirs.id, "kind": DAILY, "terms": tiers((0, "0", None, "0.001"))},
        ),
        404,
    )
    offered = await signed(None, y, DAILY, tiers((0, "0", None, "0.01")), utcnow())
    await _refused(
        x_client.get(
            "/wps/relay/MCS2_processDailySalContract",
            {"contractId": offered.id, "action": "TERMINATE"},
        ),
        404,
    )
    assert (await x_client.get("/wps/agent/downlines"))["total"] == 0


async def test_referral_link_with_qr_and_the_affiliate_application() -> None:
    player = await make_member()
    client = await _client(player)
    await _refused(client.get("/wps/agent/referral"), 403)
    unaccepted = client.post("/wps/member/affiliate/apply", {"channel": "YouTube channel"})
    assert (await _refused(unaccepted, 422))["code"] == "affiliate-terms-required"
    assert (
        await client.post(
            "/wps/member/affiliate/apply", {"channel": "YouTube channel", "acceptTerms": True}
        )
        > 0
    )
    agent = await top_agent()
    mine = await (await _client(agent)).get("/wps/agent/referral")
    assert mine["qr"].startswith("data:image/svg+xml") and mine["code"] in mine["link"]
    anonymous = await _client(player)
    anonymous.token = None
    assert await anonymous.get("/wps/agent/affiliate", {"code": mine["code"]}) is True
    again = await (await _client(agent)).get("/wps/agent/referral")
    assert again["clicks"] == 1


async def test_accepting_a_lower_rate_ends_the_downline_contract_it_no_longer_covers() -> None:
    """Spec 4.39 through the spec's calls: an upline offers a lower daily rate, the agent
    accepts it with MCS2_processDailySalContract, and the contract that agent had given its
    own downline at a higher rate ends (both sides see it in their contract list); a lower
    rate that still covers it keeps it."""
    from models.base import utcnow

    top = await top_agent()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), utcnow())
    mid = await downline(top)
    await signed(top, mid, DAILY, tiers((0, "0", None, "0.008")), utcnow())
    low = await downline(mid)
    up, middle, below = await _client(top), await _client(mid), await _client(low)

    async def offered_and_accepted(
        by: PlatformClient, to: PlatformClient, to_id: int, rate: str
    ) -> Any:
        offer = await by.post(
            "/wps/agent/contracts",
            {
                "downlineId": to_id,
                "kind": DAILY,
                "period": "D",
                "terms": tiers((0, "0", None, rate)),
            },
        )
        return await to.get(
            "/wps/relay/MCS2_processDailySalContract",
            {"contractId": offer["id"], "action": "ACCEPT"},
        )

    given = await offered_and_accepted(middle, below, low.id or 0, "0.006")
    assert given["status"] == "ACTIVE"
    await offered_and_accepted(up, middle, mid.id or 0, "0.007")  # 0.6 % ≤ 0.7 %: covered
    kept = {c["id"]: c for c in await below.get("/wps/agent/contracts")}
    assert kept[given["id"]]["status"] == "ACTIVE"
    lowered = await offered_and_accepted(up, middle, mid.id or 0, "0.005")
    assert lowered["status"] == "ACTIVE"
    for side in (below, middle):
        seen = {c["id"]: c for c in await side.get("/wps/agent/contracts")}
        ended = seen[given["id"]]
        assert (ended["status"], ended["endReason"]) == ("TERMINATED", "upline-rate-lowered")
        assert ended["endedAt"] is not None
