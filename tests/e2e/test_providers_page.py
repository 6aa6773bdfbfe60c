"""/seamless in a browser: reached from the footer, the seamless-wallet providers by category,
in the visitor's language; a provider opens its own game list."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from tests.e2e.conftest import open_site
from tests.helpers.browser import choose_language

pytestmark = pytest.mark.e2e


@pytest.mark.deep
async def test_providers_page_lists_providers_and_opens_one(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await page.get_by_test_id("footer-providers").click()
    await expect(page).to_have_url(f"{site_url}/seamless")
    await expect(page.get_by_role("heading", level=1)).to_have_text("Provedores de jogos")
    slots = page.get_by_test_id("providers-RNG")
    await expect(slots.get_by_role("heading", level=2)).to_have_text("Slots")
    pg = slots.get_by_test_id("provider-PG")
    await expect(pg).to_be_visible()
    # sports books with their own wallet are not on the page
    await expect(page.get_by_test_id("provider-SABA")).to_have_count(0)
    await choose_language(page, "EN")
    await expect(page.get_by_role("heading", level=1)).to_have_text("Game providers")
    await pg.click()
    await expect(page).to_have_url(re.compile(r"/gameListCenter/pg/rng$"))
    await expect(page.get_by_test_id("game-count")).not_to_contain_text("0 of 0")
