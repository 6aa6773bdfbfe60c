"""The back office's reports page."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    QUIET,
    ChartData,
    allowed,
    card,
    choice_button,
    currency_choice,
    frame,
    messages,
    table,
)
from components.i18n import t
from components.style import AXIS_TICK, DAY_AXIS_PADDING
from pages.registry import Page
from state.backoffice.console_reports import ReportsState


def reports_page() -> rx.Component:
    s = ReportsState
    return frame(
        "bo-reports",
        messages(s.error, s.notice, s.acted),
        currency_choice(s),
        rx.el.div(
            *(
                choice_button(f"{days}d", s.days == days, s.set_days(days), f"report-days-{days}")
                for days in (7, 14, 30, 90)
            ),
            allowed(
                "reports.export",
                rx.el.button(
                    t("bo-export-csv"),
                    on_click=s.export,
                    data_testid="report-daily-csv",
                    class_name=QUIET,
                ),
            ),
            class_name="flex flex-wrap gap-2",
        ),
        card(
            "bo-reports",
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                rx.recharts.x_axis(data_key="day", tick=AXIS_TICK, padding=DAY_AXIS_PADDING),
                rx.recharts.y_axis(tick=AXIS_TICK),
                rx.recharts.tooltip(),
                rx.recharts.legend(),
                rx.recharts.bar(data_key="deposits", name=t("bo-deposits"), fill="#6366f1"),
                rx.recharts.bar(data_key="withdrawals", name=t("bo-col-paid-out"), fill="#f59e0b"),
                rx.recharts.bar(data_key="ggr", name=t("bo-col-ggr"), fill="#10b981"),
                rx.recharts.bar(data_key="ngr", name=t("bo-col-ngr"), fill="#ef4444"),
                data=s.chart.to(ChartData),
                width="100%",
                height=320,
            ),
        ),
        card(
            "bo-breakdown",
            rx.el.div(
                *(
                    choice_button(t(f"bo-by-{by}"), s.by == by, s.set_by(by), f"report-by-{by}")
                    for by in ("brand", "category", "vendor")
                ),
                allowed(
                    "reports.export",
                    rx.el.button(
                        t("bo-export-csv"),
                        on_click=s.export_breakdown,
                        data_testid="report-breakdown-csv",
                        class_name=QUIET,
                    ),
                ),
                class_name="flex flex-wrap gap-2 mb-3",
            ),
            # No chart over an empty breakdown: the table below says there is nothing.
            rx.cond(
                s.slices.length() > 0,
                rx.recharts.bar_chart(
                    rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                    rx.recharts.x_axis(data_key="key", tick=AXIS_TICK),
                    rx.recharts.y_axis(tick=AXIS_TICK),
                    rx.recharts.tooltip(),
                    rx.recharts.bar(data_key="ggr", name=t("bo-col-ggr"), fill="#10b981"),
                    data=s.slice_chart.to(ChartData),
                    width="100%",
                    height=240,
                ),
            ),
            table(
                [
                    ("key", "bo-col-key"),
                    ("bets", "bo-bets"),
                    ("wins", "bo-col-wins"),
                    ("ggr", "bo-col-ggr"),
                    ("facts", "bo-col-facts"),
                ],
                s.slices,
                testid="report-breakdown",
            ),
        ),
        card(
            "bo-reports",
            rx.el.p(
                t("bo-days-local"), class_name="text-xs text-slate-600 dark:text-slate-400 mb-2"
            ),
            table(
                [
                    ("day", "bo-col-day"),
                    ("deposits", "bo-deposits"),
                    ("withdrawals", "bo-col-paid-out"),
                    ("bets", "bo-bets"),
                    ("wins", "bo-col-wins"),
                    ("ggr", "bo-col-ggr"),
                    ("bonus", "bo-bonus"),
                    ("ngr", "bo-col-ngr"),
                ],
                s.rows,
                testid="report-rows",
            ),
        ),
    )


PAGES = (
    Page(routes.ADMIN_REPORTS, reports_page, "Reports", load=(ReportsState.load,), console=True),
)
