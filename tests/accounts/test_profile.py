"""The member's own data (issue 21, "the site a player trusts"): a member who registered
without their full name completes it and can then add a payout account; the name and birth
date are set once; a new e-mail needs the password; bad input changes nothing; on a brand
that verifies identity the verified name becomes the payee name. Real database."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import col, select

from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import first_steps
from app.services.accounts import members, payment_password, profile
from app.services.brands import Brand, brands
from app.services.cashier import payout_accounts, withdrawals
from app.services.identity import onboarding
from models import Member
from models.protection import ProtectionRecord
from tests.helpers.accounts import (
    ADULT_BIRTH,
    ADULT_NAME,
    PASSWORD,
    make_member,
    new_cpf,
    register,
)
from tests.helpers.loyalty import deposit

IP = "203.0.113.40"


async def _member(code: str = "BR2", **fields: object) -> tuple[Member, Brand]:
    member = await make_member(code, **fields)
    return member, await brands.by_id(member.merchant_id)


async def _stored(member: Member) -> Member:
    async with session_scope() as session:
        found = await session.get(Member, member.id)
    assert found is not None
    return found


async def _save(member: Member, brand: Brand, password: str = "", **values: str) -> object:
    return await profile.update(
        await _stored(member), brand, profile.ProfileChange(values, password), IP, clock.now()
    )


def _field_codes(error: AppError) -> dict[str, str]:
    assert error.code == "validation-failed"
    return {f["field"]: f["code"] for f in error.value["fields"]}


async def test_a_member_completes_their_name_once_and_can_then_add_a_payout_account() -> None:
    member, brand = await _member()
    seen = profile.view(member, brand)
    assert seen.full_name == "" and seen.full_name_editable and seen.birthday_editable
    assert [f.name for f in seen.fields] == ["whatsapp", *profile.PERSONAL_FIELDS]
    assert (await withdrawals.overview(brand, member)).payee_name_missing
    pix = payout_accounts.PayoutAccountInput("PIX", ADULT_NAME, "EMAIL", "maria@example.com")
    with pytest.raises(AppError) as refused:
        await payout_accounts.bind(member, pix, PASSWORD, IP)
    assert refused.value.code == "payout-profile-incomplete"

    await _save(
        member,
        brand,
        payeeName=f"  {ADULT_NAME} ",
        birthday=ADULT_BIRTH,
        whatsapp="11987654321",
        occupation="Engenheira",
    )

    stored = await _stored(member)
    assert stored.payee_name == ADULT_NAME and stored.birthday == date.fromisoformat(ADULT_BIRTH)
    assert stored.profile == {"whatsapp": "11987654321", "occupation": "Engenheira"}
    seen = profile.view(stored, brand)
    assert not seen.full_name_editable and not seen.birthday_editable
    assert not (await withdrawals.overview(brand, stored)).payee_name_missing
    assert (await payout_accounts.bind(stored, pix, PASSWORD, IP)).holder_name == ADULT_NAME
    for locked, code in (
        ("payeeName", "profile-name-locked"),
        ("birthday", "profile-birthday-locked"),
    ):
        with pytest.raises(AppError) as again:
            await _save(
                stored, brand, **{locked: "Outra Pessoa" if locked == "payeeName" else "1980-01-01"}
            )
        assert again.value.code == code
    assert (await _stored(member)).payee_name == ADULT_NAME


async def test_bad_input_is_refused_field_by_field_and_nothing_is_stored() -> None:
    member, brand = await _member()
    with pytest.raises(AppError) as refused:
        await _save(
            member,
            brand,
            payeeName="M4ria",
            birthday=date.today().replace(year=date.today().year - 20).isoformat(),
            whatsapp="12ab",
            occupation="<b>boss</b>",
            address="x" * 121,
            nationality="Brasileira",  # fine on its own: not stored either
        )
    codes = _field_codes(refused.value)
    assert codes == {
        "payeeName": "pattern_21",
        "birthday": "val_age_21",  # BR2's minimum age
        "whatsapp": codes["whatsapp"],
        "occupation": "val_format",
        "address": codes["address"],
    }
    for problem in refused.value.value["fields"]:
        text = translate(problem["code"], "pt", **problem["params"])
        assert text != problem["code"] and "{" not in text, problem
    stored = await _stored(member)
    assert stored.payee_name is None and stored.birthday is None and stored.profile == {}
    with pytest.raises(AppError) as unknown:
        await _save(member, brand, username="someone")
    assert unknown.value.code == "profile-field-unknown"
    with pytest.raises(AppError) as nothing:
        await _save(member, brand, nationality="")
    assert nothing.value.code == "profile-unchanged"


async def test_a_new_email_needs_the_password() -> None:
    member, brand = await _member(email="old@example.com")
    with pytest.raises(AppError) as wrong:
        await _save(member, brand, "not-my-password", email="new@example.com")
    assert wrong.value.code == "profile-password-wrong"
    assert (await _stored(member)).email == "old@example.com"
    with pytest.raises(AppError) as bad:
        await _save(member, brand, PASSWORD, email="not-an-email")
    assert _field_codes(bad.value) == {"email": "pattern_3"}
    seen = await _save(member, brand, PASSWORD, email="new@example.com")
    assert isinstance(seen, profile.ProfileView) and seen.email == members.mask_email(
        "new@example.com"
    )
    assert (await _stored(member)).email == "new@example.com"


async def test_a_personal_field_can_be_cleared_and_each_save_is_logged_without_values() -> None:
    member, brand = await _member()
    await _save(member, brand, sourceOfIncome="Salário", placeOfBirth="Recife")
    await _save(member, brand, sourceOfIncome="")
    assert (await _stored(member)).profile == {"placeOfBirth": "Recife"}
    async with session_scope() as session:
        lines = (
            await session.exec(
                select(ProtectionRecord)
                .where(ProtectionRecord.member_id == member.id)
                .order_by(col(ProtectionRecord.id))
            )
        ).all()
    assert [line.params for line in lines] == [
        {"fields": "placeOfBirth, sourceOfIncome"},
        {"fields": "sourceOfIncome"},
    ]
    assert all("Recife" not in line.content and "Salário" not in line.content for line in lines)


async def test_a_trial_account_has_no_profile_to_change() -> None:
    member, brand = await _member(account_type=members.trial_type())
    with pytest.raises(AppError) as refused:
        await _save(member, brand, occupation="Teste")
    assert refused.value.code == "in_need_true_account"


async def test_on_an_identity_brand_the_verified_name_becomes_the_payee_name() -> None:
    member, brand = await _member("BR1", identity=None)
    async with onboarding.write_transaction() as session:
        await onboarding.claim_cpf(session, brand, member, new_cpf(), clock.now())
    seen = profile.view(member, brand)
    assert seen.identity_brand and not seen.full_name_editable and not seen.birthday_editable
    with pytest.raises(AppError) as typed:
        await _save(member, brand, payeeName=ADULT_NAME)
    assert typed.value.code == "profile-name-locked"

    await onboarding.submit(await _stored(member), ADULT_NAME, ADULT_BIRTH, clock.now())

    stored = await _stored(member)
    assert stored.payee_name == ADULT_NAME
    assert stored.birthday == date.fromisoformat(ADULT_BIRTH)
    assert (profile.view(stored, brand)).full_name == ADULT_NAME
    assert not (await withdrawals.overview(brand, stored)).payee_name_missing


async def test_registration_keeps_the_profile_labels_and_refuses_markup(
    api: PlatformClient,
) -> None:
    with pytest.raises(ApiError) as refused:
        await register(api, occupation="<i>chefe</i>")
    assert refused.value.code == "validation-failed"
    assert [f["field"] for f in refused.value.body["value"]["fields"]] == ["occupation"]
    labels = {"placeOfBirth": "Recife", "sourceOfIncome": "Salário", "permanentAddress": "Rua A, 1"}
    value = await register(api, **labels)
    async with session_scope() as session:
        member = await session.get(Member, value["userInfo"]["id"])
    assert member is not None and member.profile == labels


async def test_first_steps_follow_the_account_until_all_are_done() -> None:
    member, brand = await _member()

    def state(found: tuple[first_steps.Step, ...]) -> dict[str, bool]:
        return {step.key: step.done for step in found}

    found = await first_steps.steps(member, brand)
    assert state(found) == {"name": False, "payment_password": False, "deposit": False}
    assert first_steps.open_count(found) == 3
    assert [step.href for step in found] == ["/securityCenter#profile", "/withdraw", "/depositv2"]
    await _save(member, brand, payeeName=ADULT_NAME)
    await payment_password.set_payment_password(
        brand, await _stored(member), PASSWORD, "135790", "135790", IP
    )
    await deposit(member, "20.00")
    found = await first_steps.steps(await _stored(member), brand)
    assert first_steps.open_count(found) == 0

    pending, br1 = await _member("BR1", identity=None)
    async with onboarding.write_transaction() as session:
        await onboarding.claim_cpf(session, br1, pending, new_cpf(), clock.now())
    assert state(await first_steps.steps(pending, br1)) == {
        "identity": False,
        "payment_password": False,
        "deposit": False,
    }
    for account_type in (members.trial_type(), 1):  # trial and agent accounts: none
        other, _ = await _member(account_type=account_type)
        assert await first_steps.steps(other, brand) == ()
