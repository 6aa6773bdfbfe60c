"""Points over the API at the spec's paths (spec 7 "Points"): balance, config, rewards, redeem
and convert with the payment password in a sealed body, redeem history and points details
with the date windows; bad input answers a translated error and changes nothing; trial and
guest callers are refused."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest

from app.client import ApiError, PlatformClient
from app.core.db import write_transaction
from app.services import points_ledger
from models.base import utcnow
from models.points import PointsRewardKind
from tests.cashier.test_withdrawals import _set_payment_password
from tests.helpers.accounts import register
from tests.loyalty.test_points import ADDRESS, PAY_PASSWORD, _configure, _reward

MakeClient = Callable[..., PlatformClient]
D = Decimal
RELAY = "/wps/relay"


async def _player(make_client: MakeClient, language: str = "EN") -> tuple[PlatformClient, int]:
    client = make_client(language=language)
    await register(client)
    member_id = (await client.get("/wps/member/info"))["id"]
    await _set_payment_password(client)
    return client, member_id


async def _give(member_id: int, amount: str) -> None:
    async with write_transaction() as session:
        await points_ledger.credit(
            session, member_id, D(amount), key=uuid4().hex, reason="mission", now=utcnow()
        )


async def _error(call: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def _balance(client: PlatformClient) -> Decimal:
    return D(str((await client.get(f"{RELAY}/MCS2_getPointBalance"))["balance"]))


async def test_balance_config_and_rewards(make_client: MakeClient) -> None:
    merchant_id = await _configure(convert_ratio="100")
    client, member_id = await _player(make_client)
    await _give(member_id, "250")
    balance = await client.get(f"{RELAY}/MCS2_getPointBalance")
    assert (D(str(balance["balance"])), D(str(balance["cashValue"])), balance["currency"]) == (
        D("250.00"),
        D("2.50"),
        "BRL",
    )
    assert balance["neverExpire"] is True
    config = await client.get(f"{RELAY}/MCS2_getPointConfig")
    assert D(str(config["earnRatios"]["RNG"])) == D("0.1")
    assert D(str(config["convertRatio"])) == D("100.00")
    reward = await _reward(merchant_id, PointsRewardKind.CASH, "100", value="1.00")
    listed = await client.get(f"{RELAY}/MCS2_getPointReward")
    assert reward in {item["id"] for item in listed}


async def test_redeem_and_history_and_details(make_client: MakeClient) -> None:
    merchant_id = await _configure()
    client, member_id = await _player(make_client, "PT")
    await _give(member_id, "1000")
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "300", stock=4)
    made = await client.post(
        f"{RELAY}/passwordCheck/MCS2_redeemPointReward",
        {"rewardId": reward, "quantity": 2, "paymentPassword": PAY_PASSWORD, "address": ADDRESS},
        sealed=True,
    )
    assert (made["status"], made["statusText"], made["quantity"]) == ("PROCESS", "Em análise", 2)
    assert D(str(made["points"])) == D("600.00")
    assert await _balance(client) == D("400.00")
    history = await client.get(f"{RELAY}/MCS2_getRedeemPointList", {"range": "30d"})
    [line] = history["items"]
    assert (line["reference"], line["name"], line["model"]) == (made["reference"], "Prêmio", "M-1")
    details = await client.get(f"{RELAY}/ODSFE2_MemTransDet", {"range": "7d", "offset": 0})
    assert [(item["type"], item["typeText"], item["status"]) for item in details["items"]] == [
        ("REDEEM", "Resgatados", "PROCESS"),
        ("CREDIT", "Creditados", "APPROVED"),
    ]
    assert details["items"][1]["reason"] == "Recompensa de missão"
    previous = await client.get(f"{RELAY}/ODSFE2_MemTransDet", {"range": "7d", "offset": 1})
    assert previous["items"] == [] and previous["until"] == details["since"]


async def test_convert(make_client: MakeClient) -> None:
    await _configure(convert_ratio="100", min_convert="100")
    client, member_id = await _player(make_client)
    await _give(member_id, "550")
    made = await client.post(
        f"{RELAY}/passwordCheck/MCS2_convertPoint",
        {"points": "500", "paymentPassword": PAY_PASSWORD},
        sealed=True,
    )
    assert (D(str(made["cash"])), D(str(made["balance"]))) == (D("5.00"), D("50.00"))
    wallets = await client.get("/wps/v2/wallets/balance")
    assert "5" in str(wallets)


async def test_bad_input_is_refused_translated_and_changes_nothing(make_client: MakeClient) -> None:
    merchant_id = await _configure()
    client, member_id = await _player(make_client)
    await _give(member_id, "200")
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "100", stock=1)
    redeem = f"{RELAY}/passwordCheck/MCS2_redeemPointReward"
    cases: list[tuple[str, dict[str, Any], str, str]] = [
        (redeem, {"rewardId": reward, "paymentPassword": PAY_PASSWORD}, "points-address-invalid",
         "delivery address"),
        (redeem, {"rewardId": reward, "quantity": 11, "paymentPassword": PAY_PASSWORD,
                  "address": ADDRESS}, "points-quantity-invalid", "quantity"),
        (redeem, {"rewardId": reward, "quantity": 2, "paymentPassword": PAY_PASSWORD,
                  "address": ADDRESS}, "points-out-of-stock", "out of stock"),
        (redeem, {"rewardId": reward, "paymentPassword": "000000", "address": ADDRESS},
         "payment-password-incorrect", ""),
        (redeem, {"rewardId": 999999, "paymentPassword": PAY_PASSWORD},
         "points-reward-not-found", "no longer available"),
        (f"{RELAY}/passwordCheck/MCS2_convertPoint", {"points": "50", "paymentPassword":
         PAY_PASSWORD}, "points-convert-too-small", "at least"),
        (f"{RELAY}/passwordCheck/MCS2_convertPoint", {"points": "1e3", "paymentPassword":
         PAY_PASSWORD}, "points-invalid-amount", ""),
        (f"{RELAY}/passwordCheck/MCS2_convertPoint", {"points": "-5", "paymentPassword":
         PAY_PASSWORD}, "points-invalid-amount", "above zero"),
    ]  # fmt: skip
    for path, body, code, words in cases:
        error = await _error(client.post(path, body, sealed=True))
        assert error.code == code, (body, error.body)
        assert words in str(error.body.get("message", "")), error.body
    # Not sealed: refused before anything is read.
    error = await _error(client.post(redeem, {"rewardId": reward, "paymentPassword": PAY_PASSWORD}))
    assert error.status in {400, 422}
    for params in ({"range": "1y"}, {"offset": -1}, {"offset": 999}, {"page": 0}):
        error = await _error(client.get(f"{RELAY}/ODSFE2_MemTransDet", params))
        assert error.status == 422
    assert await _balance(client) == D("200.00")
    assert (await client.get(f"{RELAY}/MCS2_getRedeemPointList"))["items"] == []


async def test_guests_and_trial_accounts_are_refused(make_client: MakeClient) -> None:
    guest = make_client()
    for path in ("MCS2_getPointBalance", "MCS2_getPointReward", "ODSFE2_MemTransDet"):
        error = await _error(guest.get(f"{RELAY}/{path}"))
        assert error.status == 401
    trial = make_client()
    await trial.start_free_play()
    error = await _error(trial.get(f"{RELAY}/MCS2_getPointBalance"))
    assert (error.status, error.code) == (403, "in_need_true_account")


async def test_another_members_redeem_is_not_visible(make_client: MakeClient) -> None:
    merchant_id = await _configure()
    first, first_id = await _player(make_client)
    second, _ = await _player(make_client)
    await _give(first_id, "100")
    reward = await _reward(merchant_id, PointsRewardKind.CASH, "100", value="1.00")
    await first.post(
        f"{RELAY}/passwordCheck/MCS2_redeemPointReward",
        {"rewardId": reward, "paymentPassword": PAY_PASSWORD},
        sealed=True,
    )
    assert (await second.get(f"{RELAY}/MCS2_getRedeemPointList"))["items"] == []
    assert (await second.get(f"{RELAY}/ODSFE2_MemTransDet"))["items"] == []
