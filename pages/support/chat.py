"""The customer-service live chat window (csType LIVECHAT), made for the spec's 440 × 750
popup: the conversation bottom-up (it opens on the latest line), the message box below."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.support.live_chat import MAX_CHARS
from components.forms import INPUT, PRIMARY, TAP_LINK, form_error
from components.i18n import local_time, t
from components.style import page_frame
from pages.registry import Page
from state.site import SiteState
from state.support.chat import ChatLine, ChatState


def _line(line: ChatLine) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.cond(line.from_staff, t("chat.staff"), t("chat.you")),
            " · ",
            local_time(line.time),
            class_name="text-[11px] font-semibold opacity-70",
        ),
        rx.el.p(line.body, class_name="text-sm whitespace-pre-line break-words"),
        data_testid=rx.cond(line.from_staff, "chat-staff-line", "chat-own-line"),
        class_name=rx.cond(
            line.from_staff,
            "self-start max-w-[85%] rounded-2xl rounded-bl-sm px-3 py-2 "
            "bg-slate-100 dark:bg-slate-800",
            "self-end max-w-[85%] rounded-2xl rounded-br-sm px-3 py-2 bg-amber-400 text-slate-900",
        ),
    )


def chat_page() -> rx.Component:
    return rx.el.main(
        rx.el.header(
            rx.icon("headphones", size=18, aria_hidden="true"),
            rx.el.div(
                rx.el.h1(t("chat.title"), class_name="text-base font-bold leading-tight"),
                rx.el.p(SiteState.brand_name, class_name="text-xs opacity-70"),
                class_name="grow",
            ),
            # The window opens as a popup on a wide screen, as a page of its own on a phone:
            # either way a way back to the site.
            rx.el.a(t("chat.back"), href="/", class_name=TAP_LINK, data_testid="chat-back"),
            class_name=(
                "flex items-center gap-2 px-4 py-3 border-b border-slate-200 dark:border-slate-800"
            ),
        ),
        # Stays above the conversation: who answers, and where, once the question is sent.
        rx.el.p(
            t("chat.hello"),
            class_name="mx-4 mt-4 rounded-xl p-3 text-sm bg-slate-100 dark:bg-slate-800",
            data_testid="chat-hello",
        ),
        rx.el.ol(
            rx.foreach(ChatState.lines, _line),
            role="log",
            aria_live="polite",
            aria_label=t("chat.title"),
            data_testid="chat-lines",
            class_name="flex-1 min-h-0 overflow-y-auto flex flex-col-reverse gap-2 p-4",
        ),
        rx.el.div(form_error(ChatState.error), class_name="px-4"),
        rx.el.form(
            rx.el.input(
                name="body",
                required=True,
                max_length=MAX_CHARS,
                auto_complete="off",
                placeholder=t("chat.placeholder"),
                aria_label=t("chat.placeholder"),
                class_name=INPUT + " flex-1",
                data_testid="chat-input",
            ),
            rx.el.button(
                rx.icon("send", size=16, aria_hidden="true"),
                t("chat.send"),
                type="submit",
                class_name=PRIMARY.replace("w-full", "") + " flex items-center gap-1 px-4",
                data_testid="chat-send",
            ),
            on_submit=ChatState.send,
            reset_on_submit=True,
            class_name="flex gap-2 p-3 border-t border-slate-200 dark:border-slate-800",
        ),
        # The window stays open in maintenance or in a blocked region: those pages send
        # their visitors to customer service.
        lang=SiteState.locale_tag,
        data_merchant=SiteState.merchant,
        **page_frame(
            "h-dvh flex flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        ),
    )


PAGES = (Page(routes.CHAT, chat_page, "Live chat", load=(ChatState.load,)),)
