"""The agent programme from a fresh start, in a real browser: a player applies to be an
affiliate from the site (terms, form, status); a staff member approves the application and
offers the new top agent (no contract yet) the house's daily salary contract from the
console; the agent, told its next step on the agent home, accepts it there; on a phone it
sees its team with each direct member by name, the member's activity and the transfer button
in reach; it copies its referral link, built on the site's public address, which opens the
registration page. Screenshots go to /tmp/agent-programme-shots."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, Page, expect

from app.core.db import session_scope
from app.services.agents import contracts
from models import Member
from models.agents import ContractStatus
from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.agents import downline
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, make_staff_account
from tests.helpers.browser import browser_cookie, wait_for_rotation
from tests.helpers.site import brand_jurisdiction

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


async def _fresh(member: Member) -> Member:
    async with session_scope() as session:
        found = await session.get(Member, member.id)
    assert found is not None
    return found


async def test_the_house_offers_the_agent_accepts_sees_its_team_and_shares_its_link(
    browser: Browser, site_url: str
) -> None:
    staff_name, secret = await make_staff_account("marketing", "BR1")
    applicant = await make_member()

    # A player applies from the site: the agent centre's gate links to the application page.
    context = await browser.new_context(viewport=PHONE, timezone_id="America/Sao_Paulo")
    await context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page = await context.new_page()
    await open_site(page, site_url + "/login")
    form = page.get_by_test_id("login-form")
    await expect(form).to_be_visible(timeout=SLOW_MS)
    await form.locator("input[name=username]").fill(applicant.username)
    await form.locator("input[name=password]").fill(PASSWORD)
    before = await browser_cookie(page)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("header-balance")).to_be_visible(timeout=SLOW_MS)
    # The login binds the browser to a fresh secret: a page loaded before it lands is a guest's.
    await wait_for_rotation(page, before)
    await open_site(page, site_url + "/agentHome")
    await expect(page.get_by_test_id("agent-only")).to_be_visible(timeout=SLOW_MS)
    await page.get_by_test_id("agent-apply").click()
    await expect(page).to_have_url(site_url + "/affiliateApply", timeout=SLOW_MS)
    await expect(page.get_by_test_id("affiliate-terms")).to_be_visible()
    await page.get_by_test_id("affiliate-channel").fill("Instagram @sorte.dicas")
    await page.get_by_test_id("affiliate-submit").click()
    refused = page.get_by_test_id("affiliate-form").get_by_test_id("form-error")
    await expect(refused).not_to_be_empty()  # the terms first
    await page.get_by_test_id("affiliate-accept").check()
    await page.get_by_test_id("affiliate-submit").click()
    await expect(page.get_by_test_id("affiliate-status")).not_to_be_empty(timeout=SLOW_MS)
    await _shot(page, "affiliate-applied-phone")

    # The console: the application approved, then the house's daily salary contract of 0.5 %
    # (within the threshold) offered to the new top agent.
    console = await _console(browser, site_url, staff_name, code_at(secret))
    # The dashboard it lands on: each period figure beside the 7 days before.
    await expect(console.get_by_test_id("dash-ggr-change")).to_contain_text(
        re.compile(r"\b7 (days|dias)\b"), timeout=SLOW_MS
    )
    # The players list offers its CSV only to a role that may export (marketing may not).
    await console.goto(site_url + "/admin/players")
    await expect(console.get_by_test_id("player-results")).to_be_visible(timeout=SLOW_MS)
    await expect(console.get_by_test_id("players-csv")).to_have_count(0)
    await console.goto(site_url + "/admin/agents")
    waiting = console.get_by_test_id("applications").locator("tr", has_text=applicant.username)
    await waiting.get_by_test_id("application-approve").click(timeout=SLOW_MS)
    await expect(waiting).to_have_count(0, timeout=SLOW_MS)
    offer = console.get_by_test_id("house-offer")
    await expect(offer.get_by_test_id("house-period").locator("option")).to_have_count(1)
    await offer.get_by_test_id("house-agent").fill(applicant.username)
    await offer.get_by_test_id("house-rate").fill("0.5")
    await _shot(console, "console-house-offer")
    await console.get_by_test_id("house-offer-send").click()
    await expect(console.get_by_test_id("house-offer-notice")).not_to_be_empty(timeout=SLOW_MS)
    await expect(console.get_by_test_id("house-offer-error")).to_be_empty()
    await _shot(console, "console-house-offered")
    agent = await _fresh(applicant)
    [made] = await contracts.member_contracts(agent)
    assert made.status == ContractStatus.OFFERED and made.upline_id is None
    await console.context.close()
    player = await downline(agent, as_agent=False)

    # The agent home: the next step says an offer waits; the agent accepts it.
    await open_site(page, site_url + "/agentHome")
    await expect(page.get_by_test_id("agent-next-step")).not_to_be_empty(timeout=SLOW_MS)
    await expect(page.get_by_test_id("contract-popup")).to_be_visible()
    await _shot(page, "agent-home-offer-phone")
    await page.get_by_test_id("contract-accept").click()
    await expect(page.get_by_test_id("contract-active")).to_have_count(1, timeout=SLOW_MS)
    await expect(page.get_by_test_id("agent-next-invite")).to_be_visible()
    await _shot(page, "agent-home-accepted-phone")

    # The team on a phone (a market that allows transfers between members): the direct
    # member by name, its activity, the transfer button in reach.
    async with brand_jurisdiction(""):
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
    await expect(opened).to_have_url(re.compile(r"/register/?\?affiliateCode="), timeout=SLOW_MS)
    await visitor.close()
    await context.close()
