"""The member's own data in a real browser (issue 21, "the site a player trusts"), on BR1
(Brazil's profile): a member registered without their full name opens the withdraw page, is
told what is missing and led to their data, verifies their identity from there (the verified
name becomes the payee name), then completes their personal data and a new e-mail with the
password; the withdraw page no longer asks. Screenshots at 360 px and 1280 px, light and
dark, into PROFILE_SHOTS (default /tmp/profile-shots)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, expect
from sqlmodel import select

from app.core.db import session_scope
from models import Member
from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import ADULT_NAME, PASSWORD, new_username
from tests.helpers.browser import fill_cpf_if_asked, screenshots, verify_identity_in_browser

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("PROFILE_SHOTS", "/tmp/profile-shots"))


async def _shoot(page: Page, name: str) -> None:
    await screenshots(page, SHOTS, name)


async def _register_without_name(page: Page, site_url: str) -> str:
    username = new_username()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await fill_cpf_if_asked(page)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)
    return username


@pytest.mark.deep
async def test_a_member_without_a_name_is_led_from_withdraw_to_the_verification(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    username = await _register_without_name(page, site_url)

    # Still to verify: the page says so first and leads there (the payout name comes from it),
    # rather than to the profile, where the name is read-only.
    await open_site(page, site_url + "/withdraw")
    banner = page.get_by_test_id("verify-first")
    await expect(banner).to_contain_text("Verifique sua identidade primeiro", timeout=SLOW_MS)
    await expect(page.get_by_test_id("withdraw-name-missing")).to_have_count(0)
    await expect(banner.get_by_test_id("verify-first-link")).to_have_attribute(
        "href", "/verify-identity"
    )
    await open_site(page, site_url + "/securityCenter#profile")
    section = page.get_by_test_id("profile-section")
    await expect(section.get_by_test_id("profile-username")).to_have_text(username)
    await expect(section.get_by_test_id("profile-payeeName")).to_have_text("Não informado")
    await _shoot(page, "profile-pending")
    await section.get_by_role("link", name="Verificar minha identidade").click()
    await verify_identity_in_browser(page, site_url, "Joana Profile Souza")

    await open_site(page, site_url + "/securityCenter")
    section = page.get_by_test_id("profile-section")
    await expect(section.get_by_test_id("profile-payeeName")).to_have_text(
        "Joana Profile Souza", timeout=SLOW_MS
    )
    await expect(section.get_by_test_id("profile-birthday")).not_to_have_text("Não informado")
    await section.locator("input[name=occupation]").fill("<b>chefe</b>")
    await section.get_by_test_id("profile-save").click()
    await expect(section.locator("#field-occupation-error")).not_to_be_empty(timeout=SLOW_MS)
    await section.locator("input[name=occupation]").fill("Engenheira")
    await section.locator("input[name=sourceOfIncome]").fill("Salário")
    await section.locator("input[name=email]").fill("joana.profile@example.com")
    await section.locator("input[name=password]").fill("not-my-password")
    await section.get_by_test_id("profile-save").click()
    await expect(section.get_by_role("alert").filter(has_text="senha")).to_be_visible(
        timeout=SLOW_MS
    )
    await section.locator("input[name=password]").fill(PASSWORD)
    await section.get_by_test_id("profile-save").click()
    await expect(section.get_by_test_id("form-notice")).to_have_text(
        "Seus dados foram salvos.", timeout=SLOW_MS
    )
    await _shoot(page, "profile-saved")

    await page.reload()
    section = page.get_by_test_id("profile-section")
    await expect(section.locator("input[name=occupation]")).to_have_value(
        "Engenheira", timeout=SLOW_MS
    )
    await expect(section.locator("label[for=field-email]")).to_contain_text("jo***@example.com")
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == username))).one()
    assert member.email == "joana.profile@example.com"
    assert member.payee_name == "Joana Profile Souza" != ADULT_NAME
    assert member.profile == {"occupation": "Engenheira", "sourceOfIncome": "Salário"}

    await open_site(page, site_url + "/withdraw")
    await expect(page.get_by_test_id("bind-account")).to_be_visible(timeout=SLOW_MS)
    await expect(page.get_by_test_id("withdraw-name-missing")).to_have_count(0)


async def test_the_first_login_lists_the_first_steps_until_put_away(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await _register_without_name(page, site_url)
    await verify_identity_in_browser(page, site_url)

    await open_site(page, site_url + "/")
    dialog = page.get_by_test_id("dialog-first-steps")
    await expect(dialog).to_be_visible(timeout=SLOW_MS)
    steps = dialog.get_by_test_id("first-step")
    await expect(steps).to_have_count(3)
    await expect(steps.nth(0)).to_have_attribute("data-done", "1")
    await expect(steps.nth(0)).to_contain_text("Verifique sua identidade")
    await expect(steps.nth(1)).to_have_attribute("data-done", "0")
    await expect(steps.nth(2)).to_contain_text("primeiro depósito")
    await _shoot(page, "first-steps-dialog")
    await page.get_by_test_id("first-steps-later").click()
    await expect(page.get_by_test_id("dialog-first-steps-cover")).to_have_count(0)

    await page.reload()
    card = page.get_by_test_id("first-steps-card")
    await expect(card.get_by_test_id("first-step")).to_have_count(3, timeout=SLOW_MS)
    await expect(page.get_by_test_id("dialog-first-steps")).to_have_count(0)
    # Apart from the notice bar above it, as the home's other sections are.
    notice_box = await page.get_by_test_id("home-notice").bounding_box()
    card_box = await card.bounding_box()
    assert notice_box and card_box
    assert card_box["y"] - (notice_box["y"] + notice_box["height"]) >= 12
    await _shoot(page, "first-steps-card")
    await card.get_by_role("link", name="Crie sua senha de pagamento").click()
    await expect(page).to_have_url(site_url + "/withdraw", timeout=SLOW_MS)
    await expect(page.get_by_test_id("payment-password-save")).to_be_visible(timeout=SLOW_MS)
