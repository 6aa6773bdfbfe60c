"""The home page and the member's game pages in a real browser: every home section in both
languages, the carousel, no layout shift, the 360 px layout; the vendor
popup list, 'Game maintenance' with suggestions, favourites with paging and recent games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services.brands import brands
from app.services.catalogue import members
from models import FavoriteGame, Game, Member
from models.catalogue import GAME
from tests.e2e.conftest import open_site
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.browser import (
    browser_cookie,
    choose_language,
    visitor_context,
    wait_for_rotation,
)

pytestmark = pytest.mark.e2e

SECTIONS = (
    "home-banner",
    "home-notice",
    "home-winners",
    "home-hot",
    "home-recommended",
    "home-pg",
)
LOADED_MS = 20_000  # a busy shared machine: the sections may take a while after the frame
SHOTS = Path(__file__).resolve().parents[2] / "data" / "screenshots"

# Sum of the layout shifts without recent input (the browser's CLS), from the first paint.
CLS_OBSERVER = """
window.__cls = 0;
window.__shifts = [];
const named = (node) => node && (node.dataset?.testid || node.id || node.tagName);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__cls += entry.value;
    window.__shifts.push([entry.value.toFixed(4), ...entry.sources.map((s) => named(s.node))]);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


async def _loaded(page: Page) -> None:
    """Wait until every home section has its server content."""
    recommended = page.get_by_test_id("home-recommended").get_by_test_id("game-card")
    await expect(recommended).to_have_count(12, timeout=LOADED_MS)
    pg = page.get_by_test_id("home-pg").get_by_test_id("game-card")
    await expect(pg).to_have_count(12, timeout=LOADED_MS)
    hot = page.get_by_test_id("home-hot").get_by_test_id("hot-card").first
    await expect(hot).to_be_visible(timeout=LOADED_MS)
    await expect(page.get_by_test_id("banner-dot")).to_have_count(3, timeout=LOADED_MS)


async def _log_in(page: Page, site_url: str, username: str) -> None:
    await open_site(page, site_url + "/login")
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=LOADED_MS)


async def test_home_shows_every_section_in_both_languages(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await _loaded(page)
    for section in SECTIONS:
        await expect(page.get_by_test_id(section)).to_be_visible()
    await expect(page.get_by_test_id("home-winners").locator("li").first).to_be_visible()
    await expect(page.get_by_test_id("home-notice")).to_contain_text("Bem-vindo à Sorte Grande")
    await expect(page.get_by_test_id("home-hot")).to_contain_text("Jogos em alta")
    await expect(page.get_by_test_id("home-winners")).to_contain_text("Últimos ganhadores")
    # A winner's amount is money, written as every other amount: the symbol, then 1.234,56.
    winner_amount = page.get_by_test_id("winner-amount").first
    await expect(winner_amount).to_have_text(re.compile(r"^R\$\s\d{1,3}(\.\d{3})*,\d{2}$"))
    next_button = page.get_by_test_id("banner-next")
    await expect(next_button).to_have_attribute("aria-label", "Próximo banner")
    # What a screen reader calls the carousel is said in the reader's language.
    banner = page.get_by_test_id("home-banner")
    await expect(banner).to_have_attribute("aria-roledescription", "carrossel")
    # No English-labelled empty toast region (Reflex's default toaster: no page uses it).
    await expect(page.locator("[aria-label^='Notifications']")).to_have_count(0)
    await expect(page.get_by_test_id("home-agent-entry")).to_have_count(0)
    # The carousel is the brand's promotions, lettered in the reader's language.
    await expect(page.get_by_test_id("banner-title").first).to_have_text(
        "Mostre o seu grande prêmio"
    )
    await expect(page.get_by_test_id("banner-reward").first).to_have_text(
        "R$ 20,00 de bônus com rollover de 5x"  # NBSP in the page: Playwright reads it as a space
    )

    await choose_language(page, "EN")
    await expect(page.get_by_test_id("home-hot")).to_contain_text("Hot games")
    await expect(page.get_by_test_id("home-winners")).to_contain_text("Latest winners")
    await expect(winner_amount).to_have_text(re.compile(r"^R\$\s\d{1,3}(,\d{3})*\.\d{2}$"))
    await expect(page.get_by_test_id("home-recommended")).to_contain_text("Recommended")
    await expect(page.get_by_test_id("banner-next")).to_have_attribute("aria-label", "Next banner")
    await expect(banner).to_have_attribute("aria-roledescription", "carousel")
    await expect(page.get_by_test_id("banner-title").first).to_have_text("Show us your big win")
    await page.reload()
    await _loaded(page)
    await expect(page.get_by_test_id("home-notice")).to_contain_text("Welcome to Sorte Grande")
    # A promotion's banner opens that promotion.
    await page.get_by_test_id("banner-title").first.click()
    await expect(page).to_have_url(re.compile(r"/promotions\?id=\d+$"))
    await expect(page.get_by_test_id("promo-detail")).to_contain_text("Show us your big win")


# A finger's swipe across the banner, from `start` to `end` px of its width (Playwright's
# touchscreen only taps).
SWIPE = """([banner, start, end]) => {
  const box = banner.getBoundingClientRect();
  const y = box.top + box.height / 2;
  const at = (x) => new Touch({ identifier: 1, target: banner, clientX: box.left + x, clientY: y });
  banner.dispatchEvent(new TouchEvent("touchstart", { touches: [at(start)], bubbles: true }));
  banner.dispatchEvent(new TouchEvent("touchend", { changedTouches: [at(end)], bubbles: true }));
}"""


@pytest.mark.deep
async def test_a_phone_banner_shows_its_whole_title_and_turns_by_a_swipe(
    browser: Browser, site_url: str
) -> None:
    """At 360 px the banner's arrows sit in its bottom corner, clear of the words, so the
    promotion's title is read whole (it was cut at "Mostre o seu grande..." between the
    arrows); a swipe turns the banner as the arrows do."""
    context = await visitor_context(browser, viewport={"width": 360, "height": 740}, has_touch=True)
    try:
        page = await context.new_page()
        await open_site(page, site_url)
        await _loaded(page)
        banner = page.get_by_test_id("home-banner")
        title = page.get_by_test_id("banner-title").first
        await expect(title).to_have_text("Mostre o seu grande prêmio")
        assert await title.evaluate(
            "t => t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight"
        )
        words = await title.bounding_box()
        for arrow in ("banner-prev", "banner-next"):
            box = await page.get_by_test_id(arrow).bounding_box()
            assert words and box and box["y"] >= words["y"] + words["height"], arrow
        # A focused dot holds the autoplay, so only the swipes turn it.
        await page.get_by_test_id("banner-dot").first.focus()
        await expect(banner).to_have_attribute("data-index", "0")
        handle = await banner.element_handle()
        await page.evaluate(SWIPE, [handle, 250, 60])  # to the left: the next banner
        await expect(banner).to_have_attribute("data-index", "1")
        await page.evaluate(SWIPE, [handle, 60, 250])  # to the right: back
        await expect(banner).to_have_attribute("data-index", "0")
        await page.evaluate(SWIPE, [handle, 100, 120])  # too short to be a swipe
        await expect(banner).to_have_attribute("data-index", "0")
    finally:
        await context.close()


@pytest.mark.deep
@pytest.mark.motion
async def test_carousel_advances_by_button_and_by_itself(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await _loaded(page)
    carousel = page.get_by_test_id("home-banner")
    await page.mouse.move(0, 0)  # not hovering: hovering pauses it
    await expect(carousel).to_have_attribute("data-index", "0")
    # Autoplay: the next slide after the 5 s delay (no button touched).
    await expect(carousel).to_have_attribute("data-index", "1", timeout=9000)
    await carousel.get_by_test_id("banner-next").focus()
    await page.keyboard.press("Enter")
    await expect(carousel).to_have_attribute("data-index", "2")
    await page.get_by_test_id("banner-prev").click()
    await expect(carousel).to_have_attribute("data-index", "1")
    await page.get_by_test_id("banner-dot").first.click()
    await expect(carousel).to_have_attribute("data-index", "0")
    await expect(page.get_by_test_id("banner-dot").first).to_have_attribute("aria-current", "true")


@pytest.mark.motion
@pytest.mark.deep
async def test_home_does_not_shift_or_fail_hydration_while_sections_load(
    context: BrowserContext, site_url: str
) -> None:
    await context.add_init_script(CLS_OBSERVER)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await open_site(page, site_url)
    await _loaded(page)
    await page.wait_for_timeout(1500)  # let late images settle before reading the sum
    cls = await page.evaluate("window.__cls")
    assert cls <= 0.1, (cls, await page.evaluate("window.__shifts"))
    # No hydration mismatch (React error 418): React would render the whole page again.
    assert errors == [], errors


@pytest.mark.deep
async def test_home_at_360_px_and_desktop_in_both_themes(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((360, 740), (1280, 900)):
        await page.set_viewport_size({"width": width, "height": height})
        await open_site(page, site_url)
        await _loaded(page)
        assert await page.evaluate("document.documentElement.scrollWidth") <= width
        # The winners' "demo figures" badge holds on one line beside its heading.
        badge = await page.get_by_test_id("winners-demo").bounding_box()
        assert badge and badge["height"] < 24
        for theme in ("light", "dark"):
            current = await page.evaluate(
                "document.documentElement.classList.contains('dark') ? 'dark' : 'light'"
            )
            if current != theme:
                await page.get_by_test_id("theme-toggle").click()
                await page.wait_for_function(
                    f"document.documentElement.classList.contains('{theme}')"
                )
            await page.screenshot(path=str(SHOTS / f"home-{width}-{theme}.png"), full_page=True)
    await page.set_viewport_size({"width": 360, "height": 740})
    await open_site(page, site_url + "/rng")
    await expect(page.get_by_test_id("game-card").first).to_be_visible()
    assert await page.evaluate("document.documentElement.scrollWidth") <= 360
    await page.screenshot(path=str(SHOTS / "lobby-360.png"), full_page=True)


@pytest.mark.deep
async def test_vendor_popup_lists_the_vendors_games(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/rng")
    await page.get_by_test_id("vendor-SPB").click()
    dialog = page.get_by_test_id("dialog-vendor-games")
    await expect(dialog).to_contain_text("Jogos Spribe")
    async with session_scope() as session:
        offered = (
            await session.exec(
                select(Game.game_name, Game.sub_category).where(
                    Game.vassalage == "SPB", Game.is_game == GAME
                )
            )
        ).all()
    names = {name for name, sub_category in offered if sub_category != "BG"}  # BR1: no bingo
    await expect(dialog.get_by_test_id("game-card")).to_have_count(min(40, len(names)))
    shown = await dialog.get_by_test_id("game-card").all_inner_texts()
    assert {text.splitlines()[-1] for text in shown} <= names


@pytest.mark.deep
async def test_agent_sees_the_agent_entry(page: Page, site_url: str) -> None:
    agent = await make_member(account_type=2)
    await _log_in(page, site_url, agent.username)
    await page.goto(site_url)
    entry = page.get_by_test_id("home-agent-entry")
    await expect(entry).to_be_visible()
    await entry.click()
    await expect(page).to_have_url(site_url + "/agentHome")
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(agent.username)


@pytest.mark.deep
async def test_game_maintenance_suggests_popular_games(page: Page, site_url: str) -> None:
    member = await make_member()
    await _log_in(page, site_url, member.username)
    await page.goto(site_url + "/sports?vassalage=CMD")  # the demo vendor in maintenance
    await page.get_by_test_id("game-card").first.get_by_role("button", name="Jogar").click()
    dialog = page.get_by_test_id("dialog-game-maintenance")
    await expect(dialog).to_contain_text("Jogo em manutenção")
    await expect(dialog.get_by_test_id("suggested-game")).to_have_count(6)
    # Picking a suggestion closes the popup and plays that game instead.
    await dialog.get_by_test_id("suggested-game").first.click()
    await expect(dialog).to_have_count(0)
    # The suggestion opens on its provider's game client (the provider simulator).
    await page.wait_for_url(re.compile(r"/play/[A-Z0-9_]+/[a-z0-9_]+\?"))
    await expect(page.get_by_role("heading", level=1)).to_be_visible()


async def _member_id(username: str) -> int:
    async with session_scope() as session:
        member = (await session.exec(select(Member).where(Member.username == username))).one()
    assert member.id is not None
    return member.id


@pytest.mark.deep
async def test_favorites_page_pages_by_13_and_drops_a_removed_game(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url + "/favorites")
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()  # guests log in first
    member = await make_member()
    async with session_scope() as session:
        picked = (
            await session.exec(
                select(Game)
                .where(Game.is_game == GAME, Game.game_type == "RNG")
                .order_by(col(Game.id))
                .limit(14)
            )
        ).all()
    async with write_transaction() as session:
        session.add_all(FavoriteGame(member_id=member.id, game_id=g.id) for g in picked)
    await _log_in(page, site_url, member.username)
    await page.goto(site_url + "/favorites")
    favorites = page.get_by_test_id("favorite-games").get_by_test_id("game-card")
    await expect(favorites).to_have_count(13)
    await expect(page.get_by_test_id("favorites-page")).to_have_text("Página 1 de 2")
    await page.get_by_test_id("favorites-next").click()
    await expect(page.get_by_test_id("favorites-page")).to_have_text("Página 2 de 2")
    await expect(favorites).to_have_count(1)
    await favorites.first.locator("[data-testid^=favorite-]").click()
    await expect(favorites).to_have_count(0)
    brand = await brands.by_code("BR1")
    assert len(await members.favorite_ids(brand, await _member_id(member.username))) == 13


@pytest.mark.deep
async def test_recent_games_page_after_playing(page: Page, site_url: str) -> None:
    member = await make_member()
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game).where(Game.is_game == GAME, Game.vassalage == "PG").limit(1)
            )
        ).one()
    # The launch (the studio issue) records plays; here the record stands for a played game.
    await members.record_play(member, game)
    await _log_in(page, site_url, member.username)
    await page.goto(site_url + "/myGames")
    recent = page.get_by_test_id("recent-games").get_by_test_id("game-card")
    await expect(recent).to_have_count(1)
    await expect(recent.first).to_contain_text(game.game_name)


@pytest.mark.deep
async def test_trial_user_gets_the_info_dialog_on_my_games(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/login")
    before = await browser_cookie(page)
    await page.get_by_test_id("start-trial").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    await wait_for_rotation(page, before)
    await page.goto(site_url + "/myGames")
    await expect(page.get_by_test_id("need-account-text")).to_be_visible()


# The indexes of a row's items that are whole inside the row's box.
WHOLE_ITEMS = """(id) => {
  const row = document.getElementById(id);
  const box = row.getBoundingClientRect();
  return [...row.children]
    .map((item, index) => [index, item.getBoundingClientRect()])
    .filter(([, at]) => at.left >= box.left - 1 && at.right <= box.right + 1)
    .map(([index]) => index);
}"""


# The row has moved by exactly one item (its width and the gap).
ONE_ITEM_ON = """(id) => {
  const row = document.getElementById(id);
  const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
  const item = row.firstElementChild.getBoundingClientRect().width + gap;
  return Math.abs(row.scrollLeft - item) < 2;
}"""


@pytest.mark.deep
@pytest.mark.motion
async def test_the_hot_row_shows_five_and_moves_four_and_the_winners_move_on(
    page: Page, site_url: str
) -> None:
    await page.set_viewport_size({"width": 1280, "height": 900})
    await open_site(page, site_url)
    await _loaded(page)
    hot = page.get_by_test_id("home-hot")
    assert await hot.get_by_test_id("hot-card").count() >= 9
    assert await page.evaluate(WHOLE_ITEMS, "home-hot-row") == [0, 1, 2, 3, 4]
    await hot.get_by_test_id("hot-next").click()
    await page.wait_for_function(
        f"JSON.stringify(({WHOLE_ITEMS})('home-hot-row')) === '[4,5,6,7,8]'"
    )
    await hot.get_by_test_id("hot-prev").click()
    await page.wait_for_function(
        f"JSON.stringify(({WHOLE_ITEMS})('home-hot-row')) === '[0,1,2,3,4]'"
    )
    # The winners move on by themselves, one winner at a time, every 3 s.
    winners = page.locator("#home-winners-row")
    await expect(winners).to_have_attribute("data-speed", "3000")
    await page.wait_for_function(f"({WHOLE_ITEMS})('home-winners-row')[0] === 1", timeout=10_000)
    await page.wait_for_function(ONE_ITEM_ON, arg="home-winners-row")
