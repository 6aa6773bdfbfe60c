"""The phone's bottom tab bar (issue 35): Home, Casino, Lottery, Promotions and the account
(Sign up for a visitor), one tap from every page; hidden on wider screens."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.dialog import open_dialog
from components.i18n import t
from components.link import page_link
from components.member_nav import MEMBER_CENTRE
from components.style import FOCUS
from state.accounts.auth import AuthState
from state.accounts.register import RegisterState

CASINO = next(path for path, kind in routes.CATEGORY_LISTS.items() if kind == "RNG")
TABS = (
    ("tabs.home", routes.HOME, "house"),
    ("tabs.casino", CASINO, "spade"),
    ("tabs.lottery", routes.LOTTERY, "ticket"),
    ("tabs.promotions", routes.PROMOTIONS, "gift"),
)
_TAB = (
    "flex flex-1 flex-col items-center justify-center gap-0.5 h-14 min-w-0 text-[11px] "
    "font-medium text-slate-600 dark:text-slate-300 aria-[current=page]:text-amber-700 "
    f"dark:aria-[current=page]:text-amber-300 {FOCUS}"
)


def _tab(key: str, href: str, icon: str) -> rx.Component:
    # The address the browser shows ("/" for the home, whose route Reflex names /index).
    path = rx.State.router.page.raw_path.split("?")[0].to(str)
    here = (path == href) | ((href == routes.HOME) & (path == "/home"))
    return rx.el.li(
        page_link(
            rx.icon(icon, size=20, aria_hidden="true"),
            rx.el.span(t(key), class_name="truncate max-w-full"),
            href=href,
            aria_current=rx.cond(here, "page", "false"),
            class_name=_TAB,
            data_testid=f"tab-{key.split('.')[-1]}",
        ),
        class_name="flex flex-1 min-w-0",
    )


def _account_tab() -> rx.Component:
    """A member's account opens the member centre; a visitor (or a trial user) signs up."""
    member = rx.el.button(
        rx.icon("circle-user", size=20, aria_hidden="true"),
        rx.el.span(t("tabs.account")),
        type="button",
        on_click=open_dialog(MEMBER_CENTRE),
        aria_haspopup="dialog",
        class_name=_TAB,
        data_testid="tab-account",
    )
    visitor = rx.el.button(
        rx.icon("user-plus", size=20, aria_hidden="true"),
        rx.el.span(t("tabs.register")),
        type="button",
        on_click=RegisterState.open,
        aria_haspopup="dialog",
        class_name=_TAB,
        data_testid="tab-register",
    )
    return rx.el.li(
        rx.cond(AuthState.is_login & ~AuthState.is_trial, member, visitor),
        class_name="flex flex-1 min-w-0",
    )


def tab_bar() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[_tab(key, href, icon) for key, href, icon in TABS],
            _account_tab(),
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
