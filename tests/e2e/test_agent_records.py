"""The agent's record pages in a real browser (issue 15): statements, dividend record, hour
salary, real-time salary and agent announcements, each with figures computed by hand from the
downline's wager facts and the closed pay periods, their CSV exports; in PT, then EN, at 360
and 1280 px, light and dark (screenshots into /tmp/agent-team-shots). And every agent-centre
page read in both languages for raw keys, stored codes and the other language's words."""

from __future__ import annotations

from datetime import timedelta
from uuid import uuid4

import pytest
from playwright.async_api import BrowserContext, expect
from sqlmodel import col, update

from app.core.db import write_transaction
from app.core.i18n import translate
from app.services.agents import payouts, periods, reports
from app.services.content import announcements
from components.member_nav import AGENT_ITEMS
from models import Announcement, Member
from models.agents import ContractKind
from models.base import utcnow
from pages.registry import all_pages
from tests.e2e.conftest import SLOW_MS, open_site
from tests.e2e.test_agent_team import _exported, _login, _ready, _shots
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.agents import brand, downline, fact, signed, tiers
from tests.helpers.browser import choose_language
from tests.helpers.money import fund
from tests.helpers.words import text_in, wrong_words

pytestmark = pytest.mark.e2e


async def _agent_with_closed_periods() -> tuple[Member, Member]:
    """An agent with three contracts (dividend by day, hour salary, real-time salary), a player
    and a sub-agent below it, and the periods of the player's bets of the last two days closed;
    the agent and the player."""
    home = await brand()
    agent = await _ready(await make_member(account_type=1))
    player = await _ready(await downline(agent, as_agent=False))
    await downline(agent)
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
    return agent, player


@pytest.mark.deep
async def test_agent_record_pages_show_the_closed_periods(
    context: BrowserContext, site_url: str
) -> None:
    home = await brand()
    agent, _ = await _agent_with_closed_periods()
    now = utcnow()
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
    statements = await _exported(page)
    assert statements[0] == list(reports.STATEMENT_COLUMNS)
    assert statements[1][2:] == ["700.00", "700.00", "100.00", "-600.00"]
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
    # The real-time salary's lines, as the table lists them: 2 % of 500, then of 200.
    lines = await _exported(page)
    assert lines[0] == list(reports.PAY_COLUMNS)
    assert [line[-1] for line in lines[1:]] == ["10.00", "4.00"]
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


# Every page the agent centre serves (pages/agents/, the console's own page aside).
AGENT_PAGES = sorted(
    p.path for p in all_pages() if p.build.__module__.startswith("pages.agents.") and not p.console
)


@pytest.mark.deep
async def test_every_agent_page_speaks_words_in_both_languages(
    context: BrowserContext, site_url: str
) -> None:
    """An agent with contracts, a team and closed pay periods opens every agent-centre page in
    Portuguese, then in English: no catalog key, no status code as stored and no text of the
    other language anywhere on the page."""
    agent, player = await _agent_with_closed_periods()
    await fund(player.id or 0, "30.00")  # a deposit for the team's transactions
    assert {href for _, href, _ in AGENT_ITEMS} <= set(AGENT_PAGES)
    page = await context.new_page()
    await _login(page, site_url + "/agentHome", agent.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(agent.username)
    found: dict[tuple[str, str], list[str]] = {}
    for language in ("pt", "en"):
        if language == "en":
            await choose_language(page, "EN")
        for path in AGENT_PAGES:
            await open_site(page, site_url + path)
            await page.wait_for_load_state("networkidle")  # the rows arrive after the load
            shown = await text_in(page, "body", language)
            # The page was read, in its language (a page left out whole would pass).
            assert translate("footer.terms", language) in shown, (language, path)
            wrong = wrong_words(shown, language)
            if wrong:
                found[(language, path)] = wrong
    assert found == {}
