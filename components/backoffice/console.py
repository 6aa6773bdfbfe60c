"""The back office's frame and pieces: the side navigation (by permission: showing a link is
comfort, the server checks every call), tables, cards, forms and messages."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import reflex as rx

from app import routes
from app.core.manifests import declared
from components.i18n import line_with, local_time, t
from components.style import FOCUS, page_frame
from state.backoffice.console import ConsoleState, CurrencyConsolePage, MenuItem
from state.site import SiteState

INPUT = (
    "h-10 rounded-md px-3 text-sm bg-white text-slate-900 border border-slate-300 "
    "dark:bg-slate-800 dark:text-slate-100 dark:border-slate-600 placeholder:text-slate-400 "
    f"{FOCUS}"
)
# Buttons keep their label on one line: the words of a fixed-height button that wrap spill
# over its border (row actions squeezed into a table's last column).
BUTTON = (
    "h-10 px-4 rounded-md text-sm font-semibold whitespace-nowrap bg-indigo-600 text-white "
    f"hover:bg-indigo-500 disabled:opacity-60 {FOCUS}"
)
QUIET = (
    "h-9 px-3 rounded-md text-sm font-medium whitespace-nowrap border border-slate-300 "
    f"dark:border-slate-600 hover:bg-slate-100 dark:hover:bg-slate-700 {FOCUS}"
)
DANGER = (
    "h-9 px-3 rounded-md text-sm font-semibold whitespace-nowrap bg-red-600 text-white "
    f"hover:bg-red-500 {FOCUS}"
)
# min-w-0: a card in a grid keeps to its column (a wide table scrolls inside it) instead of
# widening the page past a phone's screen.
CARD = (
    "rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 "
    "p-4 shadow-sm min-w-0"
)


def choice_button(
    label: rx.Var | str, chosen: rx.Var, on_click: Any, testid: str | None = None
) -> rx.Component:
    """One of a row of choices (a period, a breakdown): the chosen one filled and pressed."""
    return rx.el.button(
        label,
        on_click=on_click,
        aria_pressed=chosen,
        data_testid=testid,
        class_name=rx.cond(chosen, BUTTON + " h-9", QUIET),
    )


@cache
def console_menu() -> tuple[MenuItem, ...]:
    """The menu's entries: what each console state module declares in its `CONSOLE_MENU`, by
    place (read when the first page is built, once every state module is importable)."""
    import state

    return tuple(sorted(declared(state, "CONSOLE_MENU"), key=lambda item: item.place))


# Recharts' `data` prop is typed as a list of dicts; the dataclass bars serialise to the same
# objects, so the typed state var is only retyped here.
ChartData = list[dict[str, Any]]


NAV_STRIP = "console-nav-strip"
# On a phone the menu is a strip that scrolls sideways: the page's own link is scrolled to the
# strip's middle whenever the strip or one of its links changes size (a desktop's column narrows
# to a phone's strip; the web font arrives), its links come (with the staff's permissions, after
# the page mounts) or another link is marked open; at once for reduced motion. Only the strip
# scrolls (a page never jumps); in a desktop's column, which does not scroll, nothing moves.
_SHOW_CURRENT = rx.call_script(
    f"(() => {{const strip = document.getElementById('{NAV_STRIP}');"
    "if (!strip) return;"
    "const show = () => {const link = strip.querySelector('[aria-current=page]');"
    "if (link) strip.scrollTo({left: link.offsetLeft - (strip.clientWidth - link.offsetWidth) / 2,"
    "behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'});};"
    "const sizes = new ResizeObserver(show);"
    "const watch = () => {sizes.observe(strip);"
    "strip.querySelectorAll('a').forEach(link => sizes.observe(link)); show();};"
    "new MutationObserver(watch).observe(strip, {subtree: true, childList: true,"
    " attributeFilter: ['aria-current']});"
    "watch();"
    "})()"
)


def _nav_link(item: MenuItem) -> rx.Component:
    path, label, permission = item.path, item.label, item.permission
    shown = rx.State.router.page.raw_path.split("?")[0].to(str)
    return rx.cond(
        ConsoleState.permissions.contains(permission),
        rx.el.a(
            t(label),
            href=path,
            aria_current=rx.cond((shown == path) | (shown == path + "/"), "page", "false"),
            data_testid=f"nav-{path.strip('/').replace('/', '-')}",
            class_name=(
                "block shrink-0 rounded-md px-3 py-2 text-sm font-medium text-slate-700 "
                "dark:text-slate-200 hover:bg-slate-200 dark:hover:bg-slate-800 "
                "aria-[current=page]:bg-slate-200 dark:aria-[current=page]:bg-slate-800 "
                f"aria-[current=page]:font-semibold {FOCUS}"
            ),
        ),
    )


def _language_switch() -> rx.Component:
    return rx.el.div(
        rx.el.button(
            "EN", on_click=SiteState.set_language("EN"), class_name=QUIET, aria_label="English"
        ),
        rx.el.button(
            "PT", on_click=SiteState.set_language("PT"), class_name=QUIET, aria_label="Português"
        ),
        rx.el.button(
            rx.color_mode_cond(light="☾", dark="☀"),
            on_click=rx.toggle_color_mode,
            class_name=QUIET,
            aria_label="dark / light",
        ),
        class_name="flex gap-1",
    )


@rx.memo
def console_nav() -> rx.Component:
    """The navigation, on the side; on a phone, a strip that scrolls sideways above the page
    (a column of twenty links would fill the first screen of every page). Compiled once, not
    into every console page."""
    return rx.el.nav(
        rx.el.div(t("bo-title"), class_name="text-lg font-bold px-3 py-2"),
        rx.el.div(
            *(_nav_link(item) for item in console_menu()),
            id=NAV_STRIP,
            on_mount=_SHOW_CURRENT,
            class_name=(
                "relative flex md:flex-col gap-1 overflow-x-auto md:overflow-visible "
                "whitespace-nowrap md:whitespace-normal pb-1 md:pb-0"
            ),
        ),
        rx.el.div(
            rx.el.p(ConsoleState.staff_name, data_testid="console-staff", class_name="font-medium"),
            rx.el.p(
                ConsoleState.staff_role, class_name="text-xs text-slate-600 dark:text-slate-400"
            ),
            rx.el.a(
                t("bo-account"),
                href=routes.ADMIN_ACCOUNT,
                data_testid="nav-admin-account",
                class_name=f"block md:mt-2 underline {FOCUS}",
            ),
            rx.el.button(
                t("bo-logout"),
                on_click=ConsoleState.logout,
                data_testid="console-logout",
                class_name=QUIET + " md:mt-2",
            ),
            class_name=(
                "flex flex-wrap items-center gap-x-4 gap-y-1 md:block px-3 py-2 md:py-3 "
                "mt-2 md:mt-4 border-t border-slate-200 dark:border-slate-700 text-sm"
            ),
        ),
        aria_label=t("bo-title"),
        class_name=(
            "md:w-56 shrink-0 md:min-h-screen p-2 bg-slate-100 dark:bg-slate-950 "
            "border-b md:border-b-0 md:border-r border-slate-200 dark:border-slate-800"
        ),
    )


def frame(title: str, *children: rx.Component) -> rx.Component:
    """A console page: the navigation, the page's title, its messages and content."""
    return rx.el.div(
        console_nav(),
        rx.el.main(
            rx.el.div(
                rx.el.h1(t(title), class_name="text-2xl font-bold"),
                _language_switch(),
                class_name="flex items-center justify-between gap-4 mb-4",
            ),
            *children,
            class_name="flex-1 min-w-0 p-4 md:p-6 space-y-4",
        ),
        lang=SiteState.locale_tag,
        **page_frame(
            "flex flex-col md:flex-row min-h-screen bg-slate-50 text-slate-900 "
            "dark:bg-slate-900 dark:text-slate-100"
        ),
    )


def result_lines(error: rx.Var | str, notice: rx.Var | str) -> list[rx.Component]:
    return [
        rx.el.p(
            error,
            role="alert",
            data_testid="console-error",
            class_name="text-sm font-medium text-red-600 dark:text-red-400 empty:hidden",
        ),
        rx.el.p(
            notice,
            role="status",
            data_testid="console-notice",
            class_name="text-sm font-medium text-emerald-700 dark:text-emerald-400 empty:hidden",
        ),
    ]


def messages(
    error: rx.Var | str, notice: rx.Var | str, acted: rx.Var | None = None
) -> rx.Component:
    """A page's result lines as a toast at the foot of the screen, in view wherever the page
    is scrolled; with `acted`, only for results that no form shows beside itself."""
    toast = rx.el.div(
        rx.el.div(
            *result_lines(error, notice),
            class_name=(
                "pointer-events-auto rounded-lg border border-slate-200 dark:border-slate-700 "
                "bg-white/95 dark:bg-slate-900/95 shadow-lg px-4 py-2 space-y-1"
            ),
        ),
        aria_live="polite",
        class_name=rx.cond(
            (error != "") | (notice != ""),
            "fixed bottom-4 inset-x-4 md:left-auto md:right-6 md:max-w-md z-50 pointer-events-none",
            "hidden",
        ),
    )
    return toast if acted is None else rx.cond(acted == "", toast)


def feedback(error: rx.Var, notice: rx.Var, acted: rx.Var, at: str) -> rx.Component:
    """The result of the form or button `at` (ConsolePage._act(..., at=...)), beside it."""
    return rx.cond(
        acted == at,
        rx.el.div(*result_lines(error, notice), aria_live="polite", class_name="mt-2 space-y-1"),
    )


def card(title: str, *children: rx.Component, testid: str = "") -> rx.Component:
    return rx.el.section(
        rx.el.h2(t(title), class_name="text-lg font-semibold mb-3"),
        *children,
        data_testid=testid or None,
        class_name=CARD,
    )


# Columns that hold an ISO time: shown in the browser's own time zone and locale.
TIME_COLUMNS = frozenset({"at", "created", "last_login", "period", "finished", "expires"})


# On a phone a row is a card: each value beside its column's name (the header row is kept
# for screen readers only), the row's buttons below; no sideways scroll.
_PHONE_CELL = (
    "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] max-sm:gap-3 max-sm:px-0 "
    "max-sm:py-0.5 max-sm:text-right max-sm:break-words "
    "max-sm:before:content-[attr(data-label)] max-sm:before:text-left "
    "max-sm:before:font-medium max-sm:before:text-slate-600 dark:max-sm:before:text-slate-400"
)


def table(
    columns: list[tuple[str, str]],
    rows: rx.Var,
    actions: Callable[[rx.Var], rx.Component] | None = None,
    testid: str = "",
    written_in: dict[str, str] | None = None,
) -> rx.Component:
    """Rows of dicts; `columns` are (key, the header's catalog key). `written_in` names, for a
    column holding text in the row's own language, the row's field of that language code:
    its cell says so (`lang`), for screen readers' voices and the language checks."""
    languages = written_in or {}
    head = [
        rx.el.th(t(label_key), scope="col", class_name="px-2 py-2 text-left font-semibold")
        for _, label_key in columns
    ]
    if actions is not None:
        head.append(rx.el.th("", class_name="px-2 py-2"))

    def cell(item: rx.Var, key: str, label_key: str) -> rx.Component:
        value = local_time(item[key]) if key in TIME_COLUMNS else item[key]
        return rx.el.td(
            value,
            custom_attrs={"data-label": t(label_key)},
            lang=item[languages[key]].to(str).lower() if key in languages else None,
            class_name=f"px-2 py-1.5 align-top {_PHONE_CELL}",
        )

    def row(item: rx.Var) -> rx.Component:
        cells = [cell(item, key, label_key) for key, label_key in columns]
        if actions is not None:
            cells.append(rx.el.td(actions(item), class_name="px-2 py-1.5 max-sm:block max-sm:px-0"))
        return rx.el.tr(
            *cells,
            class_name="border-t border-slate-200 dark:border-slate-700 max-sm:block max-sm:py-2",
        )

    return rx.el.div(
        rx.el.table(
            rx.el.thead(rx.el.tr(*head), class_name="max-sm:sr-only"),
            rx.el.tbody(rx.foreach(rows, row), class_name="max-sm:block"),
            class_name="w-full text-sm max-sm:block",
            data_testid=testid or None,
        ),
        rx.cond(
            rows.length() == 0,
            rx.el.p(t("bo-nothing"), class_name="text-sm text-slate-600 dark:text-slate-400 py-2"),
        ),
        # A wide table scrolls sideways on a phone: the keyboard reaches it to scroll too.
        tab_index=0,
        class_name=f"overflow-x-auto rounded {FOCUS}",
    )


def allowed(permission: str, component: rx.Component) -> rx.Component:
    """Shown to staff holding the permission: a comfort only, the server checks each call."""
    return rx.cond(ConsoleState.permissions.contains(permission), component)


def text_input(
    name: str, placeholder: rx.Var | str = "", class_name: str = INPUT, **props: object
) -> rx.Component:
    return rx.el.input(
        name=name,
        placeholder=placeholder,
        aria_label=placeholder,
        class_name=class_name,
        **props,
    )


def label(text: rx.Var, *field: rx.Component) -> rx.Component:
    return rx.el.label(
        rx.el.span(
            text, class_name="block text-xs font-medium mb-1 text-slate-600 dark:text-slate-300"
        ),
        *field,
        class_name="block",
    )


def brand_picker(
    brands: rx.Var, brand: rx.Var, on_change: object, testid: str = ""
) -> rx.Component:
    """The brand a console page shows (the staff member's brands only)."""
    return label(
        t("bo-brand"),
        rx.el.select(
            rx.foreach(brands, lambda code: rx.el.option(code, value=code)),
            value=brand,
            on_change=on_change,
            data_testid=testid or None,
            class_name=INPUT,
        ),
    )


def answer_box(
    field: rx.Component,
    on_submit: object,
    on_close: object,
    close_label: str,
    testid: str,
    *,
    inline: bool = False,
) -> rx.Component:
    """Under a ticket or a chat: the answer form (the field given, named "body") and the
    close button; test ids `<testid>-answer` and `<testid>-close`."""
    return rx.el.div(
        rx.el.form(
            field,
            rx.el.button(
                t("bo-answer"), type="submit", data_testid=f"{testid}-answer", class_name=BUTTON
            ),
            on_submit=on_submit,
            reset_on_submit=True,
            class_name="flex gap-2" if inline else "space-y-2",
        ),
        rx.el.button(
            t(close_label), on_click=on_close, data_testid=f"{testid}-close", class_name=QUIET
        ),
        class_name="space-y-2 mt-3",
    )


def image_buttons(count: rx.Var, on_pick: Callable[[rx.Var], object], testid: str) -> rx.Component:
    """One button per attached image ("Image 1", "Image 2", ...)."""
    return rx.el.div(
        rx.foreach(
            rx.Var.range(count.to(int)),
            lambda index: rx.el.button(
                t("bo-image"),
                " ",
                (index + 1).to(str),
                on_click=on_pick(index),
                data_testid=testid,
                class_name=QUIET,
            ),
        ),
        class_name="flex flex-wrap gap-2",
    )


def thumbnails(urls: rx.Var, alt: rx.Var | str, testid: str) -> rx.Component:
    """Images (data URLs) as thumbnails side by side; one focused (clicked or tabbed to)
    grows to fill the screen, to read a document's small print."""
    return rx.el.div(
        rx.foreach(
            urls,
            lambda url: rx.el.img(
                src=url,
                alt=alt,
                tab_index=0,
                data_testid=testid,
                class_name=(
                    "h-28 w-auto max-w-[45%] sm:max-w-[30%] rounded border object-cover "
                    "cursor-zoom-in bg-white focus:fixed focus:inset-4 focus:z-50 focus:h-auto "
                    f"focus:max-w-none focus:w-auto focus:m-auto focus:object-contain {FOCUS}"
                ),
            ),
        ),
        class_name="flex flex-wrap gap-2 mt-2",
    )


def image_shown(url: rx.Var, alt: rx.Var | str, testid: str) -> rx.Component:
    """The image picked (a data URL), once there is one."""
    return rx.cond(
        url != "",
        rx.el.img(
            src=url,
            alt=alt,
            data_testid=testid,
            class_name="max-w-full max-h-[480px] rounded border mt-3",
        ),
    )


def thread_line(
    author: rx.Var | rx.Component, at: rx.Var, body: rx.Var, from_customer: rx.Var, testid: str
) -> rx.Component:
    """One line of a conversation: the customer's on the left, staff's on the right."""
    return rx.el.li(
        rx.el.p(
            author,
            " · ",
            local_time(at),
            class_name="text-xs font-semibold text-slate-600 dark:text-slate-400",
        ),
        rx.el.p(body, class_name="text-sm whitespace-pre-line break-words"),
        data_testid=testid,
        class_name=rx.cond(
            from_customer,
            "rounded-lg p-3 bg-slate-100 dark:bg-slate-800 mr-8",
            "rounded-lg p-3 bg-indigo-50 dark:bg-indigo-950 ml-8",
        ),
    )


def currency_choice(page: type[CurrencyConsolePage]) -> rx.Component:
    """Which currency's brands a page's figures sum, with a choice when the staff member's
    brands hold several (reais and dong are never added up), and of one of their brands or
    every brand of the currency when they have several; each refusal beside its choice."""
    return rx.el.div(
        line_with(
            page.currency,
            "bo.dash.currency",
            "currency",
            data_testid="figures-currency",
            class_name="text-sm text-slate-600 dark:text-slate-400",
        ),
        rx.cond(
            page.currencies.length() > 1,
            rx.el.div(
                rx.foreach(
                    page.currencies,
                    lambda code: choice_button(
                        code, page.currency == code, page.pick_currency(code), "currency-choice"
                    ),
                ),
                role="group",
                aria_label=t("bo.dash.currencies"),
                class_name="flex flex-wrap gap-2",
            ),
        ),
        feedback(page.error, page.notice, page.acted, "currency"),
        rx.cond(
            page.brand_choices.length() > 0,
            rx.el.div(
                choice_button(
                    t("bo.dash.all-brands"), page.brand == "", page.pick_brand(""), "brand-all"
                ),
                rx.foreach(
                    page.brand_choices,
                    lambda choice: choice_button(
                        choice.name,
                        page.brand == choice.code,
                        page.pick_brand(choice.code),
                        "brand-choice",
                    ),
                ),
                role="group",
                aria_label=t("bo.dash.brands"),
                class_name="flex flex-wrap gap-2",
            ),
        ),
        feedback(page.error, page.notice, page.acted, "brand"),
        class_name="flex flex-wrap items-center gap-3",
    )
