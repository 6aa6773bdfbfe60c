"""The phone's bottom tab bar (issue 35): what Brazilian betting sites put there, Casino,
Sports, Lottery, My bets and Wallet, one tap from every page; hidden on wider screens. My bets
and the wallet are a member's pages: a visitor tapping them is asked to log in (their pages'
gate), and signs up from the header's Cadastrar."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.style import FOCUS
from state.catalogue.lobby import LobbyState

CASINO = next(path for path, kind in routes.CATEGORY_LISTS.items() if kind == "RNG")
# Sports only where the brand offers them (its navigation's entry): no tab to an empty page.
SPORTS = ("tabs.sports", LobbyState.sports_path, "trophy")
TABS = (
    ("tabs.casino", CASINO, "spade"),
    SPORTS,
    ("tabs.lottery", routes.LOTTERY, "ticket"),
    ("tabs.my_bets", routes.BETTING_RECORD, "receipt"),
    ("tabs.wallet", routes.DEPOSIT, "wallet"),
)
_TAB = (
    "flex flex-1 flex-col items-center justify-center gap-0.5 h-14 min-w-0 text-[11px] "
    "font-medium text-slate-600 dark:text-slate-300 aria-[current=page]:text-amber-700 "
    f"dark:aria-[current=page]:text-amber-300 {FOCUS}"
)


def _tab(key: str, href: str | rx.Var[str], icon: str) -> rx.Component:
    # The address the browser shows, without its query.
    here = rx.State.router.page.raw_path.split("?")[0].to(str) == href
    return rx.el.li(
        page_link(
            rx.icon(icon, size=20, aria_hidden="true"),
            # "Minhas apostas" takes two lines on a narrow phone rather than being cut.
            rx.el.span(t(key), class_name="max-w-full text-center leading-tight"),
            href=href,
            aria_current=rx.cond(here, "page", "false"),
            class_name=_TAB,
            data_testid=f"tab-{key.split('.')[-1]}",
        ),
        class_name="flex flex-1 min-w-0",
    )


def tab_bar() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[
                rx.cond(href != "", _tab(key, href, icon))
                if isinstance(href, rx.Var)
                else _tab(key, href, icon)
                for key, href, icon in TABS
            ],
            class_name="flex items-stretch",
        ),
        aria_label=t("tabs.label"),
        class_name=(
            "sm:hidden fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 "
            "dark:border-slate-800 bg-white/95 dark:bg-slate-950/95 backdrop-blur "
            "pb-[env(safe-area-inset-bottom)] "
            # Out of the way while the visitor types (the keyboard pushes it over the input),
            # and back only after a moment: a tap on a form's button first blurs the field,
            # and a bar shown at once would take the end of that tap (no submit).
            "transition-[visibility] duration-0 delay-300 "
            "[body:has(:is(input,textarea,select):focus)_&]:invisible "
            "[body:has(:is(input,textarea,select):focus)_&]:delay-0"
        ),
        data_testid="tab-bar",
    )
