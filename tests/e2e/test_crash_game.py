"""Browser walk of Crash on a phone: two members in one round of the brand, driven by the site
itself; one bets and cashes out by hotkeys (the keys shown on the buttons) while the curve
rises, the other clicks and rides into the crash and loses; a guest plays the same round with
the demo balance (from the Originals' list, whose Crash card states its RTP), kept out of the
live feed (the board every tab follows on the live socket), and cashes out by click; the
winner's own bets link to the round's verification."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import timedelta

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import col, select

from app.core.db import session_scope
from app.services.brands import brands
from models import Member
from models.base import utcnow
from models.crash import CrashRound, CrashRoundStatus
from tests.helpers.axe import blocking_violations
from tests.helpers.browser import SLOW_MS, open_site, register_in_browser, visitor_context
from tests.helpers.crash_game import next_round_crashing_between
from tests.helpers.money import cash, fund

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}  # a budget Android's screen, common in Brazil
ROUND_WAIT_SECONDS = 300


async def _round_taking_bets(merchant_id: int) -> CrashRound:
    """The brand's next round with time left to bet, whose flight lasts long enough for a
    click (crash point 2x to 20x: 12 to 50 seconds); should the made round be missed (a slow
    machine), a random one that fits."""
    deadline = time.monotonic() + ROUND_WAIT_SECONDS
    while time.monotonic() < deadline:
        async with session_scope() as session:
            row = (
                await session.exec(
                    select(CrashRound)
                    .where(CrashRound.merchant_id == merchant_id)
                    .order_by(col(CrashRound.id).desc())
                )
            ).first()
        if (
            row is not None
            and 200 <= row.crash_hundredths <= 2000
            and row.started_at - utcnow() > timedelta(seconds=4)
        ):
            return row
        await asyncio.sleep(0.25)
    raise AssertionError("no round to play came in time")


async def _settled(round_pk: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        async with session_scope() as session:
            row = await session.get(CrashRound, round_pk)
        if row is not None and row.status == CrashRoundStatus.SETTLED:
            return
        await asyncio.sleep(0.25)
    raise AssertionError("the round was not settled")


async def _player(browser: Browser, site_url: str, *, axe: bool = False) -> tuple[Page, Member]:
    """A member on the Crash page; with `axe`, in a browser that lets axe-core's inline script
    in (bypass_csp: the others keep the site's policy, its connect-src for the live socket)."""
    context = await visitor_context(
        browser,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        timezone_id="America/Sao_Paulo",
        bypass_csp=axe,
    )
    page = await context.new_page()
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "50.00")
    await open_site(page, site_url + "/play/BGS_CRASH")
    await expect(page.get_by_test_id("crash-page")).to_have_attribute(
        "data-ready", "true", timeout=SLOW_MS
    )
    return page, member


async def _beside_the_curve(page: Page, button: str) -> None:
    """The curve and `button` in view together above the tab bar, with no scroll: a player
    watching the multiplier can cash out."""
    board = await page.get_by_test_id("crash-board").bounding_box()
    pressed = await page.get_by_test_id(button).bounding_box()
    bar = await page.get_by_test_id("tab-bar").bounding_box()
    assert board and pressed and bar
    assert board["y"] >= 0 and pressed["y"] + pressed["height"] <= bar["y"], (board, pressed)


async def _guest_demo(browser: Browser, site_url: str) -> Page:
    """A guest on the Originals' list: Crash's card states its RTP and opens the demo."""
    context = await visitor_context(
        browser, viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="America/Sao_Paulo"
    )
    page = await context.new_page()
    await open_site(page, site_url + "/inHouse")
    card = page.get_by_test_id("game-card").filter(has_text="Crash")
    await expect(card.get_by_test_id("game-rtp")).to_have_text(re.compile(r"RTP \d+,\d\d %"))
    await card.locator("[data-testid^='demo-']").click()
    await page.wait_for_url(re.compile(r"/play/BGS_CRASH\?.*demo=1"), timeout=SLOW_MS)
    crash_page = page.get_by_test_id("crash-page")
    await expect(crash_page).to_have_attribute("data-ready", "true", timeout=SLOW_MS)
    await expect(crash_page).to_have_attribute("data-mode", "demo")
    await expect(page.get_by_test_id("demo-badge")).to_be_visible()
    await expect(page.get_by_test_id("crash-balance")).to_contain_text("1.000,00")
    await expect(page.get_by_test_id("crash-mine")).to_have_count(0)  # no record to verify
    return page


async def test_two_players_in_one_round_one_cashes_out_one_loses(
    browser: Browser, site_url: str
) -> None:
    winner_page, winner = await _player(browser, site_url, axe=True)
    loser_page, loser = await _player(browser, site_url)
    guest_page = await _guest_demo(browser, site_url)
    # Hotkeys, as on every Original: listed with their switch, shown on the buttons, the space
    # bar named in Portuguese; D and S double and halve bet 1.
    await expect(winner_page.get_by_test_id("hotkeys-panel")).to_contain_text("Espaço")
    await expect(winner_page.get_by_test_id("crash-bet-1")).to_contain_text("Espaço")
    # The stakes are written the Portuguese way, as the amounts around them are.
    await expect(winner_page.get_by_test_id("crash-stake-1")).to_have_value("1,00")
    await winner_page.keyboard.press("d")
    await expect(winner_page.get_by_test_id("crash-stake-1")).to_have_value("2,00")
    await winner_page.keyboard.press("s")
    await expect(winner_page.get_by_test_id("crash-stake-1")).to_have_value("1,00")

    # A round of 3x to 4x next (18 to 23 seconds of flight): no wait for a random one.
    await next_round_crashing_between(300, 400)
    row = await _round_taking_bets((await brands.by_code("BR1")).id)
    for page in (winner_page, loser_page, guest_page):  # every tab follows it before a bet
        board = page.get_by_test_id("crash-board")
        await expect(board).to_have_attribute("data-round", f"crash-{row.id}")
        await expect(board).to_have_attribute("data-phase", "betting")
        await expect(page.get_by_test_id("crash-feed-more")).not_to_have_attribute(
            "data-waiting", re.compile(".*")
        )  # no longer "connecting"
    await loser_page.set_viewport_size(SMALL_PHONE)
    await _beside_the_curve(loser_page, "crash-bet-1")
    await winner_page.keyboard.press("Space")
    for page in (loser_page, guest_page):
        await page.get_by_test_id("crash-bet-1").click()
    # A member's bet goes on the live socket: its answer at once, then its balance (the
    # wallet's) beside the panels.
    await expect(winner_page.get_by_test_id("crash-answer")).to_have_text("Aposta 1 feita.")
    await expect(winner_page.get_by_test_id("crash-balance")).to_contain_text("49,00")
    for page in (winner_page, loser_page, guest_page):
        await expect(page.get_by_test_id("crash-cash-1")).to_be_visible(timeout=SLOW_MS)
    await _beside_the_curve(loser_page, "crash-cash-1")
    for page in (winner_page, loser_page, guest_page):
        # the live feed shows both members' bets of the round, names masked; no demo bet
        await expect(page.get_by_test_id("crash-feed").locator("li")).to_have_count(2)
    assert "***" in await winner_page.get_by_test_id("crash-feed").inner_text()
    # What the live board wrote into the page (the feed, the crash points) is accessible too.
    assert await blocking_violations(winner_page, ("[data-testid=crash-page]",)) == []
    await expect(guest_page.get_by_test_id("crash-balance")).to_contain_text("999,00")

    board = winner_page.get_by_test_id("crash-board")
    await expect(board).to_have_attribute("data-phase", "running", timeout=SLOW_MS)
    # The curve's multiplier in Portuguese decimals, as the page's other figures ("1,23x").
    await expect(winner_page.get_by_test_id("crash-multiplier")).to_have_text(
        re.compile(r"^\d+,\d\dx$")
    )
    await expect(winner_page.get_by_test_id("crash-cash-1")).to_contain_text("C")
    # A member's page cashes out on the live socket (its ticket taken); the demo page on its
    # own event socket.
    await expect(board).to_have_attribute("data-cash", "live")
    await expect(guest_page.get_by_test_id("crash-board")).to_have_attribute("data-cash", "page")
    # The curve past 1.01x by the server's clock (about 0.17 s of flight), so that the
    # cash-out pays more than the stake: a press in the flight's first instant pays 1.00x.
    await asyncio.sleep((row.started_at + timedelta(seconds=0.5) - utcnow()).total_seconds())
    await winner_page.keyboard.press("c")
    # the socket's answer, shown the moment it comes; then the bet as stored
    await expect(winner_page.get_by_test_id("crash-answer")).to_contain_text("Retirou em")
    await expect(winner_page.get_by_test_id("crash-answer")).to_have_attribute("data-ok", "true")
    await expect(winner_page.get_by_test_id("crash-state-1")).to_contain_text("Retirou em")
    await expect(winner_page.get_by_test_id("crash-notice")).to_have_count(0)
    await expect(winner_page.get_by_test_id("crash-balance")).to_contain_text("50,")
    # the guest cashes the demo bet out by click, into the demo balance
    await guest_page.get_by_test_id("crash-cash-1").click()
    await expect(guest_page.get_by_test_id("crash-notice")).to_contain_text("Retirou em")
    await expect(guest_page.get_by_test_id("crash-state-1")).to_contain_text("Retirou em")
    await expect(guest_page.get_by_test_id("crash-balance")).to_contain_text("1.000,")

    # A bet asked for in flight waits for the next round, and may be taken back until then.
    await loser_page.get_by_test_id("crash-bet-2").click()
    await expect(loser_page.get_by_test_id("crash-answer")).to_have_text(
        "A aposta 2 entra na próxima rodada."
    )
    await loser_page.get_by_test_id("crash-unqueue-2").click()
    await expect(loser_page.get_by_test_id("crash-bet-2")).to_be_visible()
    await loser_page.get_by_test_id("crash-bet-2").click()
    await expect(loser_page.get_by_test_id("crash-unqueue-2")).to_be_visible()

    flight = (row.crash_at - utcnow()).total_seconds()
    crashed = loser_page.get_by_test_id("crash-board")
    await expect(crashed).to_have_attribute(
        "data-phase", "crashed", timeout=(max(flight, 0) + 20) * 1000
    )
    await expect(loser_page.get_by_test_id("crash-state-1")).to_have_text("Perdeu", timeout=SLOW_MS)
    shown = f"{row.crash_hundredths // 100},{row.crash_hundredths % 100:02d}"
    await expect(loser_page.get_by_test_id("crash-phase")).to_have_text(f"Estourou em {shown}x")
    await expect(loser_page.get_by_test_id("crash-multiplier")).to_have_text(f"{shown}x")
    await expect(loser_page.get_by_test_id("crash-cash-1")).to_be_hidden()
    await expect(loser_page.get_by_test_id("crash-bet-1")).to_be_visible()
    # The next round takes bets: the waiting bet goes in.
    await expect(loser_page.get_by_test_id("crash-answer")).to_have_text(
        "Aposta 2 feita.", timeout=ROUND_WAIT_SECONDS * 1000
    )
    await _settled(row.id or 0)
    assert await cash(loser) == 48
    assert await cash(winner) > 50

    # The winner's own bets: the round's verify link recomputes its crash point.
    mine = winner_page.get_by_test_id("crash-mine")
    await expect(mine.locator("li")).to_have_count(1, timeout=SLOW_MS)
    await mine.get_by_role("link").first.click()
    await winner_page.wait_for_url(f"**/play/verify?round=crash-{row.id}")
    await expect(winner_page.get_by_test_id("verify-result")).to_have_attribute(
        "data-ok", "1", timeout=SLOW_MS
    )


@pytest.mark.deep
async def test_until_the_live_socket_speaks_the_feed_says_it_is_connecting(
    browser: Browser, site_url: str
) -> None:
    """A socket slow to give its first message leaves no empty card under the feed's heading."""
    context = await visitor_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    await context.route_web_socket(re.compile(r".*/_crash/live.*"), lambda _: None)  # silent
    page = await context.new_page()
    await open_site(page, site_url + "/play/BGS_CRASH?demo=1")
    await expect(page.get_by_test_id("crash-page")).to_have_attribute(
        "data-ready", "true", timeout=SLOW_MS
    )
    note = page.get_by_test_id("crash-feed-more")
    shown = await note.evaluate("e => getComputedStyle(e, '::before').content")
    assert shown == '"Conectando à rodada ao vivo…"'
    await context.close()
