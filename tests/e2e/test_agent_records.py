"""The agent's record pages in a real browser (issue 15): statements, dividend record, hour
salary, real-time salary and agent announcements, each with figures computed by hand from the
downline's wager facts and the closed pay periods; in PT, then EN, at 360 and 1280 px, light
and dark (screenshots into /tmp/agent-team-shots)."""

from __future__ import annotations

from datetime import timedelta
from uuid import uuid4

import pytest
from playwright.async_api import BrowserContext, expect
from sqlmodel import col, update

from app.core.db import write_transaction
from app.services.agents import payouts, periods
from app.services.content import announcements
from models import Announcement, Member
from models.agents import ContractKind
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site
from tests.e2e.test_agent_team import _login, _ready, _shots
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.agents import brand, downline, fact, signed, tiers
from tests.helpers.browser import choose_language

pytestmark = pytest.mark.e2e


@pytest.mark.deep
async def test_agent_record_pages_show_the_closed_periods(
    context: BrowserContext, site_url: str
) -> None:
    home = await brand()
    agent = await _ready(await make_member(account_type=1))
    player = await _ready(await downline(agent, as_agent=False))
    now = utcnow()
    signed_at = now - timedelta(days=3)
    await signed(None, agent, "DIVIDEND", tiers((1, "0", None, "0.1")), signed_at, period="D")
    await signed(None, agent, "HOURLY_SALARY", tiers((1, "0", None, "0.01")), signed_at)
    await signed(
        None,
        agent,
        "REALTIME_SALARY",
        {"profitRate": "0.02", "lossRate": "0.02", "minSingleBet": "0"},
        signed_at,
        period="5",
    )
    # Two days ago the player bet 200 and lost it; yesterday bet 500 and won 100.
    for days_ago, bet, win in ((2, "200.00", "0.00"), (1, "500.00", "100.00")):
        played = now - timedelta(days=days_ago)
        await fact(player, bet, win, played)
        for kind, code in (
            (ContractKind.DIVIDEND, "D"),
            (ContractKind.HOURLY_SALARY, "h"),
            (ContractKind.REALTIME_SALARY, "5"),
        ):
            start, end = periods.bounds(code, played, home.timezone)
            await payouts.close(home, kind, start, end + timedelta(minutes=5))
    title = f"Agentes {uuid4().hex[:6]}"
    notice_id = await announcements.publish(
        home.id,
        announcements.AnnouncementSpec(
            "PL", "A", title, "<p>Novas <b>comissões</b></p>", now - timedelta(hours=1),
            now + timedelta(days=1),
        ),
    )  # fmt: skip
    agents_only = await announcements.publish(
        home.id,
        announcements.AnnouncementSpec(
            "PL", "G", title.replace("Agentes", "Equipe"), "<p>Só para agentes</p>",
            now - timedelta(hours=1), now + timedelta(days=1),
        ),
    )  # fmt: skip
    try:
        await _walk(context, site_url, agent, title)
    finally:  # a player notice pops up for every member: gone for the tests after this one
        async with write_transaction() as session:
            await session.exec(
                update(Announcement)
                .where(col(Announcement.id).in_((notice_id, agents_only)))
                .values(ends_at=now)
            )


async def _walk(context: BrowserContext, site_url: str, agent: Member, title: str) -> None:
    page = await context.new_page()
    await _login(page, site_url + "/agentHome", agent.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(agent.username)
    # The notice pops up at the login (once a session): read, then closed.
    await expect(page.get_by_test_id("announcement-content")).to_contain_text(
        "comissões", timeout=SLOW_MS
    )
    await page.get_by_test_id("announcement-close").click()
    await expect(page.get_by_test_id("dialog-announcement-cover")).to_have_count(0)

    # Statements: the team's bet and win over the last 7 days, one row for the one player.
    await open_site(page, site_url + "/palStatementsAgentCopy")
    await expect(page.get_by_test_id("total-bet")).to_contain_text("700,00")
    await expect(page.get_by_test_id("total-win")).to_contain_text("100,00")
    await expect(page.get_by_test_id("statement-table-row")).to_have_count(1)
    await _shots(page, "statements-pt")

    # Dividend: 10 % of each day's loss (200, 400). Hour salary: 1 % of each hour's bets
    # (200, 500). Real time: 2 % of them. One line per closed period, a bar per day.
    for path, total in (
        ("/agentDividendRecord", "60,00"),
        ("/agentHourSalary", "7,00"),
        ("/agentRealtimeSalary", "14,00"),
    ):
        await open_site(page, site_url + path)
        await expect(page.get_by_test_id("total-amount")).to_contain_text(total)
        await expect(page.get_by_test_id("pay-table-row")).to_have_count(2)
        await expect(page.get_by_test_id("pay-chart")).to_be_visible()
    await _shots(page, "realtime-salary-pt")

    await open_site(page, site_url + "/agentAnnouncement")
    notice = page.get_by_test_id("agent-announcement").filter(has_text=title)
    await expect(notice).to_contain_text("Novas comissões")
    # The notice for agents only is listed here (and popped up nowhere).
    for_agents = page.get_by_test_id("agent-announcement").filter(has_text="Equipe")
    await expect(for_agents).to_contain_text("Só para agentes")
    await _shots(page, "announcements-pt")

    # In English the same figures, in the English locale.
    await choose_language(page, "EN")
    await page.get_by_test_id("agent-nav-agentDividendRecord").click()
    await expect(page.get_by_role("heading", name="Dividend record")).to_be_visible()
    await expect(page.get_by_test_id("total-amount")).to_contain_text("60.00")
    await expect(page.get_by_test_id("pay-table-row").first).to_contain_text("10%")
    await _shots(page, "dividend-en")
