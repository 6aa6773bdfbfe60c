"""The agent centre (spec 2): /agentHome, registerCenter, downlineManagmentView and
agentDailyWages, with the contract popups (the navigation: components/agents/agent_centre.py)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.agents.agent_centre import CARD, agent_gate
from components.forms import INPUT, PRIMARY, SECONDARY, field, form_error, notice, page_nav
from components.i18n import local_date, local_time, t
from components.i18n import money as brand_money
from components.link import page_link
from pages.agents.agent_team import downline_transfer_popup, transfer_button, transfers_off_note
from pages.registry import Page
from state.accounts.auth import AuthState
from state.agents.agents import AgentState
from state.site import SiteState


def _figure(label_key: str, value: rx.Var, testid: str, money: bool = True) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(label_key), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.p(
            brand_money(value) if money else value,
            class_name="text-xl font-bold tabular-nums",
            data_testid=testid,
        ),
        class_name=CARD,
    )


def _offer_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                SiteState.texts.get("agent.kind." + row.kind, row.kind),
                class_name="font-medium",
            ),
            rx.el.p(
                row.rate,
                "% · ",
                rx.cond(
                    row.offered_by != "",
                    t("agent.contract.offered_by")
                    .replace("{upline}", row.offered_by)
                    .replace("{date}", local_date(row.offered_at)),
                    t("agent.contract.offered_by_house").replace(
                        "{date}", local_date(row.offered_at)
                    ),
                ),
                class_name="text-sm text-slate-500 dark:text-slate-400",
                data_testid="contract-offered-by",
            ),
        ),
        rx.el.div(
            rx.el.button(
                t("agent.contract.accept"),
                on_click=AgentState.answer(row.id, "ACCEPT"),
                class_name=f"{PRIMARY} !w-auto px-4",
                data_testid="contract-accept",
            ),
            rx.el.button(
                t("agent.contract.reject"),
                on_click=AgentState.answer(row.id, "REJECT"),
                class_name=f"{SECONDARY} !w-auto px-4",
                data_testid="contract-reject",
            ),
            class_name="flex gap-2",
        ),
        class_name="flex flex-wrap items-center justify-between gap-3 py-3",
        data_testid="contract-offer",
    )


def _contract_popup() -> rx.Component:
    """The contract popup (spec 4): shown when an offer waits for the agent's answer."""
    return rx.cond(
        AgentState.offers.length() > 0,
        rx.el.div(
            rx.el.div(
                rx.el.h2(t("agent.home.pending_offers"), class_name="text-lg font-bold"),
                rx.el.ul(rx.foreach(AgentState.offers, _offer_row)),
                role="dialog",
                aria_modal="false",
                aria_label=t("agent.contract.title"),
                class_name=f"{CARD} border-2 border-amber-400",
                data_testid="contract-popup",
            ),
            class_name="mb-4",
        ),
    )


def _active_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        SiteState.texts.get("agent.kind." + row.kind, row.kind),
        " · ",
        row.rate,
        "% · ",
        SiteState.texts.get("agent.status." + row.status, row.status),
        class_name="text-sm py-1",
        data_testid="contract-active",
    )


def _step_link(key: str, href: str, testid: str) -> rx.Component:
    return page_link(
        t(key),
        href=href,
        class_name=f"{SECONDARY} !w-auto px-3 inline-flex items-center",
        data_testid=testid,
    )


def _next_step() -> rx.Component:
    """What the agent does next: answer an offer, ask for a contract (its upline, or the house
    through support), or grow its team."""
    return rx.cond(
        AgentState.next_step != "",
        rx.el.section(
            rx.el.h2(t("agent.next.title"), class_name="font-bold mb-1"),
            rx.el.p(
                SiteState.texts.get("agent.next." + AgentState.next_step, "").replace(
                    "{upline}", AgentState.upline
                ),
                class_name="text-sm mb-2",
                data_testid="agent-next-step",
            ),
            rx.match(
                AgentState.next_step,
                ("ASK_HOUSE", _step_link("agent.next.support", routes.CHAT, "agent-next-support")),
                (
                    "GROW_TEAM",
                    rx.el.div(
                        _step_link("agent.next.invite", routes.REFERRAL, "agent-next-invite"),
                        _step_link("agent.next.downlines", routes.DOWNLINES, "agent-next-team"),
                        class_name="flex flex-wrap gap-2",
                    ),
                ),
                rx.fragment(),
            ),
            class_name=f"{CARD} mb-4 border-l-4 border-amber-400",
            data_testid="agent-next",
        ),
    )


def agent_home_page() -> rx.Component:
    return agent_gate(
        rx.el.h1(t("agent.home.title"), class_name="text-2xl font-bold mb-1"),
        rx.el.p(
            t("auth.agent_welcome").replace("{account}", AuthState.account),
            class_name="text-slate-500 dark:text-slate-400 mb-4",
            data_testid="agent-welcome",
        ),
        form_error(AgentState.error),
        notice(AgentState.message),
        _next_step(),
        _contract_popup(),
        rx.el.div(
            _figure("agent.home.team_turnover", AgentState.team_turnover, "agent-team-turnover"),
            _figure(
                "agent.home.direct_turnover", AgentState.direct_turnover, "agent-direct-turnover"
            ),
            _figure("agent.home.estimated", AgentState.estimated, "agent-estimated"),
            _figure("agent.home.yesterday", AgentState.yesterday, "agent-yesterday"),
            _figure("agent.home.unclaimed", AgentState.unclaimed, "agent-unclaimed"),
            _figure("agent.home.team_size", AgentState.team_size.to(str), "agent-team-size", False),
            _figure(
                "agent.home.active_today",
                AgentState.active_today.to(str),
                "agent-active-today",
                False,
            ),
            class_name="grid grid-cols-2 md:grid-cols-4 gap-3 mb-4",
        ),
        rx.el.div(
            rx.el.h2(t("agent.nav.contracts"), class_name="font-bold mb-2"),
            rx.cond(
                AgentState.contracts.length() > 0,
                rx.el.ul(rx.foreach(AgentState.contracts, _active_row)),
                rx.el.p(
                    t("agent.contract.none"),
                    class_name="text-sm text-slate-500 dark:text-slate-400",
                ),
            ),
            class_name=CARD,
        ),
    )


def register_center_page() -> rx.Component:
    return agent_gate(
        rx.el.h1(t("agent.register.title"), class_name="text-2xl font-bold mb-4"),
        rx.el.form(
            field(
                "username", t("auth.username"), autocomplete="off", data_testid="downline-username"
            ),
            field(
                "password",
                t("auth.password"),
                kind="password",
                autocomplete="new-password",
                data_testid="downline-password",
            ),
            rx.el.label(
                rx.el.input(
                    type="checkbox",
                    name="as_agent",
                    class_name="size-4 accent-amber-500",
                    data_testid="downline-as-agent",
                ),
                t("agent.register.as_agent"),
                class_name="flex items-center gap-2 text-sm mb-3",
            ),
            # What the new member meets first, told before the agent opens the account.
            rx.el.p(
                rx.cond(
                    SiteState.identity_required,
                    t("agent.register.first_steps_identity"),
                    t("agent.register.first_steps"),
                ),
                class_name="text-sm text-slate-600 dark:text-slate-400",
                data_testid="downline-first-steps",
            ),
            form_error(AgentState.error),
            notice(AgentState.message),
            rx.el.button(
                t("agent.register.title"),
                type="submit",
                class_name=PRIMARY,
                data_testid="downline-submit",
            ),
            on_submit=AgentState.register,
            reset_on_submit=True,
            class_name=f"{CARD} max-w-md space-y-1",
        ),
    )


def _fact(label_key: str, value: rx.Var | rx.Component) -> rx.Component:
    return rx.el.span(
        t(label_key), ": ", rx.el.span(value, class_name="tabular-nums"), class_name="mr-3"
    )


def _downline_row(row: rx.Var) -> rx.Component:
    """A team member as a card that wraps on a phone: name, kind and level, last login and,
    when the agent's contract shows them, the last 30 days' bets and deposits; the actions
    below (or beside) it, never cut off."""
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                row.username,
                class_name="font-mono font-medium break-all",
                data_testid="downline-name",
            ),
            rx.el.p(
                rx.cond(row.agent, t("agent.downlines.sub_agent"), t("agent.downlines.player")),
                " · ",
                t("agent.downlines.level"),
                " ",
                row.level.to(str),
                " · ",
                t("agent.downlines.registered"),
                " ",
                local_time(row.registered),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
            rx.el.p(
                _fact(
                    "agent.downlines.last_login",
                    rx.cond(
                        row.last_login != "",
                        local_time(row.last_login),
                        t("agent.downlines.never"),
                    ),
                ),
                rx.cond(
                    AgentState.activity_shown,
                    rx.fragment(
                        _fact("agent.downlines.bets", brand_money(row.bets)),
                        _fact("agent.downlines.deposits", brand_money(row.deposits)),
                    ),
                ),
                class_name="text-xs flex flex-wrap",
                data_testid="downline-activity",
            ),
            rx.cond(
                row.contracts != "",
                rx.el.p(row.contracts, class_name="text-xs", data_testid="downline-contracts"),
            ),
            class_name="min-w-0 flex-1",
        ),
        rx.el.div(
            rx.cond(
                row.agent & (row.level == 1),
                rx.el.button(
                    t("agent.downlines.offer"),
                    on_click=AgentState.pick(row.id),
                    class_name=f"{SECONDARY} !h-9 !w-auto px-3 text-sm",
                    data_testid="downline-offer",
                ),
            ),
            rx.cond(AgentState.transfers_on, transfer_button(row.id)),
            class_name="flex flex-wrap gap-2",
        ),
        class_name=(
            "flex flex-wrap items-center justify-between gap-3 py-3 "
            "border-b border-slate-200 dark:border-slate-800"
        ),
        data_testid="downline-row",
    )


def _select(
    name: str, label_key: str, codes: rx.Var, prefix: str, testid: str, **props: object
) -> rx.Component:
    """A labelled choice among codes, each shown in the reader's words (`prefix` + code)."""
    return rx.el.div(
        rx.el.label(t(label_key), html_for=f"field-{name}", class_name="block text-sm mb-1"),
        rx.el.select(
            rx.foreach(
                codes,
                lambda code: rx.el.option(SiteState.texts.get(prefix + code, code), value=code),
            ),
            id=f"field-{name}",
            name=name,
            class_name=f"{INPUT} mb-3",
            data_testid=testid,
            **props,
        ),
    )


def _offer_form() -> rx.Component:
    return rx.cond(
        AgentState.offer_to > 0,
        rx.el.form(
            rx.el.h2(
                t("agent.contract.title"), " · ", AgentState.offer_name, class_name="font-bold"
            ),
            _select(
                "kind",
                "agent.house.kind",
                AgentState.offer_kinds,
                "agent.kind.",
                "offer-kind",
                value=AgentState.offer_kind,
                on_change=AgentState.set_offer_kind,
            ),
            _select(
                "period",
                "agent.house.period",
                AgentState.offer_periods,
                "agent.period.",
                "offer-period",
            ),
            rx.el.p(
                AgentState.offer_own,
                class_name="text-sm text-slate-600 dark:text-slate-300 mb-2",
                data_testid="offer-own",
            ),
            rx.cond(
                AgentState.offer_kind == "REALTIME_SALARY",
                rx.fragment(
                    field(
                        "rate",
                        t("agent.house.profit_rate"),
                        kind="number",
                        step="0.01",
                        min="0.01",
                        data_testid="offer-rate",
                    ),
                    field(
                        "loss_rate",
                        t("agent.house.loss_rate"),
                        kind="number",
                        step="0.01",
                        min="0",
                        data_testid="offer-loss-rate",
                    ),
                    field(
                        "min_single_bet",
                        t("agent.house.min_single_bet"),
                        kind="number",
                        step="0.01",
                        min="0",
                        default_value="0",
                        data_testid="offer-min-single-bet",
                    ),
                ),
                rx.fragment(
                    field(
                        "rate",
                        t("agent.contract.rate"),
                        kind="number",
                        step="0.01",
                        min="0.01",
                        data_testid="offer-rate",
                    ),
                    field(
                        "min_active",
                        t("agent.contract.min_active"),
                        kind="number",
                        min="0",
                        default_value="0",
                        data_testid="offer-min-active",
                    ),
                    field(
                        "min_valid_bet",
                        t("agent.contract.min_valid_bet"),
                        kind="number",
                        step="0.01",
                        min="0",
                        default_value="0",
                        data_testid="offer-min-valid-bet",
                    ),
                ),
            ),
            rx.el.div(
                rx.el.button(
                    t("agent.contract.send"),
                    type="submit",
                    class_name=PRIMARY,
                    data_testid="offer-send",
                ),
                rx.el.button(
                    t("agent.contract.cancel"),
                    type="button",
                    on_click=AgentState.close_offer,
                    class_name=SECONDARY,
                ),
                class_name="flex gap-2",
            ),
            on_submit=AgentState.offer,
            role="dialog",
            aria_label=t("agent.contract.title"),
            class_name=f"{CARD} max-w-md border-2 border-amber-400 mb-4 space-y-1",
            data_testid="offer-popup",
        ),
    )


def downlines_page() -> rx.Component:
    return agent_gate(
        rx.el.h1(t("agent.downlines.title"), class_name="text-2xl font-bold mb-4"),
        form_error(AgentState.error),
        notice(AgentState.message),
        _offer_form(),
        rx.cond(AgentState.transfers_on, downline_transfer_popup(), transfers_off_note()),
        rx.el.input(
            placeholder=t("agent.downlines.search"),
            aria_label=t("agent.downlines.search"),
            on_blur=AgentState.set_search,
            class_name=f"{INPUT} max-w-sm mb-3",
            data_testid="downline-search",
        ),
        rx.cond(
            ~AgentState.activity_shown & (AgentState.downline_rows.length() > 0),
            rx.el.p(
                t("agent.downlines.activity_hidden"),
                class_name="text-xs text-slate-500 dark:text-slate-400 mb-2",
                data_testid="downline-activity-hidden",
            ),
        ),
        rx.cond(
            AgentState.downline_rows.length() > 0,
            rx.el.ul(
                rx.foreach(AgentState.downline_rows, _downline_row),
                class_name=f"{CARD} !py-0",
                data_testid="downline-list",
            ),
            rx.el.p(
                t("agent.downlines.empty"),
                class_name="py-8 text-center text-slate-500 dark:text-slate-400",
                data_testid="downline-empty",
            ),
        ),
        page_nav(
            AgentState.page,
            AgentState.pages,
            AgentState.go,
            keys="record",
            testids=("downline-prev", "downline-status", "downline-next"),
            class_name="flex items-center justify-between mt-4",
        ),
    )


PAGES = (
    Page(routes.AGENT_HOME, agent_home_page, "Agent", load=(AgentState.load_home,)),
    Page(
        routes.REGISTER_CENTER,
        register_center_page,
        "Register a downline",
        load=(AgentState.load_register,),
        login=True,
    ),
    Page(
        routes.DOWNLINES,
        downlines_page,
        "Downline management",
        load=(AgentState.load_downlines,),
        login=True,
    ),
)
