"""The back office's platform page: brand switches, modules and site status."""

from __future__ import annotations

import reflex as rx

from components.console import (
    DANGER,
    INPUT,
    QUIET,
    card,
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.i18n import t
from state.console_platform import PlatformState


def platform_page() -> rx.Component:
    s = PlatformState
    return frame(
        "bo-platform",
        messages(s.error, s.notice),
        rx.el.div(
            label(
                t("bo-brand"),
                rx.el.select(
                    rx.foreach(s.brands, lambda code: rx.el.option(code, value=code)),
                    value=s.brand,
                    on_change=s.pick_brand,
                    class_name=INPUT,
                ),
            ),
        ),
        card(
            "bo-maintenance",
            rx.el.p(
                rx.cond(s.maintenance, t("bo-on"), t("bo-off")),
                " ",
                s.maintenance_message,
                data_testid="platform-maintenance",
                class_name="mb-2 font-medium",
            ),
            rx.el.form(
                text_input("message", t("bo-message"), class_name=INPUT + " flex-1"),
                rx.el.button(t("bo-start-maintenance"), type="submit", class_name=DANGER),
                on_submit=s.start_maintenance,
                class_name="flex flex-wrap gap-2 mb-2",
            ),
            rx.el.button(t("bo-back-to-normal"), on_click=s.back_to_normal, class_name=QUIET),
        ),
        card(
            "bo-block",
            rx.el.p(
                s.networks.join(", "),
                " | ",
                s.countries.join(", "),
                data_testid="platform-blocks",
                class_name="mb-2 text-sm",
            ),
            rx.el.form(
                text_input("networks", t("bo-networks"), class_name=INPUT + " flex-1"),
                text_input("countries", t("bo-countries"), class_name=INPUT + " w-48"),
                rx.el.button(t("bo-block"), type="submit", class_name=DANGER),
                on_submit=s.block,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-2 mb-2",
            ),
            rx.el.form(
                text_input("networks", t("bo-networks"), class_name=INPUT + " flex-1"),
                text_input("countries", t("bo-countries"), class_name=INPUT + " w-48"),
                rx.el.button(t("bo-unblock"), type="submit", class_name=QUIET),
                on_submit=s.unblock,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-2",
            ),
        ),
        card(
            "bo-jobs",
            table(
                [
                    ("job", "bo-col-job"),
                    ("period", "bo-col-period"),
                    ("state", "bo-status"),
                    ("attempts", "bo-col-attempts"),
                    ("changed", "bo-col-changed"),
                    ("finished", "bo-col-finished"),
                    ("error", "bo-col-error"),
                ],
                s.jobs,
            ),
        ),
    )
