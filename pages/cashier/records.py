"""The account record (transactionHistory) page."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.records import TYPE_FILTERS
from components.forms import INPUT, filter_bar, item_list, movement_heading, pager
from components.i18n import amount, t
from components.layout import member_page
from pages.registry import Page
from state.cashier.records import RecordsState


def _row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        movement_heading(item, item.round),
        rx.el.div(
            rx.el.p(
                amount(item.amount),
                class_name=rx.cond(
                    item.positive,
                    "font-mono tabular-nums font-semibold text-emerald-700 dark:text-emerald-400",
                    "font-mono tabular-nums font-semibold text-red-600 dark:text-red-400",
                ),
            ),
            rx.cond(
                item.balance != "",
                rx.el.p(
                    t("record.balance").replace("{amount}", amount(item.balance)),
                    class_name="text-xs text-slate-500 dark:text-slate-400 tabular-nums",
                ),
            ),
            class_name="text-right",
        ),
        class_name=(
            "flex justify-between gap-3 py-3 border-b border-slate-200 dark:border-slate-800"
        ),
        data_testid="record-row",
    )


def records_page() -> rx.Component:
    return member_page(
        "record.title",
        filter_bar(
            "record.type",
            rx.el.select(
                *[rx.el.option(t(f"record.type.{name}"), value=name) for name in TYPE_FILTERS],
                value=RecordsState.type_filter,
                on_change=RecordsState.set_type,
                class_name=f"{INPUT} !w-auto",
                data_testid="record-type",
            ),
            RecordsState.range_name,
            RecordsState.set_range,
        ),
        item_list(RecordsState.items, _row, "record", "record.empty"),
        pager(RecordsState),
    )


PAGES = (
    Page(
        routes.TRANSACTION_HISTORY,
        records_page,
        "Account record",
        load=(RecordsState.load,),
        login=True,
    ),
)
