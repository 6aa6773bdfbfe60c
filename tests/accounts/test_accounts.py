"""Login and account calls (spec 7): good and bad input, every error code, security rules."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta

import pyotp
import pytest
from pydantic import ValidationError
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.config import Settings
from app.core.db import session_scope, write_transaction
from app.core.security import password_hasher, token_digest
from app.services import site_status
from app.services.accounts import members
from app.services.brands import brands
from models import AffiliateCode, Member, MemberSession
from models.base import utcnow
from tests.helpers.accounts import (
    PASSWORD,
    captcha_answer,
    last_code,
    make_member,
    new_cpf,
    new_mobile,
    new_username,
    register,
    registration,
)
from tests.helpers.site import change_brand

MakeClient = Callable[..., PlatformClient]


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


# Registration ------------------------------------------------------------------------------


async def test_register_logs_the_member_in(make_client: MakeClient) -> None:
    client = make_client()
    name = new_username()
    value = await register(client, name)
    assert value["firstTimeLogin"] is True and len(value["token"]) >= 32
    assert value["userInfo"]["account"] == name and value["userInfo"]["isTrial"] is False
    info = await client.get("/wps/member/info")
    assert info["account"] == name and info["type"] == 0


async def test_register_requires_a_sealed_body(make_client: MakeClient) -> None:
    client = make_client()
    error = await _error(client.put("/wps/member/register", registration(new_username())))
    assert error.code == "payload-encryption-required"


@pytest.mark.parametrize(
    ("overrides", "field", "code"),
    [
        ({"username": "1abcdef"}, "username", "pattern_1"),
        ({"username": "abc"}, "username", "pattern_1"),
        ({"password": "short1", "confirmPassword": "short1"}, "password", "val_password_length"),
        ({"password": "x" * 65, "confirmPassword": "x" * 65}, "password", "val_password_length"),
        (
            {"password": "Password123", "confirmPassword": "Password123"},
            "password",
            "val_password_common",
        ),
        (
            {"password": "tab\tinside1", "confirmPassword": "tab\tinside1"},
            "password",
            "val_password_format",
        ),
        ({"confirmPassword": "Different123"}, "confirmPassword", "val_confirm_password"),
        ({"email": "not-an-email"}, "email", "pattern_3"),
        ({"birthday": "2015-01-01"}, "birthday", "val_age_18"),
        ({"birthday": "2999-01-01"}, "birthday", "pattern_11"),
        ({"birthday": "1899-12-31"}, "birthday", "pattern_11"),
        ({"adultConfirmed": False}, "adult", "val_age_18"),
        ({"termsAccepted": False}, "terms", "val_terms"),
    ],
)
async def test_register_field_errors(
    make_client: MakeClient, overrides: dict, field: str, code: str
) -> None:
    client = make_client(language="PT")
    payload = registration(new_username(), botCheck=await client.bot_check())
    payload.update(overrides)
    error = await _error(client.put("/wps/member/register", payload, sealed=True))
    assert error.status == 422 and error.code == "validation-failed"
    problems = {p["field"]: p for p in error.body["value"]["fields"]}
    assert problems[field]["code"] == code
    assert problems[field]["message"]


async def test_field_messages_follow_the_language(make_client: MakeClient) -> None:
    for language, expected in (
        ("PT", "A confirmação da senha não confere."),
        ("EN", "Confirmation password is not correct."),
    ):
        client = make_client(language=language)
        payload = registration(new_username(), confirmPassword="Other1234")
        payload["botCheck"] = await client.bot_check()
        error = await _error(client.put("/wps/member/register", payload, sealed=True))
        assert error.body["value"]["fields"][0]["message"] == expected


async def test_duplicate_username(make_client: MakeClient) -> None:
    name = new_username()
    await register(make_client(), name)
    error = await _error(register(make_client(), name.upper()))
    assert error.status == 409 and error.code == "username-taken"


async def test_bot_check_is_required_and_single_use(make_client: MakeClient) -> None:
    client = make_client()
    payload = registration(new_username())
    error = await _error(client.put("/wps/member/register", payload, sealed=True))
    assert error.code == "captcha-check-failed"
    solved = await client.bot_check()
    await client.put("/wps/member/register", {**payload, "botCheck": solved}, sealed=True)
    again = registration(new_username(), botCheck=solved)
    error = await _error(client.put("/wps/member/register", again, sealed=True))
    assert error.code == "captcha-check-failed"


async def test_affiliate_code(make_client: MakeClient) -> None:
    client = make_client()
    error = await _error(client.get("/wps/agent/affiliate?code=NOPE123"))
    assert error.code == "invitation_code_error"
    agent = await make_member(account_type=1)
    async with write_transaction() as session:
        session.add(AffiliateCode(merchant_id=agent.merchant_id, agent_id=agent.id, code="AG777"))
    assert await client.get("/wps/agent/affiliate?code=AG777") is True
    value = await register(client, affiliateCode="AG777")
    async with session_scope() as session:
        member = await session.get(Member, value["userInfo"]["id"])
    assert member is not None and member.upline_id == agent.id
    error = await _error(register(make_client(), affiliateCode="WRONG1"))
    assert error.code == "invitation_code_error"


async def test_without_direct_register_players_join_by_invitation_only(
    make_client: MakeClient,
) -> None:
    """DIRECTREG3 off: a registration without an invitation code is refused (a translated
    field error, nobody made); with an agent's code it places the player under the agent."""
    agent = await make_member(account_type=1)
    code = f"IN{secrets.token_hex(3).upper()}"
    async with write_transaction() as session:
        session.add(AffiliateCode(merchant_id=agent.merchant_id, agent_id=agent.id, code=code))
    try:
        await site_status.set_module("BR1", "DIRECTREG3", enabled=False, now=utcnow())
        brands.invalidate()
        assert (await make_client().get("/wps/system/setting/register"))["methods"][
            "direct"
        ] is False
        name = new_username()
        error = await _error(register(make_client(language="EN"), name))
        assert error.code == "validation-failed"
        assert error.body["value"]["fields"] == [
            {
                "field": "affiliateCode",
                "code": "val_invitation_required",
                "params": {},
                "message": "Registration is by invitation: please enter your invitation code",
            }
        ]
        async with session_scope() as session:
            assert await members.by_username(session, agent.merchant_id, name) is None
        value = await register(make_client(), affiliateCode=code)
        async with session_scope() as session:
            member = await session.get(Member, value["userInfo"]["id"])
        assert member is not None and member.upline_id == agent.id
    finally:
        await site_status.set_module("BR1", "DIRECTREG3", enabled=True, now=utcnow())
        brands.invalidate()
    assert await register(make_client())


async def test_register_by_mobile_with_sms_code(make_client: MakeClient) -> None:
    client = make_client()
    mobile = new_mobile()
    sent = await client.post(
        "/wps/verification/sms/register",
        {"mobileNo": mobile, "countryDialingCode": "55", "botCheck": await client.bot_check()},
    )
    assert sent == {"expiredMinutes": 1}
    code = await last_code(mobile)
    payload = {
        "mobileNum": mobile,
        "cpf": new_cpf(),
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "adultConfirmed": True,
        "termsAccepted": True,
        "verificationCode": "000000",
    }
    if code == "000000":
        payload["verificationCode"] = "111111"
    error = await _error(client.put("/wps/member/register/mobile", payload, sealed=True))
    assert error.code == "invalid-verification-code"
    value = await client.put(
        "/wps/member/register/mobile", {**payload, "verificationCode": code}, sealed=True
    )
    assert value["userInfo"]["account"] == mobile


# SMS codes: every phone-code error of spec 8 ----------------------------------------------


async def _send(
    client: PlatformClient, mobile: str, purpose: str = "login", merchant: str | None = None
) -> dict:
    client.merchant = merchant
    return await client.post(
        "/wps/verification/sms/noLogin",
        {"mobileNum": mobile, "purpose": purpose, "botCheck": await client.bot_check()},
    )


async def test_sms_phone_errors(make_client: MakeClient) -> None:
    client = make_client()
    assert (await _error(_send(client, ""))).code == "missing-phone-number"
    assert (await _error(_send(client, "12345"))).code == "invalid-phone-number"
    error = await _error(
        client.post("/wps/verification/sms/noLogin", {"mobileNum": new_mobile(), "botCheck": "x"})
    )
    assert error.code == "captcha-check-failed"
    # BR2 has login by mobile code switched off.
    assert (await _error(_send(client, new_mobile(), merchant="BR2"))).code == (
        "operation-not-allowed"
    )


async def test_sms_resend_wait_burst_and_quota(make_client: MakeClient) -> None:
    client = make_client()
    mobile = new_mobile()
    await _send(client, mobile)
    error = await _error(_send(client, mobile))
    assert error.status == 429 and error.code == "rate-limited"
    assert error.body["value"]["retryAfter"] > 0
    await _send(client, mobile, purpose="reset")
    await _error(_send(client, mobile, purpose="reset"))
    error = await _error(_send(make_client(), mobile, purpose="reset"))
    assert error.code == "too-many-requests"
    await change_brand("BR1", sms_daily_quota=0)
    try:
        error = await _error(_send(make_client(), new_mobile()))
        assert error.code == "quota-exceeded"
    finally:
        await change_brand("BR1", sms_daily_quota=10_000)


async def test_sms_login_code_errors(make_client: MakeClient) -> None:
    client = make_client()
    mobile = new_mobile()
    await make_member(mobile=mobile)
    await _send(client, mobile)
    login = {"type": "sms", "mobileNum": mobile}
    error = await _error(client.post("/wps/session/login", {**login, "password": ""}, sealed=True))
    assert error.code == "missing-verification-code"
    code = await last_code(mobile)
    wrong = "000001" if code != "000001" else "000002"
    for _ in range(4):
        error = await _error(
            client.post("/wps/session/login", {**login, "password": wrong}, sealed=True)
        )
        assert error.code == "invalid-verification-code"
    await _error(client.post("/wps/session/login", {**login, "password": wrong}, sealed=True))
    error = await _error(
        client.post("/wps/session/login", {**login, "password": code}, sealed=True)
    )
    assert error.code == "code-expired"


async def test_a_login_without_username_or_password_asks_for_both(
    make_client: MakeClient,
) -> None:
    """Spec 5.M11 through the login call: an empty (or blank) username or password is
    refused with 'Please enter the username and password', in the member's language."""
    member = await make_member()
    for language, message in (
        (None, "Digite o nome de usuário e a senha"),  # BR1's language
        ("EN", "Please enter the username and password"),
    ):
        client = make_client(language=language)
        for username, password in (("", PASSWORD), ("   ", PASSWORD), (member.username, "")):
            error = await _error(client.login(username, password))
            assert (error.status, error.code) == (400, "val_username_password_required")
            assert error.body["message"] == message
        assert client.token is None
    assert (await make_client().login(member.username, PASSWORD))["token"]


async def test_sms_login_succeeds_without_forced_change(make_client: MakeClient) -> None:
    client = make_client()
    mobile = new_mobile()
    await make_member(mobile=mobile, must_change_password=True)
    sent = await _send(client, mobile)
    assert sent["expiredMinutes"] == 1
    value = await client.post(
        "/wps/session/login",
        {"type": "sms", "mobileNum": mobile, "password": await last_code(mobile)},
        sealed=True,
    )
    assert value["forcePasswordChange"] is False and value["token"]


async def test_a_right_code_for_a_phone_with_no_account_says_so(make_client: MakeClient) -> None:
    """Spec 8.O1: the code proves the phone; no account has it (user-not-exist)."""
    client = make_client()
    mobile = new_mobile()
    await _send(client, mobile)
    login = {"type": "sms", "mobileNum": mobile, "password": await last_code(mobile)}
    error = await _error(client.post("/wps/session/login", login, sealed=True))
    assert (error.code, error.body["message"]) == (
        "user-not-exist",
        "Usuário/E-mail não existe",  # BR1's language
    )


async def test_the_same_national_number_of_another_country_is_another_phone(
    make_client: MakeClient,
) -> None:
    """A code proves +351 912…; it does not log in (or reset) the account of +55 912…."""
    client = make_client()
    national = "9" + new_mobile()[-8:]
    await make_member(mobile=national, country_dialing_code="55")
    sent = await client.post(
        "/wps/verification/sms/noLogin",
        {
            "mobileNum": national,
            "countryDialingCode": "351",
            "purpose": "login",
            "botCheck": await client.bot_check(),
        },
    )
    assert sent["expiredMinutes"] == 1
    login = {
        "type": "sms",
        "mobileNum": national,
        "countryDialingCode": "351",
        "password": await last_code(f"+351{national}"),
    }
    error = await _error(client.post("/wps/session/login", login, sealed=True))
    assert error.code == "user-not-exist"


async def test_a_trial_account_cannot_log_in_with_a_password(make_client: MakeClient) -> None:
    """Spec 6.15 and 8.O12: 'Non-member account unable to login'."""
    trial = await make_member(account_type=4)
    error = await _error(make_client().login(trial.username, PASSWORD))
    assert (error.status, error.code) == (403, "non-member-login")
    error = await _error(make_client(language="PT").login(trial.username, PASSWORD))
    assert error.body["message"] == "Conta não membro não pode fazer login"


# Login -------------------------------------------------------------------------------------


async def test_no_account_enumeration(make_client: MakeClient) -> None:
    member = await make_member()
    unknown = await _error(make_client().login("nosuchuser99", "Whatever123"))
    wrong = await _error(make_client().login(member.username, "Whatever123"))
    assert (
        (unknown.status, unknown.code)
        == (wrong.status, wrong.code)
        == (400, "in_incorrect_password")
    )
    assert unknown.body["message"] == wrong.body["message"]


async def test_captcha_escalation_then_lock(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    for attempt in range(3):
        error = await _error(client.login(member.username, "Wrong1234"))
        assert error.body["value"]["captcha"] is (attempt >= 2)
    error = await _error(client.login(member.username, PASSWORD))
    assert error.code == "captcha-check-failed" and error.body["value"]["captcha"] is True
    captcha = await client.get("/wps/captcha")
    assert captcha["image"].startswith("iVBOR")  # PNG
    answer = await captcha_answer(captcha["captchaId"])
    value = await client.login(
        member.username, PASSWORD, captchaId=captcha["captchaId"], captcha=answer
    )
    assert value["token"]
    # Ten failures (captchas solved from the fourth on) lock the account for a while,
    # even for the right password.
    other = await make_member()
    attacker = make_client()
    for attempt in range(10):
        extra = {}
        if attempt >= 3:
            fresh = await attacker.get("/wps/captcha")
            extra = {
                "captchaId": fresh["captchaId"],
                "captcha": await captcha_answer(fresh["captchaId"]),
            }
            clock.advance(1.05)  # captcha refresh: once per second
        error = await _error(attacker.login(other.username, "Wrong1234", **extra))
        assert error.code == "in_incorrect_password"
    # The lock is per (account, address): the attacker's address is locked even for the
    # right password; the owner elsewhere is asked the captcha, not locked out.
    error = await _error(attacker.login(other.username, PASSWORD))
    assert error.status == 429 and error.code == "account-temporarily-locked"
    error = await _error(make_client().login(other.username, PASSWORD))
    assert error.status == 400 and error.code == "captcha-check-failed"


async def test_captcha_refresh_is_throttled(make_client: MakeClient) -> None:
    client = make_client()
    await client.get("/wps/captcha")
    error = await _error(client.get("/wps/captcha"))
    assert error.code == "rate-limited"


async def test_tokens_are_new_each_login_stored_hashed_and_all_killed_by_logout(
    make_client: MakeClient,
) -> None:
    member = await make_member()
    first, second = make_client(), make_client()
    token_one = (await first.login(member.username, PASSWORD))["token"]
    token_two = (await second.login(member.username, PASSWORD))["token"]
    assert token_one != token_two
    async with session_scope() as session:
        stored = (
            await session.exec(select(MemberSession).where(MemberSession.member_id == member.id))
        ).all()
    assert {s.token_digest for s in stored} == {token_digest(token_one), token_digest(token_two)}
    assert await first.delete("/wps/session/logout") is True
    for client in (first, second):  # logout ends every session of the member
        error = await _error(client.get("/wps/member/info"))
        assert error.status == 401 and error.code == "not-logged-in"


async def test_expired_session_is_refused(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    async with write_transaction() as session:
        for login in (
            await session.exec(select(MemberSession).where(MemberSession.member_id == member.id))
        ).all():
            login.last_seen_at = utcnow() - timedelta(days=1)
            session.add(login)
    assert (await _error(client.get("/wps/member/info"))).code == "not-logged-in"


async def test_token_of_one_brand_is_refused_by_another(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    client.merchant = "BR2"
    assert (await _error(client.get("/wps/member/info"))).code == "not-logged-in"


async def test_forced_password_change_flags(make_client: MakeClient) -> None:
    member = await make_member(must_change_password=True)
    value = await make_client().login(member.username, PASSWORD)
    assert value["defaultPassword"] is True and value["forcePasswordChange"] is True
    old = await make_member(password_changed_at=utcnow() - timedelta(days=200))
    value = await make_client().login(old.username, PASSWORD)
    assert value["passwordExpired"] is True and value["forcePasswordChange"] is True


async def test_agent_login(make_client: MakeClient) -> None:
    player = await make_member()
    error = await _error(make_client().login(player.username, PASSWORD, agentLogin=True))
    assert error.code == "non-agent-login"
    pt = make_client(language="PT")
    error = await _error(pt.login(player.username, PASSWORD, agentLogin=True))
    assert error.body["message"] == "Apenas agentes podem fazer login"
    agent = await make_member(account_type=41)
    value = await make_client().login(agent.username, PASSWORD, agentLogin=True)
    assert value["userInfo"]["isAgent"] is True


async def test_blocked_member_cannot_enter(make_client: MakeClient) -> None:
    member = await make_member(status="BLOCKED")
    error = await _error(make_client().login(member.username, PASSWORD))
    assert error.code == "member-cannot-enter"


async def test_new_ip_asks_for_verification(make_client: MakeClient) -> None:
    mobile = new_mobile()
    member = await make_member(mobile=mobile)
    await make_client("198.51.100.1").login(member.username, PASSWORD)
    elsewhere = make_client("198.51.100.2")
    error = await _error(elsewhere.login(member.username, PASSWORD))
    assert error.code == "login-verification-required"
    assert error.body["value"]["method"] == "SMS"
    code = await last_code(mobile)
    value = await elsewhere.login(member.username, PASSWORD, verificationCode=code)
    assert value["token"]
    # The address is known now: no question the next time.
    assert (await make_client("198.51.100.2").login(member.username, PASSWORD))["token"]


async def test_new_ip_bank_name_verification(make_client: MakeClient) -> None:
    member = await make_member(payee_name="Maria da Silva")
    await make_client().login(member.username, PASSWORD)
    client = make_client()
    error = await _error(client.login(member.username, PASSWORD))
    assert error.body["value"]["method"] == "BANK_NAME"
    error = await _error(client.login(member.username, PASSWORD, payeeName="Joana"))
    assert error.code == "login-verification-failed"
    assert (await client.login(member.username, PASSWORD, payeeName="maria  DA silva"))["token"]


# Passwords ---------------------------------------------------------------------------------


async def test_first_login_holds_for_the_first_session_only(make_client: MakeClient) -> None:
    member = await make_member()
    first, second = make_client(), make_client()
    assert (await first.login(member.username, PASSWORD))["firstTimeLogin"] is True
    assert await first.get("/wps/member/firstLogin") is True
    assert (await second.login(member.username, PASSWORD))["firstTimeLogin"] is False
    assert await second.get("/wps/member/firstLogin") is False
    assert await first.get("/wps/member/firstLogin") is True  # still that first session
    error = await _error(make_client().get("/wps/member/firstLogin"))
    assert (error.status, error.code) == (401, "not-logged-in")


async def test_change_password(make_client: MakeClient) -> None:
    member = await make_member()
    client, other = make_client(), make_client()
    await client.login(member.username, PASSWORD)
    await other.login(member.username, PASSWORD)
    change = {
        "oldPassword": "Wrong1234",
        "newPassword": "Nova12345",
        "confirmNewPassword": "Nova12345",
        "logoutOtherSessions": True,
    }
    error = await _error(client.post("/wps/member/password", change, sealed=True))
    assert error.code == "old-password-incorrect"
    weak = {**change, "oldPassword": PASSWORD, "newPassword": "abc", "confirmNewPassword": "abc"}
    error = await _error(client.post("/wps/member/password", weak, sealed=True))
    assert error.code == "validation-failed"
    same = {
        **change,
        "oldPassword": PASSWORD,
        "newPassword": PASSWORD,
        "confirmNewPassword": PASSWORD,
    }
    assert (await _error(client.post("/wps/member/password", same, sealed=True))).code == (
        "password-same-as-old"
    )
    done = await client.post(
        "/wps/member/password", {**change, "oldPassword": PASSWORD}, sealed=True
    )
    assert done == {"endedSessions": 1}
    assert (await _error(other.get("/wps/member/info"))).code == "not-logged-in"
    assert (await client.get("/wps/member/info"))["id"] == member.id
    assert (await make_client().login(member.username, "Nova12345"))["token"]


async def test_forgot_password_by_email(make_client: MakeClient) -> None:
    member = await make_member(email="ana@example.com")
    client = make_client(language="EN")
    for username, email in ((member.username, "ana@example.com"), ("nobody", "x@example.com")):
        response = await client.raw(
            "POST",
            "/wps/member/password/email",
            content=f"username={username}&email={email}".encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert response.status_code == 200
        assert response.json()["message"] == "The email has been sent, please check your mailbox."
    async with session_scope() as session:
        from models import OutboundMessage

        mail = (
            await session.exec(
                select(OutboundMessage).where(OutboundMessage.recipient == "ana@example.com")
            )
        ).all()[-1]
    token = mail.body.split("token=")[1].split()[0]
    reset = {"token": token, "newPassword": "Trocada123", "confirmNewPassword": "Trocada123"}
    assert await client.post("/wps/member/password/reset", reset) is True
    assert (await _error(client.post("/wps/member/password/reset", reset))).code == (
        "reset-link-invalid"
    )
    assert (await make_client().login(member.username, "Trocada123"))["token"]


async def test_reset_by_phone_logs_in(make_client: MakeClient) -> None:
    mobile = new_mobile()
    member = await make_member(mobile=mobile)
    client = make_client("198.51.100.77")
    await _send(client, mobile, purpose="reset")
    value = await client.post(
        "/wps/member/password/verification",
        {
            "mobileNum": mobile,
            "verificationCode": await last_code(mobile),
            "newPassword": "Celular123",
            "confirmNewPassword": "Celular123",
        },
        sealed=True,
    )
    assert value["userInfo"]["id"] == member.id
    # Same address as the reset, so no new-address verification is asked.
    assert (await make_client("198.51.100.77").login(member.username, "Celular123"))["token"]


# Two-factor authentication -----------------------------------------------------------------


async def test_totp_setup_login_and_recovery(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    setup = await client.post("/wps/member/totp/setup")
    assert setup["qr"].startswith("data:image/svg+xml;base64,")
    totp = pyotp.TOTP(setup["secret"])
    enable = {"password": PASSWORD, "code": "000000"}
    error = await _error(client.post("/wps/member/totp/enable", enable))
    assert error.code == "password-or-code-incorrect"
    now = int(utcnow().timestamp())
    # The password again is needed, whatever the code.
    enable = {"password": "Wrong-password", "code": totp.at(now)}
    error = await _error(client.post("/wps/member/totp/enable", enable))
    assert error.code == "password-or-code-incorrect"
    # The code of the previous 30-second step is still accepted, and then spent.
    enable = {"password": PASSWORD, "code": totp.at(now - 30)}
    recovery = await client.post("/wps/member/totp/enable", enable)
    assert len(recovery) == 10
    # The right password without a code answers as a wrong password does: the answer never
    # tells which part was wrong (and always offers the code field).
    missing = await _error(make_client().login(member.username, PASSWORD))
    wrong = await _error(make_client().login(member.username, "Wrong-password"))
    assert missing.status == wrong.status == 400 and missing.body == wrong.body
    assert missing.code == "in_incorrect_password" and missing.body["value"]["totp"] is True
    code = totp.now()
    assert (await make_client().login(member.username, PASSWORD, totpCode=code))["token"]
    error = await _error(make_client().login(member.username, PASSWORD, totpCode=code))
    assert (error.code, error.body["message"]) == (wrong.code, wrong.body["message"])  # once
    # Three failures of the account by now: the captcha is asked from here on.
    client = make_client()
    fresh = await client.get("/wps/captcha")
    captcha = {"captchaId": fresh["captchaId"], "captcha": await captcha_answer(fresh["captchaId"])}
    value = await client.login(member.username, PASSWORD, totpCode=recovery[0], **captcha)
    assert value["token"]
    client = make_client()
    fresh = await client.get("/wps/captcha")
    captcha = {"captchaId": fresh["captchaId"], "captcha": await captcha_answer(fresh["captchaId"])}
    error = await _error(client.login(member.username, PASSWORD, totpCode=recovery[0], **captcha))
    assert (error.code, error.body["message"]) == (wrong.code, wrong.body["message"])


async def test_a_member_sets_a_profile_icon_through_the_call(make_client: MakeClient) -> None:
    """Spec 7.L16: a real member picks one of the 12 profile pictures with POST
    /wps/member/info/icon; it is what GET answers and what the member info shows next; a
    picture that is not one of them is refused and changes nothing."""
    client = make_client()
    await register(client)
    assert await client.post("/wps/member/info/icon", {"icon": "7"}) == "7"
    assert await client.get("/wps/member/info/icon") == "7"
    assert (await client.get("/wps/member/info"))["icon"] == "7"
    for wrong in ("0", "13", "x", ""):
        error = await _error(client.post("/wps/member/info/icon", {"icon": wrong}))
        assert (error.status, error.code) == (422, "validation-failed")
    assert await client.get("/wps/member/info/icon") == "7"


# Trial and roles ---------------------------------------------------------------------------


async def test_free_play_trial_account(make_client: MakeClient) -> None:
    client = make_client()
    value = await client.start_free_play()
    assert value["userInfo"]["isTrial"] is True and value["userInfo"]["type"] == 4
    assert (await client.get("/wps/member/info"))["isTrial"] is True
    error = await _error(client.post("/wps/member/info/icon", {"icon": "3"}))
    assert error.status == 403 and error.code == "in_need_true_account"
    assert error.body["message"] == "Por favor, registre uma conta primeiro"
    client.token = None
    client.merchant = "BR2"
    assert (await _error(client.start_free_play())).code == "operation-not-allowed"


async def test_free_play_takes_spec_7s_sealed_payload_and_gateway_version(
    make_client: MakeClient,
) -> None:
    """os, platform W and a random string, sealed, with X-Gateway-Version 3: anything else
    is refused with a translated error and opens no trial account."""
    client = make_client()
    path = "/wps/session/login/freeplay"
    good = {"os": "Android 14", "platform": "W", "randomStr": secrets.token_hex(16)}
    version = {"X-Gateway-Version": "3"}

    async def trials() -> int:
        async with session_scope() as session:
            rows = await session.exec(select(Member).where(Member.username.startswith("trial_")))  # type: ignore[attr-defined]
            return len(rows.all())

    before = await trials()
    error = await _error(client.call("POST", path, good, sealed=True))
    assert (error.status, error.code) == (400, "gateway-version-unsupported")
    assert error.body["message"] == "Esta versão do app não é aceita; atualize-a."
    error = await _error(
        client.call("POST", path, good, sealed=True, headers={"X-Gateway-Version": "2"})
    )
    assert error.code == "gateway-version-unsupported"
    assert (await _error(client.call("POST", path, good, headers=version))).code == (
        "payload-encryption-required"
    )
    for bad in (
        {**good, "platform": "A"},
        {**good, "randomStr": "short"},
        {**good, "randomStr": "x" * 65},
        {**good, "os": "<script>"},
        {"platform": "W", "randomStr": good["randomStr"]},
    ):
        error = await _error(client.call("POST", path, bad, sealed=True, headers=version))
        assert (error.status, error.code) == (422, "validation-failed")
    body = await client.sealed_body("POST", path, good)
    first = await client.raw("POST", path, json=body, headers=version)
    assert first.json()["success"] is True
    replayed = await client.raw("POST", path, json=body, headers=version)
    assert replayed.json()["success"] is False
    assert await trials() == before + 1


async def test_calls_needing_a_token(make_client: MakeClient) -> None:
    client = make_client()
    for method, path in (
        ("GET", "/wps/member/info"),
        ("DELETE", "/wps/session/logout"),
        ("POST", "/wps/member/totp/setup"),
    ):
        error = await _error(client.call(method, path))
        assert error.status == 401 and error.code == "not-logged-in"


async def test_passwords_are_argon2id_with_owasp_parameters() -> None:
    """The suite hashes with the cheap test profile; production's is OWASP's, and only it."""
    member = await make_member()
    assert member.password_hash.startswith("$argon2id$")
    assert Settings.model_fields["argon2_profile"].default == "owasp"
    with pytest.raises(ValidationError, match="ARGON2_PROFILE"):
        Settings(
            environment="prod", secret_key="k" * 32, sandbox_payments=False, argon2_profile="test"
        )
    production = password_hasher("owasp").hash("a long passphrase")
    params = dict(p.split("=") for p in production.split("$")[3].split(","))
    assert int(params["m"]) >= 19_456 and int(params["t"]) >= 2
    assert password_hasher("owasp").verify(production, "a long passphrase")


async def test_feedback(make_client: MakeClient) -> None:
    client = make_client()
    error = await _error(client.put("/wps/feedback", {"questionType": "game", "content": "hi"}))
    assert error.code == "feedback-words"
    ticket = await client.put(
        "/wps/feedback", {"questionType": "game", "content": "The slot froze after a win."}
    )
    assert isinstance(ticket, int)


async def test_feedback_content_is_bounded_in_words_through_the_call(
    make_client: MakeClient,
) -> None:
    """Spec 5.F9 through PUT /wps/feedback: fewer than 3 words or more than 500 are refused
    with the bounds in the member's language; 3 and 500 words are taken (long words too)."""
    for language, message in (
        (None, "Escreva entre 3 e 500 palavras."),  # BR1's language
        ("EN", "Please write between 3 and 500 words."),
    ):
        client = make_client(language=language)
        for content in ("Supercalifragilistic expialidocious", "word " * 501):
            error = await _error(
                client.put("/wps/feedback", {"questionType": "other", "content": content})
            )
            assert (error.status, error.code) == (422, "feedback-words")
            assert error.body["message"] == message
    client = make_client()
    for content in ("Ok I lost", " ".join(["palavra"] * 500)):
        ticket = await client.put("/wps/feedback", {"questionType": "game", "content": content})
        assert isinstance(ticket, int)


async def test_member_language_is_kept(make_client: MakeClient) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    await client.post("/wps/system/language", {"language": "EN"})
    assert (await client.get("/wps/member/info"))["language"] == "EN"


async def test_mobile_registration_asks_no_password_when_the_module_is_off(
    make_client: MakeClient,
) -> None:
    """Spec 6.18: MOBILENUMPASSREG3 off and code login on: a mobile registration has no
    password; the member logs in with an SMS code. Back on, the password is asked again."""
    try:
        await site_status.set_module("BR1", "MOBILENUMPASSREG3", enabled=False, now=utcnow())
        brands.invalidate()
        client = make_client()
        settings = await client.get("/wps/system/setting/register")
        assert settings["methods"]["mobilePassword"] is False
        mobile = new_mobile()
        await client.post(
            "/wps/verification/sms/register",
            {"mobileNo": mobile, "countryDialingCode": "55", "botCheck": await client.bot_check()},
        )
        registered = {
            "mobileNum": mobile,
            "cpf": new_cpf(),
            "adultConfirmed": True,
            "termsAccepted": True,
            "verificationCode": await last_code(mobile),
        }
        value = await client.put("/wps/member/register/mobile", registered, sealed=True)
        assert value["userInfo"]["account"] == mobile
        await _send(client, mobile)
        login = {"type": "sms", "mobileNum": mobile, "password": await last_code(mobile)}
        assert (await client.post("/wps/session/login", login, sealed=True))["token"]
    finally:
        await site_status.set_module("BR1", "MOBILENUMPASSREG3", enabled=True, now=utcnow())
        brands.invalidate()
    other = make_client()
    mobile = new_mobile()
    await other.post(
        "/wps/verification/sms/register",
        {"mobileNo": mobile, "countryDialingCode": "55", "botCheck": await other.bot_check()},
    )
    asked = await _error(
        other.put(
            "/wps/member/register/mobile",
            {**registered, "mobileNum": mobile, "cpf": new_cpf(),
             "verificationCode": await last_code(mobile)},
            sealed=True,
        )
    )  # fmt: skip
    assert asked.code == "validation-failed"
    assert "password" in {f["field"] for f in asked.body["value"]["fields"]}
