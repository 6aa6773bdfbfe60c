"""The bonus details page: bonuses and rebates credited to the member."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import item_list, movement_heading, pager, range_tabs
from components.i18n import amount, local_time, t
from components.layout import member_page
from components.progress import progress_bar
from pages.registry import Page
from state.promotions.bonus import BonusState
from state.site import SiteState


def _row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        movement_heading(item),
        rx.el.div(
            rx.el.p(
                amount(item.amount),
                class_name=(
                    "font-mono tabular-nums font-semibold text-emerald-700 dark:text-emerald-400"
                ),
            ),
            rx.el.p(
                SiteState.texts.get("bonus.wallet." + item.wallet, ""),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
            class_name="text-right",
        ),
        class_name=(
            "flex justify-between gap-3 py-3 border-b border-slate-200 dark:border-slate-800"
        ),
        data_testid="bonus-row",
    )


def _grant(grant: rx.Var) -> rx.Component:
    """One bonus: what is locked, why (the wagering left, what counts) and until when."""
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                rx.el.span(grant.amount, class_name="font-mono tabular-nums"),
                class_name="text-lg font-bold",
            ),
            rx.el.span(
                SiteState.texts.get("bonus.status." + grant.status, ""),
                class_name="text-xs font-semibold rounded-full px-2 py-0.5 bg-slate-100 "
                "dark:bg-slate-800",
                data_testid="grant-status",
                data_status=grant.status,
            ),
            class_name="flex items-center justify-between gap-2",
        ),
        progress_bar(grant.percent, grant.wagered, "grant-bar"),
        rx.el.div(
            rx.el.span(grant.wagered),
            rx.el.span(grant.percent.to(str) + "%", class_name="font-semibold"),
            class_name="flex justify-between text-sm",
        ),
        rx.cond(
            grant.active,
            rx.el.div(
                rx.el.p(grant.remaining),
                rx.el.p(
                    t("bonus.expires_label"),
                    " ",
                    local_time(grant.expires),
                ),
                rx.el.p(grant.weights),
                rx.el.p(grant.max_bet),
                rx.el.p(grant.max_conversion),
                class_name="text-xs text-slate-500 dark:text-slate-400 space-y-0.5",
            ),
        ),
        class_name=(
            "space-y-2 rounded-xl p-4 bg-white dark:bg-slate-900 border border-slate-200 "
            "dark:border-slate-800"
        ),
        data_testid="grant",
    )


def _grants() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("bonus.active"), class_name="text-lg font-semibold"),
        rx.el.p(t("bonus.explain"), class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.cond(
            BonusState.grants.length() > 0,  # type: ignore[attr-defined]
            rx.el.ul(
                rx.foreach(BonusState.grants, _grant),
                class_name="grid gap-3 sm:grid-cols-2",
                data_testid="grants",
            ),
            rx.el.p(
                t("bonus.none_active"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
        ),
        rx.el.h2(t("bonus.history"), class_name="text-lg font-semibold pt-4"),
        class_name="space-y-3 mb-4",
    )


def bonus_page() -> rx.Component:
    return member_page(
        "bonus.title",
        _grants(),
        range_tabs(BonusState.range_name, BonusState.set_range),
        item_list(BonusState.items, _row, "bonus", "bonus.empty"),
        rx.cond(
            BonusState.pages > 1,
            pager(BonusState),
        ),
    )


PAGES = (
    Page(routes.BONUS_DETAILS, bonus_page, "Bonus details", load=(BonusState.load,), login=True),
)
