"""The studio's game-client API (`/studio/...`): a launch token from launchGame exchanged once
for a game session, rounds played over HTTP with money moving through the ledger, and a
player kept to their own rounds of the session's game."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope, write_transaction
from app.core.security import token_digest
from app.services.accounts import sessions
from app.services.seamless import wallet
from app.services.studio import seeds
from models import Member
from models.base import utcnow
from models.games import GameSession
from models.studio import RoundStatus, StudioRound
from tests.helpers.money import books_differences, cash, entry_count
from tests.helpers.seamless import CURRENCY, funded_member

DICE = "BGS_DICE"
LIMBO = "BGS_LIMBO"
POKER = "BGS_POKER_JACKS"
UNDER_50 = {"target": "50.00", "direction": "under"}

MakeClient = Callable[..., PlatformClient]


async def launch_token(make_client: MakeClient, member: Member, game_code: str) -> str:
    """Real play launched as the lobby does it; the token travels in the game URL."""
    lobby = make_client(language="EN")
    lobby.token = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    value = await lobby.post(
        "/wps/game/launchGame",
        {"gameCode": game_code, "vassalage": wallet.STUDIO_VENDOR, "accountType": 1},
    )
    return parse_qs(urlsplit(value["content"]["game_url"]).query)["token"][0]


async def game_client(
    make_client: MakeClient, member: Member, game_code: str = DICE
) -> tuple[PlatformClient, dict[str, Any]]:
    """A game client holding the game session of a fresh launch."""
    client = make_client(language="EN")
    opened = await client.post(
        "/studio/session", {"launchToken": await launch_token(make_client, member, game_code)}
    )
    client.token = opened["sessionToken"]
    return client, opened


async def refused(call: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def test_a_launch_token_is_exchanged_once(make_client: MakeClient) -> None:
    member = await funded_member("50.00")
    token = await launch_token(make_client, member, DICE)
    client = make_client(language="EN")
    opened = await client.post("/studio/session", {"launchToken": token})
    assert (opened["gameCode"], opened["currency"], Decimal(opened["balance"])) == (
        DICE,
        CURRENCY,
        Decimal("50.00"),
    )
    limits = {name: Decimal(value) for name, value in opened["limits"].items()}
    assert limits["minBet"] < Decimal("1.00") < limits["maxBet"] < limits["maxWin"]
    assert opened["openRound"] is None
    assert len(opened["sessionToken"]) >= 22 and opened["sessionToken"] != token

    again = await refused(client.post("/studio/session", {"launchToken": token}))
    assert (again.status, again.code) == (401, "seamless-invalid-token")
    assert again.body["message"] == "This game link is no longer valid. Open the game again."
    portuguese = make_client(language="PT")
    unknown = await refused(portuguese.post("/studio/session", {"launchToken": "made-up"}))
    assert (unknown.status, unknown.code) == (401, "seamless-invalid-token")
    assert unknown.body["message"].startswith("Este link do jogo")
    # the member's login token is no launch token
    login = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    assert (await refused(client.post("/studio/session", {"launchToken": login}))).status == 401

    client.token = opened["sessionToken"]
    assert await client.get("/studio/balance") == {"balance": "50.00", "currency": CURRENCY}


async def test_single_step_rounds_move_the_balance_through_the_ledger(
    make_client: MakeClient,
) -> None:
    member = await funded_member("30.00")
    client, _ = await game_client(make_client, member, DICE)
    played = [
        await client.post("/studio/rounds", {"bet": "1.00", "params": UNDER_50}) for _ in range(4)
    ]
    assert all(r["finished"] and r["status"] == RoundStatus.SETTLED for r in played)
    assert all(r["gameCode"] == DICE and r["stake"] == "1.00" for r in played)
    assert [r["nonce"] for r in played] == list(range(played[0]["nonce"], played[0]["nonce"] + 4))
    paid = sum((Decimal(r["payout"]) for r in played), Decimal(0))
    expected = Decimal("30.00") - 4 + paid
    assert Decimal(played[-1]["balance"]) == expected == await cash(member)
    assert Decimal((await client.get("/studio/balance"))["balance"]) == expected
    listed = await client.get("/studio/rounds")
    assert [r["roundId"] for r in listed] == [r["roundId"] for r in reversed(played)]
    assert len(await client.get("/studio/rounds", {"limit": 2})) == 2

    limbo, _ = await game_client(make_client, member, LIMBO)
    round_ = await limbo.post("/studio/rounds", {"bet": "2.50", "params": {"target": "2.00"}})
    assert round_["finished"] and Decimal(round_["quoted"]) == 2
    assert Decimal(round_["payout"]) in (Decimal(0), Decimal("5.00"))
    assert Decimal(round_["balance"]) == expected - Decimal("2.50") + Decimal(round_["payout"])
    assert Decimal(round_["balance"]) == await cash(member)
    # each session shows its own game's rounds only
    assert [r["roundId"] for r in await limbo.get("/studio/rounds")] == [round_["roundId"]]

    verified = await client.get(f"/studio/rounds/{played[0]['roundId']}/verify")
    assert verified["round"]["roundId"] == played[0]["roundId"]
    assert verified["serverSeed"] is None and verified["matches"] is None  # not revealed yet
    committed = await client.get("/studio/seeds")
    assert committed["serverSeedHash"] == played[0]["serverSeedHash"]
    assert committed["nextNonce"] == played[-1]["nonce"] + 2  # the limbo round took one too
    rotated = await client.post("/studio/seeds/rotate", {})
    revealed = rotated["revealed"]
    assert revealed["serverSeedHash"] == committed["serverSeedHash"]
    assert hashlib.sha256(revealed["serverSeed"].encode()).hexdigest() == revealed["serverSeedHash"]
    assert rotated["current"]["serverSeedHash"] != revealed["serverSeedHash"]
    assert rotated["current"]["nextNonce"] == 0
    verified = await client.get(f"/studio/rounds/{played[0]['roundId']}/verify")
    assert verified["matches"] is True and verified["hashMatches"] is True
    assert verified["detail"] == played[0]["detail"]
    async with session_scope() as session:
        assert await books_differences(session) == ()


async def test_video_poker_is_dealt_then_drawn(make_client: MakeClient) -> None:
    member = await funded_member("20.00")
    client, _ = await game_client(make_client, member, POKER)
    dealt = await client.post("/studio/rounds", {"bet": "2.00"})
    assert (dealt["finished"], dealt["status"], len(dealt["detail"]["cards"])) == (
        False,
        RoundStatus.OPEN,
        5,
    )
    assert Decimal(dealt["balance"]) == Decimal("18.00") == await cash(member)
    twice = await refused(client.post("/studio/rounds", {"bet": "2.00"}))
    assert (twice.status, twice.code) == (409, "play-round-open")

    # a new session of the game (the page reloaded, say) comes back to the dealt round
    client, reopened = await game_client(make_client, member, POKER)
    assert reopened["openRound"]["roundId"] == dealt["roundId"]
    finish = f"/studio/rounds/{dealt['roundId']}/finish"
    entries = await entry_count()
    for choice in ({"hold": [7]}, {"hold": "all"}, {"hold": [0, 0]}):
        bad = await refused(client.post(finish, {"choice": choice}))
        assert (bad.status, bad.code) == (400, "studio-poker-hold")
    assert await entry_count() == entries
    drawn = await client.post(finish, {"choice": {"hold": [0, 2]}})
    assert drawn["finished"] and drawn["status"] == RoundStatus.SETTLED
    assert drawn["detail"]["cards"][0] == dealt["detail"]["cards"][0]
    assert Decimal(drawn["balance"]) == Decimal("18.00") + Decimal(drawn["payout"])
    assert Decimal(drawn["balance"]) == await cash(member)
    again = await refused(client.post(finish, {"choice": {"hold": []}}))
    assert (again.status, again.code) == (409, "play-round-finished")

    await seeds.rotate(seeds.member_owner(member.id or 0))
    checked = await client.get(f"/studio/rounds/{dealt['roundId']}/verify")
    assert checked["matches"] is True and checked["choice"] == {"hold": [0, 2]}
    assert checked["detail"] == drawn["detail"]


async def test_a_player_reaches_only_their_own_rounds_of_the_session_game(
    make_client: MakeClient,
) -> None:
    alice, bob = await funded_member("20.00"), await funded_member("20.00")
    alice_dice, _ = await game_client(make_client, alice, DICE)
    alice_poker, _ = await game_client(make_client, alice, POKER)
    bob_poker, _ = await game_client(make_client, bob, POKER)
    hers = await alice_dice.post("/studio/rounds", {"bet": "1.00", "params": UNDER_50})
    dealt = await alice_poker.post("/studio/rounds", {"bet": "1.00"})
    before = (await cash(alice), await cash(bob), await entry_count())

    for path in (
        f"/studio/rounds/{dealt['roundId']}/verify",
        f"/studio/rounds/{hers['roundId']}/verify",
    ):
        other = await refused(bob_poker.get(path))
        assert (other.status, other.code) == (404, "play-round-unknown")
    stolen = await refused(
        bob_poker.post(f"/studio/rounds/{dealt['roundId']}/finish", {"choice": {"hold": []}})
    )
    assert (stolen.status, stolen.code) == (404, "play-round-unknown")
    # Alice's dice session plays dice only: her poker round is not its to draw
    other_game = await refused(
        alice_dice.post(f"/studio/rounds/{dealt['roundId']}/finish", {"choice": {"hold": []}})
    )
    assert (other_game.status, other_game.code) == (404, "play-round-unknown")
    assert await bob_poker.get("/studio/rounds") == []
    assert (await cash(alice), await cash(bob), await entry_count()) == before
    async with session_scope() as session:
        row = (
            await session.exec(select(StudioRound).where(StudioRound.round_id == dealt["roundId"]))
        ).one()
    assert row.status == RoundStatus.OPEN
    drawn = await alice_poker.post(
        f"/studio/rounds/{dealt['roundId']}/finish", {"choice": {"hold": []}}
    )
    assert drawn["finished"]


async def test_bad_input_is_refused_and_moves_nothing(make_client: MakeClient) -> None:
    member = await funded_member("5.00")
    client, _ = await game_client(make_client, member, DICE)
    played = await client.post("/studio/rounds", {"bet": "1.00", "params": UNDER_50})
    balance = await cash(member)
    entries = await entry_count()
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"bet": "abc", "params": UNDER_50}, 400, "play-bet-invalid"),
        ({"bet": "1.005", "params": UNDER_50}, 400, "play-bet-invalid"),
        ({"bet": "-1", "params": UNDER_50}, 400, "play-bet-invalid"),
        ({"bet": "NaN", "params": UNDER_50}, 400, "play-bet-invalid"),
        ({"bet": "1E+40", "params": UNDER_50}, 400, "play-bet-invalid"),
        ({"bet": "0.01", "params": UNDER_50}, 400, "studio-bet-out-of-range"),
        ({"bet": "5000", "params": UNDER_50}, 400, "studio-bet-out-of-range"),
        ({"bet": "50.00", "params": UNDER_50}, 400, "play-bet-over-balance"),
        ({"bet": "1.00", "params": {}}, 400, "studio-dice-direction"),
        ({"bet": "1.00", "params": {"target": "99.5", "direction": "under"}}, 400,
         "studio-dice-target"),
        ({"bet": "1.00", "params": {"target": "1e999999", "direction": "over"}}, 400,
         "studio-dice-target"),
        ({"bet": "1.00", "params": {"target": [], "direction": {}}}, 400,
         "studio-dice-direction"),
        ({"bet": 1, "params": UNDER_50}, 422, "validation-failed"),
        ({"params": UNDER_50}, 422, "validation-failed"),
        ({"bet": "1.00", "params": []}, 422, "validation-failed"),
    ]  # fmt: skip
    for body, status, code in cases:
        response = await client.raw("POST", "/studio/rounds", json=body)
        assert (response.status_code, response.json()["code"]) == (status, code), body
    # The bet range is written as the brand writes money, in the reader's language
    # (brands.Money), never as plain figures with a currency code ("0.10 and 1,000.00 BRL").
    out_of_range = await client.raw(
        "POST", "/studio/rounds", json={"bet": "0.01", "params": UNDER_50}
    )
    assert (
        out_of_range.json()["message"] == "The bet must be between R$\xa00.10 and R$\xa01,000.00."
    )
    client.language = "PT"
    out_of_range = await client.raw(
        "POST", "/studio/rounds", json={"bet": "5000", "params": UNDER_50}
    )
    assert (
        out_of_range.json()["message"] == "A aposta deve ficar entre R$\xa00,10 e R$\xa01.000,00."
    )
    client.language = "EN"
    malformed = await client.raw(
        "POST",
        "/studio/rounds",
        content=b"{not json",
        headers={"Content-Type": "application/json"},
    )
    assert (malformed.status_code, malformed.json()["code"]) == (400, "malformed-json")
    single = await refused(
        client.post(f"/studio/rounds/{played['roundId']}/finish", {"choice": {}})
    )
    assert (single.status, single.code) == (409, "play-round-finished")
    for unknown in ("0-0", "x" * 64, "1-1' OR 1=1"):
        missing = await refused(client.get(f"/studio/rounds/{unknown}/verify"))
        assert (missing.status, missing.code) == (404, "play-round-unknown")
    too_long = await client.raw("GET", f"/studio/rounds/{'x' * 65}/verify")
    assert too_long.status_code == 422
    assert (await client.raw("GET", "/studio/rounds", params={"limit": 0})).status_code == 422
    assert (await client.raw("GET", "/studio/nothing")).json()["code"] == "not-found"
    assert await cash(member) == balance
    assert await entry_count() == entries


async def test_unknown_and_ended_sessions_are_refused(make_client: MakeClient) -> None:
    member = await funded_member("10.00")
    client, opened = await game_client(make_client, member, DICE)
    login = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    calls = (
        ("GET", "/studio/balance", None),
        ("GET", "/studio/rounds", None),
        ("POST", "/studio/rounds", {"bet": "1.00", "params": UNDER_50}),
        ("POST", "/studio/rounds/1-1/finish", {"choice": {}}),
        ("GET", "/studio/rounds/1-1/verify", None),
    )
    stranger = make_client(language="EN")
    for token in (None, "made-up", login, f"Bearer {login}"):
        stranger.token = token
        for method, path, body in calls:
            response = await stranger.raw(method, path, json=body)
            assert (response.status_code, response.json()["code"]) == (
                401,
                "seamless-invalid-session",
            ), (token, path)
    client.token = f"Bearer {opened['sessionToken']}"  # the Bearer scheme is accepted too
    assert (await client.get("/studio/balance"))["balance"] == "10.00"
    # the game session token is no login either
    member_call = await client.raw("GET", "/wps/member/info")
    assert member_call.status_code == 401

    async with write_transaction() as session:
        stored = (
            await session.exec(
                select(GameSession).where(
                    GameSession.session_token_digest == token_digest(opened["sessionToken"])
                )
            )
        ).one()
        stored.expires_at = utcnow() - timedelta(seconds=1)
        session.add(stored)
    entries = await entry_count()
    for method, path, body in calls:
        response = await client.raw(method, path, json=body)
        assert response.status_code == 401, path
        assert response.json()["code"] == "seamless-session-expired"
        assert response.json()["message"] == "The game session has expired. Open the game again."
    assert await cash(member) == Decimal("10.00")
    assert await entry_count() == entries


async def test_the_player_sets_their_client_seed_and_cannot_rotate_over_a_dealt_hand(
    make_client: MakeClient,
) -> None:
    member = await funded_member("10.00")
    client, _ = await game_client(make_client, member, DICE)
    chosen = await client.put("/studio/seeds/client", {"clientSeed": "my-own-seed"})
    assert chosen["clientSeed"] == "my-own-seed"
    played = await client.post("/studio/rounds", {"bet": "1.00", "params": UNDER_50})
    assert played["clientSeed"] == "my-own-seed"
    bad = await refused(client.put("/studio/seeds/client", {"clientSeed": "   "}))
    assert (bad.status, bad.code) == (400, "play-client-seed-invalid")
    assert (await client.get("/studio/seeds"))["clientSeed"] == "my-own-seed"

    poker, _ = await game_client(make_client, member, POKER)
    await poker.post("/studio/rounds", {"bet": "1.00"})
    kept = await client.get("/studio/seeds")
    refusal = await refused(poker.post("/studio/seeds/rotate", {}))
    assert (refusal.status, refusal.code) == (409, "play-rotate-open-round")
    assert await client.get("/studio/seeds") == kept
