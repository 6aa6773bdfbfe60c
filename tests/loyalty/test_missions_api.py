"""The mission summary and leaderboard calls at the spec's paths (T), and the claim: the
member's own progress, a reward paid once, masked names, and bad input answered with a
translated error and no change."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from uuid import uuid4

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.core.db import session_scope, write_transaction
from app.services import wager_facts
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from app.services.loyalty import missions
from models import Member
from models.base import utcnow
from tests.helpers.accounts import register
from tests.helpers.api import platform_api
from tests.helpers.facts import facts_readable
from tests.helpers.money import CURRENCY

MakeClient = Callable[..., PlatformClient]
SUMMARY = "/wps/relay/MCSFE_getMissionSummaryDetails"
LEADERBOARD = "/wps/relay/MCSFE_getMissionLeaderboard"
CLAIM = "/wps/relay/MCSFE_claimMissionReward"
BALANCE = "/wps/v2/wallets/balance"
SANDBOX = SandboxProvider()


async def _member(
    make_client: MakeClient, language: str = "EN", merchant: str | None = None
) -> tuple[PlatformClient, int]:
    client = make_client(language=language, merchant=merchant)
    await register(client)
    info = await client.get("/wps/member/info")
    return client, info["id"]


async def _rounds(member_id: int, brand_id: int, count: int, game: str = "BGS_SLOT_JUNGLE") -> None:
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member_id,
                    brand_id=brand_id,
                    vendor="BGS",
                    game_code=game,
                    category="INHOUSE",
                    currency=CURRENCY,
                    round_ref=uuid4().hex,
                    bet=Decimal("2.00"),
                    valid_bet=Decimal("2.00"),
                    win=Decimal("0.00"),
                    settled_at=utcnow(),
                )
                for _ in range(count)
            ],
        )
    await facts_readable()


def _originals(summary: dict[str, object]) -> dict[str, object]:
    found = [m for m in summary["missions"] if m["code"] == "ORIGINALS-5"]  # type: ignore[attr-defined]
    return found[0]  # type: ignore[no-any-return]


async def test_summary_claim_and_leaderboard(make_client: MakeClient) -> None:
    await missions.register()
    await missions.catch_up(utcnow())
    client, member_id = await _member(make_client, "PT")
    other, _ = await _member(make_client)
    async with session_scope() as session:
        member = await session.get(Member, member_id)
    assert member is not None
    brand_id = member.merchant_id

    summary = await client.get(SUMMARY)
    mission = _originals(summary)
    assert (mission["progress"], mission["target"], mission["status"]) == (0, 5, "progress")
    assert mission["title"] == "Jogue 5 rodadas nos Originais"
    assert {m["period"] for m in (await client.get(SUMMARY, {"period": "WEEKLY"}))["missions"]} == {
        "WEEKLY"
    }

    await _rounds(member_id, brand_id, 5)
    await missions.catch_up(utcnow())
    summary = await client.get(SUMMARY)
    assert _originals(summary)["status"] == "claimable"
    assert summary["claimable"] == 1
    assert (await other.get(SUMMARY))["claimable"] == 0  # only the caller's own progress

    before = Decimal((await client.get(BALANCE))["sumBalance"])
    claimed = await client.post(CLAIM, {"missionId": _originals(summary)["id"]})
    again = await client.post(CLAIM, {"missionId": _originals(summary)["id"]})
    assert claimed["status"] == again["status"] == "claimed"
    assert Decimal((await client.get(BALANCE))["sumBalance"]) - before == Decimal("1.00")
    assert (await client.get(SUMMARY))["claimable"] == 0

    board = await client.get(LEADERBOARD, {"raceCode": "WEEKLY-TURNOVER"})
    assert board["metric"] == "TURNOVER"
    mine = [row for row in board["rows"] if row["mine"]]
    assert board["myRank"] is not None and Decimal(board["myScore"]) >= Decimal("10.00")
    assert all("***" in row["name"] for row in board["rows"])
    # The member's own row is marked when the board shows their rank (other tests' members
    # of this database may outrank them on a short board).
    if board["myRank"] <= len(board["rows"]):
        assert [row["rank"] for row in mine] == [board["myRank"]]
    else:
        assert mine == []


@pytest.mark.parametrize(
    ("path", "params", "code", "status"),
    [
        (SUMMARY, {"period": "MONTHLY"}, None, 422),
        (LEADERBOARD, {"raceCode": "NO-SUCH-RACE"}, "race-not-found", 404),
        (LEADERBOARD, {"raceCode": "bad code!"}, None, 422),
        (LEADERBOARD, {"limitNum": 500}, None, 422),
    ],
)
async def test_bad_queries_are_refused_in_the_callers_language(
    make_client: MakeClient, path: str, params: dict[str, object], code: str | None, status: int
) -> None:
    client, _ = await _member(make_client, "PT")
    with pytest.raises(ApiError) as caught:
        await client.get(path, params)
    assert caught.value.status == status
    if code:
        assert caught.value.code == code
    assert caught.value.body["message"] and "race" not in caught.value.body["message"].lower()


async def test_bad_claims_change_nothing(make_client: MakeClient) -> None:
    await missions.register()
    client, _ = await _member(make_client, "PT")
    summary = await client.get(SUMMARY)
    balance = await client.get(BALANCE)
    for body, status in (
        ({"missionId": _originals(summary)["id"]}, 409),  # not complete
        ({"missionId": 2**31 - 1}, 404),
        ({"missionId": "x"}, 422),
        ({}, 422),
    ):
        with pytest.raises(ApiError) as caught:
            await client.post(CLAIM, body)
        assert caught.value.status == status
        assert caught.value.body["message"]
    assert await client.get(BALANCE) == balance
    with pytest.raises(ApiError) as caught:
        await make_client().get(SUMMARY)
    assert caught.value.status == 401
    trial = make_client()
    await trial.start_free_play()
    with pytest.raises(ApiError) as caught:
        await trial.post(CLAIM, {"missionId": _originals(summary)["id"]})
    assert caught.value.status == 403


async def test_a_deposit_paid_through_the_cashier_completes_the_deposit_mission(
    make_client: MakeClient,
) -> None:
    brazil, _ = await _member(make_client, "PT")  # BR1: no reward for a deposit before a bet
    assert "DEPOSIT-1" not in {m["code"] for m in (await brazil.get(SUMMARY))["missions"]}
    client, _ = await _member(make_client, "PT", merchant="BR2")
    deposit = next(m for m in (await client.get(SUMMARY))["missions"] if m["code"] == "DEPOSIT-1")
    assert (deposit["progress"], deposit["status"]) == (0, "progress")
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50.00"})
    assert await SANDBOX.settle(
        await deposits.order_by_number(order["orderNo"]),
        True,
        transport=httpx.ASGITransport(app=platform_api()),
    )
    summary = await client.get(SUMMARY)
    deposit = next(m for m in summary["missions"] if m["code"] == "DEPOSIT-1")
    assert (deposit["progress"], deposit["status"]) == (1, "claimable")
    before = Decimal((await client.get(BALANCE))["sumBalance"])
    await client.post(CLAIM, {"missionId": deposit["id"]})
    assert Decimal((await client.get(BALANCE))["sumBalance"]) - before == Decimal("3.00")
