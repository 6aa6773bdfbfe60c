"""The console's agents page: affiliate applications to decide, the brand's agents with
their upline, downlines and contracts, and their latest payouts."""

from __future__ import annotations

import reflex as rx

from components.console import BUTTON, QUIET, allowed, brand_picker, card, frame, messages, table
from components.i18n import t
from state.console_agents import AgentsConsoleState, ApplicationLine


def _decision(row: ApplicationLine) -> rx.Component:
    return allowed(
        "agents.manage",
        rx.el.div(
            rx.el.button(
                t("bo-approve"),
                on_click=AgentsConsoleState.decide(row.id, True),
                data_testid="application-approve",
                class_name=BUTTON + " h-9",
            ),
            rx.el.button(
                t("bo-reject"),
                on_click=AgentsConsoleState.decide(row.id, False),
                data_testid="application-reject",
                class_name=QUIET,
            ),
            class_name="flex flex-wrap gap-2",
        ),
    )


def agents_page() -> rx.Component:
    s = AgentsConsoleState
    return frame(
        "bo-agents",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand),
        card(
            "bo-applications",
            table(
                [
                    ("username", "bo-username"),
                    ("channel", "bo-col-promotes"),
                    ("audience", "bo-col-audience"),
                    ("at", "bo-col-at"),
                ],
                s.applications,
                _decision,
                testid="applications",
            ),
        ),
        card(
            "bo-agents",
            table(
                [
                    ("username", "bo-username"),
                    ("upline", "bo-col-upline"),
                    ("downlines", "bo-col-downlines"),
                    ("contracts", "bo-col-contracts"),
                ],
                s.agents,
                testid="agents",
            ),
        ),
        card(
            "bo-payouts",
            table(
                [
                    ("agent", "bo-username"),
                    ("kind", "bo-content-type"),
                    ("period", "bo-col-period"),
                    ("amount", "bo-col-amount"),
                ],
                s.payouts,
                testid="agent-payouts",
            ),
        ),
    )
