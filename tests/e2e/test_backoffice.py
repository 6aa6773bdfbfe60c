"""The back office in a real browser: an admin logs in with TOTP, creates a support role and a
support staff member (a one-time invitation link shown once), who enrols from the link in
their own browser (own password, own authenticator), logs in with TOTP, finds a player and locks
them (the player can no longer log in); a payments staff member pays a withdrawal above the
threshold and a second one approves it. Screenshots go to SCREENSHOT_DIR when it is set."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import pyotp
import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.services.backoffice import approvals, reports
from app.services.brands import brands
from models import WithdrawalOrder
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.backoffice import (
    STAFF_PASSWORD,
    code_at,
    make_staff,
    make_staff_account,
    merchant_id,
    new_name,
    pending_withdrawal,
)
from tests.helpers.browser import loaded, visitor_context

pytestmark = pytest.mark.e2e


async def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        await page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


async def _console_login(browser: Browser, site_url: str, username: str, code: str) -> Page:
    """A new browser (its own cookie) logged in to the console."""
    context = await visitor_context(browser, viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(site_url + "/admin/login")
    form = page.get_by_test_id("console-login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill(code)
    await page.get_by_test_id("console-login-submit").click()
    # The login reloads the console with its fresh browser secret: /admin/ as the server serves it.
    await expect(page).to_have_url(re.compile(re.escape(site_url) + r"/admin/?$"), timeout=SLOW_MS)
    await expect(page.get_by_test_id("console-staff")).to_have_text(username, timeout=SLOW_MS)
    return page


async def _enrol(browser: Browser, site_url: str, path: str) -> str:
    """The invitee opens the link in their own browser, chooses the password and confirms the
    authenticator shown only to them; its secret, as their app would hold it."""
    context = await visitor_context(browser, viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(site_url + path)
    key = page.get_by_test_id("new-totp-key")
    await expect(key).to_have_text(re.compile(r"^[A-Z2-7]{16,}$"), timeout=SLOW_MS)
    secret = (await key.inner_text()).strip()
    form = page.get_by_test_id("enrol-form")
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=confirmation]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill(pyotp.TOTP(secret).now())
    await page.get_by_test_id("enrol-submit").click()
    await expect(page.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    await _shot(page, "enrolled")
    await context.close()
    return secret


async def test_console_pages_need_a_staff_login(browser: Browser, site_url: str) -> None:
    """A visitor (or a member) opening a console page is sent to the console login; a
    wrong code is refused there."""
    context = await visitor_context(browser)
    page = await context.new_page()
    for path in ("/admin", "/admin/players", "/admin/payments", "/admin/audit"):
        await page.goto(site_url + path)
        await expect(page).to_have_url(site_url + "/admin/login", timeout=SLOW_MS)
    await loaded(page, "/admin/login")  # a field filled before would be reset by the load
    username, _ = await make_staff_account("support", "BR1")
    form = page.get_by_test_id("console-login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill("000000")
    await page.get_by_test_id("console-login-submit").click()
    await expect(page.get_by_test_id("console-error")).not_to_be_empty(timeout=SLOW_MS)
    await expect(page).to_have_url(site_url + "/admin/login")
    await context.close()


async def test_support_role_and_member_lock_a_player(
    browser: Browser, site_url: str, make_client: Callable[..., PlatformClient]
) -> None:
    admin_name, admin_secret = await make_staff_account("admin", None)
    admin = await _console_login(browser, site_url, admin_name, code_at(admin_secret))
    await expect(admin.get_by_test_id("dash-period")).not_to_be_empty(timeout=SLOW_MS)
    await expect(admin.get_by_test_id("dash-active-players")).to_be_visible()
    await _shot(admin, "dashboard")
    # Over every brand: one brand's figures (in its currency), and the period as CSV.
    vn1 = await brands.by_code("VN1")
    await admin.get_by_test_id("brand-choice").filter(has_text=vn1.name).click()
    await expect(admin.get_by_test_id("figures-currency")).to_contain_text("VND", timeout=SLOW_MS)
    async with admin.expect_download() as downloading:
        await admin.get_by_test_id("dash-csv").click()
    download = await downloading.value
    assert download.suggested_filename == "dashboard-7d-VN1.csv"
    saved = Path(await download.path()).read_text(encoding="utf-8")
    assert saved.splitlines()[0] == ",".join(reports.CSV_COLUMNS)

    # The admin makes a support role and a support member of BR1.
    role = new_name("desk")
    await admin.goto(site_url + "/admin/staff")
    role_form = admin.get_by_test_id("role-form")
    await role_form.locator("input[name=name]").fill(role)
    for permission in ("dashboard.view", "players.view", "players.lock"):
        await role_form.locator(f"input[name='perm:{permission}']").check()
    await admin.get_by_test_id("role-create").click()
    await expect(admin.get_by_test_id("role-list")).to_contain_text(role, timeout=SLOW_MS)

    support_name = new_name("agent")
    staff_form = admin.get_by_test_id("staff-form")
    await staff_form.locator("input[name=username]").fill(support_name)
    await expect(staff_form.locator("input[name=password]")).to_have_count(0)
    await staff_form.locator("select[name=role]").select_option(role)
    await staff_form.locator("select[name=brand]").select_option("BR1")
    await admin.get_by_test_id("staff-create").click()
    link = admin.get_by_test_id("invitation-link")
    await expect(link).to_contain_text("/admin/enrol?token=", timeout=SLOW_MS)
    await _shot(admin, "staff")
    invited = urlparse(await link.inner_text())
    await expect(admin.get_by_test_id("staff-list")).to_contain_text(support_name)
    secret = await _enrol(browser, site_url, f"{invited.path}?{invited.query}")
    # Only the invitee saw the authenticator: not the admin's page.
    await expect(admin.locator("body")).not_to_contain_text(secret)

    # The support member logs in with their authenticator and locks a player.
    player = await make_member("BR1")
    support = await _console_login(browser, site_url, support_name, pyotp.TOTP(secret).now())
    await expect(support.get_by_test_id("nav-admin-payments")).to_have_count(0)
    await support.goto(site_url + "/admin/players")
    await support.get_by_test_id("player-query").fill(player.username)
    await support.get_by_test_id("player-query").press("Enter")
    results = support.get_by_test_id("player-results")
    await expect(results).to_contain_text(player.username, timeout=SLOW_MS)
    await expect(results.get_by_test_id("player-open")).to_have_count(1)  # the search's answer
    await results.get_by_test_id("player-open").click()
    await expect(support.get_by_test_id("profile-username")).to_have_text(
        player.username, timeout=SLOW_MS
    )
    lock = support.get_by_test_id("player-profile").locator("form").first
    await lock.locator("input[name=reason]").fill("fraud check")
    await support.get_by_test_id("player-lock").click()
    await expect(support.get_by_test_id("profile-status")).to_have_text(
        re.compile("^(Blocked|Bloqueado)$"), timeout=SLOW_MS
    )
    await _shot(support, "players")

    with pytest.raises(ApiError):
        await make_client().login(player.username, PASSWORD)

    # The role gives no payments: the page's calls are refused on the server too.
    await support.goto(site_url + "/admin/payments")
    await expect(support.get_by_test_id("console-error")).not_to_be_empty(timeout=SLOW_MS)

    # The audit log page verifies the chain and shows the lock.
    await admin.goto(site_url + "/admin/audit")
    # Once the page has loaded (its load clears an earlier check's result), verify.
    await expect(admin.get_by_test_id("audit-entries")).to_contain_text(
        re.compile(f"{support_name} (locked|bloqueou)"), timeout=SLOW_MS
    )
    await admin.get_by_test_id("audit-verify").click()
    await expect(admin.get_by_test_id("audit-chain")).to_contain_text(
        re.compile("intact|íntegra"), timeout=SLOW_MS
    )
    await _shot(admin, "audit")
    await admin.goto(site_url + "/admin/reports")
    every_brand = await brands.all()

    def last_days(currency: str) -> set[date]:
        """The last 14 local days of the brands in `currency` (a date more when two brands'
        dates differ)."""
        return {
            day
            for brand in every_brand
            if brand.currency == currency
            for day in reports.local_days(ZoneInfo(brand.timezone), 14, utcnow())
        }

    # Money in one currency at a time: the brands in reais first, then, picked, in dong.
    rows = admin.get_by_test_id("report-rows").locator("tbody tr")
    await expect(admin.get_by_test_id("figures-currency")).to_contain_text("BRL", timeout=SLOW_MS)
    await expect(rows).to_have_count(len(last_days("BRL")), timeout=SLOW_MS)
    await admin.get_by_test_id("currency-choice").filter(has_text="VND").click()
    await expect(admin.get_by_test_id("figures-currency")).to_contain_text("VND", timeout=SLOW_MS)
    await expect(rows).to_have_count(len(last_days("VND")), timeout=SLOW_MS)
    # The range shown is the one pressed.
    await expect(admin.get_by_test_id("report-days-14")).to_have_attribute("aria-pressed", "true")
    await expect(admin.get_by_test_id("report-days-7")).to_have_attribute("aria-pressed", "false")
    await admin.get_by_role("button", name="dark / light").click()
    await _shot(admin, "reports-dark")
    await admin.goto(site_url + "/admin/platform")
    await expect(admin.get_by_test_id("platform-maintenance")).not_to_be_empty(timeout=SLOW_MS)
    # The blocks in words (another walk may have blocked something).
    await expect(admin.get_by_test_id("platform-blocks")).to_have_text(
        re.compile(r"Nenhum bloqueio em vigor\.|(Redes|Países) bloquead")
    )
    await expect(admin.get_by_test_id("platform-modules")).to_contain_text(
        "NEGCARRY3", timeout=SLOW_MS
    )
    await _shot(admin, "platform")

    # Operator settings from the console: a module switched on and off again, and a
    # registration field shown: the site's register form has it (with its Zalo hint) at the
    # next page, with no restart; put back as it was.
    modules = admin.get_by_test_id("platform-modules")
    carry = modules.locator("tr", has_text="NEGCARRY3")
    await carry.get_by_test_id("module-on-NEGCARRY3").click()
    await expect(carry.get_by_test_id("module-off-NEGCARRY3")).to_be_visible(timeout=SLOW_MS)
    await carry.get_by_test_id("module-off-NEGCARRY3").click()
    await expect(carry.get_by_test_id("module-on-NEGCARRY3")).to_be_visible(timeout=SLOW_MS)
    await admin.get_by_test_id("field-name").select_option("zalo")
    await expect(admin.get_by_test_id("field-name")).to_have_value("zalo", timeout=SLOW_MS)
    await admin.get_by_test_id("field-shown").check()
    await admin.get_by_test_id("field-save").click()
    await expect(admin.get_by_test_id("platform-fields")).to_contain_text("Zalo", timeout=SLOW_MS)
    visitor = await (await visitor_context(browser)).new_page()
    await open_site(visitor, site_url)
    await visitor.get_by_test_id("header-register").click()
    await visitor.get_by_test_id("register-optional-summary").click()
    form = visitor.get_by_test_id("register-form")
    await expect(form.locator("input[name=zalo]")).to_be_visible(timeout=SLOW_MS)
    await expect(form).to_contain_text("Cadastre seu Zalo")
    await admin.get_by_test_id("field-shown").uncheck()
    await admin.get_by_test_id("field-save").click()
    zalo = admin.get_by_test_id("platform-fields").locator("tr", has_text="Zalo")
    await expect(zalo.locator("td").nth(1)).to_have_text(re.compile("^(no|não)$"), timeout=SLOW_MS)

    # A mission made from the promotions page, listed, then stopped.
    await admin.goto(site_url + "/admin/promotions")
    # The page's load event lists the campaigns and renews the form: fill it after that.
    await expect(admin.get_by_test_id("campaigns").locator("tbody tr").first).to_be_visible()
    editor = admin.get_by_test_id("campaign-editor")
    code = f"WALK{new_name()[-8:]}".upper()
    await editor.get_by_test_id("campaign-code").fill(code)
    await editor.get_by_test_id("campaign-title_en").fill("Play 3 rounds")
    await editor.get_by_test_id("campaign-title_pt").fill("Jogue 3 rodadas")
    await editor.get_by_test_id("campaign-target").fill("3")
    await editor.get_by_test_id("campaign-reward").fill("1,00")
    await editor.get_by_test_id("campaign-create").click()
    listed = admin.get_by_test_id("campaigns").locator("tr", has_text=code)
    await expect(listed).to_contain_text(re.compile("In progress|Em andamento"), timeout=SLOW_MS)
    await listed.get_by_test_id(f"campaign-stop-{code}").click()
    await expect(listed).to_contain_text(re.compile("Ended|Encerrada"), timeout=SLOW_MS)


@pytest.mark.deep
async def test_a_large_withdrawal_needs_a_second_payments_member(
    browser: Browser, site_url: str
) -> None:
    admin = await make_staff("admin", None)
    await approvals.set_threshold(
        admin, await merchant_id("BR1"), "withdrawal.pay", Decimal("100.00"), utcnow()
    )
    order_no = await pending_withdrawal("150.00")
    first_name, first_secret = await make_staff_account("payments", "BR1")
    second_name, second_secret = await make_staff_account("payments", "BR1")

    first = await _console_login(browser, site_url, first_name, code_at(first_secret))
    await first.goto(site_url + "/admin/payments")
    row = first.get_by_test_id("withdrawal-queue").locator("tr", has_text=order_no)
    await expect(row).to_be_visible(timeout=SLOW_MS)
    await row.get_by_test_id("withdrawal-pay").click()
    # Above the threshold the confirmation asks the payer why, for the approver to read.
    confirmation = first.get_by_test_id("pay-confirmation")
    await confirmation.locator("input[name=reason]").fill("regular player, identity verified")
    await confirmation.get_by_test_id("withdrawal-confirm-pay").click()
    await expect(first.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    own = first.get_by_test_id("approval-queue").locator("li", has_text=order_no)
    await expect(own).to_be_visible(timeout=SLOW_MS)
    # Their own request: no approve button, and the reason why.
    await expect(own.get_by_test_id("approval-approve")).to_have_count(0)
    await expect(own.get_by_test_id("approval-why-not")).not_to_be_empty()
    await _shot(first, "payments")

    second = await _console_login(browser, site_url, second_name, code_at(second_secret))
    await second.goto(site_url + "/admin/payments")
    waiting = second.get_by_test_id("approval-queue").locator("li", has_text=order_no)
    await expect(waiting.get_by_test_id("approval-reason")).to_have_text(
        "regular player, identity verified", timeout=SLOW_MS
    )
    await waiting.get_by_test_id("approval-approve").click()
    await expect(waiting).to_have_count(0, timeout=SLOW_MS)
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
    assert order.paid_amount == Decimal("150.00") and order.remaining_amount == 0
