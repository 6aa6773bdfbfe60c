"""The console's investigation queue: withdrawals whose member reported a part not received,
the proof image, and the close with an outcome and a note."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    INPUT,
    QUIET,
    allowed,
    card,
    frame,
    messages,
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.backoffice.console_investigations import CaseRow, InvestigationsState


def _close_form(row: CaseRow) -> rx.Component:
    return rx.el.div(
        rx.cond(
            row.first_proof > 0,
            rx.el.button(
                t("bo-proof"),
                on_click=InvestigationsState.show_proof(row.order, row.first_proof),
                data_testid="investigation-proof",
                class_name=QUIET,
            ),
        ),
        allowed(
            "payments.investigate",
            rx.el.form(
                rx.el.input(type="hidden", name="order", value=row.order),
                rx.el.select(
                    rx.el.option(t("bo-outcome-received"), value="RECEIVED"),
                    rx.el.option(t("bo-outcome-not-paid"), value="NOT_PAID"),
                    name="outcome",
                    aria_label=t("bo-outcome"),
                    class_name=INPUT,
                ),
                text_input("note", t("bo-note"), required=True, class_name=INPUT + " w-40"),
                rx.el.button(
                    t("bo-close-case"), type="submit", data_testid="investigation-close",
                    class_name=BUTTON,
                ),
                on_submit=InvestigationsState.close,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-1",
            ),
        ),
        class_name="flex flex-wrap gap-2",
    )  # fmt: skip


def investigations_page() -> rx.Component:
    s = InvestigationsState
    return frame(
        "bo-investigations",
        messages(s.error, s.notice),
        card(
            "bo-investigations",
            table(
                [
                    ("order", "bo-col-order"),
                    ("username", "bo-username"),
                    ("amount", "bo-col-amount"),
                    ("parts", "bo-col-reported"),
                    ("at", "bo-col-at"),
                ],
                s.cases,
                _close_form,
                testid="investigations",
            ),
        ),
        rx.cond(
            s.proof_url != "",
            card(
                "bo-proof",
                rx.el.p(s.proof_of, class_name="text-sm mb-2"),
                rx.el.img(
                    src=s.proof_url,
                    alt=s.proof_of,
                    class_name="max-w-full max-h-[480px] rounded border",
                ),
                testid="investigation-proof-image",
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_INVESTIGATIONS,
        investigations_page,
        "Investigations",
        load=(InvestigationsState.load,),
        console=True,
    ),
)
