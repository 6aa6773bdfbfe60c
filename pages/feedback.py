"""Feedback and complaints (member centre label; visitors may send too)."""

from __future__ import annotations

import reflex as rx

from app.services.support import QUESTION_TYPES
from components.forms import INPUT, PRIMARY, form_error, notice
from components.i18n import local_time, t
from components.layout import layout
from state.auth import AuthState
from state.feedback import FeedbackState
from state.site import SiteState


def _ticket(ticket: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(
                "#",
                ticket["id"].to(str),
                " · ",
                SiteState.texts.get("feedback.type." + ticket["type"].to(str), ""),
                class_name="text-sm font-semibold",
            ),
            rx.el.span(
                SiteState.texts.get("feedback.status." + ticket["status"].to(str), ""),
                class_name="text-xs rounded-full px-2 py-0.5 bg-slate-100 dark:bg-slate-800",
                data_testid="ticket-status",
            ),
            class_name="flex justify-between gap-2",
        ),
        rx.el.p(local_time(ticket["time"]), class_name="text-xs text-slate-500"),
        rx.el.p(ticket["content"], class_name="text-sm mt-1 whitespace-pre-line"),
        rx.foreach(
            ticket["replies"].to(list[dict[str, str]]),
            lambda reply: rx.el.div(
                rx.el.p(t("feedback.reply_from"), class_name="text-xs font-semibold"),
                rx.el.p(reply["body"], class_name="text-sm whitespace-pre-line"),
                class_name="mt-2 ml-4 pl-3 border-l-2 border-amber-400",
                data_testid="ticket-reply",
            ),
        ),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800",
        data_testid="ticket",
    )


def feedback_page() -> rx.Component:
    return layout(
        rx.el.h1(t("feedback.title"), class_name="text-2xl font-bold mb-4"),
        rx.el.form(
            rx.el.label(
                t("feedback.type"),
                rx.el.select(
                    *[
                        rx.el.option(t(f"feedback.type.{kind}"), value=kind)
                        for kind in QUESTION_TYPES
                    ],
                    name="question_type",
                    class_name=INPUT,
                    data_testid="feedback-type",
                ),
                class_name="block text-sm font-medium space-y-1",
            ),
            rx.el.label(
                t("feedback.content"),
                rx.el.textarea(
                    name="content",
                    id="feedback-content",
                    rows=5,
                    max_length=2000,
                    class_name=INPUT.replace("h-11", "min-h-28 py-2"),
                    data_testid="feedback-content",
                ),
                class_name="block text-sm font-medium space-y-1",
            ),
            form_error(FeedbackState.error),
            notice(FeedbackState.notice),
            rx.el.button(t("feedback.send"), type="submit", class_name=PRIMARY),
            on_submit=FeedbackState.submit,
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
                    rx.el.p(t("feedback.none"), class_name="text-sm text-slate-500"),
                ),
                class_name="max-w-xl",
            ),
        ),
    )
