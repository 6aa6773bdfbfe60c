"""One classification for every door (app/services/gates.py): every API route (its ROUTES) and
every public state handler (its module's HANDLER_GATES) is classified (a new one fails here
until it is), each door kind enforces the
table in one place (the API's app-wide `deps.door_gates`, the site's `state.gates.gated`),
and every gated door is called from a blocked network, during maintenance and as a member
in a cooling-off: each answers the gate's translated refusal and changes nothing."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any, ClassVar
from uuid import uuid4

import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from sqlalchemy import func
from sqlmodel import col, select

import state.gates as state_gates
from app.api.deps import door_gates
from app.client import PlatformClient
from app.core import clock, rate_limit
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.security import hash_password
from app.services import exclusion, gates
from app.services.agents import team
from app.services.brands import brands
from models import Member
from state.accounts.auth import AuthState
from state.gates import handler_door
from state.site import SiteState
from tests.helpers.accounts import make_member, new_username, session_client
from tests.helpers.agents import PASSWORD as AGENT_PASSWORD
from tests.helpers.agents import downline, top_agent
from tests.helpers.api import platform_api
from tests.helpers.money import cash, entry_count, fund
from tests.helpers.site import brand_closed, brand_jurisdiction
from tests.security.test_handlers import declared_rows, public_handlers

BLOCKED = "198.51.100.0/24"
BLOCKED_IP = "198.51.100.77"
# Each gate under test: how to close it, and the refusal it answers (status, code).
REFUSALS = {
    gates.Gate.REGION: (403, "access-restricted"),
    gates.Gate.MAINTENANCE: (503, "system-maintenance"),
    gates.Gate.EXCLUSION: (403, "protection-excluded"),
}


def _api_doors() -> Iterator[tuple[str, str, Any]]:
    """Every (method, path, route) of the API: routers, plain routes, catch-alls."""
    for context in iter_route_contexts(platform_api().routes):
        for method in sorted(context.methods or ()):
            if method != "HEAD":
                yield method, context.path_format, context


def test_every_api_route_is_classified() -> None:
    found = {f"{method} {path}" for method, path, _ in _api_doors()}
    unclassified = sorted(
        key for key in found if gates.route_door(*key.split(" ", 1)) is gates.UNCLASSIFIED
    )
    assert unclassified == [], "routes missing from app/services/gates.py ROUTES"
    stale = [key for key in gates.ROUTES if not key.startswith("* ") and key not in found]
    assert stale == [], "ROUTES lists routes that are gone"
    assert all(door.reason.strip() for door in gates.ROUTES.values())


def test_every_api_route_goes_through_the_gates() -> None:
    """The app-wide dependency reaches every FastAPI route; a plain Starlette route (no
    dependencies) must be an open door."""
    for method, path, context in _api_doors():
        if isinstance(getattr(context, "original_route", None), APIRoute):
            calls = [d.call for d in context.dependant.dependencies]
            assert door_gates in calls, f"{method} {path}"
        else:
            assert gates.route_door(method, path).open, f"{method} {path}"


def test_every_public_handler_is_classified_and_gated_where_the_table_says() -> None:
    found = public_handlers()
    unclassified = sorted(n for n in found if handler_door(n) is gates.UNCLASSIFIED)
    assert unclassified == [], "handlers missing from their module's HANDLER_GATES"
    assert sorted(set(declared_rows("HANDLER_GATES")) - set(found)) == [], (
        "HANDLER_GATES lists gone handlers"
    )
    for name, fn in found.items():
        door = handler_door(name)
        assert door.reason.strip(), name
        marked = getattr(fn, state_gates.GATED, None)
        # The decorator reads the row of the class that defines the handler.
        assert (marked is not None) == (not door.open), name
        if marked is not None:
            assert handler_door(marked) == door, name


def test_an_open_handler_cannot_be_gated() -> None:
    async def load(self: Any) -> None:
        return None

    load.__module__, load.__qualname__ = "state.content.help", "HelpState.load"
    with pytest.raises(TypeError, match="open in the gate table"):
        state_gates.gated(load)


def _gated_routes(gate: gates.Gate) -> list[tuple[str, str]]:
    return sorted(
        {(m, p) for m, p, _ in _api_doors() if gate in gates.route_door(m, p).gates},
    )


def _concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


async def _client(member: Member, ip: str) -> PlatformClient:
    return await session_client(member, "BR1", ip)


async def _members() -> int:
    async with session_scope() as session:
        return (await session.exec(select(func.count(col(Member.id))))).one()


async def _every_door_refuses(client: PlatformClient, gate: gates.Gate) -> None:
    status, code = REFUSALS[gate]
    doors = _gated_routes(gate)
    assert doors, gate
    entries, members = await entry_count(), await _members()
    for method, path in doors:
        response = await client.raw(method, _concrete(path), json={})
        body = response.json()
        assert (response.status_code, body["code"]) == (status, code), f"{method} {path}"
        assert body["message"] == translate(code, "pt"), f"{method} {path}"
    assert (await entry_count(), await _members()) == (entries, members)


async def _funded_member() -> Member:
    member = await make_member("BR1", account_type=1)  # an agent: agent doors answer too
    await fund(member.id or 0, "100.00")
    return member


async def test_every_gated_api_door_is_closed_to_a_blocked_network() -> None:
    client = await _client(await _funded_member(), BLOCKED_IP)
    async with brand_closed(networks=(BLOCKED,)):
        await _every_door_refuses(client, gates.Gate.REGION)


async def test_every_gated_api_door_is_closed_during_maintenance() -> None:
    client = await _client(await _funded_member(), f"192.0.2.{secrets.randbelow(200) + 20}")
    async with brand_closed(maintenance=True):
        await _every_door_refuses(client, gates.Gate.MAINTENANCE)


async def test_every_gated_api_door_is_closed_to_an_excluded_member() -> None:
    member = await _funded_member()
    await exclusion.exclude(member, "COOLING_OFF", 7, clock.now())
    client = await _client(member, f"192.0.2.{secrets.randbelow(200) + 20}")
    await _every_door_refuses(client, gates.Gate.EXCLUSION)


# ---- the site's door kind, in-process ---------------------------------------------------------


class _Tab:
    """What the gate hook reads of an event: the page's router (address, host) and the
    tab's site and auth states. A tab whose state shows errors in `error` gets the refusal
    there (the form's error line); one without gets the warning popup (`warning`)."""

    base_vars: ClassVar[dict[str, Any]] = {"error": None}

    def __init__(self, ip: str) -> None:
        headers = SimpleNamespace(host="localhost", raw_headers={})
        self.router = SimpleNamespace(headers=headers, session=SimpleNamespace(client_ip=ip))
        self.error = ""
        self.states = {
            SiteState: SimpleNamespace(merchant="BR1", ui_lang="pt"),
            AuthState: SimpleNamespace(warning=""),
        }

    async def get_state(self, cls: type) -> Any:
        return self.states[cls]

    @property
    def shown(self) -> str:
        return str(self.error)


class _PopupTab(_Tab):
    base_vars: ClassVar[dict[str, Any]] = {}

    @property
    def shown(self) -> str:
        return str(self.states[AuthState].warning)


def _gated_handlers(gate: gates.Gate) -> dict[str, Any]:
    return {name: fn for name, fn in public_handlers().items() if gate in handler_door(name).gates}


async def _every_handler_refuses(
    gate: gates.Gate, ip: str, member: Member | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def the_member(_state: Any) -> Member | None:
        return member

    # The login lookup (state.accounts.auth.current_login, tested with the browser) gives
    # this member.
    monkeypatch.setattr(state_gates, "_member_of", [the_member])
    code = REFUSALS[gate][1]
    handlers = _gated_handlers(gate)
    assert handlers, gate
    entries = await entry_count()
    for name, fn in handlers.items():
        for tab in (_Tab(ip), _PopupTab(ip)):
            await fn(tab)  # refused before the handler: no argument is even looked at
            assert tab.shown == translate(code, "pt"), name
    assert await entry_count() == entries


async def test_every_gated_handler_is_closed_to_a_blocked_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with brand_closed(networks=(BLOCKED,)):
        await _every_handler_refuses(gates.Gate.REGION, BLOCKED_IP, None, monkeypatch)


async def test_every_gated_handler_is_closed_during_maintenance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with brand_closed(maintenance=True):
        await _every_handler_refuses(gates.Gate.MAINTENANCE, "192.0.2.30", None, monkeypatch)


async def test_every_gated_handler_is_closed_to_an_excluded_member(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    member = await _funded_member()
    await exclusion.exclude(member, "COOLING_OFF", 7, clock.now())
    await _every_handler_refuses(gates.Gate.EXCLUSION, "192.0.2.31", member, monkeypatch)


async def test_the_gates_let_an_open_site_and_a_member_in_good_standing_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    member = await _funded_member()

    async def the_member(_state: Any) -> Member:
        return member

    monkeypatch.setattr(state_gates, "_member_of", [the_member])
    for door in {*gates.ROUTES.values(), *declared_rows("HANDLER_GATES").values()}:
        await state_gates.enforce(_Tab("192.0.2.32"), door)  # type: ignore[arg-type]


async def test_a_cooling_off_that_ended_opens_the_doors_again() -> None:
    member = await _funded_member()
    await exclusion.exclude(member, "COOLING_OFF", 1, clock.now())
    later = clock.now() + timedelta(days=1, minutes=1)
    await gates.enforce_member(gates.CLAIM, await brands.by_code("BR1"), member, later)


# ---- the findings' doors -------------------------------------------------------------------

R, M, X = gates.Gate.REGION, gates.Gate.MAINTENANCE, gates.Gate.EXCLUSION


@pytest.mark.parametrize(
    ("method", "path", "needed"),
    [
        ("POST", "/wps/agent/transfer/downline", {R, M, X}),
        ("POST", "/wps/member/transfer/upline", {R, M, X}),
        ("POST", "/wps/agent/downlines", {R, M, X}),  # registerCenter
        ("POST", "/wps/relay/MCSFE_signUpPromotionJoin", {R, M, X}),
        ("POST", "/wps/relay/MCSFE_signUpRequestReward", {R, M, X}),
        ("POST", "/wps/relay/MCS2_claimRafflePromotion", {R, M, X}),
        ("POST", "/wps/promotions/{promotion_id}/application", {R, M, X}),
        ("POST", "/wps/relay/MCSFE_claimMissionReward", {R, M, X}),
        ("POST", "/wps/loyalty/rebate/claim", {R, M, X}),
        ("POST", "/wps/member/bonuses/{grant_id}/claim", {R, M, X}),
        ("POST", "/wps/member/affiliate/apply", {R, X}),
    ],
)
def test_the_doors_found_open_pass_their_gates(method: str, path: str, needed: set[Any]) -> None:
    assert needed <= gates.route_door(method, path).gates


@pytest.mark.parametrize(
    "name",
    [
        "state.agents.agent_team.AgentTeamState.send_down",
        "state.agents.agent_team.AgentTeamState.send_up",
        "state.agents.agents.AgentState.register",
        "state.promotions.promotions.PromotionsState.join",
        "state.promotions.promotions.PromotionsState.request_reward",
        "state.promotions.promotions.PromotionsState.send_application",
        "state.loyalty.missions.MissionState.claim",
        "state.loyalty.loyalty_vip.IncomeState.claim",
        "state.loyalty.loyalty_vip.IncomeState.claim_all",
    ],
)
def test_the_handlers_found_open_pass_their_gates(name: str) -> None:
    assert {R, M, X} <= handler_door(name).gates


PAY = "pay 4242 secret"


async def _payable(member: Member) -> Member:
    async with write_transaction() as session:
        found = await session.get(Member, member.id)
        assert found is not None
        found.payment_password_hash = await hash_password(PAY)
        session.add(found)
        return found


async def test_a_paused_member_receives_no_team_transfer_and_the_sender_is_told_neutrally() -> None:
    agent = await _payable(await top_agent())
    player = await _payable(await downline(agent, as_agent=False))
    await fund(agent.id or 0, "50.00")
    await fund(player.id or 0, "30.00")
    await exclusion.exclude(player, "COOLING_OFF", 7, clock.now())
    sender = await _client(agent, f"192.0.2.{secrets.randbelow(200) + 20}")
    entries = await entry_count()
    # Paused under Brazil's profile; sent under a market that has transfers between members.
    async with brand_jurisdiction(""):
        response = await sender.raw(
            "POST",
            "/wps/agent/transfer/downline",
            json={"downlineId": player.id, "amount": "20.00", "paymentPassword": PAY,
                  "requestId": uuid4().hex},
        )  # fmt: skip
    body = response.json()
    assert (response.status_code, body["code"]) == (409, "transfer-recipient-unavailable")
    assert body["message"] == translate("transfer-recipient-unavailable", "pt")
    assert "paus" not in body["message"].lower()  # the sender learns nothing of the pause
    assert (await cash(agent), await cash(player)) == (Decimal("50.00"), Decimal("30.00"))
    assert await entry_count() == entries


async def test_a_paused_upline_receives_no_team_transfer() -> None:
    agent = await _payable(await top_agent())
    player = await _payable(await downline(agent, as_agent=False))
    await fund(player.id or 0, "30.00")
    await exclusion.exclude(agent, "COOLING_OFF", 7, clock.now())
    sender = await _client(player, f"192.0.2.{secrets.randbelow(200) + 20}")
    async with brand_jurisdiction(""):
        response = await sender.raw(
            "POST",
            "/wps/member/transfer/upline",
            json={"amount": "10.00", "paymentPassword": PAY, "requestId": uuid4().hex},
        )
    assert (response.status_code, response.json()["code"]) == (
        409,
        "transfer-recipient-unavailable",
    )
    assert (await cash(agent), await cash(player)) == (Decimal("0.00"), Decimal("30.00"))


async def test_register_center_is_limited_per_agent_and_per_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert team.DOWNLINE_ACCOUNTS_PER_AGENT.limit == 20
    assert team.DOWNLINE_ACCOUNTS_PER_ADDRESS.limit == 30
    # Smaller limits under names of this test only: the counting is what is checked.
    per_agent = rate_limit.Limit(f"downline-open-{uuid4().hex}", 3, 3600)
    monkeypatch.setattr(team, "DOWNLINE_ACCOUNTS_PER_AGENT", per_agent)
    agent = await top_agent()
    client = await _client(agent, f"192.0.2.{secrets.randbelow(200) + 20}")
    for _ in range(per_agent.limit):
        await client.post(
            "/wps/agent/downlines", {"username": new_username()[:16], "password": AGENT_PASSWORD}
        )
    members = await _members()
    refused = await client.raw(
        "POST",
        "/wps/agent/downlines",
        json={"username": new_username()[:16], "password": AGENT_PASSWORD},
    )
    assert (refused.status_code, refused.json()["code"]) == (429, "too-many-requests")
    assert refused.json()["message"] == translate("too-many-requests", "pt")
    assert await _members() == members
    # Per address: two agents behind one address share its count.
    per_address = rate_limit.Limit(f"downline-open-ip-{uuid4().hex}", 1, 3600)
    monkeypatch.setattr(team, "DOWNLINE_ACCOUNTS_PER_ADDRESS", per_address)
    address = f"192.0.2.{secrets.randbelow(200) + 20}"
    first = await _client(await top_agent(), address)
    second = await _client(await top_agent(), address)
    await first.post(
        "/wps/agent/downlines", {"username": new_username()[:16], "password": AGENT_PASSWORD}
    )
    again = await second.raw(
        "POST",
        "/wps/agent/downlines",
        json={"username": new_username()[:16], "password": AGENT_PASSWORD},
    )
    assert (again.status_code, again.json()["code"]) == (429, "too-many-requests")


async def test_a_batch_of_decisions_passes_each_member_s_own_gates() -> None:
    """`enforce_members` (a batch of Crash cash-outs) refuses each member as `enforce_member`
    would, the others going through, their rows read once."""
    brand = await brands.by_code("BR1")
    excluded = await _funded_member()
    await exclusion.exclude(excluded, "COOLING_OFF", 7, clock.now())
    trial = await make_member("BR1", account_type=get_settings().trial_account_types[0])
    fine = await _funded_member()
    async with session_scope() as session:
        refusals = await gates.enforce_members(
            gates.DEPOSIT, [(brand, excluded), (brand, fine), (brand, trial)], clock.now(), session
        )
    assert [refusal and refusal.code for refusal in refusals] == [
        "protection-excluded", None, "in_need_true_account"
    ]  # fmt: skip
    for member, refusal in zip((excluded, fine, trial), refusals, strict=True):
        try:
            await gates.enforce_member(gates.DEPOSIT, brand, member, clock.now())
        except AppError as alone:
            assert refusal is not None and alone.code == refusal.code
        else:
            assert refusal is None
