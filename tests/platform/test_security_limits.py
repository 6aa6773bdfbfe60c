"""Every limited counter under a burst: parallel requests through the API, and the tries
that reached the check counted from the answers (an answer only a check can give). Each
counter is counted before its check, so the tries never exceed the limit."""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import pyotp
import pytest

from app.client import ApiError, PlatformClient, solve_pow
from app.core import rate_limit
from app.core.config import get_settings
from app.services.accounts import limits, verification
from models import Member
from tests.helpers.accounts import (
    PASSWORD,
    captcha_answer,
    cpf_of,
    last_code,
    make_member,
    new_mobile,
    new_username,
    registration,
)
from tests.helpers.money import fund

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

MakeClient = Callable[..., PlatformClient]
# Three times the largest small limit a burst checks (20 tries an address): enough for the
# race, cheap enough for the suite. The large limits (100 tries an account, 60 password
# checks an address) get a burst twice the larger one.
BURST = 60
LARGE_BURST = 2 * limits.LOGIN_ACCOUNT_FAILURES.limit
OK = "ok"
UNAVAILABLE = "service-unavailable"


async def _outcome(call: Awaitable[Any]) -> str:
    try:
        await call
    except ApiError as error:
        return error.code
    return OK


async def burst(calls: list[Awaitable[Any]]) -> Counter[str]:
    """Send every call at once; the answers' codes, counted ('ok' for a success)."""
    return Counter(await asyncio.gather(*(_outcome(call) for call in calls)))


def _bot_check() -> str:
    """A bot check the service issued, solved: an easy one (a small search space), so that
    preparing two hundred calls is quick; its verification is the same."""
    return solve_pow(verification.new_pow_challenge(max_number=50))


def assert_limited(answers: Counter[str], checked: str, limit: int, *refusals: str) -> None:
    """The tries that reached the check (answered `checked`) never exceed the limit, and are
    exactly the limit unless the loaded test host turned some requests away before they were
    counted (503 service-unavailable); every other answer is one of the refusals."""
    assert answers[checked] <= limit
    if not answers[UNAVAILABLE]:
        assert answers[checked] == limit
    assert set(answers) - {checked, UNAVAILABLE} <= set(refusals), answers


async def _captcha(key: str) -> dict[str, str]:
    fresh = await verification.new_captcha(key)
    return {"captchaId": fresh.captcha_id, "captcha": await captcha_answer(fresh.captcha_id)}


async def _prepared(
    client: PlatformClient, username: str, password: str, **extra: Any
) -> Awaitable[Any]:
    """A login call ready to send: its bot check solved and the key fetched beforehand, so
    that the burst is the logins alone."""
    await client.public_key()
    payload = {
        "type": "username",
        "username": username,
        "password": password,
        "botCheck": _bot_check(),
        **({"deviceKey": client.device_key} if client.device_key else {}),
        **extra,
    }
    return client.post("/wps/session/login", payload, sealed=True)


async def _login(client: PlatformClient, username: str, password: str, **extra: Any) -> Any:
    return await (await _prepared(client, username, password, **extra))


async def _captchas(tag: str, count: int = BURST) -> list[dict[str, str]]:
    return [await _captcha(f"{tag}-{n}") for n in range(count)]


# Login -------------------------------------------------------------------------------------


async def test_captcha_threshold_holds_under_a_burst(make_client: MakeClient) -> None:
    """A burst of wrong passwords at once, each from its own address, no captcha: three are
    checked."""
    member = await make_member()
    answers = await burst(
        [await _prepared(make_client(), member.username, "Wrong-1234") for _ in range(BURST)]
    )
    assert_limited(
        answers,
        "in_incorrect_password",
        limits.LOGIN_CAPTCHA_AFTER,
        "captcha-check-failed",
        "account-temporarily-locked",
    )
    assert answers["captcha-check-failed"] > 0


async def test_address_captcha_threshold_holds_under_a_burst(make_client: MakeClient) -> None:
    """One address trying a burst of accounts at once, no captcha: twenty are checked."""
    client = make_client()
    answers = await burst(
        [await _prepared(client, new_username(), "Wrong-1234") for _ in range(BURST)]
    )
    assert_limited(
        answers,
        "in_incorrect_password",
        limits.LOGIN_CAPTCHA_AFTER_ADDRESS,
        "captcha-check-failed",
        "too-many-requests",
    )
    assert answers["captcha-check-failed"] > 0


async def test_pair_lock_holds_under_a_burst_and_spares_the_owners_address(
    make_client: MakeClient,
) -> None:
    """A stranger's burst of wrong passwords at once (captchas solved): ten are checked, the
    stranger's address is locked, and the owner still logs in from their own address."""
    member = await make_member()
    owner = make_client()
    await owner.login(member.username, PASSWORD)
    stranger_ip = "198.51.100.250"
    stranger = make_client(stranger_ip)
    captchas = await _captchas(f"pair-{member.username}")
    answers = await burst(
        [await _prepared(stranger, member.username, "Wrong-1234", **c) for c in captchas]
    )
    # (the address's hashing budget stops most of them even before the count)
    assert_limited(
        answers,
        "in_incorrect_password",
        limits.LOGIN_PAIR_FAILURES.limit,
        "account-temporarily-locked",
        "too-many-requests",
    )
    assert answers["account-temporarily-locked"] > 0
    # With the address's hashing budget given back, the pair lock alone refuses the stranger
    # even the right password.
    await rate_limit.reset(rate_limit.limit_key(limits.PASSWORD_HASHING_PER_ADDRESS, stranger_ip))
    refused = await _outcome(
        _login(stranger, member.username, PASSWORD, **await _captcha("pair-right"))
    )
    assert refused == "account-temporarily-locked"
    assert (await _login(owner, member.username, PASSWORD, **await _captcha("pair-owner")))["token"]


async def test_account_lock_holds_under_a_distributed_burst(make_client: MakeClient) -> None:
    """200 wrong passwords at once from 200 addresses (captchas solved): a hundred are
    checked; new addresses are locked out, the owner's known address is not."""
    member = await make_member()
    owner = make_client()
    await owner.login(member.username, PASSWORD)
    captchas = await _captchas(f"account-{member.username}", LARGE_BURST)
    answers = await burst(
        [await _prepared(make_client(), member.username, "Wrong-1234", **c) for c in captchas]
    )
    assert_limited(
        answers,
        "in_incorrect_password",
        limits.LOGIN_ACCOUNT_FAILURES.limit,
        "account-temporarily-locked",
    )
    elsewhere = await _outcome(
        _login(make_client(), member.username, PASSWORD, **await _captcha("account-new"))
    )
    assert elsewhere == "account-temporarily-locked"
    assert (await _login(owner, member.username, PASSWORD, **await _captcha("account-own")))[
        "token"
    ]


async def test_wrong_totp_codes_count_toward_the_lock(make_client: MakeClient) -> None:
    """The right password with a burst of wrong codes at once: ten are checked, then locked."""
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    secret = (await client.post("/wps/member/totp/setup"))["secret"]
    code = pyotp.TOTP(secret).now()
    await client.post("/wps/member/totp/enable", {"password": PASSWORD, "code": code})
    wrong = "000000" if code != "000000" else "111111"
    captchas = await _captchas(f"totp-{member.username}")
    answers = await burst(
        [await _prepared(client, member.username, PASSWORD, totpCode=wrong, **c) for c in captchas]
    )
    assert_limited(
        answers,
        "in_incorrect_password",
        limits.LOGIN_PAIR_FAILURES.limit,
        "account-temporarily-locked",
        "too-many-requests",
    )
    assert answers["account-temporarily-locked"] > 0


async def test_password_hashing_budget_of_an_address(make_client: MakeClient) -> None:
    """One address, 200 logins at once to 200 accounts (captchas solved): the address's
    budget of password checks is what stops it."""
    client = make_client()
    captchas = await _captchas("hashing", LARGE_BURST)
    answers = await burst(
        [await _prepared(client, new_username(), "Wrong-1234", **c) for c in captchas]
    )
    budget = limits.PASSWORD_HASHING_PER_ADDRESS.limit
    assert_limited(answers, "in_incorrect_password", budget, "too-many-requests")


# SMS codes ---------------------------------------------------------------------------------


async def test_sms_code_tries_hold_under_a_burst(make_client: MakeClient) -> None:
    mobile = new_mobile()
    await make_member(mobile=mobile)
    client = make_client()
    await client.post(
        "/wps/verification/sms/noLogin",
        {"mobileNum": mobile, "purpose": "login", "botCheck": await client.bot_check()},
    )
    code = await last_code(mobile)
    wrong = "000000" if code != "000000" else "111111"
    login = {"type": "sms", "mobileNum": mobile, "password": wrong}
    clients = [make_client() for _ in range(BURST)]
    for each in clients:
        await each.public_key()
    answers = await burst([c.post("/wps/session/login", login, sealed=True) for c in clients])
    assert_limited(answers, "invalid-verification-code", limits.SMS_CODE_TRIES, "code-expired")
    right = {**login, "password": code}
    assert await _outcome(client.post("/wps/session/login", right, sealed=True)) == "code-expired"


# Payment password and re-authentication ----------------------------------------------------


async def _payment_password_member(client: PlatformClient) -> Member:
    member = await make_member(payee_name="Maria da Silva")
    await client.login(member.username, PASSWORD)
    payload = {
        "loginPassword": PASSWORD,
        "paymentPassword": "246810",
        "confirmPaymentPassword": "246810",
    }
    await client.post("/wps/member/paymentPassword", payload, sealed=True)
    return member


async def _funded_payout_account(client: PlatformClient) -> dict[str, Any]:
    """A member with a payment password, 100.00 and a PIX payout account to its own CPF."""
    member = await _payment_password_member(client)
    member_id = (await client.get("/wps/member/info"))["id"]
    await fund(member_id, "100.00")
    return await client.post(
        "/wps/member/payoutAccounts",
        {
            "type": "PIX",
            "pixKeyType": "CPF",
            "pixKey": await cpf_of(member),
            "holderName": "Maria da Silva",
            "password": PASSWORD,
        },
    )


async def test_payment_password_tries_hold_under_a_burst(make_client: MakeClient) -> None:
    client = make_client()
    account = await _funded_payout_account(client)
    withdraw = {"amount": "50.00", "payoutAccountId": account["id"], "paymentPassword": "135791"}
    answers = await burst(
        [client.post("/wps/payment/withdraw", withdraw, sealed=True) for _ in range(BURST)]
    )
    limit = get_settings().payment_password_max_failures
    # The last allowed wrong try locks: limit - 1 answer "incorrect", the limit-th "locked".
    assert_limited(answers, "payment-password-incorrect", limit - 1, "payment-password-locked")
    # Locked now: the right payment password is refused too, and so is changing it.
    right = {**withdraw, "paymentPassword": "246810"}
    assert await _outcome(client.post("/wps/payment/withdraw", right, sealed=True)) == (
        "payment-password-locked"
    )
    change = {
        "loginPassword": PASSWORD,
        "oldPaymentPassword": "246810",
        "newPaymentPassword": "975310",
        "confirmPaymentPassword": "975310",
    }
    locked = await _outcome(client.put("/wps/member/paymentPassword", change, sealed=True))
    assert locked == "payment-password-locked"


async def test_a_burst_of_right_payment_passwords_locks_nobody(make_client: MakeClient) -> None:
    """Tries refused because others were being checked are no wrong passwords: after a burst
    of right ones the owner still has every try (issue 32)."""
    client = make_client()
    account = await _funded_payout_account(client)
    right = {"amount": "50.00", "payoutAccountId": account["id"], "paymentPassword": "246810"}
    answers = await burst(
        [client.post("/wps/payment/withdraw", right, sealed=True) for _ in range(40)]
    )
    assert "payment-password-incorrect" not in answers
    wrong = {**right, "paymentPassword": "135791"}
    limit = get_settings().payment_password_max_failures
    # The owner's wrong tries count from zero: all but the last allowed one are "incorrect".
    tries = [
        await _outcome(client.post("/wps/payment/withdraw", wrong, sealed=True))
        for _ in range(limit - 1)
    ]
    assert tries == ["payment-password-incorrect"] * (limit - 1)


async def test_old_password_on_change_holds_under_a_burst(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    change = {
        "oldPassword": "Wrong-1234",
        "newPassword": "Nova senha 2026",
        "confirmNewPassword": "Nova senha 2026",
    }
    answers = await burst(
        [client.post("/wps/member/password", change, sealed=True) for _ in range(BURST)]
    )
    # The address's hashing budget (60) stops most; of those through, five are checked.
    assert_limited(
        answers,
        "old-password-incorrect",
        limits.REAUTH_FAILURES.limit,
        "account-temporarily-locked",
        "too-many-requests",
    )
    right = {**change, "oldPassword": PASSWORD}
    other = make_client()
    other.token = client.token
    assert await _outcome(other.post("/wps/member/password", right, sealed=True)) == (
        "account-temporarily-locked"
    )


async def test_totp_codes_to_turn_it_off_hold_under_a_burst(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    secret = (await client.post("/wps/member/totp/setup"))["secret"]
    code = pyotp.TOTP(secret).now()
    await client.post("/wps/member/totp/enable", {"password": PASSWORD, "code": code})
    wrong = {"password": PASSWORD, "code": "000000" if code != "000000" else "111111"}
    calls = [
        make_client_with(make_client, client).post("/wps/member/totp/disable", wrong)
        for _ in range(BURST)
    ]
    answers = await burst(calls)
    assert_limited(
        answers,
        "password-or-code-incorrect",
        limits.REAUTH_FAILURES.limit,
        "account-temporarily-locked",
    )


def make_client_with(make_client: MakeClient, logged_in: PlatformClient) -> PlatformClient:
    """Another address with the same login (so the address budget is not what stops it)."""
    client = make_client()
    client.token = logged_in.token
    return client


# Rate limits -------------------------------------------------------------------------------


async def _register(
    client: PlatformClient, device_id: str | None = None, **extra: Any
) -> Awaitable[Any]:
    """A registration ready to send (bot check solved, body sealed beforehand)."""
    payload = registration(new_username(), botCheck=_bot_check(), **extra)
    body = await client.sealed_body("PUT", "/wps/member/register", payload)
    headers = {"Device-Id": device_id} if device_id else None

    async def send() -> Any:
        response = await client.raw("PUT", "/wps/member/register", json=body, headers=headers)
        envelope = response.json()
        if not envelope["success"]:
            raise ApiError(response.status_code, envelope)
        return envelope["value"]

    return send()


async def test_a_busy_address_is_challenged_not_refused(make_client: MakeClient) -> None:
    """Many phones share one carrier address (CGNAT): past the address's quota of the hour a
    sign-up from it (each from its own device) must solve the captcha, and then goes through."""
    client = make_client()
    devices = [f"device-{new_username()}" for _ in range(BURST)]
    answers = await burst([await _register(client, device) for device in devices])
    assert_limited(answers, OK, limits.REGISTRATION_CAPTCHA_AFTER, "register-captcha-required")
    asked = await _outcome(await _register(client, "device-" + new_username()))
    assert asked == "register-captcha-required"
    solved = await _captcha("register-" + new_username())
    assert await _outcome(await _register(client, "device-" + new_username(), **solved)) == OK


async def test_registrations_per_device(make_client: MakeClient) -> None:
    device = "device-" + new_username()
    answers = await burst([await _register(make_client(), device) for _ in range(BURST)])
    assert_limited(answers, OK, limits.REGISTRATIONS_PER_DEVICE.limit, "too-many-requests")


async def test_anonymous_feedback_per_address(make_client: MakeClient) -> None:
    client = make_client()
    feedback = {"questionType": "other", "content": "The lobby is slow tonight."}
    answers = await burst([client.put("/wps/feedback", feedback) for _ in range(BURST)])
    assert_limited(answers, OK, limits.ANONYMOUS_FEEDBACK_PER_ADDRESS.limit, "too-many-requests")


async def test_deposit_orders_per_member(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    order = {"channel": "PIX", "amount": "100.00"}
    answers = await burst([client.post("/wps/payment/deposit", order) for _ in range(BURST)])
    assert_limited(answers, OK, limits.DEPOSIT_ORDERS_PER_MEMBER.limit, "too-many-requests")


async def test_captcha_images_per_client(make_client: MakeClient) -> None:
    """One new image per second: a burst gets one image per one-second window it spans."""
    client = make_client()
    started = time.monotonic()
    answers = await burst([client.get("/wps/captcha") for _ in range(BURST)])
    windows = math.floor(time.monotonic() - started) + 2  # partial windows at both ends
    assert 1 <= answers[OK] <= windows // limits.CAPTCHA_REFRESH_SECONDS
    assert answers["rate-limited"] == BURST - answers[OK]
