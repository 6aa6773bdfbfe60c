"""The page frame: the full-page state chosen by the system status, else the shell."""

from __future__ import annotations

import reflex as rx

from components.accounts.auth_dialogs import auth_dialogs
from components.accounts.first_steps import first_steps_dialog, signed_out_banner
from components.catalogue.game_dialogs import game_dialogs
from components.catalogue.game_search import game_search_dialog
from components.client_alerts import client_alerts
from components.content.announcements import announcement_dialog
from components.dialog import helper_dialog
from components.footer import footer
from components.header import header, mobile_menu_dialog
from components.i18n import t
from components.member_nav import member_centre_dialog, member_nav
from components.protection.reality import reality_dialog
from components.side_menu import side_menu
from components.status_pages import blocked_page, maintenance_page
from components.style import page_frame
from components.tab_bar import tab_bar
from state.accounts.auth import SOON_DIALOG
from state.site import SiteState


# The parts of the frame every page shares are compiled once, into one module the pages
# import, not into each page: a page's own code then holds its content and the dialogs. Only
# parts whose hooks may run whenever they are on the page: a memo's body is one component,
# so an `on_mount` or a key listener under a `rx.cond` inside it would run with the memo, not
# with its branch (the dialogs lock the page's scroll on mount; the side menu listens for
# Escape only while something floats). tests/platform/test_frame.py checks every memo.
@rx.memo
def site_header() -> rx.Component:
    return header()


@rx.memo
def site_footer() -> rx.Component:
    return footer()


@rx.memo
def site_tab_bar() -> rx.Component:
    return tab_bar()


def shell(*content: rx.Component) -> rx.Component:
    return rx.el.div(
        site_header(),
        rx.el.main(
            signed_out_banner(),
            *content,
            id="main",
            tab_index=-1,
            # sm:pr-16 keeps amounts and buttons clear of the floating side menu.
            class_name="w-full flex-1 mx-auto max-w-7xl px-3 sm:px-4 sm:pr-16 py-6 outline-none",
        ),
        site_footer(),
        side_menu(),
        site_tab_bar(),
        mobile_menu_dialog(),
        member_centre_dialog(),
        helper_dialog(SOON_DIALOG, rx.el.p(t("feature.soon"))),
        # Before the dialogs a card opens (login, register first, maintenance, wallet offer):
        # they show over the search they came from.
        game_search_dialog(),
        auth_dialogs(),
        game_dialogs(),
        announcement_dialog(),
        reality_dialog(),
        first_steps_dialog(),
        client_alerts(),
        **page_frame("min-h-screen flex flex-col"),
    )


def layout(*content: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.match(
            SiteState.status,
            (1, maintenance_page()),
            (2, blocked_page()),
            shell(*content),
        ),
        lang=SiteState.locale_tag,
        data_merchant=SiteState.merchant,
        data_gtag=SiteState.gtag_id,
        class_name=(
            "min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100 "
            "antialiased overflow-x-clip"
        ),
    )


def member_page(title_key: str, *content: rx.Component) -> rx.Component:
    """A member centre page: its navigation, its title, then the page's own content."""
    return layout(
        member_nav(),
        rx.el.h1(t(title_key), class_name="text-2xl font-bold mb-4"),
        *content,
    )
