"""The points walk: the navigation offers the points mall to everyone; a member plays
the studio slot, the points consumer credits the settled bets and the balance rises; the member
redeems a physical item (delivery address, payment password) and sees it in the redeem history
as in process, the points details with the earning and the redeem; then in English a cash
reward and its approved line. Guests who open it get the login popup, with its way to
register. Screenshots at 360 px and 1280 px, dark and light."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path
from uuid import uuid4

import pytest
from playwright.async_api import Page, expect
from sqlalchemy import update
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.services.accounts import payment_password
from app.services.brands import brands
from app.services.loyalty import points
from models import Merchant
from models.base import utcnow
from models.points import PointsReward, PointsRewardKind
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.e2e.test_studio import SLOT, _play_rounds
from tests.helpers.accounts import PASSWORD
from tests.helpers.browser import choose_language
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("POINTS_SHOTS", "/tmp/points-shots"))
PAY_PASSWORD = "246810"


async def _shots(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, label in ((360, "mobile"), (1280, "desktop")):
        await page.set_viewport_size({"width": width, "height": 900})
        await page.screenshot(path=SHOTS / f"{name}-{label}.png", full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _rewards(merchant_id: int, tag: str) -> tuple[str, str]:
    """A physical item and a cash reward of this walk, first in the mall."""
    async with write_transaction() as session:
        for code, kind, cost, value, stock, names in (
            (f"E2EMUG{tag}", PointsRewardKind.PHYSICAL, "30", "0", 3, ("Caneca", "Mug")),
            (f"E2ECASH{tag}", PointsRewardKind.CASH, "10", "1.00", None, ("R$ 1", "R$ 1 cash")),
        ):
            session.add(
                PointsReward(
                    merchant_id=merchant_id,
                    code=code,
                    kind=kind.value,
                    model=f"M-{tag}",
                    content={"pt": {"name": names[0]}, "en": {"name": names[1]}},
                    points=Decimal(cost),
                    value=Decimal(value),
                    stock=stock,
                    sort=-10_000,
                )
            )
    return f"E2EMUG{tag}", f"E2ECASH{tag}"


@pytest.mark.deep
async def test_guests_are_offered_the_mall_and_asked_to_log_in_or_register(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url + "/")
    await expect(page.get_by_test_id("nav-rng")).to_be_visible(timeout=SLOW_MS)
    await page.get_by_test_id("nav-pointmall").first.click()
    login = page.get_by_test_id("dialog-login")
    await expect(login).to_be_visible(timeout=SLOW_MS)
    await expect(login.get_by_test_id("switch-to-register")).to_be_visible()


@pytest.mark.deep
async def test_member_plays_earns_points_and_redeems(page: Page, site_url: str) -> None:
    async with session_scope() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    assert br1.id is not None
    before = None
    async with session_scope() as session:
        before = await points.config_in(session, br1.id)
    # 10 points per R$ 1 of the studio's games for this walk; the brand's rules return after.
    await points.configure(
        br1.id,
        earn_ratios={**before.earn_ratios, "INHOUSE": "10"},
        convert_ratio=before.convert_ratio,
        min_convert=before.min_convert,
        now=utcnow(),
    )
    tag = uuid4().hex[:6].upper()
    mug, cash = await _rewards(br1.id, tag)
    try:
        await _walk(page, site_url, mug, cash)
    finally:
        await points.configure(
            br1.id,
            earn_ratios=before.earn_ratios,
            convert_ratio=before.convert_ratio,
            min_convert=before.min_convert,
            now=utcnow(),
        )
        async with write_transaction() as session:
            await session.exec(
                update(PointsReward)
                .where(PointsReward.code.in_([mug, cash]))  # type: ignore[attr-defined]
                .values(enabled=False)
            )


async def _walk(page: Page, site_url: str, mug: str, cash: str) -> None:
    await points.catch_up_earning(utcnow())  # earlier tests' bets are not this walk's
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "50.00")
    brand = await brands.by_id(member.merchant_id)
    await payment_password.set_payment_password(
        brand, member, PASSWORD, PAY_PASSWORD, PAY_PASSWORD, "127.0.0.1"
    )

    # The navigation offers the mall to this real member; it opens with no points yet.
    await open_site(page, site_url + "/")
    await page.get_by_test_id("nav-pointmall").first.click()
    await page.wait_for_url("**/pointMall")
    await expect(page.get_by_test_id("points-balance")).to_have_text("0", timeout=SLOW_MS)

    # Play 5 rounds of R$ 1,00: 50 points once the consumer has run.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 5)
    assert await points.catch_up_earning(utcnow()) >= 5
    await page.emulate_media(color_scheme="dark")
    await open_site(page, site_url + "/pointMall")
    await expect(page.get_by_test_id("points-balance")).to_have_text("50", timeout=SLOW_MS)
    await expect(page.get_by_test_id("points-earn-rates")).to_contain_text("Originais")
    await _shots(page, "mall")
    spins = page.locator("[data-testid=reward-card][data-code=SPINS10]")  # seeded free spins
    await expect(spins).to_contain_text("10 rodadas grátis de Rolos da Selva a R$ 0,50 cada")

    # Redeem the item: quantity, delivery address, payment password. Escape closes the
    # dialog, as every dialog of the site; the reward is then chosen again.
    redeem = page.locator(f"[data-testid=reward-card][data-code={mug}]").get_by_test_id(
        "reward-redeem"
    )
    await redeem.click()
    dialog = page.get_by_test_id("points-redeem-dialog")
    await expect(dialog).to_be_visible(timeout=SLOW_MS)
    await page.keyboard.press("Escape")
    await expect(dialog).to_have_count(0, timeout=SLOW_MS)
    await redeem.click()
    await expect(dialog).to_be_visible(timeout=SLOW_MS)
    await expect(page.get_by_test_id("redeem-total")).to_have_text("Total: 30 pontos")
    await page.get_by_test_id("points-payment-password").fill(PAY_PASSWORD)
    await page.get_by_test_id("points-confirm").click()
    await expect(dialog.get_by_test_id("form-error")).to_contain_text("endereço", timeout=SLOW_MS)
    for name, value in (
        ("name", "Ana Souza"),
        ("phone", "11912345678"),
        ("line", "Rua das Flores, 100"),
        ("city", "São Paulo"),
        ("postcode", "01000-000"),
    ):
        await page.get_by_test_id(f"address-{name}").fill(value)
    await _shots(page, "redeem-dialog")
    await page.get_by_test_id("points-confirm").click()
    await expect(dialog).to_have_count(0, timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-notice")).to_contain_text("Caneca")
    await expect(page.get_by_test_id("points-balance")).to_have_text("20")

    # Redeem history: the item in process; points details: earned, then spent.
    await page.get_by_test_id("tab-history").click()
    row = page.get_by_test_id("history-row")
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await expect(row.get_by_test_id("record-status")).to_have_text("Em análise")
    await _shots(page, "history")
    await page.get_by_test_id("tab-details").click()
    records = page.get_by_test_id("record-row")
    await expect(records).to_have_count(2, timeout=SLOW_MS)
    assert [await r.get_attribute("data-type") for r in await records.all()] == ["REDEEM", "EARN"]
    await expect(records.first.get_by_test_id("record-amount")).to_have_text("-30")
    await page.get_by_test_id("window-previous").click()
    await expect(page.get_by_test_id("details-empty")).to_be_visible(timeout=SLOW_MS)
    await page.get_by_test_id("window-next").click()
    await expect(records).to_have_count(2, timeout=SLOW_MS)
    await _shots(page, "details")

    # In English: a cash reward, paid at once.
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("tab-history")).to_have_text("Redeem history", timeout=SLOW_MS)
    await page.get_by_test_id("tab-mall").click()
    await (
        page.locator(f"[data-testid=reward-card][data-code={cash}]")
        .get_by_test_id("reward-redeem")
        .click()
    )
    cash_before = Decimal(
        (await page.get_by_test_id("header-balance").inner_text()).replace(",", "")
    )
    await page.get_by_test_id("quantity-more").click()
    await expect(page.get_by_test_id("redeem-total")).to_have_text("Total: 20 points")
    await page.get_by_test_id("points-payment-password").fill(PAY_PASSWORD)
    await page.get_by_test_id("points-confirm").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text("Redeemed", timeout=SLOW_MS)
    await expect(page.get_by_test_id("points-balance")).to_have_text("0")
    # With no points left, a reward says what is missing instead of offering to redeem.
    short = page.locator(f"[data-testid=reward-card][data-code={cash}]").get_by_test_id(
        "reward-redeem"
    )
    await expect(short).to_have_text("10 more points")
    await expect(short).to_be_disabled()
    await expect(page.get_by_test_id("header-balance")).to_have_text(
        f"{cash_before + 2:,.2f}", timeout=SLOW_MS
    )
    await page.get_by_test_id("tab-history").click()
    statuses = page.get_by_test_id("history-row").get_by_test_id("record-status")
    await expect(statuses).to_have_text(["Approved", "In process"], timeout=SLOW_MS)
    await _shots(page, "history-en")
    await page.emulate_media(color_scheme="light")
    await page.get_by_test_id("tab-mall").click()
    await _shots(page, "mall-light")
