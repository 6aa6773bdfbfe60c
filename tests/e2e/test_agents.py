"""The agent walk in a real browser: an agent registers a downline agent, offers it a daily
salary contract, the downline accepts in the contract popup, its player plays (wager facts
written directly), the day closes (the job's close run by hand with a later clock), and the
agent sees the pay in the header balance and in agentDailyWages."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from playwright.async_api import BrowserContext, Page, expect
from sqlmodel import select

from app.core.db import session_scope
from app.core.i18n import translate
from app.services.agents import payouts, periods
from models import Member
from models.agents import ContractKind
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import PASSWORD, make_member, new_username
from tests.helpers.agents import brand, downline, fact, signed, tiers
from tests.helpers.browser import visitor_context

SHOTS = Path("/tmp/agent-shots")
NEW_PASSWORD = "Outra12345x"


async def _login(page: Page, site_url: str, username: str, password: str) -> None:
    await open_site(page, site_url + "/agentHome")
    await page.get_by_test_id("agent-login").click()
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(password)
    await page.get_by_test_id("login-submit").click()


async def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def test_agent_walk(context: BrowserContext, site_url: str) -> None:
    now = utcnow()
    top = await make_member(account_type=1)
    await signed(None, top, "DAILY_SALARY", tiers((0, "0", None, "0.01")), now - timedelta(days=1))
    page = await context.new_page()
    await _login(page, site_url, top.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(top.username)
    await expect(page.get_by_test_id("contract-active")).to_have_count(1)

    # registerCenter: a sub-agent.
    sub_name = new_username()[:14]
    await page.get_by_test_id("agent-nav-registerCenter").click()
    # Told first what the new member must do before playing (Brazil: the CPF too).
    await expect(page.get_by_test_id("downline-first-steps")).to_have_text(
        translate("agent.register.first_steps_identity", "pt")
    )
    await page.get_by_test_id("downline-username").fill(sub_name)
    await page.get_by_test_id("downline-password").fill(PASSWORD + "x")
    await page.get_by_test_id("downline-as-agent").check()
    await page.get_by_test_id("downline-submit").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text(sub_name[:2])
    await _shot(page, "register-center")

    # Downline management: offer a daily salary contract of 0.5 %.
    await page.get_by_test_id("agent-nav-downlineManagmentView").click()
    await expect(page.get_by_test_id("downline-row")).to_have_count(1)
    await page.get_by_test_id("downline-offer").click()
    await page.get_by_test_id("offer-rate").fill("0.5")
    await _shot(page, "offer-popup")
    await page.get_by_test_id("offer-send").click()
    await expect(page.get_by_test_id("offer-popup")).to_have_count(0)

    # The downline logs in (first a new password), sees the popup and accepts.
    other = await visitor_context(context.browser)  # type: ignore[arg-type]
    sub_page = await other.new_page()
    await _login(sub_page, site_url, sub_name, PASSWORD + "x")
    form = sub_page.get_by_test_id("change-password-form")
    await form.locator("input[name=oldPassword]").fill(PASSWORD + "x")
    await form.locator("input[name=newPassword]").fill(NEW_PASSWORD)
    await form.locator("input[name=confirmNewPassword]").fill(NEW_PASSWORD)
    await sub_page.get_by_test_id("change-password-submit").click()
    await open_site(sub_page, site_url + "/agentHome")
    await expect(sub_page.get_by_test_id("contract-popup")).to_be_visible()
    await _shot(sub_page, "contract-popup")
    await sub_page.get_by_test_id("contract-accept").click()
    await expect(sub_page.get_by_test_id("contract-popup")).to_have_count(0)
    await expect(sub_page.get_by_test_id("contract-active")).to_have_count(1)
    await other.close()

    # Its player plays today; the day closes (the job's close, by hand, a day later).
    async with session_scope() as session:
        sub = (await session.exec(select(Member).where(Member.username == sub_name))).one()
    player = await downline(sub, as_agent=False)
    await fact(player, "200.00", "50.00", utcnow())
    start, end = periods.bounds("D", utcnow(), "America/Sao_Paulo")
    await payouts.close(await brand(), ContractKind.DAILY_SALARY, start, end + timedelta(hours=1))

    # top: 1 % of 200 = 2.00, less the sub's 0.5 % = 1.00: 1.00 in the header and the record.
    await open_site(page, site_url + "/agentDailyWages")
    await expect(page.get_by_test_id("header-balance")).to_contain_text("1,00")
    wage = page.get_by_test_id("pay-table-row")
    await expect(wage).to_have_count(1, timeout=SLOW_MS)
    await expect(wage).to_contain_text("R$\xa01,00")  # the brand's money (issue 35)
    await expect(wage).to_contain_text("Faixa 1")  # how it was computed
    await expect(page.get_by_test_id("total-amount")).to_have_text("R$\xa01,00")
    await _shot(page, "daily-wages")
    # The member centre popup (the header's account): the member's pages and, for an agent,
    # the agent centre's; a page chosen there closes it.
    await page.get_by_test_id("header-account").click()
    centre = page.get_by_test_id("member-centre")
    await expect(centre.get_by_test_id("centre-withdraw")).to_be_visible()
    await expect(centre.get_by_test_id("agent-centre-popup")).to_be_visible()
    await _shot(page, "member-centre-popup")
    await centre.get_by_test_id("agent-centre-agentTeamOverview").click()
    await expect(page).to_have_url(site_url + "/agentTeamOverview")
    await expect(centre).to_have_count(0)
    await open_site(page, site_url + "/agentHome")
    await expect(page.get_by_test_id("agent-team-size")).to_have_text("2")
    await _shot(page, "agent-home")
    await page.set_viewport_size({"width": 390, "height": 844})
    await _shot(page, "agent-home-mobile")
