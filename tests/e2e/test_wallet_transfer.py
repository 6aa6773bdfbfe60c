"""The wallet page in a real browser: money into a vendor wallet and back, the header balance
follows, recall all; the bonus details page reads the ledger."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, WebSocket, expect

from app import routes
from models.ledger import AccountKind, TransactionKind
from tests.e2e.conftest import SLOW_MS as SLOW
from tests.e2e.conftest import register_in_browser
from tests.helpers.browser import choose_language, switch_theme
from tests.helpers.money import fund, grant

pytestmark = pytest.mark.e2e


async def _shots(page: Page, name: str, folder: Path) -> None:
    """Desktop and 360 px, light and dark, with no sideways scrolling on the phone."""
    for theme in ("light", "dark"):
        await switch_theme(page, theme)  # at 360 px (the dark turn), from the menu
        await page.set_viewport_size({"width": 1280, "height": 900})
        await page.screenshot(path=str(folder / f"{name}-desktop-{theme}.png"), full_page=True)
        await page.set_viewport_size({"width": 360, "height": 740})
        assert await page.evaluate("document.documentElement.scrollWidth") <= 360
        await page.screenshot(path=str(folder / f"{name}-360-{theme}.png"), full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})


async def test_transfer_in_and_out_and_bonus_details(
    context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    page = await context.new_page()
    member = await register_in_browser(page, site_url)
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00")
    assert member.id is not None
    member_id = member.id
    await fund(member_id, "100.00")

    await page.goto(site_url + "/transferFund")
    await expect(page.get_by_test_id("wallet-main")).to_have_text("R$\xa0100,00", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-CMD")).to_contain_text("Manutenção", timeout=SLOW)
    # BR1's market forbids betting on animal fights: no cockfight vendor's wallet.
    await expect(page.get_by_test_id("wallet-DS88")).to_have_count(0)
    await expect(
        page.get_by_test_id("transfer-vendor").locator("option[value=DS88]")
    ).to_have_count(0)
    # Nothing in the games' wallets: nothing to bring back.
    await expect(page.get_by_test_id("transfer-recall")).to_be_disabled()

    await page.get_by_test_id("transfer-vendor").select_option("SABA")
    await page.get_by_test_id("transfer-amount").fill("30,50")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text("30,50", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text(
        "R$\xa030,50", timeout=SLOW
    )
    await expect(page.get_by_test_id("wallet-main")).to_have_text("R$\xa069,50", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("69,50", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-total")).to_have_text("R$\xa0100,00", timeout=SLOW)

    # Too much out of the vendor wallet: refused with the balance, nothing moves.
    await page.get_by_test_id("tab-OUT").click()
    await expect(page.get_by_test_id("tab-OUT")).to_have_attribute("aria-selected", "true")
    await page.get_by_test_id("transfer-amount").fill("31")
    await expect(page.get_by_test_id("transfer-amount")).to_have_value("31")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("form-error")).to_contain_text(
        "Saldo insuficiente", timeout=SLOW
    )
    await page.get_by_test_id("transfer-amount").fill("10")
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text(
        "R$\xa020,50", timeout=SLOW
    )
    await expect(page.get_by_test_id("header-balance")).to_have_text("79,50", timeout=SLOW)

    await page.get_by_test_id("transfer-vendor").select_option("SBO")
    await page.get_by_test_id("tab-IN").click()
    await page.get_by_test_id("transfer-max").click()
    await expect(page.get_by_test_id("transfer-amount")).to_have_value("79.50", timeout=SLOW)
    await page.get_by_test_id("transfer-submit").click()
    await expect(page.get_by_test_id("header-balance")).to_have_text("0,00", timeout=SLOW)
    await _shots(page, "transfer", tmp_path)

    await expect(page.get_by_test_id("transfer-recall")).to_be_enabled()
    await page.get_by_test_id("transfer-recall").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-balance-SABA")).to_have_text(
        "R$\xa00,00", timeout=SLOW
    )

    await page.get_by_test_id("member-nav-bonusDetails").click()
    await expect(page.get_by_test_id("bonus-empty")).to_be_visible(timeout=SLOW)
    await grant(member_id, TransactionKind.BONUS, "15.00", AccountKind.MEMBER_BONUS)
    await grant(member_id, TransactionKind.REBATE, "2.35", AccountKind.MEMBER_CASH)
    await page.reload()
    await expect(page.get_by_test_id("bonus-row")).to_have_count(2, timeout=SLOW)
    await expect(page.get_by_test_id("bonus-list")).to_contain_text("Cashback", timeout=SLOW)
    await expect(page.get_by_test_id("bonus-list")).to_contain_text("15,00", timeout=SLOW)
    await _shots(page, "bonus", tmp_path)
    # The wallet page's total counts the bonus, which no wallet lists, and says so.
    await page.goto(site_url + "/transferFund")
    await expect(page.get_by_test_id("wallet-total")).to_have_text("R$\xa0117,35", timeout=SLOW)
    await expect(page.get_by_test_id("wallet-total-bonus")).to_have_text(
        "inclui R$\xa015,00 de bônus"
    )
    print(f"screenshots in {tmp_path}")


def _routes_in(frame: str | bytes) -> list[str]:
    """The page routes a server message sets the tab's router to (Reflex's socket.io frame
    `42/_event,[...]` carries the deltas)."""
    text = frame if isinstance(frame, str) else frame.decode()
    if not text.startswith("42"):
        return []
    found = re.findall(r'"rx_router_route_id_rx_state_":\s*("(?:[^"\\]|\\.)*")', text)
    return [json.loads(route) for route in found]


@pytest.mark.deep
async def test_the_balance_watch_follows_the_page_the_member_is_on(
    page: Page, site_url: str
) -> None:
    # The header's balance watch runs beside the page; what it hands on when money moves must
    # not take the tab's state back to the page where it started.
    routes_set: list[str] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: routes_set.extend(_routes_in(frame)))

    page.on("websocket", listen)
    member = await register_in_browser(page, site_url)
    await page.get_by_test_id("game-nav").locator(f"a[href='{routes.HOT}']").first.click()
    await page.wait_for_url(re.compile(r"/hot$"))
    await expect(page.get_by_test_id("game-count")).not_to_have_text("")
    await asyncio.sleep(3)  # the watch of the page before has had its next beat
    routes_set.clear()
    await fund(member.id or 0, "10.00")
    await expect(page.get_by_test_id("header-balance")).to_have_text("10,00", timeout=SLOW)
    await asyncio.sleep(2)  # the events the watch handed on have answered
    assert set(routes_set) <= {routes.HOT}


@pytest.mark.deep
async def test_a_sports_game_offers_money_in_and_leaving_it_brings_it_back(
    context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    # SABA keeps a wallet of its own: the lobby offers to move money in before its game, and
    # the game's "back to the site" link brings that money back (BR1's switch is on).
    page = await context.new_page()
    member = await register_in_browser(page, site_url)
    await fund(member.id or 0, "100.00")
    await page.goto(site_url + "/sports")
    card = page.get_by_test_id("game-card").filter(has_text="SABA")
    await card.locator("[data-testid^='play-']").click()
    await expect(page.get_by_test_id("offer-main")).to_contain_text("100,00", timeout=SLOW)
    await expect(page.get_by_test_id("offer-vendor")).to_contain_text("0,00")
    offer = page.get_by_role("dialog")
    await offer.locator("input[name=amount]").fill("30,00")
    await page.get_by_test_id("offer-move").click()

    await page.wait_for_url(re.compile(r"/play/SABA/"), timeout=SLOW)
    await page.get_by_role("link", name="Voltar ao site").click()
    await page.wait_for_url(re.compile(r"/\?game_exit=SABA$"), timeout=SLOW)
    notice = page.get_by_test_id("game-exit-notice")
    await expect(notice).to_contain_text("SABA Sports", timeout=SLOW)
    await expect(notice).to_contain_text("R$ 30,00")
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await _shots(page, "game-exit", tmp_path)
    # The line follows the reader's language, as the amounts around it do.
    await choose_language(page, "EN")
    await expect(notice).to_contain_text("You left SABA Sports", timeout=SLOW)
    await expect(notice).to_contain_text("30.00")
    await choose_language(page, "PT")
    await expect(notice).to_contain_text("R$ 30,00", timeout=SLOW)
    # The same address again: nothing left to bring back, and no stale line.
    await page.reload()
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00", timeout=SLOW)
    await expect(notice).to_have_count(0)
