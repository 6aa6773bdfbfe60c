"""The wallet page in a real browser: money into a vendor wallet and back, the header balance
follows, recall all; the bonus details page reads the ledger."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, expect
from sqlmodel import select

from app.core.db import session_scope
from models import Member
from models.ledger import AccountKind, TransactionKind
from tests.api.test_bonus_details import grant
from tests.api.test_wallet_transfer import fund
from tests.e2e.conftest import open_site
from tests.support.accounts import PASSWORD, new_username

pytestmark = pytest.mark.e2e
SLOW = 15_000  # a busy machine may take a while to answer a websocket event


async def _register(page: Page, site_url: str) -> int:
    username = new_username()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")
    # Registering ends on the home page with the dialog closed; leave only after both, so the
    # next page load does not race the redirect.
    await expect(page).to_have_url(site_url + "/", timeout=SLOW)
    await expect(page.get_by_test_id("dialog-register-cover")).to_have_count(0, timeout=SLOW)
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == username))).one()
    assert member.id is not None
    return member.id


async def _shots(page: Page, name: str, folder: Path) -> None:
    """Desktop and 360 px, light and dark, with no sideways scrolling on the phone."""
    for theme in ("light", "dark"):
        current = await page.evaluate("document.documentElement.classList.contains('dark')")
        if current != (theme == "dark"):
            await page.get_by_test_id("theme-toggle").click()
            await page.wait_for_function(f"document.documentElement.classList.contains('{theme}')")
        await page.set_viewport_size({"width": 1280, "height": 900})
        await page.screenshot(path=str(folder / f"{name}-desktop-{theme}.png"), full_page=True)
        await page.set_viewport_size({"width": 360, "height": 740})
        assert await page.evaluate("document.documentElement.scrollWidth") <= 360
        await page.screenshot(path=str(folder / f"{name}-360-{theme}.png"), full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})


async def test_transfer_in_and_out_and_bonus_details(
    context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    page = await context.new_page()
    member_id = await _register(page, site_url)
    await fund(member_id, "100.00")

    await page.goto(site_url + "/transferFund")
    await expect(page.get_by_test_id("wallet-main")).to_have_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-CMD")).to_contain_text("Manutenção", timeout=SLOW)

    await page.get_by_test_id("transfer-vendor").select_option("SABA")
    await page.get_by_test_id("transfer-amount").fill("30,50")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text("30,50", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text("30,50", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-main")).to_have_text("69,50", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("69,50", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-total")).to_have_text("100,00", timeout=SLOW)

    # Too much out of the vendor wallet: refused with the balance, nothing moves.
    await page.get_by_test_id("tab-OUT").click()
    await page.get_by_test_id("transfer-amount").fill("31")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("form-error")).to_contain_text(
        "Saldo insuficiente", timeout=SLOW
    )
    await page.get_by_test_id("transfer-amount").fill("10")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text("20,50", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("79,50", timeout=SLOW)

    await page.get_by_test_id("transfer-vendor").select_option("DS88")
    await page.get_by_test_id("tab-IN").click()
    await page.get_by_test_id("transfer-max").click()
    await expect(page.get_by_test_id("transfer-amount")).to_have_value("79.50", timeout=SLOW)
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00", timeout=SLOW)
    await _shots(page, "transfer", tmp_path)

    await page.get_by_test_id("transfer-recall").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text("0,00", timeout=SLOW)

    await page.get_by_test_id("member-nav-bonusDetails").click()
    await expect(page.get_by_test_id("bonus-empty")).to_be_visible(timeout=SLOW)
    await grant(member_id, TransactionKind.BONUS, "15.00", AccountKind.MEMBER_BONUS)
    await grant(member_id, TransactionKind.REBATE, "2.35", AccountKind.MEMBER_CASH)
    await page.reload()
    await expect(page.get_by_test_id("bonus-row")).to_have_count(2, timeout=SLOW)
    await expect(page.get_by_test_id("bonus-list")).to_contain_text("Cashback", timeout=SLOW)
    await expect(page.get_by_test_id("bonus-list")).to_contain_text("15,00", timeout=SLOW)
    await _shots(page, "bonus", tmp_path)
    print(f"screenshots in {tmp_path}")
