"""No page mixes its languages (issue 21): in English no Portuguese text of the catalog shows,
and in Portuguese no English one, on every page of the site a member opens; no amount is
written the other language's way (1,234.56 on a Portuguese page); nor does any show a
message's raw placeholder such as {min} (spec 5: placeholders are filled).

The telltales are the catalog's own texts that only one language has (tests/helpers/words.py)."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from app.routes import U9W_ENTRY
from pages.registry import all_pages
from tests.e2e.conftest import open_site, register_in_browser
from tests.helpers.browser import choose_language, visitor_context
from tests.helpers.words import other_money, telltales

pytestmark = pytest.mark.e2e

PLACEHOLDER = re.compile(r"\{[a-zA-Z_]{2,24}\}")
SETTLE_MS = 700  # a page's loaders answer within this on a quiet machine; later text is missed
# Tabs per language walking their share of the pages at once: most of a walk is waiting for
# pages to settle, which tabs can do side by side.
TABS = 2
# Every page of the site; /u9w leaves it for the sports vendor's own game client.
PAGES = sorted(
    {r.path for r in all_pages() if r.path.startswith("/") and not r.console and "[" not in r.path}
    - {U9W_ENTRY}
)


async def _leaks(
    page: Page, site_url: str, paths: list[str], language: str
) -> dict[str, list[str]]:
    foreign = telltales("en" if language == "pt" else "pt")
    found: dict[str, list[str]] = {}
    for path in paths:
        await open_site(page, site_url + path)
        await page.wait_for_timeout(SETTLE_MS)
        text = await page.inner_text("body")
        leaked = sorted(
            {t for t in foreign if t in text}
            | set(PLACEHOLDER.findall(text))
            | set(other_money(text, language))
        )
        if leaked:
            found[path] = leaked
    return found


async def _walk_in(context: BrowserContext, site_url: str, language: str) -> dict[str, list[str]]:
    """A member of this browser reads every page in `language`, in TABS tabs (the login and
    the chosen language belong to the browser, so every tab has them)."""
    first = await context.new_page()
    await register_in_browser(first, site_url)  # a member sees the member pages too
    if language == "en":  # BR1 speaks Portuguese first
        await choose_language(first, "EN")
    tabs = [first, *[await context.new_page() for _ in range(TABS - 1)]]
    walks = [_leaks(tab, site_url, PAGES[index::TABS], language) for index, tab in enumerate(tabs)]
    found: dict[str, list[str]] = {}
    for leaks in await asyncio.gather(*walks):
        found.update(leaks)
    return found


def test_the_telltales_are_many_in_both_languages() -> None:
    assert len(telltales("en")) > 500 and len(telltales("pt")) > 500


def test_an_amount_written_the_other_way_is_found() -> None:
    assert other_money("Saldo R$ 1,234.56 e 100.00", "pt") == ["1,234.56", "100.00"]
    assert other_money("R$ 1.234,56 · IP 10.0.0.12 · v1.4.4 · 1.000x", "pt") == []
    assert other_money("Balance 1.234,56 and 12,50", "en") == ["1.234,56", "12,50"]
    assert other_money("Balance 1,234.56, 3,000 games, 1,000x", "en") == []


@pytest.mark.deep
async def test_no_page_shows_the_other_language(browser: Browser, site_url: str) -> None:
    contexts = [
        await visitor_context(browser, viewport={"width": 1280, "height": 900})
        for _ in ("pt", "en")
    ]
    try:
        portuguese, english = await asyncio.gather(
            _walk_in(contexts[0], site_url, "pt"), _walk_in(contexts[1], site_url, "en")
        )
    finally:
        for context in contexts:
            await context.close()
    assert portuguese == {}
    assert english == {}
