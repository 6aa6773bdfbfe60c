"""The agent centre's shell: its navigation (every agent-centre page) and the gate that
shows a page to agents, the login button to guests and the reason to players."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import PRIMARY
from components.i18n import t
from components.layout import layout
from components.link import page_link
from components.style import FOCUS
from state.auth import AuthState

NAV = (
    ("agent.nav.home", routes.AGENT_HOME, "layout-dashboard"),
    ("agent.nav.register", routes.REGISTER_CENTER, "user-plus"),
    ("agent.nav.downlines", routes.DOWNLINES, "users"),
    ("agent.nav.overview", routes.AGENT_TEAM_OVERVIEW, "chart-pie"),
    ("agent.nav.revenue", routes.AGENT_REVENUE_REPORT, "chart-column"),
    ("agent.nav.statements", routes.AGENT_STATEMENTS, "scale"),
    ("agent.nav.transactions", routes.AGENT_TRANSACTIONS, "receipt"),
    ("agent.nav.wages", routes.AGENT_DAILY_WAGES, "calendar-days"),
    ("agent.nav.hour_salary", routes.AGENT_HOUR_SALARY, "clock"),
    ("agent.nav.realtime_salary", routes.AGENT_REALTIME_SALARY, "timer"),
    ("agent.nav.dividends", routes.AGENT_DIVIDEND_RECORD, "coins"),
    ("agent.nav.announcements", routes.AGENT_ANNOUNCEMENT, "megaphone"),
    ("agent.nav.referral", routes.REFERRAL, "share-2"),
    ("agent.nav.transfer_upline", routes.TRANSFER_UPLINE, "arrow-up-right"),
)
CARD = "rounded-2xl p-4 bg-white dark:bg-slate-900 shadow"


def agent_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[
                rx.el.li(
                    page_link(
                        rx.icon(icon, size=16, aria_hidden="true"),
                        t(key),
                        href=href,
                        class_name=(
                            "flex items-center gap-2 whitespace-nowrap px-3 py-2 rounded-lg "
                            f"text-sm bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 {FOCUS}"
                        ),
                        data_testid=f"agent-nav-{href.strip('/')}",
                    )
                )
                for key, href, icon in NAV
            ],
            class_name="flex gap-2 overflow-x-auto pb-1",
        ),
        aria_label=t("agent.home.title"),
        class_name="mb-4",
    )


def agent_gate(*content: rx.Component) -> rx.Component:
    """Agents see the page; a guest gets the login button; a player is told why not."""
    return layout(
        rx.cond(
            AuthState.is_login,
            rx.cond(
                AuthState.is_agent,
                rx.el.div(agent_nav(), *content),
                rx.el.p(t("agent-only"), class_name="py-8 text-center", data_testid="agent-only"),
            ),
            rx.el.div(
                rx.el.h1(t("auth.agent_title"), class_name="text-2xl font-bold mb-4"),
                rx.el.button(
                    t("header.login"),
                    on_click=AuthState.open_login,
                    class_name=f"{PRIMARY} max-w-xs",
                    data_testid="agent-login",
                ),
            ),
        )
    )
