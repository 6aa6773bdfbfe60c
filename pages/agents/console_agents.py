"""The console's agents page: affiliate applications to decide, the house's contract offer to
a top agent, the brand's agents with their upline, downlines and contracts, and their latest
payouts."""

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
    label,
    messages,
    table,
    text_input,
)
from components.i18n import t
from models.agents import ContractKind
from pages.registry import Page
from state.agents.console_agents import AgentsConsoleState, ApplicationLine

REALTIME = ContractKind.REALTIME_SALARY.value


def _options(choices: rx.Var, testid: str, **props: object) -> rx.Component:
    return rx.el.select(
        rx.foreach(choices, lambda c: rx.el.option(c.label, value=c.value)),
        data_testid=testid,
        class_name=INPUT,
        **props,
    )


def _number(name: str, key: str, testid: str, **props: object) -> rx.Component:
    return label(
        t(key),
        text_input(name, type="number", min="0", data_testid=testid, **props),
    )


def _house_offer() -> rx.Component:
    """The house's contract to a top agent (four-eyes above the brand's threshold)."""
    s = AgentsConsoleState
    return allowed(
        "agents.contract",
        card(
            "agent.house.title",
            rx.el.p(
                t("agent.house.lead"), class_name="text-sm text-slate-600 dark:text-slate-400 mb-3"
            ),
            rx.el.form(
                label(
                    t("agent.house.agent"),
                    text_input(
                        "agent",
                        list="house-agents",
                        autocomplete="off",
                        required=True,
                        max_length=32,
                        data_testid="house-agent",
                    ),
                    rx.el.datalist(
                        rx.foreach(s.top_agents, lambda c: rx.el.option(value=c.value)),
                        id="house-agents",
                    ),
                ),
                label(
                    t("agent.house.kind"),
                    _options(
                        s.kinds,
                        "house-kind",
                        name="kind",
                        value=s.offer_kind,
                        on_change=s.set_offer_kind,
                    ),
                ),
                label(t("agent.house.period"), _options(s.periods, "house-period", name="period")),
                rx.cond(
                    s.offer_kind == REALTIME,
                    rx.fragment(
                        _number("rate", "agent.house.profit_rate", "house-rate", step="0.01"),
                        _number(
                            "loss_rate", "agent.house.loss_rate", "house-loss-rate", step="0.01"
                        ),
                        _number(
                            "min_single_bet",
                            "agent.house.min_single_bet",
                            "house-min-single-bet",
                            step="0.01",
                            default_value="0",
                        ),
                    ),
                    rx.fragment(
                        _number("rate", "agent.house.rate", "house-rate", step="0.01"),
                        _number(
                            "min_active",
                            "agent.contract.min_active",
                            "house-min-active",
                            default_value="0",
                        ),
                        _number(
                            "min_valid_bet",
                            "agent.contract.min_valid_bet",
                            "house-min-valid-bet",
                            step="0.01",
                            default_value="0",
                        ),
                    ),
                ),
                rx.el.label(
                    rx.el.span(t("agent.house.reason"), class_name="block text-sm"),
                    rx.el.input(name="reason", data_testid="house-reason", class_name=INPUT),
                    class_name="sm:col-span-2",
                ),
                rx.el.div(
                    rx.el.button(
                        t("agent.house.send"),
                        type="submit",
                        class_name=BUTTON,
                        data_testid="house-offer-send",
                    ),
                    class_name="flex items-end",
                ),
                on_submit=s.offer_contract,
                class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-4",
                data_testid="house-offer",
            ),
            rx.cond(
                s.top_agents.length() == 0,
                rx.el.p(
                    t("agent.house.none"),
                    class_name="text-sm text-slate-600 dark:text-slate-400 mt-2",
                ),
            ),
            rx.el.p(
                s.offer_error,
                role="alert",
                data_testid="house-offer-error",
                class_name="mt-2 text-sm font-medium text-red-600 dark:text-red-400",
            ),
            rx.el.p(
                s.offer_notice,
                role="status",
                data_testid="house-offer-notice",
                class_name="text-sm font-medium text-emerald-700 dark:text-emerald-400",
            ),
        ),
    )


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
        _house_offer(),
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
            allowed(
                "reports.export",
                rx.el.button(
                    t("bo-export-csv"),
                    on_click=s.export_payouts,
                    data_testid="agent-payouts-csv",
                    class_name=f"{QUIET} mb-3",
                ),
            ),
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


PAGES = (
    Page(routes.ADMIN_AGENTS, agents_page, "Agents", load=(AgentsConsoleState.load,), console=True),
)
