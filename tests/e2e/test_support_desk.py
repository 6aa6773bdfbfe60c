"""Support tickets in a real browser: a member sends a complaint with an image from
/feedback, a support staff member finds it in the console's queue, sees the image, answers;
the member sees the answer (and the inbox badge), writes again; the ticket is back in the
queue, the staff member closes it and the member can no longer write under it. Screenshots
(360 and 1280 px, light and dark) into SUPPORT_SHOTS (default /tmp/support-shots)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.async_api import Browser, BrowserContext, Page, expect

from app.core.i18n import translate
from tests.e2e.conftest import SLOW_MS, open_site
from tests.e2e.test_backoffice_content import _actions, _login
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.browser import screenshots

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("SUPPORT_SHOTS", "/tmp/support-shots"))


def _image(path: Path) -> Path:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 90, 30)).save(buffer, format="PNG")
    path.write_bytes(buffer.getvalue())
    return path


async def _member_page(context: BrowserContext, site_url: str, username: str) -> Page:
    page = await context.new_page()
    await open_site(page, site_url + "/login")
    form = page.get_by_test_id("login-form")
    await form.locator("input[name=username]").fill(username)
    await form.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
    await open_site(page, site_url + "/feedback")
    return page


async def test_a_ticket_with_an_image_is_answered_followed_up_and_closed(
    browser: Browser, context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    member = await make_member("BR1")
    page = await _member_page(context, site_url, member.username)
    await page.get_by_test_id("feedback-type").select_option("withdraw")
    await page.get_by_test_id("feedback-content").fill("Meu saque PIX ainda não chegou.")
    await (
        page.get_by_test_id("feedback-upload")
        .locator("input[type=file]")
        .set_input_files([_image(tmp_path / "comprovante.png")])
    )
    await page.get_by_test_id("feedback-send").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text(
        "número do seu chamado", timeout=SLOW_MS
    )
    ticket = page.get_by_test_id("ticket").first
    await expect(ticket.get_by_test_id("ticket-status")).to_have_text("Aberto")
    await expect(ticket.get_by_test_id("ticket-images")).to_contain_text("1")
    await expect(page.get_by_test_id("feedback-content")).to_have_value("")

    staff = await _login(browser, site_url, "support", "BR1")
    await staff.get_by_test_id("nav-admin-support").click()
    await expect(staff).to_have_url(site_url + "/admin/support", timeout=SLOW_MS)
    search = staff.get_by_test_id("support-search")
    await search.fill(member.username)
    await search.press("Enter")
    rows = staff.get_by_test_id("support-tickets").locator("tbody tr")
    await expect(rows).to_have_count(1, timeout=SLOW_MS)
    await expect(rows.first).to_contain_text("Meu saque PIX")
    await rows.first.get_by_test_id("support-open").click()
    desk = staff.get_by_test_id("support-ticket")
    await expect(desk.get_by_test_id("support-line")).to_have_count(1, timeout=SLOW_MS)
    await desk.get_by_test_id("support-image").click()
    await expect(desk.get_by_test_id("support-image-shown")).to_have_attribute(
        "src", re.compile(r"^data:image/png;base64,"), timeout=SLOW_MS
    )
    await desk.get_by_test_id("support-answer-text").fill("O pagamento saiu às 10:02.")
    await desk.get_by_test_id("support-answer").click()
    await expect(desk.get_by_test_id("support-line")).to_have_count(2, timeout=SLOW_MS)
    await expect(desk.get_by_test_id("support-ticket-status")).to_have_text("Respondido")
    await screenshots(staff, SHOTS, "console-support")

    await page.reload()
    ticket = page.get_by_test_id("ticket").first
    await expect(ticket.get_by_test_id("ticket-status")).to_have_text("Respondido", timeout=SLOW_MS)
    await expect(ticket.get_by_test_id("ticket-reply")).to_contain_text("10:02")
    await ticket.get_by_test_id("ticket-follow-up-text").fill("Ainda não apareceu no banco.")
    await ticket.get_by_test_id("ticket-follow-up-send").click()
    await expect(ticket.get_by_test_id("ticket-follow-up")).to_contain_text(
        "Ainda não", timeout=SLOW_MS
    )
    # Said under the ticket, beside its button, not at the top of the page.
    await expect(ticket.get_by_test_id("form-notice")).to_have_text(
        translate("feedback.follow_up_sent", "pt")
    )
    await expect(ticket.get_by_test_id("ticket-status")).to_have_text("Aberto")
    await screenshots(page, SHOTS, "member-feedback")

    await expect(rows).to_have_count(0)  # answered: no longer waiting for us
    await search.press("Enter")  # the member wrote again: waiting for us once more
    await expect(rows).to_have_count(1, timeout=SLOW_MS)
    await rows.first.get_by_test_id("support-open").click()
    await expect(desk.get_by_test_id("support-line")).to_have_count(3, timeout=SLOW_MS)
    await expect(desk.get_by_test_id("support-ticket-status")).to_have_text("Aberto")
    await desk.get_by_test_id("support-close").click()
    await expect(desk.get_by_test_id("support-ticket-status")).to_have_text(
        "Encerrado", timeout=SLOW_MS
    )
    await expect(desk.get_by_test_id("support-answer")).to_have_count(0)

    await page.reload()
    ticket = page.get_by_test_id("ticket").first
    await expect(ticket.get_by_test_id("ticket-status")).to_have_text("Encerrado", timeout=SLOW_MS)
    await expect(ticket.get_by_test_id("ticket-follow-up-send")).to_have_count(0)
    ticket_no = (await ticket.inner_text()).split("·")[0].strip().lstrip("#")
    assert await _actions(f"ticket:{ticket_no}") == ["support.answer", "support.close"]
