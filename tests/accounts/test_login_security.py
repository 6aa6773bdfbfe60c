"""Logins without denial of service or oracles (issue 32), through the API.

- Failed logins of strangers, from any number of addresses or from the owner's own address,
  never lock or challenge the owner on a known device (the device key a login gave it);
  the attacker's address and unknown devices are challenged (captcha) and locked.
- A login from a new address answers a wrong password exactly as it answers the right one
  until the whole verification is passed.
- The payee-name step and the identity form count their tries per account and per CPF
  (two accounts on one CPF share it); past the limit the case goes to staff review and the
  member is told in their language.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core import rate_limit
from app.core.db import session_scope, write_transaction
from app.services.accounts import limits, verification
from app.services.identity import onboarding
from models import Member
from models.identity import IdentityStatus, MemberIdentity
from models.protection import ProtectionRecord
from tests.helpers.accounts import (
    ADULT_BIRTH,
    ADULT_NAME,
    PASSWORD,
    captcha_answer,
    identity_row,
    last_code,
    make_member,
    new_mobile,
    register,
)
from tests.helpers.site import change_brand

MakeClient = Callable[..., PlatformClient]
WRONG = "Wrong-Password-1"
LOGIN = "/wps/session/login"


async def _error(call: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


_captchas = itertools.count()


async def _captcha(key: str) -> dict[str, str]:
    """A captcha and its answer (each under a client key of its own: one image per second)."""
    fresh = await verification.new_captcha(f"{key}-{next(_captchas)}")
    return {"captchaId": fresh.captcha_id, "captcha": await captcha_answer(fresh.captcha_id)}


async def _raw_login(client: PlatformClient, username: str, password: str, **extra: Any) -> Any:
    """The plain HTTP answer of a login (captcha solved): status and body bytes."""
    payload = {
        "type": "username",
        "username": username,
        "password": password,
        "botCheck": await client.bot_check(),
        **await _captcha("raw"),
        **extra,
    }
    response = await client.raw(
        "POST", LOGIN, json=await client.sealed_body("POST", LOGIN, payload)
    )
    return response.status_code, response.content


async def _strangers_fail(make_client: MakeClient, username: str, owner_ip: str) -> None:
    """Ten wrong logins from ten addresses, then ten from the owner's own address."""
    for n in range(10):
        await _error(make_client().login(username, WRONG, **await _captcha(f"{username}-{n}")))
    neighbour = make_client(owner_ip)
    for n in range(limits.LOGIN_PAIR_FAILURES.limit):
        await _error(neighbour.login(username, WRONG, **await _captcha(f"{username}-n{n}")))


async def test_strangers_failures_never_stop_the_owner_on_a_known_device(
    make_client: MakeClient,
) -> None:
    member = await make_member()
    owner_ip = "198.51.100.31"
    owner = make_client(owner_ip)
    await owner.login(member.username, PASSWORD)
    await _strangers_fail(make_client, member.username, owner_ip)
    # Strangers behind the owner's address spend its budget of password checks too.
    budget = limits.PASSWORD_HASHING_PER_ADDRESS
    for _ in range(budget.limit):
        await rate_limit.hit(rate_limit.limit_key(budget, owner_ip), budget.limit, 600)
    # The owner's device: no captcha, no lock, even from the same address as the attacker.
    assert (await owner.login(member.username, PASSWORD))["token"]
    # And from an address it never used: the device is known, no question asked.
    roaming = make_client()
    roaming.device_key = owner.device_key
    assert (await roaming.login(member.username, PASSWORD))["token"]


async def test_the_attackers_address_and_unknown_devices_are_challenged(
    make_client: MakeClient,
) -> None:
    member = await make_member()
    owner_ip = "198.51.100.32"
    await make_client(owner_ip).login(member.username, PASSWORD)
    await _strangers_fail(make_client, member.username, owner_ip)
    # An unknown device is asked the captcha, even with the right password.
    unknown = await _error(make_client().login(member.username, PASSWORD))
    assert unknown.code == "captcha-check-failed"
    # The address that failed ten times is locked for this account, right password or not.
    locked = await _error(
        make_client(owner_ip).login(member.username, PASSWORD, **await _captcha("locked"))
    )
    assert locked.code == "account-temporarily-locked"
    # A forged device key is no key.
    forged = make_client()
    forged.device_key = "A" * 43
    assert (await _error(forged.login(member.username, PASSWORD))).code == "captcha-check-failed"
    # Staff find it in the member's protection log.
    assert "login-failures" in await _protection_events(member)


async def _protection_events(member: Member) -> list[str]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(ProtectionRecord.event).where(ProtectionRecord.member_id == member.id)
            )
        ).all()
    return list(rows)


async def test_a_new_address_answers_a_wrong_password_as_the_right_one(
    make_client: MakeClient,
) -> None:
    mobile = new_mobile()
    member = await make_member(mobile=mobile)
    await make_client().login(member.username, PASSWORD)
    # First step, from two new addresses: the answers are the same bytes.
    wrong = await _raw_login(make_client(), member.username, WRONG)
    right = await _raw_login(make_client(), member.username, PASSWORD)
    assert wrong == right
    assert wrong[0] == 401 and b"login-verification-required" in wrong[1]
    code = await last_code(mobile)
    other = "000000" if code != "000000" else "111111"
    # Second step: a wrong password with a code, the right one with a wrong code.
    wrong = await _raw_login(make_client(), member.username, WRONG, verificationCode=code)
    right = await _raw_login(make_client(), member.username, PASSWORD, verificationCode=other)
    assert wrong == right
    assert b"login-verification-failed" in wrong[1]
    # Only the whole challenge passed opens a session.
    elsewhere = make_client()
    await _error(elsewhere.login(member.username, PASSWORD, **await _captcha("again")))
    code = await last_code(mobile)
    passed = await elsewhere.login(
        member.username, PASSWORD, verificationCode=code, **await _captcha("passed")
    )
    assert passed["token"]


async def _messages(client: PlatformClient) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = await client.get("/wps/member/messages")
    return found


async def _identity(member_id: int) -> MemberIdentity:
    async with session_scope() as session:
        found = await session.get(MemberIdentity, member_id)
    assert found is not None
    return found


async def _named(client: PlatformClient, username: str, name: str) -> ApiError:
    """A login from a new address answering the payee-name step (captcha solved)."""
    captcha = await _captcha("named")
    return await _error(client.login(username, PASSWORD, payeeName=name, **captcha))


async def test_payee_name_tries_are_limited_then_staff_review(make_client: MakeClient) -> None:
    member = await make_member(payee_name="Maria da Silva")
    assert member.id is not None
    owner = make_client(language="PT")
    await owner.login(member.username, PASSWORD)
    client = make_client()
    for _ in range(onboarding.TRIES_PER_ACCOUNT.limit):
        assert (await _named(client, member.username, "Joana Souza")).code == (
            "login-verification-failed"
        )
    # Past the limit even the right name is refused, with the same answer.
    error = await _named(client, member.username, "Maria da Silva")
    assert error.code == "login-verification-failed"
    identity = await _identity(member.id)
    assert (identity.status, identity.reason) == (IdentityStatus.REVIEW, onboarding.TOO_MANY_TRIES)
    # The owner, on their device, reads why in their language.
    titles = [m["title"] for m in await _messages(owner)]
    assert titles == ["Sua identidade foi para a nossa equipe"]


@pytest.fixture
async def second_brazilian_brand() -> AsyncIterator[str]:
    """BR2 under Brazil's profile for a while (identity asked, one account per CPF there)."""

    await change_brand("BR2", jurisdiction="BR")
    try:
        yield "BR2"
    finally:
        await change_brand("BR2", jurisdiction="")


async def _same_cpf_on(brand: str, cpf: str, status: str, **fields: Any) -> Member:
    member = await make_member(brand, identity=None, **fields)
    async with write_transaction() as session:
        row = identity_row(member, status)
        row.cpf = cpf
        session.add(row)
    return member


async def test_two_accounts_on_one_cpf_share_the_payee_name_tries(
    make_client: MakeClient, second_brazilian_brand: str
) -> None:
    first = await make_member(payee_name="Maria da Silva")
    assert first.id is not None
    cpf = (await _identity(first.id)).cpf
    second = await _same_cpf_on(second_brazilian_brand, cpf, IdentityStatus.VERIFIED,
                                payee_name="Maria da Silva")  # fmt: skip
    await make_client().login(first.username, PASSWORD)
    await make_client(merchant="BR2").login(second.username, PASSWORD)
    half = onboarding.TRIES_PER_CPF.limit // 2 + 1
    for _ in range(half):
        await _named(make_client(), first.username, "Joana Souza")
    tried = make_client(merchant="BR2")
    for _ in range(onboarding.TRIES_PER_CPF.limit - half):
        await _named(tried, second.username, "Joana Souza")
    # The CPF's tries are spent: the second account's right name is refused, under review.
    error = await _named(tried, second.username, "Maria da Silva")
    assert error.code == "login-verification-failed"
    assert second.id is not None
    assert (await _identity(second.id)).status == IdentityStatus.REVIEW


async def test_identity_tries_are_limited_then_staff_review(make_client: MakeClient) -> None:
    client = make_client(language="PT")
    await register(client, verified=False)
    for _ in range(onboarding.TRIES_PER_ACCOUNT.limit):
        # One word: the sandbox provider rejects the name.
        answer = await client.post(
            "/wps/member/identity/verify", {"fullName": "Mariana", "birthDate": ADULT_BIRTH}
        )
        assert answer["status"] == "REJECTED"
    # Past the limit the right name and birth date reach no provider: staff review.
    answer = await client.post(
        "/wps/member/identity/verify", {"fullName": ADULT_NAME, "birthDate": ADULT_BIRTH}
    )
    assert answer["status"] == "REVIEW" and not answer["active"]
    titles = [m["title"] for m in await _messages(client)]
    assert "Sua identidade foi para a nossa equipe" in titles


async def test_two_accounts_on_one_cpf_share_the_identity_tries(
    make_client: MakeClient, second_brazilian_brand: str
) -> None:
    first = make_client()
    await register(first, verified=False)
    member_id = (await first.get("/wps/member/info"))["id"]
    cpf = (await _identity(member_id)).cpf
    second = await _same_cpf_on(second_brazilian_brand, cpf, IdentityStatus.PENDING)
    other = make_client(merchant="BR2")
    await other.login(second.username, PASSWORD)
    half = onboarding.TRIES_PER_CPF.limit // 2 + 1
    for _ in range(half):
        await first.post(
            "/wps/member/identity/verify", {"fullName": "Mariana", "birthDate": ADULT_BIRTH}
        )
    for _ in range(onboarding.TRIES_PER_CPF.limit - half):
        answer = await other.post(
            "/wps/member/identity/verify", {"fullName": "Mariana", "birthDate": ADULT_BIRTH}
        )
        assert answer["status"] == "REJECTED"
    answer = await other.post(
        "/wps/member/identity/verify", {"fullName": ADULT_NAME, "birthDate": ADULT_BIRTH}
    )
    assert answer["status"] == "REVIEW"
