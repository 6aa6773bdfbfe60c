"""What the maintenance and region-blocked pages show is enforced on the server: a blocked
address cannot register, log in or move money; maintenance stops money calls; what is already
under way (a vendor's credit of an open round, a provider's webhook) still settles."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from uuid import uuid4

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.core.config import get_settings
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from app.services.seamless import wallet
from app.services.seamless.http_port import call_body
from app.services.seamless.signing import signed_headers
from app.services.seamless.vendors import vendor_secret
from models.games import WalletStatus
from tests.helpers.accounts import PASSWORD, register
from tests.helpers.api import platform_api
from tests.helpers.money import cash, entry_count, fund
from tests.helpers.seamless import call, funded_member, player_session, studio_game
from tests.helpers.site import brand_closed

MakeClient = Callable[..., PlatformClient]
BLOCKED = "198.51.100.0/24"


async def _refused(call_: object) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call_  # type: ignore[misc]
    return caught.value


def _transfer(amount: str = "5.00") -> dict[str, str]:
    return {"vendor": "U9W", "direction": "IN", "amount": amount, "requestId": uuid4().hex}


def _launch(game_code: str) -> dict[str, object]:
    return {"gameCode": game_code, "vassalage": wallet.STUDIO_VENDOR, "accountType": 1}


async def _vendor_call(operation: str, body: dict[str, object]) -> httpx.Response:
    raw = json.dumps(body).encode()
    headers = signed_headers(await vendor_secret(wallet.STUDIO_VENDOR), raw)
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.50", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as vendor:
        return await vendor.post(
            f"/vendor/{wallet.STUDIO_VENDOR}/wallet/{operation}",
            content=raw,
            headers={"Content-Type": "application/json", **headers},
        )


async def _member_at(make_client: MakeClient, ip: str) -> tuple[PlatformClient, dict[str, Any]]:
    client = make_client(ip)
    registered = await register(client)
    await fund((await client.get("/wps/member/info"))["id"], "50.00")
    return client, registered


async def test_a_blocked_address_cannot_register_log_in_or_move_money(
    make_client: MakeClient,
) -> None:
    client, registered = await _member_at(make_client, "198.51.100.20")
    game = await studio_game()
    entries = await entry_count()
    async with brand_closed(networks=(BLOCKED,)):
        assert (await client.get("/wps/system/status"))["status"] == 2
        refusals = [
            await _refused(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"})),
            await _refused(client.post("/wps/relay/GCS_walletTransfer", _transfer())),
            await _refused(client.post("/wps/relay/GCS_walletRecallAll", {})),
            await _refused(client.post("/wps/game/launchGame", _launch(game.game_code))),
            await _refused(make_client("198.51.100.21").login(registered["userInfo"]["account"],
                                                               PASSWORD)),
            await _refused(register(make_client("198.51.100.22"))),
            await _refused(make_client("198.51.100.23").post(
                "/wps/verification/sms/noLogin", {"mobileNum": "11987654321"})),
        ]  # fmt: skip
        assert {(e.status, e.code) for e in refusals} == {(403, "access-restricted")}
        assert all(e.body["message"] == "Acesso restrito" for e in refusals)
        # Reading stays open (the blocked page shows the balance's owner nothing new).
        assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "50.00"
        # Another address of the same brand is not blocked.
        other = make_client("192.0.2.201")
        await register(other)
    assert await entry_count() == entries
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "50.00"


async def test_a_blocked_country_from_the_trusted_header_is_refused(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_settings(), "country_header", "CF-IPCountry")
    client = make_client("192.0.2.210", language="EN")
    async with brand_closed(countries=("US",)):
        from_us = await client.raw(
            "PUT", "/wps/member/register", json={}, headers={"CF-IPCountry": "us"}
        )
        assert from_us.status_code == 403
        assert from_us.json()["code"] == "access-restricted"
        assert from_us.json()["message"] == "Access restricted"
        await register(client)  # no country header: not refused


async def test_maintenance_stops_money_calls_but_settles_what_is_under_way(
    make_client: MakeClient,
) -> None:
    client, registered = await _member_at(make_client, "192.0.2.220")
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "20.00"})
    player_member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(player_member, game)
    round_id = uuid4().hex
    debit = await wallet.debit(
        wallet.STUDIO_VENDOR, player.session_token, call(round_id, "4.00", game.game_code)
    )
    assert debit.status == WalletStatus.OK
    async with brand_closed(maintenance=True):
        refusals = [
            await _refused(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"})),
            await _refused(client.post("/wps/relay/GCS_walletTransfer", _transfer())),
            await _refused(client.post("/wps/game/launchGame", _launch(game.game_code))),
        ]
        assert {(e.status, e.code) for e in refusals} == {(503, "system-maintenance")}
        assert refusals[0].body["message"] == "O sistema está em manutenção."
        # Logging in is an account call: open during maintenance (the site says when it ends).
        again = make_client("192.0.2.220")
        assert (await again.login(registered["userInfo"]["account"], PASSWORD))["token"]
        # The provider's webhook pays the order made before the maintenance.
        paid = await SandboxProvider().settle(
            await deposits.order_by_number(order["orderNo"]),
            True,
            transport=httpx.ASGITransport(app=platform_api()),
        )
        assert paid == 200
        # The vendor settles the round opened before the maintenance, but opens no new one.
        settle = call(round_id, "9.00", game.game_code)
        new_round = call(uuid4().hex, "1.00", game.game_code)
        credit = await _vendor_call("credit", call_body(player.session_token, settle))
        assert credit.status_code == 200 and credit.json()["value"]["status"] == "OK"
        refused = await _vendor_call("debit", call_body(player.session_token, new_round))
        assert refused.status_code == 503
        assert refused.json()["code"] == "system-maintenance"
    # Afterwards the same call is made (the refusal stored nothing).
    later = await _vendor_call("debit", call_body(player.session_token, new_round))
    assert later.status_code == 200 and later.json()["value"]["status"] == "OK"
    assert await cash(player_member) == Decimal("14.00")
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "70.00"
