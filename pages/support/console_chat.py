"""The console's live chat desk: the brand's open conversations (waiting first), one
conversation's lines, the answer box and the close."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.support.live_chat import MAX_CHARS
from components.backoffice.console import (
    INPUT,
    QUIET,
    allowed,
    answer_box,
    brand_picker,
    card,
    frame,
    messages,
    table,
    thread_line,
)
from components.i18n import t
from pages.registry import Page
from state.support.chat import ChatLine
from state.support.console_chat import ChatDeskState, ConversationLine


def _open_button(row: ConversationLine) -> rx.Component:
    return rx.el.button(
        t("bo-open"),
        on_click=ChatDeskState.open_conversation(row.id),
        data_testid="chat-open",
        class_name=QUIET,
    )


def _line(line: ChatLine) -> rx.Component:
    author = rx.cond(line.from_staff, line.author, ChatDeskState.open_customer)
    return thread_line(author, line.time, line.body, ~line.from_staff, "chat-desk-line")


def _conversation() -> rx.Component:
    s = ChatDeskState
    return rx.cond(
        s.open_id > 0,
        card(
            "bo-conversation",
            rx.el.p("#", s.open_id.to(str), " · ", s.open_customer, class_name="text-sm mb-2"),
            rx.el.ol(
                rx.foreach(s.lines, _line),
                class_name="flex flex-col-reverse gap-2 max-h-[420px] overflow-y-auto",
                aria_live="polite",
            ),
            allowed(
                "support.reply",
                answer_box(
                    rx.el.input(
                        name="body",
                        required=True,
                        max_length=MAX_CHARS,
                        auto_complete="off",
                        placeholder=t("bo-answer"),
                        aria_label=t("bo-answer"),
                        data_testid="chat-desk-input",
                        class_name=INPUT + " flex-1",
                    ),
                    s.answer,
                    s.close_conversation,
                    "bo-close-chat",
                    "chat-desk",
                    inline=True,
                ),
            ),
            testid="chat-conversation",
        ),
    )


def chat_desk_page() -> rx.Component:
    s = ChatDeskState
    return frame(
        "bo-chat",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand),
        card(
            "bo-conversations",
            table(
                [
                    ("id", "bo-col-id"),
                    ("customer", "bo-col-customer"),
                    ("waiting", "bo-col-waiting"),
                    ("last", "bo-col-message"),
                    ("at", "bo-col-last-message"),
                ],
                s.rows,
                _open_button,
                testid="chat-conversations",
            ),
        ),
        _conversation(),
    )


PAGES = (
    Page(routes.ADMIN_CHAT, chat_desk_page, "Live chat", load=(ChatDeskState.load,), console=True),
)
