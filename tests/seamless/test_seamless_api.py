"""The vendor wallet API (`/vendor/<code>/wallet/...`) and the studio's HTTP port over it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from decimal import Decimal
from uuid import uuid4

import httpx
import pytest

from app.api.envelope import Envelope
from app.api.seamless.wallet import AnswerValue
from app.core.config import get_settings
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.seamless import studio_port, wallet
from app.services.seamless.http_port import HttpWallet, call_body
from app.services.seamless.signing import signed_headers
from app.services.seamless.vendors import rotate_vendor_secret, vendor_secret
from tests.helpers.api import platform_api
from tests.helpers.money import books_differences
from tests.helpers.seamless import call, funded_member, player_session, studio_game

BGS = wallet.STUDIO_VENDOR


@pytest.fixture
async def vendor_client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.50", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        yield client


async def _signed_post(
    client: httpx.AsyncClient,
    operation: str,
    body: dict[str, object],
    *,
    secret: str | None = None,
    now: float | None = None,
) -> httpx.Response:
    raw = json.dumps(body).encode()
    headers = signed_headers(secret or await vendor_secret(BGS), raw, now)
    return await client.post(
        f"/vendor/{BGS}/wallet/{operation}",
        content=raw,
        headers={"Content-Type": "application/json", **headers},
    )


async def test_http_port_plays_a_round_through_the_vendor_api() -> None:
    member = await funded_member("40.00")
    game = await studio_game()
    port = HttpWallet(
        "http://localhost",
        transport=httpx.ASGITransport(app=platform_api(), client=("192.0.2.51", 50000)),
    )
    token = await wallet.open_session(
        member=member, vendor=BGS, game_code=game.game_code, currency="BRL"
    )
    player = await port.authenticate(token)
    assert (player.member_id, player.balance, player.game_code) == (
        member.id,
        Decimal("40.00"),
        game.game_code,
    )
    with pytest.raises(AppError) as replayed:
        await port.authenticate(token)
    assert (replayed.value.code, replayed.value.status) == ("seamless-invalid-token", 401)

    round_id = uuid4().hex
    bet = call(round_id, "15.00", game.game_code)
    first = await port.debit(player.session_token, bet)
    repeat = await port.debit(player.session_token, bet)
    assert (first.status, first.balance, first.replay) == ("OK", Decimal("25.00"), False)
    assert (repeat.status, repeat.balance, repeat.replay) == ("OK", Decimal("25.00"), True)
    win = await port.credit(player.session_token, call(round_id, "1.25", game.game_code))
    assert (win.status, win.balance) == ("OK", Decimal("26.25"))
    poor = await port.debit(player.session_token, call(uuid4().hex, "100.00", game.game_code))
    assert (poor.status, poor.balance) == ("INSUFFICIENT_FUNDS", Decimal("26.25"))
    assert (await port.balance(player.session_token)).balance == Decimal("26.25")
    one_step = uuid4().hex
    both = await port.bet_win(
        player.session_token,
        call(one_step, "2.00", game.game_code),
        call(one_step, "4.00", game.game_code),
    )
    assert (both.status, both.balance, both.replay) == ("OK", Decimal("28.25"), False)
    async with session_scope() as session:
        assert await books_differences(session) == ()


@pytest.mark.engines
async def test_twenty_concurrent_http_debits_move_money_once(
    vendor_client: httpx.AsyncClient,
) -> None:
    member = await funded_member("30.00")
    game = await studio_game()
    player = await player_session(member, game)
    body = call_body(player.session_token, call(uuid4().hex, "7.00", game.game_code))
    responses = await asyncio.gather(
        *(_signed_post(vendor_client, "debit", body) for _ in range(20))
    )
    values = [r.json()["value"] for r in responses]
    assert {(v["status"], v["balance"]) for v in values} == {("OK", "23.00")}
    assert sum(not v["replay"] for v in values) == 1


async def test_bad_signature_and_stale_timestamp_are_refused(
    vendor_client: httpx.AsyncClient,
) -> None:
    member = await funded_member("10.00")
    player = await player_session(member)
    body = {"sessionToken": player.session_token}
    forged = await _signed_post(vendor_client, "balance", body, secret="not-the-secret")
    assert forged.status_code == 401 and forged.json()["code"] == "seamless-bad-signature"
    stale = await _signed_post(vendor_client, "balance", body, now=time.time() - 3600)
    assert stale.status_code == 401 and stale.json()["code"] == "seamless-stale-request"
    unsigned = await vendor_client.post(f"/vendor/{BGS}/wallet/balance", json=body)
    assert unsigned.status_code == 401
    unknown = await _signed_post(vendor_client, "balance", body)
    assert unknown.status_code == 200 and unknown.json()["value"]["balance"] == "10.00"
    other = await vendor_client.post("/vendor/NOPE/wallet/balance", json=body)
    assert other.status_code == 401 and other.json()["code"] == "seamless-unknown-vendor"
    # A body changed after signing no longer matches its signature.
    raw = json.dumps(body).encode()
    headers = signed_headers(await vendor_secret(BGS), raw)
    tampered = await vendor_client.post(
        f"/vendor/{BGS}/wallet/balance",
        content=json.dumps({"sessionToken": "x" + player.session_token}).encode(),
        headers={"Content-Type": "application/json", **headers},
    )
    assert tampered.status_code == 401


async def test_malformed_calls_are_refused(vendor_client: httpx.AsyncClient) -> None:
    member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(member, game)
    body = call_body(player.session_token, call(uuid4().hex, "1.001", game.game_code))
    fractional = await _signed_post(vendor_client, "debit", body)
    assert fractional.status_code == 422
    assert fractional.json()["code"] == "seamless-invalid-amount"
    missing = await _signed_post(vendor_client, "debit", {"sessionToken": player.session_token})
    assert missing.status_code == 422 and missing.json()["code"] == "seamless-invalid-call"


async def test_the_direct_money_routes_answer_as_the_documented_ones(
    vendor_client: httpx.AsyncClient,
) -> None:
    """The money calls are answered by plain routes ahead of FastAPI's (DIRECT_ROUTES): the
    answer is the documented model's own JSON, and a method they do not take still gets the
    API's envelope."""
    member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call_body(player.session_token, call(round_id, "2.00", game.game_code))
    body = bet | {"winTransactionId": uuid4().hex, "winAmount": "3.50"}
    answered = await _signed_post(vendor_client, "betwin", body)
    assert answered.status_code == 200
    assert answered.headers["content-type"] == "application/json"
    documented = Envelope[AnswerValue].model_validate_json(answered.content)
    assert documented.model_dump_json(by_alias=True).encode() == answered.content
    assert documented.value is not None and documented.value.balance == Decimal("11.50")
    wrong_method = await vendor_client.get(f"/vendor/{BGS}/wallet/betwin")
    assert wrong_method.status_code == 405
    assert wrong_method.json()["code"] == "method-not-allowed"


def test_studio_wallet_goes_over_http_when_a_wallet_url_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert isinstance(studio_port.studio_wallet(), wallet.InProcessWallet)
    monkeypatch.setattr(get_settings(), "studio_wallet_url", "http://wallet.internal/")
    port = studio_port.studio_wallet()
    assert isinstance(port, HttpWallet)
    assert (port.base_url, port.vendor) == ("http://wallet.internal", BGS)


async def test_a_rotated_secret_signs_and_the_old_one_no_longer_does(
    vendor_client: httpx.AsyncClient,
) -> None:
    member = await funded_member("3.00")
    player = await player_session(member)
    body = {"sessionToken": player.session_token}
    old = await vendor_secret(BGS)
    new = await rotate_vendor_secret(BGS)
    assert new != old and await vendor_secret(BGS) == new
    assert (await _signed_post(vendor_client, "balance", body, secret=old)).status_code == 401
    answer = await _signed_post(vendor_client, "balance", body, secret=new)
    assert answer.json()["value"]["balance"] == "3.00"
    with pytest.raises(AppError) as unknown:
        await rotate_vendor_secret("NOPE")
    assert unknown.value.code == "seamless-unknown-vendor"
