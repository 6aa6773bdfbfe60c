"""Browser walk of player protection (issue 19) on BR1 (Brazil's profile): a member sets a
daily loss limit on the responsible-gaming page, plays a studio slot until the limit stops the
bets (the limit's own message), answers a reality check after an hour of play, then takes an
indefinite self-exclusion (with the central platform's link) and is logged out, told why.
Screenshots at 360 px and desktop, light and dark, into PROTECTION_SHOTS (default
/tmp/protection-shots)."""

from __future__ import annotations

import os
import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.async_api import Page, expect
from sqlmodel import col, func, select, update

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.i18n import translate
from app.core.i18n.formatting import NBSP
from app.services import exclusion
from models.base import utcnow
from models.facts import WagerFact
from models.protection import MemberProtection
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.helpers.money import cash, fund, lose

pytestmark = pytest.mark.e2e

SLOT = "BGS_SLOT_JUNGLE"
SHOTS = Path(os.environ.get("PROTECTION_SHOTS", "/tmp/protection-shots"))


async def _shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}-desktop.png"), full_page=True)
    await page.set_viewport_size({"width": 360, "height": 800})
    await page.screenshot(path=str(SHOTS / f"{name}-360.png"), full_page=True)
    await page.emulate_media(color_scheme="dark")
    await page.screenshot(path=str(SHOTS / f"{name}-360-dark.png"), full_page=True)
    await page.emulate_media(color_scheme="light")
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _facts(member_id: int) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count()).select_from(WagerFact).where(WagerFact.member_id == member_id)
            )
        ).one()


async def test_limits_stop_the_bets_and_a_self_exclusion_closes_play(
    page: Page, site_url: str
) -> None:
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "100.00")

    # Set a daily loss limit of R$ 3 from the member centre.
    await open_site(page, site_url + "/responsibleGaming")
    await expect(page.get_by_test_id("limit-empty")).to_be_visible(timeout=SLOW_MS)
    # The value's unit follows the kind picked.
    await page.locator("select[name=kind]").select_option("BETS")
    await expect(page.get_by_test_id("field-value-hint")).to_have_text("Um número de apostas.")
    await page.locator("select[name=kind]").select_option("LOSS")
    await expect(page.get_by_test_id("field-value-hint")).to_contain_text("quantia em dinheiro")
    await page.locator("select[name=period]").select_option("DAY")
    await page.locator("input[name=value]").fill("3")
    await page.get_by_test_id("limit-save").click()
    # said beside the button pressed, not at the top of the page
    await expect(page.get_by_test_id("limit-form").get_by_test_id("form-notice")).to_have_text(
        translate("protection.saved", "pt"), timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("limit-row")).to_contain_text("Perda por dia")
    # A loss limit is money: its figures carry the brand's symbol (issue 35).
    await expect(page.get_by_test_id("limit-row")).to_contain_text(f"R${NBSP}3,00")
    await expect(page.get_by_test_id("central-exclusion-link")).to_be_visible()
    await _shoot(page, "limits")

    # A raise waits 24 hours: the row shows the waiting change.
    await page.locator("select[name=kind]").select_option("LOSS")
    await page.locator("select[name=period]").select_option("DAY")
    await page.locator("input[name=value]").fill("50")
    await page.get_by_test_id("limit-save").click()
    await expect(page.get_by_test_id("form-notice")).to_have_text(
        translate("protection.requested", "pt"), timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("limit-cancel")).to_be_visible()

    # One spin at R$ 1 a spin; then the day's loss is brought to R$ 2.50 (a settled loss
    # elsewhere, sized from what the spin did) so the stop does not wait on the slot's luck;
    # the next spins would pass R$ 3 and are refused with the limit's own message.
    await page.goto(site_url + f"/play/{SLOT}")
    await expect(page.get_by_test_id("play-page")).to_have_attribute(
        "data-mode", "real", timeout=SLOW_MS
    )
    await page.get_by_test_id("bet-input").fill("1,00")
    await page.get_by_test_id("play-button").click()
    for _ in range(100):
        if await _facts(member.id):
            break
        await page.wait_for_timeout(200)
    assert await _facts(member.id) == 1
    await lose(member.id, str(Decimal("2.50") - (Decimal("100.00") - await cash(member))))
    stopped = translate("protection-limit-reached-loss", "pt")
    error = page.get_by_test_id("play-error")
    for _ in range(10):
        await page.get_by_test_id("play-button").click()
        await page.wait_for_timeout(300)
        if (await error.inner_text()) == stopped:
            break
    await expect(error).to_have_text(stopped, timeout=SLOW_MS)
    await _shoot(page, "stopped")
    left = await cash(member)
    assert left == Decimal("97.50")  # no refused spin took money

    # An hour of continuous play (its start moved back): the reality check dialog comes up on
    # whatever page the member is, with the time played and the result; the member continues.
    async with write_transaction() as session:
        await session.exec(
            update(MemberProtection)
            .where(col(MemberProtection.member_id) == member.id)
            .values(play_started_at=utcnow() - timedelta(minutes=61), last_play_at=utcnow())
        )
    await open_site(page, site_url + "/")
    reality = page.get_by_test_id("dialog-reality-check")
    await expect(reality).to_be_visible(timeout=SLOW_MS)
    await expect(page.get_by_test_id("reality-minutes")).to_have_text("61")
    await expect(page.get_by_test_id("reality-net")).to_have_text(re.compile(r"\d,\d\d"))
    await _shoot(page, "reality")
    await page.get_by_test_id("reality-dialog-continue").click()
    await expect(reality).to_have_count(0, timeout=SLOW_MS)
    await open_site(page, site_url + "/responsibleGaming")
    await expect(page.get_by_test_id("limit-row").first).to_be_visible(timeout=SLOW_MS)
    await expect(reality).to_have_count(0)

    # Take an indefinite self-exclusion: play closes and every session ends.
    await page.locator("select[name=length]").select_option("SELF_EXCLUSION:indefinite")
    take_break = page.get_by_test_id("take-break")
    await expect(take_break).to_be_disabled()  # until the confirmation box is ticked
    await page.locator("input[name=agree]").check()
    await expect(take_break).to_be_enabled(timeout=SLOW_MS)
    await take_break.click()
    # Logged out at once, home, told why and that the exclusion has no end date.
    await expect(page).to_have_url(site_url + "/", timeout=SLOW_MS)
    await expect(page.get_by_test_id("member-area")).to_have_count(0, timeout=SLOW_MS)
    banner = page.get_by_test_id("signed-out-banner")
    await expect(banner).to_contain_text(translate("signed_out.title", "pt"))
    await expect(page.get_by_test_id("signed-out-reason")).to_have_text(
        translate("signed_out.indefinite.SELF_EXCLUSION", "pt")
    )
    await _shoot(page, "break")
    await page.get_by_test_id("signed-out-dismiss").click()
    await expect(banner).to_have_count(0)
    current = await exclusion.current(member, clock.now())
    assert current is not None and current.until is None
    assert await cash(member) == left  # the balance stays, to be withdrawn


@pytest.mark.deep
async def test_stopping_at_the_reality_check_logs_the_member_out(page: Page, site_url: str) -> None:
    member = await register_in_browser(page, site_url)
    async with write_transaction() as session:
        await session.merge(
            MemberProtection(
                member_id=member.id or 0,
                play_started_at=utcnow() - timedelta(minutes=75),
                last_play_at=utcnow() - timedelta(minutes=1),
            )
        )
    await open_site(page, site_url + "/promotions")
    reality = page.get_by_test_id("dialog-reality-check")
    await expect(reality).to_be_visible(timeout=SLOW_MS)
    await expect(page.get_by_test_id("reality-minutes")).to_have_text("75")
    await page.keyboard.press("Escape")  # a forced choice: Escape does not close it
    await expect(reality).to_be_visible()
    await page.get_by_test_id("reality-dialog-stop").click()
    await expect(page).to_have_url(site_url + "/", timeout=SLOW_MS)
    await expect(page.get_by_test_id("member-area")).to_have_count(0, timeout=SLOW_MS)
    # The home page says why the member is out (no word of withdrawals: nothing was paused).
    await expect(page.get_by_test_id("signed-out-reason")).to_have_text(
        translate("signed_out.indefinite.REALITY_STOP", "pt")
    )
    await expect(page.get_by_test_id("signed-out-banner")).not_to_contain_text("sacar")
    async with session_scope() as session:
        state = await session.get(MemberProtection, member.id)
    assert state is not None and state.play_started_at is None and state.reality_check_at
