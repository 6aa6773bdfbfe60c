"""Authorisation matrix over every /wps, /lgw, /vendor and /studio call of the app's OpenAPI
document, classified at run time from its dependencies (tests/helpers/routes.py): a call added
later is in the matrix without anyone listing it, and a guard the matrix cannot read fails it.

- no token, a made-up token, or another brand's member: refused on every protected call;
- a trial token: refused on member-only calls; a player's token: refused on agent, operator
  and server-to-server calls;
- the studio's game-client calls take a game session token (from a launch) and nothing else:
  a login token is refused there, and a game session token everywhere else;
- member B's token on member A's resources (every call with an id in its path, every list):
  refused, or answered without anything of A's, with login and game session tokens alike; the
  same for an operator of another brand.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.client import PlatformClient
from app.core import clock
from app.core.db import session_scope
from app.services.accounts import sessions
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from models import Member
from models.base import utcnow
from tests.helpers.accounts import PASSWORD, make_member, new_cpf, register
from tests.helpers.api import platform_api
from tests.helpers.lottery import open_issue
from tests.helpers.money import wager
from tests.helpers.routes import Access, Operation, operations
from tests.helpers.seamless import studio_session_token

PAY_PASSWORD = "246810"
CPF = new_cpf()  # A's own (Brazil: the one payout key A may bind)
# Guard answers: refused for want of a (suitable) login.
REFUSED = {401, 403}
# A valid body for calls that need one before their handler looks the resource up; a call
# missing here is sent `{}` (and the test says so if that is not enough).
BODIES: dict[str, dict[str, Any]] = {
    "POST /wps/payment/withdraw/orders/{order_no}/confirmation": {"form": {"answer": "RECEIVED"}},
    "POST /wps/operator/withdrawals/{order_no}/payouts": {"json": {"partNo": 1, "amount": "1.00"}},
    "POST /wps/operator/withdrawals/{order_no}/reject": {"json": {"reason": "matrix"}},
    "POST /wps/operator/withdrawals/{order_no}/investigation": {"json": {"outcome": "RECEIVED"}},
    "POST /wps/promotions/{promotion_id}/application": {"form": {"comment": "matrix"}},
    "POST /wps/operator/promotions/applications/{entry_id}": {"json": {"decision": "process"}},
    "POST /wps/relay/MCSFE_signUpPromotionJoin": {"json": {"promotionId": 1}},
    "POST /wps/relay/MCSFE_claimMissionReward": {"json": {"missionId": 1}},
    "POST /wps/relay/MCSFE_signUpRequestReward": {"json": {"promotionId": 1}},
    "POST /wps/relay/MCS2_claimRafflePromotion": {"json": {"promotionId": 1}},
    "POST /wps/operator/feedback/{ticket_id}/reply": {"json": {"body": "matrix"}},
    "POST /wps/member/feedback/{ticket_id}/reply": {"json": {"body": "matrix"}},
}

# Path parameters that name shared things (games, vendors), not a member's resources.
SHARED_PARAMETERS = {
    "provider",
    "vendorCode",
    "vassalage",
    "gameCode",
    "language",
    "promotion_id",  # a brand's promotion, the same for every member
    "crashRound",  # a brand's Crash round: one for every player, verifiable by all
}


def _shows(text: str, marker: str) -> bool:
    """The marker stands in the text as a whole (not inside a longer word or id: a studio
    round "1-0" is not in a lottery issue number "20400131-0001")."""
    return re.search(rf"(?<![\w-]){re.escape(marker)}(?![\w-])", text) is not None


@dataclass
class Actor:
    """A client and the member it calls as (None: no login). Every call gets a fresh session,
    so that a logout or a password change in one call leaves the next ones logged in; with
    `game` the session is a studio game session instead of a login."""

    client: PlatformClient
    member: Member | None = None
    game: bool = False

    async def fresh(self) -> PlatformClient:
        if self.member is not None and self.game:
            self.client.token = await studio_session_token(self.member)
        elif self.member is not None:
            self.client.token = await sessions.open_session(self.member, "198.20.0.1", "", "WEB")
        return self.client


@dataclass
class World:
    app: FastAPI
    document: dict[str, Any]
    ops: list[Operation]
    a: Actor  # member A, who owns the resources
    b: Actor  # member B of the same brand
    a_game: Actor  # A and B through studio game sessions
    b_game: Actor
    trial: Actor
    agent: Actor
    operator: Actor  # operator of BR1, A's brand
    other_operator: Actor  # operator of BR2
    other_brand: Actor  # a BR2 member's token sent to BR1
    anonymous: Actor
    # path parameter values that name A's resources, and strings only A's answers may hold
    ids: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    payout_account_id: int = 0


def _client(app: FastAPI, merchant: str = "BR1") -> PlatformClient:
    address = f"198.20.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"
    transport = httpx.ASGITransport(app=app, client=(address, 50000))
    return PlatformClient("http://localhost", merchant=merchant, transport=transport)


async def _member(merchant: str = "BR1", **fields: Any) -> Actor:
    return Actor(_client(platform_api(), merchant), await make_member(merchant, **fields))


async def _actor(client: PlatformClient) -> Actor:
    member_id = (await client.get("/wps/member/info"))["id"]
    async with session_scope() as session:
        return Actor(client, await session.get(Member, member_id))


async def _withdrawer(
    app: FastAPI, client: PlatformClient, payee: str, cpf: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A member who could withdraw: a CPF, payee name, payment password, a wagered deposit."""
    await register(client, payeeName=payee, cpf=cpf)
    info = await client.get("/wps/member/info")
    await client.post(
        "/wps/member/paymentPassword",
        {"loginPassword": PASSWORD, "paymentPassword": PAY_PASSWORD,
         "confirmPaymentPassword": PAY_PASSWORD},
        sealed=True,
    )  # fmt: skip
    deposit = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "300.00"})
    await SandboxProvider().settle(
        await deposits.order_by_number(deposit["orderNo"]),
        True,
        transport=httpx.ASGITransport(app=app),
    )
    await wager(info["id"], "300.00")
    return info, deposit


async def _a_lottery_bet(a: Actor) -> dict[str, Any]:
    """A lottery bet of A's on a 5-minute issue of a day no other test uses, placed with the
    clock (which the API reads) in its betting window: today's issues are not this test's (a
    test that draws its own day's issues closes every issue before it, today's too)."""
    issue, now = await open_issue("ssc-5m")
    clock.advance((now - clock.now()).total_seconds())
    try:
        body = {
            "gameCode": "ssc-5m",
            "issueNo": issue.issue_no,
            "playCode": "ssc.position",
            "selection": {"options": ["1:0"]},
            "unit": "1.00",
        }
        placed: dict[str, Any] = await (await a.fresh()).post("/lgw/lotto/bets", body)
    finally:
        clock.reset()
    await a.fresh()  # a session of the real day again
    return placed


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[World]:
    app = platform_api()
    a = _client(app)
    holder = "Titular " + "".join(secrets.choice("bcdfghjklmnpqrstvwxz") for _ in range(8))
    info, deposit = await _withdrawer(app, a, holder, CPF)
    account = await a.post(
        "/wps/member/payoutAccounts",
        {
            "type": "PIX",
            "pixKeyType": "CPF",
            "pixKey": CPF,
            "holderName": holder,
            "password": PASSWORD,
        },
    )
    pending = await a.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50.00"})
    withdrawal = await a.post(
        "/wps/payment/withdraw",
        {"amount": "100.00", "payoutAccountId": account["id"], "paymentPassword": PAY_PASSWORD},
        sealed=True,
    )
    await a.post("/wps/relay/MCSFE_addFavoriteGameV2", await _a_game(a))
    ticket = await a.put(
        "/wps/feedback", {"questionType": "other", "content": f"Ticket of {holder}"}
    )
    a_member = await _actor(a)
    a_game = Actor(_client(app), a_member.member, game=True)
    studio_round = await (await a_game.fresh()).post(
        "/studio/rounds", {"bet": "1.00", "params": {"target": "50.00", "direction": "over"}}
    )

    lottery_bet = await _a_lottery_bet(a_member)
    assert a_member.member is not None and a_member.member.id is not None
    a_grant = await bonus.grant(
        a_member.member.id,
        BonusTerms(amount=Decimal("5.00"), multiplier=10, weights={}, days=7),
        f"matrix-{secrets.token_hex(6)}",
        utcnow(),
    )

    b = _client(app)
    await _withdrawer(app, b, "Maria da Silva", new_cpf())
    trial = _client(app)
    await trial.start_free_play()
    other_brand = await _member("BR2")
    other_brand.client.merchant = "BR1"
    b_member = await _actor(b)
    world = World(
        app=app,
        document=app.openapi(),
        ops=operations(app),
        a=a_member,
        b=b_member,
        a_game=a_game,
        b_game=Actor(_client(app), b_member.member, game=True),
        trial=await _actor(trial),
        agent=await _member(account_type=1),
        operator=await _member(account_type=99),
        other_operator=await _member("BR2", account_type=99),
        other_brand=other_brand,
        anonymous=Actor(_client(app)),
        ids=[
            deposit["orderNo"],
            pending["orderNo"],
            withdrawal["orderNo"],
            str(account["id"]),
            studio_round["roundId"],
            lottery_bet["betUid"],
            str(a_grant.id),
            str(ticket),
        ],
        markers=[
            info["account"],
            holder,
            deposit["orderNo"],
            pending["orderNo"],
            withdrawal["orderNo"],
            CPF.replace(".", "").replace("-", ""),
            studio_round["roundId"],
            lottery_bet["betUid"],
        ],
        payout_account_id=account["id"],
    )
    yield world
    for actor in (world.a, world.b, world.a_game, world.b_game, world.trial, world.agent,
                  world.operator, world.other_operator, world.other_brand,
                  world.anonymous):  # fmt: skip
        await actor.client.aclose()


async def _a_game(client: PlatformClient) -> dict[str, Any]:
    page = await client.get("/wps/relay/GCSGAME_gameList", {"pageSize": 1})
    game = page["content"][0]
    return {"nodeId": game["nodeId"], "vendor": game["vassalage"], "gameType": game["gameType"]}


async def _call(
    world: World, actor: Actor, op: Operation, values: dict[str, str] | None = None
) -> httpx.Response:
    """One call of `op` as `actor`, path parameters filled, with its known body (sealed for
    calls marked E, a form for multipart ones, else JSON)."""
    client = await actor.fresh()
    path = re.sub(r"\{(\w+)\}", lambda m: (values or {}).get(m.group(1), "1"), op.path)
    definition = world.document["paths"][op.path][op.method.lower()]
    body = BODIES.get(op.label, {})
    if "x-sealed-body" in definition:
        sealed = await client.sealed_body(op.method, path, body.get("json", {}))
        return await client.raw(op.method, path, json=sealed)
    content = definition.get("requestBody", {}).get("content", {})
    if "multipart/form-data" in content:
        form = httpx.Request("POST", "http://localhost/", data=body.get("form", {}), files={})
        return await client.raw(
            op.method,
            path,
            content=form.read(),
            headers={"Content-Type": form.headers["Content-Type"]},
        )
    if "application/json" in content:
        return await client.raw(op.method, path, json=body.get("json", {}))
    return await client.raw(op.method, path)


def _succeeded(response: httpx.Response) -> bool:
    if not response.is_success:
        return False
    try:
        document = response.json()
    except ValueError:
        return True  # a file (a proof image)
    return not isinstance(document, dict) or document.get("success") is not False


def _describe(response: httpx.Response) -> str:
    return f"{response.status_code} {response.text[:200]}"


def _of(world: World, *accesses: Access) -> list[Operation]:
    return [op for op in world.ops if op.access in accesses]


async def test_every_protected_call_is_classified(world: World) -> None:
    unknown = [f"{op.label} (guards {', '.join(op.unknown_guards)})" for op in world.ops
               if op.access is Access.UNKNOWN]  # fmt: skip
    assert not unknown, (
        "calls guarded by dependencies the matrix does not know; add them to GUARDS in "
        f"tests/helpers/routes.py: {unknown}"
    )
    # A call that asks for a login in its handler instead of through a dependency is
    # invisible to the classification: none may exist.
    hidden = []
    for op in _of(world, Access.PUBLIC):
        response = await _call(world, world.anonymous, op)
        if response.status_code == 401:
            hidden.append(f"{op.label}: {_describe(response)}")
    assert not hidden, f"public by their dependencies, yet they ask for a login: {hidden}"
    assert {Access.MEMBER, Access.REAL, Access.OPERATOR, Access.GAME_SESSION} <= {
        op.access for op in world.ops
    }


async def test_protected_calls_refuse_missing_forged_and_foreign_tokens(world: World) -> None:
    forged = Actor(_client(world.app))
    forged.client.token = secrets.token_urlsafe(32)
    failures = []
    logins = _of(world, Access.MEMBER, Access.REAL, Access.AGENT, Access.OPERATOR)
    games = _of(world, Access.GAME_SESSION)
    for op in logins + games:
        for who, client in (("no token", world.anonymous), ("forged token", forged),
                            ("BR2 member", world.other_brand)):  # fmt: skip
            response = await _call(world, client, op)
            if response.status_code != 401 or _succeeded(response):
                failures.append(f"{op.label} with {who}: {_describe(response)}")
    # a login is no game session, and a game session is no login
    for op, who, client in [*((op, "login", world.a) for op in games),
                            *((op, "game session", world.a_game) for op in logins)]:  # fmt: skip
        response = await _call(world, client, op)
        if response.status_code != 401 or _succeeded(response):
            failures.append(f"{op.label} with A's {who} token: {_describe(response)}")
    for op in _of(world, Access.SERVER):
        for who, client in (("no signature", world.anonymous), ("player token", world.b)):
            response = await _call(world, client, op)
            if _succeeded(response) or response.status_code >= 500:
                failures.append(f"{op.label} with {who}: {_describe(response)}")
    await forged.client.aclose()
    assert logins and games
    assert not failures, "\n".join(failures)


async def test_trial_tokens_are_refused_on_member_only_calls(world: World) -> None:
    failures = []
    accesses = (Access.REAL, Access.AGENT, Access.OPERATOR, Access.SERVER, Access.GAME_SESSION)
    for op in _of(world, *accesses):
        response = await _call(world, world.trial, op)
        if op.access is not Access.SERVER and response.status_code not in REFUSED:
            failures.append(f"{op.label}: {_describe(response)}")
        if _succeeded(response):
            failures.append(f"{op.label} succeeded: {_describe(response)}")
    # and the trial token is a live one: calls open to trial users accept it
    for op in _of(world, Access.MEMBER):
        response = await _call(world, world.trial, op)
        if response.status_code in REFUSED:
            failures.append(f"{op.label} refused a trial user: {_describe(response)}")
    assert not failures, "\n".join(failures)


async def test_player_tokens_are_refused_on_agent_and_operator_calls(world: World) -> None:
    failures = []
    for op in _of(world, Access.AGENT, Access.OPERATOR):
        for who, client in (("player", world.b), ("trial", world.trial)):
            response = await _call(world, client, op)
            if response.status_code != 403 or _succeeded(response):
                failures.append(f"{op.label} as {who}: {_describe(response)}")
        if op.access is Access.OPERATOR:
            for who, client in (("agent", world.agent), ("operator", world.operator)):
                response = await _call(world, client, op, {"order_no": world.ids[2]})
                refused = response.status_code in REFUSED
                if refused != (who == "agent"):
                    failures.append(f"{op.label} as {who}: {_describe(response)}")
    assert not failures, "\n".join(failures)


def _a_and_b(world: World, op: Operation) -> tuple[Actor, Actor]:
    """A and B, through game sessions on the studio's game-client calls."""
    if op.access is Access.GAME_SESSION:
        return world.a_game, world.b_game
    return world.a, world.b


async def test_member_b_cannot_reach_member_a_resources(world: World) -> None:
    failures = []
    member_calls = _of(world, Access.MEMBER, Access.REAL, Access.GAME_SESSION)
    with_ids = [
        op for op in member_calls if set(re.findall(r"\{(\w+)\}", op.path)) - SHARED_PARAMETERS
    ]
    for op in with_ids:
        reached = False
        a, b = _a_and_b(world, op)
        for value in world.ids:
            values = {name: value for name in re.findall(r"\{(\w+)\}", op.path)}
            own = await _call(world, a, op, values)
            reached |= own.status_code not in (403, 404, 422)
            other = await _call(world, b, op, values)
            if other.status_code not in (403, 404) or _succeeded(other):
                failures.append(f"{op.label} as B on A's {value}: {_describe(other)}")
        if not reached:
            failures.append(
                f"{op.label}: none of A's resources {world.ids} reaches it as A; "
                "give it a body in BODIES or A a resource of its kind in the `world` fixture"
            )
    # Calls without an id answer about the caller only: B's answers hold nothing of A's,
    # even when A's ids are passed in every query parameter.
    for op in member_calls:
        if op.method != "GET" or "{" in op.path:
            continue
        definition = world.document["paths"][op.path]["get"]
        names = [p["name"] for p in definition.get("parameters", []) if p["in"] == "query"]
        for value in (None, *world.ids):
            params = dict.fromkeys(names, value) if value else None
            response = await (await _a_and_b(world, op)[1].fresh()).raw(
                "GET", op.path, params=params
            )
            # (an error may quote the value sent: that is B's own input)
            leaked = [m for m in world.markers if _shows(response.text, m) and m != value]
            if leaked:
                failures.append(f"{op.label} shows B {leaked} of A's: {_describe(response)}")
    assert with_ids
    assert not failures, "\n".join(failures)


async def test_resources_named_in_bodies_belong_to_the_caller(world: World) -> None:
    body = {"amount": "20.00", "payoutAccountId": world.payout_account_id,
            "paymentPassword": PAY_PASSWORD}  # fmt: skip
    client = await world.b.fresh()
    sealed = await client.sealed_body("POST", "/wps/payment/withdraw", body)
    response = await client.raw("POST", "/wps/payment/withdraw", json=sealed)
    # B could withdraw from an account of B's own: only the account's owner stops it
    assert (response.status_code, response.json()["code"]) == (404, "payout-account-unknown")
    assert world.markers[1] not in response.text


async def test_operators_reach_only_their_brand_orders(world: World) -> None:
    failures = []
    for op in _of(world, Access.OPERATOR):
        if "{order_no}" not in op.path:
            continue
        values = {"order_no": world.ids[2], "part_no": "1"}
        response = await _call(world, world.other_operator, op, values)
        if _succeeded(response) or response.status_code not in (401, 403, 404):
            failures.append(f"{op.label} by BR2's operator: {_describe(response)}")
    listing = await (await world.other_operator.fresh()).raw("GET", "/wps/operator/withdrawals")
    assert not [m for m in world.markers if _shows(listing.text, m)], json.dumps(listing.json())[
        :300
    ]
    assert not failures, "\n".join(failures)
