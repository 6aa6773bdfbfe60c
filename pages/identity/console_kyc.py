"""Console page: identity verification (review queue, decisions) and the barred list."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    card,
    frame,
    label,
    messages,
    table,
    text_input,
    thumbnails,
)
from components.forms import date_input
from components.i18n import t
from pages.registry import Page
from state.identity.console_kyc import KycState, ReviewRow


def _open(row: ReviewRow) -> rx.Component:
    return rx.el.button(
        t("kyc.open"),
        on_click=KycState.open(row.id),
        class_name=QUIET,
        data_testid="kyc-open",
    )


def _decision() -> rx.Component:
    return rx.cond(
        KycState.selected != 0,
        card(
            "kyc.title",
            rx.el.p(KycState.selected_name, class_name="font-medium"),
            rx.el.p(
                t("kyc.cpf"),
                ": ",
                rx.el.span(
                    KycState.selected_cpf, data_testid="kyc-cpf", class_name="font-mono font-medium"
                ),
                class_name="text-sm",
            ),
            rx.el.p(
                t("bo.kyc.cpf-audited"),
                class_name="text-xs text-slate-600 dark:text-slate-400 mb-3",
            ),
            rx.cond(
                KycState.selected_documents > 0,
                rx.el.div(
                    rx.el.p(t("kyc.documents"), class_name="text-sm font-medium mb-1"),
                    thumbnails(KycState.document_urls, t("kyc.documents"), "kyc-document"),
                    class_name="mb-4",
                ),
                rx.el.p(
                    t("kyc.no_documents"),
                    class_name="text-sm text-slate-600 dark:text-slate-400 mb-4",
                ),
            ),
            rx.el.div(
                rx.el.form(
                    label(
                        t("identity.birthDate"),
                        date_input("birthDate", class_name=INPUT),
                    ),
                    rx.el.button(
                        t("kyc.approve"),
                        type="submit",
                        class_name=BUTTON,
                        data_testid="kyc-approve",
                    ),
                    on_submit=KycState.approve,
                    class_name="space-y-2",
                ),
                rx.el.form(
                    label(
                        t("kyc.reason"),
                        text_input("reason", max_length=200, data_testid="kyc-reason"),
                    ),
                    rx.el.button(
                        t("kyc.reject"),
                        type="submit",
                        class_name=DANGER,
                        data_testid="kyc-reject",
                    ),
                    on_submit=KycState.reject,
                    class_name="space-y-2",
                ),
                class_name="grid gap-4 sm:grid-cols-2",
            ),
            testid="kyc-decision",
        ),
    )


def _reverify() -> rx.Component:
    """Re-verification on risk: a verified member's identity back under review."""
    return card(
        "kyc.reverify",
        rx.el.form(
            text_input("member", t("kyc.reverify.member"), class_name=INPUT + " sm:w-40"),
            text_input("reason", t("kyc.reverify.reason"), class_name=INPUT + " sm:flex-1"),
            rx.el.button(t("kyc.reverify.send"), type="submit", class_name=BUTTON),
            on_submit=KycState.reverify,
            reset_on_submit=True,
            class_name="flex flex-col gap-2 sm:flex-row",
        ),
        testid="kyc-reverify",
    )


def kyc_page() -> rx.Component:
    return frame(
        "kyc.title",
        messages(KycState.error, KycState.notice),
        card(
            "kyc.queue",
            table(
                [
                    ("id", "bo-col-id"),
                    ("username", "kyc.member"),
                    ("cpf", "kyc.cpf"),
                    ("name", "kyc.name"),
                    ("claimed", "kyc.claimed"),
                    ("created", "kyc.submitted"),
                    ("why", "kyc.why"),
                    ("documents", "kyc.documents"),
                    ("liveness", "kyc.liveness"),
                ],
                KycState.rows,
                lambda row: allowed("kyc.decide", _open(row)),
                testid="kyc-queue",
            ),
        ),
        _decision(),
        allowed("kyc.decide", _reverify()),
        card(
            "kyc.barred",
            table(
                [("list_name", "kyc.barred.list"), ("count", "kyc.barred.counts")],
                KycState.barred_counts,
            ),
            rx.el.form(
                text_input("cpf", t("kyc.barred.search"), class_name=INPUT + " flex-1"),
                rx.el.button(t("bo-search"), type="submit", class_name=BUTTON),
                on_submit=KycState.search_barred,
                class_name="flex gap-2 my-3",
            ),
            table(
                [
                    ("cpf", "kyc.cpf"),
                    ("list_name", "kyc.barred.list"),
                    ("source", "kyc.barred.source"),
                    ("at", "kyc.barred.imported"),
                ],
                KycState.barred_rows,
                testid="kyc-barred",
            ),
            rx.el.p(
                t("kyc.barred.hint"),
                class_name="text-xs text-slate-600 dark:text-slate-400 mt-2 font-mono",
            ),
            testid="kyc-barred-card",
        ),
    )


PAGES = (
    Page(routes.ADMIN_KYC, kyc_page, "Identity verification", load=(KycState.load,), console=True),
)
