"""Sessions and credentials: what ends every session of a member (logins, game sessions and
launch tokens), what asks for the password again, and the password rule on every form."""

from __future__ import annotations

from collections.abc import Callable

import pyotp
import pytest
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from models import Member, PayoutAccount
from tests.helpers.accounts import PASSWORD, make_member, register, registration
from tests.helpers.seamless import studio_launch_token, studio_session_token

MakeClient = Callable[..., PlatformClient]
NEW_PASSWORD = "uma senha nova e longa"


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


class _Sessions:
    """Two logins, a studio game session and an unused launch token of one member."""

    def __init__(self, make_client: MakeClient, member: Member) -> None:
        self.member = member
        self.here = make_client()
        self.there = make_client()
        self.game = make_client()
        self.launcher = make_client()
        self.launch_token = ""

    async def open(self) -> _Sessions:
        await self.here.login(self.member.username, PASSWORD)
        await self.there.login(self.member.username, PASSWORD)
        self.game.token = await studio_session_token(self.member)
        self.launch_token = await studio_launch_token(self.member)
        assert await self.game.get("/studio/balance")
        return self

    async def login_alive(self, client: PlatformClient) -> bool:
        try:
            await client.get("/wps/member/info")
        except ApiError as error:
            assert (error.status, error.code) == (401, "not-logged-in")
            return False
        return True

    async def games_alive(self) -> tuple[bool, bool]:
        """Whether the game session still plays and the launch token still opens a game."""
        playing = launching = True
        try:
            await self.game.get("/studio/balance")
        except ApiError as error:
            assert error.status == 401
            playing = False
        try:
            await self.launcher.post("/studio/session", {"launchToken": self.launch_token})
        except ApiError as error:
            assert error.status == 401
            launching = False
        return playing, launching


async def test_logout_ends_every_session_game_sessions_and_launch_tokens(
    make_client: MakeClient,
) -> None:
    sessions = await _Sessions(make_client, await make_member()).open()
    assert await sessions.here.delete("/wps/session/logout") is True
    assert not await sessions.login_alive(sessions.here)
    assert not await sessions.login_alive(sessions.there)
    assert await sessions.games_alive() == (False, False)


async def test_password_change_ends_other_sessions_by_default(make_client: MakeClient) -> None:
    sessions = await _Sessions(make_client, await make_member()).open()
    change = {
        "oldPassword": PASSWORD,
        "newPassword": NEW_PASSWORD,
        "confirmNewPassword": NEW_PASSWORD,
    }
    assert await sessions.here.post("/wps/member/password", change, sealed=True) == {
        "endedSessions": 1
    }
    assert await sessions.login_alive(sessions.here)
    assert not await sessions.login_alive(sessions.there)
    assert await sessions.games_alive() == (False, False)
    assert (await make_client().login(sessions.member.username, NEW_PASSWORD))["token"]


async def test_password_change_may_keep_other_sessions(make_client: MakeClient) -> None:
    sessions = await _Sessions(make_client, await make_member()).open()
    change = {
        "oldPassword": PASSWORD,
        "newPassword": NEW_PASSWORD,
        "confirmNewPassword": NEW_PASSWORD,
        "logoutOtherSessions": False,
    }
    assert await sessions.here.post("/wps/member/password", change, sealed=True) == {
        "endedSessions": 0
    }
    assert await sessions.login_alive(sessions.there)
    assert await sessions.games_alive() == (True, True)


async def test_end_other_sessions(make_client: MakeClient) -> None:
    sessions = await _Sessions(make_client, await make_member()).open()
    assert await sessions.here.post("/wps/session/others/end") == 1
    assert await sessions.login_alive(sessions.here)
    assert not await sessions.login_alive(sessions.there)
    assert await sessions.games_alive() == (False, False)
    error = await _error(make_client().post("/wps/session/others/end"))
    assert (error.status, error.code) == (401, "not-logged-in")


async def test_another_members_sessions_stay(make_client: MakeClient) -> None:
    mine = await _Sessions(make_client, await make_member()).open()
    theirs = await _Sessions(make_client, await make_member()).open()
    await mine.here.delete("/wps/session/logout")
    assert await theirs.login_alive(theirs.here) and await theirs.login_alive(theirs.there)
    assert await theirs.games_alive() == (True, True)


# Re-authentication -------------------------------------------------------------------------


async def test_turning_totp_off_needs_password_and_code_and_does_not_say_which_was_wrong(
    make_client: MakeClient,
) -> None:
    member = await make_member()
    client = make_client()
    await client.login(member.username, PASSWORD)
    secret = (await client.post("/wps/member/totp/setup"))["secret"]
    totp = pyotp.TOTP(secret)
    recovery = await client.post(
        "/wps/member/totp/enable", {"password": PASSWORD, "code": totp.now()}
    )
    wrong_code = "000000" if totp.now() != "000000" else "111111"
    bad_code = await _error(
        client.post("/wps/member/totp/disable", {"password": PASSWORD, "code": wrong_code})
    )
    bad_password = await _error(
        client.post("/wps/member/totp/disable", {"password": "Wrong-1234", "code": totp.now()})
    )
    assert (bad_code.status, bad_code.code, bad_code.body["message"]) == (
        bad_password.status,
        bad_password.code,
        bad_password.body["message"],
    )
    assert bad_code.code == "password-or-code-incorrect"
    assert (await client.get("/wps/member/info"))["totpEnabled"] is True
    right = {"password": PASSWORD, "code": recovery[0]}
    assert await client.post("/wps/member/totp/disable", right) is True
    assert (await client.get("/wps/member/info"))["totpEnabled"] is False


async def test_adding_a_payout_account_needs_the_password(make_client: MakeClient) -> None:
    client = make_client(merchant="BR2")  # any CPF key (BR1: only the member's own CPF)
    await register(client, payeeName="Maria da Silva")
    pix = {
        "type": "PIX",
        "pixKeyType": "CPF",
        "pixKey": "52998224725",
        "holderName": "Maria da Silva",
    }
    for password in ("", "Wrong-1234"):
        error = await _error(
            client.post("/wps/member/payoutAccounts", {**pix, "password": password})
        )
        assert (error.status, error.code) == (400, "old-password-incorrect")
    member_id = (await client.get("/wps/member/info"))["id"]
    async with session_scope() as session:
        stored = (
            await session.exec(select(PayoutAccount).where(PayoutAccount.member_id == member_id))
        ).all()
    assert stored == []
    added = await client.post("/wps/member/payoutAccounts", {**pix, "password": PASSWORD})
    assert added["display"] == "***.982.247-**"


async def test_changing_the_payment_password_needs_the_password(make_client: MakeClient) -> None:
    client = make_client()
    await register(client, payeeName="Maria da Silva")
    await client.post(
        "/wps/member/paymentPassword",
        {
            "loginPassword": PASSWORD,
            "paymentPassword": "246810",
            "confirmPaymentPassword": "246810",
        },
        sealed=True,
    )
    change = {
        "oldPaymentPassword": "246810",
        "newPaymentPassword": "975310",
        "confirmPaymentPassword": "975310",
    }
    missing = await _error(client.put("/wps/member/paymentPassword", change, sealed=True))
    assert missing.code == "validation-failed"
    assert missing.body["value"]["fields"][0]["field"] == "loginPassword"
    wrong = await _error(
        client.put(
            "/wps/member/paymentPassword", {**change, "loginPassword": "Wrong-1234"}, sealed=True
        )
    )
    assert wrong.code == "old-password-incorrect"
    assert await client.put(
        "/wps/member/paymentPassword", {**change, "loginPassword": PASSWORD}, sealed=True
    )


# The password rule (NIST SP 800-63B) on every form ----------------------------------------


@pytest.mark.parametrize(
    "password",
    [
        "correct horse battery staple",  # spaces, letters only: no composition rule
        "x" * 64,  # the longest allowed
        "senha com acentuação é ótima",
        "🎲🎲 dados e emoji 🎰",
        "12345678901234567890",  # digits only, not on the list
    ],
)
async def test_register_accepts_any_printable_password(
    make_client: MakeClient, password: str
) -> None:
    client = make_client()
    value = await register(client, password=password, confirmPassword=password)
    assert value["token"]
    # From the same address: a new one asks the verified member to prove it is them.
    assert (await client.login(value["userInfo"]["account"], password))["token"]


async def test_common_passwords_are_refused_on_every_form(make_client: MakeClient) -> None:
    client = make_client(language="EN")
    payload = registration("u" + "commonpw", password="iloveyou1", confirmPassword="iloveyou1")
    payload["botCheck"] = await client.bot_check()
    error = await _error(client.put("/wps/member/register", payload, sealed=True))
    field = error.body["value"]["fields"][0]
    assert (field["field"], field["code"]) == ("password", "val_password_common")
    assert "too common" in field["message"]

    member = await make_member()
    await client.login(member.username, PASSWORD)
    change = {
        "oldPassword": PASSWORD,
        "newPassword": "Password1",
        "confirmNewPassword": "Password1",
    }
    error = await _error(client.post("/wps/member/password", change, sealed=True))
    assert error.body["value"]["fields"][0]["code"] == "val_password_common"
    reset = {
        "token": "no-such-token",
        "newPassword": "qwertyuiop",
        "confirmNewPassword": "qwertyuiop",
    }
    error = await _error(client.post("/wps/member/password/reset", reset))
    assert error.body["value"]["fields"][0]["code"] == "val_password_common"


async def test_register_settings_publish_the_password_rule(make_client: MakeClient) -> None:
    settings = await make_client().get("/wps/system/setting/register")
    fields = {f["field"]: f for f in settings["fields"]}
    for name in ("password", "confirmPassword"):
        assert (
            fields[name]["minLength"],
            fields[name]["maxLength"],
            fields[name]["patternId"],
            fields[name]["acceptedPattern"],
        ) == (8, 64, 0, ".*")
    assert (fields["username"]["patternId"], fields["username"]["maxLength"]) == (1, 16)
