"""The site-wide game search (issue 35) on a phone (390 × 844), in Portuguese: the header's
magnifier, reached by the keyboard, opens the panel with the focus in its box; part of a demo
game's name shows its card, in a panel axe-core finds nothing serious in; Escape closes it
with the focus back on the magnifier; a guest's tap on a found card's Jogar asks to log in,
as in the lists; logged in, the member's fuller header still holds the magnifier. With
WALK_SHOTS=1 the header and the open panel are photographed at 390 and 1280 px (the rules:
tests/catalogue/test_game_search.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect

from tests.e2e.conftest import open_site
from tests.helpers.accounts import make_member
from tests.helpers.axe import blocking_violations
from tests.helpers.browser import member_log_in, visitor_context

pytestmark = [pytest.mark.e2e, pytest.mark.deep]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SHOTS = Path(os.environ.get("SITE_SHOTS", "/tmp/site-shots"))


async def test_a_phone_player_finds_a_game_from_the_header(browser: Browser, site_url: str) -> None:
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    context = await visitor_context(
        browser, viewport=PHONE, timezone_id="America/Sao_Paulo", bypass_csp=True
    )
    try:
        page = await context.new_page()
        await open_site(page, site_url)
        magnifier = page.get_by_role("button", name="Buscar jogos")
        await expect(magnifier).to_be_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / "game-search-header-390.png"))
        await magnifier.focus()
        await page.keyboard.press("Enter")
        panel = page.get_by_test_id("dialog-game-search")
        box = panel.get_by_role("searchbox", name="Nome do jogo")
        await expect(box).to_be_focused()
        status = panel.get_by_test_id("game-search-status")
        await expect(status).to_contain_text("Digite parte do nome")
        await box.press_sequentially("dado", delay=60)  # typed: one search after a pause
        dice = panel.locator("[data-testid=game-card][data-game=BGS_DICE]")
        await expect(dice).to_contain_text("Dados")
        assert await blocking_violations(page, ("[data-testid=dialog-game-search]",)) == []
        await page.screenshot(path=str(SHOTS / "game-search-390.png"))
        await page.set_viewport_size(DESKTOP)
        await page.screenshot(path=str(SHOTS / "game-search-1280.png"))
        await page.set_viewport_size(PHONE)
        await box.fill("zzqx")
        await expect(status).to_have_text(
            "Nenhum jogo encontrado para “zzqx”. Tente outra parte do nome."
        )
        await box.fill("dado")
        await expect(dice).to_be_visible()
        await page.keyboard.press("Escape")
        await expect(panel).to_be_hidden()
        await expect(magnifier).to_be_focused()
        # Opened again, it starts afresh; a guest's Jogar asks to log in, as a list's does.
        await magnifier.click()
        await expect(status).to_contain_text("Digite parte do nome")
        await box.fill("dados")
        await dice.get_by_role("button", name="Jogar Dados").click()
        await expect(page.get_by_test_id("dialog-login")).to_be_visible()
        await member_log_in(page, await make_member())
        await page.get_by_test_id("first-steps-later").click()  # a new member's first login
        await page.keyboard.press("Escape")
        await expect(panel).to_be_hidden()
        # The member's fuller header holds the magnifier and the menu, the logo unsqueezed.
        for part in (magnifier, page.get_by_test_id("mobile-menu-button")):
            box_of = await part.bounding_box()
            assert box_of is not None and box_of["x"] + box_of["width"] <= PHONE["width"]
        logo = await page.get_by_test_id("brand-link").locator("img").bounding_box()
        assert logo is not None and logo["width"] == 36
        await page.screenshot(path=str(SHOTS / "game-search-member-390.png"))
    finally:
        await context.close()
