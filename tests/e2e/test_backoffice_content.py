"""The content, lottery, payment channel and agents consoles in a real browser: a marketing
staff member logs in with TOTP, writes a player notice with unsafe HTML (stored sanitised,
previewed), edits it, unpublishes it, and publishes a new privacy policy version, then adds a
sign-up popup banner and removes it; an all-brand admin
voids an open lottery issue and finance changes a channel's maximum (each approved by a second
staff member) and switches it off;
marketing approves an affiliate application. Each action is in the audit log. Screenshots
(360 and 1280 px, light and dark) go to SCREENSHOT_DIR when it is set."""

from __future__ import annotations

import os
import re
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services.agents import affiliates
from app.services.backoffice import approvals
from app.services.brands import brands
from app.services.cashier import deposits
from app.services.loyalty import vip
from models import ApprovalRequest, AuditEntry, Game, LegalDocument
from models.base import utcnow
from models.cashier import PaymentChannel
from models.promotions import Announcement, Promotion
from tests.e2e.conftest import SLOW_MS
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import (
    make_staff,
    make_staff_account,
    merchant_id,
)
from tests.helpers.browser import console_log_in, visitor_context
from tests.helpers.lottery import open_issue

pytestmark = pytest.mark.e2e


async def _shots(page: Page, name: str) -> None:
    """The page at 360 and 1280 px, light and dark (with reduced motion: the menu strip's
    scroll to the page's link is done before the shot, not half way)."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if not folder:
        return
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        for width in (360, 1280):
            await page.set_viewport_size({"width": width, "height": 900})
            await page.screenshot(
                path=os.path.join(folder, f"{name}-{width}-{scheme}.png"), full_page=True
            )
    await page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    await page.set_viewport_size({"width": 1280, "height": 900})


async def _second_approves(kind: str, key: str, role: str, brand: str | None) -> None:
    """The request the page filed (its key starts with `key`), approved by a second staff
    member of `role`."""
    async with session_scope() as session:
        request = (
            await session.exec(
                select(ApprovalRequest).where(
                    ApprovalRequest.kind == kind,
                    ApprovalRequest.status == approvals.PENDING,
                    col(ApprovalRequest.dedupe_key).startswith(key),
                )
            )
        ).one()
    assert request.id is not None
    done = await approvals.approve(await make_staff(role, brand), request.id, utcnow())
    assert done.status == approvals.EXECUTED, done.result


async def _login(browser: Browser, site_url: str, role: str, brand: str | None) -> Page:
    username, secret = await make_staff_account(role, brand)
    context = await visitor_context(browser, viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await console_log_in(page, site_url, username, secret)
    return page


async def _actions(target: str) -> list[str]:
    async with session_scope() as session:
        found = await session.exec(select(AuditEntry.action).where(AuditEntry.target == target))
        return list(found.all())


async def test_marketing_writes_edits_and_unpublishes_a_notice(
    browser: Browser, site_url: str
) -> None:
    page = await _login(browser, site_url, "marketing", "BR1")
    await page.get_by_test_id("nav-admin-content").click()
    await expect(page).to_have_url(site_url + "/admin/content", timeout=SLOW_MS)

    await expect(page.get_by_test_id("content-brand")).to_have_value("BR1", timeout=SLOW_MS)
    title = f"Aviso {uuid4().hex[:6]}"
    editor = page.get_by_test_id("announcement-editor")
    await editor.locator("select[name=language]").select_option("PT")
    # A date field is typed in the page's language's pattern, whatever the browser's own
    # locale; the console's root says which language that is.
    language = await page.locator("main").evaluate("e => e.closest('[lang]').lang")
    assert language in ("pt-BR", "en-US"), language
    starts = editor.locator("input[name=starts]")
    typed = editor.locator("[data-date-field]:has(input[name=starts]) input[data-date-text]")
    stored_start = await starts.input_value()
    day_first = language == "pt-BR"
    pattern = "dd/mm/aaaa hh:mm" if day_first else "mm/dd/yyyy hh:mm"
    await expect(typed).to_have_attribute("placeholder", pattern)
    stored = datetime.fromisoformat(stored_start)
    shown = f"{stored:%d/%m/%Y %H:%M}" if day_first else f"{stored:%m/%d/%Y %H:%M}"
    await expect(typed).to_have_value(shown, timeout=SLOW_MS)
    await typed.fill("")
    await typed.press_sequentially("041220261430" if day_first else "120420261430")
    await expect(typed).to_have_value("04/12/2026 14:30" if day_first else "12/04/2026 14:30")
    await expect(starts).to_have_value("2026-12-04T14:30")
    await starts.fill(stored_start)
    await page.get_by_test_id("announcement-title").fill(title)
    await page.get_by_test_id("announcement-content").fill(
        '<p>Bem-vindo <b>hoje</b><img src=x onerror="alert(1)"><script>alert(2)</script></p>'
    )
    await page.get_by_test_id("announcement-save").click()
    await expect(page.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    rows = page.get_by_test_id("announcements")
    await expect(rows).to_contain_text(title)
    preview = page.get_by_test_id("announcement-preview")
    await expect(preview.locator("b")).to_have_text("hoje")
    await expect(preview.locator("script")).to_have_count(0)
    async with session_scope() as session:
        stored = (await session.exec(select(Announcement).where(Announcement.title == title))).one()
    assert "script" not in stored.content and "onerror" not in stored.content
    assert stored.merchant_id == await merchant_id("BR1") and stored.language == "PT"
    await _shots(page, "console-content")

    # Edit: the editor holds the saved row; a new title replaces the old one.
    await page.get_by_test_id("announcement-title").fill(title + " v2")
    await page.get_by_test_id("announcement-save").click()
    await expect(rows).to_contain_text(title + " v2", timeout=SLOW_MS)

    row = rows.locator("tr", has_text=title + " v2")
    await row.get_by_test_id("announcement-unpublish").click()
    await expect(row).to_contain_text(re.compile("ended|encerrado"), timeout=SLOW_MS)
    await expect(row.get_by_test_id("announcement-unpublish")).to_have_count(0)
    assert sorted(await _actions(f"announcement:{stored.id}")) == [
        "content.announcement.create",
        "content.announcement.unpublish",
        "content.announcement.update",
    ]

    # A new version of BR1's Portuguese privacy policy (tests/e2e/test_legal.py reads the
    # first version of the terms, and the privacy policy only in English).
    legal_form = page.get_by_test_id("legal-publish").locator("xpath=ancestor::form")
    await legal_form.locator("select[name=slug]").select_option("privacy")
    await legal_form.locator("select[name=language]").select_option("PT")
    await legal_form.locator("input[name=title]").fill(f"Privacidade {title}")
    await legal_form.locator("textarea[name=html]").fill(f"<p>Versão {title}</p>")
    await page.get_by_test_id("legal-publish").click()
    await expect(page.get_by_test_id("console-error")).to_be_empty()
    await expect(page.get_by_test_id("legal-documents")).to_contain_text(
        f"Privacidade {title}", timeout=SLOW_MS
    )
    async with session_scope() as session:
        privacy = (
            await session.exec(
                select(LegalDocument).where(
                    LegalDocument.merchant_id == await merchant_id("BR1"),
                    LegalDocument.slug == "privacy",
                    LegalDocument.language == "PT",
                )
            )
        ).one()
    assert title in privacy.content_html
    assert "content.legal.publish" in await _actions("legal:privacy:PT")
    await page.context.close()


@pytest.mark.deep
async def test_marketing_adds_a_sign_up_banner_and_removes_it(
    browser: Browser, site_url: str
) -> None:
    """The banners card: the home carousel's rows name their promotions; a sign-up popup
    banner for Portuguese readers is refused with a javascript: link (said beside the form),
    then added, shown in the register popup, and removed."""
    page = await _login(browser, site_url, "marketing", "BR1")
    await page.get_by_test_id("nav-admin-content").click()
    await expect(page.get_by_test_id("content-brand")).to_have_value("BR1", timeout=SLOW_MS)
    rows = page.get_by_test_id("banners")
    await expect(rows).to_contain_text(re.compile("Home carousel|Carrossel"), timeout=SLOW_MS)
    await expect(rows).to_contain_text(re.compile("Show us your big win|Mostre o seu"))
    form = page.get_by_test_id("banner-form")
    await form.locator("select[name=group]").select_option("w_register")
    await form.locator("select[name=language]").select_option("PT")
    await form.locator("input[name=image]").fill("/promo-art/sign_up.svg")
    await form.locator("input[name=title]").fill("Cadastro em um minuto")
    await form.locator("input[name=link]").fill("javascript:alert(1)")
    await page.get_by_test_id("banner-add").click()
    await expect(form.get_by_test_id("console-error")).to_contain_text(
        re.compile("link"), timeout=SLOW_MS
    )
    await form.locator("input[name=image]").fill("/promo-art/sign_up.svg")
    await form.locator("input[name=link]").fill("/promotions")
    await page.get_by_test_id("banner-add").click()
    added = rows.locator("tr", has_text="/promo-art/sign_up.svg")
    await expect(added).to_have_count(1, timeout=SLOW_MS)
    await _shots(page, "console-banners")

    visitor = await browser.new_page()
    await visitor.goto(site_url + "/register")
    await expect(visitor.get_by_role("img", name="Cadastro em um minuto")).to_be_visible(
        timeout=SLOW_MS
    )
    await visitor.context.close()

    await added.get_by_test_id("banner-remove").click()
    await expect(added).to_have_count(0, timeout=SLOW_MS)
    async with session_scope() as session:
        found = await session.exec(
            select(AuditEntry.action).where(col(AuditEntry.action).startswith("content.banner."))
        )
        assert {"content.banner.add", "content.banner.remove"} <= set(found.all())
    await page.context.close()


@pytest.mark.deep
async def test_an_admin_voids_an_open_lottery_issue(browser: Browser, site_url: str) -> None:
    issue, _ = await open_issue("pk10-5m")
    page = await _login(browser, site_url, "admin", None)
    await page.get_by_test_id("nav-admin-lottery").click()
    await expect(page).to_have_url(site_url + "/admin/lottery", timeout=SLOW_MS)
    await page.locator("select[name=game]").select_option("pk10-5m")
    await page.locator("select[name=status]").select_option("OPEN")
    await page.get_by_test_id("lottery-show").click()
    row = page.get_by_test_id("lottery-issues").locator("tr", has_text=issue.issue_no)
    await expect(row).to_contain_text("Aberto para apostas", timeout=SLOW_MS)
    await _shots(page, "console-lottery")
    await row.locator("input[name=reason]").fill("feed outage")
    await row.get_by_test_id("issue-void").click()
    await expect(page.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    # A void refunds every bet: it runs once a second staff member approves it.
    assert await _actions(f"pk10-5m:{issue.issue_no}") == []
    await _second_approves("lottery.void", f"void:{issue.id}", "admin", None)
    assert await _actions(f"pk10-5m:{issue.issue_no}") == ["lottery.void"]
    await page.context.close()


@pytest.mark.deep
async def test_finance_changes_a_channel_and_marketing_approves_an_affiliate(
    browser: Browser, site_url: str
) -> None:
    """Payment channels: a new maximum and the switch, seen by the cashier's list; agents:
    an affiliate application approved from the console."""
    async with session_scope() as session:
        channel = PaymentChannel(
            merchant_id=await merchant_id("BR1"),
            code=f"E2E{uuid4().hex[:8].upper()}",
            min_amount=Decimal("10.00"),
            max_amount=Decimal("500.00"),
            sort=950,
        )
        session.add(channel)
        await session.commit()
        await session.refresh(channel)
    page = await _login(browser, site_url, "finance", "BR1")
    await page.get_by_test_id("nav-admin-channels").click()
    row = page.get_by_test_id("channel").filter(has_text=channel.code)
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await row.locator("input[name=max]").fill("750,00")
    await row.locator("input[name=reason]").fill("o provedor aumentou o limite")
    await row.get_by_test_id("channel-save").click()
    await expect(page.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    # New limits run once a second staff member approves them.
    await _second_approves("channel.limits", f"channel:{channel.id}:", "finance", "BR1")
    await row.get_by_test_id("channel-off").click()
    await expect(row.get_by_test_id("channel-on")).to_have_count(1, timeout=SLOW_MS)
    # The form offers the new figure for editing in the reader's decimal mark.
    await expect(row.locator("input[name=max]")).to_have_value("750,00", timeout=SLOW_MS)
    await _shots(page, "console-channels")
    offered = {c.code for c in await deposits.channels(await brands.by_code("BR1"))}
    assert channel.code not in offered
    assert sorted(await _actions(f"channel:{channel.code}")) == [
        "channel.disable",
        "channel.update",
    ]
    await page.context.close()

    applicant = await make_member("BR1")
    await affiliates.apply(applicant, "e2e blog", "readers", utcnow(), accepted_terms=True)
    marketing = await _login(browser, site_url, "marketing", "BR1")
    await marketing.get_by_test_id("nav-admin-agents").click()
    waiting = marketing.get_by_test_id("applications").locator("tr", has_text=applicant.username)
    await waiting.get_by_test_id("application-approve").click()
    await expect(waiting).to_have_count(0, timeout=SLOW_MS)
    await expect(marketing.get_by_test_id("agents")).to_contain_text(applicant.username)
    await _shots(marketing, "console-agents")
    assert await _actions(f"member:{applicant.id}") == ["affiliate.approve"]
    await marketing.context.close()


@pytest.mark.deep
async def test_marketing_defines_a_raffle_and_ends_it_early(
    browser: Browser, site_url: str
) -> None:
    page = await _login(browser, site_url, "marketing", "BR1")
    await page.get_by_test_id("nav-admin-promotions").click()
    await expect(page).to_have_url(site_url + "/admin/promotions", timeout=SLOW_MS)
    await expect(page.get_by_test_id("promotions-brand")).to_have_value("BR1", timeout=SLOW_MS)

    editor = page.get_by_test_id("promotion-editor")
    code = f"RF{uuid4().hex[:8].upper()}"
    now = utcnow()
    await editor.get_by_test_id("promo-kind").select_option("RAFFLE")
    await expect(editor.get_by_test_id("promo-winners")).to_be_visible(timeout=SLOW_MS)
    await editor.get_by_test_id("promo-reward_kind").select_option("POINTS")
    await editor.get_by_test_id("promo-code").fill(code)
    await editor.get_by_test_id("promo-reward_amount").fill("500")
    await editor.get_by_test_id("promo-budget").fill("1500")
    await editor.get_by_test_id("promo-starts").fill(f"{now:%Y-%m-%dT%H:%M}")
    await editor.get_by_test_id("promo-ends").fill(f"{now + timedelta(days=3):%Y-%m-%dT%H:%M}")
    await editor.get_by_test_id("promo-ticket_turnover").fill("25")
    await editor.get_by_test_id("promo-winners").fill("3")
    await editor.get_by_test_id("promo-draw_at").fill(f"{now + timedelta(days=4):%Y-%m-%dT%H:%M}")
    await editor.get_by_test_id("promo-authorisation").fill("SPA/MF 77/2026")
    await editor.get_by_test_id("promo-title_en").fill("Weekly raffle")
    await editor.get_by_test_id("promo-title_pt").fill("Sorteio semanal")
    await _shots(page, "console-promotions")
    await editor.get_by_test_id("promo-create").click()

    row = page.get_by_test_id("promotions").locator("tr", has_text=code)
    await expect(row).to_contain_text("Sorteio semanal", timeout=SLOW_MS)  # the reader's language
    await expect(page.get_by_test_id("console-notice")).not_to_be_empty(timeout=SLOW_MS)
    # Edited while open: a better title and a bigger budget (the prizes stay).
    await row.get_by_test_id("promo-edit").click()
    edit = page.get_by_test_id("promo-edit-form")
    await expect(edit.get_by_test_id("promo-title_en")).to_have_value(
        "Weekly raffle", timeout=SLOW_MS
    )
    await expect(edit.get_by_test_id("promo-budget")).to_have_value("1500.00")
    await edit.get_by_test_id("promo-title_pt").fill("Sorteio semanal, agora maior")
    await edit.get_by_test_id("promo-budget").fill("2000")
    await _shots(page, "console-promotion-edit")
    await edit.get_by_test_id("promo-save").click()
    await expect(row).to_contain_text("Sorteio semanal, agora maior", timeout=SLOW_MS)
    await expect(row).to_contain_text(re.compile(r"2[.,]000[.,]00"))
    await expect(edit).to_have_count(0)
    await row.get_by_test_id("promo-end").click()
    await expect(row.get_by_test_id("promo-end")).to_have_count(0, timeout=SLOW_MS)

    async with session_scope() as session:
        made = (await session.exec(select(Promotion).where(Promotion.code == code))).one()
    assert (made.kind, made.reward_kind, made.winners) == ("RAFFLE", "POINTS", 3)
    assert made.budget == Decimal("2000.00") and made.reward_amount == Decimal("500.00")
    assert made.ends_at <= utcnow()
    assert await _actions(f"promotion:{made.id}") == [
        "promotions.create",
        "promotions.amend",
        "promotions.end",
    ]


@pytest.mark.deep
async def test_marketing_edits_a_vip_level(browser: Browser, site_url: str) -> None:
    brand = await brands.by_code("BR1")
    async with session_scope() as session:
        levels = await vip.levels_of(session, brand.id)
        settings = await vip.settings_of(session, brand.id)
    page = await _login(browser, site_url, "marketing", "BR1")
    try:
        await page.get_by_test_id("nav-admin-vip").click()
        await expect(page).to_have_url(site_url + "/admin/vip", timeout=SLOW_MS)
        table = page.get_by_test_id("vip-levels")
        await expect(table.locator("tbody tr")).to_have_count(len(levels), timeout=SLOW_MS)
        await table.locator("tbody tr").nth(1).get_by_test_id("vip-edit").click()
        form = page.get_by_test_id("vip-level-form")
        await expect(form.get_by_test_id("vip-form-level")).to_have_text("1", timeout=SLOW_MS)
        # The form offers the figures for editing in the reader's decimal mark, ungrouped.
        await expect(form.get_by_test_id("vip-bet_threshold")).to_have_value(
            re.compile(r"^[0-9]+,[0-9]{2}$")
        )
        await form.get_by_test_id("vip-name").fill("Prata")
        await form.get_by_test_id("vip-level_up_bonus").fill("15,50")
        await _shots(page, "console-vip")
        await form.get_by_test_id("vip-save").click()
        await expect(table.locator("tbody tr").nth(1)).to_contain_text("Prata", timeout=SLOW_MS)
        # The table reads in the reader's numbers (Portuguese here), the store as stored.
        await expect(table.locator("tbody tr").nth(1)).to_contain_text("15,50")
        async with session_scope() as session:
            stored = await vip.levels_of(session, brand.id)
        assert (stored[1].name, stored[1].level_up_bonus) == ("Prata", Decimal("15.50"))
        assert "vip.level" in await _actions("vip:BR1")
    finally:
        await vip.configure(brand.id, levels, settings)


@pytest.mark.deep
async def test_an_admin_runs_the_game_catalogue(browser: Browser, site_url: str) -> None:
    """An all-brand admin opens PG's games, finds one by its code, makes it hot and first in
    the order, and imports PG's list from its provider (the simulator): each step audited."""
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game)
                .where(Game.vassalage == "PG", Game.is_game == "GAME", col(Game.is_top).is_(False))
                .order_by(col(Game.id))
            )
        ).first()
    assert game is not None and game.id is not None
    page = await _login(browser, site_url, "admin", None)
    await page.get_by_test_id("nav-admin-games").click()
    await expect(page).to_have_url(site_url + "/admin/games", timeout=SLOW_MS)
    vendors = page.get_by_test_id("vendors")
    pg = vendors.locator("tr").filter(has=page.get_by_role("cell", name="PG", exact=True))
    await pg.get_by_test_id("vendor-open").click()
    await expect(page.get_by_test_id("games-vendor")).to_have_text("PG", timeout=SLOW_MS)
    await page.get_by_test_id("games-search").fill(game.game_code)
    await page.get_by_test_id("games-search").press("Enter")
    row = page.get_by_test_id("game")
    await expect(row).to_have_count(1, timeout=SLOW_MS)
    await row.locator("input[name=popularity]").fill("999999")
    await row.locator("input[name=hot]").check()
    await row.get_by_test_id("game-save").click()
    await expect(page.get_by_test_id("console-notice")).to_have_text("Feito.", timeout=SLOW_MS)
    try:
        async with session_scope() as session:
            saved = await session.get(Game, game.id)
        assert saved is not None and (saved.is_top, saved.popularity) == (True, 999_999)
        assert await _actions(f"game:PG/{game.game_code}") == ["games.game.update"]
        await _shots(page, "console-games")
        await pg.get_by_test_id("vendor-import").click()
        await expect(page.get_by_test_id("console-notice")).to_contain_text(
            "Importado:", timeout=SLOW_MS
        )
        assert "games.import" in await _actions("vendor:PG")
        # Back as it was, through the page (which drops the site's cached catalogue).
        await row.locator("input[name=popularity]").fill(str(game.popularity))
        await row.locator("input[name=hot]").uncheck()
        await row.get_by_test_id("game-save").click()
        await expect(page.get_by_test_id("console-notice")).to_have_text("Feito.", timeout=SLOW_MS)
        async with session_scope() as session:
            back = await session.get(Game, game.id)
        assert back is not None and (back.is_top, back.popularity) == (False, game.popularity)
    finally:  # the page failed half-way: the row at least is put back
        async with write_transaction() as session:
            restored = await session.get(Game, game.id)
            assert restored is not None
            restored.is_top, restored.popularity = game.is_top, game.popularity
            session.add(restored)
