"""The agent centre's team pages (spec 2): agentAnnouncement, agentTeamOverview,
palStatementsAgentCopy, agentRevenueReport, agentDownlineTransactionDetailsCopy,
agentDividendRecord, agentHourSalary, agentRealtimeSalary; and the member centre's
referral (invite friends) and transferUpline. The reports share one table component
(`report_table`), one range picker and one totals strip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex.event import EventType

from app import routes
from app.services.agents.reports import TRANSACTION_KINDS
from components.agents.agent_centre import CARD, agent_gate
from components.forms import INPUT, PRIMARY, SECONDARY, field, form_error, notice, page_nav
from components.i18n import local_date, local_time, t
from components.i18n import money as brand_money
from components.layout import member_page
from components.style import AXIS_TICK, CHART_TEXT, FOCUS
from pages.registry import Page
from state.agents.agent_team import RANGES, VIEWS, AgentTeamState

RANGE_BUTTON = f"px-3 h-9 rounded-md text-sm {FOCUS}"
# A column: (catalog key of its heading, ReportRow field, how it shows: text, money or time).
Column = tuple[str, str, str]
# A total: (catalog key of its label, ReportTotals field). Its test id is the field's name,
# but for the transactions' money in and out, which keep theirs ("in" is a Python keyword).
TOTAL_TESTIDS = {"incoming": "in", "outgoing": "out"}
CHART_COLOURS = {"turnover": "#f59e0b", "revenue": "#10b981", "pay": "#6366f1", "amount": "#f59e0b"}


def _cell(row: rx.Var, name: str, kind: str) -> rx.Component:
    value = getattr(row, name)
    if kind == "money":
        return rx.el.td(
            brand_money(value),
            class_name=rx.cond(
                value.startswith("-"),
                "py-2 px-2 text-right font-mono tabular-nums text-rose-600",
                "py-2 px-2 text-right font-mono tabular-nums",
            ),
        )
    if kind in ("time", "day"):
        shown = local_time(value) if kind == "time" else local_date(value)
        return rx.el.td(shown, class_name="py-2 px-2 text-xs whitespace-nowrap")
    return rx.el.td(value, class_name="py-2 px-2")


def report_table(columns: list[Column], report: str, testid: str) -> rx.Component:
    """The one table of every team report: headings, the current rows, an empty state. The
    rows show only once `report` is the one loaded (the pages share the state's rows: right
    after a navigation they still hold the previous page's)."""

    def row(item: rx.Var) -> rx.Component:
        return rx.el.tr(
            *[_cell(item, name, kind) for _, name, kind in columns],
            class_name="border-b border-slate-200 dark:border-slate-800",
            data_testid=f"{testid}-row",
        )

    return rx.cond(
        (AgentTeamState.report == report) & (AgentTeamState.rows.length() > 0),
        rx.el.div(
            rx.el.table(
                rx.el.thead(
                    rx.el.tr(
                        *[
                            rx.el.th(
                                t(key),
                                scope="col",
                                class_name=(
                                    "py-2 px-2 text-right"
                                    if kind == "money"
                                    else "py-2 px-2 text-left"
                                ),
                            )
                            for key, _, kind in columns
                        ]
                    ),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.tbody(rx.foreach(AgentTeamState.rows, row)),
                class_name="w-full text-sm",
            ),
            class_name=f"{CARD} overflow-x-auto",
            data_testid=testid,
        ),
        rx.el.p(
            t("agent.report.empty"),
            class_name="py-8 text-center text-slate-500 dark:text-slate-400",
            data_testid=f"{testid}-empty",
        ),
    )


def range_picker(names: tuple[str, ...] = tuple(RANGES)) -> rx.Component:
    return rx.el.div(
        *[
            rx.el.button(
                t(f"agent.range.{name}"),
                on_click=AgentTeamState.set_range(name),
                aria_pressed=AgentTeamState.range_name == name,
                class_name=rx.cond(
                    AgentTeamState.range_name == name,
                    f"{RANGE_BUTTON} font-semibold bg-amber-400 text-slate-900",
                    f"{RANGE_BUTTON} bg-slate-100 dark:bg-slate-800",
                ),
                data_testid=f"range-{name}",
            )
            for name in names
        ],
        class_name="flex flex-wrap gap-2 mb-3",
    )


def range_and_export(names: tuple[str, ...] = tuple(RANGES)) -> rx.Component:
    """A report's range picker with its CSV export beside it (the loaded report, every page)."""
    return rx.el.div(
        range_picker(names),
        rx.el.button(
            rx.icon("download", size=16, aria_hidden="true"),
            t("agent.report.export"),
            on_click=AgentTeamState.export,
            type="button",
            class_name=f"{SECONDARY} !h-9 !w-auto px-3 mb-3 text-sm flex items-center gap-1",
            data_testid="report-csv",
        ),
        class_name="flex flex-wrap items-start justify-between gap-2",
    )


def totals_strip(items: list[tuple[str, str]]) -> rx.Component:
    """The range's totals above a table."""
    return rx.el.dl(
        *[
            rx.el.div(
                rx.el.dt(t(key), class_name="text-xs text-slate-500 dark:text-slate-400"),
                rx.el.dd(
                    brand_money(getattr(AgentTeamState.totals, name)),
                    class_name="font-bold tabular-nums",
                    data_testid=f"total-{TOTAL_TESTIDS.get(name, name)}",
                ),
                class_name=CARD,
            )
            for key, name in items
        ],
        class_name="grid grid-cols-2 md:grid-cols-4 gap-3 mb-3",
    )


def pager() -> rx.Component:
    return page_nav(
        AgentTeamState.page,
        AgentTeamState.pages,
        AgentTeamState.go,
        keys="record",
        testids=("report-prev", "report-status", "report-next"),
        class_name="flex items-center justify-between mt-4",
    )


def bar_chart(series: list[str], testid: str) -> rx.Component:
    """A bar chart of the current report's days (only when there is more than one)."""
    return rx.cond(
        AgentTeamState.chart.length() > 1,
        rx.el.div(
            rx.recharts.bar_chart(
                *[
                    rx.recharts.bar(
                        data_key=name,
                        fill=CHART_COLOURS[name],
                        name=t(f"agent.chart.{name}"),
                        # drawn at once: no bars caught mid-move after a resize
                        is_animation_active=False,
                    )
                    for name in series
                ],
                rx.recharts.x_axis(data_key="day", tick=AXIS_TICK),
                rx.recharts.y_axis(tick=AXIS_TICK),
                rx.recharts.graphing_tooltip(),
                rx.recharts.legend(),
                # recharts types its data as dicts: the bars reach the browser as such objects
                data=AgentTeamState.chart.to(list[dict[str, Any]]),
                height=220,
            ),
            class_name=f"{CARD} {CHART_TEXT} mb-3",
            role="img",
            aria_label=t("agent.report.chart"),
            data_testid=testid,
        ),
    )


def _title(key: str) -> rx.Component:
    return rx.el.h1(t(key), class_name="text-2xl font-bold mb-4")


def _figure(key: str, name: str, money: bool = True) -> rx.Component:
    value = getattr(AgentTeamState.figures, name)
    return rx.el.div(
        rx.el.p(t(key), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.p(
            brand_money(value) if money else value,
            class_name="text-xl font-bold tabular-nums",
            data_testid=f"overview-{name}",
        ),
        class_name=CARD,
    )


def team_overview_page() -> rx.Component:
    return agent_gate(
        _title("agent.overview.title"),
        form_error(AgentTeamState.error),
        rx.el.div(
            _figure("agent.home.team_size", "team_size", False),
            _figure("agent.overview.direct_size", "direct_size", False),
            _figure("agent.home.active_today", "active_today", False),
            _figure("agent.home.team_turnover", "team_turnover"),
            _figure("agent.home.direct_turnover", "direct_turnover"),
            _figure("agent.overview.net_loss", "team_net_loss"),
            _figure("agent.home.estimated", "estimated"),
            _figure("agent.home.yesterday", "yesterday"),
            class_name="grid grid-cols-2 md:grid-cols-4 gap-3 mb-4",
        ),
        rx.el.h2(t("agent.overview.last7"), class_name="font-bold mb-2"),
        bar_chart(["turnover", "revenue"], "overview-chart"),
    )


REVENUE_COLUMNS: list[Column] = [
    ("agent.col.day", "day", "text"),
    ("agent.col.turnover", "turnover", "money"),
    ("agent.col.revenue", "revenue", "money"),
    ("agent.col.active", "active", "text"),
    ("agent.col.pay", "pay", "money"),
]


def revenue_report_page() -> rx.Component:
    return agent_gate(
        _title("agent.revenue.title"),
        range_and_export(("7d", "30d")),
        form_error(AgentTeamState.error),
        totals_strip(
            [
                ("agent.col.turnover", "turnover"),
                ("agent.col.revenue", "revenue"),
                ("agent.col.pay", "pay"),
            ]
        ),
        bar_chart(["turnover", "revenue", "pay"], "revenue-chart"),
        report_table(REVENUE_COLUMNS, "revenue", "revenue-table"),
    )


STATEMENT_COLUMNS: list[Column] = [
    ("agent.col.member", "member", "text"),
    ("agent.downlines.level", "level", "text"),
    ("agent.col.bet", "bet", "money"),
    ("agent.col.turnover", "turnover", "money"),
    ("agent.col.win", "win", "money"),
    ("agent.col.net", "net", "money"),
]


def statements_page() -> rx.Component:
    return agent_gate(
        _title("agent.statements.title"),
        range_and_export(),
        form_error(AgentTeamState.error),
        totals_strip(
            [
                ("agent.col.bet", "bet"),
                ("agent.col.turnover", "turnover"),
                ("agent.col.win", "win"),
                ("agent.col.net", "net"),
            ]
        ),
        report_table(STATEMENT_COLUMNS, "statements", "statement-table"),
        pager(),
    )


TRANSACTION_COLUMNS: list[Column] = [
    ("agent.col.time", "time", "time"),
    ("agent.col.member", "member", "text"),
    ("agent.col.kind", "kind", "text"),
    ("agent.col.amount", "amount", "money"),
    ("agent.col.balance", "balance", "money"),
]
BET_COLUMNS: list[Column] = [
    ("agent.col.time", "time", "time"),
    ("agent.col.member", "member", "text"),
    ("agent.col.game", "game", "text"),
    ("agent.col.bet", "bet", "money"),
    ("agent.col.turnover", "turnover", "money"),
    ("agent.col.win", "win", "money"),
]


def transactions_page() -> rx.Component:
    return agent_gate(
        _title("agent.transactions.title"),
        rx.el.div(
            *[
                rx.el.button(
                    t(f"agent.transactions.{view}"),
                    on_click=AgentTeamState.set_view(view),
                    aria_pressed=AgentTeamState.view == view,
                    class_name=rx.cond(
                        AgentTeamState.view == view,
                        f"{PRIMARY} !w-auto px-4",
                        f"{SECONDARY} !w-auto px-4",
                    ),
                    data_testid=f"view-{view}",
                )
                for view in VIEWS
            ],
            class_name="flex gap-2 mb-3",
        ),
        range_and_export(),
        rx.cond(
            AgentTeamState.view == "transactions",
            rx.el.div(
                rx.el.select(
                    rx.el.option(t("agent.tx.ALL"), value=""),
                    *[
                        rx.el.option(t(f"agent.tx.{kind}"), value=kind)
                        for kind in TRANSACTION_KINDS
                    ],
                    value=AgentTeamState.kind_filter,
                    on_change=AgentTeamState.set_kind,
                    aria_label=t("agent.col.kind"),
                    class_name=f"{INPUT} !w-auto mb-3",
                    data_testid="transaction-kind",
                ),
                totals_strip(
                    [
                        ("agent.transactions.in", "incoming"),
                        ("agent.transactions.out", "outgoing"),
                    ]
                ),
                report_table(TRANSACTION_COLUMNS, "transactions", "transaction-table"),
            ),
            rx.el.div(
                totals_strip(
                    [
                        ("agent.col.bet", "bet"),
                        ("agent.col.turnover", "turnover"),
                        ("agent.col.win", "win"),
                    ]
                ),
                report_table(BET_COLUMNS, "transactions", "bet-table"),
            ),
        ),
        form_error(AgentTeamState.error),
        pager(),
    )


PAY_COLUMNS: list[Column] = [
    ("agent.col.period", "time", "time"),
    ("agent.col.base", "base", "money"),
    ("agent.col.rate", "rate", "text"),
    ("agent.col.active", "active", "text"),
    ("agent.col.amount", "amount", "money"),
]


# Daily wages are tiered: each line says how it was computed; a line is a day, not a moment.
DAILY_WAGE_COLUMNS: list[Column] = [
    ("agent.col.period", "time", "day"),
    ("agent.col.amount", "amount", "money"),
    ("agent.wages.formula", "detail", "text"),
]


def _pay_page(
    title_key: str,
    columns: list[Column] = PAY_COLUMNS,
    ranges: tuple[str, ...] = ("today", "7d", "30d"),
) -> rx.Component:
    return agent_gate(
        _title(title_key),
        range_and_export(ranges),
        form_error(AgentTeamState.error),
        totals_strip([("agent.wages.total", "amount")]),
        bar_chart(["amount"], "pay-chart"),
        report_table(columns, "pay", "pay-table"),
        pager(),
    )


def daily_wages_page() -> rx.Component:
    return _pay_page("agent.wages.title", DAILY_WAGE_COLUMNS, ("7d", "30d", "90d"))


def dividend_record_page() -> rx.Component:
    return _pay_page("agent.dividends.title")


def hour_salary_page() -> rx.Component:
    return _pay_page("agent.hour_salary.title")


def realtime_salary_page() -> rx.Component:
    return _pay_page("agent.realtime_salary.title")


def _announcement(item: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.el.h2(item.title, class_name="font-bold"),
        rx.el.p(
            local_time(item.time), class_name="text-xs text-slate-500 dark:text-slate-400 mb-2"
        ),
        rx.html(item.content, class_name="prose dark:prose-invert text-sm"),
        class_name=CARD,
        data_testid="agent-announcement",
    )


def announcement_page() -> rx.Component:
    return agent_gate(
        _title("agent.announcements.title"),
        rx.cond(
            (AgentTeamState.report == "announcements") & (AgentTeamState.rows.length() > 0),
            rx.el.div(rx.foreach(AgentTeamState.rows, _announcement), class_name="space-y-3"),
            rx.el.p(
                t("agent.announcements.empty"),
                class_name="py-8 text-center text-slate-500 dark:text-slate-400",
                data_testid="agent-announcement-empty",
            ),
        ),
        pager(),
    )


def transfer_form(on_submit: rx.EventHandler, testid: str) -> rx.Component:
    """Amount and payment password: the form of both transfer directions."""
    return rx.el.form(
        field(
            "amount",
            t("agent.col.amount"),
            kind="number",
            step="0.01",
            min="1",
            data_testid=f"{testid}-amount",
        ),
        field(
            "payment_password",
            t("agent.transfer.payment_password"),
            kind="password",
            autocomplete="off",
            data_testid=f"{testid}-password",
        ),
        rx.el.button(
            t("agent.transfer.send"),
            type="submit",
            class_name=PRIMARY,
            data_testid=f"{testid}-send",
        ),
        on_submit=on_submit,
        reset_on_submit=True,
        class_name="space-y-1",
    )


def downline_transfer_popup() -> rx.Component:
    """The downline list's transfer form (shown for the row the agent picked)."""
    return rx.el.div(
        rx.el.div(notice(AgentTeamState.message), data_testid="transfer-notice"),
        rx.cond(
            AgentTeamState.transfer_to > 0,
            rx.el.div(
                rx.el.div(
                    rx.el.h2(
                        t("agent.transfer.to_downline"),
                        " · ",
                        AgentTeamState.transfer_name,
                        class_name="font-bold",
                    ),
                    rx.el.button(
                        rx.icon("x", size=16, aria_hidden="true"),
                        on_click=AgentTeamState.close_transfer,
                        aria_label=t("agent.contract.cancel"),
                        class_name=f"p-2 rounded-md {FOCUS}",
                        type="button",
                    ),
                    class_name="flex items-center justify-between mb-2",
                ),
                form_error(AgentTeamState.error),
                transfer_form(AgentTeamState.send_down, "down-transfer"),
                role="dialog",
                aria_label=t("agent.transfer.to_downline"),
                class_name=f"{CARD} max-w-md border-2 border-amber-400 mb-4",
                data_testid="transfer-popup",
            ),
        ),
    )


def transfer_button(downline_id: rx.Var) -> rx.Component:
    return rx.el.button(
        t("agent.transfer.button"),
        on_click=AgentTeamState.pick_transfer(downline_id),
        class_name=f"{SECONDARY} !h-9 !w-auto px-3 text-sm",
        data_testid="downline-transfer",
    )


UPLINE_COLUMNS: list[Column] = [
    ("agent.col.time", "time", "time"),
    ("agent.col.member", "member", "text"),
    ("agent.col.kind", "kind", "text"),
    ("agent.col.amount", "amount", "money"),
    ("agent.col.balance", "balance", "money"),
]


def transfers_off_note() -> rx.Component:
    """The one line shown instead of the transfer forms where the market allows none."""
    return rx.el.p(
        t("agent.transfer.off"),
        class_name="py-2 text-sm text-slate-500 dark:text-slate-400",
        data_testid="transfers-off",
    )


def transfer_upline_page() -> rx.Component:
    return member_page(
        "agent.transfer.upline_title",
        rx.cond(
            ~AgentTeamState.transfers_on,
            transfers_off_note(),
            rx.cond(
                AgentTeamState.upline != "",
                rx.el.div(
                    rx.el.div(
                        rx.el.p(
                            t("agent.transfer.upline"),
                            ": ",
                            rx.el.span(
                                AgentTeamState.upline,
                                class_name="font-mono",
                                data_testid="upline-name",
                            ),
                        ),
                        rx.el.p(
                            t("agent.transfer.balance"),
                            ": ",
                            rx.el.span(
                                brand_money(AgentTeamState.balance), data_testid="upline-balance"
                            ),
                            class_name="text-sm text-slate-500 dark:text-slate-400 mb-3",
                        ),
                        form_error(AgentTeamState.error),
                        notice(AgentTeamState.message),
                        transfer_form(AgentTeamState.send_up, "up-transfer"),
                        class_name=f"{CARD} max-w-md mb-4",
                    ),
                    rx.el.h2(t("agent.transfer.records"), class_name="font-bold mb-2"),
                    report_table(UPLINE_COLUMNS, "transfers", "transfer-table"),
                ),
                rx.el.p(
                    t("agent-transfer-no-upline"),
                    class_name="py-8 text-center text-slate-500 dark:text-slate-400",
                    data_testid="no-upline",
                ),
            ),
        ),
    )


def referral_page() -> rx.Component:
    return member_page(
        "agent.referral.title",
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    t("agent.referral.lead"),
                    class_name="text-sm text-slate-500 dark:text-slate-400 mb-3",
                ),
                rx.el.label(
                    t("agent.referral.link"), html_for="referral-link", class_name="text-xs"
                ),
                rx.el.div(
                    rx.el.input(
                        id="referral-link",
                        value=AgentTeamState.link,
                        read_only=True,
                        class_name=f"{INPUT} font-mono text-xs",
                        data_testid="referral-link",
                    ),
                    rx.el.button(
                        rx.icon("copy", size=16, aria_hidden="true"),
                        t("agent.referral.copy"),
                        on_click=[
                            rx.set_clipboard(AgentTeamState.link),
                            AgentTeamState.mark_copied,
                        ],
                        type="button",
                        class_name=f"{SECONDARY} !w-auto px-3 flex items-center gap-1",
                        data_testid="referral-copy",
                    ),
                    class_name="flex gap-2 mb-2",
                ),
                rx.el.p(
                    rx.cond(AgentTeamState.copied, t("agent.referral.copied"), ""),
                    role="status",
                    class_name="text-xs text-emerald-700 dark:text-emerald-400 min-h-4 mb-1",
                    data_testid="referral-copied",
                ),
                rx.el.a(
                    rx.icon("message-circle", size=16, aria_hidden="true"),
                    t("agent.referral.whatsapp"),
                    href=AgentTeamState.whatsapp,
                    target="_blank",
                    rel="noopener noreferrer",
                    class_name=(f"{SECONDARY} !w-auto px-3 mb-3 inline-flex items-center gap-1"),
                    data_testid="referral-whatsapp",
                ),
                rx.el.p(
                    t("agent.referral.code"),
                    ": ",
                    rx.el.span(
                        AgentTeamState.code, class_name="font-mono", data_testid="referral-code"
                    ),
                    class_name="text-sm",
                ),
                class_name=f"{CARD} flex-1",
            ),
            rx.el.div(
                rx.cond(
                    AgentTeamState.qr != "",
                    rx.el.img(
                        src=AgentTeamState.qr,
                        alt=t("agent.referral.qr"),
                        width="192",
                        height="192",
                        class_name="size-48 bg-white rounded-lg",
                        data_testid="referral-qr",
                    ),
                    rx.el.div(class_name="size-48"),
                ),
                class_name=f"{CARD} flex justify-center",
            ),
            class_name="flex flex-col md:flex-row gap-3 mb-3",
        ),
        rx.el.dl(
            rx.el.div(
                rx.el.dt(
                    t("agent.referral.clicks"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.dd(
                    AgentTeamState.clicks.to(str),
                    class_name="text-xl font-bold",
                    data_testid="referral-clicks",
                ),
                class_name=CARD,
            ),
            rx.el.div(
                rx.el.dt(
                    t("agent.referral.registrations"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.dd(
                    AgentTeamState.registrations.to(str),
                    class_name="text-xl font-bold",
                    data_testid="referral-registrations",
                ),
                class_name=CARD,
            ),
            class_name="grid grid-cols-2 gap-3",
        ),
    )


def _team(path: str, build: Callable[[], rx.Component], title: str, load: EventType[()]) -> Page:
    return Page(path, build, title, load=(load,), login=True)


PAGES = (
    _team(
        routes.AGENT_DAILY_WAGES, daily_wages_page, "Daily wages", AgentTeamState.load_daily_wages
    ),
    _team(
        routes.AGENT_ANNOUNCEMENT,
        announcement_page,
        "Agent announcements",
        AgentTeamState.load_announcements,
    ),
    _team(
        routes.AGENT_TEAM_OVERVIEW,
        team_overview_page,
        "Team overview",
        AgentTeamState.load_overview,
    ),
    _team(
        routes.AGENT_STATEMENTS,
        statements_page,
        "Team profit and loss",
        AgentTeamState.load_statements,
    ),
    _team(
        routes.AGENT_REVENUE_REPORT,
        revenue_report_page,
        "Revenue report",
        AgentTeamState.load_revenue,
    ),
    _team(
        routes.AGENT_TRANSACTIONS,
        transactions_page,
        "Team transactions",
        AgentTeamState.load_transactions,
    ),
    _team(
        routes.AGENT_DIVIDEND_RECORD,
        dividend_record_page,
        "Dividend record",
        AgentTeamState.load_dividends,
    ),
    _team(
        routes.AGENT_HOUR_SALARY, hour_salary_page, "Hourly salary", AgentTeamState.load_hour_salary
    ),
    _team(
        routes.AGENT_REALTIME_SALARY,
        realtime_salary_page,
        "Real-time salary",
        AgentTeamState.load_realtime_salary,
    ),
    _team(routes.REFERRAL, referral_page, "Invite friends", AgentTeamState.load_referral),
    _team(
        routes.TRANSFER_UPLINE,
        transfer_upline_page,
        "Transfer to upline",
        AgentTeamState.load_upline,
    ),
)
