"""Transfer wallets: GCS_walletTransfer, recall, GCS_merchantWallet, balance and consolidated."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest

from app.client import ApiError, PlatformClient
from app.core.db import session_scope, write_transaction
from app.services import ledger
from app.services.brands import brands
from app.services.cashier import transfers
from models.ledger import AccountKind, TransactionKind
from tests.helpers.accounts import make_member, register
from tests.helpers.money import fund

MakeClient = Callable[..., PlatformClient]
TRANSFER = "/wps/relay/GCS_walletTransfer"


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def _player(make_client: MakeClient, amount: str = "100.00") -> tuple[PlatformClient, int]:
    client = make_client()
    await register(client)
    member_id = (await client.get("/wps/member/info"))["id"]
    await fund(member_id, amount)
    return client, member_id


def _move(vendor: str, direction: str, amount: str, request_id: str | None = None) -> dict:
    return {
        "vendor": vendor,
        "direction": direction,
        "amount": amount,
        "requestId": request_id or uuid4().hex,
    }


async def _wallets(client: PlatformClient) -> dict[str, str]:
    balance = await client.get("/wps/v2/wallets/balance")
    return {w["wallet"]: w["balance"] for w in balance["wallets"]}


async def _audit_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean, report.differences


async def test_transfer_in_and_out_moves_between_main_and_vendor(make_client: MakeClient) -> None:
    client, _ = await _player(make_client)
    done = await client.post(TRANSFER, _move("SABA", "IN", "30.50"))
    assert done["mainBalance"] == "69.50" and done["vendorBalance"] == "30.50"
    assert done["replay"] is False and done["direction"] == "IN"
    back = await client.post(TRANSFER, _move("SABA", "out", "10"))
    assert back["mainBalance"] == "79.50" and back["vendorBalance"] == "20.50"
    balance = await client.get("/wps/v2/wallets/balance")
    assert balance["sumBalance"] == "100.00"
    lines = {w["wallet"]: w for w in balance["wallets"]}
    assert lines["MAIN"]["balance"] == "79.50" and lines["MAIN"]["type"] == "MEMBER"
    assert lines["SABA"] == {
        "wallet": "SABA",
        "balance": "20.50",
        "type": "VENDOR",
        "name": "SABA Sports",
        "maintenance": False,
    }
    assert lines["U9W"]["balance"] == "0.00" and lines["CMD"]["maintenance"] is True
    assert "PG" not in lines  # seamless vendors have no wallet of their own
    record = await client.get("/wps/member/transactions?type=transfer&range=today")
    assert record["total"] == 2
    newest = record["items"][0]
    assert (newest["amount"], newest["reference"]) == ("10.00", "SABA")
    assert newest["otherWallets"] == [{"wallet": "SABA", "amount": "-10.00"}]
    await _audit_clean()


@pytest.mark.engines
async def test_idempotent_repeat_and_reused_request_id(make_client: MakeClient) -> None:
    client, _ = await _player(make_client)
    body = _move("SBO", "IN", "40.00")
    answers = await asyncio.gather(*(client.post(TRANSFER, body) for _ in range(5)))
    assert len({a["transactionId"] for a in answers}) == 1
    assert {a["mainBalance"] for a in answers} == {"60.00"}
    assert sum(not a["replay"] for a in answers) == 1
    assert (await _wallets(client))["MAIN"] == "60.00"
    reused = await _error(client.post(TRANSFER, {**body, "amount": "41.00"}))
    assert reused.code == "wallet-transfer-request-reused" and reused.status == 409
    # Another member with the same request id makes a transfer of their own.
    other, _ = await _player(make_client, "50.00")
    mine = await other.post(TRANSFER, body)
    assert mine["transactionId"] != answers[0]["transactionId"] and mine["mainBalance"] == "10.00"
    await _audit_clean()


@pytest.mark.parametrize(
    ("change", "code", "status"),
    [
        ({"amount": "100.01"}, "wallet-transfer-insufficient", 409),
        ({"amount": "0"}, "wallet-transfer-amount-invalid", 422),
        ({"amount": "-5.00"}, "wallet-transfer-amount-invalid", 422),
        ({"amount": "1.234"}, "wallet-transfer-amount-invalid", 422),
        ({"amount": "ten"}, "wallet-transfer-amount-invalid", 422),
        ({"vendor": "NOPE"}, "wallet-vendor-unknown", 404),
        ({"vendor": "PG"}, "wallet-vendor-seamless", 422),
        ({"vendor": "CMD"}, "wallet-vendor-maintenance", 409),
        ({"direction": "SIDEWAYS"}, "wallet-transfer-direction-invalid", 422),
        ({"requestId": "short"}, "wallet-transfer-request-id-invalid", 422),
        ({"direction": "OUT", "amount": "0.01"}, "wallet-transfer-insufficient", 409),
    ],
)
async def test_transfer_refusals_write_nothing(
    make_client: MakeClient, change: dict[str, Any], code: str, status: int
) -> None:
    client, _ = await _player(make_client)
    error = await _error(client.post(TRANSFER, {**_move("U9W", "IN", "10.00"), **change}))
    assert (error.code, error.status) == (code, status)
    assert error.body["message"] and error.body["message"] != code
    wallets = await _wallets(client)
    assert wallets["MAIN"] == "100.00" and wallets["U9W"] == "0.00"
    await _audit_clean()


async def test_insufficient_message_is_translated(make_client: MakeClient) -> None:
    client, _ = await _player(make_client, "5.00")
    client.language = "PT"
    error = await _error(client.post(TRANSFER, _move("U9W", "IN", "6.00")))
    assert error.body["message"] == "Saldo insuficiente: R$\u00a05,00 disponível."


async def test_recall_all_brings_vendor_money_back(make_client: MakeClient) -> None:
    client, _ = await _player(make_client)
    await client.post(TRANSFER, _move("SABA", "IN", "20.00"))
    await client.post(TRANSFER, _move("SBO", "IN", "15.25"))
    request = {"requestId": uuid4().hex}
    recalled = await client.post("/wps/relay/GCS_walletRecallAll", request)
    assert recalled["moved"] == {"SABA": "20.00", "SBO": "15.25"}
    assert recalled["mainBalance"] == "100.00" and recalled["skipped"] == []
    again = await client.post("/wps/relay/GCS_walletRecallAll", request)
    assert again["moved"] == {} and again["mainBalance"] == "100.00"
    await _audit_clean()


async def test_merchant_wallet_and_single_wallet_brand(make_client: MakeClient) -> None:
    client, _ = await _player(make_client)
    wallet = await client.get("/wps/relay/GCS_merchantWallet", {"merchantCode": "BR1"})
    assert wallet["isSingle"] == 0 and wallet["merchantCode"] == "BR1"
    assert {"SABA", "CMD"} <= {v["vendor"] for v in wallet["transferVendors"]}
    assert "PG" not in {v["vendor"] for v in wallet["transferVendors"]}
    mismatch = await _error(client.get("/wps/relay/GCS_merchantWallet", {"merchantCode": "BR2"}))
    assert mismatch.code == "wallet-merchant-mismatch" and mismatch.status == 403

    single = make_client(merchant="BR2")
    await register(single)
    member_id = (await single.get("/wps/member/info"))["id"]
    await fund(member_id, "10.00")
    info = await single.get("/wps/relay/GCS_merchantWallet", {"merchantCode": "BR2"})
    assert info == {"merchantCode": "BR2", "isSingle": 1, "transferVendors": []}
    refused = await _error(single.post(TRANSFER, _move("SABA", "IN", "1.00")))
    assert refused.code == "wallet-transfer-single-wallet" and refused.status == 409
    balance = await single.get("/wps/v2/wallets/balance")
    assert [w["wallet"] for w in balance["wallets"]] == ["MAIN", "BONUS", "LOCKED"]


async def test_no_cockfight_wallet_where_the_market_forbids_animal_fights(
    make_client: MakeClient,
) -> None:
    """BR1's market (Brazil) forbids betting on animal fights: no cockfight vendor among its
    transfer vendors or the member's wallets, and no money goes into one; money such a wallet
    held from before is listed until it comes back. A brand without a jurisdiction (VN1)
    keeps them."""
    fighters = {"DS88", "DIG", "WGB"}
    client, member_id = await _player(make_client)
    wallet = await client.get("/wps/relay/GCS_merchantWallet", {"merchantCode": "BR1"})
    listed = {v["vendor"] for v in wallet["transferVendors"]}
    assert "SABA" in listed and not fighters & listed
    assert not fighters & set(await _wallets(client))
    refused = await _error(client.post(TRANSFER, _move("DS88", "IN", "1.00")))
    assert (refused.code, refused.status) == ("animal-fights-not-offered", 403)
    async with write_transaction() as session:  # a wallet filled before the rule
        await ledger.transfer(
            session,
            merchant_id=(await brands.by_code("BR1")).id,
            member_id=member_id,
            currency="BRL",
            kind=TransactionKind.TRANSFER,
            idempotency_key=f"test-before-the-rule:{member_id}",
            from_=ledger.of_member(AccountKind.MEMBER_CASH),
            to=ledger.of_member(AccountKind.MEMBER_VENDOR, sub_key="DS88"),
            amount=Decimal("5.00"),
        )
    assert (await _wallets(client))["DS88"] == "5.00"
    back = await client.post(TRANSFER, _move("DS88", "OUT", "5.00"))
    assert back["mainBalance"] == "100.00" and back["vendorBalance"] == "0.00"
    assert "DS88" not in await _wallets(client)
    vn1 = await brands.by_code("VN1")
    assert fighters <= {v.vassalage for v in await transfers.transfer_vendors(vn1)}
    await _audit_clean()


async def test_consolidated_funds(make_client: MakeClient) -> None:
    client, _ = await _player(make_client)
    await client.post(TRANSFER, _move("AV", "IN", "12.00"))
    funds = await client.get("/wps/member/info/funds/consolidated")
    assert funds["mainBalance"] == "88.00" and funds["vendorBalance"] == "12.00"
    assert funds["sumBalance"] == "100.00" and funds["totalBalance"] == "100.00"
    assert {v["wallet"]: v["balance"] for v in funds["vendors"]}["AV"] == "12.00"
    # Another member sees only their own money.
    other, _ = await _player(make_client, "1.00")
    assert (await other.get("/wps/member/info/funds/consolidated"))["totalBalance"] == "1.00"


async def test_trial_and_guest_refused(make_client: MakeClient) -> None:
    trial = make_client()
    await trial.start_free_play()
    for call in (
        trial.get("/wps/member/info/funds/consolidated"),
        trial.post(TRANSFER, _move("SABA", "IN", "1.00")),
        trial.get("/wps/relay/GCS_merchantWallet"),
    ):
        error = await _error(call)
        assert (error.code, error.status) == ("in_need_true_account", 403)
    guest = make_client()
    error = await _error(guest.post(TRANSFER, _move("SABA", "IN", "1.00")))
    assert error.status == 401


@pytest.mark.engines
async def test_concurrent_transfers_never_overdraw(make_client: MakeClient) -> None:
    client, _ = await _player(make_client, "10.00")
    bodies = [_move("TF", "IN", "1.00") for _ in range(15)]
    results = await asyncio.gather(
        *(client.post(TRANSFER, b) for b in bodies), return_exceptions=True
    )
    done = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, ApiError)]
    assert len(done) == 10 and len(refused) == 5
    assert {r.code for r in refused} == {"wallet-transfer-insufficient"}
    wallets = await _wallets(client)
    assert wallets["MAIN"] == "0.00" and wallets["TF"] == "10.00"
    await _audit_clean()


async def test_vendor_accounts_keep_existing_keys_and_refuse_bad_sub_keys() -> None:
    member = await make_member()
    assert member.id is not None
    async with write_transaction() as session:
        cash = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.MEMBER_CASH,
            currency="BRL",
            member_id=member.id,
        )
        vendor = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.MEMBER_VENDOR,
            currency="BRL",
            member_id=member.id,
            sub_key="SABA",
        )
    assert cash.owner_key == f"{member.merchant_id}/member:{member.id}/MEMBER_CASH/BRL"
    assert vendor.owner_key.endswith("/MEMBER_VENDOR/BRL/SABA") and not vendor.allow_negative
    for kind, sub_key in (
        (AccountKind.MEMBER_VENDOR, None),
        (AccountKind.MEMBER_VENDOR, "bad key/"),
        (AccountKind.MEMBER_CASH, "SABA"),
    ):
        async with write_transaction() as session:
            with pytest.raises(Exception) as caught:
                await ledger.account(
                    session,
                    merchant_id=member.merchant_id,
                    kind=kind,
                    currency="BRL",
                    member_id=member.id,
                    sub_key=sub_key,
                )
        assert getattr(caught.value, "code", None) == "ledger-invalid-sub-key"
