"""The console as operators use it on a phone, in Portuguese: an operator opens a player's
360 (words, not catalog keys), reveals the CPF (audited), pays a withdrawal through its
confirmation (payee, PIX key, identity check, the member's money), and a second operator
approves another person's adjustment after reading it in words (who asked, why, for whom).
Screenshots go to SCREENSHOT_DIR when it is set."""

from __future__ import annotations

import os
import re
from decimal import Decimal
from uuid import uuid4

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import select

from app import routes
from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.i18n import translate
from app.services.backoffice import approvals, player360, players
from app.services.backoffice.permissions import ALL_BRANDS_ONLY
from app.services.brands import brands
from app.services.identity import onboarding
from components.backoffice.console import NAV_STRIP, console_menu
from models import ApprovalRequest, AuditEntry, Member, WithdrawalOrder
from models.base import utcnow
from models.identity import IdentityStatus, MemberIdentity
from tests.e2e.conftest import SLOW_MS
from tests.helpers.accounts import ADULT_BIRTH, ADULT_NAME, cpf_of, make_member, new_cpf
from tests.helpers.backoffice import (
    make_staff,
    make_staff_account,
    merchant_id,
    pending_withdrawal,
)
from tests.helpers.browser import console_log_in, visitor_context
from tests.helpers.seamless import funded_member
from tests.helpers.words import text_in, wrong_words

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
RAW_KEY = re.compile(r"\bbo[-.][a-z0-9-]+(\.[a-z0-9-]+)*\b")


async def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        await page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


async def _shots_phone_and_desktop(page: Page, name: str) -> None:
    """The page at the phone's width, then at a desktop's (when screenshots are asked for)."""
    if not os.environ.get("SCREENSHOT_DIR"):
        return
    await _shot(page, f"phone-{name}")
    await page.set_viewport_size({"width": 1280, "height": 900})
    await _shot(page, f"desktop-{name}")
    await page.set_viewport_size(PHONE)


async def _phone_login(browser: Browser, site_url: str, role: str) -> tuple[Page, str]:
    """A staff member of `role` logged in from a phone of their own, the console in
    Portuguese; the page and the user name."""
    username, secret = await make_staff_account(role, "BR1")
    context = await visitor_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page = await context.new_page()
    await console_log_in(page, site_url, username, secret)
    await expect(page).to_have_url(re.compile(re.escape(site_url) + r"/admin/?$"), timeout=SLOW_MS)
    await page.get_by_role("button", name="Português").click()
    await expect(page.get_by_role("heading", name="Período")).to_be_visible(timeout=SLOW_MS)
    return page, username


# The page's own link, marked open, lies within the menu strip's visible box (once its scroll
# has settled).
_CURRENT_IN_VIEW = f"""path => {{
    const strip = document.getElementById('{NAV_STRIP}');
    const link = strip && strip.querySelector('[aria-current=page]');
    if (!link || link.getAttribute('href') !== path) return false;
    const box = strip.getBoundingClientRect(), seen = link.getBoundingClientRect();
    return seen.left >= box.left - 1 && seen.right <= box.right + 1;
}}"""


async def _current_link_in_view(page: Page, path: str) -> None:
    await page.wait_for_function(_CURRENT_IN_VIEW, arg=path, timeout=SLOW_MS)


async def _cpf_reveals(member_id: int) -> list[AuditEntry]:
    """The audit log's entries of a member's whole CPF shown to staff."""
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(AuditEntry).where(
                        AuditEntry.action == player360.REVEAL_ACTION,
                        AuditEntry.target == f"member:{member_id}",
                    )
                )
            ).all()
        )


async def _no_raw_words(page: Page) -> None:
    """No catalog key and no status code shown as they are stored."""
    shown = await page.locator("main").inner_text()
    assert not RAW_KEY.search(shown), RAW_KEY.search(shown)
    for code in ("PENDING", "ACTIVE", "VERIFIED", "DISBURSED", "balance.adjust"):
        assert code not in shown, code


async def test_operators_pay_and_approve_with_the_facts_in_front_of_them(
    browser: Browser, site_url: str
) -> None:
    # Below the brand's payout threshold (another walk on this site may have lowered it).
    await approvals.set_threshold(
        await make_staff("admin", None),
        await merchant_id("BR1"),
        "withdrawal.pay",
        Decimal("1000.00"),
        utcnow(),
    )
    order_no = await pending_withdrawal("150.00")
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
    payee_id = order.member_id
    player = await make_member("BR1", username=f"bia{uuid4().hex[:8]}")
    assert player.id is not None
    maker = await make_staff("finance")
    asked = await players.adjust(
        maker, player.id, "credit", "1500.00", "prêmio do torneio não creditado", uuid4().hex,
        utcnow(),
    )  # fmt: skip
    assert asked.approval_id is not None

    # The operator opens the payee's 360 on their phone.
    operator, operator_name = await _phone_login(browser, site_url, "payments")
    await _shot(operator, "phone-dashboard")
    await operator.goto(site_url + "/admin/players")
    await operator.get_by_test_id("player-query").fill(f"#{payee_id}")
    await operator.get_by_test_id("player-query").press("Enter")
    # The list shows the newest players until the search answers: wait for the payee alone.
    results = operator.get_by_test_id("player-results")
    await expect(results).to_contain_text((await _member(payee_id)).username, timeout=SLOW_MS)
    await expect(results.get_by_test_id("player-open")).to_have_count(1)
    await results.get_by_test_id("player-open").click()
    await expect(operator.get_by_text("Visão 360 do jogador")).to_be_visible(timeout=SLOW_MS)
    await expect(operator.get_by_test_id("profile-status")).to_have_text("Ativo")
    identity = operator.get_by_test_id("player-identity")
    await expect(identity.get_by_test_id("profile-verified-name")).to_have_text(ADULT_NAME)
    await expect(identity.get_by_test_id("profile-kyc")).to_have_text("Verificada")
    await expect(operator.get_by_test_id("player-safety")).to_contain_text(
        "Conta de saque em outro nome"
    )
    await _no_raw_words(operator)
    await _shot(operator, "phone-player-360")

    # The CPF, masked until asked for; asking is recorded in the audit log.
    whole = await cpf_of(await _member(payee_id))
    cpf = identity.get_by_test_id("profile-cpf")
    await expect(cpf).to_have_text(re.compile(r"^\*\*\*\."))
    await identity.get_by_test_id("player-reveal-cpf").click()
    await expect(cpf).to_have_text(f"{whole[:3]}.{whole[3:6]}.{whole[6:9]}-{whole[9:]}")
    assert [r.staff_name for r in await _cpf_reveals(payee_id)] == [operator_name]

    # Paying opens the confirmation; nothing moves until it is confirmed.
    await operator.goto(site_url + "/admin/payments")
    row = operator.get_by_test_id("withdrawal-queue").locator("tr", has_text=order_no)
    await expect(row).to_contain_text("Aguardando pagamento", timeout=SLOW_MS)
    await row.get_by_test_id("withdrawal-pay").click()
    confirmation = operator.get_by_test_id("pay-confirmation")
    await expect(confirmation.get_by_test_id("pay-amount")).to_have_text("R$ 150,00")
    await expect(confirmation.get_by_test_id("pay-payee")).to_have_text("Titular Teste")
    await expect(confirmation.get_by_test_id("pay-key")).to_contain_text("@example.com")
    await expect(confirmation.get_by_test_id("pay-kyc")).to_have_text("Verificada")
    await expect(confirmation.get_by_test_id("pay-rule")).to_contain_text("cumprida")
    await _shot(operator, "phone-pay-confirmation")
    async with session_scope() as session:
        untouched = await session.get(WithdrawalOrder, order.id)
    assert untouched is not None and untouched.paid_amount == 0
    await confirmation.get_by_test_id("withdrawal-confirm-pay").click()
    await expect(operator.get_by_test_id("console-notice")).to_have_text(
        f"Pago R$ 150,00 a Titular Teste ({order_no}).", timeout=SLOW_MS
    )
    await expect(confirmation).to_have_count(0)
    async with session_scope() as session:
        paid = await session.get(WithdrawalOrder, order.id)
    assert paid is not None and paid.paid_amount == Decimal("150.00")

    # The payments role may not decide an adjustment: it reads why instead of a button.
    asked_row = operator.get_by_test_id("approval-row").filter(has_text=player.username)
    await expect(asked_row.get_by_test_id("approval-why-not")).to_have_text(
        "Sua função não pode aprovar isto."
    )
    await expect(asked_row.get_by_test_id("approval-approve")).to_have_count(0)
    await _no_raw_words(operator)
    await _shot(operator, "phone-payments")

    # A second operator reads the adjustment in words and approves it.
    checker, _ = await _phone_login(browser, site_url, "finance")
    await checker.goto(site_url + "/admin/payments")
    waiting = checker.get_by_test_id("approval-row").filter(has_text=player.username)
    await expect(waiting.get_by_test_id("approval-what")).to_have_text(
        f"Creditar R$ 1.500,00 no saldo de {ADULT_NAME} ({player.username})", timeout=SLOW_MS
    )
    await expect(waiting.get_by_test_id("approval-maker")).to_have_text(maker.username)
    await expect(waiting.get_by_test_id("approval-reason")).to_have_text(
        "prêmio do torneio não creditado"
    )
    await _shot(checker, "phone-approval-in-words")
    # The evidence: the request's link opens the player's 360 view, and back to decide.
    await waiting.get_by_test_id("approval-evidence").click()
    await expect(checker).to_have_url(re.compile(rf"/admin/players\?member={player.id}$"))
    await expect(checker.get_by_test_id("player-heading")).to_contain_text(
        player.username, timeout=SLOW_MS
    )
    await checker.go_back()
    # The click waits for the page's loaders: one sent before them would be cleared by them.
    await expect(checker.locator("[aria-busy=true]")).to_have_count(0, timeout=SLOW_MS)
    await waiting.get_by_test_id("approval-approve").click()
    await expect(checker.get_by_test_id("console-notice")).to_contain_text(
        "Aprovado: Creditar R$ 1.500,00", timeout=SLOW_MS
    )
    await expect(waiting).to_have_count(0)
    async with session_scope() as session:
        decided = await session.get(ApprovalRequest, asked.approval_id)
    assert decided is not None and decided.status == approvals.EXECUTED


async def _member(member_id: int) -> Member:
    async with session_scope() as session:
        found = await session.get(Member, member_id)
    assert found is not None
    return found


@pytest.mark.deep
async def test_every_console_page_speaks_words_in_both_languages(
    browser: Browser, site_url: str
) -> None:
    """An admin on a phone opens every console page in Portuguese and in English: no catalog
    key, no status code as stored and no text of the other language, no page wider than the
    phone, and the menu marking the page open."""
    await pending_withdrawal("20.00")
    admin, _ = await _phone_login(browser, site_url, "admin")
    for language, code in (("Português", "pt"), ("English", "en")):
        await admin.goto(site_url + routes.ADMIN)
        await admin.get_by_role("button", name=language).click()
        await expect(admin.locator("main h1")).to_have_text(
            translate("bo-dashboard", code), timeout=SLOW_MS
        )
        # A brand's admin is not offered the pages over what every brand shares.
        await expect(admin.get_by_test_id("nav-admin-lottery")).to_have_count(0)
        for item in console_menu():
            if item.permission in ALL_BRANDS_ONLY:
                continue
            path = item.path
            await admin.goto(site_url + path)
            await expect(admin.locator("[aria-busy='true']")).to_have_count(0, timeout=SLOW_MS)
            await expect(admin.locator("main h1")).not_to_be_empty(timeout=SLOW_MS)
            # The page's rows arrive after its load event.
            await admin.wait_for_load_state("networkidle")
            shown = await text_in(admin, "main", code)
            assert not wrong_words(shown, code), (path, language, wrong_words(shown, code))
            width = await admin.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (path, width)
            # The menu, a strip above the page on a phone, marks the page open.
            current = admin.locator("nav [aria-current='page']")
            await expect(current).to_have_count(1)
            await expect(current).to_have_attribute("href", path)
            await _current_link_in_view(admin, path)
            await _shots_phone_and_desktop(admin, f"{code}-{path.strip('/').replace('/', '-')}")


@pytest.mark.deep
async def test_a_kyc_reviewer_decides_an_identity_the_provider_could_not_read(
    browser: Browser, site_url: str
) -> None:
    """The risk team's daily work on a phone: the review queue in Portuguese, a player whose
    document the provider could not read (a CPF it could not match), the whole CPF beside the
    document (audited), a rejection without a reason refused next to the form, then an approval
    with the birth date read off the document: the player is verified and the queue empties."""
    member = await funded_member("0", payee_name=ADULT_NAME, identity=None)
    assert member.id is not None
    digits = new_cpf(prefix="999")  # the sandbox provider's "document unreadable"
    brand = await brands.by_id(member.merchant_id)
    async with write_transaction() as session:
        await onboarding.claim_cpf(session, brand, member, digits, clock.now())
    view = await onboarding.submit(member, ADULT_NAME, ADULT_BIRTH, clock.now())
    assert view.status == IdentityStatus.REVIEW

    reviewer, _ = await _phone_login(browser, site_url, "risk")
    await reviewer.goto(site_url + routes.ADMIN_KYC)
    queue = reviewer.get_by_test_id("kyc-queue")
    row = queue.locator("tr", has_text=member.username)
    await expect(row).to_contain_text("Documento ilegível", timeout=SLOW_MS)
    await _no_raw_words(reviewer)
    await row.get_by_test_id("kyc-open").click()
    await expect(reviewer.get_by_test_id("kyc-cpf")).to_have_text(player360.formatted_cpf(digits))
    assert len(await _cpf_reveals(member.id)) == 1
    await _shot(reviewer, "phone-kyc-review")

    await reviewer.get_by_test_id("kyc-reject").click()  # no reason: refused, nothing changes
    await expect(reviewer.get_by_test_id("console-error")).to_be_visible()
    await reviewer.locator("input[name=birthDate]").fill(ADULT_BIRTH)
    await reviewer.get_by_test_id("kyc-approve").click()
    await expect(reviewer.get_by_test_id("console-notice")).to_have_text("Aprovado.")
    await expect(queue.locator("tr", has_text=member.username)).to_have_count(0)
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None and identity.status == IdentityStatus.VERIFIED


@pytest.mark.deep
async def test_the_phone_menu_shows_the_page_open(browser: Browser, site_url: str) -> None:
    """On a phone the menu is a strip that scrolls sideways: a page far along it (the VIP
    ladder, the game catalogue) opens with its own link scrolled into the strip's view, the
    first page with the strip at its start, and a desktop's window narrowed to a phone's
    scrolls its strip too."""
    admin, _ = await _phone_login(browser, site_url, "admin")
    strip = admin.locator(f"#{NAV_STRIP}")
    for path in (routes.ADMIN_VIP, routes.ADMIN_GAMES):
        await admin.goto(site_url + path)
        await expect(admin.locator("nav [aria-current='page']")).to_have_attribute("href", path)
        # Far along the strip: off its visible box unless scrolled to.
        assert await strip.evaluate("s => s.scrollWidth > s.clientWidth")
        await _current_link_in_view(admin, path)
        assert await strip.evaluate("s => s.scrollLeft") > 0
    await admin.goto(site_url + routes.ADMIN)
    await _current_link_in_view(admin, routes.ADMIN)
    assert await strip.evaluate("s => s.scrollLeft") == 0
    # A desktop's window narrowed to a phone's: its column becomes the strip, scrolled too.
    await admin.set_viewport_size({"width": 1280, "height": 900})
    await admin.goto(site_url + routes.ADMIN_VIP)
    await _current_link_in_view(admin, routes.ADMIN_VIP)
    await admin.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    await _current_link_in_view(admin, routes.ADMIN_VIP)
    assert await strip.evaluate("s => s.scrollLeft") > 0
