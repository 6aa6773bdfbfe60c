"""XSS payloads in Chromium: the pages that show fields written by others (help articles,
the winner board, the maintenance message, customer-service links) with the corpus of
tests/helpers/xss.py inserted. Every payload calls `window.__xss(n)` or opens a dialog when it
runs; a trap installed before the page's own scripts records both, and must stay empty."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal

import pytest
from playwright.async_api import Browser, Dialog, Page, expect
from sqlmodel import col, delete, select

from app.core.db import session_scope, write_transaction
from app.services.brands import announce_change
from models import CustomerService, HelpArticle, Merchant, Winner
from tests.e2e.conftest import drop_site_catalogue_cache, open_site, site_operator
from tests.helpers.browser import visitor_context
from tests.helpers.xss import PAYLOADS

pytestmark = pytest.mark.e2e

TRAP = "window.__xss_hits = []; window.__xss = (n) => window.__xss_hits.push(n);"
MARK = "xss-e2e"


@pytest.fixture(scope="module")
async def hostile_content(site_url: str) -> AsyncIterator[None]:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    async with write_transaction() as session:
        for number, payload in enumerate(PAYLOADS):
            for language in ("PT", "EN"):
                session.add(
                    HelpArticle(
                        merchant_id=merchant.id,
                        language=language,
                        category=MARK,
                        title=payload,
                        content_html=f"<p>Artigo {number}</p>{payload}",
                        sort=-100 + number,
                    )
                )
            session.add(
                Winner(
                    merchant_id=merchant.id,
                    customer_name=payload[:64],
                    game_name=payload[:120],
                    game_category=MARK[:16],
                    win_amount=Decimal("9999999") + len(PAYLOADS) - number,
                )
            )
        session.add(
            CustomerService(
                merchant_id=merchant.id,
                cs_type="ONLINE",
                cs_position=MARK,
                label=PAYLOADS[0],
                url="javascript:window.__xss(99)",
                sort=-1000,
            )
        )
    await announce_change()  # the customer service links are brand rows
    await drop_site_catalogue_cache()  # an earlier page may have cached the winner board
    yield
    async with write_transaction() as session:
        await session.exec(delete(HelpArticle).where(col(HelpArticle.category) == MARK))
        await session.exec(delete(Winner).where(col(Winner.game_category) == MARK[:16]))
        await session.exec(delete(CustomerService).where(col(CustomerService.cs_position) == MARK))
    await announce_change()
    await drop_site_catalogue_cache()


async def _trap(page: Page) -> list[str]:
    """Record every dialog the page opens and count the payloads that run (TRAP)."""
    dialogs: list[str] = []

    async def on_dialog(dialog: Dialog) -> None:
        dialogs.append(f"{dialog.type}: {dialog.message}")
        await dialog.dismiss()

    page.on("dialog", on_dialog)
    await page.add_init_script(TRAP)
    return dialogs


@pytest.fixture
async def trapped(page: Page) -> AsyncIterator[tuple[Page, list[str]]]:
    yield page, await _trap(page)


async def _nothing_ran(page: Page, dialogs: list[str]) -> None:
    await page.wait_for_timeout(800)  # let late image errors and timers fire
    for frame in page.frames:
        hits = await frame.evaluate("window.__xss_hits || []")
        assert hits == [], f"payloads ran in {frame.url}: {hits}"
    assert dialogs == []


async def test_help_articles_run_no_payload(
    trapped: tuple[Page, list[str]], site_url: str, hostile_content: None
) -> None:
    page, dialogs = trapped
    await open_site(page, site_url + "/help")
    articles = page.get_by_test_id("help-articles")
    await expect(articles).to_contain_text("Artigo 0")
    # titles are shown as the text they are
    await expect(articles).to_contain_text(PAYLOADS[0])
    summaries = articles.locator("summary")
    for index in range(await summaries.count()):
        await summaries.nth(index).click()  # opening runs `ontoggle`, shows the content
    await expect(articles).to_contain_text(f"Artigo {len(PAYLOADS) - 1}")
    assert await articles.locator("script, iframe, object, svg, [onerror], [onload]").count() == 0
    await _nothing_ran(page, dialogs)


async def test_winner_board_and_customer_service_links_run_no_payload(
    trapped: tuple[Page, list[str]], site_url: str, hostile_content: None
) -> None:
    page, dialogs = trapped
    await open_site(page, site_url)
    winners = page.get_by_test_id("home-winners")
    await expect(winners).to_contain_text(PAYLOADS[1][:40])
    hrefs = await page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    assert not [h for h in hrefs if h.lower().startswith(("javascript:", "data:"))], hrefs
    await _nothing_ran(page, dialogs)


async def test_maintenance_message_runs_no_payload(
    trapped: tuple[Page, list[str]], site_url: str, hostile_content: None
) -> None:
    page, dialogs = trapped
    message = " ".join(PAYLOADS[:8])
    try:
        site_operator("status", "maintenance", "--message", message)
        await open_site(page, site_url)
        await expect(page.get_by_test_id("maintenance-page")).to_contain_text(PAYLOADS[0])
        button = page.get_by_test_id("status-cs-button")
        href = await button.get_attribute("href")
        assert not (href or "").lower().startswith("javascript:"), href
        await _nothing_ran(page, dialogs)
    finally:
        site_operator("status", "normal")


async def _inject_raw_payloads(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/help")
    await page.evaluate(
        "html => document.body.insertAdjacentHTML('beforeend', html)",
        PAYLOADS[1] + PAYLOADS[18],
    )
    await page.wait_for_timeout(800)


async def test_the_trap_catches_a_payload_that_runs(browser: Browser, site_url: str) -> None:
    """The control: the same payloads, put into the page unsanitised, are caught once the
    page's Content-Security-Policy is set aside (with it they do not run at all: below)."""
    context = await visitor_context(browser, bypass_csp=True)
    try:
        page = await context.new_page()
        dialogs = await _trap(page)
        await _inject_raw_payloads(page, site_url)
        assert await page.evaluate("window.__xss_hits") == [2]
        assert dialogs == ["alert: 19"]
    finally:
        await context.close()


async def test_the_content_security_policy_stops_raw_payloads(
    trapped: tuple[Page, list[str]], site_url: str
) -> None:
    """Defence in depth: markup that got past sanitising still runs no inline handler."""
    page, dialogs = trapped
    await _inject_raw_payloads(page, site_url)
    await _nothing_ran(page, dialogs)
