"""The bonus details page: bonuses and rebates credited to the member."""

from __future__ import annotations

import reflex as rx

from app.services.records import RANGES
from components.forms import pager, tabs
from components.i18n import amount, local_time, t
from components.layout import layout
from components.member_nav import member_nav
from state.bonus import BonusState
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
                class_name=(
                    "font-mono tabular-nums font-semibold text-emerald-600 dark:text-emerald-400"
                ),
            ),
            rx.el.p(
                SiteState.texts.get("bonus.wallet." + item["wallet"].to(str), ""),
                class_name="text-xs text-slate-500",
            ),
            class_name="text-right",
        ),
        class_name=(
            "flex justify-between gap-3 py-3 border-b border-slate-200 dark:border-slate-800"
        ),
        data_testid="bonus-row",
    )


def bonus_page() -> rx.Component:
    return layout(
        member_nav(),
        rx.el.h1(t("bonus.title"), class_name="text-2xl font-bold mb-4"),
        tabs(
            [(r, t(f"record.range.{r}")) for r in RANGES],
            BonusState.range_name,
            BonusState.set_range,
        ),
        rx.cond(
            BonusState.items.length() > 0,
            rx.el.ul(rx.foreach(BonusState.items, _row), data_testid="bonus-list"),
            rx.el.p(
                t("bonus.empty"),
                class_name="py-8 text-center text-slate-500",
                data_testid="bonus-empty",
            ),
        ),
        rx.cond(
            BonusState.pages > 1,
            pager(BonusState),
        ),
    )
