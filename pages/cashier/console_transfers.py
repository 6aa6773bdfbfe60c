"""The console's transfer review: team transfers held for an unusual pattern (fan-out,
round trip), released to the receiver or returned to the sender with a note."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    INPUT,
    allowed,
    card,
    frame,
    messages,
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.cashier.console_transfers import HeldRow, TransferReviewsState


def _decide_form(row: HeldRow) -> rx.Component:
    return allowed(
        "transfers.review",
        rx.el.form(
            rx.el.input(type="hidden", name="transfer", value=row.id),
            rx.el.select(
                rx.el.option(t("bo-outcome-release"), value="RELEASE"),
                rx.el.option(t("bo-outcome-return"), value="RETURN"),
                name="outcome",
                aria_label=t("bo-outcome"),
                class_name=INPUT,
            ),
            text_input("note", t("bo-note"), required=True, class_name=INPUT + " w-40"),
            rx.el.button(
                t("bo-decide"), type="submit", data_testid="transfer-decide", class_name=BUTTON
            ),
            on_submit=TransferReviewsState.decide,
            reset_on_submit=True,
            class_name="flex flex-wrap gap-1",
        ),
    )


def transfer_reviews_page() -> rx.Component:
    s = TransferReviewsState
    return frame(
        "bo-transfer-reviews",
        messages(s.error, s.notice),
        card(
            "bo-transfer-reviews",
            rx.el.p(t("bo-transfer-reviews-lead"), class_name="text-sm mb-2"),
            table(
                [
                    ("sender", "bo-col-sender"),
                    ("receiver", "bo-col-receiver"),
                    ("amount", "bo-col-amount"),
                    ("flag", "bo-col-flag"),
                    ("at", "bo-col-at"),
                ],
                s.held,
                _decide_form,
                testid="transfer-reviews",
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_TRANSFER_REVIEWS,
        transfer_reviews_page,
        "Transfer reviews",
        load=(TransferReviewsState.load,),
        console=True,
    ),
)
