"""Deposit in a real browser: PIX order, the sandbox provider pays in another tab, and the
header balance follows without a reload."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import BrowserContext, expect

from app.core.i18n.formatting import NBSP
from tests.e2e.conftest import register_in_browser
from tests.helpers.browser import choose_language

pytestmark = pytest.mark.e2e


async def test_deposit_through_the_sandbox_updates_the_header(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await register_in_browser(page, site_url)  # BR1: with a CPF, verified
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")

    await page.get_by_test_id("header-deposit").click()
    # The deposit tutorial: closed until asked, then four steps in pictures.
    tutorial = page.get_by_test_id("deposit-tutorial")
    await expect(tutorial.locator("li")).to_have_count(4)
    await expect(tutorial.locator("li").first).to_be_hidden()
    await page.get_by_test_id("deposit-tutorial-open").click()
    await expect(tutorial.locator("li").nth(1)).to_contain_text("QR code")
    await expect(tutorial.locator("img").first).to_have_attribute("src", "/guides/deposit-1.svg")
    await page.screenshot(path="/tmp/deposit-tutorial.png", full_page=True)
    # One-tap amounts within PIX's limits fill the amount box.
    quick = page.get_by_test_id("quick-amount")
    # Written as money, as Brazilian betting sites show them (issue 35).
    await expect(quick).to_have_text([f"R${NBSP}{value}" for value in ("20", "50", "100", "200")])
    await expect(quick.first).to_have_attribute("aria-label", f"R${NBSP}20,00")
    await quick.nth(1).click()
    await expect(page.locator("input[name=amount]")).to_have_value("50")
    await expect(quick.nth(1)).to_have_attribute("aria-pressed", "true")
    await page.locator("input[name=amount]").fill("5")
    await page.get_by_test_id("deposit-submit").click()
    await expect(page.get_by_test_id("form-error").first).to_contain_text(f"entre R${NBSP}10,00")
    await page.locator("input[name=amount]").fill("150,00")
    await page.get_by_test_id("deposit-submit").click()
    await expect(page.get_by_test_id("deposit-status")).to_have_text("Aguardando pagamento")
    await expect(page.get_by_test_id("deposit-status")).to_have_class(re.compile("amber"))
    pix = await page.get_by_test_id("pix-code").input_value()
    assert pix.startswith("000201") and "br.gov.bcb.pix" in pix
    # With a mouse the QR code comes first (another device scans it); a phone, which copies
    # the code into its bank app, puts the copy button first instead.
    qr_box = (
        await page.get_by_test_id("deposit-order").get_by_role("img", name="PIX").bounding_box()
    )
    copy_box = await page.get_by_test_id("pix-copy").bounding_box()
    assert qr_box and copy_box and qr_box["y"] < copy_box["y"]

    checkout = await context.new_page()
    await checkout.goto(site_url + await page.get_by_test_id("open-checkout").get_attribute("href"))
    # The checkout says where the order stands in words, not its code.
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_text("Aguardando pagamento")
    await checkout.get_by_test_id("sandbox-pay").click()
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_text("Pago")
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_attribute("data-status", "PAID")

    # No reload: the order and the header follow by themselves.
    await expect(page.get_by_test_id("deposit-status")).to_have_text(
        "Pago: o saldo foi creditado", timeout=15_000
    )
    await expect(page.get_by_test_id("deposit-status")).to_have_class(re.compile("emerald"))
    await expect(page.get_by_test_id("header-balance")).to_have_text("150,00", timeout=15_000)
    # Paid: the QR code and the payment link are gone.
    await expect(page.get_by_test_id("pix-code")).to_have_count(0)
    await expect(page.get_by_test_id("open-checkout")).to_have_count(0)
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("header-balance")).to_have_text("150.00")

    await page.get_by_test_id("member-nav-transactionHistory").click()
    await expect(page.get_by_test_id("record-row")).to_have_count(1)
    await expect(page.get_by_test_id("record-list")).to_contain_text("Deposit")
    await expect(page.get_by_test_id("record-list")).to_contain_text("150.00")
