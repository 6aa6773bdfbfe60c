"""What the browser itself can go wrong with, said in the visitor's language (spec 8 and 9):
the connection to the server lost, a page that takes too long (120 s), a section of the app
that fails to load (a chunk-load error, with a retry) and a blocked popup.

The connection banner follows Reflex's own connection state; the others are in the page's
first HTML, hidden, and `assets/client-alerts.js` shows them (it runs even when the app's
scripts never arrive, which is when the page-timeout message matters)."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.core.banner import has_connection_errors

from components.i18n import t
from components.style import FOCUS

BOX = (
    "pointer-events-auto flex items-center gap-3 rounded-xl px-4 py-3 shadow-xl text-sm "
    "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
)
RETRY = (
    "shrink-0 rounded-lg px-3 py-1 font-semibold bg-amber-400 text-slate-900 "
    f"hover:bg-amber-300 {FOCUS}"
)
# The alerts the script shows: its name (data-client-alert), the message key, a retry button.
SCRIPTED = (
    ("timeout", "page-timeout", True),
    ("chunk", "chunk-load-error", True),
    ("popup", "popup-blocked", False),
)


def _retry() -> rx.Component:
    # The script reloads on its click: it works when the app itself never loaded.
    return rx.el.button(
        t("client.retry"),
        type="button",
        class_name=RETRY,
        custom_attrs={"data-client-retry": "1"},
    )


def _scripted(name: str, key: str, retry: bool) -> rx.Component:
    return rx.el.div(
        rx.icon("triangle-alert", size=18, aria_hidden="true", class_name="shrink-0"),
        rx.el.p(t(key), class_name="flex-1"),
        *([_retry()] if retry else []),
        role="alert",
        hidden=True,
        class_name=BOX,
        custom_attrs={"data-client-alert": name},
        data_testid=f"client-alert-{name}",
    )


def client_alerts() -> rx.Component:
    return rx.el.div(
        rx.cond(
            has_connection_errors,
            rx.el.div(
                rx.icon("wifi-off", size=18, aria_hidden="true", class_name="shrink-0"),
                rx.el.p(t("network-abnormal"), class_name="flex-1"),
                _retry(),
                role="alert",
                class_name=BOX,
                data_testid="client-alert-network",
            ),
        ),
        *[_scripted(name, key, retry) for name, key, retry in SCRIPTED],
        class_name=(
            "pointer-events-none fixed inset-x-0 bottom-16 z-[60] mx-auto flex w-full max-w-md "
            "flex-col gap-2 px-3"
        ),
    )
