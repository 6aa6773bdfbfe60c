"""Deposit in a real browser: PIX order, the sandbox provider pays in another tab, and the
header balance follows without a reload."""

from __future__ import annotations

import pytest
from playwright.async_api import BrowserContext, expect

from tests.e2e.conftest import open_site
from tests.support.accounts import PASSWORD, new_username

pytestmark = pytest.mark.e2e


async def test_deposit_through_the_sandbox_updates_the_header(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(new_username())
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")

    await page.get_by_test_id("header-deposit").click()
    await page.locator("input[name=amount]").fill("5")
    await page.get_by_test_id("deposit-submit").click()
    await expect(page.get_by_test_id("form-error").first).to_contain_text("entre 10,00")
    await page.locator("input[name=amount]").fill("150,00")
    await page.get_by_test_id("deposit-submit").click()
    await expect(page.get_by_test_id("deposit-status")).to_have_text("Aguardando pagamento")
    pix = await page.get_by_test_id("pix-code").input_value()
    assert pix.startswith("000201") and "br.gov.bcb.pix" in pix

    checkout = await context.new_page()
    await checkout.goto(site_url + await page.get_by_test_id("open-checkout").get_attribute("href"))
    await checkout.get_by_test_id("sandbox-pay").click()
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_text("PAID")

    # No reload: the order and the header follow by themselves.
    await expect(page.get_by_test_id("deposit-status")).to_have_text(
        "Pago: o saldo foi creditado", timeout=15_000
    )
    await expect(page.get_by_test_id("header-balance")).to_have_text("150,00", timeout=15_000)
    await page.get_by_test_id("language-select").select_option("EN")
    await expect(page.get_by_test_id("header-balance")).to_have_text("150.00")

    await page.get_by_test_id("member-nav-transactionHistory").click()
    await expect(page.get_by_test_id("record-row")).to_have_count(1)
    await expect(page.get_by_test_id("record-list")).to_contain_text("Deposit")
    await expect(page.get_by_test_id("record-list")).to_contain_text("150.00")
