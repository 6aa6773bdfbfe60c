"""The member's record screens page through their lists in a real browser: next and previous,
and a new date range starts again at the first page (the paging the screens share)."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from models.ledger import AccountKind, TransactionKind
from tests.e2e.conftest import SLOW_MS as SLOW
from tests.e2e.conftest import register_in_browser
from tests.helpers.money import grant

pytestmark = pytest.mark.e2e
BONUSES = 23  # one page of 20 and a second of 3
# How many lines an element's text takes.
LINES = """el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getClientRects().length;
}"""


async def _walk_pages(page: Page, row: str) -> None:
    rows = page.get_by_test_id(row)
    await expect(rows).to_have_count(20, timeout=SLOW)
    await expect(page.get_by_test_id("pager-status")).to_contain_text("1", timeout=SLOW)
    await expect(page.get_by_test_id("pager-prev")).to_be_disabled()
    await page.get_by_test_id("pager-next").click()
    await expect(rows).to_have_count(3, timeout=SLOW)
    await expect(page.get_by_test_id("pager-next")).to_be_disabled()
    await page.get_by_test_id("pager-prev").click()
    await expect(rows).to_have_count(20, timeout=SLOW)
    await page.get_by_test_id("pager-next").click()
    await expect(rows).to_have_count(3, timeout=SLOW)
    # Another range starts at its first page.
    await page.get_by_test_id("tab-today").click()
    await expect(rows).to_have_count(20, timeout=SLOW)
    await expect(page.get_by_test_id("pager-prev")).to_be_disabled()


async def test_account_record_and_bonus_details_page_through(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    for _ in range(BONUSES):
        await grant(member.id, TransactionKind.BONUS, "1.00", AccountKind.MEMBER_BONUS)

    await page.goto(site_url + "/bonusDetails")
    await _walk_pages(page, "bonus-row")

    await page.goto(site_url + "/transactionHistory")
    await _walk_pages(page, "record-row")

    # On a phone the period switch has a row of its own: each label holds on one line (beside
    # the type's choice, "Últimos 7 dias" broke in two).
    await page.set_viewport_size({"width": 390, "height": 844})
    for tab in ("today", "7d", "30d"):
        lines = await page.get_by_test_id(f"tab-{tab}").evaluate(LINES)
        assert lines == 1, f"{tab}: {lines} lines"
