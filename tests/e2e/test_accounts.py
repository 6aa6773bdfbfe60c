"""Accounts in a real browser: register, logout, failed logins with captcha, login, forced
password change, mobile registration, trial limits, agent login, both languages."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, expect
from sqlmodel import col, delete, select

from app.core.db import session_scope, write_transaction
from app.services import register_settings
from app.services.brands import announce_change
from models import Merchant, OutboundMessage, RegisterField
from models.base import utcnow
from tests.e2e.conftest import (
    SLOW_MS,
    fill_cpf_if_asked,
    open_site,
    register_in_browser,
    site_redis_get,
    site_redis_keys,
    site_redis_ttl,
)
from tests.helpers.accounts import PASSWORD, last_code, make_member, new_mobile, new_username
from tests.helpers.browser import choose_language, screenshots, unfold_optional

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("ACCOUNT_SHOTS", "/tmp/account-shots"))


async def _fill_login_dialog(page: Page, username: str, password: str) -> None:
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(password)
    await page.get_by_test_id("login-submit").click()


async def test_register_logout_captcha_login(page: Page, site_url: str) -> None:
    username = new_username()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await expect(form).to_be_visible()
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await fill_cpf_if_asked(page)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("header-account")).to_have_text(username)
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")
    await expect(page).to_have_url(site_url + "/verify-identity")  # BR1: identity next
    # The page settles first: a click during its load event is lost to the route change.
    await expect(page.get_by_test_id("identity-form")).to_be_visible()
    # The member centre popup (the header's account): a player's pages, no agent centre.
    await page.get_by_test_id("header-account").click()
    centre = page.get_by_test_id("member-centre")
    await expect(centre.get_by_test_id("centre-securityCenter")).to_be_visible()
    await expect(centre.get_by_test_id("agent-centre-popup")).to_have_count(0)
    await page.keyboard.press("Escape")
    await expect(centre).to_have_count(0)
    # Logout asks first; cancel changes nothing.
    await page.get_by_test_id("header-logout").click()
    await expect(page.get_by_test_id("dialog-logout")).to_contain_text("Tem certeza")
    await page.get_by_test_id("logout-cancel").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    await page.get_by_test_id("header-logout").click()
    await page.get_by_test_id("logout-confirm").click()
    await expect(page).to_have_url(site_url + "/")  # logout lands home; then the form
    await expect(page.get_by_test_id("header-login-form")).to_be_visible()
    # The home has run its loaders (its banners came): a name typed before then is cleared
    # by the load, and an empty name only warns, with no login popup after it.
    await expect(page.get_by_test_id("banner-title").first).to_be_visible()
    # A wrong password in the header form: the warning popup, then the login popup.
    header = page.get_by_test_id("header-login-form")
    await header.locator("input[name=username]").fill(username)
    await header.locator("input[name=password]").fill("Wrong1234")
    await header.get_by_role("button").click()
    await expect(page.get_by_test_id("dialog-warning")).to_have_text(
        "Usuário ou senha incorretos (ou código do autenticador)"
    )
    await page.get_by_test_id("dialog-warning-cover").click(position={"x": 5, "y": 5})
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    # Two more failures: the captcha appears (the failure answer carries the flag).
    await expect(page.get_by_test_id("captcha-image")).to_have_count(0)
    for _ in range(2):
        await _fill_login_dialog(page, username, "Wrong1234")
        await expect(page.get_by_test_id("login-submit")).to_be_enabled()
        # A failure in the popup is said in the popup (the header's warning is the header's).
        await expect(page.get_by_test_id("dialog-warning")).to_have_count(0)
    await expect(page.get_by_test_id("form-error").first).to_have_text(
        "Usuário ou senha incorretos (ou código do autenticador)"
    )
    await expect(page.get_by_test_id("captcha-image")).to_be_visible()
    captcha_src = await page.get_by_test_id("captcha-image").locator("img").get_attribute("src")
    assert captcha_src and captcha_src.startswith("data:image/png;base64,")
    login = page.get_by_test_id("login-form")
    await login.locator("input[name=captcha]").fill(await _newest_captcha_answer())
    await _fill_login_dialog(page, username, PASSWORD)
    await expect(page.get_by_test_id("header-account")).to_have_text(username)


async def _newest_captcha_answer() -> str:
    """The site keeps captchas in Redis; the newest one has the longest time to live."""
    keys = await site_redis_keys("captcha:*")
    ttls = {key: await site_redis_ttl(key) for key in keys}
    answer = await site_redis_get(max(keys, key=ttls.__getitem__))
    assert answer
    return answer


@pytest.mark.deep
async def test_an_empty_login_says_what_is_missing(page: Page, site_url: str) -> None:
    """Spec 5.M11 and 5.M2 in the login dialog: sent empty, the username form asks for the
    username and password; the mobile form, sent without its code, for a valid code."""
    await open_site(page, site_url + "/login")
    dialog = page.get_by_test_id("dialog-login")
    await expect(dialog).to_be_visible()
    await page.get_by_test_id("login-submit").click()
    await expect(dialog.get_by_test_id("form-error").first).to_have_text(
        "Digite o nome de usuário e a senha"
    )
    await dialog.get_by_test_id("tab-sms").click()
    sms_form = dialog.locator("form").filter(has=page.locator("input[name=mobileNum]"))
    await sms_form.locator("input[name=mobileNum]").fill(new_mobile())
    await sms_form.locator("button[type=submit]").click()
    await expect(sms_form.get_by_test_id("form-error")).to_have_text(
        "Digite um código de verificação válido"
    )
    await expect(page.get_by_test_id("member-area")).to_have_count(0)


@pytest.mark.deep
async def test_remember_me_keeps_the_username_for_a_day_and_never_the_password(
    page: Page, site_url: str
) -> None:
    member = await make_member()
    await open_site(page, site_url + "/login")
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=remember]").check()
    await _fill_login_dialog(page, member.username, PASSWORD)
    await expect(page.get_by_test_id("header-account")).to_have_text(member.username)
    cookies = {c["name"]: c for c in await page.context.cookies()}
    remembered = cookies["rememberUsername"]
    assert remembered["value"] == member.username
    # Spec 9: one day (the browser's clock and ours agree within a few minutes).
    assert abs(remembered["expires"] - (time.time() + 24 * 3600)) < 300
    assert not any(PASSWORD in c["value"] for c in cookies.values())
    # Logged out, the login form offers the remembered name.
    await page.get_by_test_id("header-logout").click()
    await page.get_by_test_id("logout-confirm").click()
    await expect(page.get_by_test_id("header-login-form")).to_be_visible()
    await open_site(page, site_url + "/login")
    username = page.get_by_test_id("login-form").locator("input[name=username]")
    await expect(username).to_have_value(member.username)
    # Unticked at the next login, it is forgotten.
    await _fill_login_dialog(page, member.username, PASSWORD)
    await expect(page.get_by_test_id("header-account")).to_have_text(member.username)
    cookies = {c["name"]: c for c in await page.context.cookies()}
    assert cookies.get("rememberUsername", {"value": ""})["value"] == ""


@pytest.mark.deep
async def test_forced_password_change(page: Page, site_url: str) -> None:
    member = await make_member(must_change_password=True)
    await open_site(page, site_url + "/login")
    await _fill_login_dialog(page, member.username, PASSWORD)
    dialog = page.get_by_test_id("dialog-change-password")
    await expect(dialog).to_contain_text("escolha uma nova senha")
    await expect(page.get_by_test_id("dialog-change-password-close")).to_have_count(0)
    form = page.get_by_test_id("change-password-form")
    # The password typed at login did not stay in the page: the change asks for it again.
    await form.locator("input[name=oldPassword]").fill(PASSWORD)
    await form.locator("input[name=newPassword]").fill("Nova12345")
    await form.locator("input[name=confirmNewPassword]").fill("Nova1234x")
    await page.get_by_test_id("change-password-submit").click()
    await expect(form).to_contain_text("A confirmação da senha não confere.")
    await form.locator("input[name=confirmNewPassword]").fill("Nova12345")
    await page.get_by_test_id("change-password-submit").click()
    await expect(dialog).to_be_hidden()
    await expect(page.get_by_test_id("header-account")).to_have_text(member.username)


@pytest.mark.deep
async def test_mobile_registration_with_sms_code(page: Page, site_url: str) -> None:
    mobile = new_mobile()
    await open_site(page, site_url + "/register")
    await page.get_by_test_id("tab-mobile").click()
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=mobileNum]").fill(mobile)
    await page.get_by_test_id("send-code-register").click()
    await expect(page.get_by_test_id("send-code-register")).to_contain_text("Reenviar em")
    await expect(page.get_by_test_id("send-code-register")).to_be_disabled()
    code = await last_code(mobile)
    await form.locator("input[name=code]").fill(code)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await fill_cpf_if_asked(page)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("header-account")).to_have_text(mobile)


@pytest.mark.deep
async def test_a_mobile_of_another_country_picks_its_dialling_code(
    page: Page, site_url: str
) -> None:
    national = "91" + new_mobile()[-7:]  # a Portuguese mobile: 9 digits
    await open_site(page, site_url + "/register")
    await page.get_by_test_id("tab-mobile").click()
    picker = page.get_by_test_id("dial-code")
    await expect(page.get_by_role("combobox", name="Código", exact=True)).to_have_count(1)
    await expect(picker).to_have_value("55")  # the brand's market first
    await expect(picker.locator("option").first).to_have_text("+55 Brasil")
    await picker.select_option("351")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=mobileNum]").fill(national)
    await page.get_by_test_id("send-code-register").click()
    await expect(page.get_by_test_id("send-code-register")).to_be_disabled()
    await expect(form.get_by_test_id("form-notice").first).to_have_text(
        "Código de verificação enviado"
    )
    async with session_scope() as session:
        sent = (
            await session.exec(
                select(OutboundMessage).where(col(OutboundMessage.recipient).endswith(national))
            )
        ).one()
    assert sent.recipient == f"+351{national}"
    await screenshots(page, SHOTS, "register-mobile")
    # In English, the same list in English names.
    await choose_language(page, "EN")
    await expect(picker.locator("option[value='351']")).to_have_text("+351 Portugal")
    await expect(picker.locator("option[value='1']")).to_have_text("+1 United States")


@pytest.mark.deep
async def test_trial_user_hits_a_protected_action(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/login")
    await page.get_by_test_id("start-trial").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    # A trial account has no deposit button; the deposit page asks to register first.
    await expect(page.get_by_test_id("header-deposit")).to_have_count(0)
    await open_site(page, site_url + "/depositv2")
    await expect(page.get_by_test_id("need-account-text")).to_have_text(
        "Por favor, registre uma conta primeiro"
    )


@pytest.mark.deep
async def test_agent_login_refuses_players(page: Page, site_url: str) -> None:
    player = await make_member()
    agent = await make_member(account_type=2)
    await open_site(page, site_url + "/agentHome")
    await choose_language(page, "EN")
    await page.get_by_test_id("agent-login").click()
    await expect(page.get_by_test_id("dialog-login")).to_contain_text("Agent login")
    await _fill_login_dialog(page, player.username, PASSWORD)
    await expect(page.get_by_test_id("form-error").first).to_have_text("Non-agents cannot log in")
    await _fill_login_dialog(page, agent.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(agent.username)


async def test_guest_gets_the_login_popup_on_protected_actions(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await open_site(page, site_url)
    await page.get_by_test_id("nav-invite").click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await page.get_by_test_id("switch-to-register").click()
    await expect(page.get_by_test_id("dialog-register")).to_be_visible()
    await page.get_by_test_id("switch-to-login").click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await page.get_by_test_id("open-forgot").click()
    await expect(page.get_by_test_id("dialog-forgot")).to_be_visible()


@pytest.mark.deep
async def test_register_page_sends_a_logged_in_member_home(page: Page, site_url: str) -> None:
    """A member who opens /register (a bookmark, an old link) lands on the home page, not in
    a register popup over it."""
    await register_in_browser(page, site_url)
    await page.goto(site_url + "/register")
    await expect(page).to_have_url(site_url + "/", timeout=SLOW_MS)
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    await expect(page.get_by_test_id("dialog-register-cover")).to_have_count(0)


@pytest.mark.deep
async def test_a_brand_that_asks_for_zalo_shows_its_reward_hint(page: Page, site_url: str) -> None:
    """Spec 9: the Zalo field of the register form carries its reward hint (up to 131K), in
    PT and EN, when the brand asks for it; the operator's own hint shows in its place, as
    text (issue 39)."""
    async with write_transaction() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        session.add(RegisterField(merchant_id=br1.id, field_name="zalo", enabled=True, sort=90))
    await announce_change()
    try:
        await open_site(page, site_url + "/register")
        form = page.get_by_test_id("register-form")
        await unfold_optional(page)  # an enabled field the brand does not require
        await expect(form.locator("input[name=zalo]")).to_be_visible()
        await expect(form).to_contain_text("Cadastre seu Zalo: recompensa de até 131K.")
        await choose_language(page, "EN")
        await expect(form).to_contain_text("Register with your Zalo: a reward of up to 131K.")
        own = register_settings.FieldSetting(
            "zalo", True, False, None, None, None, None, "Seu Zalo & só isso"
        )
        await register_settings.set_field("BR1", own, now=utcnow())
        await open_site(page, site_url + "/register")
        await unfold_optional(page)
        await expect(page.get_by_test_id("field-zalo-hint")).to_have_text("Seu Zalo & só isso")
        await expect(form).not_to_contain_text("131K")
    finally:
        async with write_transaction() as session:
            await session.exec(
                delete(RegisterField).where(
                    col(RegisterField.merchant_id) == br1.id,
                    col(RegisterField.field_name) == "zalo",
                )
            )
        await announce_change()
