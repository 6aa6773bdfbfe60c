"""Identity and the public responsible-gambling page in a real browser (issue 19), on BR1
(Brazil's profile): registration with a CPF and the member's own limits, the pending account
refused a deposit, the sandbox identity provider's approval, a deposit paid through the
sandbox, the limit chosen at registration holding; the public page in PT and EN from the
footer; a document the provider cannot read approved by staff in the KYC console; a pending
player's bet and withdrawal refused for the identity, with the way to lift it.
Screenshots at 360 px and 1280 px, light and dark, into IDENTITY_SHOTS (default
/tmp/identity-shots)."""

from __future__ import annotations

import io
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from PIL import Image
from playwright.async_api import Browser, BrowserContext, Page, expect
from sqlmodel import select

from app.core.db import session_scope
from app.core.i18n import Amount, translate
from app.core.security import hash_password
from models import Member
from models.identity import IdentityStatus, MemberIdentity
from state.cashier.withdraw import REQUEST_FORM
from tests.e2e.conftest import SLOW_MS, open_deposit, open_site
from tests.e2e.test_backoffice import _console_login
from tests.e2e.test_home import _log_in
from tests.helpers.accounts import (
    ADULT_BIRTH,
    ADULT_NAME,
    PASSWORD,
    make_member,
    new_cpf,
    new_username,
)
from tests.helpers.backoffice import code_at, make_staff_account
from tests.helpers.browser import choose_language, screenshots, unfold_optional
from tests.helpers.money import cash, fund

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("IDENTITY_SHOTS", "/tmp/identity-shots"))
PAY_PASSWORD = "135790"


async def _shoot(page: Page, name: str) -> None:
    await screenshots(page, SHOTS, name)


async def _register(page: Page, site_url: str, cpf: str) -> str:
    username = new_username()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await form.locator("input[name=cpf]").fill(cpf)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    return username


async def _deposit(page: Page, amount: str) -> None:
    await open_deposit(page)
    await page.locator("input[name=amount]").fill(amount)
    await page.get_by_test_id("deposit-submit").click()


async def test_register_with_cpf_and_limits_verify_deposit_then_the_public_page(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    cpf = new_cpf()
    punctuated = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    username = await _register(page, site_url, "123.456.789-00")
    await unfold_optional(page)
    limits = page.get_by_test_id("register-limits")
    await expect(limits).to_contain_text("Limite de depósito por dia")
    await limits.locator("input[name=depositLimitDay]").fill("200")
    await limits.locator("input[name=lossLimitDay]").fill("50")
    await limits.locator("input[name=timeLimitDay]").fill("90")
    await _shoot(page, "register-cpf-limits")
    await page.get_by_test_id("register-submit").click()
    # A CPF whose check digits fail: the field says so, no account is made.
    await expect(page.locator("#field-cpf-error")).to_have_text(
        translate("identity-cpf-invalid", "pt"), timeout=SLOW_MS
    )
    await page.locator("input[name=cpf]").fill(punctuated)
    await page.get_by_test_id("register-submit").click()

    # The new account lands on the identity page, pending: no deposit yet.
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)
    status = page.get_by_test_id("identity-status")
    await expect(status).to_have_attribute("data-status", "PENDING", timeout=SLOW_MS)
    await expect(page.get_by_test_id("identity-form")).to_contain_text(f"***.{cpf[3:6]}")
    await _shoot(page, "identity-pending")
    await _deposit(page, "50")
    await expect(page.get_by_test_id("form-error").first).to_have_text(
        translate("identity-pending", "pt"), timeout=SLOW_MS
    )

    # The birth date is typed as a Brazilian writes it (dd/mm/aaaa, digits only, the field
    # adds the slashes); a date that does not exist is refused in Portuguese before sending.
    await open_site(page, site_url + "/verify-identity")
    form = page.get_by_test_id("identity-form")
    await form.locator("input[name=fullName]").fill(ADULT_NAME)
    typed_date = form.locator("#field-birthDate")
    await expect(typed_date).to_have_attribute("placeholder", "dd/mm/aaaa")
    await typed_date.press_sequentially("31021990")
    await expect(typed_date).to_have_value("31/02/1990")
    await page.get_by_test_id("identity-submit").click()
    assert await typed_date.evaluate("field => field.validationMessage") == translate(
        "date.invalid", "pt", pattern="dd/mm/aaaa"
    )
    await expect(status).to_have_attribute("data-status", "PENDING")
    year, month, day = ADULT_BIRTH.split("-")
    await typed_date.fill("")
    await typed_date.press_sequentially(day + month + year)
    await expect(typed_date).to_have_value(f"{day}/{month}/{year}")
    await expect(form.locator("input[name=birthDate]")).to_have_value(ADULT_BIRTH)
    # The sandbox provider approves an adult's name and birth date.
    await page.get_by_test_id("identity-submit").click()
    await expect(status).to_have_attribute("data-status", "VERIFIED", timeout=SLOW_MS)
    await _shoot(page, "identity-verified")
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == username))).one()
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None and identity.cpf == cpf
    assert identity.status == IdentityStatus.VERIFIED and str(identity.birth_date) == ADULT_BIRTH

    # A deposit from the member's own CPF, paid at the sandbox, is credited.
    await _deposit(page, "150")
    await expect(page.get_by_test_id("deposit-status")).to_have_text(
        "Aguardando pagamento", timeout=SLOW_MS
    )
    link = page.get_by_test_id("open-checkout")
    await expect(link).to_be_visible(timeout=SLOW_MS)
    checkout = await context.new_page()
    await checkout.goto(site_url + (await link.get_attribute("href") or ""))
    await checkout.get_by_test_id("sandbox-pay").click()
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_attribute("data-status", "PAID")
    await expect(page.get_by_test_id("header-balance")).to_have_text("150,00", timeout=15_000)
    # The deposit limit chosen at registration (R$ 200 a day) holds.
    await open_site(page, site_url + "/depositv2")
    await page.locator("input[name=amount]").fill("51")
    await page.get_by_test_id("deposit-submit").click()
    await expect(page.get_by_test_id("form-error").first).to_have_text(
        translate("protection-limit-reached-deposit", "pt", left=Amount(Decimal(50), 2, "R$")),
        timeout=SLOW_MS,
    )
    await open_site(page, site_url + "/responsibleGaming")
    await expect(page.get_by_test_id("limit-row")).to_have_count(3, timeout=SLOW_MS)

    # The public page, from the footer, in PT then EN (past the first login's "first steps"
    # dialog: the payment password is still to set).
    await open_site(page, site_url + "/")
    await page.get_by_test_id("first-steps-later").click(timeout=SLOW_MS)
    await page.get_by_test_id("footer-responsible").click()
    await expect(page).to_have_url(site_url + "/responsible-gambling", timeout=SLOW_MS)
    rg = page.get_by_test_id("rg-page")
    await expect(rg).to_contain_text("Jogo responsável")
    await expect(rg).to_contain_text("ligue 188")
    await expect(page.get_by_test_id("rg-central")).to_have_attribute(
        "href", "https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas"
    )
    await _shoot(page, "rg-pt")
    await choose_language(page, "EN")
    await expect(rg).to_contain_text("Responsible gambling")
    await expect(rg).to_contain_text("call 188")
    await _shoot(page, "rg-en")


@pytest.mark.deep
async def test_the_public_page_needs_no_login(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/responsible-gambling")
    await expect(page.get_by_test_id("rg-page")).to_contain_text("Sorte Grande")
    await page.get_by_test_id("rg-manage").click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible(timeout=SLOW_MS)


@pytest.mark.deep
async def test_an_account_opened_without_a_cpf_gives_it_on_the_identity_page(
    page: Page, site_url: str
) -> None:
    """An agent's registerCenter opens accounts without a CPF: the identity page asks it."""
    member = await make_member(identity=None)
    await _log_in(page, site_url, member.username)
    await open_site(page, site_url + "/verify-identity")
    status = page.get_by_test_id("identity-status")
    await expect(status).to_have_attribute("data-status", "PENDING", timeout=SLOW_MS)
    form = page.get_by_test_id("identity-form")
    await form.locator("input[name=cpf]").fill("111.222.333-44")
    await form.locator("input[name=fullName]").fill(ADULT_NAME)
    await form.locator("input[name=birthDate]").fill(ADULT_BIRTH)
    await page.get_by_test_id("identity-submit").click()
    await expect(page.get_by_test_id("form-error").first).to_have_text(
        translate("identity-cpf-invalid", "pt"), timeout=SLOW_MS
    )
    cpf = new_cpf()
    await form.locator("input[name=cpf]").fill(cpf)
    await page.get_by_test_id("identity-submit").click()
    await expect(status).to_have_attribute("data-status", "VERIFIED", timeout=SLOW_MS)
    await _shoot(page, "identity-cpf-given")
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None and identity.cpf == cpf


def _picture(path: Path, kind: str) -> Path:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 40), (120, 120, 200)).save(buffer, format=kind)
    path.write_bytes(buffer.getvalue())
    return path


@pytest.mark.deep
async def test_staff_approve_a_document_the_provider_could_not_read(
    browser: Browser, page: Page, site_url: str, tmp_path: Path
) -> None:
    username = await _register(page, site_url, new_cpf(prefix="999"))
    await page.get_by_test_id("register-submit").click()
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)
    form = page.get_by_test_id("identity-form")
    await form.locator("input[name=fullName]").fill(ADULT_NAME)
    await form.locator("input[name=birthDate]").fill(ADULT_BIRTH)
    await page.get_by_test_id("identity-submit").click()
    status = page.get_by_test_id("identity-status")
    await expect(status).to_have_attribute("data-status", "REVIEW", timeout=SLOW_MS)
    # The member sends the document's front and a selfie for staff to read.
    await (
        page.get_by_test_id("identity-upload")
        .locator("input[type=file]")
        .set_input_files(
            [_picture(tmp_path / "rg.png", "PNG"), _picture(tmp_path / "me.jpg", "JPEG")]
        )
    )
    await page.get_by_test_id("identity-documents-send").click()
    await expect(page.get_by_test_id("identity-documents")).to_contain_text("2", timeout=SLOW_MS)
    await _shoot(page, "identity-documents")

    name, secret = await make_staff_account("risk", "BR1")
    console = await _console_login(browser, site_url, name, code_at(secret))
    await console.get_by_test_id("nav-admin-kyc").click()
    row = console.get_by_test_id("kyc-queue").locator("tr", has_text=username)
    await expect(row).to_be_visible(timeout=SLOW_MS)
    # The provider's liveness check of the front and the selfie (the sandbox passes them).
    await expect(row).to_contain_text(translate("kyc.liveness.PASSED", "pt", score=97))
    member_id = (await row.locator("td").first.inner_text()).strip()
    await _shoot(console, "console-kyc")
    await row.get_by_test_id("kyc-open").click()
    decision = console.get_by_test_id("kyc-decision")
    await expect(decision).to_contain_text(ADULT_NAME)
    # The documents as thumbnails beside the whole CPF (its reveal is audited).
    await expect(decision.get_by_test_id("kyc-document")).to_have_count(2)
    await expect(decision.get_by_test_id("kyc-document").nth(1)).to_have_attribute(
        "src", re.compile(r"^data:image/jpeg;base64,"), timeout=SLOW_MS
    )
    await expect(decision.get_by_test_id("kyc-cpf")).to_have_text(
        re.compile(r"^\d{3}\.\d{3}\.\d{3}-\d{2}$")
    )
    await decision.get_by_test_id("kyc-reject").click()  # no reason: refused
    await expect(console.get_by_test_id("console-error")).to_have_text(
        translate("kyc-reason-required", "pt"), timeout=SLOW_MS
    )
    await decision.get_by_test_id("kyc-approve").click()
    await expect(console.get_by_test_id("console-notice")).to_have_text(
        translate("kyc.approved", "pt"), timeout=SLOW_MS
    )
    await expect(row).to_have_count(0)
    await page.reload()
    await expect(status).to_have_attribute("data-status", "VERIFIED", timeout=SLOW_MS)
    # Re-verification on risk: back under review, with the reason staff gave kept aside.
    again = console.get_by_test_id("kyc-reverify")
    await again.locator("input[name=member]").fill(member_id)
    await again.locator("input[name=reason]").fill("chargeback")
    await again.get_by_role("button").click()
    await expect(console.get_by_test_id("console-notice")).to_have_text(
        translate("kyc.reverified", "pt"), timeout=SLOW_MS
    )
    await expect(row).to_contain_text(translate("kyc.why.reverification", "pt"))
    await page.reload()
    await expect(status).to_have_attribute("data-status", "REVIEW", timeout=SLOW_MS)


@pytest.mark.deep
async def test_a_pending_player_s_refused_bet_says_why_and_leads_to_the_identity_check(
    page: Page, site_url: str
) -> None:
    # A player whose identity is pending (BR1 asks for it) with money in the wallet: an
    # Original's bet is refused for the identity, not the balance, with the way to lift it.
    member = await make_member(identity=IdentityStatus.PENDING)
    await fund(member.id or 0, "50.00")
    await _log_in(page, site_url, member.username)
    await open_site(page, site_url + "/inHouse")
    card = page.get_by_test_id("game-card").filter(has_text="Dados")
    await card.locator("[data-testid^='play-']").click()
    await page.wait_for_url(re.compile(r"/play/"), timeout=SLOW_MS)
    await expect(page.get_by_test_id("play-balance")).to_contain_text("50,00", timeout=SLOW_MS)
    await page.get_by_test_id("play-button").click()
    await expect(page.get_by_test_id("play-error")).to_have_text(
        translate("identity-pending", "pt"), timeout=SLOW_MS
    )
    remedy = page.get_by_test_id("refusal-remedy")
    await expect(remedy).to_be_visible()
    await _shoot(page, "pending-bet")
    await expect(page.get_by_test_id("play-balance")).to_contain_text("50,00")  # nothing moved
    await remedy.click()
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)


@pytest.mark.deep  # the rule is tested below the browser (tests/accounts/test_pending_refusals.py)
async def test_a_pending_player_s_refused_withdrawal_says_why_and_leads_to_the_identity_check(
    page: Page, site_url: str
) -> None:
    # A pending player with money and a payment password asks for a withdrawal: refused for
    # the identity, beside the request form, with the way to lift it; nothing moves.
    member = await make_member(
        identity=IdentityStatus.PENDING,
        payee_name=ADULT_NAME,
        payment_password_hash=await hash_password(PAY_PASSWORD),
    )
    await fund(member.id or 0, "80.00")
    await _log_in(page, site_url, member.username)
    await open_site(page, site_url + "/withdraw")
    request = page.get_by_test_id(REQUEST_FORM)
    await expect(page.get_by_test_id("withdraw-balance")).to_contain_text("80,00", timeout=SLOW_MS)
    await request.locator("input[name=amount]").fill("50,00")
    await request.locator("input[name=paymentPassword]").fill(PAY_PASSWORD)
    await page.get_by_test_id("withdraw-submit").click()
    await expect(request.get_by_test_id("form-error")).to_have_text(
        translate("identity-pending", "pt"), timeout=SLOW_MS
    )
    remedy = request.get_by_test_id("refusal-remedy")
    await expect(remedy).to_be_visible()
    await _shoot(page, "pending-withdrawal")
    assert await cash(member) == Decimal("80.00")  # nothing moved, no order made
    await expect(page.get_by_test_id("withdraw-order")).to_have_count(0)
    await remedy.click()
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)
