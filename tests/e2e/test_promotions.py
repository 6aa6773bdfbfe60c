"""The promotions walk: a member sees the popup announcement once, applies to an activity with
two images, a marketing staff member sees them in the console's activity applications,
takes the application into review and approves it, the member requests the reward, the
bonus appears with its wagering bar, the member plays the studio until it converts, and the
inbox shows each step with its badge. Screenshots of the pages at 360 px and desktop, dark
and light."""

from __future__ import annotations

import io
import os
import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from uuid import uuid4

import pytest
from PIL import Image
from playwright.async_api import Browser, Locator, Page, expect
from sqlalchemy import delete
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.services import wallet_events
from app.services.content import announcements
from app.services.content.announcements import AnnouncementSpec
from app.services.promotions import bonus, offers, raffles
from app.services.promotions.offers import PromotionSpec
from models import Announcement, Merchant, PromotionEntry, WagerFact
from models.base import utcnow
from models.promotions import Promotion, PromotionKind, RewardKind
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.e2e.test_backoffice_content import _login as console_login
from tests.e2e.test_studio import SLOT, _play_rounds
from tests.helpers.browser import choose_language
from tests.helpers.money import fund, wager

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("PROMO_SHOTS", "/tmp/promo-shots"))


def _image(path: Path, kind: str) -> Path:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 160, 90)).save(buffer, format=kind)
    path.write_bytes(buffer.getvalue())
    return path


async def _shots(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, label in ((360, "mobile"), (1280, "desktop")):
        await page.set_viewport_size({"width": width, "height": 900})
        await page.screenshot(
            path=SHOTS / f"{name}-{label}.png", full_page=True, animations="disabled"
        )
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _widths(page: Page, name: str) -> None:
    """The page at a phone's 390 px and a desktop's 1280 px, dark and light."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("dark", "light"):
        await page.emulate_media(color_scheme=scheme)
        for width in (390, 1280):
            await page.set_viewport_size({"width": width, "height": 900})
            await page.screenshot(
                path=SHOTS / f"{name}-{width}-{scheme}.png", animations="disabled"
            )
    await page.emulate_media(color_scheme="null")
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _shows_image(scope: Locator, source: str, title: str) -> None:
    """A promotion's picture: its source, its title as the alt text, lazy, loaded, and 16:9
    (its box is kept whatever the picture, so the card does not jump)."""
    picture = scope.get_by_test_id("promo-image")
    await expect(picture).to_have_attribute("src", source)
    await expect(picture).to_have_attribute("alt", title)
    await expect(picture).to_have_attribute("loading", "lazy")
    await picture.scroll_into_view_if_needed()
    width = await picture.evaluate("img => img.decode().then(() => img.naturalWidth)")
    assert width > 0
    box = await picture.bounding_box()
    assert box is not None and abs(box["width"] / box["height"] - 16 / 9) < 0.02


async def test_member_applies_gets_a_bonus_and_plays_it_to_cash(
    browser: Browser, page: Page, site_url: str, tmp_path: Path
) -> None:
    async with session_scope() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    assert br1.id is not None
    tag = uuid4().hex[:6]
    now = utcnow()
    popup = await announcements.publish(
        br1.id,
        AnnouncementSpec(
            promotion_type="PU",
            execution="A",
            title=f"Novidade {tag}",
            content="<p>Mostre o seu <b>grande prêmio</b>!<script>alert(1)</script></p>",
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(minutes=30),
        ),
    )
    code = f"E2E{tag.upper()}"
    promotion_id = await offers.define(
        br1.id,
        PromotionSpec(
            code=code,
            kind=PromotionKind.ACTIVITY,
            content={
                "pt": {
                    "title": f"Grande prêmio {tag}",
                    "summary": "Envie duas capturas.",
                    "terms": "Bônus de R$ 5,00, apostar 2x em 7 dias.",
                },
                "en": {"title": f"Big win {tag}", "summary": "Send two.", "terms": "Terms."},
            },
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(days=1),
            reward_kind=RewardKind.BONUS,
            reward_amount=Decimal("5.00"),
            budget=Decimal("100.00"),
            wagering_multiplier=2,
            weights={"SPORTS": 0},
            max_bet=Decimal("25.00"),
            sort=-10_000,
        ),
    )
    try:
        await _walk(browser, page, site_url, tmp_path, tag, code, promotion_id)
    finally:
        async with write_transaction() as session:
            await session.exec(delete(Announcement).where(Announcement.id == popup))  # type: ignore[call-overload]


async def _approve_in_console(browser: Browser, site_url: str, code: str) -> None:
    """A marketing staff member opens the application's images, starts the review and
    approves it with a note."""
    staff = await console_login(browser, site_url, "marketing", "BR1")
    await staff.get_by_test_id("nav-admin-applications").click()
    await expect(staff).to_have_url(site_url + "/admin/applications", timeout=SLOW_MS)
    row = staff.get_by_test_id("activity-applications").locator("tbody tr", has_text=code)
    await expect(row).to_contain_text("Ganhei 12x no Jungle!", timeout=SLOW_MS)
    await expect(row.get_by_test_id("application-image")).to_have_count(2)
    await row.get_by_test_id("application-image").nth(1).click()
    await expect(staff.get_by_test_id("application-image-shown")).to_have_attribute(
        "src", re.compile(r"^data:image/jpeg;base64,"), timeout=SLOW_MS
    )
    await row.get_by_test_id("application-review").click()
    await expect(row).to_contain_text("Em análise", timeout=SLOW_MS)
    await expect(row.get_by_test_id("application-review")).to_have_count(0)
    await row.locator("input[name=note]").fill("Parabéns")
    await row.get_by_test_id("activity-decision").select_option("approve")
    await row.get_by_test_id("activity-decide").click()
    await expect(row).to_have_count(0, timeout=SLOW_MS)
    await _image_in_console(staff, site_url, code)
    await staff.context.close()


async def _image_in_console(staff: Page, site_url: str, code: str) -> None:
    """The promotion's card image on the console's edit form: a javascript: address is
    refused in the console's language, a file the site ships is taken."""
    await staff.get_by_test_id("nav-admin-promotions").click()
    await expect(staff).to_have_url(site_url + "/admin/promotions", timeout=SLOW_MS)
    row = staff.get_by_test_id("promotions").locator("tbody tr", has_text=code)
    await row.get_by_test_id("promo-edit").click()
    form = staff.get_by_test_id("promo-edit-form")
    image = form.locator("input[name=image]")
    await expect(image).to_have_value("", timeout=SLOW_MS)
    await image.fill("javascript:alert(1)")
    await form.get_by_test_id("promo-save").click()
    await expect(staff.get_by_test_id("console-error")).to_contain_text(
        "A imagem deve ser um arquivo deste site", timeout=SLOW_MS
    )
    await _widths(staff, "console-promotion-image")
    await image.fill("/promo-art/reward.svg")
    await form.get_by_test_id("promo-save").click()
    await expect(form).to_have_count(0, timeout=SLOW_MS)


async def _walk(
    browser: Browser,
    page: Page,
    site_url: str,
    tmp_path: Path,
    tag: str,
    code: str,
    promotion_id: int,
) -> None:
    # The popup: shown on login (A, and F on a first login), once per session.
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    dialog = page.get_by_test_id("dialog-announcement")
    await expect(dialog).to_contain_text(f"Novidade {tag}", timeout=SLOW_MS)
    await expect(page.get_by_test_id("announcement-content")).to_contain_text("grande prêmio")
    assert "<script" not in await page.get_by_test_id("announcement-content").inner_html()
    await _shots(page, "announcement")
    # The focus is in the popup (the first login's welcome, put away, handed it on); Escape
    # closes it as its button does (marked read), and the focus stays in the page.
    await page.wait_for_function(
        "document.querySelector('[data-testid=dialog-announcement]')"
        ".contains(document.activeElement)"
    )
    await page.keyboard.press("Escape")
    await expect(dialog).to_have_count(0)
    await page.wait_for_function("document.activeElement !== document.body")
    await open_site(page, site_url + "/")
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
    await page.wait_for_timeout(1500)  # the page's load events have run
    await expect(dialog).to_have_count(0)

    # Brazil: a bonus only after a bet; this member has played once and has cash to play.
    await fund(member.id, "50.00")
    await wager(member.id, "1.00")

    # The promotion: terms in full, then the application with two images.
    await open_site(page, site_url + "/promotions")
    card = page.locator(f"[data-testid=promo-card][data-code={code}]")
    await expect(card.get_by_test_id("promo-status")).to_have_text("Participar")
    await _shows_image(card, "/promo-art/activity.svg", f"Grande prêmio {tag}")  # its kind's
    await _shots(page, "promotions")
    await page.evaluate("window.scrollTo(0, 0)")
    await _widths(page, "promotions-cards")
    await card.click()
    detail = page.get_by_test_id("promo-detail")
    await _shows_image(detail, "/promo-art/activity.svg", f"Grande prêmio {tag}")
    await _widths(page, "promotion-detail-image")
    await expect(page.get_by_test_id("promo-terms")).to_contain_text("apostar 2x")
    await page.get_by_test_id("promo-accept").check()
    await page.get_by_test_id("promo-comment").fill("Ganhei 12x no Jungle!")
    await (
        page.get_by_test_id("promo-upload")
        .locator("input[type=file]")
        .set_input_files([_image(tmp_path / "a.png", "PNG"), _image(tmp_path / "b.jpg", "JPEG")])
    )
    await page.wait_for_timeout(600)  # the comment's debounce
    await page.get_by_test_id("promo-apply").click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text(
        "Inscrição enviada", timeout=SLOW_MS
    )
    await _shots(page, "promotion-detail")
    async with session_scope() as session:
        entry = (
            await session.exec(
                select(PromotionEntry).where(
                    PromotionEntry.promotion_id == promotion_id,
                    PromotionEntry.member_id == member.id,
                )
            )
        ).one()
    assert len(entry.images) == 2 and entry.comment == "Ganhei 12x no Jungle!"

    # The operator approves in the console; the inbox badge appears without a reload.
    await _approve_in_console(browser, site_url, code)
    await expect(page.get_by_test_id("header-unread")).to_have_text("1", timeout=SLOW_MS)
    await page.get_by_test_id("promo-back").click()
    await card.click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text("Liberada")
    await _shows_image(detail, "/promo-art/reward.svg", f"Grande prêmio {tag}")  # the operator's
    await page.get_by_test_id("promo-request").click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text("Resgatada", timeout=SLOW_MS)
    await expect(page.get_by_test_id("header-unread")).to_have_text("2", timeout=SLOW_MS)
    await expect(page.get_by_test_id("header-bonus")).to_have_text("5,00", timeout=SLOW_MS)

    # The bonus with its wagering bar: R$ 10,00 to wager.
    await open_site(page, site_url + "/bonusDetails")
    grant = page.get_by_test_id("grant").first
    await expect(grant.get_by_test_id("grant-status")).to_have_text("Em apostas")
    await expect(grant.get_by_test_id("grant-bar")).to_have_attribute("data-percent", "0")
    await _shots(page, "bonus")

    # Play the studio: 4 rounds of 1,00 count 40 %, then 6 more complete it.
    await page.goto(site_url + f"/play/{SLOT}")
    await page.get_by_test_id("bet-input").fill("1,00")
    await _play_rounds(page, 4)
    await bonus.catch_up_wagering(utcnow())
    await wallet_events.balance_changed(member.id)
    await expect(page.get_by_test_id("header-bonus-link")).to_have_attribute(
        "data-percent", "40", timeout=SLOW_MS
    )
    await _play_rounds(page, 6)
    await bonus.catch_up_wagering(utcnow())
    await wallet_events.balance_changed(member.id)
    await expect(page.get_by_test_id("header-bonus")).to_have_count(0, timeout=SLOW_MS)
    await open_site(page, site_url + "/bonusDetails")
    await expect(grant.get_by_test_id("grant-status")).to_have_text("Convertido em dinheiro")
    await expect(grant.get_by_test_id("grant-bar")).to_have_attribute("data-percent", "100")

    # The inbox: each step, newest first, with its badge; read all clears it.
    await open_site(page, site_url + "/messageV2")
    messages = page.get_by_test_id("message")
    await expect(messages).to_have_count(3, timeout=SLOW_MS)
    kinds = [await m.get_attribute("data-kind") for m in await messages.all()]
    assert kinds == ["BONUS_CONVERTED", "PROMOTION_REWARD", "APPLICATION_APPROVED"]
    await expect(page.get_by_test_id("badge-messages")).to_have_text("3")
    await _shots(page, "messages")
    await messages.first.get_by_test_id("message-open").click()
    await expect(page.get_by_test_id("message-body")).to_contain_text("5,00")
    await expect(page.get_by_test_id("badge-messages")).to_have_text("2", timeout=SLOW_MS)
    await expect(page.get_by_test_id("inbox-unread")).to_have_text("Não lidas: 2")
    await page.get_by_test_id("inbox-read-all").click()
    await expect(page.get_by_test_id("badge-messages")).to_have_count(0, timeout=SLOW_MS)
    await expect(page.get_by_test_id("inbox-unread")).to_have_text("Não lidas: 0")
    await expect(page.get_by_test_id("inbox-read-all")).to_be_disabled()
    await expect(page.get_by_test_id("header-unread")).to_have_count(0)
    await page.emulate_media(color_scheme="light")
    await _shots(page, "messages-light")


@pytest.mark.deep
async def test_member_earns_a_raffle_ticket_sees_the_draw_and_plays_free_rounds(
    page: Page, site_url: str
) -> None:
    """A raffle (Brazil: with its authorisation): join, a ticket per R$ 10,00 wagered, the
    draw (run here as the job does, once the raffle's end has come), the result and the
    claim; then free rounds of the dice as a reward, played without a cash debit. PT, then
    EN."""
    async with session_scope() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    assert br1.id is not None
    tag = uuid4().hex[:6].upper()
    now = utcnow()
    texts = {
        "pt": {"title": f"Sorteio {tag}", "summary": "Aposte e concorra.", "terms": "Termos."},
        "en": {"title": f"Raffle {tag}", "summary": "Bet to enter.", "terms": "Terms."},
    }
    raffle = await offers.define(
        br1.id,
        PromotionSpec(
            code=f"R{tag}",
            kind=PromotionKind.RAFFLE,
            content=texts,
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(days=1),
            draw_at=now + timedelta(days=1),
            reward_kind=RewardKind.CASH,
            reward_amount=Decimal("20.00"),
            budget=Decimal("20.00"),
            ticket_turnover=Decimal("10.00"),
            winners=1,
            authorisation="SPA/MF 77/2026",
            sort=-20_000,
        ),
    )
    await offers.define(
        br1.id,
        PromotionSpec(
            code=f"F{tag}",
            kind=PromotionKind.REWARD,
            content={
                "pt": {"title": f"Rodadas {tag}", "summary": "Dados grátis.", "terms": "3."},
                "en": {"title": f"Rounds {tag}", "summary": "Free dice.", "terms": "3."},
            },
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(days=1),
            reward_kind=RewardKind.FREE_ROUNDS,
            reward_amount=Decimal("1.00"),
            budget=Decimal("30.00"),
            min_turnover=Decimal("1.00"),
            free_game="BGS_DICE",
            free_rounds=3,
            sort=-19_000,
        ),
    )
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    close = page.get_by_test_id("announcement-close")
    if await close.count():
        await close.click()
    await fund(member.id, "50.00")

    # Join, then wager 25,00: two tickets, counted live from the wager facts.
    await open_site(page, site_url + "/promotions")
    card = page.locator(f"[data-testid=promo-card][data-code=R{tag}]")
    await card.click()
    detail = page.get_by_test_id("promo-detail")
    await expect(page.get_by_test_id("raffle")).to_contain_text("SPA/MF 77/2026")
    await page.get_by_test_id("promo-accept").check()
    await page.get_by_test_id("promo-join").click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text(
        "Participando", timeout=SLOW_MS
    )
    await wager(member.id, "25.00")
    await page.get_by_test_id("promo-back").click()
    await card.click()
    await expect(page.get_by_test_id("raffle-tickets")).to_have_text("Seus bilhetes: 2")
    await _shots(page, "raffle-joined")

    # The raffle's end and draw time come (moved here, as the clock would); the job draws.
    async with write_transaction() as session:
        row = await session.get(Promotion, raffle)
        assert row is not None
        row.ends_at = row.draw_at = utcnow()
        session.add(row)
    assert await raffles.draw_due(utcnow()) >= 1
    found = await raffles.result(br1.id, raffle)
    assert found.server_seed and raffles.verify_draw(
        found.server_seed, found.seed_hash, raffle, found.ranges, 1, found.winning_tickets
    )
    await wallet_events.balance_changed(member.id)
    await page.get_by_test_id("promo-back").click()
    await card.click()
    await expect(page.get_by_test_id("raffle-result")).to_contain_text("Sorteado entre 2 bilhetes")
    await expect(page.get_by_test_id("raffle-outcome")).to_contain_text("foi sorteado")
    await expect(page.get_by_test_id("promo-seed")).to_contain_text(found.server_seed)
    await page.get_by_test_id("promo-request").click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text("Resgatada", timeout=SLOW_MS)
    await expect(page.get_by_test_id("header-balance")).to_have_text("70,00", timeout=SLOW_MS)
    await _shots(page, "raffle-drawn")

    # Free rounds: the reward, then three dice rounds from the game page, no cash debit.
    await page.get_by_test_id("promo-back").click()
    free_card = page.locator(f"[data-testid=promo-card][data-code=F{tag}]")
    await free_card.click()
    await expect(page.get_by_test_id("promo-detail")).to_contain_text("3 rodadas grátis")
    await page.get_by_test_id("promo-request").click()
    await expect(detail.get_by_test_id("promo-status")).to_have_text("Resgatada", timeout=SLOW_MS)
    await page.goto(site_url + "/play/BGS_DICE")
    rounds_box = page.get_by_test_id("free-rounds")
    await expect(rounds_box).to_contain_text("restam 3", timeout=SLOW_MS)
    await _shots(page, "free-rounds")
    round_id = page.get_by_test_id("round-id")
    for left in ("restam 2", "restam 1"):
        before = await round_id.inner_text()
        await page.get_by_test_id("free-round-button").click()
        await expect(round_id).not_to_have_text(before, timeout=SLOW_MS)
        await expect(rounds_box).to_contain_text(left)
    # EN: the same page in English, the last free round played there.
    await choose_language(page, "EN")
    await expect(rounds_box).to_contain_text("1 left", timeout=SLOW_MS)
    await page.get_by_test_id("free-round-button").click()
    await expect(rounds_box).to_have_count(0, timeout=SLOW_MS)
    async with session_scope() as session:
        facts = (
            await session.exec(
                select(WagerFact).where(
                    WagerFact.member_id == member.id, WagerFact.game_code == "BGS_DICE"
                )
            )
        ).all()
    assert len(facts) == 3 and all(f.bet == 0 and f.valid_bet == 0 for f in facts)
    won = sum((f.win for f in facts), Decimal("0.00"))
    await expect(page.get_by_test_id("header-balance")).to_have_text(
        f"{Decimal('70.00') + won:.2f}", timeout=SLOW_MS
    )
    await _shots(page, "free-rounds-en")
    await open_site(page, site_url + "/rewardCenter")  # ended: shown among the member's own
    await page.locator(f"[data-testid=promo-card][data-code=R{tag}]").click()
    await expect(page.get_by_test_id("raffle-result")).to_contain_text("Drawn from 2 tickets")
    await expect(page.get_by_test_id("raffle-outcome")).to_contain_text("prize was credited")
    await page.emulate_media(color_scheme="dark")
    await _shots(page, "raffle-en-dark")


@pytest.mark.deep
async def test_a_red_envelope_opens_on_the_amount_drawn_for_the_member(
    page: Page, site_url: str
) -> None:
    """The red envelope screen: sealed (its seed's hash shown before any draw) until the member
    has wagered the condition, then opened with its button on the amount drawn for them, paid
    to the balance. PT, then EN."""
    async with session_scope() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
    assert br1.id is not None
    tag = uuid4().hex[:6].upper()
    now = utcnow()
    envelope = await offers.define(
        br1.id,
        PromotionSpec(
            code=f"E{tag}",
            kind=PromotionKind.RED_ENVELOPE,
            content={
                "pt": {"title": f"Envelope {tag}", "summary": "Aposte R$ 1.", "terms": "1."},
                "en": {"title": f"Envelope {tag}", "summary": "Bet R$ 1.", "terms": "1."},
            },
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(days=1),
            reward_kind=RewardKind.CASH,
            reward_amount=Decimal("1.00"),
            reward_max=Decimal("8.88"),
            budget=Decimal("100.00"),
            min_turnover=Decimal("1.00"),
            sort=-21_000,
        ),
    )
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    close = page.get_by_test_id("announcement-close")
    if await close.count():
        await close.click()
    await fund(member.id, "10.00")

    await open_site(page, site_url + "/promotions")
    card = page.locator(f"[data-testid=promo-card][data-code=E{tag}]")
    await card.click()
    sealed = page.get_by_test_id("red-envelope")
    await expect(sealed).to_have_attribute("data-state", "sealed")
    await expect(sealed).to_contain_text("Lacrado")
    await expect(page.get_by_test_id("promo-detail")).to_contain_text(
        "de R$ 1,00 a R$ 8,88 em dinheiro"
    )
    before = await offers.detail(br1.id, envelope, member.id, "pt", utcnow())
    assert before.seed_hash
    await expect(page.get_by_test_id("promo-seed")).to_contain_text(before.seed_hash)
    await expect(page.get_by_test_id("promo-request")).to_have_count(0)  # not wagered yet

    await wager(member.id, "1.00")
    await page.get_by_test_id("promo-back").click()
    await card.click()
    await expect(page.get_by_test_id("promo-request")).to_have_text("Abrir o envelope")
    await page.get_by_test_id("promo-request").click()
    await expect(sealed).to_have_attribute("data-state", "open", timeout=SLOW_MS)
    async with session_scope() as session:
        entry = (
            await session.exec(
                select(PromotionEntry).where(
                    PromotionEntry.promotion_id == envelope,
                    PromotionEntry.member_id == member.id,
                )
            )
        ).one()
    drawn = entry.drawn_amount
    assert drawn is not None and Decimal("1.00") <= drawn <= Decimal("8.88")
    await expect(page.get_by_test_id("promo-drawn")).to_have_text(f"{drawn:.2f}".replace(".", ","))
    await expect(page.get_by_test_id("header-balance")).to_have_text(
        f"{Decimal('10.00') + drawn:.2f}".replace(".", ","), timeout=SLOW_MS
    )
    await expect(page.get_by_test_id("promo-request")).to_have_count(0)
    await _shots(page, "red-envelope")
    await choose_language(page, "EN")
    await expect(sealed).to_contain_text("Your red envelope:", timeout=SLOW_MS)
    await expect(page.get_by_test_id("promo-drawn")).to_have_text(f"{drawn:.2f}")
