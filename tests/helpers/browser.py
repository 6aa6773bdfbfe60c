"""Browser steps shared by the browser tests (tests/e2e, tests/security, tests/scale): open a
page once the app has its brand, register and verify a member as a visitor would, open the
deposit page."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Browser, BrowserContext, Page, expect
from sqlmodel import select

from app import routes
from app.core.db import session_scope
from models import Member
from pages.registry import all_pages
from tests.helpers.accounts import ADULT_BIRTH, ADULT_NAME, PASSWORD, new_cpf, new_username
from tests.helpers.backoffice import STAFF_PASSWORD, code_at

SLOW_MS = 25_000  # a busy machine (CI at twice its usual time) may take a while to answer an event
# A page's first load on a site that has just started (its workers import, connect and warm the
# brand cache while the browser waits) took over 25 s on a machine at half its usual speed.
OPEN_MS = 60_000


async def visitor_context(
    browser: Browser, *, motion: bool = False, **options: Any
) -> BrowserContext:
    """A new browser (its own cookies and storage) of a visitor who asked for less motion,
    unless `motion`: a marquee, a carousel or Crash's curve running at the screen's rate keeps
    Chromium painting while the other worker's walk waits for the cores. Playwright's contexts
    answer `prefers-reduced-motion` with its own default whatever Chromium's flags say, so every
    test's browser is made here."""
    context = await browser.new_context(
        reduced_motion="no-preference" if motion else "reduce", **options
    )
    # An action (a click, a fill) waits for its element as long as a first page load: on a
    # throttled machine a registration's chain of events took over Playwright's 30 s.
    context.set_default_timeout(OPEN_MS)
    return context


# Moves inside the app as a link does (React Router's own navigation), when the tab shows one
# of the site's pages already: no document load, no new socket, no whole state sent again.
_MOVE = """([path, target]) => {
    const router = window.__reactRouterDataRouter;
    const frame = document.querySelector('[data-loaded]');
    if (!router || !frame || frame.getAttribute('aria-busy') === 'true') return false;
    if (frame.dataset.loaded === path) return false;
    router.navigate(target);
    return true;
}"""
# The page's loaders ran: the frame names the page (SiteState.load_site, among the first
# loaders, after the move has made the frame busy) and is no longer busy (the last one).
_LOADED = """path => {
    const frame = document.querySelector('[data-loaded]');
    return frame && frame.dataset.loaded === path && frame.getAttribute('aria-busy') !== 'true';
}"""


@cache
def _app_routes() -> tuple[re.Pattern[str], ...]:
    """The declared pages' paths (a parameter matches one segment); not the not-found page,
    which runs no loaders at a path no page declares."""
    return tuple(
        re.compile(re.sub(r"\\\[[^/]+?\\\]", "[^/]+", re.escape(declared.path.rstrip("/") or "/")))
        for declared in all_pages()
        if declared.path != routes.NOT_FOUND
    )


async def loaded(page: Page, path: str) -> None:
    """Wait until the page at `path` (as the site names it: no trailing slash) has run its
    loaders, e.g. after a redirect: the frame names it and is no longer busy."""
    await page.wait_for_function(_LOADED, arg=path, timeout=OPEN_MS)


async def moved(page: Page, url: str) -> bool:
    """Move the tab inside the app to `url`, as a link does (a fifth of a document load's
    work in the browser), and wait for its loaders; False, with nothing done, where it must be
    loaded as a document: the tab's first page, another site's, the page it is on (a reload),
    a page with a fragment and a path no page declares."""
    target = urlsplit(url)
    here = urlsplit(page.url)
    path = target.path.rstrip("/") or "/"
    same_site = (target.scheme, target.netloc) == (here.scheme, here.netloc)
    if not same_site or target.fragment or not any(r.fullmatch(path) for r in _app_routes()):
        return False
    moved_to = path + (f"?{target.query}" if target.query else "")
    if not await page.evaluate(_MOVE, [path, moved_to]):
        return False
    await loaded(page, path)
    return True


async def open_site(page: Page, url: str) -> None:
    """Open a page (moved to inside the app where it can be, `moved`) and wait until the app
    has loaded its brand from the server and the page has run its loaders (its frame is no
    longer `aria-busy`): a field filled before then would be reset by the page's load."""
    if await moved(page, url):
        return
    await page.goto(url, timeout=OPEN_MS)
    await page.wait_for_selector(
        "[data-merchant]:not([data-merchant=''])", state="attached", timeout=OPEN_MS
    )
    await page.wait_for_function(
        "() => !document.querySelector('[aria-busy=true]')", timeout=OPEN_MS
    )


async def choose_language(page: Page, code: str) -> None:
    """Pick a language in the header and wait until the page shows it, as a reader would before
    clicking on: a link followed at once would race the choice (the new page's load sends the
    browser's stored language, which the answer to the choice has not written yet)."""
    await page.get_by_test_id("language-select").select_option(code)
    await page.wait_for_function(
        "code => document.querySelector('[data-merchant]')?.lang.toLowerCase().startsWith(code)",
        arg=code.lower(),
        timeout=SLOW_MS,
    )


async def fill_cpf_if_asked(page: Page) -> None:
    """A Brazilian brand's register form asks a CPF: a fresh valid one."""
    cpf = page.get_by_test_id("register-form").locator("input[name=cpf]")
    if await cpf.count():
        await cpf.fill(new_cpf())


async def verify_identity_in_browser(
    page: Page, site_url: str, full_name: str = ADULT_NAME
) -> None:
    """On /verify-identity (where a Brazilian registration lands): the sandbox provider
    approves an adult's name and birth date (the name then becomes the payee name)."""
    await expect(page).to_have_url(site_url + "/verify-identity", timeout=SLOW_MS)
    form = page.get_by_test_id("identity-form")
    await form.locator("input[name=fullName]").fill(full_name)
    await form.locator("input[name=birthDate]").fill(ADULT_BIRTH)
    await page.get_by_test_id("identity-submit").click()
    await expect(page.get_by_test_id("identity-status")).to_have_attribute(
        "data-status", "VERIFIED", timeout=SLOW_MS
    )


async def unfold_optional(page: Page) -> None:
    """Open the register form's optional part (folded away: issue 35)."""
    optional = page.get_by_test_id("register-optional")
    if await optional.get_attribute("open") is None:
        await page.get_by_test_id("register-optional-summary").click()


async def register_in_browser(
    page: Page, site_url: str, *, payee_name: str | None = None
) -> Member:
    """A new member registered through the site's register form (on a Brazilian brand with a
    CPF, then verified through the sandbox identity provider), logged in and back on the home
    page with the dialog closed (so that the next page load does not race the redirect)."""
    username = new_username()
    await open_site(page, site_url + "/register")
    form = page.get_by_test_id("register-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    if payee_name is not None:
        await unfold_optional(page)
        await form.locator("input[name=payeeName]").fill(payee_name)
    identity_asked = await form.locator("input[name=cpf]").count() > 0
    await fill_cpf_if_asked(page)
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
    if identity_asked:
        if payee_name is not None:  # asked once: the verification form starts from it
            given = page.get_by_test_id("identity-form").locator("input[name=fullName]")
            await expect(given).to_have_value(payee_name, timeout=SLOW_MS)
        await verify_identity_in_browser(page, site_url, payee_name or ADULT_NAME)
        await open_site(page, site_url + "/")
    await expect(page).to_have_url(site_url + "/", timeout=SLOW_MS)
    await expect(page.get_by_test_id("dialog-register-cover")).to_have_count(0, timeout=SLOW_MS)
    # The first login's "first steps" dialog: put away, as a member who knows the way would.
    await page.get_by_test_id("first-steps-later").click(timeout=SLOW_MS)
    await expect(page.get_by_test_id("dialog-first-steps-cover")).to_have_count(0)
    async with session_scope() as session:
        return (await session.exec(select(Member).where(Member.username == username))).one()


async def open_deposit(page: Page) -> None:
    """Open the deposit page from the header and wait until its channels have loaded (an
    order made before the page's own load finished would be cleared by that load)."""
    await page.get_by_test_id("header-deposit").click()
    await expect(page.get_by_test_id("quick-amount").first).to_be_visible(timeout=SLOW_MS)


_SHOWS_THEME = "(theme) => document.documentElement.classList.contains(theme)"


async def switch_theme(page: Page, theme: str) -> None:
    """Show the page in `theme` ("light" or "dark") with the header's toggle, or with the
    menu's where the header has none (a member's phone row, below 440 px, keeps its room for
    the balance and Depositar); nothing when the page shows it already."""
    if await page.evaluate(_SHOWS_THEME, theme):
        return
    header_toggle = page.get_by_test_id("theme-toggle")
    if await header_toggle.is_visible():
        await header_toggle.click()
    else:
        await page.get_by_test_id("mobile-menu-button").click()
        await page.get_by_test_id("mobile-theme-toggle").click()
        await page.keyboard.press("Escape")
        await expect(page.get_by_test_id("dialog-mobile-menu")).to_have_count(0)
    await page.wait_for_function(_SHOWS_THEME, arg=theme)


async def screenshots(page: Page, folder: Path, name: str) -> None:
    """The page at 1280 and 360 px, light and dark, into `folder` (back to 1280 px, light)."""
    folder.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        await page.screenshot(path=str(folder / f"{name}-1280-{scheme}.png"), full_page=True)
        await page.set_viewport_size({"width": 360, "height": 800})
        await page.screenshot(path=str(folder / f"{name}-360-{scheme}.png"), full_page=True)
        await page.set_viewport_size({"width": 1280, "height": 900})
    await page.emulate_media(color_scheme="light")


async def browser_cookie(page: Page) -> str:
    found = [c for c in await page.context.cookies() if c["name"] == "browser"]
    return str(found[0]["value"]) if found else ""


async def wait_for_rotation(page: Page, before: str) -> None:
    """A login binds the browser to a fresh secret that the page fetches just after it
    (state/site.py rotate_browser): a page loaded before that lands is not logged in."""
    for _ in range(SLOW_MS // 100):
        if await browser_cookie(page) not in ("", before):
            return
        await page.wait_for_timeout(100)
    raise AssertionError("the login did not rotate the browser secret")


async def member_log_in(page: Page, member: Member) -> None:
    """A member logs in through the open login form and reaches the member area."""
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(member.username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)


async def console_log_in(page: Page, site_url: str, username: str, secret: str) -> None:
    """A staff member logs in to the console with their password and a fresh TOTP code."""
    await page.goto(site_url + "/admin/login")
    form = page.get_by_test_id("console-login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill(code_at(secret))
    await page.get_by_test_id("console-login-submit").click()
    await expect(page.get_by_test_id("console-staff")).to_have_text(username, timeout=SLOW_MS)
