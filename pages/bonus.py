"""The bonus details page: bonuses and rebates credited to the member."""

from __future__ import annotations

import reflex as rx

from components.forms import item_list, movement_heading, pager, range_tabs
from components.i18n import amount
from components.layout import member_page
from state.bonus import BonusState
from state.site import SiteState


def _row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        movement_heading(item),
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
    return member_page(
        "bonus.title",
        range_tabs(BonusState.range_name, BonusState.set_range),
        item_list(BonusState.items, _row, "bonus", "bonus.empty"),
        rx.cond(
            BonusState.pages > 1,
            pager(BonusState),
        ),
    )
