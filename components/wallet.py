"""The balance in the header: currency, amount (or mask) and the show/hide toggle."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.style import FOCUS
from state.wallet import WalletState


def balance_badge() -> rx.Component:
    return rx.el.div(
        rx.el.span(t("auth.balance"), class_name="sr-only"),
        rx.el.span(WalletState.currency_symbol, class_name="text-xs text-slate-500"),
        rx.el.span(
            WalletState.shown,
            class_name="font-mono tabular-nums text-sm font-semibold min-w-14 text-right",
            data_testid="header-balance",
        ),
        rx.el.button(
            rx.cond(
                WalletState.hidden,
                rx.icon("eye-off", size=16, aria_hidden="true"),
                rx.icon("eye", size=16, aria_hidden="true"),
            ),
            on_click=WalletState.toggle_hidden,
            aria_label=rx.cond(WalletState.hidden, t("auth.show_balance"), t("auth.hide_balance")),
            aria_pressed=WalletState.hidden,
            class_name=f"p-1 rounded {FOCUS}",
            data_testid="balance-toggle",
        ),
        class_name=("flex items-center gap-1 h-9 px-2 rounded-lg bg-slate-100 dark:bg-slate-800"),
        data_testid="balance-badge",
    )
