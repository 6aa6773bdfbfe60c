"""The member centre's own navigation (spec 2, member centre pages)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.style import FOCUS

ITEMS = (
    ("auth.security_title", routes.SECURITY_CENTER, "shield"),
    ("cashier.deposit_title", routes.DEPOSIT, "wallet"),
    ("withdraw.title", routes.WITHDRAW, "banknote"),
    ("record.title", routes.TRANSACTION_HISTORY, "list"),
    ("mygames.favorites", routes.FAVORITES, "heart"),
    ("mygames.recent", routes.MY_GAMES, "gamepad-2"),
)


def member_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[
                rx.el.li(
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
                for key, href, icon in ITEMS
            ],
            class_name="flex gap-2 overflow-x-auto pb-1",
        ),
        aria_label=t("auth.member_menu"),
        class_name="mb-4",
    )
