"""Form pieces shared by every popup: labelled inputs with their error, buttons, notices."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import reflex as rx

from app.services.records import RANGES
from components.i18n import local_time, t
from components.link import page_link
from components.style import FOCUS
from state.guard import field_id
from state.site import SiteState

INPUT = (
    "h-11 w-full rounded-lg px-3 text-base bg-white text-slate-900 border border-slate-300 "
    "dark:bg-slate-800 dark:text-slate-100 dark:border-slate-700 placeholder:text-slate-400 "
    f"{FOCUS}"
)
PRIMARY = (
    "h-11 w-full rounded-lg font-semibold bg-amber-400 text-slate-900 hover:bg-amber-300 "
    f"disabled:opacity-60 {FOCUS}"
)
SECONDARY = (
    "h-11 w-full rounded-lg font-semibold border border-slate-300 dark:border-slate-600 "
    "hover:bg-slate-100 dark:hover:bg-slate-800 disabled:opacity-40 disabled:cursor-not-allowed "
    f"disabled:hover:bg-transparent {FOCUS}"
)
# An image drop zone (rx.upload.root): click or drop; keyboard reachable (react-dropzone).
_DROP_ZONE = (
    "block rounded-lg p-3 cursor-pointer border border-dashed border-slate-400 "
    f"dark:border-slate-600 hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS}"
)
LINK = f"text-sm font-medium text-amber-700 dark:text-amber-300 hover:underline rounded {FOCUS}"
# A link standing alone in a row (a record's verify, a page's way back): tall enough to tap.
TAP_LINK = f"{LINK} inline-flex items-center min-h-9 px-1"


DATE_TYPES = ("date", "datetime-local")
# The browser's own field, invisible over the calendar icon: a click opens its picker
# (assets/date-field.js); it carries the ISO value the form sends.
_PICKER = "absolute inset-y-0 right-0 w-11 opacity-0 cursor-pointer"
_PICKER_ICON = (
    "absolute right-3 top-1/2 -translate-y-1/2 pointer-events-none "
    "text-slate-500 dark:text-slate-400"
)


def field(
    name: str | rx.Var,
    label: rx.Var | str,
    *,
    kind: str | rx.Var = "text",
    error: rx.Var | str = "",
    autocomplete: str = "off",
    required: bool = False,
    hint: rx.Var | str = "",
    **props: object,
) -> rx.Component:
    """A labelled input; its rule (`hint`) shows before typing, its error under it, both
    announced to screen readers. A date `kind` is a `date_input` (the reader's format)."""
    input_id = field_id(name)
    has_hint = isinstance(hint, rx.Var) or bool(hint)
    described = f"{input_id}-hint {input_id}-error" if has_hint else f"{input_id}-error"
    typed: dict[str, Any] = {
        "id": input_id,
        "auto_complete": autocomplete,
        "required": required,
        "aria_invalid": rx.cond(error != "", "true", "false"),
        "aria_describedby": described,
    }
    plain = rx.el.input(name=name, type=kind, class_name=INPUT, **typed, **props)
    if isinstance(kind, rx.Var):  # a brand's field: its type is known in the browser only
        control = rx.cond(kind == "date", date_input(name, **typed), plain)
    elif kind in DATE_TYPES:
        control = date_input(name, kind=kind, **typed, **props)
    else:
        control = plain
    return rx.el.div(
        rx.el.label(label, html_for=input_id, class_name="block text-sm font-medium mb-1"),
        control,
        *(
            [
                rx.el.p(
                    hint,
                    id=f"{input_id}-hint",
                    class_name="mt-1 text-xs text-slate-500 dark:text-slate-400",
                    data_testid=f"{input_id}-hint",
                )
            ]
            if has_hint
            else []
        ),
        rx.el.p(
            error,
            id=f"{input_id}-error",
            role="alert",
            class_name="min-h-5 text-sm text-red-600 dark:text-red-400",
        ),
    )


def date_input(
    name: str | rx.Var,
    *,
    kind: str = "date",
    class_name: str = INPUT,
    testid: str = "",
    default_value: rx.Var | str | None = None,
    **typed: Any,
) -> rx.Component:
    """A date (or date and time) typed in the reader's format: dd/mm/aaaa in Portuguese,
    mm/dd/yyyy in English (the placeholder says which), digits only, with a calendar.

    A browser shows its own `<input type=date>` in its own locale whatever the page's
    language; here the visible field is text, and assets/date-field.js keeps it and the
    named date field beside it (what the form sends, ISO) in step both ways. `typed` goes to
    the text field (id, required, aria attributes); `testid` names the date field, and the
    text field `<testid>-typed`."""
    time = kind == "datetime-local"
    picker: dict[str, Any] = {} if default_value is None else {"default_value": default_value}
    return rx.el.div(
        rx.el.input(
            type="text",
            input_mode="numeric",
            placeholder=t("date.time_pattern" if time else "date.pattern"),
            max_length=16 if time else 10,
            class_name=f"{class_name} pr-11",
            data_date_text="",
            data_testid=f"{testid}-typed" if testid else None,
            **typed,
        ),
        rx.el.input(
            type=kind,
            name=name,
            tab_index=-1,
            aria_hidden="true",
            class_name=_PICKER,
            data_testid=testid or None,
            **picker,
        ),
        rx.icon("calendar", size=18, aria_hidden="true", class_name=_PICKER_ICON),
        data_date_field="",
        data_invalid=t("date.invalid"),
        class_name="relative",
    )


def typed_value(element_id: str) -> rx.Var[str]:
    """What the field `element_id` holds at the moment of the click, for an upload event: the
    upload goes by HTTP and can overtake the field's own change event on the websocket."""
    return rx.Var(f"(document.getElementById({json.dumps(element_id)})?.value ?? '')").to(str)


def image_drop(upload_id: str, label: rx.Var | str, max_files: int, testid: str) -> rx.Component:
    """A png or jpg drop zone with the names of the files chosen so far under it."""
    zone = rx.upload.root(
        rx.el.p(
            rx.icon("upload", size=16, aria_hidden="true"),
            label,
            class_name="flex items-center gap-2 text-xs",
        ),
        id=upload_id,
        accept={"image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"]},
        max_files=max_files,
        multiple=max_files > 1,
        class_name=_DROP_ZONE,
        data_testid=testid,
    )
    # react-dropzone's file input (the zone's first child) takes none of our props: a screen
    # reader would meet it nameless, so it gets the zone's label.
    zone.children[0].children[0].custom_attrs["aria-label"] = label
    return rx.fragment(
        zone,
        rx.el.ul(
            rx.foreach(
                rx.selected_files(upload_id),
                lambda name: rx.el.li(
                    name, class_name="text-xs text-slate-500 dark:text-slate-400 break-all"
                ),
            ),
        ),
    )


def checkbox(
    name: str, label: rx.Var | str, error: rx.Var | str = "", after: rx.Component | None = None
) -> rx.Component:
    """A labelled checkbox; `after`: what goes under its label (links to what it accepts)."""
    return rx.el.div(
        rx.el.label(
            rx.el.input(type="checkbox", name=name, class_name="size-4 accent-amber-500"),
            label,
            class_name="flex items-center gap-2 text-sm",
        ),
        after if after is not None else rx.fragment(),
        rx.el.p(error, role="alert", class_name="min-h-5 text-sm text-red-600 dark:text-red-400"),
    )


def form_error(message: rx.Var | str, test_id: str = "form-error") -> rx.Component:
    return rx.el.p(
        message,
        role="alert",
        class_name="min-h-5 text-sm font-medium text-red-600 dark:text-red-400",
        data_testid=test_id,
    )


def refusal_remedy(error: rx.Var[str], link: rx.Var[str]) -> rx.Component:
    """Under a refusal, the page that lifts it (a state's `error_link`, set from the refusal's
    code by state/gates.py's `remedy`): a pending player is led to the identity check."""
    return rx.cond(
        (error != "") & (link != ""),
        page_link(
            SiteState.texts.get("remedy." + link, ""),
            href=link,
            class_name=LINK,
            data_testid="refusal-remedy",
        ),
    )


def notice(message: rx.Var | str) -> rx.Component:
    return rx.el.p(
        message,
        role="status",
        class_name="min-h-5 text-sm font-medium text-emerald-700 dark:text-emerald-400",
        data_testid="form-notice",
    )


# A label that breaks in two on a phone grows its tab rather than spilling out of it.
_TAB = "flex-1 min-h-9 px-1 py-1 leading-tight rounded-md text-sm"
_TAB_ON = f"{_TAB} font-semibold bg-white dark:bg-slate-700 shadow {FOCUS}"
_TAB_OFF = f"{_TAB} text-slate-600 dark:text-slate-300 {FOCUS}"


def tabs(options: list[tuple[str, rx.Var | str]], current: rx.Var, on_pick: object) -> rx.Component:
    """A two- or three-way switch; the chosen one is marked for assistive technology."""
    return rx.el.div(
        *[
            rx.el.button(
                label,
                type="button",
                role="tab",
                aria_selected=current == value,
                on_click=on_pick(value),  # type: ignore[operator]
                class_name=rx.cond(current == value, _TAB_ON, _TAB_OFF),
                data_testid=f"tab-{value}",
            )
            for value, label in options
        ],
        role="tablist",
        class_name="flex gap-1 rounded-lg bg-slate-100 dark:bg-slate-800 p-1 mb-4",
    )


def page_nav(
    page: rx.Var,
    pages: rx.Var,
    go: Callable[[Any], Any],
    *,
    keys: str,
    testids: tuple[str, str, str],
    **attributes: Any,
) -> rx.Component:
    """Previous / "page x of y" / next: `keys` names the catalog's .prev, .page and .next
    texts, `testids` the three parts."""
    prev_id, status_id, next_id = testids
    button = f"{SECONDARY} !w-auto px-4"
    return rx.el.nav(
        rx.el.button(
            t(f"{keys}.prev"),
            on_click=go(page - 1),
            disabled=page <= 1,
            type="button",
            class_name=button,
            data_testid=prev_id,
        ),
        rx.el.span(
            t(f"{keys}.page")
            .replace("{page}", page.to_string())
            .replace("{pages}", pages.to_string()),
            class_name="text-sm",
            data_testid=status_id,
        ),
        rx.el.button(
            t(f"{keys}.next"),
            on_click=go(page + 1),
            disabled=page >= pages,
            type="button",
            class_name=button,
            data_testid=next_id,
        ),
        **attributes,
    )


def pager(state: Any) -> rx.Component:
    """The page switch under a paged record list; `state` has page, pages and go."""
    return page_nav(
        state.page,
        state.pages,
        state.go,
        keys="record",
        testids=("pager-prev", "pager-status", "pager-next"),
        class_name="flex items-center justify-between mt-4",
    )


def range_tabs(current: rx.Var, on_pick: object) -> rx.Component:
    """The record pages' period switch (today, 7 days, ...)."""
    return tabs([(r, t(f"record.range.{r}")) for r in RANGES], current, on_pick)


def filter_bar(
    label_key: str, select: rx.Component, current_range: rx.Var, on_range: object
) -> rx.Component:
    """A record page's filters: one labelled choice, then the period switch."""
    return rx.el.div(
        rx.el.label(rx.el.span(t(label_key), class_name="text-sm font-medium mr-2"), select),
        # A row of its own on a phone: squeezed beside the choice, its labels broke in two.
        rx.el.div(range_tabs(current_range, on_range), class_name="w-full sm:w-auto"),
        class_name="flex flex-wrap items-center gap-4 mb-2",
    )


def item_list(
    items: rx.Var, row: Callable[[rx.Var], rx.Component], testid: str, empty_key: str
) -> rx.Component:
    """A page's list (`<testid>-list`), or its empty line (`<testid>-empty`)."""
    return rx.cond(
        items.length() > 0,
        rx.el.ul(rx.foreach(items, row), data_testid=f"{testid}-list"),
        rx.el.p(
            t(empty_key),
            class_name="py-8 text-center text-slate-500 dark:text-slate-400",
            data_testid=f"{testid}-empty",
        ),
    )


def movement_heading(item: rx.Var, detail: rx.Var | None = None) -> rx.Component:
    """What a money movement was: its kind, time and reference (records, bonus details);
    `detail`, a line under the reference when not empty (a game's round under its name)."""
    return rx.el.div(
        rx.el.p(
            SiteState.texts.get("txkind." + item["kind"].to(str), item["kind"]),
            class_name="font-medium",
        ),
        rx.el.p(local_time(item["time"]), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.p(
            item["reference"],
            class_name="text-xs text-slate-500 dark:text-slate-400 truncate max-w-48",
            title=item["reference"]
            if detail is None
            else rx.cond(detail != "", detail, item["reference"]),
        ),
        *(
            ()
            if detail is None
            else (
                rx.cond(
                    detail != "",
                    rx.el.p(
                        detail,
                        class_name="text-[11px] font-mono text-slate-400 dark:text-slate-500 "
                        "truncate max-w-48",
                        data_testid="record-round",
                    ),
                ),
            )
        ),
    )
