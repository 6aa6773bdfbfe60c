"""The loyalty walk: a member plays the studio slot (and more bets settle), sees their VIP
progress, reaches VIP1 with its level-up bonus, finds the day's rebate in "my income" with its
base and rate, claims it once, in PT and in EN. The test process runs the loyalty jobs by
hand (the e2e site runs none). Screenshots at 360 px and desktop, dark and light."""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from app.core.i18n.formatting import NBSP
from app.services import wallet_events
from app.services.brands import Money, brands
from app.services.cashier import withdrawals
from app.services.loyalty import rebate
from models.base import utcnow
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.e2e.test_studio import SLOT, _play_rounds
from tests.helpers.browser import choose_language
from tests.helpers.loyalty import bet, count, deposit
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("VIP_SHOTS", "/tmp/vip-shots"))


async def _shots(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("dark", "light"):
        await page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        for width, label in ((360, "mobile"), (1280, "desktop")):
            await page.set_viewport_size({"width": width, "height": 900})
            await page.screenshot(path=SHOTS / f"{name}-{label}-{scheme}.png", full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.deep
async def test_member_plays_reaches_vip1_and_claims_the_rebate(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "300.00")
    await deposit(member, "300.00")  # the cashier's paid order behind that cash

    # Real play: two rounds of the studio slot.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("10,00")
    await _play_rounds(page, 2)
    await count()

    await open_site(page, site_url + "/vip")
    await expect(page.get_by_test_id("vip-level")).to_have_text("VIP0", timeout=SLOW_MS)
    await expect(page.get_by_test_id("vip-next")).to_have_text("Progresso para o VIP1")
    await expect(page.get_by_test_id("vip-bet-figures")).to_contain_text(
        f"R${NBSP}20,00 / R${NBSP}1.000,00"
    )
    await expect(page.get_by_test_id("vip-bet-bar")).to_have_attribute("data-percent", "2")
    await expect(page.get_by_test_id("vip-deposit-bar")).to_have_attribute("data-percent", "100")
    await expect(page.get_by_test_id("vip-level-row")).to_have_count(7)
    # VIP0 raises no withdrawal limit: its row states the brand's, which the cashier applies.
    br1 = await brands.by_code("BR1")
    floor = await withdrawals.brand_rules(br1)
    cells = page.get_by_test_id("vip-level-row").first.locator("td")
    await expect(cells.nth(4)).to_have_text(Money.of(br1).write(floor.max_amount, "pt"))
    await expect(cells.nth(5)).to_have_text(str(floor.daily_count))
    await expect(page.get_by_test_id("vip-rules")).to_contain_text("desce um nível")
    await _shots(page, "vip-progress")

    # More bets settle (live casino, yesterday's slots): the threshold is crossed at once.
    await bet(member, "900.00", "LIVE")
    await bet(member, "80.00", "RNG", at=utcnow() - timedelta(days=1, hours=2))
    await count()
    await wallet_events.balance_changed(member.id)
    await open_site(page, site_url + "/vip")
    await expect(page.get_by_test_id("vip-level")).to_have_text("VIP1", timeout=SLOW_MS)
    await expect(page.get_by_test_id("vip-next")).to_have_text("Progresso para o VIP2")
    current = page.locator("[data-testid=vip-level-row][data-current=true]")
    await expect(current).to_contain_text("VIP1")
    events = page.get_by_test_id("vip-event")
    await expect(events).to_have_count(2)
    await expect(page.get_by_test_id("vip-history-list")).to_contain_text(
        "Bônus por subir de nível"
    )
    await _shots(page, "vip-level1")

    # Yesterday's rebate: closed, claimable in "my income" with its base and rate.
    await rebate.close_due(utcnow())
    await page.get_by_test_id("vip-income-link").click()
    await page.wait_for_url("**/myIncome")
    row = page.locator("[data-testid=income-row][data-status=CLAIMABLE]")
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await expect(row.get_by_test_id("income-base")).to_contain_text(f"R${NBSP}80,00")
    await expect(row.get_by_test_id("income-base")).to_contain_text("1,25%")  # 1,2 + 0,05
    await expect(row.get_by_test_id("income-amount")).to_have_text(f"R${NBSP}1,00")
    await expect(page.locator("[data-testid=income-rate][data-category=PVP]")).to_contain_text("-")
    # Today's live casino bets accrue (900,00 at 0,8 + 0,05 %), claimable from the day's end.
    await expect(page.get_by_test_id("income-accruing")).to_have_text(f"R${NBSP}7,65")
    await expect(page.get_by_test_id("income-accrual-ends")).to_have_text(
        re.compile(r"^Você pode resgatar a partir de .*\d{2}:\d{2}")
    )
    await _shots(page, "income-claimable")
    await row.get_by_test_id("income-claim").click()
    await expect(page.get_by_test_id("income-notice")).to_contain_text(
        f"R${NBSP}1,00", timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("income-paid")).to_have_text(f"R${NBSP}1,00")
    await expect(page.locator("[data-testid=income-row][data-status=CLAIMABLE]")).to_have_count(0)
    await expect(page.get_by_test_id("income-claim-all")).to_be_disabled()

    # English: the same pages in the other language (amounts follow the switch at once).
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("income-paid")).to_have_text(f"R${NBSP}1.00", timeout=SLOW_MS)
    await page.get_by_test_id("member-nav-myIncome").click()  # loaded again, in English
    await expect(page.locator("[data-testid=income-row][data-status=PAID]")).to_contain_text(
        "Paid", timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("income-base").last).to_contain_text("1.25%")
    await _shots(page, "income-paid-en")
    await page.get_by_test_id("member-nav-vip").click()
    await expect(page.get_by_test_id("vip-next")).to_have_text("Progress to VIP2", timeout=SLOW_MS)
    await expect(page.get_by_test_id("vip-rules")).to_contain_text("down one level")
    await expect(page.get_by_test_id("vip-history-list")).to_contain_text("Level-up bonus")
    await expect(page.get_by_test_id("vip-bet-figures")).to_contain_text(
        f"R${NBSP}1,000.00 / R${NBSP}5,000.00"
    )
    await _shots(page, "vip-en")
