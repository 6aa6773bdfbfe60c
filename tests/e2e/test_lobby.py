"""The lobby in a real browser: home sections, navigation order, search, cards, favourites,
and the login gate on play."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from tests.e2e.conftest import SLOW_MS, fill_cpf_if_asked, open_site
from tests.helpers.accounts import PASSWORD, new_username
from tests.helpers.browser import choose_language

pytestmark = pytest.mark.e2e


@pytest.mark.deep
async def test_home_sections_and_navigation_order(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    for section in ("home-hot", "home-winners", "home-recommended", "home-pg"):
        await expect(page.get_by_test_id(section)).to_be_visible()
    await expect(page.get_by_test_id("home-recommended").get_by_test_id("game-card")).to_have_count(
        12
    )
    await expect(page.get_by_test_id("home-pg").get_by_test_id("game-card")).to_have_count(12)
    # The game categories (the invite link after them is not one).
    links = page.get_by_test_id("game-nav").locator("a:not([data-testid=nav-invite])")
    await expect(links.first).to_have_text("Início")
    await expect(links.last).to_have_text("Promoções")
    await choose_language(page, "EN")
    await expect(links.first).to_have_text("Home")
    await expect(page.get_by_test_id("home-hot")).to_contain_text("Hot games")


async def test_search_narrows_the_list_and_guest_play_asks_to_log_in(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url + "/rng")
    count = page.get_by_test_id("game-count")
    # Thousands grouped the reader's way (the catalogue holds thousands of slots).
    await expect(count).to_have_text(re.compile(r"^50 de \d{1,3}\.\d{3} jogos$"))
    before = await count.inner_text()
    # A language switch relabels the list's sub-categories without a reload.
    scratch = page.get_by_test_id("sub-sc")
    await expect(scratch).to_have_text("Raspadinha")
    await choose_language(page, "EN")
    await expect(scratch).to_have_text("Scratch", timeout=SLOW_MS)
    await expect(count).to_have_text(re.compile(r"^50 of \d{1,3},\d{3} games$"))
    await choose_language(page, "PT")
    await expect(scratch).to_have_text("Raspadinha", timeout=SLOW_MS)
    await expect(count).to_have_text(before)
    await page.get_by_test_id("game-search").fill("tiger")
    await expect(count).not_to_have_text(before)
    cards = page.get_by_test_id("game-card")
    first_name = (await cards.first.inner_text()).lower()
    assert "tiger" in first_name
    # Each card's buttons are named for their game (a screen reader lists them apart).
    name = (await cards.first.locator("p").first.inner_text()).strip()
    await expect(cards.first.get_by_role("button", name=f"Jogar {name}")).to_have_count(1)
    await expect(
        cards.first.get_by_role("button", name=re.compile("favoritos$"))
    ).to_have_attribute("aria-label", f"Adicionar {name} aos favoritos")
    await cards.first.get_by_role("button", name="Jogar").click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()


@pytest.mark.deep
async def test_favourite_toggles_and_survives_reload(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(new_username())
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await fill_cpf_if_asked(page)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    await page.goto(site_url + "/live")
    heart = page.get_by_test_id("game-card").first.locator("[data-testid^=favorite-]")
    await expect(heart).to_have_attribute("aria-pressed", "false")
    await heart.click()
    await expect(heart).to_have_attribute("aria-pressed", "true")
    await page.reload()
    heart = page.get_by_test_id("game-card").first.locator("[data-testid^=favorite-]")
    await expect(heart).to_have_attribute("aria-pressed", "true")
    # The live game opens on its provider's game client (the provider simulator).
    await page.get_by_test_id("game-card").first.get_by_role("button", name="Jogar").click()
    await page.wait_for_url(re.compile(r"/play/[A-Z0-9_]+/[a-z0-9_]+\?"))
    await expect(page.get_by_role("heading", level=1)).to_be_visible()
