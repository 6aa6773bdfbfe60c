"""Loyalty end to end (issue 17's walk): one member plays the studio slot and has a live-casino
bet settle (two categories); every loyalty consumer reads the same wager facts. The member sees
points and mission progress rise, claims the mission, redeems a points reward with the payment
password, reaches VIP1 and claims the day's rebate; then reads it all in English. The test
process runs the loyalty jobs by hand (the e2e site runs none)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.async_api import Page, expect
from sqlmodel import select

from app.core.db import session_scope
from app.services import wallet_events
from app.services.accounts import payment_password
from app.services.brands import brands
from app.services.loyalty import missions, points, rebate
from models import Merchant
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.e2e.test_studio import SLOT, _play_rounds
from tests.helpers.accounts import PASSWORD
from tests.helpers.browser import choose_language
from tests.helpers.loyalty import bet, count, deposit
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e
PAY_PASSWORD = "135790"


async def _jobs_ran(member_id: int) -> None:
    """What the loyalty jobs do every second, then the signal a claim or a job sends."""
    await points.catch_up_earning(utcnow())
    await missions.catch_up(utcnow())
    await count()
    await wallet_events.balance_changed(member_id)  # on the site's Redis: site_wallet_signals


async def test_one_member_through_points_missions_vip_and_rebate(page: Page, site_url: str) -> None:
    async with session_scope() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        before = await points.config_in(session, br1.id or 0)
    # 100 points per R$ 1 of the studio's games for this walk (R$ 5 of play buys R$ 5 cash).
    await points.configure(
        br1.id or 0,
        earn_ratios={**before.earn_ratios, "INHOUSE": "100"},
        convert_ratio=before.convert_ratio,
        min_convert=before.min_convert,
        now=utcnow(),
    )
    try:
        await _walk(page, site_url)
    finally:
        await points.configure(
            br1.id or 0,
            earn_ratios=before.earn_ratios,
            convert_ratio=before.convert_ratio,
            min_convert=before.min_convert,
            now=utcnow(),
        )


async def _walk(page: Page, site_url: str) -> None:
    await missions.register()
    await _jobs_ran(0)  # earlier tests' bets are not this walk's
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "300.00")
    await deposit(member, "300.00")
    await payment_password.set_payment_password(
        await brands.by_id(member.merchant_id),
        member,
        PASSWORD,
        PAY_PASSWORD,
        PAY_PASSWORD,
        "127.0.0.1",
    )

    # Category one: five rounds of the studio slot, in the browser.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 5)
    # Category two: a live-casino bet settles (yesterday's, so the day's rebate can close).
    await bet(member, "920.00", "LIVE")
    await bet(member, "80.00", "RNG", at=utcnow() - timedelta(days=1, hours=2))
    await _jobs_ran(member.id)

    # Points rose: 500 from the slot (this walk's ratio), 46 from the live bet (1 per R$ 20)
    # and 8 from yesterday's slot bet (1 per R$ 10). The mission is done; its badge counts it.
    await open_site(page, site_url + "/pointMall")
    await expect(page.get_by_test_id("points-balance")).to_have_text(
        "554", timeout=SLOW_MS
    )  # points are counted
    # This mission alone: Brazil has no reward for a deposit (a pre-bet bonus).
    await expect(page.get_by_test_id("badge-missions")).to_have_text("1", timeout=SLOW_MS)
    await open_site(page, site_url + "/missionLeaderboard")
    card = page.locator("[data-testid=mission]", has_text="Jogue 5 rodadas nos Originais")
    await expect(card.get_by_test_id("mission-progress")).to_have_text("5 / 5", timeout=SLOW_MS)
    await card.get_by_test_id("mission-claim").click()
    await expect(card.get_by_test_id("mission-claimed")).to_have_text("Resgatada", timeout=SLOW_MS)

    # A points reward, redeemed with the payment password.
    await open_site(page, site_url + "/pointMall")
    reward = page.locator("[data-testid=reward-card][data-code=CASH5]")
    await reward.get_by_test_id("reward-redeem").click()
    await page.get_by_test_id("points-payment-password").fill(PAY_PASSWORD)
    await page.get_by_test_id("points-confirm").click()
    await expect(page.get_by_test_id("points-balance")).to_have_text("54", timeout=SLOW_MS)

    # VIP1 reached: R$ 1.005 of valid bets (5 + 920 + 80) and R$ 300 deposited in the window.
    await open_site(page, site_url + "/vip")
    await expect(page.get_by_test_id("vip-level")).to_have_text("VIP1", timeout=SLOW_MS)

    # Yesterday's rebate closes; the member claims it.
    await rebate.close_due(utcnow())
    await open_site(page, site_url + "/myIncome")
    row = page.locator("[data-testid=income-row][data-status=CLAIMABLE]")
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await row.get_by_test_id("income-claim").click()
    await expect(page.locator("[data-testid=income-row][data-status=CLAIMABLE]")).to_have_count(
        0, timeout=SLOW_MS
    )

    # The same pages in English.
    await choose_language(page, "EN")
    await page.get_by_test_id("member-nav-vip").click()
    await expect(page.get_by_test_id("vip-next")).to_have_text("Progress to VIP2", timeout=SLOW_MS)
    await page.get_by_test_id("member-nav-missionLeaderboard").click()
    english = page.locator("[data-testid=mission]", has_text="Play 5 rounds of BGS Originals")
    await expect(english.get_by_test_id("mission-claimed")).to_have_text("Claimed", timeout=SLOW_MS)
