"""Full-page states of spec 2: maintenance (status 1) and region blocked (status 2)."""

from __future__ import annotations

import reflex as rx

from components.header import language_selector
from components.i18n import local_time, t
from components.style import FOCUS
from state.site import SiteState


def _cs_button() -> rx.Component:
    first_cs = SiteState.customer_services[0]
    return rx.el.a(
        rx.icon("headphones", size=18, aria_hidden="true"),
        t("side.customer_service"),
        href=first_cs.url,
        target="_blank",
        rel="noopener noreferrer",
        class_name=(
            "inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-semibold "
            f"bg-amber-400 text-slate-900 hover:bg-amber-300 {FOCUS}"
        ),
        data_testid="status-cs-button",
    )


def _frame(icon: str, test_id: str, *children: rx.Component) -> rx.Component:
    return rx.el.main(
        rx.el.div(language_selector(f"{test_id}-language"), class_name="absolute top-4 right-4"),
        rx.el.div(
            rx.icon(icon, size=56, class_name="mx-auto text-amber-500", aria_hidden="true"),
            *children,
            class_name="max-w-lg text-center space-y-4",
        ),
        class_name="relative min-h-screen grid place-items-center p-6",
        data_testid=test_id,
    )


def maintenance_page() -> rx.Component:
    return _frame(
        "wrench",
        "maintenance-page",
        rx.el.h1(t("maintenance.title"), class_name="text-2xl font-bold"),
        rx.cond(
            SiteState.maintenance_end_iso != "",
            rx.el.p(
                t("maintenance.until").replace("{time}", local_time(SiteState.maintenance_end_iso)),
                class_name="font-medium",
                data_testid="maintenance-until",
            ),
        ),
        rx.el.p(
            rx.cond(
                SiteState.maintenance_message != "",
                SiteState.maintenance_message,
                t("maintenance.info"),
            ),
            class_name="text-slate-600 dark:text-slate-400",
        ),
        rx.el.div(
            _cs_button(),
            rx.el.button(
                rx.icon("refresh-cw", size=16, aria_hidden="true"),
                t("maintenance.refresh"),
                on_click=rx.call_script("window.location.reload()"),
                class_name=(
                    "inline-flex items-center gap-2 rounded-full px-5 py-2.5 border "
                    f"border-slate-300 dark:border-slate-700 {FOCUS}"
                ),
            ),
            class_name="flex flex-wrap justify-center gap-3",
        ),
    )


def blocked_page() -> rx.Component:
    return _frame(
        "shield-ban",
        "blocked-page",
        rx.el.h1(t("blocked.title"), class_name="text-2xl font-bold"),
        rx.el.p(
            t("blocked.ip").replace("{ip}", SiteState.visitor_ip),
            class_name="font-mono",
            data_testid="blocked-ip",
        ),
        rx.el.p(t("blocked.info"), class_name="text-slate-600 dark:text-slate-400"),
        rx.el.div(_cs_button(), class_name="flex justify-center"),
    )
