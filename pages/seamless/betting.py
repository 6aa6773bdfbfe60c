"""The betting record (personalHistoryCopy) and profit and loss (personalProfit) pages, in
the look of the account record page."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from app import routes
from app.services.catalogue.rules import COCKFIGHT, GAME_TYPES
from components.forms import INPUT, TAP_LINK, filter_bar, item_list, pager, range_tabs
from components.i18n import amount, local_time, t
from components.layout import member_page
from components.lottery import lottery_record
from pages.registry import Page
from state.lottery.lottery import LotteryRecordState
from state.seamless.betting import BettingState, ProfitState
from state.site import SiteState

_NUMBER = "font-mono tabular-nums"
_GAIN = f"{_NUMBER} font-semibold text-emerald-700 dark:text-emerald-400"
_LOSS = f"{_NUMBER} font-semibold text-red-700 dark:text-red-400"
_ROW = "py-3 border-b border-slate-200 dark:border-slate-800"
_LOCAL_DAY = rx.vars.FunctionStringVar.create(
    "((day, tag) => day ? new Date(day + 'T12:00:00').toLocaleDateString(tag, "
    "{dateStyle: 'medium'}) : '')"
)


def _category_label(game_type: str) -> rx.Var[str]:
    return t("games.nav.ELOTT" if game_type == "ELOTT" else f"nav.{game_type}")


def _category_option(game_type: str) -> rx.Component:
    """A category of the filter: cockfight only where the market allows animal fights."""
    option = rx.el.option(_category_label(game_type), value=game_type)
    return rx.cond(SiteState.animal_fights, option) if game_type == COCKFIGHT else option


def _type_label(game_type: rx.Var) -> rx.Var:
    return SiteState.texts.get("nav." + game_type.to(str), game_type)


def _profit(value: rx.Var, positive: rx.Var) -> rx.Component:
    return rx.el.span(amount(value), class_name=rx.cond(positive, _GAIN, _LOSS))


def _figure(label: str, value: rx.Component | rx.Var) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(label), class_name="text-xs text-slate-600 dark:text-slate-400"),
        rx.el.p(value, class_name=_NUMBER),
        class_name="min-w-20",
    )


def _totals(totals: rx.Var) -> rx.Component:
    return rx.el.div(
        _figure("betting.rounds", totals.rounds),
        _figure("betting.bet", amount(totals.bet)),
        _figure("betting.win", amount(totals.win)),
        _figure("betting.profit", _profit(totals.profit, totals.positive)),
        class_name=(
            "flex flex-wrap gap-4 justify-between rounded-lg bg-slate-100 dark:bg-slate-800 "
            "px-4 py-3 mb-2"
        ),
        data_testid="betting-totals",
    )


def _call(entry: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(entry.kind, class_name="font-medium"),
        rx.el.span(local_time(entry.time), class_name="text-slate-500 dark:text-slate-400"),
        rx.el.span(entry.status),
        rx.el.span(amount(entry.amount), class_name=_NUMBER),
        class_name="grid grid-cols-2 sm:grid-cols-4 gap-1 text-xs py-1",
    )


def _round(item: rx.Var) -> rx.Component:
    is_open = BettingState.open_round == item.key
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(item.game, class_name="font-medium"),
                rx.el.p(
                    item.vendor_name,
                    " · ",
                    _type_label(item.type),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.p(
                    local_time(item.time), class_name="text-xs text-slate-500 dark:text-slate-400"
                ),
                rx.el.p(
                    t("betting.round"),
                    ": ",
                    item.round,
                    class_name="text-xs text-slate-500 dark:text-slate-400 truncate max-w-56",
                ),
            ),
            rx.el.div(
                rx.el.p(t("betting.bet"), " ", amount(item.bet), class_name=f"text-sm {_NUMBER}"),
                rx.el.p(t("betting.win"), " ", amount(item.win), class_name=f"text-sm {_NUMBER}"),
                _profit(item.profit, item.positive),
                rx.el.p(
                    SiteState.texts.get("betting.status." + item.status, item.status),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                class_name="text-right",
            ),
            class_name="flex justify-between gap-3",
        ),
        rx.el.div(
            rx.el.button(
                t("betting.detail"),
                type="button",
                aria_expanded=is_open,
                on_click=BettingState.toggle_detail(item.vendor, item.round),
                class_name=TAP_LINK,
                data_testid="betting-detail",
            ),
            rx.cond(
                item.verify != "",
                rx.el.a(
                    t("betting.verify"),
                    href=item.verify,
                    class_name=TAP_LINK,
                    data_testid="betting-verify",
                ),
            ),
            class_name="flex gap-3 mt-1",
        ),
        rx.cond(
            is_open,
            rx.el.ul(
                rx.foreach(BettingState.calls, _call),
                class_name="mt-2 rounded-lg bg-slate-50 dark:bg-slate-900 px-3 py-2",
                data_testid="betting-calls",
            ),
        ),
        class_name=_ROW,
        data_testid="betting-row",
    )


def betting_page() -> rx.Component:
    return member_page(
        "betting.title",
        filter_bar(
            "betting.category",
            rx.el.select(
                rx.el.option(t("betting.category.all"), value="all"),
                *[_category_option(g) for g in GAME_TYPES],
                value=BettingState.category,
                on_change=BettingState.set_category,
                class_name=f"{INPUT} !w-auto",
                data_testid="betting-category",
            ),
            BettingState.range_name,
            BettingState.set_range,
        ),
        _totals(BettingState.totals),
        item_list(BettingState.items, _round, "betting", "betting.empty"),
        pager(BettingState),
        lottery_record(),
    )


def _summary_row(label: rx.Var | rx.Component, row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.th(label, scope="row", class_name="text-left font-medium py-2 pr-2"),
        rx.el.td(row.rounds, class_name=f"text-right {_NUMBER}"),
        rx.el.td(amount(row.bet), class_name=f"text-right {_NUMBER}"),
        rx.el.td(amount(row.win), class_name=f"text-right {_NUMBER}"),
        rx.el.td(_profit(row.profit, row.positive), class_name="text-right"),
        class_name="border-b border-slate-200 dark:border-slate-800",
    )


def _table(
    caption: str, first: str, rows: rx.Var, label: Callable[[rx.Var], rx.Var], testid: str
) -> rx.Component:
    return rx.el.section(
        rx.el.h2(t(caption), class_name="text-lg font-semibold mt-6 mb-2"),
        rx.el.div(
            rx.el.table(
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th(t(first), scope="col", class_name="text-left py-2"),
                        *[
                            rx.el.th(t(key), scope="col", class_name="text-right py-2 pl-3")
                            for key in ("betting.rounds", "betting.bet", "betting.win")
                        ],
                        rx.el.th(t("betting.profit"), scope="col", class_name="text-right py-2"),
                        class_name="text-xs text-slate-500 dark:text-slate-400",
                    )
                ),
                rx.el.tbody(rx.foreach(rows, lambda row: _summary_row(label(row), row))),
                class_name="w-full text-sm",
            ),
            class_name="overflow-x-auto",
        ),
        data_testid=testid,
    )


def profit_page() -> rx.Component:
    return member_page(
        "profit.title",
        range_tabs(ProfitState.range_name, ProfitState.set_range),
        _totals(ProfitState.totals),
        rx.cond(
            ProfitState.days.length() > 0,
            rx.fragment(
                _table(
                    "profit.by_day",
                    "profit.day",
                    ProfitState.days,
                    lambda row: _LOCAL_DAY.call(row.label, SiteState.locale_tag).to(str),
                    "profit-days",
                ),
                _table(
                    "profit.by_category",
                    "betting.category",
                    ProfitState.categories,
                    lambda row: _type_label(row.label),
                    "profit-categories",
                ),
            ),
            rx.el.p(
                t("profit.empty"), class_name="py-8 text-center text-slate-500 dark:text-slate-400"
            ),
        ),
    )


PAGES = (
    Page(
        routes.BETTING_RECORD,
        betting_page,
        "Betting record",
        load=(BettingState.load, LotteryRecordState.load),
        login=True,
    ),
    Page(
        routes.PROFIT_AND_LOSS, profit_page, "Profit and loss", load=(ProfitState.load,), login=True
    ),
)
