"""messageV2: platform messages (spec 2), newest first, with read, read all and delete."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import SECONDARY, pager
from components.i18n import local_time, t
from components.layout import member_page
from components.style import FOCUS
from pages.registry import Page
from state.support.inbox import InboxState


def _message(item: rx.Var) -> rx.Component:
    opened = InboxState.opened == item.id
    return rx.el.li(
        rx.el.div(
            rx.el.button(
                rx.cond(
                    item.read,
                    rx.fragment(),
                    rx.el.span(
                        rx.el.span(t("inbox.unread"), class_name="sr-only"),
                        class_name="inline-block h-2 w-2 rounded-full bg-rose-500 mr-2",
                        data_testid="message-unread",
                    ),
                ),
                rx.el.span(item.title, class_name="font-semibold"),
                rx.el.span(
                    local_time(item.time),
                    class_name="block text-xs text-slate-500 dark:text-slate-400 mt-0.5",
                ),
                type="button",
                on_click=InboxState.open(item.id.to(int)),
                aria_expanded=opened,
                class_name=f"flex-1 text-left rounded {FOCUS}",
                data_testid="message-open",
            ),
            rx.el.button(
                rx.icon("trash-2", size=16, aria_hidden="true"),
                type="button",
                on_click=InboxState.ask_remove(item.id.to(int)),
                aria_label=t("inbox.delete"),
                class_name=f"p-2.5 rounded hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS}",
                data_testid="message-delete",
            ),
            class_name="flex items-start gap-2",
        ),
        rx.cond(
            InboxState.removing == item.id,
            rx.el.div(
                rx.el.p(t("inbox.delete_ask"), class_name="text-sm grow"),
                rx.el.button(
                    t("inbox.delete_yes"),
                    type="button",
                    on_click=InboxState.remove(item.id.to(int)),
                    class_name=f"{SECONDARY} !w-auto !h-9 px-3 text-red-700 dark:text-red-300",
                    data_testid="message-delete-yes",
                ),
                rx.el.button(
                    t("inbox.delete_no"),
                    type="button",
                    on_click=InboxState.ask_remove(0),
                    class_name=f"{SECONDARY} !w-auto !h-9 px-3",
                    data_testid="message-delete-no",
                ),
                role="group",
                class_name="mt-2 flex flex-wrap items-center gap-2",
            ),
        ),
        rx.cond(
            opened,
            rx.el.p(item.body, class_name="text-sm mt-2", data_testid="message-body"),
        ),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800",
        data_testid="message",
        data_kind=item.kind,
        data_read=item.read.to(str),
    )


def messages_page() -> rx.Component:
    return member_page(
        "inbox.title",
        rx.el.div(
            rx.el.p(
                t("inbox.unread_count").replace("{count}", InboxState.unread.to_string()),
                class_name="text-sm text-slate-500 dark:text-slate-400",
                data_testid="inbox-unread",
            ),
            rx.el.button(
                t("inbox.read_all"),
                type="button",
                on_click=InboxState.read_all,
                disabled=InboxState.unread == 0,
                class_name=SECONDARY.replace("w-full", "px-4"),
                data_testid="inbox-read-all",
            ),
            class_name="flex items-center justify-between gap-3 mb-2",
        ),
        rx.cond(
            InboxState.items.length() > 0,  # type: ignore[attr-defined]
            rx.el.ul(rx.foreach(InboxState.items, _message), data_testid="messages"),
            rx.el.p(
                t("inbox.empty"),
                class_name="text-slate-500 dark:text-slate-400",
                data_testid="inbox-empty",
            ),
        ),
        rx.cond(InboxState.pages > 1, pager(InboxState)),
    )


PAGES = (Page(routes.MESSAGES, messages_page, "Messages", load=(InboxState.load,), login=True),)
