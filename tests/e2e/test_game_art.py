"""A third-party game without an image of its own shows its type's designed cover with its name
over it, written by the card (issue 35); a game with its own image keeps it; axe-core finds no
serious fault in such cards. With WALK_SHOTS=1 the list pages are photographed at 390 and
1280 px, light and dark, into GAME_ART_SHOTS."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import col, select, update

from app.core.db import session_scope, write_transaction
from app.services.seamless.port import STUDIO_VENDOR
from models import Game, GameVendor
from models.catalogue import VASSALAGE
from tests.e2e.conftest import drop_site_catalogue_cache, open_site
from tests.e2e.test_headers import COLLECT
from tests.helpers.axe import blocking_violations
from tests.helpers.browser import visitor_context

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("GAME_ART_SHOTS", "/tmp/game-art-shots"))
WIDTHS = (390, 1280)
# To an element, leaving room for the sticky header above it.
SCROLL_TO = "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 110)"


async def _shots(page: Page, name: str, at: str = "") -> None:
    """The page at each width and scheme, scrolled to the test id `at` when given."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        for width in WIDTHS:
            await page.set_viewport_size({"width": width, "height": 844 if width < 600 else 900})
            if at:
                await page.get_by_test_id(at).evaluate(SCROLL_TO)
            await page.wait_for_timeout(150)  # the layout has moved
            await page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"))
    await page.emulate_media(color_scheme="light")
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _without_image(game_type: str) -> Game:
    """The first vendor game of the type that has no image of its own (the demo catalogue
    leaves a few without) that the type's list page shows."""
    return await _listed(game_type, own_image=False)


async def _listed(game_type: str, *, own_image: bool) -> Game:
    """The first vendor game of the type, with or without an image of its own, that the
    type's list page shows."""
    async with session_scope() as session:
        return (
            await session.exec(
                select(Game)
                .where(
                    col(Game.show_icon).is_not(None)
                    if own_image
                    else col(Game.show_icon).is_(None),
                    Game.game_type == game_type,
                    Game.vassalage != STUDIO_VENDOR,
                    # listed on the type's page, not only in its vendor's own popup
                    col(Game.vassalage).not_in(
                        select(GameVendor.vassalage).where(GameVendor.is_game == VASSALAGE)
                    ),
                )
                .order_by(col(Game.id))
            )
        ).first()  # type: ignore[return-value]


async def _search(page: Page, words: str) -> None:
    count = page.get_by_test_id("game-count")
    before = await count.inner_text()
    await page.get_by_test_id("game-search").fill(words)
    await expect(count).not_to_have_text(before)


CARDS = ("[data-testid=game-card]",)


async def _set_image(game_id: int, show_icon: str | None) -> None:
    async with write_transaction() as session:
        await session.exec(update(Game).where(col(Game.id) == game_id).values(show_icon=show_icon))
    await drop_site_catalogue_cache()


@pytest.mark.deep
async def test_a_game_whose_image_fails_shows_its_types_cover(page: Page, site_url: str) -> None:
    # A slot whose image address is a 404 on the site: no broken-image icon, its type's cover,
    # and nothing the site's CSP refuses on the way.
    slot = await _listed("RNG", own_image=True)
    assert slot.id is not None
    await _set_image(slot.id, f"{site_url}/game-art/no-such-picture.png")
    await page.add_init_script(COLLECT)
    try:
        await open_site(page, site_url + "/rng")
        await _search(page, slot.game_name)
        picture = page.locator(f'[data-testid=game-card][data-game="{slot.game_code}"] img')
        await picture.scroll_into_view_if_needed()
        await expect(picture).to_have_attribute("src", re.compile(r"/game-art/slots\.svg$"))
        await expect(picture).to_have_attribute("alt", slot.game_name)  # still named
        loaded = "img => img.complete && img.naturalWidth > 0"
        await page.wait_for_function(loaded, arg=await picture.element_handle())
        assert await page.evaluate("window.__cspViolations") == []
    finally:
        await _set_image(slot.id, slot.show_icon)


@pytest.mark.deep
async def test_a_vendor_whose_wordmark_fails_has_its_name_written_on_its_cover(
    page: Page, site_url: str
) -> None:
    # A vendor listed among the hot games whose wordmark's address is a 404 on the site: no
    # broken-image icon over its cover, its name written there instead.
    await open_site(page, site_url + "/")
    hot = page.get_by_test_id("home-hot")
    tile = hot.locator("[data-testid=hot-card]", has=page.get_by_test_id("game-cover-logo"))
    code = await tile.first.get_attribute("data-game")
    # While the wordmark shows, the name it would give way to stays hidden.
    await expect(tile.first.get_by_test_id("game-cover-name")).to_be_hidden()
    async with session_scope() as session:
        vendor = (
            await session.exec(
                select(Game).where(Game.game_code == code, Game.is_game == VASSALAGE)
            )
        ).one()
    assert vendor.id is not None
    await _set_image(vendor.id, f"{site_url}/game-art/no-such-wordmark.png")
    try:
        await open_site(page, site_url + "/")
        card = hot.locator(f'[data-testid=hot-card][data-game="{code}"]')
        await card.scroll_into_view_if_needed()
        await expect(card.get_by_test_id("game-cover-logo")).to_be_hidden()
        name = card.get_by_test_id("game-cover-logo-name").get_by_test_id("game-cover-name")
        await expect(name).to_be_visible()
        await expect(name).not_to_be_empty()
    finally:
        await _set_image(vendor.id, vendor.show_icon)


@pytest.mark.deep
async def test_a_game_without_an_image_shows_its_types_cover(
    browser: Browser, site_url: str
) -> None:
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    context = await visitor_context(
        browser,
        viewport={"width": 1280, "height": 900},
        timezone_id="America/Sao_Paulo",
        bypass_csp=True,
    )
    try:
        await _walk(await context.new_page(), site_url)
    finally:
        await context.close()


async def _walk(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/")
    await _shots(page, "home", at="home-hot")
    # A vendor listed among the hot games: its wordmark whole on its type's cover.
    logo = page.get_by_test_id("home-hot").get_by_test_id("game-cover-logo").first
    await expect(logo).to_have_attribute("src", re.compile(r"/img/vendor/list/color/"))
    slot = await _without_image("RNG")
    await open_site(page, site_url + "/rng")
    # Two words of its name: the list then mixes games with and without their own image.
    await _search(page, " ".join(slot.game_name.split()[:2]))
    await _shots(page, "rng", at="game-count")
    card = page.locator(f'[data-testid=game-card][data-game="{slot.game_code}"]')
    cover = card.get_by_test_id("game-cover")
    await expect(cover.locator("img")).to_have_attribute(
        "src", re.compile(r"/game-art/slots\.svg$")
    )
    await expect(cover.locator("img")).to_have_attribute("alt", "")  # named by the card's text
    await expect(cover.get_by_test_id("game-cover-name")).to_have_text(slot.game_name)
    await expect(cover.get_by_test_id("game-cover-name")).to_have_attribute("aria-hidden", "true")
    # The games beside it that have their own image show it, named by its alt text.
    own = page.locator("[data-testid=game-card]:not(:has([data-testid=game-cover])) img").first
    await expect(own).to_have_attribute("src", re.compile(r"/img/games/"))
    await expect(own).not_to_have_attribute("alt", "")
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        assert await blocking_violations(page, CARDS) == [], scheme
    await page.emulate_media(color_scheme="light")

    # One of each other kind, found by its name without the last word (its siblings beside it).
    for game_type, path, art in (
        ("LIVE", "/live", "live"),
        ("FISH", "/fish", "fish"),
        ("PVP", "/pvp", "cards"),
    ):
        game = await _without_image(game_type)
        await open_site(page, site_url + path)
        await _search(page, " ".join(game.game_name.split()[:-1]) or game.game_name)
        card = page.locator(f'[data-testid=game-card][data-game="{game.game_code}"]')
        await expect(card.get_by_test_id("game-cover").locator("img")).to_have_attribute(
            "src", re.compile(rf"/game-art/{art}\.svg$")
        )
        await _shots(page, art, at="game-count")
    # The lottery list: its entries' names are the catalog's, its tags over the cover.
    await open_site(page, site_url + "/lott")
    await expect(
        page.locator("[data-testid=game-cover] img[src$='/game-art/lottery.svg']").first
    ).to_be_visible()
    await _shots(page, "lottery", at="game-count")
