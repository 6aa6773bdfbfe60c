"""Browser walks of the studio: a member plays a slot for real money (the header balance
follows, the rounds are recorded, one is verified after the seed rotation) and a guest plays
the demo without touching the ledger. Screenshots of every game at 360 px and desktop."""

from __future__ import annotations

import os
import re
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.async_api import Browser, Locator, Page, expect
from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.i18n.formatting import format_amount
from app.services.studio import rounds, seeds
from app.services.studio.games import GAMES
from models import LedgerEntry
from tests.e2e.conftest import open_site, register_in_browser
from tests.helpers.axe import blocking_findings
from tests.helpers.browser import switch_theme, visitor_context
from tests.helpers.money import fund

# BR1 has no Tagalog, so its players are not offered bingo (spec 1).
OFFERED = [code for code, game in GAMES.items() if game.spec.sub_category != "BG"]

pytestmark = pytest.mark.e2e

SLOT = "BGS_SLOT_JUNGLE"
SHOTS = Path(os.environ.get("STUDIO_SHOTS", "/tmp/studio-shots"))


async def _entries() -> int:
    async with session_scope() as session:
        return (await session.exec(select(func.count(col(LedgerEntry.id))))).one()


async def _hidden(locator: Locator) -> bool:
    try:
        await expect(locator).to_be_hidden(timeout=2_000)
    except AssertionError:
        return False
    return True


async def _has_text(locator: Locator) -> bool:
    try:
        await expect(locator).not_to_have_text("", timeout=10_000)
    except AssertionError:
        return False
    return True


async def _play_rounds(page: Page, count: int) -> None:
    """Press play `count` times, each time waiting for the new round to be shown."""
    round_id = page.get_by_test_id("round-id")
    for _ in range(count):
        before = await round_id.inner_text()
        await page.get_by_test_id("play-button").click()
        await expect(round_id).not_to_have_text(before)
        await expect(page.get_by_test_id("play-error")).to_have_text("")


async def test_member_plays_a_slot_and_verifies_a_round(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")
    await page.goto(site_url + "/")  # a fresh load reads the funded balance
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00")

    # From the lobby: the in-house list, the slot's card, play.
    await page.goto(site_url + "/inHouse?vassalage=BGS")
    # The list first: a search typed while the page still loads is replaced by its load.
    await expect(page.get_by_test_id("game-card").first).to_be_visible()
    await page.get_by_test_id("game-search").fill("Rolos")  # its name as a PT reader sees it
    card = page.get_by_test_id("game-card").first
    await expect(card).to_contain_text("Rolos da Selva")
    await expect(page.get_by_test_id("game-card")).to_have_count(1)
    await card.get_by_role("button", name="Jogar").click()
    await page.wait_for_url(f"**/play/{SLOT}**")
    await expect(page.get_by_test_id("play-page")).to_have_attribute("data-mode", "real")
    await expect(page.get_by_test_id("play-balance")).to_have_text("R$\xa0100,00")

    # Rules and paytable before betting.
    await page.get_by_test_id("rules-button").click()
    paytable = page.get_by_test_id("paytable")
    await expect(paytable).to_contain_text("Tigre")
    # Escape closes the dialog once it has the focus; on a slow machine that may take a
    # moment, and its overlay would swallow the next click.
    for _ in range(5):
        await page.keyboard.press("Escape")
        if await _hidden(paytable):
            break
    await expect(paytable).to_be_hidden()

    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 10)

    owner = seeds.member_owner(member.id)
    played = await rounds.recent(owner, SLOT, limit=20)
    assert len(played) == 10
    expected = Decimal("100.00") - sum(r.stake for r in played) + sum(r.payout for r in played)
    shown = format_amount(expected, "pt")
    # the game writes money with the brand's symbol; the header's figure sits by its own
    await expect(page.get_by_test_id("play-balance")).to_have_text("R$\xa0" + shown)
    await expect(page.get_by_test_id("header-balance")).to_have_text(shown, timeout=15_000)
    await expect(page.get_by_test_id("history-row")).to_have_count(10)

    # The betting record lists the ten rounds.
    await page.goto(site_url + "/personalHistoryCopy")
    await expect(page.get_by_test_id("betting-row")).to_have_count(10)

    # Rotate the server seed: the old seed is revealed and hashes to the committed hash.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("fairness-toggle").click()
    committed = await page.get_by_test_id("seed-hash").inner_text()
    assert committed == played[0].server_seed_hash
    await page.get_by_test_id("rotate-seed").click()
    await expect(page.get_by_test_id("revealed-hash")).to_have_text(committed)
    await expect(page.get_by_test_id("seed-hash")).not_to_have_text(committed)

    # Any round of the record now verifies against the revealed seed.
    await page.goto(site_url + "/personalHistoryCopy")
    link = page.get_by_test_id("betting-verify").first
    href = await link.get_attribute("href") or ""
    checked_round = unquote(href.partition("round=")[2])
    assert checked_round in {r.round_id for r in played}
    await link.click()
    await page.wait_for_url("**/play/verify?round=**")
    await expect(page.get_by_test_id("verify-result")).to_have_attribute("data-ok", "1")
    await expect(page.get_by_test_id("verify-page")).to_contain_text(checked_round)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "verify-1280-light.png"), full_page=True)

    # A round id changed by hand is refused with a clear message.
    await page.goto(site_url + f"/play/verify?round={played[0].round_id}9")
    await expect(page.get_by_test_id("verify-error")).to_contain_text("Não existe")


@pytest.mark.deep
async def test_a_guest_plays_the_demo_and_without_demo_is_asked_to_log_in(
    page: Page, site_url: str
) -> None:
    entries = await _entries()
    await open_site(page, site_url + "/play/BGS_DICE")
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await expect(page.get_by_test_id("play-blocked")).to_be_visible()

    await open_site(page, site_url + "/play/BGS_DICE?demo=1")
    await expect(page.get_by_test_id("demo-badge")).to_be_visible()
    await expect(page.get_by_test_id("play-balance")).to_have_text("R$\xa01.000,00")
    await page.get_by_test_id("bet-input").fill("10")
    await page.get_by_test_id("dice-over").click()
    await expect(page.get_by_test_id("quoted-multiplier")).to_contain_text("1,98x")
    await _play_rounds(page, 3)
    await expect(page.get_by_test_id("play-balance")).not_to_have_text("R$\xa01.000,00")
    await expect(page.get_by_test_id("history-row")).to_have_count(3)
    await page.get_by_test_id("bet-input").fill("5000")
    await page.get_by_test_id("play-button").click()
    await expect(page.get_by_test_id("play-error")).to_contain_text("entre")

    # Video poker in two steps, by keyboard only: deal, hold two cards, draw.
    await open_site(page, site_url + "/play/BGS_POKER_JACKS?demo=1")
    await expect(page.get_by_test_id("play-balance")).to_have_text(re.compile(r"\d"))
    # The poker page has loaded its own game (not the dice page's state) before the deal.
    await expect(page.get_by_test_id("play-button")).to_have_text("Distribuir")
    await expect(page.get_by_test_id("poker-cards")).to_be_attached()
    await page.get_by_test_id("play-button").focus()
    await page.keyboard.press("Enter")
    cards = page.get_by_test_id("poker-card")
    await expect(cards).to_have_count(5)
    await expect(page.get_by_test_id("play-button")).to_have_text("Trocar")
    for index in (0, 3):
        await cards.nth(index).focus()
        await page.keyboard.press("Enter")
        await expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    held = [await cards.nth(i).get_attribute("aria-label") for i in (0, 3)]
    await page.get_by_test_id("play-button").focus()
    await page.keyboard.press("Enter")
    await expect(page.get_by_test_id("round-result")).to_be_visible()
    await expect(page.get_by_test_id("play-button")).to_have_text("Distribuir")
    assert [await cards.nth(i).get_attribute("aria-label") for i in (0, 3)] == held
    assert await _entries() == entries  # demo play never reaches the ledger


async def _middle(locator: Locator) -> float:
    box = await locator.bounding_box()
    assert box is not None
    return box["y"] + box["height"] / 2


@pytest.mark.deep
async def test_a_phone_keeps_the_rules_and_the_demo_refill_beside_the_title_and_balance(
    browser: Browser, site_url: str
) -> None:
    """At 360 px the rules button and the demo balance's refill are icons on the lines of the
    title and the balance (rows of their own pushed the game down), named by their words."""
    context = await visitor_context(browser, viewport={"width": 360, "height": 740})
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/play/BGS_DICE?demo=1")
        rules = page.get_by_role("button", name="Regras e tabela de pagamentos")
        refill = page.get_by_role("button", name="Recarregar saldo de demonstração")
        await expect(rules).to_be_visible()
        await expect(refill).to_be_visible()
        title = page.get_by_test_id("game-title")
        assert abs(await _middle(rules) - await _middle(title)) < 12
        balance = page.get_by_test_id("play-balance")
        assert abs(await _middle(refill) - await _middle(balance)) < 12
    finally:
        await context.close()


@pytest.mark.deep
async def test_a_phone_shows_every_originals_play_button_above_the_tab_bar(
    browser: Browser, site_url: str
) -> None:
    """At 360 x 740 each Original's play button comes right under its board, on the first
    screen above the tab bar (the amount and the game's choices follow it, as on the betting
    sites' phone pages): under them, Roulette's was three screens down."""
    context = await visitor_context(browser, viewport={"width": 360, "height": 740})
    try:
        page = await context.new_page()
        for code in OFFERED:
            await open_site(page, site_url + f"/play/{code}?demo=1")
            button = page.get_by_test_id("play-button")
            await expect(button).to_be_visible()
            bar = await page.get_by_test_id("tab-bar").bounding_box()
            box = await button.bounding_box()
            assert bar is not None and box is not None
            assert box["y"] + box["height"] <= bar["y"], f"{code}: {box} under the bar {bar}"
    finally:
        await context.close()


@pytest.mark.deep
async def test_a_phone_places_a_split_and_a_corner_with_chips_and_is_paid(
    browser: Browser, site_url: str
) -> None:
    """At 390 x 844 with a finger: the table stands up (0, then twelve rows of three), every
    spot is a finger's target, a split and a corner are tapped with chips of the rack, the
    wheel spins and the round pays as the chips lay; the balance adds the payout only when
    the wheel has stopped. The table passes axe."""
    context = await visitor_context(
        browser,
        motion=True,  # the wheel's spin, which the balance waits for
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        bypass_csp=True,  # axe's script is added inline
    )
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/play/BGS_ROULETTE?demo=1")
        board = page.get_by_test_id("roulette-board")
        one, two, four = [
            await page.get_by_test_id(f"roulette-{n}").bounding_box() for n in (1, 2, 4)
        ]
        zero = await page.get_by_test_id("roulette-0").bounding_box()
        assert one and two and four and zero
        assert zero["y"] < one["y"] and abs(one["y"] - two["y"]) < 1 and four["y"] > one["y"]
        for spot in await board.get_by_role("button").all():
            box = await spot.bounding_box()
            assert box and box["width"] >= 36 and box["height"] >= 36, await spot.inner_text()
        assert await page.get_by_role("button", name="17 preto").count() == 1

        chips = page.get_by_test_id("roulette-chip")
        await expect(chips).to_have_text(["0,10", "1,00", "5,00", "10,00", "50,00", "100,00"])
        await chips.nth(2).click()
        await page.get_by_test_id("roulette-kind-split").click()
        await page.get_by_test_id("roulette-1").click()
        await page.get_by_test_id("roulette-5").click()
        await expect(page.get_by_test_id("roulette-error")).to_have_text(
            "Um cavalo cobre dois números vizinhos na mesa."
        )
        await page.get_by_test_id("roulette-1").click()
        await page.get_by_test_id("roulette-2").click()
        await chips.nth(1).click()
        await page.get_by_test_id("roulette-kind-corner").click()
        await page.get_by_test_id("roulette-1").click()
        await page.get_by_test_id("roulette-5").click()
        await expect(page.get_by_test_id("roulette-bet")).to_have_text(
            ["Cavalo 1/2 · 5,00", "Quadrado 1/2/4/5 · 1,00"]
        )
        await expect(page.get_by_test_id("roulette-total")).to_have_text("Aposta total: R$\xa06,00")
        assert await blocking_findings(page, ("[data-testid=play-page]",)) == []

        balance = page.get_by_test_id("play-balance")
        # Until a round pays: 6 pockets of 37 do (six spins on average; sixty all losing
        # happen once in 40,000 walks, twenty did once in 35).
        for _ in range(60):
            shown = await balance.inner_text()
            await _play_rounds(page, 1)
            at_once = await balance.evaluate("e => getComputedStyle(e).visibility")
            number = int(await page.get_by_test_id("roulette-number").text_content() or "")
            paid = 5 * 18 * (number in (1, 2)) + 9 * (number in (1, 2, 4, 5))
            figure = shown.removeprefix("R$").strip("\xa0 ")
            after = Decimal(figure.replace(".", "").replace(",", ".")) - 6 + paid
            await expect(balance).to_have_text("R$\xa0" + format_amount(after, "pt"))
            if paid:
                # the wheel still spins: the balance before the payout is the one in sight
                held = page.locator("[data-testid=play-page] .balance-held")
                assert at_once == "hidden"
                assert await held.text_content() == "R$\xa0" + format_amount(after - paid, "pt")
                await expect(balance).to_be_visible()
                await expect(held).to_be_hidden()
                result = page.get_by_test_id("round-result")
                await expect(result).to_contain_text(format_amount(Decimal(paid), "pt"))
                break
        else:
            pytest.fail("sixty spins and not one paid")
        overflow = await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / "roulette-table-390.png"), full_page=True)
    finally:
        await context.close()


def _centre(box: dict[str, float] | None) -> tuple[float, float]:
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def _box(page: Page, test_id: str) -> dict[str, float]:
    box = await page.get_by_test_id(test_id).bounding_box()
    assert box is not None
    return box


async def _group_chip_at(page: Page, key: str, x: float, y: float) -> None:
    """The chip of `key` is drawn centred on (x, y), within 3 px."""
    chip = page.locator(f'[data-testid=roulette-group-chip][data-key="{key}"]')
    await expect(chip).to_be_visible()
    cx, cy = _centre(await chip.bounding_box())
    assert abs(cx - x) <= 3 and abs(cy - y) <= 3, (key, (cx, cy), (x, y))


@pytest.mark.deep
async def test_chips_on_splits_corners_streets_and_lines_lie_where_they_are_bet(
    browser: Browser, site_url: str
) -> None:
    """At 390 px standing up and 1280 px lying across, light and dark: each inside bet's chip
    is drawn with its amount on the line or corner it bets (the split between its numbers, the
    corner where four meet, the street and the six line at the rows' edge, the zero's split on
    the zero's line); it is a button with a name, and Enter on it puts one more chip there."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = await visitor_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/play/BGS_ROULETTE?demo=1")
        taps = {
            "split": (1, 2),
            "corner": (1, 5),
            "street": (4,),
            "line": (31, 34),
        }
        for kind, numbers in taps.items():
            await page.get_by_test_id(f"roulette-kind-{kind}").click()
            for n in numbers:
                await page.get_by_test_id(f"roulette-{n}").click()
        await page.get_by_test_id("roulette-kind-split").click()
        for n in (0, 3):
            await page.get_by_test_id(f"roulette-{n}").click()
        chips = page.get_by_test_id("roulette-group-chip")
        await expect(chips).to_have_count(5)
        await expect(chips).to_have_text(["1,00"] * 5)

        for width in (390, 1280):
            await page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
            one, two, three, four, six, zero, first, third = [
                await _box(page, f"roulette-{n}") for n in (1, 2, 3, 4, 6, 0, 31, 33)
            ]
            if width == 390:  # standing up: 1 2 3 across, 4 under 1, the dozens on the right
                gap_x = (one["x"] + one["width"] + two["x"]) / 2
                gap_y = (one["y"] + one["height"] + four["y"]) / 2
                await _group_chip_at(page, "split:1-2", gap_x, _centre(one)[1])
                await _group_chip_at(page, "corner:1-2-4-5", gap_x, gap_y)
                edge = six["x"] + six["width"] + 2
                await _group_chip_at(page, "street:4-5-6", edge, _centre(six)[1])
                under_33 = third["y"] + third["height"] + 2  # where 33, 36 and the dozen meet
                await _group_chip_at(page, "line:31-32-33-34-35-36", edge, under_33)
                await _group_chip_at(page, "split:0-3", _centre(three)[0], three["y"] - 2)
            else:  # lying across: 3 above 2 above 1, 4 right of 1, the dozens below
                gap_x = (one["x"] + one["width"] + four["x"]) / 2
                gap_y = (two["y"] + two["height"] + one["y"]) / 2
                await _group_chip_at(page, "split:1-2", _centre(one)[0], gap_y)
                await _group_chip_at(page, "corner:1-2-4-5", gap_x, gap_y)
                under = four["y"] + four["height"] + 2
                await _group_chip_at(page, "street:4-5-6", _centre(four)[0], under)
                after_31 = first["x"] + first["width"] + 2  # where 31, 34 and the dozen meet
                await _group_chip_at(page, "line:31-32-33-34-35-36", after_31, under)
                await _group_chip_at(page, "split:0-3", zero["x"] + zero["width"] + 2,
                                     _centre(three)[1])  # fmt: skip
            overflow = await page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0
            for theme in ("light", "dark"):
                await switch_theme(page, theme)
                board = page.get_by_test_id("roulette-board")
                await board.screenshot(path=str(SHOTS / f"roulette-chips-{width}-{theme}.png"))
                await page.screenshot(path=f"/tmp/h38-roulette-{width}-{theme}.png", full_page=True)

        split = page.get_by_role("button", name="Cavalo 1/2: 1,00. Pôr mais uma ficha")
        await split.focus()
        await page.keyboard.press("Enter")
        await expect(
            page.locator('[data-testid=roulette-group-chip][data-key="split:1-2"]')
        ).to_have_text("2,00")
        await expect(page.get_by_test_id("roulette-total")).to_have_text("Aposta total: R$\xa06,00")
    finally:
        await context.close()


@pytest.mark.deep
async def test_a_trial_member_gets_the_info_dialog_unless_demo(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/login")
    await page.get_by_test_id("start-trial").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible()
    await page.goto(site_url + "/play/BGS_ROULETTE")
    await expect(page.get_by_test_id("need-account-text")).to_be_visible()
    await expect(page.get_by_test_id("play-blocked")).to_be_visible()
    await open_site(page, site_url + "/play/BGS_ROULETTE?demo=1")
    await expect(page.get_by_test_id("demo-badge")).to_be_visible()
    await page.get_by_test_id("roulette-black").click()
    await expect(page.get_by_test_id("quoted-multiplier")).to_contain_text("2,00x")
    await _play_rounds(page, 1)
    await expect(page.get_by_test_id("roulette-number")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.deep
async def test_screenshots_of_every_game(browser: Browser, site_url: str, scheme: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((360, 780), (1280, 900)):
        context = await visitor_context(
            browser,
            viewport={"width": width, "height": height},
            color_scheme=scheme,  # type: ignore[arg-type]
        )
        page = await context.new_page()
        for code in OFFERED:
            await open_site(page, site_url + f"/play/{code}?demo=1")
            await expect(page.get_by_test_id("play-balance")).not_to_have_text("")
            if code == "BGS_ROULETTE":
                await page.get_by_test_id("roulette-red").click()
                await page.get_by_test_id("roulette-17").click()
            if code == "BGS_MINES":
                await page.get_by_test_id("mine-tile-6").click()
                await page.get_by_test_id("mine-tile-12").click()
            round_id = page.get_by_test_id("round-id")
            await page.get_by_test_id("play-button").click()
            if not await _has_text(round_id):  # a click before the page's link was up
                await page.get_by_test_id("play-button").click()
            await expect(round_id).not_to_have_text("")
            await page.wait_for_timeout(800)  # let the result's animation finish for the picture
            overflow = await page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{code} overflows by {overflow}px at {width}px"
            await page.screenshot(path=str(SHOTS / f"{code}-{width}-{scheme}.png"), full_page=True)
        await context.close()


@pytest.mark.deep
async def test_bingo_is_not_offered_without_tagalog(page: Page, site_url: str) -> None:
    await open_site(page, site_url + "/play/BGS_BINGO_75?demo=1")
    await expect(page.get_by_test_id("play-blocked")).to_be_visible()
    await expect(page.get_by_test_id("play-balance")).to_have_count(0)
    # Not offered: no demo to try and no login to ask for (the demo led back here).
    await expect(page.get_by_test_id("play-demo-link")).to_have_count(0)
    await expect(page.get_by_test_id("play-login")).to_have_count(0)


@pytest.mark.deep
async def test_limbo_takes_a_target_typed_with_a_comma_and_its_round_leads_back_to_the_demo(
    page: Page, site_url: str
) -> None:
    """The target is typed key by key as a player types it (the field once lost each key to
    the server's echo), read with the reader's decimal mark; the verify page of a demo round
    leads back to the demo, not to a page asking to log in."""
    await open_site(page, site_url + "/play/BGS_LIMBO?demo=1")
    target = page.get_by_test_id("limbo-target")
    await expect(target).to_have_value("2")
    await target.fill("")
    await target.press_sequentially("3,5", delay=120)
    await expect(target).to_have_value("3,5")
    await expect(page.get_by_test_id("quoted-multiplier")).to_contain_text("3,50x")
    await expect(page.get_by_test_id("limbo-board")).to_contain_text("3,50x")
    await _play_rounds(page, 1)
    await page.get_by_test_id("verify-link").first.click()
    await expect(page.get_by_test_id("verify-page")).to_be_visible()
    await page.get_by_test_id("verify-back").click()
    await expect(page).to_have_url(site_url + "/play/BGS_LIMBO?demo=1")
    await expect(page.get_by_test_id("demo-badge")).to_be_visible()


@pytest.mark.deep
async def test_the_dice_target_moves_by_keyboard(page: Page, site_url: str) -> None:
    """The target slider answers arrows, Home and End like any slider, and the quoted
    multiplier follows."""
    await open_site(page, site_url + "/play/BGS_DICE?demo=1")
    slider = page.get_by_test_id("dice-target")
    await expect(slider).to_have_value("50")
    await slider.focus()
    await page.keyboard.press("ArrowRight")
    await expect(slider).to_have_value("50.5")
    await expect(page.locator("label[for=dice-target]")).to_contain_text("50,50")
    await page.keyboard.press("Home")
    await expect(slider).to_have_value("2")
    await expect(page.get_by_test_id("quoted-multiplier")).to_contain_text("49,50x")
    await page.keyboard.press("End")
    await expect(slider).to_have_value("98")
