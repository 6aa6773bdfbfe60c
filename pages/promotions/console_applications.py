"""The console's activity applications: what members sent (comment, images), taking one into
review, and the decision with a note the member reads."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    INPUT,
    QUIET,
    allowed,
    brand_picker,
    card,
    frame,
    image_buttons,
    image_shown,
    messages,
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.promotions.console_applications import ApplicationLine, ApplicationsConsoleState


def _decision(row: ApplicationLine) -> rx.Component:
    return rx.el.div(
        image_buttons(
            row.images,
            lambda index: ApplicationsConsoleState.show_image(row.id, index),
            "application-image",
        ),
        allowed(
            "promotions.manage",
            rx.el.div(
                rx.cond(
                    row.applying,
                    rx.el.button(
                        t("bo-start-review"),
                        on_click=ApplicationsConsoleState.start_review(row.id),
                        data_testid="application-review",
                        class_name=QUIET,
                    ),
                ),
                rx.el.form(
                    rx.el.input(type="hidden", name="entry", value=row.id),
                    text_input("note", t("bo-note"), class_name=INPUT + " w-40"),
                    rx.el.select(
                        rx.el.option(t("bo-approve"), value="approve"),
                        rx.el.option(t("bo-reject"), value="reject"),
                        name="decision",
                        aria_label=t("bo-decision"),
                        data_testid="activity-decision",
                        class_name=INPUT,
                    ),
                    rx.el.button(
                        t("bo-decide"), type="submit", data_testid="activity-decide",
                        class_name=BUTTON + " h-9",
                    ),
                    on_submit=ApplicationsConsoleState.decide,
                    reset_on_submit=True,
                    class_name="flex flex-wrap gap-1",
                ),
                class_name="flex flex-wrap gap-2",
            ),
        ),
        class_name="flex flex-wrap gap-2",
    )  # fmt: skip


def applications_page() -> rx.Component:
    s = ApplicationsConsoleState
    return frame(
        "bo-activity-applications",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand),
        card(
            "bo-activity-applications",
            table(
                [
                    ("promotion", "bo-promo-code"),
                    ("username", "bo-username"),
                    ("status", "bo-status"),
                    ("comment", "bo-col-comment"),
                    ("at", "bo-col-at"),
                ],
                s.rows,
                _decision,
                testid="activity-applications",
            ),
        ),
        rx.cond(
            s.image_url != "",
            card(
                "bo-image",
                rx.el.p(s.image_of, class_name="text-sm mb-2"),
                image_shown(s.image_url, s.image_of, "application-image-shown"),
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_APPLICATIONS,
        applications_page,
        "Activity applications",
        load=(ApplicationsConsoleState.load,),
        console=True,
    ),
)
