"""The agent centre's shell: its navigation (every agent-centre page) and the gate that
shows a page to agents, the login button to guests and the reason to players."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import PRIMARY
from components.i18n import t
from components.layout import layout
from components.link import icon_link_item, page_link
from components.member_nav import AGENT_ITEMS, when_offered
from components.style import FOCUS
from state.accounts.auth import AuthState

CARD = "rounded-2xl p-4 bg-white dark:bg-slate-900 shadow"


def agent_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[
                when_offered(
                    href,
                    icon_link_item(
                        icon,
                        key,
                        href,
                        class_name=(
                            "flex items-center gap-2 whitespace-nowrap px-3 py-2 rounded-lg "
                            f"text-sm bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 {FOCUS}"
                        ),
                        data_testid=f"agent-nav-{href.strip('/')}",
                    ),
                )
                for key, href, icon in AGENT_ITEMS
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
                rx.el.div(
                    rx.el.p(t("agent-only"), class_name="mb-3", data_testid="agent-only"),
                    page_link(
                        t("affiliate.apply_link"),
                        href=routes.AFFILIATE_APPLY,
                        class_name=f"{PRIMARY} !w-auto px-4 inline-flex items-center",
                        data_testid="agent-apply",
                    ),
                    class_name="py-8 flex flex-col items-center text-center",
                ),
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
