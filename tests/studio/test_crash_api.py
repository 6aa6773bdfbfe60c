"""Crash through the studio's game-client API: a launch of BGS_CRASH exchanged for a game
session, the shared round read, a bet, a cash-out decided by the server's clock, the player's
bets and a crashed round's verification; another game's session is refused."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from decimal import Decimal

import pytest

from app.client import ApiError, PlatformClient
from app.core import clock
from app.services.studio.crash import fairness
from app.services.studio.crash import rounds as crash_rounds
from tests.helpers.crash_game import at_ms, fresh_round
from tests.helpers.money import cash
from tests.helpers.seamless import funded_member
from tests.studio.test_studio_api import game_client

MakeClient = Callable[..., PlatformClient]


async def test_a_crash_round_through_the_game_client_api(make_client: MakeClient) -> None:
    row = await fresh_round(crash_from=120)  # its flight lasts past 1.20x
    member = await funded_member("20.00")
    client, opened = await game_client(make_client, member, "BGS_CRASH")
    assert opened["gameCode"] == "BGS_CRASH"

    state = await client.get("/studio/crash/round")
    assert (state["phase"], state["number"], state["crash"]) == ("betting", 1, None)
    placed = await client.post("/studio/crash/bets", {"slot": 1, "bet": "5.00"})
    assert Decimal(placed["balance"]) == Decimal("15.00")
    with pytest.raises(ApiError) as early:
        await client.post("/studio/crash/cashout", {"slot": 1})
    assert early.value.code == "crash-not-started"

    at_ms(row, fairness.duration_ms(110))
    await asyncio.sleep(crash_rounds.SHARED_SECONDS)  # the process's shared board has the bet
    running = await client.get("/studio/crash/round")
    assert running["phase"] == "running" and running["crash"] is None
    assert [line["status"] for line in running["feed"]] == ["OPEN"]
    cashed = await client.post("/studio/crash/cashout", {"slot": 1})
    assert (Decimal(cashed["multiplier"]), Decimal(cashed["payout"])) == (
        Decimal("1.10"),
        Decimal("5.50"),
    )
    assert await cash(member) == Decimal("20.50")

    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    await crash_rounds.drive(clock.now())
    crashed = await client.get("/studio/crash/round")
    assert Decimal(crashed["crash"]) == Decimal(row.crash_hundredths) / 100
    (mine,) = await client.get("/studio/crash/bets")
    assert (mine["status"], mine["roundId"]) == ("CASHED", f"crash-{row.id}")
    check = await client.get(f"/studio/crash/rounds/crash-{row.id}/verify")
    assert check["matches"] and check["number"] == 1


async def test_another_games_session_is_refused(make_client: MakeClient) -> None:
    member = await funded_member("5.00")
    client, _ = await game_client(make_client, member, "BGS_DICE")
    for call in (client.get("/studio/crash/round"), client.get("/studio/crash/bets")):
        with pytest.raises(ApiError) as refused:
            await call
        assert refused.value.code == "crash-wrong-game"
    with pytest.raises(ApiError) as unknown:
        await client.get("/studio/crash/rounds/crash-x/verify")
    assert unknown.value.code == "crash-wrong-game"
