"""Browser walk of a Vietnamese draw: on a brand whose market has no RTP floor (Brazil's 85 %
offers no lô đề), a member opens /vnLottery for the South's draw, chooses the station, bets
đá on two stations (the second station picked on the page), sees the bet on both stations'
issues, and after both official results the win in the header balance and the settled bet.
The test moves the two issues through close and results as the results job does."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.async_api import Page, expect
from sqlmodel import col, update

from app.core import clock
from app.core.db import write_transaction
from app.services.lottery import issues, settlement
from app.services.lottery.families import VN_SOUTH_SLOTS
from app.services.lottery.games import VN_STATION_NAMES
from models.lottery import IssueStatus, LotteryIssue
from tests.e2e.conftest import SLOW_MS, register_in_browser
from tests.helpers.money import fund
from tests.helpers.site import brand_currency

pytestmark = pytest.mark.e2e

GAME = "vn-mn"
SHOTS = Path(os.environ.get("LOTTERY_SHOTS", "/tmp/lottery-shots"))


class Published:
    """The official results of the walk's two issues; nothing else is out yet."""

    def __init__(self, numbers: dict[str, list[int]]) -> None:
        self.numbers = numbers

    async def fetch(self, game_code: str, issue_no: str) -> list[int] | None:
        return self.numbers.get(issue_no) if game_code == GAME else None


def south_draw(tails: dict[int, int]) -> list[int]:
    """A South draw whose lô all end in 01 except the given positions' tails."""
    return [tails.get(i, 1) for i in range(len(VN_SOUTH_SLOTS))]


async def close(issue_ids: list[int]) -> None:
    """The two issues' betting closes (the clock job would at their close time)."""
    async with write_transaction() as session:
        await session.exec(
            update(LotteryIssue)
            .where(col(LotteryIssue.id).in_(issue_ids))
            .values(status=IssueStatus.CLOSED)
        )


@pytest.mark.deep
async def test_a_member_bets_da_on_two_stations_and_is_paid_on_both_draws(
    page: Page, site_url: str
) -> None:
    async with brand_currency("USD"):
        member = await register_in_browser(page, site_url)
        assert member.id is not None
        await fund(member.id, "500.00", "USD")
        now = clock.now()
        await issues.create_issues(now, timedelta(days=1), [GAME])
        ahead = await issues.upcoming(GAME, now, 5)
        draw = [i for i in ahead if i.draw_at == ahead[0].draw_at]
        assert len(draw) >= 3  # the South draws three or four stations a day

        await page.goto(site_url + f"/vnLottery?gameCode={GAME}")
        chips = page.get_by_test_id("station-chip")
        await expect(page.get_by_test_id("header-balance")).to_have_text("500,00")
        await expect(chips).to_have_count(len(draw))
        await expect(chips.first).to_have_attribute("aria-pressed", "true")
        await expect(chips.first).to_have_text(VN_STATION_NAMES[draw[0].station or ""])
        await expect(page.get_by_test_id("partner-chip")).to_have_count(0)
        # No South draw has a result yet: the charts say so instead of drawing empty axes.
        await expect(page.get_by_test_id("trend-empty")).to_be_visible()

        # Đá on two stations: the second station row appears, the draw's next one chosen;
        # the player bets on the second and third stations instead.
        await page.locator("[data-testid=play-tab][data-play='vns.da2']").click()
        partners = page.get_by_test_id("partner-chip")
        await expect(partners).to_have_count(len(draw) - 1)
        await expect(partners.first).to_have_attribute("aria-pressed", "true")
        await expect(page.get_by_test_id("place-chase")).to_have_count(0)  # one draw: no chase
        await chips.nth(1).click()
        await expect(chips.nth(1)).to_have_attribute("aria-pressed", "true")
        third = page.locator(f"[data-testid=partner-chip][data-issue='{draw[2].issue_no}']")
        await third.click()
        await expect(third).to_have_attribute("aria-pressed", "true")
        await page.get_by_test_id("typed-numbers").fill("12 34")
        # One pair, 2 numbers × 36 lô of the two stations: 72 units.
        await expect(page.get_by_test_id("slip-count")).to_have_text("72", timeout=SLOW_MS)
        await expect(page.get_by_test_id("slip-stake")).to_have_text("72,00")
        await page.get_by_test_id("place-bet").click()
        await expect(page.get_by_test_id("lottery-notice")).to_contain_text(
            f"{draw[1].issue_no} + {draw[2].issue_no}"
        )
        await expect(page.get_by_test_id("header-balance")).to_have_text("428,00", timeout=SLOW_MS)
        bet = page.get_by_test_id("my-bet")
        await expect(bet).to_have_count(1)
        await expect(bet).to_contain_text(f"{draw[1].issue_no} + {draw[2].issue_no}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for width in (1280, 360):
            await page.set_viewport_size({"width": width, "height": 900})
            await page.screenshot(path=str(SHOTS / f"vn-da2-{width}.png"), full_page=True)
        await page.set_viewport_size({"width": 1280, "height": 900})

        # Both stations' official results: 12 on the first, 34 on the second (1:550).
        await close([draw[1].id or 0, draw[2].id or 0])
        results = Published(
            {draw[1].issue_no: south_draw({0: 12}), draw[2].issue_no: south_draw({6: 34})}
        )
        assert await issues.collect_official(draw[0].draw_at, results) == 2
        await settlement.settle_due(draw[0].draw_at)
        await page.get_by_test_id("lottery-refresh").click()
        await expect(page.get_by_test_id("header-balance")).to_have_text("978,00", timeout=SLOW_MS)
        await page.get_by_test_id("bets-tab-settled").click()
        await expect(page.locator("[data-testid=my-bet][data-status=SETTLED]")).to_have_count(1)
        await expect(page.get_by_test_id("bet-payout")).to_contain_text("550,00")
        await expect(page.get_by_test_id("trend-chart")).to_be_visible()
