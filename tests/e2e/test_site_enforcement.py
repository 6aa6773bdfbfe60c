"""The site's events obey the maintenance and region blocks as the API does: a page opened
before the block cannot log in or deposit afterwards; the translated error is shown."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect
from sqlmodel import col, func, select

from app.core.db import session_scope
from models.cashier import DepositOrder
from tests.e2e.conftest import SLOW_MS, open_deposit, open_site, register_in_browser
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.site import brand_closed

pytestmark = pytest.mark.e2e
LOOPBACK = "127.0.0.0/8"  # the browser's address


async def test_a_blocked_visitor_cannot_log_in_from_an_open_page(page: Page, site_url: str) -> None:
    member = await make_member()
    await open_site(page, site_url + "/login")
    form = page.get_by_test_id("login-form")
    await expect(form).to_be_visible()
    async with brand_closed(networks=(LOOPBACK,)):
        await form.locator("input[name=username]").fill(member.username)
        await form.locator("input[name=password]").fill(PASSWORD)
        await page.get_by_test_id("login-submit").click()
        await expect(form.get_by_test_id("form-error")).to_contain_text(
            "Acesso restrito", timeout=SLOW_MS
        )
        await expect(page.get_by_test_id("member-area")).to_have_count(0)


async def test_maintenance_refuses_a_deposit_from_an_open_page(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    await open_site(page, site_url + "/depositv2")
    await expect(page.get_by_test_id("deposit-submit")).to_be_visible(timeout=SLOW_MS)
    async with brand_closed(maintenance=True):
        await page.locator("input[name=amount]").fill("50,00")
        await page.get_by_test_id("deposit-submit").click()
        await expect(page.get_by_test_id("form-error").first).to_contain_text(
            "O sistema está em manutenção.", timeout=SLOW_MS
        )
    async with session_scope() as session:
        orders = await session.exec(
            select(func.count(col(DepositOrder.id))).where(DepositOrder.member_id == member.id)
        )
        assert orders.one() == 0


async def test_member_pages_ask_a_trial_user_to_register(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/login")
    await page.get_by_test_id("start-trial").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
    for path in ("/withdraw", "/transactionHistory", "/transferFund", "/favorites", "/pointMall"):
        await page.goto(site_url + path)
        await expect(page.get_by_test_id("need-account-text")).to_have_text(
            "Por favor, registre uma conta primeiro", timeout=SLOW_MS
        )


async def test_a_checkout_link_without_its_ticket_pays_nothing(page: Page, site_url: str) -> None:
    await register_in_browser(page, site_url)
    await open_deposit(page)
    await page.locator("input[name=amount]").fill("50,00")
    await page.get_by_test_id("deposit-submit").click()
    link = await page.get_by_test_id("open-checkout").get_attribute("href")
    assert link is not None and "?ticket=" in link
    checkout = await page.context.new_page()
    await checkout.goto(site_url + link.split("?", 1)[0])
    await expect(checkout.get_by_test_id("form-error").first).to_contain_text(
        "Este link de pagamento não é válido", timeout=SLOW_MS
    )
    await expect(checkout.get_by_test_id("sandbox-pay")).to_have_count(0)
