"""The built pages pass their own Content-Security-Policy: Chromium walks the main pages, as a
visitor and as a member (registration runs the bot check through `rx.call_script`), and any
`securitypolicyviolation` event or CSP console message fails the test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from playwright.async_api import BrowserContext, ConsoleMessage, Page, Route, expect
from sqlmodel import select

from app.core.db import write_transaction
from app.services.brands import announce_change
from models import Merchant
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


@asynccontextmanager
async def _measurement_id(gtag_id: str) -> AsyncIterator[None]:
    """BR1 with a Google Analytics measurement id, none afterwards (announced, as the
    operator's tools do)."""

    async def store(value: str | None) -> None:
        async with write_transaction() as session:
            merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
            merchant.gtag_id = value
            session.add(merchant)
        await announce_change()

    await store(gtag_id)
    try:
        yield
    finally:
        await store(None)


@pytest.mark.deep
async def test_analytics_load_only_for_a_brand_with_a_measurement_id(
    context: BrowserContext, site_url: str
) -> None:
    await context.add_init_script(COLLECT)
    fetched: list[str] = []

    async def google(route: Route) -> None:  # the machine has no way out: a stand-in gtag.js
        fetched.append(route.request.url)
        await route.fulfill(content_type="text/javascript", body="window.__gtagJs = true;")

    await context.route("https://www.googletagmanager.com/**", google)
    page = await context.new_page()
    await open_site(page, site_url + "/")
    await page.wait_for_timeout(1000)  # time enough for a script that should not come
    assert fetched == [] and await page.evaluate("window.dataLayer === undefined")

    async with _measurement_id("G-E2ETEST01"):
        answer = await page.goto(site_url + "/promotions")
        assert answer is not None
        policy = (await answer.all_headers())["content-security-policy"]
        assert "https://www.googletagmanager.com" in policy
        await page.wait_for_function("window.__gtagJs === true", timeout=SLOW_MS)
        configured = await page.evaluate(
            "Array.from(window.dataLayer).map((entry) => Array.from(entry))"
        )
    assert fetched == ["https://www.googletagmanager.com/gtag/js?id=G-E2ETEST01"]
    assert ["config", "G-E2ETEST01"] in configured
    assert await _violations(page) == []
