"""The missions walk: a member plays the studio's slot, sees the daily mission's progress rise
and the mission entry's count badge appear, claims the reward (paid once), sees the
leaderboard with their own place and the winning ranking, in PT and then EN. Screenshots at
360 px and desktop, dark and light."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import Page, expect
from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.services import wallet_events
from app.services.loyalty import missions
from models import LedgerTransaction
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.e2e.test_studio import SLOT, _play_rounds
from tests.helpers.browser import choose_language
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("MISSION_SHOTS", "/tmp/mission-shots"))
MISSIONS = "/missionLeaderboard"


async def _job_ran(member_id: int) -> None:
    """What the mission-progress job does each second, run by hand (the e2e site runs no
    jobs), with its signal on the site's Redis so the member's pages refresh."""
    await missions.catch_up(utcnow())
    await wallet_events.balance_changed(member_id)  # on the site's Redis: site_wallet_signals


async def _shots(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, label in ((360, "mobile"), (1280, "desktop")):
        await page.set_viewport_size({"width": width, "height": 900})
        await page.screenshot(path=SHOTS / f"{name}-{label}.png", full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _theme(page: Page, theme: str) -> None:
    current = await page.evaluate(
        "document.documentElement.classList.contains('dark') ? 'dark' : 'light'"
    )
    if current != theme:
        await page.get_by_test_id("theme-toggle").first.click()
        await page.wait_for_function(f"document.documentElement.classList.contains('{theme}')")


async def _claims(member_id: int) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LedgerTransaction)
                .where(
                    LedgerTransaction.member_id == member_id,
                    col(LedgerTransaction.idempotency_key).startswith("mission:"),
                )
            )
        ).one()


@pytest.mark.deep
async def test_member_plays_claims_a_mission_and_sees_the_leaderboard(
    page: Page, site_url: str
) -> None:
    await missions.register()
    await missions.catch_up(utcnow())
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")

    # The daily mission "Jogue 5 rodadas nos Originais" starts at zero.
    await open_site(page, site_url + MISSIONS)
    card = page.locator("[data-testid=mission]", has_text="Jogue 5 rodadas nos Originais")
    await expect(card.get_by_test_id("mission-progress")).to_have_text("0 / 5", timeout=SLOW_MS)
    await expect(card.get_by_test_id("mission-open")).to_have_text("Não iniciada")
    await expect(card.get_by_test_id("mission-go")).to_have_attribute("href", "/inHouse")
    await expect(page.get_by_test_id("missions-countdown")).to_contain_text("h")
    await expect(page.get_by_test_id("badge-missions")).to_have_count(0)
    await _shots(page, "missions-start")

    # Two rounds of the slot: 40 %.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 2)
    await _job_ran(member.id)
    await open_site(page, site_url + MISSIONS)
    await expect(card.get_by_test_id("mission-progress")).to_have_text("2 / 5", timeout=SLOW_MS)
    await expect(card.get_by_test_id("mission-bar")).to_have_attribute("data-percent", "40")
    await expect(card.get_by_test_id("mission-open")).to_have_text("Em andamento")

    # Three more: done, the badge counts one reward; the page updates without a reload.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 3)
    await open_site(page, site_url + MISSIONS)
    await _job_ran(member.id)
    await expect(page.get_by_test_id("badge-missions")).to_have_text("1", timeout=SLOW_MS)
    await open_site(page, site_url + MISSIONS)
    await expect(card).to_have_attribute("data-status", "claimable", timeout=SLOW_MS)
    await _shots(page, "missions-claimable")

    # Claim: paid once, the badge goes, the card says so.
    await card.get_by_test_id("mission-claim").click()
    await expect(card.get_by_test_id("mission-claimed")).to_have_text("Resgatada", timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-notice")).to_contain_text("1,00")
    await expect(page.get_by_test_id("badge-missions")).to_have_count(0, timeout=SLOW_MS)
    assert await _claims(member.id) == 1

    # The weekly tab, then the race: the member's own row, masked like everyone's.
    await page.get_by_test_id("tab-WEEKLY").click()
    await expect(page.locator("[data-testid=mission]").first).to_be_visible()
    await page.get_by_test_id("tab-RACE").click()
    mine = page.locator("[data-testid=board-row][data-mine=true]")
    await expect(mine).to_have_count(1, timeout=SLOW_MS)
    assert member.username not in await page.get_by_test_id("race-board").inner_text()
    await expect(mine.get_by_test_id("board-name")).to_contain_text("***")
    place = (await page.get_by_test_id("race-my-place").inner_text()).strip("#")
    assert place.isdigit()
    await _shots(page, "missions-race")

    # The winning ranking: the biggest wins (the home page's winner board), masked.
    await page.get_by_test_id("tab-RANKING").click()
    await expect(page.get_by_test_id("ranking-win").first).to_contain_text("***")
    # On a phone its label ("Ranking de prêmios") takes two lines, inside its tab.
    await page.set_viewport_size({"width": 390, "height": 844})
    assert await page.get_by_test_id("tab-RANKING").evaluate(
        "tab => tab.scrollHeight <= tab.clientHeight"
    )
    await page.set_viewport_size({"width": 1280, "height": 900})
    await _shots(page, "missions-ranking")
    await page.get_by_test_id("tab-DAILY").click()
    await _theme(page, "dark")
    await _shots(page, "missions-dark")

    # In English, light theme.
    await choose_language(page, "EN")
    await page.get_by_test_id("tab-DAILY").click()
    english = page.locator("[data-testid=mission]", has_text="Play 5 rounds of BGS Originals")
    await expect(english.get_by_test_id("mission-claimed")).to_have_text("Claimed", timeout=SLOW_MS)
    await expect(page.get_by_test_id("tab-RACE")).to_have_text("Leaderboard")
    await _theme(page, "light")
    await _shots(page, "missions-en-light")
    assert await _claims(member.id) == 1
