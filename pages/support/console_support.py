"""The console's support desk: the tickets waiting for an answer (filters, paging), one
ticket's conversation with its images, the answer form and the close."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.support import tickets
from components.backoffice.console import (
    BUTTON,
    INPUT,
    QUIET,
    allowed,
    answer_box,
    brand_picker,
    card,
    frame,
    image_buttons,
    image_shown,
    label,
    messages,
    table,
    text_input,
    thread_line,
)
from components.i18n import t
from pages.registry import Page
from state.support.console_support import SupportDeskState, ThreadLine, TicketLine


def _filters() -> rx.Component:
    s = SupportDeskState
    return rx.el.form(
        label(
            t("bo-status"),
            rx.el.select(
                rx.el.option(t("bo-all-statuses"), value=""),
                *[
                    rx.el.option(t(f"feedback.status.{status}"), value=status)
                    for status in tickets.STATUSES
                ],
                name="status",
                default_value=tickets.OPEN,
                data_testid="support-status",
                class_name=INPUT,
            ),
        ),
        label(
            t("bo-content-type"),
            rx.el.select(
                rx.el.option(t("bo-all-types"), value=""),
                *[
                    rx.el.option(t(f"feedback.type.{kind}"), value=kind)
                    for kind in tickets.QUESTION_TYPES
                ],
                name="question_type",
                class_name=INPUT,
            ),
        ),
        label(
            t("bo-search"),
            text_input("search", t("bo-ticket-search-hint"), data_testid="support-search"),
        ),
        rx.el.button(t("bo-search"), type="submit", class_name=BUTTON + " self-end"),
        on_submit=s.filter,
        class_name="flex flex-wrap gap-3 mb-3",
    )


def _open_button(row: TicketLine) -> rx.Component:
    return rx.el.button(
        t("bo-open"),
        on_click=SupportDeskState.open_ticket(row.id),
        data_testid="support-open",
        class_name=QUIET,
    )


def _line(line: ThreadLine) -> rx.Component:
    author = rx.cond(line.from_member, t("bo-from-member"), line.author)
    return thread_line(author, line.at, line.body, line.from_member, "support-line")


def _ticket() -> rx.Component:
    s = SupportDeskState
    return rx.cond(
        s.ticket_id > 0,
        card(
            "bo-ticket",
            rx.el.p(
                "#",
                s.ticket_id.to(str),
                " · ",
                rx.cond(s.ticket_user != "", s.ticket_user, t("bo-visitor")),
                " · ",
                s.ticket_type,
                " · ",
                rx.el.span(s.ticket_status_text, data_testid="support-ticket-status"),
                class_name="text-sm mb-3",
            ),
            rx.el.ul(rx.foreach(s.thread, _line), class_name="space-y-2"),
            rx.cond(
                s.image_count > 0,
                rx.el.div(
                    image_buttons(s.image_count, s.show_image, "support-image"), class_name="mt-3"
                ),
            ),
            image_shown(s.image_url, t("bo-image"), "support-image-shown"),
            allowed(
                "support.reply",
                rx.cond(
                    s.ticket_status != tickets.CLOSED,
                    answer_box(
                        rx.el.textarea(
                            name="body",
                            rows=4,
                            max_length=tickets.MAX_REPLY_CHARS,
                            required=True,
                            aria_label=t("bo-answer"),
                            placeholder=t("bo-answer"),
                            data_testid="support-answer-text",
                            class_name=INPUT.replace("h-10", "min-h-24 py-2") + " w-full",
                        ),
                        s.answer,
                        s.close_ticket,
                        "bo-close-ticket",
                        "support",
                    ),
                ),
            ),
            testid="support-ticket",
        ),
    )


def support_page() -> rx.Component:
    s = SupportDeskState
    return frame(
        "bo-support",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand),
        card(
            "bo-tickets",
            _filters(),
            table(
                [
                    ("id", "bo-col-id"),
                    ("username", "bo-username"),
                    ("type", "bo-content-type"),
                    ("status", "bo-status"),
                    ("preview", "bo-col-message"),
                    ("at", "bo-col-last-message"),
                ],
                s.rows,
                _open_button,
                testid="support-tickets",
            ),
            rx.el.div(
                rx.el.button(t("bo-previous"), on_click=s.previous_page, class_name=QUIET),
                rx.el.span(s.page, " / ", s.pages, " (", s.total, ")", class_name="text-sm"),
                rx.el.button(t("bo-next"), on_click=s.next_page, class_name=QUIET),
                class_name="flex items-center gap-3 mt-3",
            ),
        ),
        _ticket(),
    )


PAGES = (
    Page(
        routes.ADMIN_SUPPORT,
        support_page,
        "Support desk",
        load=(SupportDeskState.load,),
        console=True,
    ),
)
