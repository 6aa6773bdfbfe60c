"""The browser secret against fixation, in a real browser (issue 32): a `browser` cookie the
server never issued is replaced at the first page; a login (site and console) gives the
browser a fresh secret, and the login stays with the browser across a reload."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.async_api import Browser, BrowserContext, expect

from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, make_staff_account
from tests.helpers.browser import member_log_in, visitor_context

pytestmark = pytest.mark.e2e


async def _browser_cookie(context: BrowserContext) -> str:
    found = [c for c in await context.cookies() if c["name"] == "browser"]
    assert len(found) == 1 and found[0]["httpOnly"]
    return str(found[0]["value"])


async def _changed(context: BrowserContext, before: str) -> str:
    """The browser cookie once the page's rotation has landed."""
    for _ in range(SLOW_MS // 100):
        now = await _browser_cookie(context)
        if now != before:
            return now
        await context.pages[0].wait_for_timeout(100)
    raise AssertionError("the login did not rotate the browser secret")


async def test_a_planted_cookie_is_replaced_and_a_login_rotates_it(
    context: BrowserContext, site_url: str
) -> None:
    planted = secrets.token_urlsafe(32)  # the shape of a secret, never issued by the server
    await context.add_cookies([{"name": "browser", "value": planted, "url": site_url}])
    page = await context.new_page()
    await open_site(page, site_url + "/login")
    issued = await _browser_cookie(context)
    assert issued != planted
    await member_log_in(page, await make_member())
    await _changed(context, issued)
    await page.reload()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)


async def test_a_console_login_rotates_the_browser_secret(browser: Browser, site_url: str) -> None:
    context = await visitor_context(browser, viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(site_url + "/admin/login")
    before = await _browser_cookie(context)
    username, secret = await make_staff_account("support", "BR1")
    form = page.get_by_test_id("console-login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(STAFF_PASSWORD)
    await form.locator("input[name=code]").fill(code_at(secret))
    await page.get_by_test_id("console-login-submit").click()
    # The login reloads the console with its fresh browser secret: /admin/ as the server serves it.
    await expect(page).to_have_url(re.compile(re.escape(site_url) + r"/admin/?$"), timeout=SLOW_MS)
    await expect(page.get_by_test_id("console-staff")).to_have_text(username, timeout=SLOW_MS)
    assert await _browser_cookie(context) != before
    await context.close()
