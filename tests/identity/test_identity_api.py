"""Registration and verification through the API on a Brazilian brand (issue 19): the CPF and
the member's own limits at registration, the pending account refused a deposit, the sandbox
identity provider's answer, 18+ from the verified birth date."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from app.client import ApiError, PlatformClient
from tests.helpers.accounts import (
    ADULT_BIRTH,
    ADULT_NAME,
    PASSWORD,
    make_member,
    new_cpf,
    new_username,
    register,
)

MakeClient = Callable[..., PlatformClient]


async def _error(call) -> ApiError:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


def _fields(error: ApiError) -> dict[str, str]:
    return {f["field"]: f["code"] for f in error.body["value"]["fields"]}


async def test_registration_on_a_brazilian_brand_asks_a_valid_cpf(make_client: MakeClient) -> None:
    client = make_client()
    missing = await _error(register(client, cpf=""))
    assert missing.status == 422 and _fields(missing)["cpf"] == "val_required"
    wrong = await _error(register(make_client(), cpf="111.111.111-11"))
    assert _fields(wrong)["cpf"] == "identity-cpf-invalid"
    taken = new_cpf()
    await register(make_client(), cpf=taken)
    again = await _error(register(make_client(), cpf=taken))
    assert (again.status, again.code) == (409, "identity-cpf-taken")


async def test_a_brand_without_a_jurisdiction_asks_no_cpf(make_client: MakeClient) -> None:
    client = make_client(merchant="BR2")
    await register(client, cpf="")
    identity = await client.get("/wps/member/identity")
    assert identity == {
        "required": False, "status": "", "active": True, "cpf": "", "cpfNeeded": False,
        "fullName": "", "birthDate": None,
    }  # fmt: skip


async def test_limits_chosen_at_registration_apply_at_once(make_client: MakeClient) -> None:
    client = make_client()
    await register(client, depositLimitDay="200", lossLimitDay="50,00", timeLimitDay="90")
    chosen = {
        (v["kind"], v["period"]): v["value"] for v in await client.get("/wps/protection/limits")
    }
    assert chosen == {
        ("DEPOSIT", "DAY"): "200.00",
        ("LOSS", "DAY"): "50.00",
        ("TIME", "DAY"): "90.00",
    }
    over = await _error(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "201"}))
    assert over.code == "protection-limit-reached-deposit"


async def test_a_bad_limit_at_registration_names_its_field_and_opens_nothing(
    make_client: MakeClient,
) -> None:
    client = make_client()
    error = await _error(register(client, lossLimitDay="-5", timeLimitDay="2000"))
    assert _fields(error) == {
        "lossLimitDay": "protection-limit-invalid",
        "timeLimitDay": "protection-limit-invalid",
    }
    assert client.token is None


async def test_a_pending_account_is_refused_a_deposit_until_verified(
    make_client: MakeClient,
) -> None:
    client = make_client()
    await register(client, verified=False)
    identity = await client.get("/wps/member/identity")
    assert (identity["status"], identity["active"]) == ("PENDING", False)
    assert identity["cpf"].startswith("***.") and identity["cpf"].endswith("-**")
    refused = await _error(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"}))
    assert (refused.status, refused.code) == (403, "identity-pending")
    verified = await client.post(
        "/wps/member/identity/verify", {"fullName": ADULT_NAME, "birthDate": ADULT_BIRTH}
    )
    assert (verified["status"], verified["birthDate"]) == ("VERIFIED", ADULT_BIRTH)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"})
    assert order["status"] == "PENDING"
    twice = await _error(
        client.post(
            "/wps/member/identity/verify", {"fullName": ADULT_NAME, "birthDate": ADULT_BIRTH}
        )
    )
    assert twice.code == "identity-not-submittable"


async def test_under_18_by_the_verified_birth_date_stays_closed(make_client: MakeClient) -> None:
    client = make_client()
    await register(client, verified=False)
    today = date.today()
    minor = date(today.year - 17, 1, 1).isoformat()
    answer = await client.post(
        "/wps/member/identity/verify", {"fullName": ADULT_NAME, "birthDate": minor}
    )
    assert (answer["status"], answer["active"]) == ("REJECTED", False)
    refused = await _error(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"}))
    assert refused.code == "identity-pending"


async def test_a_document_the_provider_cannot_read_waits_for_staff(
    make_client: MakeClient,
) -> None:
    client = make_client()
    await register(client, cpf=new_cpf(prefix="999"))  # the sandbox's "unreadable" documents
    identity = await client.get("/wps/member/identity")
    assert (identity["status"], identity["active"]) == ("REVIEW", False)


async def test_an_agents_downline_gives_its_cpf_before_it_may_deposit(
    make_client: MakeClient,
) -> None:
    """registerCenter opens an account without a CPF: gated like a pending one until the
    member gives a CPF (checked, unique) with the verification form."""
    agent = make_client()
    await agent.login((await make_member(account_type=1)).username, PASSWORD)
    name = new_username()[:16]
    await agent.post("/wps/agent/downlines", {"username": name, "password": PASSWORD})
    client = make_client()
    await client.login(name, PASSWORD)
    identity = await client.get("/wps/member/identity")
    assert (identity["status"], identity["active"], identity["cpfNeeded"]) == (
        "PENDING",
        False,
        True,
    )
    refused = await _error(client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"}))
    assert (refused.status, refused.code) == (403, "identity-pending")
    form = {"fullName": ADULT_NAME, "birthDate": ADULT_BIRTH}
    missing = await _error(client.post("/wps/member/identity/verify", form))
    assert (missing.status, missing.code) == (422, "val_required")
    wrong = await _error(client.post("/wps/member/identity/verify", {**form, "cpf": "12345678900"}))
    assert wrong.code == "identity-cpf-invalid"
    taken = new_cpf()
    await register(make_client(), cpf=taken)
    again = await _error(client.post("/wps/member/identity/verify", {**form, "cpf": taken}))
    assert (again.status, again.code) == (409, "identity-cpf-taken")
    assert (await client.get("/wps/member/identity"))["cpfNeeded"] is True  # nothing written
    verified = await client.post("/wps/member/identity/verify", {**form, "cpf": new_cpf()})
    assert (verified["status"], verified["cpfNeeded"]) == ("VERIFIED", False)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "50"})
    assert order["status"] == "PENDING"
