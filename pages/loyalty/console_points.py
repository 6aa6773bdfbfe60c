"""The back office's points mall review page."""

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
from state.loyalty.console_points import PointsReviewState, RedeemRow


def _redeem_actions(row: RedeemRow) -> rx.Component:
    return allowed(
        "points.review",
        rx.el.div(
            rx.el.button(
                t("bo-approve"),
                on_click=PointsReviewState.approve(row.reference),
                data_testid="redeem-approve",
                class_name=BUTTON + " h-9",
            ),
            rx.el.form(
                rx.el.input(type="hidden", name="reference", value=row.reference),
                text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-32"),
                rx.el.button(
                    t("bo-reject"), type="submit", class_name=QUIET, data_testid="redeem-reject"
                ),
                on_submit=PointsReviewState.reject,
                reset_on_submit=True,
                class_name="flex gap-1",
            ),
            class_name="flex flex-wrap gap-2",
        ),
    )


def points_review_page() -> rx.Component:
    return frame(
        "bo-points",
        messages(PointsReviewState.error, PointsReviewState.notice),
        card(
            "bo-points-pending",
            table(
                [
                    ("reference", "points.col.reference"),
                    ("member", "bo-col-member"),
                    ("name", "points.col.name"),
                    ("model", "points.col.model"),
                    ("quantity", "points.col.quantity"),
                    ("points", "points.col.points"),
                    ("address", "points.address"),
                    ("created", "points.col.apply_time"),
                ],
                PointsReviewState.redeems,
                _redeem_actions,
                testid="redeem-queue",
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_POINTS,
        points_review_page,
        "Points mall review",
        load=(PointsReviewState.load,),
        console=True,
    ),
)
