"""Every page of the site is accessible (issue 35): axe-core finds no serious or critical
violation on any page a visitor, a member or a staff member opens, in light and dark, at phone
(390 × 844) and desktop width. `make test` checks every page in one of the four (theme, width)
modes, taken in turn from page to page so that each mode is seen; `make test-walks`
(AXE_ALL_MODES=1) checks every page in all four. The findings are gathered over the whole walk,
so one run names them all (page, theme and width, rule, elements, axe-core's words), and written
to AXE_REPORT.

A violation that cannot be fixed yet is listed in KNOWN with its reason: the walk then passes
over it, and fails when it is gone, so that the entry goes too."""

from __future__ import annotations

import asyncio
import os
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page, ViewportSize

from app.routes import (
    CONSOLE_PUBLIC,
    GAME_LIST_CENTER,
    HELP_MC,
    HOME_ALIASES,
    LOTTERY_VERIFY,
    NOT_FOUND,
    PLAY,
    SANDBOX_PAY,
    SEA_LOTTERY,
    U9W_ENTRY,
    VN_LOTTERY,
    lottery_game,
    sandbox_pay,
)
from pages.registry import all_pages
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.helpers.axe import Violation, blocking_findings
from tests.helpers.backoffice import make_staff_account
from tests.helpers.browser import console_log_in, moved, visitor_context

pytestmark = [pytest.mark.e2e, pytest.mark.axe]

SIZES: dict[str, ViewportSize] = {
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 900},
}
MODES = (("light", "390"), ("dark", "1280"), ("dark", "390"), ("light", "1280"))
ALL_MODES = os.environ.get("AXE_ALL_MODES") == "1"
TABS = 2  # tabs walking their share of the pages side by side
SETTLE_MS = 700  # the page's loaders have answered (as the language walk waits)
REPORT = Path(os.environ.get("AXE_REPORT", "/tmp/axe-pages.txt"))
STUDIO_GAMES = (
    "BGS_SLOT_JUNGLE",
    "BGS_DICE",
    "BGS_LIMBO",
    "BGS_MINES",
    "BGS_PLINKO",
    "BGS_ROULETTE",
    "BGS_SCRATCH_LUCKY",
    "BGS_POKER_JACKS",
    "BGS_BINGO_75",
)
# The dynamic pages, each with a real value; /u9w leaves the site for the vendor's client;
# an alias shows the same page as its first path.
DYNAMIC = {PLAY, GAME_LIST_CENTER, SANDBOX_PAY, U9W_ENTRY, NOT_FOUND}
ALIASES = {*HOME_ALIASES, HELP_MC, VN_LOTTERY.lower(), SEA_LOTTERY.lower()}
PLAYER = [r for r in all_pages() if not r.console and r.path not in DYNAMIC | ALIASES]
VISITOR_PAGES = [
    *sorted(r.path for r in PLAYER if not r.login),
    "/gameListCenter/pg/rng",
    sandbox_pay("NO-SUCH-ORDER"),
    f"{LOTTERY_VERIFY}?gameCode=ssc-1m",
    "/no-such-page",
]
MEMBER_PAGES = [
    "/",
    *sorted(r.path for r in PLAYER if r.login),
    lottery_game("LOTT", "ssc-1m"),
    lottery_game("TCG_LOTTO_VN", "vn-mn"),
    *(PLAY.replace("[studio_game]", code) for code in STUDIO_GAMES),
]
CONSOLE_PAGES = sorted(r.path for r in all_pages() if r.console and r.path not in CONSOLE_PUBLIC)
Opener = Callable[[Page, str], Awaitable[None]]

# (page, rule): why it stays for now. Empty: every page is clean.
KNOWN: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Finding:
    path: str
    mode: str  # "light 390" ...
    violation: Violation


async def _new_context(browser: Browser) -> BrowserContext:
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    return await visitor_context(
        browser,
        viewport=SIZES["1280"],
        timezone_id="America/Sao_Paulo",
        bypass_csp=True,
    )


async def _tabs(context: BrowserContext, first: Page | None = None) -> list[Page]:
    """TABS tabs of the browser (`first` among them)."""
    tabs = [first] if first is not None else []
    while len(tabs) < TABS:
        tabs.append(await context.new_page())
    return tabs


async def _open_console(page: Page, url: str) -> None:
    """A console page once it has hydrated (it has no brand to wait for)."""
    if await moved(page, url):
        return
    await page.goto(url)
    await page.wait_for_function(
        "() => !document.querySelector('[aria-busy=true]')", timeout=SLOW_MS
    )


async def _walk(
    tabs: list[Page], site_url: str, paths: list[str], opener: Opener = open_site
) -> list[Finding]:
    """The pages shared out between the tabs, which walk side by side: most of a page's time
    is waiting for it to settle, which tabs can do at once."""

    async def share(page: Page, part: list[tuple[int, str]]) -> list[Finding]:
        found: list[Finding] = []
        for index, path in part:
            await opener(page, site_url + path)
            await page.wait_for_timeout(SETTLE_MS)
            for scheme, label in MODES if ALL_MODES else MODES[index % len(MODES) :][:1]:
                await page.emulate_media(color_scheme=scheme)
                await page.set_viewport_size(SIZES[label])
                await page.wait_for_timeout(150)  # the layout and the theme have moved
                found += [
                    Finding(path, f"{scheme} {label}", v) for v in await blocking_findings(page)
                ]
            await page.emulate_media(color_scheme="light")
            await page.set_viewport_size(SIZES["1280"])
        return found

    numbered = list(enumerate(paths))
    walks = [share(tab, numbered[n :: len(tabs)]) for n, tab in enumerate(tabs)]
    return [finding for found in await asyncio.gather(*walks) for finding in found]


def _judge(walk: str, paths: list[str], found: list[Finding]) -> list[str]:
    """The findings not in KNOWN, one line per rule and elements (the pages and modes where
    it shows beside them), written to REPORT; and the KNOWN entries this walk no longer sees."""
    grouped: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    details: dict[tuple[str, str, str], str] = {}
    for f in found:
        if (f.path, f.violation.rule) not in KNOWN:
            key = (f.violation.rule, f.violation.targets, f.violation.message)
            grouped[key].append(f"{f.path} ({f.mode})")
            details.setdefault(key, f"{f.violation.detail} ({f.mode})")
    lines = [
        f"{rule}: {targets} — {message}\n    {details[rule, targets, message]}"
        f"\n    on {', '.join(places)}"
        for (rule, targets, message), places in sorted(grouped.items())
    ]
    counts: dict[str, int] = defaultdict(int)
    for f in found:
        counts[f.violation.rule] += 1
    summary = [f"{walk}: {n} × {rule}" for rule, n in sorted(counts.items())]
    with REPORT.open("a", encoding="utf-8") as report:
        report.write("\n".join([f"== {walk}", *summary, *lines]) + "\n")
    seen = {(f.path, f.violation.rule) for f in found}
    gone = [
        f"gone, drop from KNOWN: {key}"
        for key in KNOWN
        if ALL_MODES and key[0] in paths and key not in seen  # one mode a page may miss it
    ]
    return lines + gone


async def test_every_page_a_visitor_opens_is_accessible(browser: Browser, site_url: str) -> None:
    context = await _new_context(browser)
    try:
        found = await _walk(await _tabs(context), site_url, VISITOR_PAGES)
    finally:
        await context.close()
    assert _judge("visitor", VISITOR_PAGES, found) == []


async def test_every_page_a_member_opens_is_accessible(browser: Browser, site_url: str) -> None:
    context = await _new_context(browser)
    try:
        page = await context.new_page()
        await register_in_browser(page, site_url)  # the login belongs to the browser's tabs
        found = await _walk(await _tabs(context, page), site_url, MEMBER_PAGES)
    finally:
        await context.close()
    assert _judge("member", MEMBER_PAGES, found) == []


async def test_every_console_page_is_accessible(browser: Browser, site_url: str) -> None:
    username, secret = await make_staff_account("admin", None)
    context = await _new_context(browser)
    try:
        page = await context.new_page()
        public = await _walk([page], site_url, sorted(CONSOLE_PUBLIC), _open_console)
        await console_log_in(page, site_url, username, secret)
        tabs = await _tabs(context, page)
        found = public + await _walk(tabs, site_url, CONSOLE_PAGES, _open_console)
    finally:
        await context.close()
    assert _judge("console", [*CONSOLE_PUBLIC, *CONSOLE_PAGES], found) == []
