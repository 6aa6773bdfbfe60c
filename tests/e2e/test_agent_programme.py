"""The agent programme from a fresh start, in a real browser: a staff member offers a top agent
(no contract yet) the house's daily salary contract from the console; the agent, told its
next step on the agent home, accepts it there; on a phone it sees its team with each direct
member by name, the member's activity and the transfer button in reach; it copies its
referral link, built on the site's public address, which opens the registration page.
Screenshots go to /tmp/agent-programme-shots."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, Page, expect

from app.services.agents import contracts
from models.agents import ContractStatus
from tests.e2e.conftest import SLOW_MS, open_site
from tests.support.accounts import PASSWORD, make_member
from tests.support.agents import downline
from tests.support.backoffice import STAFF_PASSWORD, code_at, make_staff_account

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/agent-programme-shots")
PHONE = {"width": 390, "height": 844}


async def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def _console(browser: Browser, site_url: str, username: str, code: str) -> Page:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(site_url + "/admin/login")
    form = page.get_by_test_id("console-login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill(code)
    await page.get_by_test_id("console-login-submit").click()
    await expect(page).to_have_url(re.compile(re.escape(site_url) + r"/admin/?$"), timeout=SLOW_MS)
    await expect(page.get_by_test_id("console-staff")).to_have_text(username, timeout=SLOW_MS)
    return page


async def test_the_house_offers_the_agent_accepts_sees_its_team_and_shares_its_link(
    browser: Browser, site_url: str
) -> None:
    staff_name, secret = await make_staff_account("marketing", "BR1")
    top = await make_member(account_type=1)
    player = await downline(top, as_agent=False)

    # The console: the house's daily salary contract of 0.5 % (within the threshold).
    console = await _console(browser, site_url, staff_name, code_at(secret))
    await console.goto(site_url + "/admin/agents")
    offer = console.get_by_test_id("house-offer")
    await expect(offer).to_be_visible(timeout=SLOW_MS)
    await offer.get_by_test_id("house-agent").fill(top.username)
    await offer.get_by_test_id("house-rate").fill("0.5")
    await _shot(console, "console-house-offer")
    await console.get_by_test_id("house-offer-send").click()
    await expect(console.get_by_test_id("house-offer-notice")).not_to_be_empty(timeout=SLOW_MS)
    await expect(console.get_by_test_id("house-offer-error")).to_be_empty()
    [made] = await contracts.member_contracts(top)
    assert made.status == ContractStatus.OFFERED and made.upline_id is None
    await console.context.close()

    # The agent home: the next step says an offer waits; the agent accepts it.
    context = await browser.new_context(viewport=PHONE, timezone_id="America/Sao_Paulo")
    await context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page = await context.new_page()
    await open_site(page, site_url + "/agentHome")
    await page.get_by_test_id("agent-login").click()
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(top.username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("agent-next-step")).not_to_be_empty(timeout=SLOW_MS)
    await expect(page.get_by_test_id("contract-popup")).to_be_visible()
    await _shot(page, "agent-home-offer-phone")
    await page.get_by_test_id("contract-accept").click()
    await expect(page.get_by_test_id("contract-active")).to_have_count(1, timeout=SLOW_MS)
    await expect(page.get_by_test_id("agent-next-invite")).to_be_visible()
    await _shot(page, "agent-home-accepted-phone")

    # The team on a phone: the direct member by name, its activity, the transfer in reach.
    await page.get_by_test_id("agent-next-team").click()
    row = page.get_by_test_id("downline-row")
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await expect(row.get_by_test_id("downline-name")).to_have_text(player.username)
    await expect(row.get_by_test_id("downline-activity")).to_contain_text("0,00")
    transfer = row.get_by_test_id("downline-transfer")
    await expect(transfer).to_be_visible()
    box = await transfer.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    await _shot(page, "team-phone")

    # The referral link: on the public address, copied, shared, and it opens.
    await open_site(page, site_url + "/referral")
    link_field = page.get_by_test_id("referral-link")
    await expect(link_field).to_have_value(re.compile(r"affiliateCode="), timeout=SLOW_MS)
    link = await link_field.input_value()
    public = urlsplit(site_url)
    assert link.startswith(f"{public.scheme}://localhost:{public.port}/register?affiliateCode=")
    await page.get_by_test_id("referral-copy").click()
    await expect(page.get_by_test_id("referral-copied")).not_to_be_empty()
    assert await page.evaluate("navigator.clipboard.readText()") == link
    whatsapp = await page.get_by_test_id("referral-whatsapp").get_attribute("href")
    assert whatsapp is not None and whatsapp.startswith("https://wa.me/?text=")
    await expect(page.get_by_test_id("referral-qr")).to_be_visible()
    await _shot(page, "referral-phone")
    visitor = await browser.new_context()
    opened = await visitor.new_page()
    await opened.goto(link)
    await expect(opened).to_have_url(re.compile(r"/register\?affiliateCode="), timeout=SLOW_MS)
    await visitor.close()
    await context.close()
