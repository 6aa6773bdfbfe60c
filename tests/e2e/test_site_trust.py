"""The shell a player trusts (issue 21): the footer's game navigation and sub-categories,
only the brand's payment methods, dialogs that belong to their page, the trial badge and
the phone menu's money pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, Route, expect

from tests.e2e.conftest import open_site, register_in_browser

SHOTS = Path(__file__).resolve().parents[2] / "data" / "screenshots"


@pytest.mark.deep
async def test_footer_games_sub_categories_payments_and_follow_links(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url)
    games = page.get_by_test_id("footer-games")
    await expect(games.get_by_test_id("footer-nav-rng")).to_be_visible()
    # The footer hides PROMO, HOME and HOT (spec 2).
    for hidden in ("promo", "home", "hot"):
        await expect(games.get_by_test_id(f"footer-nav-{hidden}")).to_have_count(0)
    # Only the brand's deposit methods (the demo brand: PIX and bank transfer).
    await expect(page.get_by_test_id("footer-pay-pix")).to_be_visible()
    await expect(page.get_by_test_id("footer-pay-bank")).to_be_visible()
    await expect(page.get_by_test_id("footer-pay-visa")).to_have_count(0)
    follow = page.get_by_test_id("footer-follow")
    await expect(follow.get_by_role("link", name="YOUTUBE")).to_have_attribute(
        "href", re.compile(r"^https://www\.youtube\.com/")
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280):
        await page.set_viewport_size({"width": width, "height": 900})
        await page.get_by_test_id("site-footer").screenshot(path=str(SHOTS / f"footer-{width}.png"))

    # A sub-category of the footer opens the slots list narrowed to it.
    await games.get_by_test_id("footer-sub-vp").click()
    await expect(page).to_have_url(re.compile(r"/rng\?sub=VP$"))
    chip = page.get_by_test_id("sub-vp")
    await expect(chip).to_have_attribute("aria-pressed", "true")
    await expect(chip).to_have_text("Vídeo pôquer")
    await expect(page.get_by_test_id("list-label")).to_have_text("Quase 10.000 jogos")
    narrowed = await page.get_by_test_id("game-count").inner_text()
    await chip.click()
    await expect(chip).to_have_attribute("aria-pressed", "false")
    await expect(page.get_by_test_id("game-count")).not_to_have_text(narrowed)


@pytest.mark.deep
async def test_a_dialog_belongs_to_the_page_that_opened_it(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await page.get_by_test_id("nav-rng").click()
    await expect(page).to_have_url(re.compile(r"/rng$"))
    await page.locator("[data-testid^=play-]").first.click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await page.go_back()
    await expect(page).to_have_url(site_url + "/")
    await expect(page.get_by_test_id("home-pg")).to_be_visible()
    await expect(page.get_by_test_id("dialog-login")).to_have_count(0)
    # /login opens its one dialog, whatever was open before.
    await open_site(page, site_url + "/login")
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await page.reload()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await expect(page.locator("[role=dialog]")).to_have_count(1)


@pytest.mark.deep
async def test_a_trial_user_sees_the_badge_and_is_offered_to_register(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url + "/login")
    await page.get_by_test_id("start-trial").click()
    await expect(page.get_by_test_id("trial-badge")).to_be_visible()
    await expect(page.get_by_test_id("header-deposit")).to_have_count(0)
    await open_site(page, site_url + "/transactionHistory")
    await expect(page.get_by_test_id("need-account-text")).to_be_visible()
    await page.get_by_test_id("need-account-register").click()
    await expect(page.get_by_test_id("register-form")).to_be_visible()


@pytest.mark.deep
async def test_the_phone_menu_reaches_the_money_pages(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await register_in_browser(page, site_url)
    await page.set_viewport_size({"width": 360, "height": 740})
    await page.get_by_test_id("mobile-menu-button").click()
    menu = page.get_by_test_id("dialog-mobile-menu")
    for name in ("deposit", "withdraw", "records", "bets"):
        await expect(menu.get_by_test_id(f"mobile-{name}")).to_be_visible()
    await menu.get_by_test_id("mobile-withdraw").click()
    await expect(page).to_have_url(re.compile(r"/withdraw$"))
    await expect(page.get_by_test_id("dialog-mobile-menu")).to_have_count(0)


@pytest.mark.deep
async def test_the_side_menu_covers_no_control(context: BrowserContext, site_url: str) -> None:
    page = await context.new_page()
    await page.set_viewport_size({"width": 1280, "height": 800})
    await register_in_browser(page, site_url)
    await open_site(page, site_url + "/depositv2")
    await expect(page.get_by_test_id("deposit-amount")).to_be_visible()
    side = await page.get_by_test_id("side-menu").bounding_box()
    assert side is not None
    rightmost = await page.evaluate(
        "Math.max(...[...document.querySelectorAll('main button, main input')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert rightmost < side["x"]
    # A phone has no room beside the content: no bar (its parts are in the menu).
    await page.set_viewport_size({"width": 360, "height": 740})
    await expect(page.get_by_test_id("side-menu")).to_be_hidden()


async def test_a_lost_connection_is_said_in_the_visitors_language(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await open_site(page, site_url)
    await context.set_offline(True)
    banner = page.get_by_test_id("client-alert-network")
    await expect(banner).to_contain_text("A conexão de rede está instável")
    await context.set_offline(False)
    await expect(banner).to_have_count(0)


@pytest.mark.deep
async def test_a_dropped_connection_keeps_the_open_dialog_and_a_reload_closes_it(
    context: BrowserContext, site_url: str
) -> None:
    """The reconnect runs the page's loaders again; the popup the visitor was typing in stays
    open with what they typed. A reload is a new page: the popup is gone."""
    page = await context.new_page()
    await open_site(page, site_url)
    await page.get_by_test_id("header-register").click()
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill("typedname1")
    await context.set_offline(True)
    banner = page.get_by_test_id("client-alert-network")
    await expect(banner).to_be_visible()
    await context.set_offline(False)
    await expect(banner).to_have_count(0)
    await expect(page.get_by_test_id("header-login-form")).to_be_visible()
    await expect(page.get_by_test_id("dialog-register")).to_be_visible()
    await expect(form.locator("input[name=username]")).to_have_value("typedname1")
    await page.reload()
    await expect(page.get_by_test_id("header-login-form")).to_be_visible()
    await expect(page.get_by_test_id("dialog-register")).to_have_count(0)


@pytest.mark.deep
async def test_a_section_that_fails_to_load_offers_a_retry(page: Page, site_url: str) -> None:
    await page.add_init_script("window.__pageTimeoutMs = 4000")  # spec 9's 120 s, shortened
    await open_site(page, site_url)
    await page.route("**/assets/**/*.js", lambda route: route.abort())
    await page.get_by_test_id("site-footer").get_by_role("link", name="Central de ajuda").click()
    alert = page.get_by_test_id("client-alert-chunk")
    await expect(alert).to_be_visible()
    await expect(alert).to_contain_text("Parte da página não carregou")
    retry = alert.get_by_role("button", name="Tentar de novo")
    await expect(retry).to_be_visible()
    await page.unroute("**/assets/**/*.js")
    # Once the scripts answer again the router may mount the page by itself (a new, hidden
    # alert): the button's own click, dispatched, is what a press does either way (a reload).
    await alert.locator("[data-client-retry]").dispatch_event("click")
    await expect(page.get_by_test_id("client-alert-chunk")).to_be_hidden()
    await expect(page.get_by_test_id("site-footer")).to_be_visible()

    # An in-app navigation whose section never arrives (its request is never answered): the
    # router keeps the old page, and after the time-out the alert says so; its retry opens
    # the page the link was for.
    await open_site(page, site_url)
    hung: list[Route] = []
    await page.route("**/assets/**/*.js", lambda route: hung.append(route))
    link = page.get_by_test_id("footer-games").get_by_test_id("footer-nav-rng")
    target = await link.get_attribute("href")
    assert target and target.startswith("/")
    before = page.url
    await link.click()
    alert = page.get_by_test_id("client-alert-chunk")
    await expect(alert).to_be_visible()
    assert hung and page.url == before
    await page.unroute_all(behavior="ignoreErrors")
    await alert.locator("[data-client-retry]").dispatch_event("click")
    await expect(page).to_have_url(re.compile(re.escape(target.split("?")[0])))
    await expect(page.get_by_test_id("site-footer")).to_be_visible()


@pytest.mark.deep
async def test_a_page_that_never_loads_says_so(page: Page, site_url: str) -> None:
    await page.add_init_script("window.__pageTimeoutMs = 1500")
    await page.route("**/assets/**/*.js", lambda route: route.abort())
    await page.goto(site_url + "/help")
    await expect(page.get_by_test_id("client-alert-timeout")).to_be_visible()


@pytest.mark.deep
async def test_a_blocked_popup_is_said(page: Page, site_url: str) -> None:
    await page.add_init_script("window.open = () => null")
    await open_site(page, site_url)
    await page.get_by_test_id("cs-button").click()
    await page.get_by_test_id("cs-panel").get_by_role("button").first.click()
    await expect(page.get_by_test_id("client-alert-popup")).to_contain_text("Pop-up bloqueado")
