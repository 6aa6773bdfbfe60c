"""Customer service, social links, app QR and downloads: on wide screens the right bar (with
back to top), on a phone a part of the menu (nothing floats over a phone's page)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.media import image
from components.style import FOCUS
from state.site import SiteState
from state.ui import SIDE_MENU_CLOSED, UiState

BUTTON = (
    "grid place-items-center size-9 rounded-full bg-white text-slate-700 shadow "
    "hover:bg-amber-50 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 "
    f"{FOCUS}"
)
PANEL = (
    "absolute right-11 bottom-0 w-52 rounded-xl p-3 shadow-xl bg-white text-slate-800 "
    "dark:bg-slate-800 dark:text-slate-100"
)
# A line of a panel or of the phone's help part: a channel, the app.
ROW = (
    "flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm "
    f"hover:bg-slate-100 dark:hover:bg-slate-700 {FOCUS}"
)
CS_ICONS = {"LIVECHAT": "headphones", "TELEGRAM": "send", "WHATSAPP": "phone"}
CS_WINDOW = "width=440,height=750"  # spec 2: customer-service window 440 by 750
# window.open that says when the browser blocked it (assets/client-alerts.js).
_OPEN_WINDOW = rx.vars.FunctionStringVar.create("window.__openWindow")


def _cs_entry(entry: rx.Var, test_id: str) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            rx.match(
                entry.kind,
                *[
                    (kind, rx.icon(icon, size=16, aria_hidden="true"))
                    for kind, icon in CS_ICONS.items()
                ],
                rx.icon("message-circle", size=16, aria_hidden="true"),
            ),
            rx.cond(
                entry.label != "",
                entry.label,
                SiteState.texts.get("side.cs." + entry.kind, t("side.cs.other")) + entry.number,
            ),
            on_click=rx.call_function(_OPEN_WINDOW.call(entry.url, "_blank", CS_WINDOW)),
            class_name=f"w-full {ROW}",
            data_testid=test_id + entry.position,
        )
    )


def social_link(entry: rx.Var) -> rx.Component:
    """A round social icon opening the brand's page, in a new tab or this one as the
    resource says; named by the resource's label."""
    kind = entry.kind
    return rx.el.li(
        rx.el.a(
            image(
                src="/icons/social-" + kind.lower() + ".svg",
                alt="",
                class_name="size-8",
                width=32,
                height=32,
            ),
            href=entry.url,
            target=rx.cond(entry.new_tab, "_blank", "_self"),
            rel="noopener noreferrer",
            aria_label=entry.label,
            title=entry.label,
            class_name=f"grid place-items-center size-9 rounded-full {FOCUS}",
        )
    )


def _panel_button(name: str, icon: str, label_key: str, panel: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.button(
            rx.icon(icon, size=18, aria_hidden="true"),
            on_click=UiState.toggle_panel(name),
            aria_label=t(label_key),
            title=t(label_key),
            aria_expanded=UiState.side_panel == name,
            class_name=BUTTON,
            data_testid=f"{name}-button",
        ),
        rx.cond(UiState.side_panel == name, panel),
        class_name="relative",
    )


def _cs_panel() -> rx.Component:
    return rx.el.div(
        rx.el.p(t("side.customer_service"), class_name="mb-1 text-xs font-semibold"),
        rx.el.ul(rx.foreach(SiteState.customer_services, lambda entry: _cs_entry(entry, "cs-"))),
        class_name=PANEL,
        data_testid="cs-panel",
    )


def _qr_panel() -> rx.Component:
    return rx.el.div(
        image(
            src=routes.download_qr("site"),
            alt=t("side.app_qr"),
            class_name="mx-auto size-40 bg-white rounded",
            width=160,
            height=160,
        ),
        rx.el.p(t("side.app_qr"), class_name="mt-2 text-xs text-center"),
        class_name=PANEL,
        data_testid="app-qr-panel",
    )


def _outside() -> rx.Component:
    """A clear cover under an open panel: a tap outside closes it."""
    return rx.cond(
        UiState.floating_open,
        rx.el.div(
            on_click=UiState.close_floating,
            aria_hidden="true",
            class_name="fixed inset-0 z-20",
            data_testid="floating-outside",
        ),
    )


def side_menu() -> rx.Component:
    visible_class = rx.cond(UiState.side_menu_choice == SIDE_MENU_CLOSED, "hidden", "flex")
    return rx.fragment(
        _outside(),
        # Listening only while something floats: keys typed elsewhere reach no server.
        rx.cond(
            UiState.floating_open,
            rx.window_event_listener(on_key_down=lambda key: UiState.close_on_escape(key)),
        ),
        _rail(visible_class),
    )


def _rail(visible_class: rx.Var) -> rx.Component:
    return rx.el.aside(
        rx.el.button(
            rx.icon("panel-right-close", size=18, aria_hidden="true"),
            on_click=UiState.toggle_side_menu,
            aria_label=t("side.toggle"),
            class_name=BUTTON,
            data_testid="side-toggle",
        ),
        rx.el.div(
            _panel_button("cs", "headphones", "side.customer_service", _cs_panel()),
            rx.el.ul(
                rx.foreach(SiteState.socials, social_link),
                aria_label=t("side.social"),
                class_name="flex flex-col gap-1",
            ),
            _panel_button("app-qr", "qr-code", "side.app_qr", _qr_panel()),
            rx.el.a(
                rx.icon("smartphone", size=18, aria_hidden="true"),
                # No package of the operator's: the lite app's guide on the download page.
                href=rx.cond(
                    SiteState.android_url != "", SiteState.android_url, "/down#android-guide"
                ),
                aria_label=t("side.android"),
                title=t("side.android"),
                class_name=BUTTON,
            ),
            rx.el.a(
                rx.icon("apple", size=18, aria_hidden="true"),
                href=SiteState.ios_url,
                aria_label=t("side.ios"),
                title=t("side.ios"),
                class_name=BUTTON,
            ),
            class_name=visible_class.to(str) + " flex-col items-center gap-1.5",
            data_floating="true",  # focus returns to the toggle when it closes (focus-return.js)
            data_testid="side-menu-items",
        ),
        rx.el.button(
            rx.icon("arrow-up", size=18, aria_hidden="true"),
            on_click=rx.call_script("window.scrollTo({top: 0, behavior: 'smooth'})"),
            aria_label=t("side.back_to_top"),
            title=t("side.back_to_top"),
            class_name=BUTTON,
            data_testid="back-to-top",
        ),
        aria_label=t("side.label"),
        # Wide screens only: main keeps a margin for it (layout.shell); a phone has no room
        # beside the content, and its parts are in the menu (phone_help).
        class_name=(
            "fixed right-2 bottom-4 z-30 hidden sm:flex flex-col items-center gap-1.5 "
            "rounded-full p-1 bg-slate-200/70 dark:bg-slate-900/70 backdrop-blur"
        ),
        data_testid="side-menu",
    )


def phone_help() -> rx.Component:
    """The right bar's parts in the phone's menu: customer service, social links, the app."""
    return rx.el.section(
        rx.el.h3(t("side.customer_service"), class_name="text-sm font-semibold"),
        rx.el.ul(
            rx.foreach(SiteState.customer_services, lambda entry: _cs_entry(entry, "mobile-cs-")),
            class_name="grid gap-1",
        ),
        rx.el.ul(
            rx.foreach(SiteState.socials, social_link),
            aria_label=t("side.social"),
            class_name="flex flex-wrap gap-1",
        ),
        page_link(
            rx.icon("smartphone", size=16, aria_hidden="true"),
            t("footer.download"),
            href="/down",
            class_name=ROW,
            data_testid="mobile-download",
        ),
        aria_label=t("side.label"),
        class_name="flex flex-col gap-2 border-t border-slate-200 dark:border-slate-700 pt-3",
        data_testid="mobile-help",
    )
