"""The balance in the header: currency, amount (or mask) and the show/hide toggle."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.revealed import held_figure
from components.style import FOCUS, INFO_TAG
from state.accounts.auth import AuthState
from state.cashier.wallet import WalletState


def balance_badge() -> rx.Component:
    return rx.el.div(
        rx.el.span(
            rx.cond(AuthState.is_trial, t("auth.trial_balance"), t("auth.balance")),
            class_name="sr-only",
        ),
        # A trial account's balance says whose it is at every width: the header's "Trial
        # account" badge shows from xl up only, and a trial plays demos, never for money.
        rx.cond(
            AuthState.is_trial,
            rx.el.span(
                t("auth.trial_tag"),
                aria_hidden="true",
                class_name=(
                    "xl:hidden self-center px-1.5 rounded-full text-[10px] leading-4 font-bold "
                    f"uppercase whitespace-nowrap {INFO_TAG}"
                ),
                data_testid="balance-trial-tag",
            ),
        ),
        # On a phone the currency sits above the amount: R$ 12.345,67 in one line would leave
        # the row no room.
        rx.el.span(
            rx.el.span(
                WalletState.currency_symbol,
                class_name="text-xs text-slate-600 dark:text-slate-400",
                data_testid="header-currency",
            ),
            held_figure(
                WalletState.held,
                WalletState.shown,
                WalletState.held_count,
                "justify-items-end font-mono tabular-nums text-sm font-semibold min-w-14",
                data_testid="header-balance",
            ),
            class_name=(
                "flex flex-col items-start leading-none sm:flex-row sm:items-baseline sm:gap-1 "
                "sm:leading-normal"
            ),
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
            # A small eye in a tight header, with a finger-sized touch area around it.
            class_name=f"relative p-1 rounded after:absolute after:-inset-2 {FOCUS}",
            data_testid="balance-toggle",
        ),
        rx.cond(
            WalletState.bonus_shown != "",
            page_link(
                rx.icon("gift", size=14, aria_hidden="true"),
                rx.el.span(
                    WalletState.bonus_shown,
                    class_name="font-mono tabular-nums",
                    data_testid="header-bonus",
                ),
                rx.el.span(
                    rx.el.span(
                        class_name="block h-full bg-emerald-500",
                        style={"width": WalletState.bonus_percent.to(str) + "%"},
                    ),
                    class_name="block w-10 h-1.5 rounded-full bg-slate-300 "
                    "dark:bg-slate-700 overflow-hidden",
                    role="progressbar",
                    aria_valuenow=WalletState.bonus_percent,
                    aria_valuemin=0,
                    aria_valuemax=100,
                    aria_label=t("bonus.title"),
                ),
                href=routes.BONUS_DETAILS,
                # Wide screens only: a phone's or a tablet's row is full, and a bonus arriving
                # would shift the balance toggle under the finger and squeeze the logo (the
                # member centre links the bonus).
                class_name=(
                    "hidden lg:flex items-center gap-1 ml-1 pl-2 border-l border-slate-300 "
                    f"dark:border-slate-600 text-xs text-emerald-700 dark:text-emerald-300 {FOCUS}"
                ),
                data_testid="header-bonus-link",
                data_percent=WalletState.bonus_percent,
            ),
        ),
        # Its right end joins the Deposit button that follows it (header.py's member_area):
        # square and with its eye close to that button; rounded and padded when alone (a trial
        # account, which has no deposit).
        class_name=(
            "flex items-center gap-1 h-9 pl-2 pr-0.5 last:pr-2 rounded-l-lg last:rounded-r-lg "
            "bg-slate-100 dark:bg-slate-800"
        ),
        data_testid="balance-badge",
    )


def game_exit_notice() -> rx.Component:
    """At the top of the home page the player came back to from a transfer vendor's game: the
    money its wallet held is back in the main wallet (the brand's switch), with the wallets'
    page a tap away."""
    return rx.cond(
        WalletState.exit_notice != "",
        rx.el.section(
            rx.icon("wallet", size=20, aria_hidden="true", class_name="shrink-0"),
            rx.el.p(
                WalletState.exit_notice,
                " ",
                page_link(
                    t("transfer.see_wallets"),
                    href=routes.TRANSFER_FUND,
                    class_name="underline underline-offset-2 whitespace-nowrap",
                ),
                class_name="text-sm",
            ),
            role="status",
            class_name=(
                "flex gap-3 items-start rounded-2xl p-4 mt-4 bg-emerald-50 text-emerald-950 "
                "dark:bg-emerald-950 dark:text-emerald-50"
            ),
            data_testid="game-exit-notice",
        ),
    )
