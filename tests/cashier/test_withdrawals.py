"""Withdrawals: payment password, payout accounts, limits and wagering, funds locked on
request, paid in parts or rejected by an operator, then confirmed by the member."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlmodel import col, delete, select

from app.client import ApiError, PlatformClient
from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import session_scope, write_transaction
from app.core.i18n import catalog
from app.jobs import withdrawal_timeouts
from app.services import ledger
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from models import Member, Merchant, WithdrawalOrder, WithdrawalPayout, WithdrawalRule
from tests.helpers.accounts import PASSWORD, cpf_of, make_member, new_cpf, register
from tests.helpers.api import platform_api
from tests.helpers.images import HOSTILE_IMAGES, small_png
from tests.helpers.money import wager as place_wager

MakeClient = Callable[..., PlatformClient]
SANDBOX = SandboxProvider()
PAYEE = "Maria da Silva"
PAY_PASSWORD = "246810"
CPF = "529.982.247-25"
BANK = {
    "type": "BANK",
    "bankCode": "001",
    "branch": "1234",
    "accountNumber": "12345-6",
    "holderName": PAYEE,
    "password": PASSWORD,
}


@dataclass(frozen=True)
class Player:
    client: PlatformClient
    member_id: int
    account_id: int
    cpf: str = ""  # the member's own CPF, their PIX key (Brazil: payouts to it only)


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def _audit_is_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean, report.differences


async def _deposit(client: PlatformClient, amount: str) -> None:
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": amount})
    settled = await deposits.order_by_number(order["orderNo"])
    await SANDBOX.settle(settled, True, transport=httpx.ASGITransport(app=platform_api()))


async def _set_payment_password(client: PlatformClient) -> None:
    payload = {
        "loginPassword": PASSWORD,
        "paymentPassword": PAY_PASSWORD,
        "confirmPaymentPassword": PAY_PASSWORD,
    }
    assert await client.post("/wps/member/paymentPassword", payload, sealed=True) is True


async def _player(make_client: MakeClient, deposit: str = "500.00", wager: bool = True) -> Player:
    """A member with a payee name, a payment password, a PIX key and a deposit (wagered)."""
    client = make_client()
    own = new_cpf()
    await register(client, payeeName=PAYEE, cpf=own)
    member_id = (await client.get("/wps/member/info"))["id"]
    await _set_payment_password(client)
    account = await client.post(
        "/wps/member/payoutAccounts",
        {
            "type": "PIX",
            "pixKeyType": "CPF",
            "pixKey": own,
            "holderName": PAYEE,
            "password": PASSWORD,
        },
    )
    await _deposit(client, deposit)
    if wager:
        await place_wager(member_id, deposit)
    return Player(client, member_id, account["id"], own)


async def _withdraw(player: Player, amount: str, password: str = PAY_PASSWORD) -> Any:
    payload = {"amount": amount, "payoutAccountId": player.account_id, "paymentPassword": password}
    return await player.client.post("/wps/payment/withdraw", payload, sealed=True)


async def _operator(make_client: MakeClient, merchant: str = "BR1") -> PlatformClient:
    member = await make_member(merchant, account_type=99)
    client = make_client(merchant=merchant)
    await client.login(member.username, PASSWORD)
    return client


async def _pay(operator: PlatformClient, order_no: str, part: int, amount: str) -> Any:
    return await operator.post(
        f"/wps/operator/withdrawals/{order_no}/payouts", {"partNo": part, "amount": amount}
    )


async def _wallets(client: PlatformClient) -> dict[str, str]:
    balance = await client.get("/wps/v2/wallets/balance")
    return {w["wallet"]: w["balance"] for w in balance["wallets"] if w["type"] == "MEMBER"}


async def _confirm(
    client: PlatformClient, order_no: str, answer: str, proof: tuple[str, bytes, str] | None = None
) -> Any:
    """The confirmation form, sent as multipart like a browser does."""
    form = httpx.Request(
        "POST",
        "http://localhost/",
        data={"answer": answer},
        files={"proof": proof} if proof else None,
    )
    response = await client.raw(
        "POST",
        f"/wps/payment/withdraw/orders/{order_no}/confirmation",
        content=form.read(),
        headers={"Content-Type": form.headers["Content-Type"]},
    )
    envelope = response.json()
    if not envelope["success"]:
        raise ApiError(response.status_code, envelope)
    return envelope["value"]


async def test_payment_password_is_set_once_and_changed_with_the_old_one(
    make_client: MakeClient,
) -> None:
    client = make_client()
    await register(client, payeeName=PAYEE)
    assert (await client.get("/wps/member/paymentPassword"))["isSet"] is False
    base = {"loginPassword": PASSWORD, "paymentPassword": "135790"}
    wrong_login = await _error(
        client.post(
            "/wps/member/paymentPassword",
            {**base, "loginPassword": "Errada123", "confirmPaymentPassword": "135790"},
            sealed=True,
        )
    )
    assert (wrong_login.status, wrong_login.code) == (400, "old-password-incorrect")
    for payment, confirmation in (("12ab56", "12ab56"), ("135790", "135791"), ("1357", "1357")):
        invalid = await _error(
            client.post(
                "/wps/member/paymentPassword",
                {**base, "paymentPassword": payment, "confirmPaymentPassword": confirmation},
                sealed=True,
            )
        )
        assert (invalid.status, invalid.code) == (422, "validation-failed")
        assert invalid.body["value"]["fields"][0]["message"]
        if payment == "135790":  # spec 5.M4: the confirmation differs
            assert invalid.body["value"]["fields"][0]["code"] == "val_confirmation_input"
    await _set_payment_password(client)
    assert (await client.get("/wps/member/paymentPassword"))["isSet"] is True
    again = await _error(
        client.post(
            "/wps/member/paymentPassword",
            {**base, "confirmPaymentPassword": "135790"},
            sealed=True,
        )
    )
    assert (again.status, again.code) == (409, "payment-password-already-set")

    change = {
        "loginPassword": PASSWORD,
        "newPaymentPassword": "975310",
        "confirmPaymentPassword": "975310",
    }
    wrong_old = await _error(
        client.put(
            "/wps/member/paymentPassword", {**change, "oldPaymentPassword": "000000"}, sealed=True
        )
    )
    assert (wrong_old.status, wrong_old.code) == (400, "payment-password-incorrect")
    same = await _error(
        client.put(
            "/wps/member/paymentPassword",
            {
                "loginPassword": PASSWORD,
                "oldPaymentPassword": PAY_PASSWORD,
                "newPaymentPassword": PAY_PASSWORD,
                "confirmPaymentPassword": PAY_PASSWORD,
            },
            sealed=True,
        )
    )
    assert same.code == "payment-password-same-as-old"
    assert await client.put(
        "/wps/member/paymentPassword", {**change, "oldPaymentPassword": PAY_PASSWORD}, sealed=True
    )
    async with session_scope() as session:
        member_id = (await client.get("/wps/member/info"))["id"]
        stored = await session.get(Member, member_id)
    assert stored is not None and stored.payment_password_hash is not None
    assert stored.payment_password_hash.startswith("$argon2id$")


async def test_payout_accounts_are_in_the_members_name_and_at_most_three(
    make_client: MakeClient,
) -> None:
    # Every kind of key and a bank account: a brand without the own-CPF rule (on a Brazilian
    # brand only the member's own CPF is a payout key: tests/identity/test_identity.py).
    nameless = make_client(merchant="BR2")
    await register(nameless)
    incomplete = await _error(
        nameless.post(
            "/wps/member/payoutAccounts",
            {
                "type": "PIX",
                "pixKeyType": "CPF",
                "pixKey": CPF,
                "holderName": PAYEE,
                "password": PASSWORD,
            },
        )
    )
    assert (incomplete.status, incomplete.code) == (409, "payout-profile-incomplete")

    client = make_client(language="PT", merchant="BR2")
    await register(client, payeeName=PAYEE)
    pix = {
        "type": "PIX",
        "pixKeyType": "CPF",
        "pixKey": CPF,
        "holderName": PAYEE,
        "password": PASSWORD,
    }
    mismatch = await _error(
        client.post("/wps/member/payoutAccounts", {**pix, "holderName": "João Souza"})
    )
    assert (mismatch.status, mismatch.code) == (422, "payout-holder-mismatch")
    assert (
        mismatch.body["message"] == "O nome do titular deve ser igual ao nome completo do cadastro."
    )
    for key_type, key, code in (
        ("CPF", "123.456.789-00", "payout-pix-cpf-invalid"),
        ("CPF", "111.111.111-11", "payout-pix-cpf-invalid"),
        ("EMAIL", "maria@", "payout-pix-email-invalid"),
        ("PHONE", "12345", "payout-pix-phone-invalid"),
        ("PHONE", "+55 11 81234-5678", "payout-pix-phone-invalid"),
        ("RANDOM", "not-a-random-key", "payout-pix-random-invalid"),
        ("IBAN", "x", "payout-pix-key-type-invalid"),
    ):
        bad = await _error(
            client.post(
                "/wps/member/payoutAccounts", {**pix, "pixKeyType": key_type, "pixKey": key}
            )
        )
        assert (bad.status, bad.code) == (422, code), key
    bad_bank = await _error(
        client.post(
            "/wps/member/payoutAccounts",
            {**BANK, "bankCode": "1"},
        )
    )
    assert bad_bank.code == "payout-bank-code-invalid"

    # Case, accents and extra spaces of the holder name do not matter.
    first = await client.post(
        "/wps/member/payoutAccounts", {**pix, "holderName": "  maria  DA  SÍLVA "}
    )
    assert first["display"] == "***.982.247-**" and first["holderName"] == "maria DA SÍLVA"
    duplicate = await _error(
        client.post("/wps/member/payoutAccounts", {**pix, "pixKey": "52998224725"})
    )
    assert (duplicate.status, duplicate.code) == (409, "payout-account-duplicate")
    await client.post(
        "/wps/member/payoutAccounts",
        BANK,
    )
    phone = await client.post(
        "/wps/member/payoutAccounts",
        {**pix, "pixKeyType": "PHONE", "pixKey": "(11) 91234-5678"},
    )
    assert phone["display"] == "+55 11 *****-5678"
    fourth = await _error(
        client.post(
            "/wps/member/payoutAccounts",
            {**pix, "pixKeyType": "EMAIL", "pixKey": "maria@example.com"},
        )
    )
    assert (fourth.status, fourth.code) == (409, "payout-account-limit")
    listed = await client.get("/wps/member/payoutAccounts")
    assert [a["type"] for a in listed] == ["PIX", "BANK", "PIX"]
    assert all("52998224725" not in str(a) for a in listed)

    # Nobody else sees or uses them.
    other = await _player(make_client)
    assert [a["id"] for a in await other.client.get("/wps/member/payoutAccounts")] == [
        other.account_id
    ]
    foreign = await _error(_withdraw(Player(other.client, other.member_id, first["id"]), "50.00"))
    assert (foreign.status, foreign.code) == (404, "payout-account-unknown")


async def test_bad_withdrawal_requests_change_nothing(make_client: MakeClient) -> None:
    player = await _player(make_client)
    for amount, status, code in (
        ("600.00", 409, "withdrawal-insufficient-balance"),
        ("19.99", 422, "withdrawal-amount-below-min"),
        ("50000.01", 422, "withdrawal-amount-above-max"),
        ("20.001", 422, "withdrawal-amount-invalid"),
        ("-20", 422, "withdrawal-amount-invalid"),
    ):
        error = await _error(_withdraw(player, amount))
        assert (error.status, error.code) == (status, code), amount
        assert error.body["message"]
    # In the brand's language (PT), each figure written as money is: with the symbol.
    over = await _error(_withdraw(player, "600.00"))
    assert over.body["message"] == "Saldo insuficiente: você pode sacar até R$\u00a0500,00."
    below = await _error(_withdraw(player, "19.99"))
    assert below.body["message"] == "O valor mínimo de saque é R$\u00a020,00."
    above = await _error(_withdraw(player, "50000.01"))
    assert above.body["message"] == "O valor máximo de saque é R$\u00a050.000,00."
    unset = make_client()
    unset_cpf = new_cpf()
    await register(unset, payeeName=PAYEE, cpf=unset_cpf)
    account = await unset.post(
        "/wps/member/payoutAccounts",
        {
            "type": "PIX",
            "pixKeyType": "CPF",
            "pixKey": unset_cpf,
            "holderName": PAYEE,
            "password": PASSWORD,
        },
    )
    no_password = await _error(
        _withdraw(Player(unset, 0, account["id"]), "50.00", password="123456")
    )
    assert (no_password.status, no_password.code) == (409, "payment-password-not-set")
    assert await _wallets(player.client) == {"MAIN": "500.00", "BONUS": "0.00", "LOCKED": "0.00"}
    assert (await player.client.get("/wps/payment/withdraw/orders"))["total"] == 0
    await _audit_is_clean()


async def test_five_wrong_payment_passwords_lock_withdrawals(make_client: MakeClient) -> None:
    player = await _player(make_client)
    for attempt in range(1, 5):
        error = await _error(_withdraw(player, "50.00", password="000000"))
        assert (error.status, error.code) == (400, "payment-password-incorrect")
        assert str(5 - attempt) in error.body["message"]
    locked = await _error(_withdraw(player, "50.00", password="000000"))
    assert (locked.status, locked.code) == (429, "payment-password-locked")
    # While locked, even the right password is refused, and changing it is too.
    still = await _error(_withdraw(player, "50.00"))
    assert (still.status, still.code) == (429, "payment-password-locked")
    change = await _error(
        player.client.put(
            "/wps/member/paymentPassword",
            {
                "loginPassword": PASSWORD,
                "oldPaymentPassword": PAY_PASSWORD,
                "newPaymentPassword": "975310",
                "confirmPaymentPassword": "975310",
            },
            sealed=True,
        )
    )
    assert change.code == "payment-password-locked"
    assert (await player.client.get("/wps/member/paymentPassword"))["lockedSeconds"] > 0
    info = await player.client.get("/wps/payment/withdraw/info")
    assert info["paymentPasswordLockedSeconds"] > 0
    assert await _wallets(player.client) == {"MAIN": "500.00", "BONUS": "0.00", "LOCKED": "0.00"}


async def test_daily_count_limit(make_client: MakeClient) -> None:
    player = await _player(make_client)
    for _ in range(3):
        assert (await _withdraw(player, "20.00"))["status"] == "PENDING"
    error = await _error(_withdraw(player, "20.00"))
    assert (error.status, error.code) == (429, "withdrawal-daily-limit")
    info = await player.client.get("/wps/payment/withdraw/info")
    assert (info["usedToday"], info["dailyLimit"]) == (3, 3)
    assert await _wallets(player.client) == {"MAIN": "440.00", "BONUS": "0.00", "LOCKED": "60.00"}
    await _audit_is_clean()


async def test_turnover_must_be_met_and_restarts_after_a_paid_withdrawal(
    make_client: MakeClient,
) -> None:
    player = await _player(make_client, deposit="200.00", wager=False)
    turnover = (await player.client.get("/wps/payment/withdraw/info"))["turnover"]
    assert turnover == {
        "multiplier": "1.0",
        "deposited": "200.00",
        "required": "200.00",
        "wagered": "0.00",
        "remaining": "200.00",
    }
    error = await _error(_withdraw(player, "50.00"))
    assert (error.status, error.code) == (409, "withdrawal-turnover-not-met")
    assert "200,00" in error.body["message"]
    await place_wager(player.member_id, "150.00")
    info = await player.client.get("/wps/payment/withdraw/info")
    assert info["turnover"]["remaining"] == "50.00"
    assert (await _error(_withdraw(player, "50.00"))).code == "withdrawal-turnover-not-met"
    await place_wager(player.member_id, "50.00")
    order = await _withdraw(player, "50.00")

    operator = await _operator(make_client)
    await _pay(operator, order["orderNo"], 1, "50.00")
    after = (await player.client.get("/wps/payment/withdraw/info"))["turnover"]
    assert (after["deposited"], after["remaining"]) == ("0.00", "0.00")
    await _deposit(player.client, "100.00")
    fresh = (await player.client.get("/wps/payment/withdraw/info"))["turnover"]
    assert (fresh["deposited"], fresh["wagered"], fresh["remaining"]) == (
        "100.00",
        "0.00",
        "100.00",
    )
    await _audit_is_clean()


async def test_paid_in_two_parts_then_reported_not_received_with_proof(
    make_client: MakeClient,
) -> None:
    player = await _player(make_client)
    order = await _withdraw(player, "300.00")
    order_no = order["orderNo"]
    assert re.fullmatch(r"W\d{12}[0-9A-F]{8}", order_no)
    assert (order["status"], order["remainingAmount"], order["paidAmount"]) == (
        "PENDING",
        "300.00",
        "0.00",
    )
    assert await _wallets(player.client) == {"MAIN": "200.00", "BONUS": "0.00", "LOCKED": "300.00"}

    operator = await _operator(make_client)
    pending = await operator.get("/wps/operator/withdrawals")
    listed = next(item for item in pending["items"] if item["orderNo"] == order_no)
    assert listed["memberId"] == player.member_id
    assert listed["payoutAccount"]["pixKey"] == player.cpf

    first = await _pay(operator, order_no, 1, "100.00")
    assert (first["status"], first["paidAmount"], first["remainingAmount"]) == (
        "PARTIALLY_PAID",
        "100.00",
        "200.00",
    )
    seen = await player.client.get(f"/wps/payment/withdraw/orders/{order_no}")
    assert (seen["paidAmount"], seen["remainingAmount"], seen["awaitingAmount"]) == (
        "100.00",
        "200.00",
        "100.00",
    )
    assert seen["confirmBy"] is not None and seen["payouts"][0]["receipt"] == "AWAITING"
    # A repeated part pays once; a different or skipped part is refused.
    assert (await _pay(operator, order_no, 1, "100.00"))["paidAmount"] == "100.00"
    for part, amount in ((1, "90.00"), (3, "10.00")):
        conflict = await _error(_pay(operator, order_no, part, amount))
        assert (conflict.status, conflict.code) == (409, "withdrawal-part-conflict")
    over = await _error(_pay(operator, order_no, 2, "250.00"))
    assert (over.status, over.code) == (422, "withdrawal-payout-over-remaining")
    second = await _pay(operator, order_no, 2, "200.00")
    assert (second["status"], second["paidAmount"], second["remainingAmount"]) == (
        "DISBURSED",
        "300.00",
        "0.00",
    )
    assert await _wallets(player.client) == {"MAIN": "200.00", "BONUS": "0.00", "LOCKED": "0.00"}
    inbox = await player.client.get("/wps/member/messages")
    assert [m["kind"] for m in inbox[:2]] == ["WITHDRAWAL_APPROVED", "WITHDRAWAL_APPROVED"]

    gif = ("proof.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif")
    renamed = ("proof.png", b"just some text, not an image", "image/png")
    for proof in (gif, renamed):
        refused = await _error(_confirm(player.client, order_no, "NOT_RECEIVED", proof))
        assert (refused.status, refused.code) == (422, "withdrawal-proof-type")
    # Decompression bombs and cut files (issue 32): a translated refusal, never a 500.
    for image, code in HOSTILE_IMAGES:
        refused = await _error(
            _confirm(player.client, order_no, "NOT_RECEIVED", ("p.png", image, ""))
        )
        expected = "withdrawal-proof-type" if code == "image-type" else code
        assert (refused.status, refused.code) == (422, expected)
    missing = await _error(_confirm(player.client, order_no, "NOT_RECEIVED"))
    assert (missing.status, missing.code) == (422, "withdrawal-proof-required")
    # Just over 5 MB: the upload call's body limit lets it in, the proof check refuses it.
    huge = b"\x89PNG\r\n\x1a\n" + bytes(5 * 1024 * 1024)
    too_big = await _error(_confirm(player.client, order_no, "NOT_RECEIVED", ("p.png", huge, "")))
    assert (too_big.status, too_big.code) == (413, "withdrawal-proof-too-large")
    # Far over: refused at the door, before anything is read into the app.
    giant = b"\x89PNG\r\n\x1a\n" + bytes(7 * 1024 * 1024)
    too_big = await _error(_confirm(player.client, order_no, "NOT_RECEIVED", ("p.png", giant, "")))
    assert (too_big.status, too_big.code) == (413, "body-too-large")
    answer = await _error(_confirm(player.client, order_no, "MAYBE"))
    assert answer.code == "withdrawal-answer-invalid"
    assert (await player.client.get(f"/wps/payment/withdraw/orders/{order_no}"))[
        "status"
    ] == "DISBURSED"

    image = small_png()
    reported = await _confirm(
        player.client, order_no, "NOT_RECEIVED", ("../../etc/passwd.png", image, "image/png")
    )
    assert reported["status"] == "INVESTIGATING" and reported["awaitingAmount"] == "0.00"
    assert [p["receipt"] for p in reported["payouts"]] == ["NOT_RECEIVED", "NOT_RECEIVED"]
    async with session_scope() as session:
        stored = set(
            (
                await session.exec(
                    select(WithdrawalPayout.proof_file)
                    .join(WithdrawalOrder, col(WithdrawalOrder.id) == WithdrawalPayout.order_id)
                    .where(WithdrawalOrder.order_no == order_no)
                )
            ).all()
        )
    assert len(stored) == 1
    name = stored.pop()
    assert name is not None and re.fullmatch(r"[0-9a-f]{32}\.png", name)
    assert (get_settings().data_dir / "proofs" / name).read_bytes() == image
    proof = await operator.raw("GET", f"/wps/operator/withdrawals/{order_no}/payouts/1/proof")
    assert proof.status_code == 200 and proof.content == image
    assert proof.headers["content-type"] == "image/png"
    assert (await operator.get("/wps/operator/withdrawals", {"status": "INVESTIGATING"}))["total"]
    again = await _error(_confirm(player.client, order_no, "RECEIVED"))
    assert (again.status, again.code) == (409, "withdrawal-nothing-to-confirm")
    await _audit_is_clean()


async def test_received_payout_is_done(make_client: MakeClient) -> None:
    player = await _player(make_client)
    order = await _withdraw(player, "100")
    assert order["amount"] == "100.00"
    operator = await _operator(make_client)
    paid = await _pay(operator, order["orderNo"], 1, "100")
    assert paid["payouts"][0]["amount"] == "100.00" and paid["status"] == "DISBURSED"
    confirmed = await _confirm(player.client, order["orderNo"], "RECEIVED")
    assert (confirmed["status"], confirmed["done"]) == ("RECEIVED", True)
    assert confirmed["payouts"][0]["receipt"] == "RECEIVED"
    listed = await player.client.get("/wps/payment/withdraw/orders")
    assert listed["total"] == 1 and listed["items"][0]["statusText"] == "Concluído: recebido"
    await _audit_is_clean()


async def test_a_part_left_unanswered_is_shown_received_after_the_configured_minutes(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spec 4.42 and 9.13 through the member's calls: the brand's time-out (here 15
    minutes) is announced with the withdraw info and as the order's confirm-by time; the
    every-minute job's run after it leaves the part 'treated as received', done, which the
    member sees on the order and in the list; it can no longer be answered, and nothing is
    refunded."""
    monkeypatch.setattr(get_settings(), "withdrawal_auto_receive_minutes", 15)
    player = await _player(make_client)
    assert (await player.client.get("/wps/payment/withdraw/info"))["autoReceiveMinutes"] == 15
    order_no = (await _withdraw(player, "100.00"))["orderNo"]
    operator = await _operator(make_client)
    await _pay(operator, order_no, 1, "100.00")
    seen = await player.client.get(f"/wps/payment/withdraw/orders/{order_no}")
    paid_at = datetime.fromisoformat(seen["payouts"][0]["paidAt"])
    assert datetime.fromisoformat(seen["confirmBy"]) == paid_at + timedelta(minutes=15)
    assert (seen["status"], seen["awaitingAmount"]) == ("DISBURSED", "100.00")
    wallets = await _wallets(player.client)

    await withdrawal_timeouts.run_once(paid_at + timedelta(minutes=14))
    waiting = await player.client.get(f"/wps/payment/withdraw/orders/{order_no}")
    assert waiting["status"] == "DISBURSED"
    await withdrawal_timeouts.run_once(paid_at + timedelta(minutes=16))
    done = await player.client.get(f"/wps/payment/withdraw/orders/{order_no}")
    assert (done["status"], done["statusText"], done["done"]) == (
        "AUTO_RECEIVED",
        "Concluído: considerado recebido",
        True,
    )
    part = done["payouts"][0]
    assert (part["receipt"], part["receiptText"]) == ("AUTO_RECEIVED", "Considerado recebido")
    assert done["awaitingAmount"] == "0.00" and part["answeredAt"] is not None
    listed = await player.client.get("/wps/payment/withdraw/orders")
    assert listed["items"][0]["statusText"] == "Concluído: considerado recebido"
    late = await _error(
        _confirm(player.client, order_no, "NOT_RECEIVED", ("proof.png", small_png(), "image/png"))
    )
    assert (late.status, late.code) == (409, "withdrawal-nothing-to-confirm")
    assert late.body["message"]
    assert await _wallets(player.client) == wallets  # a forced receipt is not refunded
    await _audit_is_clean()


async def test_reject_returns_the_unpaid_rest(make_client: MakeClient) -> None:
    player = await _player(make_client)
    order = await _withdraw(player, "200.00")
    order_no = order["orderNo"]
    operator = await _operator(make_client)
    await _pay(operator, order_no, 1, "50.00")
    reasonless = await _error(
        operator.post(f"/wps/operator/withdrawals/{order_no}/reject", {"reason": "  "})
    )
    assert (reasonless.status, reasonless.code) == (422, "withdrawal-reason-required")
    rejected = await operator.post(
        f"/wps/operator/withdrawals/{order_no}/reject", {"reason": "bank details rejected"}
    )
    assert (rejected["status"], rejected["releasedAmount"], rejected["remainingAmount"]) == (
        "REJECTED",
        "150.00",
        "0.00",
    )
    assert await _wallets(player.client) == {"MAIN": "450.00", "BONUS": "0.00", "LOCKED": "0.00"}
    # Rejecting again answers the same and moves nothing; nothing is left to pay.
    assert (
        await operator.post(f"/wps/operator/withdrawals/{order_no}/reject", {"reason": "again"})
    )["releasedAmount"] == "150.00"
    late = await _error(_pay(operator, order_no, 2, "10.00"))
    assert (late.status, late.code) == (409, "withdrawal-not-payable")
    assert await _wallets(player.client) == {"MAIN": "450.00", "BONUS": "0.00", "LOCKED": "0.00"}
    inbox = await player.client.get("/wps/member/messages")
    assert inbox[0]["kind"] == "WITHDRAWAL_REJECTED" and "150,00" in inbox[0]["body"]  # PT
    await _audit_is_clean()


async def test_operator_calls_need_the_role_and_stay_within_the_brand(
    make_client: MakeClient,
) -> None:
    player = await _player(make_client)
    order = await _withdraw(player, "100.00")
    order_no = order["orderNo"]
    for call in (
        player.client.get("/wps/operator/withdrawals"),
        _pay(player.client, order_no, 1, "100.00"),
        player.client.post(f"/wps/operator/withdrawals/{order_no}/reject", {"reason": "x"}),
    ):
        refused = await _error(call)
        assert (refused.status, refused.code) == (403, "operator-only")
    guest = await _error(make_client().get("/wps/operator/withdrawals"))
    assert (guest.status, guest.code) == (401, "not-logged-in")

    other_brand = await _operator(make_client, "BR2")
    listed = await other_brand.get("/wps/operator/withdrawals")
    assert all(item["orderNo"] != order_no for item in listed["items"])
    assert (await other_brand.get("/wps/operator/withdrawals", {"status": "PENDING"}))["total"] == 0
    for call in (
        _pay(other_brand, order_no, 1, "100.00"),
        other_brand.post(f"/wps/operator/withdrawals/{order_no}/reject", {"reason": "x"}),
    ):
        unknown = await _error(call)
        assert (unknown.status, unknown.code) == (404, "withdrawal-order-unknown")
    bad_status = await _error(other_brand.get("/wps/operator/withdrawals", {"status": "NOPE"}))
    assert (bad_status.status, bad_status.code) == (422, "withdrawal-status-invalid")
    assert await _wallets(player.client) == {"MAIN": "400.00", "BONUS": "0.00", "LOCKED": "100.00"}


async def test_an_operator_cannot_pay_their_own_withdrawal(make_client: MakeClient) -> None:
    member = await make_member(account_type=99, payee_name=PAYEE)
    client = make_client()
    await client.login(member.username, PASSWORD)
    await _set_payment_password(client)
    account = await client.post(
        "/wps/member/payoutAccounts",
        {
            "type": "PIX",
            "pixKeyType": "CPF",
            "pixKey": await cpf_of(member),
            "holderName": PAYEE,
            "password": PASSWORD,
        },
    )
    await _deposit(client, "100.00")
    assert member.id is not None
    await place_wager(member.id, "100.00")
    order = await _withdraw(Player(client, member.id, account["id"]), "100.00")
    own = await _error(_pay(client, order["orderNo"], 1, "100.00"))
    assert (own.status, own.code) == (403, "withdrawal-own-order")
    assert await _wallets(client) == {"MAIN": "0.00", "BONUS": "0.00", "LOCKED": "100.00"}


async def test_another_member_cannot_see_or_answer_the_order(make_client: MakeClient) -> None:
    owner = await _player(make_client)
    order = await _withdraw(owner, "100.00")
    other = make_client()
    await register(other)
    for order_no in (order["orderNo"], "W000000000000DEADBEEF"):
        error = await _error(other.get(f"/wps/payment/withdraw/orders/{order_no}"))
        assert (error.status, error.code) == (404, "withdrawal-order-unknown")
    answer = await _error(_confirm(other, order["orderNo"], "RECEIVED"))
    assert (answer.status, answer.code) == (404, "withdrawal-order-unknown")
    assert (await other.get("/wps/payment/withdraw/orders"))["total"] == 0


async def test_a_brand_can_have_its_own_limits(make_client: MakeClient) -> None:
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR2"))).one()
        session.add(
            WithdrawalRule(
                merchant_id=merchant.id,
                min_amount=Decimal("50.00"),
                max_amount=Decimal("1000.00"),
                daily_count=1,
                turnover_multiplier=Decimal("2.00"),
            )
        )
    try:
        client = make_client(merchant="BR2")
        await register(client)
        info = await client.get("/wps/payment/withdraw/info")
        assert (info["minAmount"], info["maxAmount"], info["dailyLimit"]) == (
            "50.00",
            "1000.00",
            1,
        )
        assert info["turnover"]["multiplier"] == "2.00"
        default = make_client()
        await register(default)
        info = await default.get("/wps/payment/withdraw/info")
        assert (info["minAmount"], info["maxAmount"], info["dailyLimit"]) == (
            "20.00",
            "50000.00",
            3,
        )
    finally:
        async with write_transaction() as session:
            await session.exec(
                delete(WithdrawalRule).where(WithdrawalRule.merchant_id == merchant.id)
            )


async def test_trial_users_cannot_withdraw(make_client: MakeClient) -> None:
    trial = make_client()
    await trial.start_free_play()
    error = await _error(trial.get("/wps/payment/withdraw/info"))
    assert error.code == "in_need_true_account"


def test_every_error_code_has_a_message_in_both_languages() -> None:
    codes: set[str] = set()
    for pattern in ("withdrawal*.py", "payout_accounts.py"):
        for module in (PROJECT_ROOT / "app" / "services" / "cashier").glob(pattern):
            codes |= set(re.findall(r'AppError\(\s*"([a-z_-]+)"', module.read_text()))
    assert len(codes) > 25
    assert codes <= set(catalog()["en"]) and codes <= set(catalog()["pt"])
