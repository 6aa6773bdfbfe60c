"""The built pages pass their own Content-Security-Policy: Chromium walks the main pages, as a
visitor and as a member (registration runs the bot check through `rx.call_script`), and any
`securitypolicyviolation` event or CSP console message fails the test."""

from __future__ import annotations

import pytest
from playwright.async_api import BrowserContext, ConsoleMessage, Page, expect

from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser

pytestmark = pytest.mark.e2e

COLLECT = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
});
"""
VISITOR_PAGES = ["/", "/login", "/register", "/help", "/promotions", "/down", "/hot",
                 "/play/verify", "/play/BGS_DICE", "/no-such-page"]  # fmt: skip
MEMBER_PAGES = ["/depositv2", "/transactionHistory", "/withdraw", "/transferFund",
                "/favorites", "/myGames", "/securityCenter", "/bonusDetails"]  # fmt: skip


async def _violations(page: Page) -> list[str]:
    found: list[str] = await page.evaluate("window.__cspViolations || []")
    return found


async def test_main_pages_raise_no_csp_violation(context: BrowserContext, site_url: str) -> None:
    await context.add_init_script(COLLECT)
    page = await context.new_page()
    console: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            console.append(message.text)

    page.on("console", on_console)
    seen: dict[str, list[str]] = {}
    for path in VISITOR_PAGES:
        answer = await page.goto(site_url + path)
        assert answer is not None
        headers = await answer.all_headers()
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "SAMEORIGIN"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
        await page.wait_for_selector("[data-merchant]:not([data-merchant=''])", state="attached")
        seen[path] = await _violations(page)
    await register_in_browser(page, site_url)
    for path in MEMBER_PAGES:
        await open_site(page, site_url + path)
        await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
        seen[path] = await _violations(page)
    assert {path: found for path, found in seen.items() if found} == {}
    assert console == []
