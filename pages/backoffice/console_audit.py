"""The back office's audit log page: the chain's entries in words."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    QUIET,
    card,
    frame,
    messages,
    text_input,
)
from components.i18n import local_time, t
from components.style import FOCUS
from pages.registry import Page
from state.backoffice.console_audit import AuditState, EntryRow


def _audit_entry(row: EntryRow) -> rx.Component:
    """One entry as a sentence (who did what to whom, where), its detail in words, and its
    whole hash with a copy button."""
    return rx.el.li(
        rx.el.p(
            rx.el.span(
                "#",
                row.seq.to(str),
                " · ",
                local_time(row.at),
                class_name="text-slate-600 dark:text-slate-400",
            ),
            rx.cond(
                row.brand != "",
                rx.el.span(" · ", row.brand, class_name="text-slate-600 dark:text-slate-400"),
            ),
            " · ",
            rx.el.span(
                row.outcome,
                class_name=rx.cond(
                    row.action == "denied",
                    "text-red-600 dark:text-red-400 font-medium",
                    "text-slate-600 dark:text-slate-400",
                ),
            ),
            class_name="text-xs",
        ),
        rx.el.p(row.sentence, data_testid="audit-sentence", class_name="font-medium"),
        rx.cond(
            row.detail != "",
            rx.el.p(
                row.detail, class_name="text-sm text-slate-600 dark:text-slate-300 break-words"
            ),
        ),
        rx.el.div(
            rx.el.code(
                row.short_hash,
                "…",
                title=row.hash,
                class_name="text-xs font-mono text-slate-600 dark:text-slate-400",
            ),
            rx.el.button(
                t("bo.audit.copy-hash"),
                on_click=rx.set_clipboard(row.hash),
                data_testid="audit-copy-hash",
                class_name="text-xs underline " + FOCUS,
            ),
            class_name="flex items-center gap-2",
        ),
        class_name="border-t border-slate-200 dark:border-slate-700 py-2 space-y-0.5",
    )


def audit_page() -> rx.Component:
    s = AuditState
    return frame(
        "bo-audit",
        messages(s.error, s.notice),
        rx.el.div(
            rx.el.button(
                t("bo-verify"), on_click=s.verify, data_testid="audit-verify", class_name=BUTTON
            ),
            rx.el.button(t("bo-export-csv"), on_click=s.export, class_name=QUIET),
            rx.el.form(
                text_input("action", t("bo-action-filter")),
                rx.el.button(t("bo-search"), type="submit", class_name=QUIET),
                on_submit=s.filter,
                class_name="flex gap-2",
            ),
            class_name="flex flex-wrap gap-3 items-center",
        ),
        rx.cond(
            s.verified,
            rx.el.p(
                s.chain_text,
                data_testid="audit-chain",
                class_name=rx.cond(
                    s.chain_ok,
                    "font-semibold text-emerald-700 dark:text-emerald-400",
                    "font-semibold text-red-600 dark:text-red-400",
                ),
            ),
        ),
        card(
            "bo-audit",
            rx.el.ul(rx.foreach(s.rows, _audit_entry), data_testid="audit-entries"),
            rx.cond(
                s.rows.length() == 0,
                rx.el.p(
                    t("bo-nothing"), class_name="text-sm text-slate-600 dark:text-slate-400 py-2"
                ),
            ),
            rx.el.div(
                rx.el.button(t("bo-previous"), on_click=s.previous_page, class_name=QUIET),
                rx.el.span(s.page, " / ", s.total, class_name="text-sm"),
                rx.el.button(t("bo-next"), on_click=s.next_page, class_name=QUIET),
                class_name="flex items-center gap-3 mt-3",
            ),
        ),
    )


PAGES = (Page(routes.ADMIN_AUDIT, audit_page, "Audit log", load=(AuditState.load,), console=True),)
