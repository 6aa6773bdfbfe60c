"""The site shell in a real browser: both languages, themes, full-page states, dialogs."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest
from playwright.async_api import BrowserContext, Page, WebSocketRoute, expect

from app import routes
from app.core.config import PROJECT_ROOT
from app.services import site_map
from app.services.brands import brands
from pages.registry import all_pages, sitemap_paths
from tests.e2e.conftest import open_site, site_operator
from tests.helpers.browser import choose_language
from tests.helpers.site import brand_currency

pytestmark = pytest.mark.e2e


@pytest.mark.deep
async def test_shell_renders_in_portuguese_by_default(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await expect(page.get_by_test_id("brand-link")).to_contain_text("Sorte Grande")
    await expect(page.get_by_test_id("game-nav")).to_contain_text("Início")
    await expect(page.get_by_test_id("game-nav")).to_contain_text("Promoções")
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Convidar amigos")
    await expect(page.get_by_test_id("header-login-form")).to_be_visible()
    await expect(page.get_by_placeholder("Usuário")).to_be_visible()
    footer = page.get_by_test_id("site-footer")
    await expect(footer).to_contain_text("Baixe o aplicativo")
    await expect(footer).to_contain_text("Central de ajuda")
    await expect(footer.get_by_role("img", name="PIX")).to_be_visible()
    await expect(footer.get_by_role("img", name="PG")).to_be_visible()
    await expect(page.get_by_test_id("copyright")).to_contain_text("Sorte Grande")
    await expect(page.get_by_test_id("side-menu")).to_be_visible()
    assert await page.evaluate("localStorage.getItem('lang')") == "PT"
    assert await page.evaluate("localStorage.getItem('hisLang')") == "PT"
    assert await page.locator("html").get_attribute("lang") in (None, "pt-BR", "en")


async def test_language_switch_changes_every_string_and_persists(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    body_pt = await page.get_by_test_id("site-header").inner_text()
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Invite friends")
    await expect(page.get_by_test_id("site-footer")).to_contain_text("Help centre")
    await expect(page.get_by_placeholder("Username")).to_be_visible()
    assert await page.get_by_test_id("site-header").inner_text() != body_pt
    assert await page.evaluate("localStorage.getItem('lang')") == "EN"
    assert await page.evaluate("localStorage.getItem('hisLang')") == "EN"
    await page.reload()
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Invite friends")
    await expect(page.get_by_test_id("language-select")).to_have_value("EN")


@pytest.mark.deep
async def test_a_link_followed_before_the_server_answers_keeps_the_new_language(
    page: Page, site_url: str
) -> None:
    # The server's answers wait while the reader picks English and clicks on at once: the route
    # change sends the browser's stored language, which must already be the new one.
    held: list[str | bytes] = []
    sockets: list[WebSocketRoute] = []

    def relay(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        sockets.append(socket)

        def to_page(message: str | bytes) -> None:
            if held or holding.is_set():
                held.append(message)
            else:
                socket.send(message)

        server.on_message(to_page)

    holding = asyncio.Event()
    await page.route_web_socket(re.compile(r"/_event"), relay)
    await open_site(page, site_url)
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Convidar amigos")
    holding.set()
    await page.get_by_test_id("language-select").select_option("EN")
    await page.get_by_test_id("game-nav").locator(f"a[href='{routes.HOT}']").first.click()
    await page.wait_for_url(re.compile(r"/hot$"))
    holding.clear()
    while held:
        sockets[-1].send(held.pop(0))
    # A search answered after the new page's load (events run in order): nothing is left to
    # undo the choice by then.
    await page.get_by_test_id("game-search").fill("no such game")
    await expect(page.get_by_test_id("game-count")).to_have_text("0 of 0 games")
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Invite friends")
    await expect(page.get_by_test_id("language-select")).to_have_value("EN")


@pytest.mark.deep
async def test_unsupported_stored_language_falls_back_to_brand_default(
    context: BrowserContext, site_url: str
) -> None:
    await context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        " localStorage.setItem('lang', 'JA'); localStorage.setItem('hisLang', 'JA');"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    page = await context.new_page()
    await open_site(page, site_url)
    await expect(page.get_by_test_id("nav-invite")).to_have_text("Convidar amigos")
    await page.wait_for_function("localStorage.getItem('lang') === 'PT'")
    assert await page.evaluate("localStorage.getItem('hisLang')") == "PT"


@pytest.mark.deep
async def test_dark_and_light_theme(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await page.get_by_test_id("theme-toggle").click()
    await page.wait_for_function("document.documentElement.classList.contains('dark')")
    dark = await page.evaluate(
        "getComputedStyle(document.querySelector('[data-testid=site-header]')).backgroundColor"
    )
    await page.get_by_test_id("theme-toggle").click()
    await page.wait_for_function("document.documentElement.classList.contains('light')")
    light = await page.evaluate(
        "getComputedStyle(document.querySelector('[data-testid=site-header]')).backgroundColor"
    )
    assert dark != light


@pytest.mark.deep
async def test_phone_width_has_no_horizontal_overflow(
    context: BrowserContext, site_url: str, tmp_path
) -> None:
    page = await context.new_page()
    await page.set_viewport_size({"width": 360, "height": 740})
    for path in ("/", "/help", "/down", "/promotions", "/live"):
        await open_site(page, site_url + path)
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (path, width)
    await page.screenshot(path=str(tmp_path / "home-360.png"), full_page=True)


@pytest.mark.deep
async def test_mobile_menu_dialog_locks_scroll_and_restores_it(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await page.set_viewport_size({"width": 360, "height": 500})
    await open_site(page, site_url)
    # The lobby sections arrive after the shell; scroll once the page has its full height.
    await expect(page.get_by_test_id("home-pg").get_by_test_id("game-card")).to_have_count(12)
    await page.evaluate("window.scrollTo(0, 400)")
    await page.wait_for_function("window.scrollY >= 399")
    await page.get_by_test_id("mobile-menu-button").click()
    dialog = page.get_by_test_id("dialog-mobile-menu")
    await expect(dialog).to_be_visible()
    await expect(dialog).to_have_attribute("role", "dialog")
    assert await page.evaluate("document.body.style.position") == "fixed"
    # A click outside the dialog does not close it.
    await page.mouse.click(5, 495)
    await expect(dialog).to_be_visible()
    await page.get_by_test_id("dialog-mobile-menu-close").click()
    await expect(dialog).to_be_hidden()
    await page.wait_for_function("document.body.style.position === ''")
    assert await page.evaluate("window.scrollY") == 400


@pytest.mark.deep
async def test_escape_closes_a_dialog_with_a_close_button(
    context: BrowserContext, site_url: str
) -> None:
    page = await context.new_page()
    await page.set_viewport_size({"width": 360, "height": 700})
    await open_site(page, site_url)
    await page.get_by_test_id("mobile-menu-button").click()
    await expect(page.get_by_test_id("dialog-mobile-menu")).to_be_visible()
    await page.keyboard.press("Escape")
    await expect(page.get_by_test_id("dialog-mobile-menu")).to_be_hidden()


@pytest.mark.deep
async def test_helper_dialog_closes_on_cover_click_and_by_timeout(
    page: Page, site_url: str
) -> None:
    """The header form's validation warning is the helper variant of the dialog."""
    await open_site(page, site_url)
    submit = page.get_by_test_id("header-login-form").get_by_role("button")
    await submit.click()
    notice = page.get_by_test_id("dialog-warning")
    await expect(notice).to_have_text("Usuário ou senha incorretos (ou código do autenticador)")
    await page.get_by_test_id("dialog-warning-cover").click(position={"x": 5, "y": 5})
    await expect(notice).to_be_hidden()
    await submit.click()
    await expect(notice).to_be_visible()
    await expect(notice).to_be_hidden(timeout=8000)


@pytest.mark.deep
async def test_side_menu_customer_service_and_qr(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    await page.get_by_test_id("cs-button").click()
    # Channels by name, never the brand's raw position code.
    await expect(page.get_by_test_id("cs-panel")).to_contain_text("Chat ao vivo")
    await expect(page.get_by_test_id("cs-panel")).not_to_contain_text("LIVECHAT")
    await page.get_by_test_id("app-qr-button").click()
    qr = page.get_by_test_id("app-qr-panel").get_by_role("img")
    # The download page's own QR image (served once and cached), not a copy in every tab.
    await expect(qr).to_have_attribute("src", routes.download_qr("site"))
    assert await qr.evaluate("image => image.decode().then(() => image.naturalWidth)") > 0
    side = page.get_by_test_id("side-menu-items")
    # Social links (spec 2): the brand's pages, named by their labels, in a new tab.
    for name, home in (
        ("Facebook", "https://www.facebook.com/"),
        ("Instagram", "https://www.instagram.com/"),
    ):
        link = side.get_by_role("list", name="Siga-nos").get_by_role("link", name=name)
        await expect(link).to_have_attribute("target", "_blank")
        assert (await link.get_attribute("href") or "").startswith(home)
    # App downloads: no Android package of the brand's, so the lite app's guide; the iOS
    # profile is the brand's own.
    android = side.get_by_role("link", name="App Android")
    await expect(android).to_have_attribute("href", "/down#android-guide")
    ios = await side.get_by_role("link", name="App iOS").get_attribute("href")
    assert (ios or "").endswith(".mobileconfig")
    # Back to top scrolls the page to the top.
    await page.mouse.wheel(0, 2500)
    await page.wait_for_function("window.scrollY > 0")
    await page.get_by_test_id("back-to-top").click()
    await page.wait_for_function("window.scrollY === 0")
    await page.get_by_test_id("side-toggle").click()
    await expect(side).to_be_hidden()
    await page.reload()
    await expect(page.get_by_test_id("side-menu-items")).to_be_hidden()
    await page.get_by_test_id("side-toggle").click()
    await expect(page.get_by_test_id("side-menu-items")).to_be_visible()


async def _follow_a_footer_link_from_the_bottom(page: Page) -> str:
    """Go from the bottom of the home page to the slots list; the window's scroll rule."""
    await expect(page.get_by_test_id("home-pg").get_by_test_id("game-card")).to_have_count(12)
    await page.evaluate("window.scrollTo({top: document.body.scrollHeight, behavior: 'instant'})")
    await page.wait_for_function("window.scrollY > 1000")
    await page.get_by_test_id("footer-nav-rng").click()
    await page.wait_for_url(re.compile(r"/rng$"))
    await page.wait_for_function("window.scrollY === 0")
    return str(await page.evaluate("getComputedStyle(document.documentElement).scrollBehavior"))


@pytest.mark.deep
@pytest.mark.motion
async def test_going_to_another_page_starts_at_its_top_smoothly(page: Page, site_url: str) -> None:
    # The new page renders before its data, so it is short and the reader lands at its top;
    # any longer way up is scrolled smoothly, or at once for a reader who asked for less motion.
    await open_site(page, site_url)
    assert await _follow_a_footer_link_from_the_bottom(page) == "smooth"
    await page.emulate_media(reduced_motion="reduce")
    await open_site(page, site_url)
    assert await _follow_a_footer_link_from_the_bottom(page) == "auto"


@pytest.mark.deep
async def test_help_and_download_pages(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/help")
    await expect(page.get_by_test_id("help-articles")).to_contain_text("Como me cadastro?")
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("help-articles")).to_contain_text("How do I register?")
    await page.get_by_test_id("help-search").fill("cooling-off")
    await expect(page.get_by_test_id("help-article")).to_have_count(1)
    await expect(page.get_by_test_id("help-articles")).to_contain_text("take a break")
    await page.get_by_test_id("help-search").fill("zzqx")
    await expect(page.get_by_test_id("help-empty")).to_contain_text("No article matches")
    await page.get_by_test_id("help-search").fill("")
    # Real answers: deposit, withdrawal, identity, limits, bonuses and the games' wallets.
    await expect(page.get_by_test_id("help-article")).to_have_count(8)


@pytest.mark.deep
async def test_the_download_page_guides_each_phone_to_real_files(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/down")
    for test_id in ("qr-site", "qr-ios"):
        qr = page.get_by_test_id(test_id)
        await expect(qr).to_have_attribute("width", "200")
        await page.wait_for_function(
            f"document.querySelector('[data-testid={test_id}]').naturalWidth > 0"
        )
    # No Android package of the brand's: the lite app, with its guide.
    await expect(page.get_by_test_id("down-lite-app")).to_be_visible()
    await expect(page.get_by_test_id("android-guide").get_by_role("listitem")).to_have_count(3)
    await expect(page.get_by_test_id("ios-guide").get_by_role("listitem")).to_have_count(4)
    await expect(page.get_by_test_id("ios-guide")).to_contain_text("VPN e Gerenciamento")
    button = page.get_by_test_id("down-ios-profile")
    await expect(button).to_have_attribute("href", re.compile(r"^/download/\w+\.mobileconfig$"))
    profile = await button.get_attribute("href") or ""
    answer = await page.request.get(site_url + profile)
    assert answer.ok and answer.headers["content-type"] == "application/x-apple-aspen-config"
    shots = PROJECT_ROOT / "data" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280):
        await page.set_viewport_size({"width": width, "height": 900})
        await page.screenshot(path=str(shots / f"download-{width}.png"), full_page=True)
    # A QR image that fails to load says so (spec 9).
    await page.route("**/download/qr/ios.svg", lambda route: route.abort())
    await open_site(page, site_url + "/down")
    await expect(page.get_by_test_id("qr-error-ios")).to_have_text("Erro ao carregar a imagem")
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("qr-error-ios")).to_have_text("Image load error")
    await expect(page.get_by_test_id("qr-site")).to_be_visible()


async def test_maintenance_and_blocked_pages_follow_the_status(page: Page, site_url: str) -> None:
    try:
        site_operator("status", "maintenance", "--until", "2030-01-01T15:00:00+00:00")
        await open_site(page, site_url)
        await expect(page.get_by_test_id("maintenance-page")).to_be_visible()
        await expect(page.get_by_test_id("maintenance-page")).to_contain_text(
            "Manutenção do sistema"
        )
        # 15:00 UTC is 12:00 in São Paulo, the browser's time zone.
        await expect(page.get_by_test_id("maintenance-until")).to_contain_text("12:00")
        await expect(page.get_by_test_id("status-cs-button")).to_be_visible()
        await expect(page.get_by_test_id("site-header")).to_have_count(0)

        site_operator("status", "normal")
        site_operator("status", "block", "--network", "127.0.0.0/8")
        await open_site(page, site_url)
        await expect(page.get_by_test_id("blocked-page")).to_be_visible()
        await expect(page.get_by_test_id("blocked-ip")).to_contain_text("127.0.0.1")
        await page.get_by_test_id("blocked-page-language").select_option("EN")
        await expect(page.get_by_test_id("blocked-page")).to_contain_text("Access restricted")
    finally:
        site_operator("status", "normal")
    await open_site(page, site_url)
    await expect(page.get_by_test_id("site-header")).to_be_visible()


async def test_every_registered_page_is_served(site_url: str) -> None:
    """The declared pages answer (a parametrised one with a sample value)."""
    samples = {"[order]": "D0", "[studio_game]": "BGS_DICE"}
    async with httpx.AsyncClient(base_url=site_url, timeout=30, follow_redirects=True) as client:
        for declared in all_pages():
            if declared.path == routes.NOT_FOUND:
                continue
            path = declared.path
            for parameter, value in samples.items():
                path = path.replace(parameter, value)
            response = await client.get(path)
            assert response.status_code == 200, path
        # A page no module declares is not served (the not-found page answers it).
        assert (await client.get("/no-such-page")).status_code == 404
        # The sitemap comes from the same declarations, less the game lists the brand's
        # market forbids (Brazil: no /cockfight), and each page it names is served.
        sitemap = await client.get("/sitemap.xml")
        assert sitemap.headers["content-type"].startswith("application/xml")
        brand = await brands.for_request(None, "127.0.0.1")
        listed = site_map.brand_paths(brand, sitemap_paths())
        assert "/cockfight" not in listed and "/cockfight</loc>" not in sitemap.text
        for path in listed:
            assert f"{path}</loc>" in sitemap.text
            assert (await client.get(path)).status_code == 200, path


@pytest.mark.deep
async def test_the_site_installs_as_an_app(page: Page, site_url: str) -> None:
    """A web app manifest and a service worker: a phone can add the site to its home screen,
    and a lost connection shows the offline page instead of the browser's error."""
    await open_site(page, site_url)
    href = await page.locator("link[rel=manifest]").get_attribute("href")
    assert href == "/manifest.webmanifest"
    scope = await page.evaluate(
        "navigator.serviceWorker.ready.then((registration) => registration.scope)"
    )
    assert scope == f"{site_url}/"
    manifest = await page.evaluate(f"fetch('{href}').then((answer) => answer.json())")
    assert manifest["name"] == "Sorte Grande" and manifest["display"] == "standalone"
    await page.reload()  # now controlled by the worker, which has stored the offline page
    await page.context.set_offline(True)
    try:
        await page.goto(f"{site_url}/help")
        await expect(page.get_by_role("heading", name="Sem conexão com a internet")).to_be_visible()
    finally:
        await page.context.set_offline(False)


@pytest.mark.deep
async def test_every_menu_title_follows_the_language(page: Page, site_url: str) -> None:
    """The E-lottery list's heading and menu entry are translated, never the raw code (on
    BR1 in a market that plays the Vietnamese lotteries: Brazil's floor hides the entry)."""
    async with brand_currency("USD"):
        await open_site(page, site_url + "/elott")
        await expect(page.get_by_role("heading", level=1)).to_have_text("Loteria eletrônica")
        await choose_language(page, "EN")
        await expect(page.get_by_role("heading", level=1)).to_have_text("E-lottery")
        nav = page.get_by_test_id("game-nav")
        await expect(nav).to_contain_text("E-lottery")
        await expect(nav).not_to_contain_text("Loteria eletrônica")
