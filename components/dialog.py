"""The reusable dialog of spec 4: a name, an optional title, close-button, scroll-lock and
background flags; a click outside does not close it. The helper variant closes after a
timeout and on a click on its cover.

Scroll locking follows the dialog's life in the page (mount locks, unmount unlocks and
restores the scroll position), so every way of closing it restores the page the same way.
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from reflex.event import EventSpec

from components.i18n import t
from state.dialog import DialogState

_LOCK = "window.appScrollLock && window.appScrollLock.lock()"
_UNLOCK = "window.appScrollLock && window.appScrollLock.unlock()"


def open_dialog(name: str) -> EventSpec:
    return DialogState.open(name)


def close_dialog(name: str) -> EventSpec:
    return DialogState.close(name)


def open_helper(name: str, timeout_ms: int = 2500) -> EventSpec:
    """Open a helper dialog that closes by itself after `timeout_ms`."""
    return DialogState.open_for(name, timeout_ms)


def _close_button(name: str) -> rx.Component:
    return rx.el.button(
        rx.icon("x", size=20),
        on_click=close_dialog(name),
        aria_label=t("dialog.close"),
        auto_focus=True,
        class_name=(
            "absolute top-3 right-3 p-2 rounded-full hover:bg-slate-200 dark:hover:bg-slate-700 "
            "focus-visible:outline-2 focus-visible:outline-amber-400"
        ),
        data_testid=f"dialog-{name}-close",
    )


def dialog(
    name: str,
    *children: rx.Component,
    title: rx.Var | str | None = None,
    show_close: bool | rx.Var[bool] = True,
    scroll_lock: bool = True,
    background: bool = True,
    on_escape: Callable[[rx.Var[str]], EventSpec] | None = None,
) -> rx.Component:
    """A modal dialog shown while `name` is open. Escape closes it when it has a close button;
    `show_close` may be a state var (a forced step hides it). A dialog that closes its own way
    (a popup marked read) hands the key to `on_escape` instead."""
    title_id = f"dialog-{name}-title"
    header: list[rx.Component] = []
    if title is not None:
        header.append(rx.el.h2(title, id=title_id, class_name="text-lg font-semibold pr-8"))
    if isinstance(show_close, rx.Var):
        header.append(rx.cond(show_close, _close_button(name)))
    elif show_close:
        header.append(_close_button(name))
    lifecycle = (
        {"on_mount": rx.call_script(_LOCK), "on_unmount": rx.call_script(_UNLOCK)}
        if scroll_lock
        else {}
    )
    cover = "bg-black/60 backdrop-blur-sm" if background else "bg-transparent"
    listener = rx.window_event_listener(
        on_key_down=on_escape or (lambda key: DialogState.close_on_escape(name, key))
    )
    if on_escape is not None:
        escape_listener = [listener]
    elif isinstance(show_close, rx.Var):
        escape_listener = [rx.cond(show_close, listener)]
    else:
        escape_listener = [listener] if show_close else []
    return rx.cond(
        DialogState.open_names.contains(name),
        rx.el.div(
            rx.el.div(
                *header,
                rx.el.div(*children, class_name="mt-2"),
                role="dialog",
                aria_modal="true",
                aria_labelledby=title_id if title is not None else None,
                class_name=(
                    "relative w-full max-w-md max-h-[90vh] overflow-y-auto rounded-2xl p-6 "
                    "shadow-2xl bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100"
                ),
                data_testid=f"dialog-{name}",
            ),
            *escape_listener,
            class_name=f"fixed inset-0 z-50 flex items-center justify-center p-4 {cover}",
            data_testid=f"dialog-{name}-cover",
            **lifecycle,
        ),
    )


def helper_dialog(name: str, *children: rx.Component, close_on_cover: bool = True) -> rx.Component:
    """A small notice; a click on its cover closes it when `close_on_cover` is set."""
    return rx.cond(
        DialogState.open_names.contains(name),
        rx.el.div(
            rx.el.div(
                *children,
                role="alertdialog",
                aria_live="assertive",
                on_click=rx.stop_propagation,
                class_name=(
                    "max-w-sm rounded-xl px-5 py-4 shadow-xl text-center "
                    "bg-slate-900/95 text-white dark:bg-white/95 dark:text-slate-900"
                ),
                data_testid=f"dialog-{name}",
            ),
            on_click=close_dialog(name) if close_on_cover else None,
            class_name="fixed inset-0 z-50 flex items-center justify-center p-4 bg-black/30",
            data_testid=f"dialog-{name}-cover",
        ),
    )
