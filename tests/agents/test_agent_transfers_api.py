"""Team transfers and team reports over HTTP (on BR2: Brazil's profile, BR1's, has no
transfers between members): an agent pays its downline and a member its upline with the
payment password and a request id (a retry moves money once); both sides list the
movement; the reports answer the downline's figures; a player reaches no agent report and
an agent cannot pay outside its downline."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest

from app.client import ApiError, PlatformClient
from app.core.db import write_transaction
from app.core.security import hash_password
from models import Member
from tests.helpers.accounts import session_client
from tests.helpers.agents import downline, fact, top_agent
from tests.helpers.money import fund

PAY = "pay 4242 secret"
# Transfers between members exist only on a brand without Brazil's profile (BR1 has it).
OPEN = "BR2"


async def _client(member: Member) -> PlatformClient:
    address = f"198.22.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"
    return await session_client(member, OPEN, address)


async def _refused(call: Any, status: int) -> dict[str, Any]:
    with pytest.raises(ApiError) as caught:
        await call
    assert caught.value.status == status, caught.value
    return caught.value.body


async def _payable(member: Member) -> Member:
    async with write_transaction() as session:
        found = await session.get(Member, member.id)
        assert found is not None
        found.payment_password_hash = await hash_password(PAY)
        session.add(found)
        return found


async def test_transfers_down_and_up_and_both_sides_list_them() -> None:
    agent = await _payable(await top_agent(OPEN))
    player = await _payable(await downline(agent, as_agent=False, code=OPEN))
    stranger = await downline(await top_agent(OPEN), as_agent=False, code=OPEN)
    await fund(agent.id or 0, "50.00")
    up = await _client(agent)
    down = await _client(player)
    request = uuid4().hex
    body = {
        "downlineId": player.id,
        "amount": "20.00",
        "paymentPassword": PAY,
        "requestId": request,
    }
    sent = await up.post("/wps/agent/transfer/downline", body)
    again = await up.post("/wps/agent/transfer/downline", body)
    assert not sent["replay"] and again["replay"]
    assert again["transactionId"] == sent["transactionId"]
    outside = await _refused(
        up.post(
            "/wps/agent/transfer/downline",
            {**body, "downlineId": stranger.id, "requestId": uuid4().hex},
        ),
        404,
    )
    assert outside["code"] == "agent-not-in-downline" and outside["message"]
    wrong = await _refused(
        up.post(
            "/wps/agent/transfer/downline",
            {**body, "paymentPassword": "nope", "requestId": uuid4().hex},
        ),
        400,
    )
    assert wrong["code"] == "payment-password-incorrect"
    back = await down.post(
        "/wps/member/transfer/upline",
        {"amount": "5.50", "paymentPassword": PAY, "requestId": uuid4().hex},
    )
    assert back["direction"] == "UP" and "*" in back["counterpart"]
    # Money sent straight back is a round trip: held for the risk team, the agent has
    # nothing yet, the player's side shows it sent.
    assert back["held"] and not sent["held"]
    mine = await up.get("/wps/member/transfer/records")
    theirs = await down.get("/wps/member/transfer/records")
    assert sorted(Decimal(str(r["amount"])) for r in mine["rows"]) == [Decimal("-20.00")]
    assert sorted(Decimal(str(r["amount"])) for r in theirs["rows"]) == [
        Decimal("-5.50"),
        Decimal("20.00"),
    ]
    # A player is not an agent: the downline call and the reports are refused.
    refused = await _refused(down.post("/wps/agent/transfer/downline", body), 403)
    assert refused["code"] == "agent-only"
    await _refused(down.get("/wps/agent/report/statements"), 403)


async def test_reports_answer_the_downline_figures_only() -> None:
    agent = await top_agent(OPEN)
    player = await downline(agent, as_agent=False, code=OPEN)
    outsider = await downline(await top_agent(OPEN), as_agent=False, code=OPEN)
    now = datetime.now(UTC)
    await fact(player, "40.00", "10.00", now - timedelta(hours=1))
    await fact(outsider, "500.00", "0.00", now - timedelta(hours=1))
    client = await _client(agent)
    bets = await client.get("/wps/agent/report/bets")
    assert bets["total"] == 1 and Decimal(str(bets["totals"]["bet"])) == Decimal("40.00")
    statements = await client.get("/wps/agent/report/statements")
    assert Decimal(str(statements["totals"]["net"])) == Decimal("-30.00")
    assert statements["rows"][0]["level"] == 1  # the agent's own player, by name
    assert statements["rows"][0]["member"] == player.username
    days = await client.get("/wps/agent/report/revenue")
    assert sum(Decimal(str(d["totals"]["validBet"])) for d in days) == Decimal("40.00")
    transactions = await client.get("/wps/agent/report/transactions", {"kind": "DEPOSIT"})
    assert transactions["total"] == 0
    bad = await _refused(client.get("/wps/agent/report/transactions", {"kind": "NOPE"}), 422)
    assert bad["code"] == "agent-report-invalid-filter"
    since = (now - timedelta(days=400)).isoformat()
    too_long = await _refused(client.get("/wps/agent/report/bets", {"since": since}), 422)
    assert too_long["code"] == "agent-report-range-too-long"
