"""Identity on a Brazilian brand (issue 19; Lei 14.790/2023 art. 23 and 26, IN 22/2025 and
31/2025, Portaria SPA/MF 615/2024): the CPF's check digits, one account per CPF, a pending
account that cannot deposit, bet or withdraw, 18+ from the VERIFIED birth date, the barred
list at registration, verification, login and deposit, money only from and to the member's
own CPF. Real database, the sandbox identity provider over HTTP (in process)."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from uuid import uuid4

import httpx
import pytest
from PIL import Image
from sqlmodel import col, select

from app import cli
from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.jobs import barred_sweep
from app.services.backoffice import kyc
from app.services.brands import brands
from app.services.cashier import deposits, payout_accounts, withdrawals
from app.services.cashier.providers import SandboxProvider
from app.services.identity import barred, cpf, onboarding
from app.services.identity import kyc as kyc_provider
from app.services.images import folder_path
from app.services.seamless import wallet
from models import AuditEntry, DepositOrder, Member, MemberMessage
from models.cashier import DepositStatus, MessageKind, PayoutAccountKind, PixKeyType
from models.identity import BarredPerson, IdentityStatus, MemberIdentity
from models.protection import ProtectionRecord
from state.identity.console_kyc import liveness_text
from tests.helpers.accounts import ADULT_BIRTH, ADULT_NAME, PASSWORD, new_cpf
from tests.helpers.api import platform_api
from tests.helpers.backoffice import make_staff
from tests.helpers.images import HOSTILE_IMAGES
from tests.helpers.money import cash, fund
from tests.helpers.seamless import call, funded_member, player_session

ASGI = httpx.ASGITransport(app=platform_api())
VALID = "529.982.247-25"


def assert_translated(error: AppError) -> None:
    for language in ("en", "pt"):
        text = translate(error.code, language, **error.params)
        assert text != error.code and "{" not in text


async def pending_member(number: str | None = None) -> tuple[Member, str]:
    """A BR1 member registered with a CPF, identity not verified yet."""
    member = await funded_member("0", payee_name=ADULT_NAME, identity=None)
    digits = number or new_cpf()
    brand = await brands.by_id(member.merchant_id)
    async with write_transaction() as session:
        await onboarding.claim_cpf(session, brand, member, digits, clock.now())
    return member, digits


async def verified_member() -> tuple[Member, str]:
    member, digits = await pending_member()
    view = await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    assert view.status == IdentityStatus.VERIFIED
    return member, digits


async def status_of(member: Member) -> str:
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None
    return identity.status


async def bar(*numbers: str) -> None:
    """Put CPFs on the self-exclusion list (the whole list replaced, as an import does)."""
    text = "cpf,list\n" + "".join(f"{n},SELF_EXCLUDED\n" for n in numbers)
    await barred.import_csv(text, "test.csv", clock.now())


async def orders_of(member: Member) -> list[DepositOrder]:
    async with session_scope() as session:
        found = await session.exec(select(DepositOrder).where(DepositOrder.member_id == member.id))
        return list(found.all())


# ---- the CPF ----------------------------------------------------------------------------------


def test_a_cpf_with_matching_check_digits_is_accepted_in_any_punctuation() -> None:
    assert cpf.normalize(VALID) == "52998224725"
    assert cpf.normalize(" 52998224725 ") == "52998224725"
    assert cpf.normalize("529 982 247-25") == "52998224725"


@pytest.mark.parametrize(
    "text",
    [
        "529.982.247-24",  # the second check digit wrong
        "529.982.247-15",  # the first check digit wrong
        "111.111.111-11",  # repeated digits pass mod 11 but are never issued
        "000.000.000-00",
        "999.999.999-99",
        "5299822472",  # 10 digits
        "529982247255",  # 12 digits
        "52998224a25",
        "５２９９８２２４７２５",  # full-width digits
        "",
    ],
)
def test_a_cpf_whose_check_digits_fail_is_refused(text: str) -> None:
    with pytest.raises(AppError) as refused:
        cpf.normalize(text)
    assert refused.value.code == "identity-cpf-invalid"
    assert_translated(refused.value)


def test_check_digits_follow_the_mod_11_rule() -> None:
    assert cpf.check_digits("529982247") == "25"
    assert cpf.check_digits("000000001") == "91"
    assert all(cpf.is_valid(new_cpf()) for _ in range(50))


async def test_one_account_per_cpf_per_brand() -> None:
    _, digits = await pending_member()
    with pytest.raises(AppError) as refused:
        await pending_member(digits)
    assert refused.value.code == "identity-cpf-taken"
    assert_translated(refused.value)


# ---- pending verification ---------------------------------------------------------------------


async def test_a_pending_account_cannot_deposit() -> None:
    member, _ = await pending_member()
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "50")
    assert refused.value.code == "identity-pending" and refused.value.status == 403
    assert_translated(refused.value)
    assert await orders_of(member) == []


async def test_a_pending_account_cannot_bet() -> None:
    member, _ = await pending_member()
    assert member.id is not None
    await fund(member.id, "20.00")  # e.g. a balance from before the rule
    ps = await player_session(member)
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "1.00", ps.game_code)
    )
    assert answer.status is not wallet.WalletStatus.OK
    assert await cash(member) == Decimal("20.00")


async def test_a_pending_account_cannot_withdraw() -> None:
    member, _ = await pending_member()
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await withdrawals.request_withdrawal(brand, member, "10", 1, PASSWORD)
    assert refused.value.code == "identity-pending"


async def test_a_verified_account_may_deposit_and_bet() -> None:
    member, _ = await verified_member()
    brand = await brands.by_id(member.merchant_id)
    order = await deposits.create_deposit(brand, member, "PIX", "50")
    assert order.status == DepositStatus.PENDING
    assert member.id is not None
    await fund(member.id, "5.00")
    ps = await player_session(member)
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "1.00", ps.game_code)
    )
    assert answer.status is wallet.WalletStatus.OK


# ---- 18+ from the verified birth date -----------------------------------------------------------


async def test_under_18_by_the_verified_birth_date_is_rejected() -> None:
    member, _ = await pending_member()
    today = clock.now().date()
    seventeen = date(today.year - 17, today.month, min(today.day, 28))
    view = await onboarding.submit(member, ADULT_NAME, seventeen.isoformat(), clock.now())
    assert view.status == IdentityStatus.REJECTED and view.reason == "underage"
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "50")
    assert refused.value.code == "identity-pending"


async def test_staff_review_uses_the_verified_birth_date_not_the_claimed_one() -> None:
    """The member claims an adult's date; the document (read by staff) shows a minor."""
    member, _ = await pending_member(new_cpf(prefix="999"))
    view = await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    assert view.status == IdentityStatus.REVIEW
    today = clock.now().date()
    minor = today - timedelta(days=365 * 16)
    async with write_transaction() as session:
        decided = await onboarding.decide(session, member, True, "", minor, "staff:t", clock.now())
    assert decided.status == IdentityStatus.REJECTED and decided.reason == "underage"
    assert decided.birth_date == minor and decided.claimed_birth_date == date(1990, 5, 17)


async def test_a_provider_answering_rejected_leaves_the_account_pending_a_retry() -> None:
    member, _ = await pending_member()
    view = await onboarding.submit(member, "Maria", ADULT_BIRTH, clock.now())  # one word
    assert view.status == IdentityStatus.REJECTED
    again = await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    assert again.status == IdentityStatus.VERIFIED


async def test_an_unreachable_provider_changes_nothing() -> None:
    member, _ = await pending_member()

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("down", request=request)

    with pytest.raises(AppError) as failed:
        await onboarding.submit(
            member, ADULT_NAME, ADULT_BIRTH, clock.now(), transport=httpx.MockTransport(down)
        )
    assert failed.value.code == "identity-provider-unavailable"
    assert await status_of(member) == IdentityStatus.PENDING


# ---- the barred list ---------------------------------------------------------------------------


async def test_a_barred_person_cannot_register_and_is_told_neutrally() -> None:
    digits = new_cpf()
    await bar(digits)
    with pytest.raises(AppError) as refused:
        await pending_member(digits)
    assert refused.value.code == "identity-refused"
    for language in ("en", "pt"):
        text = translate("identity-refused", language).lower()
        assert "barred" not in text and "impedid" not in text and "exclu" not in text


async def test_a_barred_person_is_refused_at_verification() -> None:
    member, digits = await pending_member()
    await bar(digits)
    await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    assert await status_of(member) == IdentityStatus.BARRED
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "50")
    assert refused.value.code == "identity-refused"


async def test_the_first_login_of_the_day_bars_a_listed_person_who_may_still_withdraw() -> None:
    member, digits = await verified_member()
    await bar(digits)
    now = clock.now() + timedelta(days=1)
    await onboarding.check_at_login(member, now)
    assert await status_of(member) == IdentityStatus.BARRED
    async with session_scope() as session:
        await onboarding.require_may_withdraw(session, member)  # the balance may leave
        with pytest.raises(AppError):
            await onboarding.require_verified(session, member)


async def test_staff_send_a_verified_member_back_to_verification_on_risk() -> None:
    """Re-verification: a reason is required; the member is told in neutral words and may
    neither deposit nor withdraw until staff approve the documents sent again."""
    member, _ = await verified_member()
    staff, other = await make_staff("risk", "BR1"), await make_staff("risk", "BR2")
    with pytest.raises(AppError) as no_reason:
        await kyc.reverify(staff, member.id or 0, "  ", clock.now())
    assert no_reason.value.code == "kyc-reason-required"
    with pytest.raises(AppError) as forbidden:
        await kyc.reverify(other, member.id or 0, "chargeback", clock.now())
    assert forbidden.value.code == "staff-forbidden"
    assert await status_of(member) == IdentityStatus.VERIFIED
    await kyc.reverify(staff, member.id or 0, "chargeback from the bank", clock.now())
    assert await status_of(member) == IdentityStatus.REVIEW
    with pytest.raises(AppError) as twice:
        await kyc.reverify(staff, member.id or 0, "again", clock.now())
    assert twice.value.code == "identity-not-verified"
    assert_translated(twice.value)
    async with session_scope() as session:
        with pytest.raises(AppError):
            await onboarding.require_verified(session, member)
        with pytest.raises(AppError):
            await onboarding.require_may_withdraw(session, member)
        told = (
            await session.exec(
                select(MemberMessage.kind).where(MemberMessage.member_id == member.id)
            )
        ).all()
        audited = (
            await session.exec(
                select(AuditEntry.detail).where(
                    AuditEntry.action == "kyc.reverify", AuditEntry.target == f"member:{member.id}"
                )
            )
        ).all()
    assert MessageKind.IDENTITY_RECHECK in told
    assert len(audited) == 1 and "chargeback from the bank" in audited[0]
    [row] = [r for r in await kyc.queue(staff, clock.now()) if r.member_id == member.id]
    assert (row.reason, row.documents) == ("reverification", 0)
    await onboarding.send_documents(
        member, [_picture("PNG"), _picture("JPEG", (200, 120, 90))], clock.now()
    )
    status = await kyc.decide(staff, member.id or 0, True, "", "", clock.now())
    assert status == IdentityStatus.VERIFIED


async def test_the_15_day_sweep_bars_every_listed_account_once_per_period() -> None:
    listed, listed_cpf = await verified_member()
    pending, pending_cpf = await pending_member()
    clear, _ = await verified_member()
    await bar(listed_cpf, pending_cpf)
    now = clock.now() + timedelta(days=40)
    first = await barred_sweep.run_once(now)
    assert first.ran and first.changed >= 2
    assert await status_of(listed) == IdentityStatus.BARRED
    assert await status_of(pending) == IdentityStatus.BARRED
    assert await status_of(clear) == IdentityStatus.VERIFIED
    again = await barred_sweep.run_once(now)
    assert not again.ran and again.changed == 0  # the period has run: nothing happens twice


async def test_a_deposit_checks_the_barred_list_again() -> None:
    member, digits = await verified_member()
    await bar(digits)
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "50")
    assert refused.value.code == "identity-refused"
    assert await status_of(member) == IdentityStatus.BARRED


async def test_a_barred_list_import_with_one_bad_row_changes_nothing() -> None:
    first = new_cpf()
    await bar(first)
    bad = f"cpf,list\n{new_cpf()},BENEFIT\n123.456.789-00,BENEFIT\n{new_cpf()},NOPE\n"
    with pytest.raises(AppError) as refused:
        await barred.import_csv(bad, "bad.csv", clock.now())
    assert refused.value.code == "barred-import-invalid"
    assert refused.value.params["lines"] == "3, 4"
    assert_translated(refused.value)
    async with session_scope() as session:
        assert await barred.is_barred(session, first)
        rows = await session.exec(select(BarredPerson).where(BarredPerson.list_name == "BENEFIT"))
        assert [r for r in rows.all() if r.source == "bad.csv"] == []


async def test_an_import_replaces_the_lists_it_names_only() -> None:
    kept, dropped, new = new_cpf(), new_cpf(), new_cpf()
    await barred.import_csv(f"cpf,list\n{kept},RELATED\n", "related.csv", clock.now())
    await bar(dropped)
    result = await barred.import_csv(f"CPF,List\n{new},self_excluded\n", "se.csv", clock.now())
    assert result.lists["SELF_EXCLUDED"] == 1
    async with session_scope() as session:
        assert await barred.is_barred(session, kept)
        assert await barred.is_barred(session, new)
        assert not await barred.is_barred(session, dropped)


# ---- own-CPF money -------------------------------------------------------------------------------


async def _paid_by(member: Member, payer: str) -> tuple[str, DepositOrder]:
    brand = await brands.by_id(member.merchant_id)
    order = await deposits.create_deposit(brand, member, "PIX", "50")
    status = await SandboxProvider().settle(order, True, transport=ASGI, payer_document=payer)
    assert status == 200
    stored = await deposits.order_by_number(order.order_no)
    return stored.status, stored


async def test_a_pix_deposit_from_another_cpf_is_refunded_not_credited() -> None:
    member, _ = await verified_member()
    status, order = await _paid_by(member, new_cpf())
    assert status == DepositStatus.REFUNDED and order.ledger_transaction_id is None
    status, _ = await _paid_by(member, "")  # no payer document: not credited either
    assert status == DepositStatus.REFUNDED
    assert await cash(member) == Decimal("0.00")
    async with session_scope() as session:
        kinds = (
            await session.exec(
                select(col(MemberMessage.kind)).where(MemberMessage.member_id == member.id)
            )
        ).all()
    assert MessageKind.DEPOSIT_REFUNDED in kinds


async def test_a_pix_deposit_from_the_members_own_cpf_is_credited() -> None:
    member, digits = await verified_member()
    punctuated = f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    status, _ = await _paid_by(member, punctuated)
    assert status == DepositStatus.PAID
    assert await cash(member) == Decimal("50.00")


async def test_a_payout_key_of_another_cpf_is_refused() -> None:
    member, digits = await verified_member()
    other = payout_accounts.PayoutAccountInput(
        kind=PayoutAccountKind.PIX,
        holder_name=ADULT_NAME,
        pix_key_type=PixKeyType.CPF,
        pix_key=new_cpf(),
    )
    with pytest.raises(AppError) as refused:
        await payout_accounts.bind(member, other, PASSWORD, "203.0.113.7")
    assert refused.value.code == "identity-payout-not-own-cpf"
    assert_translated(refused.value)
    email = payout_accounts.PayoutAccountInput(
        kind=PayoutAccountKind.PIX,
        holder_name=ADULT_NAME,
        pix_key_type=PixKeyType.EMAIL,
        pix_key="maria@example.com",
    )
    with pytest.raises(AppError):
        await payout_accounts.bind(member, email, PASSWORD, "203.0.113.7")
    assert await payout_accounts.member_accounts(member) == []
    own = payout_accounts.PayoutAccountInput(
        kind=PayoutAccountKind.PIX,
        holder_name=ADULT_NAME,
        pix_key_type=PixKeyType.CPF,
        pix_key=digits,
    )
    bound = await payout_accounts.bind(member, own, PASSWORD, "203.0.113.7")
    assert bound.identifier == digits


# ---- the operator's import command ------------------------------------------------------------


def test_the_cli_loads_a_barred_list_and_refuses_a_bad_file(tmp_path: Path, capsys: object) -> None:
    good = tmp_path / "related.csv"
    good.write_text(f"cpf,list\n{new_cpf()},RELATED\n{new_cpf()},RELATED\n", encoding="utf-8")
    assert cli.main(["barred-import", str(good)]) == 0
    assert "RELATED: 2" in capsys.readouterr().out  # type: ignore[attr-defined]
    bad = tmp_path / "bad.csv"
    bad.write_text(f"cpf,list\n{new_cpf()},RELATED\n111.111.111-11,RELATED\n", encoding="utf-8")
    assert cli.main(["barred-import", str(bad)]) == 2
    assert "line(s) 3" in capsys.readouterr().err  # type: ignore[attr-defined]


def _picture(kind: str, colour: tuple[int, int, int] = (40, 40, 200)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (6, 4), colour).save(buffer, format=kind)
    return buffer.getvalue()


async def _liveness(member: Member) -> tuple[str, int, str]:
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None
    return identity.liveness, identity.liveness_score, identity.liveness_reason


async def test_the_documents_sent_go_through_the_providers_liveness_check() -> None:
    """Over HTTP to the sandbox provider: a selfie beside the document passes, a copy of the
    document as the selfie fails, a lone image is inconclusive; staff see the verdict; a
    provider down leaves it unrun and the images kept."""
    member, _ = await pending_member(new_cpf(prefix="999"))
    await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    front, selfie = _picture("PNG"), _picture("JPEG", (200, 120, 90))
    for images, expected in (
        ([front, selfie], ("PASSED", 97, "")),
        ([front, front], ("FAILED", 0, "not-a-live-face")),
        ([front], ("REVIEW", 0, "selfie-missing")),
    ):
        await onboarding.send_documents(member, images, clock.now())
        assert await _liveness(member) == expected
    staff = await make_staff("risk", "BR1")
    [row] = [r for r in await kyc.queue(staff, clock.now()) if r.member_id == member.id]
    assert (row.liveness, row.liveness_reason) == ("REVIEW", "selfie-missing")
    assert liveness_text(row, "en") == "Inconclusive: no selfie with the document"
    assert liveness_text(
        replace(row, liveness="PASSED", liveness_score=97, liveness_reason=""), "pt"
    ) == ("Aprovada (97)")
    assert liveness_text(replace(row, liveness=""), "en") == "Not checked"
    saved = kyc_provider.PROVIDER.transport
    kyc_provider.PROVIDER.transport = httpx.MockTransport(lambda _: httpx.Response(502))
    try:
        shown = await onboarding.send_documents(member, [front, selfie], clock.now())
    finally:
        kyc_provider.PROVIDER.transport = saved
    assert shown.documents == 2 and await _liveness(member) == ("", 0, "")
    async with session_scope() as session:
        logged = (
            await session.exec(
                select(ProtectionRecord.content).where(
                    ProtectionRecord.member_id == member.id,
                    ProtectionRecord.event == "identity-liveness",
                )
            )
        ).all()
    assert len(logged) == 3 and all("(" in text for text in logged)


async def test_under_review_the_member_sends_their_document_for_staff() -> None:
    member, _ = await pending_member(new_cpf(prefix="999"))
    with pytest.raises(AppError) as too_early:
        await onboarding.send_documents(member, [_picture("PNG")], clock.now())
    assert too_early.value.code == "identity-not-in-review"
    assert (await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())).status == (
        IdentityStatus.REVIEW
    )
    folder = folder_path(onboarding.DOCUMENT_FOLDER)
    for images, code in (
        ([], "identity-documents-required"),
        ([_picture("PNG")] * 4, "too-many-images"),
        ([_picture("PNG"), b"%PDF-1.7 not an image"], "image-type"),
        *(([_picture("PNG"), image], code) for image, code in HOSTILE_IMAGES),
    ):
        before = set(folder.iterdir()) if folder.exists() else set()
        with pytest.raises(AppError) as refused:
            await onboarding.send_documents(member, images, clock.now())
        assert refused.value.code == code
        assert_translated(refused.value)
        assert (set(folder.iterdir()) if folder.exists() else set()) == before
    assert (await onboarding.view(member)).documents == 0

    first = await onboarding.send_documents(member, [_picture("PNG")], clock.now())
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
        assert identity is not None
        old = list(identity.documents)
    shown = await onboarding.send_documents(
        member, [_picture("JPEG"), _picture("PNG"), _picture("JPEG")], clock.now()
    )
    assert (first.documents, shown.documents, shown.status) == (1, 3, IdentityStatus.REVIEW)
    assert not (folder / old[0]).exists()  # replaced: the earlier image is gone
    staff = await make_staff("risk", "BR1")
    [row] = [r for r in await kyc.queue(staff, clock.now()) if r.member_id == member.id]
    assert row.documents == 3
    assert (await kyc.document(staff, member.id or 0, 0, clock.now())).startswith(
        "data:image/jpeg;base64,"
    )
    other = await make_staff("risk", "BR2")
    with pytest.raises(AppError) as forbidden:
        await kyc.document(other, member.id or 0, 0, clock.now())
    assert forbidden.value.code == "staff-forbidden"
    async with session_scope() as session:
        logged = (
            await session.exec(
                select(ProtectionRecord.event).where(ProtectionRecord.member_id == member.id)
            )
        ).all()
    assert logged.count("identity-documents") == 2
