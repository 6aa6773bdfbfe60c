"""Feedback and complaints (member centre label; visitors may send too)."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.support.tickets import CLOSED, MAX_IMAGES, MAX_REPLY_CHARS, QUESTION_TYPES
from components.forms import (
    INPUT,
    PRIMARY,
    SECONDARY,
    form_error,
    image_drop,
    notice,
    typed_value,
)
from components.i18n import local_time, t
from components.layout import layout
from pages.registry import Page
from state.accounts.auth import AuthState
from state.site import SiteState
from state.support.feedback import FEEDBACK_UPLOAD, FeedbackState, ThreadLine, TicketRow


def _line(line: ThreadLine) -> rx.Component:
    return rx.el.div(
        rx.el.p(
            rx.cond(line.from_member, t("feedback.you"), t("feedback.reply_from")),
            " · ",
            local_time(line.time),
            class_name="text-xs font-semibold",
        ),
        rx.el.p(line.body, class_name="text-sm whitespace-pre-line break-words"),
        class_name=rx.cond(
            line.from_member,
            "mt-2 ml-4 pl-3 border-l-2 border-slate-300 dark:border-slate-600",
            "mt-2 ml-4 pl-3 border-l-2 border-amber-400",
        ),
        data_testid=rx.cond(line.from_member, "ticket-follow-up", "ticket-reply"),
    )


def _outcome() -> rx.Component:
    """What became of the last action: its refusal or its notice."""
    return rx.fragment(form_error(FeedbackState.error), notice(FeedbackState.notice))


def _follow_up(ticket: TicketRow) -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="ticket", value=ticket.id.to(str)),
        rx.el.label(
            t("feedback.follow_up"),
            rx.el.textarea(
                name="body",
                rows=2,
                required=True,
                max_length=MAX_REPLY_CHARS,
                class_name=INPUT.replace("h-11", "min-h-16 py-2"),
                data_testid="ticket-follow-up-text",
            ),
            class_name="block text-xs font-medium space-y-1",
        ),
        rx.el.button(
            t("feedback.follow_up_send"),
            type="submit",
            class_name=SECONDARY,
            data_testid="ticket-follow-up-send",
        ),
        # What became of this follow-up, beside its button (the new ticket's form has its own).
        rx.cond(
            FeedbackState.about_ticket == ticket.id,
            _outcome(),
        ),
        on_submit=FeedbackState.follow_up,
        reset_on_submit=True,
        class_name="mt-3 ml-4 space-y-2",
    )


def _ticket(ticket: TicketRow) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(
                "#",
                ticket.id.to(str),
                " · ",
                SiteState.texts.get("feedback.type." + ticket.question_type, ""),
                class_name="text-sm font-semibold",
            ),
            rx.el.span(
                SiteState.texts.get("feedback.status." + ticket.status, ""),
                class_name="text-xs rounded-full px-2 py-0.5 bg-slate-100 dark:bg-slate-800",
                data_testid="ticket-status",
            ),
            class_name="flex justify-between gap-2",
        ),
        rx.el.p(local_time(ticket.time), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.p(ticket.content, class_name="text-sm mt-1 whitespace-pre-line break-words"),
        rx.cond(
            ticket.image_count > 0,
            rx.el.p(
                t("feedback.image_count"),
                ": ",
                ticket.image_count.to(str),
                class_name="text-xs text-slate-500 dark:text-slate-400 mt-1",
                data_testid="ticket-images",
            ),
        ),
        rx.foreach(ticket.replies, _line),
        rx.cond(ticket.status != CLOSED, _follow_up(ticket)),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800",
        data_testid="ticket",
    )


def feedback_page() -> rx.Component:
    return layout(
        rx.el.h1(t("feedback.title"), class_name="text-2xl font-bold mb-4"),
        rx.el.div(
            rx.el.label(
                t("feedback.type"),
                rx.el.select(
                    *[
                        rx.el.option(t(f"feedback.type.{kind}"), value=kind)
                        for kind in QUESTION_TYPES
                    ],
                    id="feedback-type",
                    default_value=QUESTION_TYPES[0],
                    class_name=INPUT,
                    data_testid="feedback-type",
                ),
                class_name="block text-sm font-medium space-y-1",
            ),
            rx.el.label(
                t("feedback.content"),
                # Uncontrolled: the send button hands the type and the text to the upload.
                rx.el.textarea(
                    id="feedback-content",
                    rows=5,
                    max_length=2000,
                    class_name=INPUT.replace("h-11", "min-h-28 py-2"),
                    data_testid="feedback-content",
                ),
                class_name="block text-sm font-medium space-y-1",
            ),
            image_drop(FEEDBACK_UPLOAD, t("feedback.images"), MAX_IMAGES, "feedback-upload"),
            rx.cond(
                FeedbackState.about_ticket == 0,
                _outcome(),
            ),
            rx.el.button(
                t("feedback.send"),
                type="button",
                on_click=FeedbackState.submit(
                    rx.upload_files(upload_id=FEEDBACK_UPLOAD),
                    typed_value("feedback-type"),
                    typed_value("feedback-content"),
                ),
                class_name=PRIMARY,
                data_testid="feedback-send",
            ),
            class_name="space-y-3 max-w-xl",
            data_testid="feedback-form",
        ),
        rx.cond(
            AuthState.is_login,
            rx.el.section(
                rx.el.h2(t("feedback.mine"), class_name="text-lg font-semibold mt-6"),
                rx.cond(
                    FeedbackState.tickets.length() > 0,  # type: ignore[attr-defined]
                    rx.el.ul(rx.foreach(FeedbackState.tickets, _ticket)),
                    rx.el.p(
                        t("feedback.none"), class_name="text-sm text-slate-500 dark:text-slate-400"
                    ),
                ),
                class_name="max-w-xl",
            ),
        ),
    )


PAGES = (Page(routes.FEEDBACK, feedback_page, "Feedback", load=(FeedbackState.load,)),)
