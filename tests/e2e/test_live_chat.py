"""The customer-service live chat in a real browser: a visitor opens "Live chat" from the side
menu (a 440 × 750 window), writes; the message reaches a support staff member's console desk
without a reload; the answer appears in the visitor's window without a reload; staff close
the conversation. Screenshots into CHAT_SHOTS (default /tmp/chat-shots)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from uuid import uuid4

import pytest
from playwright.async_api import Browser, BrowserContext, expect

from tests.e2e.conftest import SLOW_MS, open_site
from tests.e2e.test_backoffice_content import _actions, _login
from tests.helpers.browser import screenshots

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("CHAT_SHOTS", "/tmp/chat-shots"))


async def test_a_visitors_message_reaches_staff_and_the_answer_comes_back(
    browser: Browser, context: BrowserContext, site_url: str
) -> None:
    staff = await _login(browser, site_url, "support", "BR1")
    await staff.get_by_test_id("nav-admin-chat").click()
    await expect(staff).to_have_url(site_url + "/admin/chat", timeout=SLOW_MS)
    await expect(staff.get_by_test_id("chat-conversations")).to_be_visible(timeout=SLOW_MS)

    page = await context.new_page()
    await open_site(page, site_url)
    await page.get_by_test_id("cs-button").click()
    # Record the window the side menu asks for (a headless popup takes the context's size).
    await page.evaluate(
        "() => { const open = window.open; window.__asked = [];"
        " window.open = (...args) => { window.__asked.push(args); return open(...args); }; }"
    )
    async with context.expect_page() as opened:
        await page.get_by_test_id("cs-LIVECHAT-1").click()
    chat = await opened.value
    await expect(chat).to_have_url(re.compile(re.escape(site_url) + "/chat/?$"), timeout=SLOW_MS)
    asked = await page.evaluate("() => window.__asked")
    assert [args[1:] for args in asked] == [["_blank", "width=440,height=750"]], asked
    await expect(chat.get_by_test_id("chat-hello")).to_contain_text("Olá!", timeout=SLOW_MS)
    question = f"Quando cai o PIX? {uuid4().hex[:6]}"
    await chat.get_by_test_id("chat-input").fill(question)
    await chat.get_by_test_id("chat-send").click()
    await expect(chat.get_by_test_id("chat-own-line")).to_contain_text(question, timeout=SLOW_MS)
    await expect(chat.get_by_test_id("chat-input")).to_have_value("")
    # who answers, and where, stays in view once the question is sent
    await expect(chat.get_by_test_id("chat-hello")).to_be_visible()
    await expect(chat.get_by_test_id("chat-back")).to_have_attribute("href", "/")

    # The desk shows it without a reload (its watch of the brand's chat version).
    row = staff.get_by_test_id("chat-conversations").locator("tbody tr", has_text=question)
    await expect(row).to_contain_text("Visitante", timeout=SLOW_MS)
    await row.get_by_test_id("chat-open").click()
    conversation = staff.get_by_test_id("chat-conversation")
    await expect(conversation.get_by_test_id("chat-desk-line")).to_have_count(1, timeout=SLOW_MS)
    await conversation.get_by_test_id("chat-desk-input").fill("Em até 5 minutos.")
    await conversation.get_by_test_id("chat-desk-answer").click()
    await expect(conversation.get_by_test_id("chat-desk-line")).to_have_count(2, timeout=SLOW_MS)

    # The visitor's window shows the answer without a reload.
    await expect(chat.get_by_test_id("chat-staff-line")).to_contain_text(
        "Em até 5 minutos.", timeout=SLOW_MS
    )
    await screenshots(chat, SHOTS, "chat-window")
    await screenshots(staff, SHOTS, "console-chat")

    conversation_id = (await conversation.locator("p").first.inner_text()).split("·")[0]
    await conversation.get_by_test_id("chat-desk-close").click()
    await expect(conversation).to_have_count(0, timeout=SLOW_MS)
    await expect(row).to_have_count(0)
    assert await _actions(f"chat:{conversation_id.strip().lstrip('#')}") == [
        "chat.answer",
        "chat.close",
    ]
