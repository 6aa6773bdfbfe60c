"""The VIP page and "my income" (the rebate lines and their claim)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import item_list, pager, range_tabs
from components.i18n import local_time, money, t
from components.layout import member_page
from components.link import page_link
from components.progress import progress_bar
from components.style import FOCUS
from pages.registry import Page
from state.loyalty.loyalty_vip import IncomeState, VipState
from state.site import SiteState

CARD = "rounded-xl p-4 bg-white dark:bg-slate-900 border border-slate-200 dark:border-slate-800"
ROW = "flex justify-between gap-3 py-3 sm:pr-14 border-b border-slate-200 dark:border-slate-800"
BUTTON = (
    "px-4 py-2 rounded-lg bg-amber-500 hover:bg-amber-600 text-slate-950 font-semibold "
    f"disabled:opacity-50 {FOCUS}"
)


def _bar(label: rx.Var, value: rx.Var, goal: rx.Var, percent: rx.Var, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.span(label, class_name="text-sm"),
            rx.el.span(
                value,
                rx.cond(
                    goal != "",
                    rx.el.span(" / ", goal, class_name="text-slate-500 dark:text-slate-400"),
                ),
                class_name="text-sm font-mono tabular-nums",
                data_testid=f"{testid}-figures",
            ),
            class_name="flex justify-between gap-2",
        ),
        progress_bar(percent, label, f"{testid}-bar", fill="bg-amber-500"),
        class_name="space-y-1",
    )


def _summary() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.p(t("vip.current"), class_name="text-sm text-slate-500 dark:text-slate-400"),
                rx.el.p(
                    VipState.level_name,
                    class_name="text-3xl font-extrabold text-amber-600 dark:text-amber-400",
                    data_testid="vip-level",
                ),
                rx.cond(
                    VipState.since != "",
                    rx.el.p(
                        t("vip.since"),
                        " ",
                        local_time(VipState.since),
                        class_name="text-xs text-slate-500 dark:text-slate-400",
                    ),
                ),
            ),
            rx.icon("crown", size=40, class_name="text-amber-500", aria_hidden="true"),
            class_name="flex items-center justify-between",
        ),
        rx.el.p(
            rx.cond(
                VipState.level_name != "",
                rx.cond(
                    VipState.next_name != "",
                    t("vip.next").replace("{level}", VipState.next_name),
                    t("vip.top"),
                ),
                "",
            ),
            class_name="font-semibold min-h-6",
            data_testid="vip-next",
        ),
        _bar(
            t("vip.valid_bet").replace("{days}", VipState.window_days.to(str)),
            VipState.bet,
            VipState.bet_goal,
            VipState.bet_percent,
            "vip-bet",
        ),
        _bar(
            t("vip.deposits").replace("{days}", VipState.window_days.to(str)),
            VipState.deposit,
            VipState.deposit_goal,
            VipState.deposit_percent,
            "vip-deposit",
        ),
        page_link(
            rx.icon("piggy-bank", size=16, aria_hidden="true"),
            t("vip.my_income"),
            href=routes.MY_INCOME,
            class_name=f"inline-flex items-center gap-2 text-sm underline {FOCUS}",
            data_testid="vip-income-link",
        ),
        class_name=f"{CARD} space-y-4 mb-4",
        data_testid="vip-summary",
    )


HEADERS = (
    "vip.col.level",
    "vip.col.bet",
    "vip.col.deposit",
    "vip.col.keep",
    "vip.col.boost",
    "vip.col.withdraw",
    "vip.col.per_day",
    "vip.col.level_up",
    "vip.col.member_day",
    "vip.col.sunday",
    "vip.col.slots",
)


def _level_row(row: rx.Var) -> rx.Component:
    cell = "px-3 py-2 whitespace-nowrap font-mono tabular-nums"
    return rx.el.tr(
        rx.el.th(row.name, scope="row", class_name="px-3 py-2 text-left font-semibold"),
        *[
            rx.el.td(getattr(row, field), class_name=cell)
            for field in (
                "bet",
                "deposit",
                "keep",
                "boost",
                "withdraw",
                "per_day",
                "level_up",
                "member_day",
                "sunday",
                "slots",
            )
        ],
        class_name=rx.cond(
            row.current,
            "bg-amber-100 dark:bg-amber-900/40",
            "border-t border-slate-200 dark:border-slate-800",
        ),
        data_testid="vip-level-row",
        data_current=row.current.to(str),
    )


def _benefits() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("vip.benefits"), class_name="text-lg font-semibold mb-2"),
        rx.el.div(
            rx.el.table(
                rx.el.thead(
                    rx.el.tr(
                        *[
                            rx.el.th(t(key), scope="col", class_name="px-3 py-2 text-left")
                            for key in HEADERS
                        ],
                        class_name="text-xs uppercase text-slate-500 dark:text-slate-400",
                    )
                ),
                rx.el.tbody(rx.foreach(VipState.levels, _level_row)),
                class_name="min-w-full text-sm",
            ),
            class_name=f"overflow-x-auto {CARD} p-0",
            tab_index=0,
            role="region",
            aria_label=t("vip.benefits"),
            data_testid="vip-benefits",
        ),
        class_name="mb-4",
    )


def _rules() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("vip.rules"), class_name="text-lg font-semibold mb-2"),
        rx.el.ul(
            rx.foreach(VipState.rules, lambda rule: rx.el.li(rule)),
            class_name=f"{CARD} list-disc pl-8 space-y-2 text-sm",
            data_testid="vip-rules",
        ),
        class_name="mb-4",
    )


def _event(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(SiteState.texts.get("vip.event." + row.kind.to(str), row.kind)),
            rx.el.p(local_time(row.time), class_name="text-xs text-slate-500 dark:text-slate-400"),
        ),
        rx.el.p(
            rx.cond(row.amount != "", money(row.amount), row.levels),
            class_name="font-mono tabular-nums font-semibold",
        ),
        class_name=ROW,
        data_testid="vip-event",
        data_kind=row.kind,
    )


def vip_page() -> rx.Component:
    return member_page(
        "vip.title",
        _summary(),
        _benefits(),
        _rules(),
        rx.el.h2(t("vip.history"), class_name="text-lg font-semibold mb-2"),
        item_list(VipState.history, _event, "vip-history", "vip.history_empty"),
    )


def _total(key: str, value: rx.Var, testid: str, *caption: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(key), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.p(
            money(value),
            class_name="text-xl font-bold font-mono tabular-nums",
            data_testid=testid,
        ),
        *caption,
        class_name=CARD,
    )


def _accrual_ends() -> rx.Component:
    """What accrues now and when it comes: paid at the period's close, or claimable then."""
    when = local_time(IncomeState.accrual_ends)
    return rx.el.p(
        rx.cond(
            IncomeState.automatic,
            t("income.paid_at").replace("{when}", when),
            t("income.claimable_from").replace("{when}", when),
        ),
        class_name="text-xs text-slate-600 dark:text-slate-400 mt-1",
        data_testid="income-accrual-ends",
    )


def _line(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                SiteState.texts.get("nav." + row.category.to(str), row.category),
                class_name="font-medium",
            ),
            rx.el.p(
                local_time(row.start),
                " – ",
                local_time(row.end),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
            rx.el.p(
                t("income.col.base"),
                ": ",
                rx.el.span(money(row.base), class_name="font-mono tabular-nums"),
                rx.cond(row.rate != "", rx.el.span(" × ", row.rate)),
                class_name="text-xs",
                data_testid="income-base",
            ),
        ),
        rx.el.div(
            rx.el.p(
                money(row.amount),
                class_name="font-mono tabular-nums font-semibold text-emerald-700 "
                "dark:text-emerald-400",
                data_testid="income-amount",
            ),
            rx.el.p(
                SiteState.texts.get("income.status." + row.status.to(str), row.status),
                class_name="text-xs text-slate-500 dark:text-slate-400",
                data_testid="income-status",
            ),
            rx.cond(
                row.claimable,
                rx.el.button(
                    t("income.claim"),
                    on_click=IncomeState.claim(row.id),
                    class_name=BUTTON + " text-xs px-3 py-1 mt-1",
                    data_testid="income-claim",
                ),
            ),
            class_name="text-right",
        ),
        class_name=ROW,
        data_testid="income-row",
        data_category=row.category,
        data_status=row.status,
    )


def _rates() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("income.rates"), class_name="text-sm font-semibold mb-2"),
        rx.el.ul(
            rx.foreach(
                IncomeState.rates,
                lambda pair: rx.el.li(
                    rx.el.span(SiteState.texts.get("nav." + pair[0].to(str), pair[0])),
                    rx.el.span(pair[1], class_name="font-mono font-semibold"),
                    class_name="flex justify-between gap-2 px-3 py-1 rounded-lg bg-slate-100 "
                    "dark:bg-slate-800 text-sm",
                    data_testid="income-rate",
                    data_category=pair[0],
                ),
            ),
            class_name="grid grid-cols-2 sm:grid-cols-4 gap-2",
        ),
        rx.el.p(
            t("income.rule"),
            " ",
            rx.cond(IncomeState.automatic, t("income.auto"), t("income.manual")),
            " ",
            rx.cond(IncomeState.realtime, t("income.realtime"), t("income.daily")),
            class_name="text-xs text-slate-500 dark:text-slate-400 mt-2",
        ),
        class_name=f"{CARD} mb-4",
    )


def income_page() -> rx.Component:
    return member_page(
        "income.title",
        rx.el.div(
            _total("income.claimable", IncomeState.claimable, "income-claimable"),
            _total("income.accruing", IncomeState.accruing, "income-accruing", _accrual_ends()),
            _total("income.paid", IncomeState.paid, "income-paid"),
            class_name="grid grid-cols-1 sm:grid-cols-3 gap-3 mb-4",
        ),
        rx.el.div(
            rx.el.button(
                t("income.claim_all"),
                on_click=IncomeState.claim_all,
                disabled=~IncomeState.can_claim,
                class_name=BUTTON,
                data_testid="income-claim-all",
            ),
            rx.el.p(
                IncomeState.notice,
                class_name="text-sm text-emerald-700 dark:text-emerald-400",
                role="status",
                data_testid="income-notice",
            ),
            rx.el.p(
                IncomeState.error,
                class_name="text-sm text-rose-600",
                role="alert",
                data_testid="income-error",
            ),
            class_name="flex flex-wrap items-center gap-3 mb-4 min-h-10",
        ),
        _rates(),
        range_tabs(IncomeState.range_name, IncomeState.set_range),
        item_list(IncomeState.items, _line, "income", "income.empty"),
        rx.cond(IncomeState.pages > 1, pager(IncomeState)),
    )


PAGES = (
    Page(routes.VIP, vip_page, "VIP", load=(VipState.load,), login=True),
    Page(routes.MY_INCOME, income_page, "My income", load=(IncomeState.load,), login=True),
)
