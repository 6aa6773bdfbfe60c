"""The member centre's own navigation (spec 2, member centre pages)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.style import FOCUS
from state.site import SiteState

ITEMS = (
    ("auth.security_title", routes.SECURITY_CENTER, "shield"),
    ("transfer.title", routes.TRANSFER_FUND, "arrow-left-right"),
    ("cashier.deposit_title", routes.DEPOSIT, "wallet"),
    ("withdraw.title", routes.WITHDRAW, "banknote"),
    ("betting.title", routes.BETTING_RECORD, "dices"),
    ("record.title", routes.TRANSACTION_HISTORY, "list"),
    ("profit.title", routes.PROFIT_AND_LOSS, "chart-column"),
    ("bonus.title", routes.BONUS_DETAILS, "gift"),
)


def _item(key: str, href: str, icon: str) -> rx.Component:
    item = rx.el.li(
        page_link(
            rx.icon(icon, size=16, aria_hidden="true"),
            t(key),
            href=href,
            class_name=(
                "flex items-center gap-2 whitespace-nowrap px-3 py-2 rounded-lg "
                f"text-sm bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 {FOCUS}"
            ),
            data_testid=f"member-nav-{href.strip('/')}",
        )
    )
    # A single-wallet brand (isSingle 1) has no transfer wallets: the wallet page is hidden.
    return (
        rx.cond(SiteState.single_wallet, rx.fragment(), item)
        if href == routes.TRANSFER_FUND
        else item
    )


def member_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[_item(key, href, icon) for key, href, icon in ITEMS],
            class_name="flex gap-2 overflow-x-auto pb-1",
        ),
        aria_label=t("auth.member_menu"),
        class_name="mb-4",
    )
