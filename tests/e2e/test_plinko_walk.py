"""Browser walk on a phone (360 px): a member plays Plinko for real money: the hotkeys do
nothing with their switch off and bet/halve/double with it on; an autobet of 10 stops at its
stop on loss, says so, and the balance, the history and the ledger agree with the rounds."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect

from app.core.i18n.formatting import format_amount
from app.services.studio import autobet, rounds, seeds
from app.services.studio.games import GAMES
from tests.e2e.conftest import register_in_browser
from tests.helpers.browser import visitor_context
from tests.helpers.money import cash, fund
from tests.helpers.studio_autobet import CURRENCY, choose_client_seed, replay, server_seed

pytestmark = pytest.mark.e2e

PLINKO = "BGS_PLINKO"
HIGH_16 = {"rows": 16, "risk": "high"}
SHOTS = Path(os.environ.get("STUDIO_SHOTS", "/tmp/studio-shots"))


@pytest.mark.deep
async def test_a_plinko_autobet_of_10_stops_at_the_stop_on_loss_on_a_phone(
    browser: Browser, site_url: str
) -> None:
    context = await visitor_context(
        browser,
        viewport={"width": 360, "height": 780},
        timezone_id="America/Sao_Paulo",
    )
    page = await context.new_page()
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")
    await page.goto(site_url + f"/play/{PLINKO}")
    await expect(page.get_by_test_id("play-page")).to_have_attribute("data-mode", "real")
    await expect(page.get_by_test_id("play-balance")).to_have_text("R$\xa0100,00")
    await page.get_by_test_id("plinko-risk").select_option("high")
    await page.get_by_test_id("plinko-rows").select_option("16")
    await expect(page.get_by_test_id("plinko-slot")).to_have_count(17)
    await expect(page.get_by_test_id("plinko-slot").first).to_have_text("1000x")
    await page.get_by_test_id("bet-input").fill("1,00")

    # Hotkeys: off, Space does nothing; on, D doubles and S halves (the events of a tab run in
    # order, so a bet made by the Space would show before the doubled bet does).
    # The keys Plinko answers, the space bar named in Portuguese; no cash-out key (a drop has
    # nothing to cash out).
    await expect(page.get_by_test_id("hotkeys-panel").locator("kbd")).to_have_text(
        ["Espaço", "S", "D"]
    )
    switch = page.get_by_test_id("hotkeys-switch")
    await switch.click()
    await expect(page.get_by_test_id("play-page")).to_have_attribute("data-hotkeys", "off")
    await page.locator("h1").click()  # focus out of the fields
    await page.keyboard.press("Space")
    await switch.click()
    await expect(page.get_by_test_id("play-page")).to_have_attribute("data-hotkeys", "on")
    await page.locator("h1").click()
    await page.keyboard.press("d")
    await expect(page.get_by_test_id("bet-input")).to_have_value("2,00")
    await expect(page.get_by_test_id("round-id")).to_have_text("")
    await expect(page.get_by_test_id("history-row")).to_have_count(0)
    await page.keyboard.press("s")
    await expect(page.get_by_test_id("bet-input")).to_have_value("1,00")

    # A client seed whose drops reach a stop on loss of 2.50 before the 10th bet (the server
    # seed is known to the test only; the page commits to its hash).
    owner = seeds.member_owner(member.id)
    seed = await server_seed(owner)
    nonce = (await seeds.current(owner)).next_nonce
    plan = autobet.plan(
        GAMES[PLINKO].spec.limits(CURRENCY), bets="10", stake="1.00", stop_loss="2.50"
    )

    def stops_on_loss(client: str) -> bool:
        expected = replay(plan, PLINKO, HIGH_16, seed, client, nonce)
        return expected.stopped == autobet.STOP_LOSS and 1 < expected.played < 10

    client = choose_client_seed(stops_on_loss)
    expected = replay(plan, PLINKO, HIGH_16, seed, client, nonce)
    await page.get_by_test_id("fairness-toggle").click()
    await page.get_by_test_id("client-seed-input").fill(client)
    await page.get_by_test_id("client-seed-save").click()
    await expect(page.get_by_test_id("client-seed-input")).to_have_value(client)
    await page.get_by_test_id("fairness-toggle").click()

    await page.get_by_test_id("autobet-toggle").click()
    await page.get_by_test_id("autobet-bets").fill("10")
    await page.get_by_test_id("autobet-stop-loss").fill("2,50")
    await page.get_by_test_id("autobet-start").click()
    progress = page.get_by_test_id("autobet-progress")
    await expect(page.get_by_test_id("autobet-status")).to_contain_text("limite de perda")
    await expect(progress).to_have_attribute("data-running", "0")
    await expect(progress).to_have_attribute("data-played", str(expected.played))
    await expect(page.get_by_test_id("autobet-start")).to_be_visible()

    played = await rounds.recent(owner, PLINKO, limit=20)
    assert len(played) == expected.played
    profit = sum((r.payout - r.stake for r in played), Decimal(0))
    assert profit == expected.profit and -profit <= Decimal("2.50")
    assert await cash(member) == Decimal("100.00") + profit
    shown = format_amount(Decimal("100.00") + profit, "pt")
    await expect(page.get_by_test_id("play-balance")).to_have_text("R$\xa0" + shown)
    await expect(page.get_by_test_id("header-balance")).to_have_text(shown)
    await expect(page.get_by_test_id("history-row")).to_have_count(expected.played)
    await expect(
        page.get_by_test_id("plinko-slot").and_(page.locator("[data-hit='1']"))
    ).to_have_count(1)
    overflow = await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "plinko-autobet-360.png"), full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})
    await page.screenshot(path=str(SHOTS / "plinko-autobet-1280.png"), full_page=True)
    await context.close()
