"""Deposits through the sandbox provider: credited exactly once, signatures, limits, owners."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from decimal import Decimal

import httpx
import pytest
from sqlmodel import col, select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.services import ledger
from app.services.cashier import deposits
from app.services.cashier.pix import crc16_ccitt
from app.services.cashier.providers import SIGNATURE_HEADER, SandboxProvider
from models.cashier import MemberMessage, PaymentChannel, WebhookLog
from tests.helpers.accounts import register
from tests.helpers.api import platform_api

MakeClient = Callable[..., PlatformClient]
SANDBOX = SandboxProvider()


async def _member(make_client: MakeClient) -> PlatformClient:
    client = make_client()
    await register(client)
    return client


async def _settle(order_no: str, paid: bool = True) -> int:
    order = await deposits.order_by_number(order_no)
    return await SANDBOX.settle(order, paid, transport=httpx.ASGITransport(app=platform_api()))


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


@pytest.mark.engines
async def test_pix_deposit_is_credited_once(make_client: MakeClient) -> None:
    client = await _member(make_client)
    channels = {c["code"]: c for c in await client.get("/wps/payment/channels")}
    assert set(channels) == {"PIX", "BANK_TRANSFER"}
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "100.00"})
    assert order["status"] == "PENDING" and order["creditedAmount"] == "100.00"
    pix = order["pixCode"]
    assert pix.startswith("000201") and pix[-4:] == crc16_ccitt(pix[:-4])
    assert order["qr"].startswith("data:image/svg+xml;base64,")
    assert order["checkoutUrl"].startswith(f"/sandbox/pay/{order['orderNo']}?ticket=")
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "0.00"
    # The provider repeats its webhook: one credit, the same answer afterwards.
    statuses = await asyncio.gather(*(_settle(order["orderNo"]) for _ in range(5)))
    assert statuses == [200] * 5
    balance = await client.get("/wps/v2/wallets/balance")
    assert balance["sumBalance"] == "100.00"
    assert {w["wallet"]: w["balance"] for w in balance["wallets"]}["MAIN"] == "100.00"
    assert (await client.get(f"/wps/payment/deposit/{order['orderNo']}"))["status"] == "PAID"
    assert await client.get("/wps/relay/CSP_unreadCount") == 1
    inbox = await client.get("/wps/member/messages")
    assert inbox[0]["kind"] == "DEPOSIT_CREDITED" and order["orderNo"] in inbox[0]["body"]
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean


async def test_bank_transfer_fee_goes_to_the_house(make_client: MakeClient) -> None:
    client = await _member(make_client)
    order = await client.post(
        "/wps/payment/deposit", {"channel": "BANK_TRANSFER", "amount": "1.234,50"}
    )
    assert order["amount"] == "1234.50" and order["fee"] == "12.35"
    assert order["pixCode"] is None
    await _settle(order["orderNo"])
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "1222.15"


@pytest.mark.parametrize(
    ("channel", "amount", "code"),
    [
        ("PIX", "5.00", "deposit-amount-out-of-range"),
        ("PIX", "50000.01", "deposit-amount-out-of-range"),
        ("PIX", "10.001", "deposit-amount-invalid"),
        ("PIX", "-10", "deposit-amount-invalid"),
        ("PIX", "abc", "deposit-amount-invalid"),
        ("CRYPTO", "100", "deposit-channel-unknown"),
    ],
)
async def test_bad_deposit_requests_change_nothing(
    make_client: MakeClient, channel: str, amount: str, code: str
) -> None:
    client = await _member(make_client)
    error = await _error(
        client.post("/wps/payment/deposit", {"channel": channel, "amount": amount})
    )
    assert error.status == 422 and error.code == code
    assert error.body["message"]
    if code == "deposit-amount-out-of-range":  # the channel's range, written as money
        assert (
            error.body["message"] == "O valor deve estar entre R$\u00a010,00 e R$\u00a050.000,00."
        )


async def test_webhook_refuses_bad_signature_unknown_order_and_wrong_amount(
    make_client: MakeClient,
) -> None:
    client = await _member(make_client)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50.00"})
    body = json.dumps({"orderNo": order["orderNo"], "status": "PAID", "amount": "50.00"}).encode()
    hook = make_client()
    response = await hook.raw(
        "POST", "/wps/payment/webhook/sandbox", content=body, headers={SIGNATURE_HEADER: "0" * 64}
    )
    assert response.status_code == 401
    assert response.json()["code"] == "webhook-signature-invalid"
    async with session_scope() as session:
        logged = (
            await session.exec(select(WebhookLog).where(col(WebhookLog.signature_valid).is_(False)))
        ).all()
    assert logged
    for notice, status, code in (
        ({"orderNo": "D000", "status": "PAID", "amount": "50.00"}, 404, "deposit-order-unknown"),
        (
            {"orderNo": order["orderNo"], "status": "PAID", "amount": "500.00"},
            409,
            "deposit-amount-mismatch",
        ),
    ):
        signed = json.dumps(notice).encode()
        response = await hook.raw(
            "POST",
            "/wps/payment/webhook/sandbox",
            content=signed,
            headers={SIGNATURE_HEADER: SANDBOX.sign(signed)},
        )
        assert (response.status_code, response.json()["code"]) == (status, code)
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "0.00"


async def test_failed_payment_informs_the_member(make_client: MakeClient) -> None:
    client = await _member(make_client)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "20.00"})
    await _settle(order["orderNo"], paid=False)
    assert (await client.get(f"/wps/payment/deposit/{order['orderNo']}"))["status"] == "FAILED"
    # A late "paid" after the failure changes nothing.
    await _settle(order["orderNo"], paid=True)
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "0.00"
    async with session_scope() as session:
        kinds = (
            await session.exec(
                select(MemberMessage.kind).where(
                    MemberMessage.member_id == (await client.get("/wps/member/info"))["id"]
                )
            )
        ).all()
    assert list(kinds) == ["DEPOSIT_FAILED"]


async def test_a_member_cannot_read_anothers_order(make_client: MakeClient) -> None:
    owner, other = await _member(make_client), await _member(make_client)
    order = await owner.post("/wps/payment/deposit", {"channel": "PIX", "amount": "30.00"})
    error = await _error(other.get(f"/wps/payment/deposit/{order['orderNo']}"))
    assert error.status == 404 and error.code == "deposit-order-unknown"


async def test_trial_and_guest_cannot_deposit(make_client: MakeClient) -> None:
    guest = make_client()
    assert (await _error(guest.get("/wps/payment/channels"))).code == "not-logged-in"
    trial = make_client()
    await trial.start_free_play()
    error = await _error(trial.post("/wps/payment/deposit", {"channel": "PIX", "amount": "20"}))
    assert error.code == "in_need_true_account"


def test_amount_parsing() -> None:
    assert deposits.parse_amount("1.234,56") == Decimal("1234.56")
    assert deposits.parse_amount(" 99.9 ") == Decimal("99.90")


def test_one_tap_amounts_scale_to_the_brand_s_currency() -> None:
    pix = PaymentChannel(code="PIX", min_amount=Decimal("10"), max_amount=Decimal("50000"))
    assert deposits.quick_amounts(pix, "BRL") == [Decimal(v) for v in ("20", "50", "100", "200")]
    bank = PaymentChannel(
        code="BANK_TRANSFER", min_amount=Decimal("250000"), max_amount=Decimal("500000000")
    )
    # 20 reais stand for 100,000 dong, below this channel's minimum.
    assert deposits.quick_amounts(bank, "VND") == [
        Decimal(v) for v in ("250000", "500000", "1000000", "2500000")
    ]
