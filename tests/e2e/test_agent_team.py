"""The agent's team pages in a real browser: the agent opens the team overview and the
revenue report (charts over the downline's wager facts), transfers to a downline from the
downline list with the payment password; the downline transfers part back on
/transferUpline and sees both movements, then its invitation link and QR code; the revenue
report and the team transactions downloaded as CSV; in PT and EN, at 360 and 1280 px, light
and dark."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import BrowserContext, Page, expect

from app.core.db import write_transaction
from app.core.i18n.formatting import NBSP
from app.core.security import hash_password
from app.services.agents import reports
from models import Member
from models.base import utcnow
from tests.e2e.conftest import open_site
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.agents import PASSWORD as DOWNLINE_PASSWORD
from tests.helpers.agents import brand, downline, fact
from tests.helpers.browser import choose_language, switch_theme, visitor_context
from tests.helpers.money import fund
from tests.helpers.site import brand_jurisdiction

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/agent-team-shots")
PAY = "pay 4242 secret"


async def _ready(member: Member) -> Member:
    """A payment password set, and no forced password change at the first login."""
    async with write_transaction() as session:
        found = await session.get(Member, member.id)
        assert found is not None
        found.payment_password_hash = await hash_password(PAY)
        found.must_change_password = False
        session.add(found)
        return found


async def _login(page: Page, url: str, username: str, password: str) -> None:
    """On /agentHome through its login button; on /login the dialog opens by itself."""
    await open_site(page, url)
    form = page.get_by_test_id("login-form")
    if url.endswith("/agentHome"):
        await page.get_by_test_id("agent-login").click()
    await expect(form).to_be_visible()
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(password)
    await page.get_by_test_id("login-submit").click()


async def _exported(page: Page) -> list[list[str]]:
    """The rows of the CSV the page's export button downloads."""
    async with page.expect_download() as download:
        await page.get_by_test_id("report-csv").click()
    saved = await (await download.value).path()
    return list(csv.reader(io.StringIO(saved.read_text(encoding="utf-8"))))


async def _shots(page: Page, name: str) -> None:
    """360 and 1280 px, light and dark; the page never scrolls sideways."""
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((360, 740), (1280, 900)):
        await page.set_viewport_size({"width": width, "height": height})
        assert await page.evaluate("document.documentElement.scrollWidth") <= width
        for theme in ("light", "dark"):
            await switch_theme(page, theme)  # at 360 px, from the menu
            await page.screenshot(path=str(SHOTS / f"{name}-{width}-{theme}.png"), full_page=True)


@pytest.mark.deep
async def test_agent_team_walk(context: BrowserContext, site_url: str) -> None:
    agent = await _ready(await make_member(account_type=1))
    player = await _ready(await downline(agent, as_agent=False))
    await fund(agent.id or 0, "100.00")
    now = utcnow()
    await fact(player, "80.00", "20.00", now - timedelta(days=2))
    await fact(player, "50.00", "65.00", now - timedelta(days=1))
    await fact(player, "30.00", "0.00", now - timedelta(minutes=5))

    page = await context.new_page()
    await _login(page, site_url + "/agentHome", agent.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(agent.username)
    # A top agent has no upline: no "transfer to upline" in its menu.
    await expect(page.get_by_test_id("agent-nav-agentTeamOverview")).to_be_visible()
    await expect(page.get_by_test_id("agent-nav-transferUpline")).to_have_count(0)

    # Team overview (PT by default): figures and the last days' chart.
    await page.get_by_test_id("agent-nav-agentTeamOverview").click()
    await expect(page.get_by_test_id("overview-team_size")).to_have_text("1")
    # money in the brand's currency, the reader's way (issue 35): never a bare figure
    await expect(page.get_by_test_id("overview-team_turnover")).to_have_text(f"R${NBSP}30,00")
    await expect(page.get_by_test_id("overview-chart")).to_be_visible()
    await expect(page.get_by_role("heading", name="Visão da equipe")).to_be_visible()
    await _shots(page, "overview-pt")

    # Revenue report: the days with bets, the team's loss (bet - win) per day.
    await page.get_by_test_id("agent-nav-agentRevenueReport").click()
    await expect(page.get_by_test_id("revenue-chart")).to_be_visible()
    await expect(page.get_by_test_id("total-turnover")).to_have_text(f"R${NBSP}160,00")
    await expect(page.get_by_test_id("total-revenue")).to_have_text(f"R${NBSP}75,00")
    days = await _exported(page)  # the week's days, newest first: today's 30 on top
    assert days[0] == list(reports.REVENUE_COLUMNS) and len(days) == 1 + 7
    assert days[1][1:3] == ["30.00", "30.00"]
    await _shots(page, "revenue-pt")

    # Brazil's profile (BR1): no transfers between members, one line says why.
    await page.get_by_test_id("agent-nav-downlineManagmentView").click()
    await expect(page.get_by_test_id("transfers-off")).to_be_visible()
    await expect(page.get_by_test_id("downline-transfer")).to_have_count(0)
    # Under no market's profile the transfers are on (held for review when sent back).
    async with brand_jurisdiction(""):
        await page.reload()
        await _transfer_walk(context, page, site_url, player)


async def _transfer_walk(
    context: BrowserContext, page: Page, site_url: str, player: Member
) -> None:
    """A transfer to the downline from the downline list, with the payment password; the
    downline sends part back (a round trip: held for review) and the agent's reports."""
    await page.get_by_test_id("downline-transfer").click()
    popup = page.get_by_test_id("transfer-popup")
    await expect(popup).to_be_visible()
    await page.get_by_test_id("down-transfer-amount").fill("500")
    await page.get_by_test_id("down-transfer-password").fill(PAY)
    await page.get_by_test_id("down-transfer-send").click()
    await expect(popup.get_by_test_id("form-error")).to_have_text("Saldo insuficiente.")
    await page.get_by_test_id("down-transfer-amount").fill("25")
    await page.get_by_test_id("down-transfer-password").fill(PAY)
    await page.get_by_test_id("down-transfer-send").click()
    notice = page.get_by_test_id("transfer-notice").get_by_test_id("form-notice")
    await expect(notice).to_contain_text(f"R${NBSP}25,00")  # the reader's way, as money
    await expect(popup).to_have_count(0)
    await expect(page.get_by_test_id("header-balance")).to_contain_text("75,00")
    await _shots(page, "downlines-pt")

    # The downline, in EN, sends part back to its upline and sees both movements.
    other = await visitor_context(context.browser)  # type: ignore[arg-type]
    member_page = await other.new_page()
    await _login(member_page, site_url + "/login", player.username, DOWNLINE_PASSWORD)
    await expect(member_page.get_by_test_id("header-balance")).to_contain_text("25")
    await open_site(member_page, site_url + "/transferUpline")
    await choose_language(member_page, "EN")
    await expect(member_page.get_by_role("heading", name="Transfer to upline")).to_be_visible()
    await expect(member_page.get_by_test_id("upline-name")).to_contain_text("*")
    await member_page.get_by_test_id("up-transfer-amount").fill("10")
    await member_page.get_by_test_id("up-transfer-password").fill("wrong password")
    await member_page.get_by_test_id("up-transfer-send").click()
    await expect(member_page.get_by_test_id("form-error")).to_contain_text("Wrong payment password")
    await member_page.get_by_test_id("up-transfer-amount").fill("10")
    await member_page.get_by_test_id("up-transfer-password").fill(PAY)
    await member_page.get_by_test_id("up-transfer-send").click()
    await expect(member_page.get_by_test_id("form-notice")).to_contain_text(f"R${NBSP}10.00")
    await expect(member_page.get_by_test_id("transfer-table-row")).to_have_count(2)
    await expect(member_page.get_by_test_id("upline-balance")).to_contain_text(f"R${NBSP}15.00")
    await _shots(member_page, "upline-en")
    # Invite friends: the member's own link and its QR code.
    await open_site(member_page, site_url + "/referral")
    await expect(member_page.get_by_test_id("referral-link")).to_have_value(
        # The brand's domain on the scheme and port the site is published on (PUBLIC_BASE_URL).
        f"http://{(await brand()).main_domain}:{urlsplit(site_url).port}/register"
        f"?referralCode={player.username}"
    )
    await expect(member_page.get_by_test_id("referral-qr")).to_be_visible()
    await _shots(member_page, "referral-en")
    await other.close()

    # The agent, in EN: the team transactions show both transfers on the member's side.
    await choose_language(page, "EN")
    await page.get_by_test_id("agent-nav-agentDownlineTransactionDetailsCopy").click()
    await expect(page.get_by_role("heading", name="Team transactions")).to_be_visible()
    await page.get_by_test_id("transaction-kind").select_option("TRANSFER")
    await expect(page.get_by_test_id("transaction-table-row")).to_have_count(2)
    await expect(page.get_by_test_id("total-in")).to_have_text(f"R${NBSP}25.00")
    await expect(page.get_by_test_id("total-out")).to_have_text(f"R${NBSP}10.00")
    moves = await _exported(page)  # the filter's two transfers, as stored
    assert moves[0] == list(reports.TRANSACTION_COLUMNS)
    assert sorted(row[2:4] for row in moves[1:]) == [["TRANSFER", "-10.00"], ["TRANSFER", "25.00"]]
    await _shots(page, "transactions-en")
    # The team's betting record: the downline's three settled bets of the week.
    await page.get_by_test_id("view-bets").click()
    await expect(page.get_by_test_id("bet-table-row")).to_have_count(3)
    await expect(page.get_by_test_id("total-bet")).to_contain_text("160.00")
    await expect(page.get_by_test_id("total-win")).to_contain_text("85.00")
    await page.get_by_test_id("agent-nav-agentTeamOverview").click()
    await expect(page.get_by_role("heading", name="Team overview")).to_be_visible()
    await _shots(page, "overview-en")
