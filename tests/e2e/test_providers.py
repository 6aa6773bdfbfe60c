"""Browser walks of an outside provider: a member opens a PG slot from the lobby, the game
opens on the provider simulator (its own process and port), plays for real money through the
vendor wallet API, and back on the site the header balance and the betting record follow; a
guest plays a demo. Screenshots at 360 px and desktop."""

from __future__ import annotations

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount
from app.services import ledger
from models import Game, Member
from simulator import catalogue as sim_catalogue
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser, simulator_url
from tests.helpers.browser import visitor_context
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("PROVIDER_SHOTS", "/tmp/provider-shots"))


async def _simulated_game(vendor: str, kind: str, *, demo: bool = False) -> Game:
    """The vendor's first open game the simulator plays as `kind`, with a free demo or not."""
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game)
                .where(
                    Game.vassalage == vendor,
                    Game.is_game == "GAME",
                    Game.support_play == (0 if demo else 1),
                    col(Game.maintenance).is_(False),
                )
                .order_by(col(Game.id))
            )
        ).all()
    return next(g for g in games if sim_catalogue.games()[(vendor, g.game_code)].kind == kind)


async def _cash(member: Member) -> Decimal:
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency="BRL"
        )
    return wallet.cash


async def _open_from_lobby(
    page: Page, site_url: str, game: Game, kind: str, games_page: str = "/rng"
) -> None:
    await page.goto(site_url + f"{games_page}?vassalage={game.vassalage}")
    await expect(page.get_by_test_id("game-card").first).to_be_visible(timeout=SLOW_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.wait_for_timeout(500)  # the lazy icons of the first row
    await page.screenshot(path=str(SHOTS / f"lobby-{kind}.png"))
    await page.get_by_test_id("game-search").fill(game.game_name)
    await page.get_by_test_id(f"{kind}-{game.id}").click()
    await page.wait_for_url(
        f"{simulator_url()}/play/{game.vassalage}/{game.game_code}?**", timeout=SLOW_MS
    )


async def test_member_plays_a_pg_slot_on_the_simulator(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")
    game = await _simulated_game("PG", sim_catalogue.SLOT)
    await _open_from_lobby(page, site_url, game, "play")
    balance = page.locator("#balance")
    await expect(balance).to_have_text("Saldo: BRL 100,00", timeout=SLOW_MS)
    spin = page.get_by_role("button", name="Girar")
    for _ in range(5):
        await expect(spin).to_be_enabled(timeout=SLOW_MS)
        await spin.click()
        await expect(page.locator("#msg")).not_to_have_text("", timeout=SLOW_MS)
    await expect(spin).to_be_enabled(timeout=SLOW_MS)
    cash = await _cash(member)
    await expect(balance).to_have_text(f"Saldo: BRL {format_amount(cash, 'pt')}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "slot-1280.png"), full_page=True)

    # Back on the site: the header balance and the betting record follow.
    await page.get_by_role("link", name="Voltar ao site").click()
    await page.wait_for_url(site_url + "/**")
    await expect(page.get_by_test_id("header-balance")).to_have_text(
        format_amount(cash, "pt"), timeout=SLOW_MS
    )
    await page.goto(site_url + "/personalHistoryCopy")
    await expect(page.get_by_test_id("betting-row")).to_have_count(5, timeout=SLOW_MS)


@pytest.mark.deep
async def test_member_plays_blackjack_and_a_one_bet_table_on_the_simulator(
    page: Page, site_url: str
) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")
    table = await _simulated_game("EVO", sim_catalogue.BLACKJACK)
    await _open_from_lobby(page, site_url, table, "play", "/live")
    balance = page.locator("#balance")
    await expect(balance).to_have_text("Saldo: BRL 100,00", timeout=SLOW_MS)
    deal = page.get_by_role("button", name="Distribuir")
    stand = page.get_by_role("button", name="Parar")
    for _ in range(3):
        await expect(deal).to_be_enabled(timeout=SLOW_MS)
        await expect(stand).to_be_disabled()  # no move before a hand is dealt
        await deal.click()
        message = page.locator("#msg")
        await expect(message).not_to_have_text("", timeout=SLOW_MS)
        await expect(page.locator("#pcards .card")).to_have_count(2)
        if await message.inner_text() == "Sua vez: pedir, parar ou dobrar.":  # no blackjack
            await expect(stand).to_be_enabled()
            await expect(deal).to_be_disabled()  # one hand at a time
            await stand.click()
        await expect(page.locator("#msg")).to_contain_text(
            re.compile("Ganho|Sem ganho"), timeout=SLOW_MS
        )
        assert await page.locator("#dcards .card").count() >= 2  # the hole card shown
    await expect(deal).to_be_enabled(timeout=SLOW_MS)
    await expect(balance).to_have_text(
        f"Saldo: BRL {format_amount(await _cash(member), 'pt')}", timeout=SLOW_MS
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "blackjack-1280.png"), full_page=True)

    dragon_tiger = await _simulated_game("EVO", sim_catalogue.TABLE)
    await _open_from_lobby(page, site_url, dragon_tiger, "play", "/live")
    bet = page.locator("button[data-on]").first
    await expect(bet).to_be_enabled(timeout=SLOW_MS)
    await bet.click()
    await expect(page.locator("#dealt .card").first).to_be_visible(timeout=SLOW_MS)
    await expect(page.locator("#msg")).to_contain_text(
        re.compile("Ganho|Sem ganho"), timeout=SLOW_MS
    )
    await expect(balance).to_have_text(
        f"Saldo: BRL {format_amount(await _cash(member), 'pt')}", timeout=SLOW_MS
    )
    await page.screenshot(path=str(SHOTS / "live-table-1280.png"), full_page=True)


@pytest.mark.deep
async def test_guest_plays_a_pg_demo(browser: Browser, site_url: str) -> None:
    context = await visitor_context(browser, viewport={"width": 360, "height": 780})
    page = await context.new_page()
    game = await _simulated_game("PG", sim_catalogue.SLOT, demo=True)
    await open_site(page, site_url + "/")
    await _open_from_lobby(page, site_url, game, "demo")
    await expect(page.locator("#mode")).to_have_text("Modo demo", timeout=SLOW_MS)
    await expect(page.locator("#balance")).to_have_text("Saldo: BRL 2.000,00")
    await page.get_by_role("button", name="Girar").click()
    await expect(page.locator("#msg")).not_to_have_text("", timeout=SLOW_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "slot-demo-360.png"), full_page=True)
    await context.close()


@pytest.mark.deep
async def test_cockfight_is_not_offered_where_the_market_forbids_animal_fights(
    page: Page, site_url: str
) -> None:
    """BR1's market (Brazil) forbids betting on animal fights: its menu has no cockfight
    entry, and /cockfight (even asked to start a vendor's game) says why instead."""
    await open_site(page, site_url + "/cockfight?start=DS88")
    await expect(page.get_by_test_id("list-not-offered")).to_have_text(
        translate("animal-fights-not-offered", "pt"), timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("game-card")).to_have_count(0)
    await expect(page.get_by_test_id("nav-cockfight")).to_have_count(0)
    assert page.url.startswith(site_url)  # no game started
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "cockfight-not-offered-1280.png"), full_page=True)


@pytest.mark.deep
async def test_cockfight_nav_starts_the_first_vendors_game(page: Page, site_url: str) -> None:
    """Spec 2, on a brand without a jurisdiction (VN1, its own domain)."""
    await register_in_browser(page, site_url.replace("127.0.0.1", "luckylotus.localhost"))
    await page.get_by_test_id("nav-cockfight").click()
    await page.wait_for_url(f"{simulator_url()}/play/DS88/**", timeout=SLOW_MS)
    await expect(page.locator("#events li").first).to_be_visible(timeout=SLOW_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "cockfight-1280.png"), full_page=True)


@pytest.mark.deep
async def test_the_u9w_entry_starts_the_u9w_sportsbook(page: Page, site_url: str) -> None:
    """Spec 2.R16 and 2.N6: /u9w asks a guest to log in, and takes a member straight to the
    U9W vendor's sportsbook (on the simulator), no list or popup in between."""
    await open_site(page, site_url + "/u9w")
    await expect(page.get_by_test_id("dialog-login")).to_be_visible(timeout=SLOW_MS)
    await register_in_browser(page, site_url)
    await page.goto(site_url + "/u9w")
    await page.wait_for_url(f"{simulator_url()}/play/U9W/**", timeout=SLOW_MS)
    await expect(page.locator("#events li").first).to_be_visible(timeout=SLOW_MS)
