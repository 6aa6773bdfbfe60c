"""The account record (transactionHistory) page."""

from __future__ import annotations

import reflex as rx

from app.services.records import RANGES, TYPE_FILTERS
from components.forms import INPUT, pager, tabs
from components.i18n import amount, local_time, t
from components.layout import layout
from components.member_nav import member_nav
from state.records import RecordsState
from state.site import SiteState


def _row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                SiteState.texts.get("txkind." + item["kind"].to(str), item["kind"]),
                class_name="font-medium",
            ),
            rx.el.p(local_time(item["time"]), class_name="text-xs text-slate-500"),
            rx.el.p(item["reference"], class_name="text-xs text-slate-400 truncate max-w-48"),
        ),
        rx.el.div(
            rx.el.p(
                amount(item["amount"]),
                class_name=rx.cond(
                    item["positive"].to(bool),
                    "font-mono tabular-nums font-semibold text-emerald-600 dark:text-emerald-400",
                    "font-mono tabular-nums font-semibold text-red-600 dark:text-red-400",
                ),
            ),
            rx.cond(
                item["balance"] != "",
                rx.el.p(
                    t("record.balance").replace("{amount}", amount(item["balance"])),
                    class_name="text-xs text-slate-500 tabular-nums",
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
    return layout(
        member_nav(),
        rx.el.h1(t("record.title"), class_name="text-2xl font-bold mb-4"),
        rx.el.div(
            rx.el.label(
                rx.el.span(t("record.type"), class_name="text-sm font-medium mr-2"),
                rx.el.select(
                    *[rx.el.option(t(f"record.type.{name}"), value=name) for name in TYPE_FILTERS],
                    value=RecordsState.type_filter,
                    on_change=RecordsState.set_type,
                    class_name=f"{INPUT} !w-auto",
                    data_testid="record-type",
                ),
            ),
            tabs(
                [(r, t(f"record.range.{r}")) for r in RANGES],
                RecordsState.range_name,
                RecordsState.set_range,
            ),
            class_name="flex flex-wrap items-center gap-4 mb-2",
        ),
        rx.cond(
            RecordsState.items.length() > 0,
            rx.el.ul(rx.foreach(RecordsState.items, _row), data_testid="record-list"),
            rx.el.p(t("record.empty"), class_name="py-8 text-center text-slate-500"),
        ),
        pager(RecordsState),
    )
