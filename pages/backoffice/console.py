"""The back office's login and dashboard pages (/admin); each other console page has its
module beside this one (pages/console_<area>.py)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    CARD,
    INPUT,
    QUIET,
    ChartData,
    allowed,
    choice_button,
    currency_choice,
    feedback,
    frame,
    label,
    messages,
    text_input,
)
from components.forms import date_input
from components.i18n import t
from components.style import AXIS_TICK, DAY_AXIS_PADDING, LEGEND_TEXT, page_frame
from pages.registry import Page
from state.backoffice.console import ConsoleLoginState, DashboardState


def login_page() -> rx.Component:
    return rx.el.main(
        rx.el.form(
            rx.el.h1(t("bo-title"), class_name="text-2xl font-bold"),
            label(
                t("bo-username"), text_input("username", auto_complete="username", required=True)
            ),
            label(
                t("bo-password"),
                text_input(
                    "password", type="password", auto_complete="current-password", required=True
                ),
            ),
            label(
                t("bo-totp"),
                text_input(
                    "code",
                    input_mode="numeric",
                    auto_complete="one-time-code",
                    required=True,
                    pattern="[0-9]{6}",
                    max_length=6,
                ),
            ),
            rx.el.button(
                t("bo-login"),
                type="submit",
                disabled=ConsoleLoginState.busy,
                data_testid="console-login-submit",
                class_name=BUTTON + " w-full",
            ),
            messages(ConsoleLoginState.error, ConsoleLoginState.notice),
            on_submit=ConsoleLoginState.submit,
            reset_on_submit=True,
            data_testid="console-login-form",
            class_name=CARD + " w-full max-w-sm space-y-3 [&_input]:w-full",
        ),
        **page_frame(
            "min-h-screen flex items-center justify-center p-4 bg-slate-50 text-slate-900 "
            "dark:bg-slate-900 dark:text-slate-100"
        ),
    )


def _tile(label_key: str, value: rx.Var, testid: str, compared: str = "") -> rx.Component:
    """A figure; a period's figure (`compared`: its name) with its change against the
    period just before."""
    change = (
        [
            rx.el.p(
                DashboardState.changes.get(compared, ""),
                data_testid=f"{testid}-change",
                class_name="text-xs text-slate-600 dark:text-slate-400",
            )
        ]
        if compared
        else []
    )
    return rx.el.div(
        rx.el.p(t(label_key), class_name="text-sm text-slate-600 dark:text-slate-400"),
        rx.el.p(value, data_testid=testid, class_name="text-2xl font-bold"),
        *change,
        class_name=CARD,
    )


def _period_button(name: str, label_key: str) -> rx.Component:
    return choice_button(
        t(label_key),
        DashboardState.period == name,
        DashboardState.pick_period(name),
        f"period-{name}",
    )


def dashboard_page() -> rx.Component:
    d = DashboardState
    return frame(
        "bo-dashboard",
        messages(d.error, d.notice, d.acted),
        messages(d.login_warning, ""),
        currency_choice(d),
        rx.el.div(
            _tile("bo-open-withdrawals", d.open_withdrawals, "tile-withdrawals"),
            _tile("bo-amount", d.open_withdrawal_amount, "tile-withdrawal-amount"),
            _tile("bo-pending", d.pending_approvals, "tile-approvals"),
            _tile("bo.dash.new-today", d.new_players_today, "tile-players"),
            _tile("bo.dash.deposits-today", d.deposits_today, "tile-deposits"),
            class_name="grid grid-cols-2 lg:grid-cols-5 gap-4",
        ),
        rx.el.section(
            rx.el.div(
                rx.el.h2(t("bo.dash.period"), class_name="text-lg font-semibold"),
                rx.el.p(
                    d.period_text,
                    data_testid="dash-period",
                    class_name="text-sm text-slate-600 dark:text-slate-400",
                ),
                class_name="mb-2",
            ),
            rx.el.div(
                _period_button("today", "bo.dash.today"),
                _period_button("7d", "bo.dash.7d"),
                _period_button("30d", "bo.dash.30d"),
                rx.el.form(
                    label(
                        t("bo.dash.from"),
                        date_input("first", required=True, class_name=INPUT),
                    ),
                    label(
                        t("bo.dash.to"),
                        date_input("last", required=True, class_name=INPUT),
                    ),
                    rx.el.button(
                        t("bo.dash.show"),
                        type="submit",
                        data_testid="period-custom",
                        class_name=QUIET,
                    ),
                    on_submit=d.custom_period,
                    class_name="flex flex-wrap items-end gap-2",
                ),
                allowed(
                    "reports.export",
                    rx.el.button(
                        t("bo-export-csv"),
                        on_click=d.export,
                        data_testid="dash-csv",
                        class_name=QUIET,
                    ),
                ),
                class_name="flex flex-wrap items-end gap-2",
            ),
            feedback(d.error, d.notice, d.acted, "period"),
            rx.el.div(
                _tile("bo.dash.ggr", d.ggr, "dash-ggr", "ggr"),
                _tile("bo-bets", d.bets, "dash-bets", "bets"),
                _tile("bo-col-wins", d.wins, "dash-wins", "wins"),
                _tile("bo.dash.ngr", d.ngr, "dash-ngr", "ngr"),
                _tile("bo-deposits", d.deposits, "dash-deposits", "deposits"),
                _tile("bo-col-paid-out", d.withdrawals, "dash-withdrawals", "withdrawals"),
                _tile("bo-bonus", d.bonus_cost, "dash-bonus", "bonus"),
                _tile("bo.dash.new-players", d.new_players, "dash-new-players", "new-players"),
                _tile(
                    "bo.dash.active-players",
                    d.active_players,
                    "dash-active-players",
                    "active-players",
                ),
                class_name="grid grid-cols-2 lg:grid-cols-3 gap-3 mt-4",
            ),
            rx.el.div(
                rx.recharts.bar_chart(
                    rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                    rx.recharts.x_axis(data_key="day", tick=AXIS_TICK, padding=DAY_AXIS_PADDING),
                    rx.recharts.y_axis(tick=AXIS_TICK),
                    rx.recharts.tooltip(),
                    rx.recharts.legend(),
                    rx.recharts.bar(data_key="ggr", name=t("bo.dash.ggr"), fill="#10b981"),
                    rx.recharts.bar(data_key="deposits", name=t("bo-deposits"), fill="#6366f1"),
                    rx.recharts.bar(
                        data_key="withdrawals", name=t("bo-col-paid-out"), fill="#f59e0b"
                    ),
                    data=d.days.to(ChartData),
                    width="100%",
                    height=280,
                ),
                # One picture, named: its legend's coloured words are the bars' colours.
                role="img",
                aria_label=t("bo.dash.chart"),
                data_testid="dash-chart",
                class_name=f"mt-4 {LEGEND_TEXT}",
            ),
            class_name=CARD,
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_LOGIN,
        login_page,
        "Back office login",
        load=(ConsoleLoginState.open_page,),
        console=True,
    ),
    Page(routes.ADMIN, dashboard_page, "Back office", load=(DashboardState.load,), console=True),
)
