"""The agent programme from a fresh start to a sub-agent's salary, in one real-browser walk
(issues 34 and 39): a player applies to be an affiliate from the site (terms, form, status);
a staff member approves the application and offers the new top agent (no contract yet) the
house's daily salary contract of 1 % from the console; the agent, told its next step on the
agent home, accepts it there; on a phone it sees its team with each direct member by name,
the member's activity and the transfer button in reach; it copies its referral link, built
on the site's public address, which opens the registration page. At its desk, it registers a
sub-agent and offers it 0.4 % from the agent centre (told its own rate there; a rate above
it refused in words), and sees the offer, then the signed contract, on the sub-agent's row
(the limit sentence following a change of language); the sub-agent, at its first login,
changes its password and accepts on its agent home, each offer saying who made it and when;
a player of the sub-agent's team bets; the day closes and the operator runs the period job
from the CLI; the sub-agent reads its salary line, how it was computed, and its balance
grown by exactly that; the top agent its own share (its rate less the sub-agent's).
Screenshots go to /tmp/agent-programme-shots.

The CLI runs in a process of its own, on the real clock, and closes the day that ended before
it: the walk's day is yesterday (its contracts moved to have been signed then, as the raffle
walk moves its draw time), so that nobody waits for midnight in São Paulo. (The house's offer
from the CLI, `agent-contract-offer`, is tested in tests/agents/test_agent_contract_cli.py.)"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import col, select, update

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.periods import period_at
from app.jobs import agent_pay
from app.services import job_runs
from app.services.agents import contracts, payouts, periods
from models import Member
from models.agents import AgentContract, AgentPayout, ContractKind, ContractStatus
from tests.e2e.conftest import SLOW_MS, open_site, site_operator
from tests.e2e.test_agent_team import _login
from tests.helpers.accounts import PASSWORD, make_member, new_username
from tests.helpers.agents import brand, downline, fact
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, make_staff_account
from tests.helpers.browser import (
    browser_cookie,
    choose_language,
    visitor_context,
    wait_for_rotation,
)
from tests.helpers.money import fund
from tests.helpers.site import brand_jurisdiction

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/agent-programme-shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SUB_FIRST_PASSWORD = PASSWORD + "x"
SUB_PASSWORD = "Outra12345x"


async def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def _console(browser: Browser, site_url: str, username: str, code: str) -> Page:
    context = await visitor_context(browser, viewport=DESKTOP)
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


async def _signed_back_to(agent_ids: list[int], at: datetime) -> None:
    """The agents' contracts as if offered and signed at `at` (the walk's yesterday)."""
    async with write_transaction() as session:
        await session.exec(
            update(AgentContract)
            .where(col(AgentContract.downline_id).in_(agent_ids))
            .values(created_at=at, decided_at=at, starts_at=at)
        )


async def _member(username: str) -> Member:
    async with session_scope() as session:
        return (await session.exec(select(Member).where(Member.username == username))).one()


async def _paid(page: Page, site_url: str, amount: str, line: str, balance: str) -> None:
    """The agent's daily wages page shows one payment of `amount` explained by `line`, and its
    balance reads `balance`."""
    await open_site(page, site_url + "/agentDailyWages")
    wage = page.get_by_test_id("pay-table-row").filter(has_text=amount)
    await expect(wage).to_have_count(1, timeout=SLOW_MS)
    await expect(wage).to_contain_text(line)
    await expect(page.get_by_test_id("total-amount")).to_contain_text(amount)
    await expect(page.get_by_test_id("header-balance")).to_contain_text(balance)


async def test_the_house_offers_the_agent_accepts_and_its_sub_agent_is_paid(
    browser: Browser, site_url: str
) -> None:
    home = await brand()
    # The walk's day: the latest São Paulo day that the job, run now, closes. The job closes
    # from its tick (the hour begun), not from now: in the hour after São Paulo's midnight,
    # the day before yesterday.
    tick = period_at(job_runs.schedule(agent_pay.PERIODS_JOB), clock.now())
    day_start, _ = periods.last_closed("D", tick - payouts.GRACE, home.timezone)
    # Signed early that day, so that the day before (which the job closes too) is not theirs.
    signed_at = day_start + timedelta(minutes=1)
    staff_name, secret = await make_staff_account("marketing", "BR1")
    applicant = await make_member()

    # A player applies from the site: the agent centre's gate links to the application page.
    context = await visitor_context(browser, viewport=PHONE, timezone_id="America/Sao_Paulo")
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

    # The console: the application approved, then the house's daily salary contract of 1 %
    # (within the brand's threshold: at once) offered to the new top agent.
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
    await offer.get_by_test_id("house-rate").fill("1")
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
    visitor = await visitor_context(browser)
    opened = await visitor.new_page()
    await opened.goto(link)
    await expect(opened).to_have_url(re.compile(r"/register/?\?affiliateCode="), timeout=SLOW_MS)
    await visitor.close()

    # At its desk, it registers its sub-agent and offers it a daily salary of 0.4 %.
    await page.set_viewport_size(DESKTOP)
    sub_name = new_username()[:14]
    await open_site(page, site_url + "/registerCenter")
    await page.get_by_test_id("downline-username").fill(sub_name)
    await page.get_by_test_id("downline-password").fill(SUB_FIRST_PASSWORD)
    await page.get_by_test_id("downline-as-agent").check()
    await page.get_by_test_id("downline-submit").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text(sub_name)
    await open_site(page, site_url + "/downlineManagmentView")
    row = page.get_by_test_id("downline-row").filter(has_text=sub_name)
    await row.get_by_test_id("downline-offer").click()
    popup = page.get_by_test_id("offer-popup")
    await expect(popup).to_contain_text(sub_name)
    await expect(page.get_by_test_id("offer-kind")).to_have_value("DAILY_SALARY")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Seu contrato (Salário diário): 1%. Você pode oferecer até essa taxa."
    )
    # The sentence follows the reader's language, the form staying open.
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Your contract (Daily salary): 1%. You can offer up to that rate.", timeout=SLOW_MS
    )
    await choose_language(page, "PT")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Seu contrato (Salário diário): 1%. Você pode oferecer até essa taxa.", timeout=SLOW_MS
    )
    # Above the agent's own 1 %: refused, said in words, nothing offered.
    await page.get_by_test_id("offer-rate").fill("1.5")
    await page.get_by_test_id("offer-send").click()
    await expect(page.get_by_test_id("form-error")).not_to_be_empty(timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-error")).not_to_contain_text("agent-")
    await page.get_by_test_id("offer-rate").fill("0.4")
    await _shot(page, "top-offer")
    await page.get_by_test_id("offer-send").click()
    await expect(popup).to_have_count(0, timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-notice")).not_to_be_empty()
    # The offer on the sub-agent's row: what it is, and that it waits for an answer.
    given = row.get_by_test_id("downline-contracts")
    await expect(given).to_have_text("Salário diário de 0,4% · Oferecido")

    # The sub-agent's first login: a new password, then the offer on its agent home.
    sub = await _member(sub_name)
    await fund(sub.id or 0, "10.00")
    other = await visitor_context(browser, viewport=PHONE, timezone_id="America/Sao_Paulo")
    sub_page = await other.new_page()
    await _login(sub_page, site_url + "/agentHome", sub_name, SUB_FIRST_PASSWORD)
    form = sub_page.get_by_test_id("change-password-form")
    await form.locator("input[name=oldPassword]").fill(SUB_FIRST_PASSWORD)
    await form.locator("input[name=newPassword]").fill(SUB_PASSWORD)
    await form.locator("input[name=confirmNewPassword]").fill(SUB_PASSWORD)
    await sub_page.get_by_test_id("change-password-submit").click()
    await open_site(sub_page, site_url + "/agentHome")
    offer = sub_page.get_by_test_id("contract-offer")
    await expect(offer).to_have_count(1, timeout=SLOW_MS)
    await expect(offer).to_contain_text("0,4%")
    # Who made the offer and when, not a version number.
    await expect(offer.get_by_test_id("contract-offered-by")).to_have_text(
        re.compile(rf"0,4% · oferecido por {agent.username} em \d{{1,2}} de [^ ]+ de \d{{4}}")
    )
    await _shot(sub_page, "sub-offer")
    await offer.get_by_test_id("contract-accept").click()
    await expect(sub_page.get_by_test_id("contract-popup")).to_have_count(0, timeout=SLOW_MS)
    await expect(sub_page.get_by_test_id("contract-active")).to_have_count(1)
    await expect(sub_page.get_by_test_id("header-balance")).to_contain_text("10,00")
    # The top agent sees it signed.
    await page.reload()
    await expect(given).to_have_text("Salário diário de 0,4% · Ativo", timeout=SLOW_MS)

    # The walk's day: the contracts signed before it, a player of the sub-agent's team bets
    # 1 200,00 (wins 300,00 back) and 350,00 (loses it): a team valid bet of 1 550,00.
    await _signed_back_to([agent.id or 0, sub.id or 0], signed_at)
    sub_player = await downline(sub, as_agent=False)
    await fact(sub_player, "1200.00", "300.00", day_start + timedelta(hours=2))
    await fact(sub_player, "350.00", "0.00", day_start + timedelta(hours=5))

    # The operator runs the period job: the day is closed and paid.
    site_operator("jobs", "agent-period-close")
    async with session_scope() as session:
        paid = (
            await session.exec(
                select(AgentPayout).where(
                    col(AgentPayout.agent_id).in_([agent.id, sub.id]),
                    AgentPayout.kind == ContractKind.DAILY_SALARY.value,
                    AgentPayout.period_start == day_start,
                )
            )
        ).all()
    assert sorted(row.agent_id for row in paid) == sorted([agent.id, sub.id])

    # The sub-agent: 0.4 % of 1 550,00 = 6,20, in its record and its balance (10,00 + 6,20).
    # (A run across São Paulo's midnight would also close the next day, with nothing in it.)
    await _paid(
        sub_page,
        site_url,
        "6,20",
        "Faixa 1 (membros ativos: 1): 0,4% × aposta válida da equipe R$ 1.550,00, menos R$ 0,00",
        "16,20",
    )
    await _shot(sub_page, "sub-daily-wages")
    await other.close()

    # The top agent: 1 % of 1 550,00 = 15,50, less the sub-agent's 6,20 = 9,30.
    await _paid(
        page,
        site_url,
        "9,30",
        "Faixa 1 (membros ativos: 1): 1% × aposta válida da equipe R$ 1.550,00, menos R$ 6,20",
        "9,30",
    )
    await _shot(page, "top-daily-wages")
    await context.close()
