"""The wallet page (transferFund): balances of the main and transfer-vendor wallets and the
form that moves money between them."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import INPUT, PRIMARY, SECONDARY, form_error, notice, tabs
from components.i18n import line_with, t
from components.layout import member_page
from components.style import FOCUS
from pages.registry import Page
from state.cashier.transfer import TransferState

CARD = "rounded-2xl p-4 sm:p-5 bg-white dark:bg-slate-900 shadow"


def _wallet(wallet: rx.Var) -> rx.Component:
    code = wallet.vendor
    down = wallet.maintenance
    chosen = TransferState.vendor == code
    return rx.el.li(
        rx.el.button(
            rx.el.span(wallet.name, class_name="font-medium truncate"),
            rx.el.span(
                rx.cond(down, t("transfer.maintenance"), wallet.balance),
                class_name=rx.cond(
                    down,
                    "text-xs text-slate-500 dark:text-slate-400",
                    "font-mono tabular-nums font-semibold",
                ),
                data_testid="wallet-balance-" + code,
            ),
            type="button",
            disabled=down,
            aria_pressed=chosen,
            on_click=TransferState.pick_vendor(code),
            class_name=rx.cond(
                chosen,
                f"w-full flex justify-between items-center gap-2 rounded-xl border-2 "
                f"border-amber-400 px-3 py-2 text-left {FOCUS}",
                f"w-full flex justify-between items-center gap-2 rounded-xl border "
                f"border-slate-200 dark:border-slate-700 px-3 py-2 text-left "
                f"disabled:opacity-50 {FOCUS}",
            ),
        ),
        data_testid="wallet-" + code,
    )


def _summary() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.p(t("transfer.main"), class_name="text-sm text-slate-500 dark:text-slate-400"),
            rx.el.p(
                TransferState.main,
                class_name="text-2xl font-bold tabular-nums",
                data_testid="wallet-main",
            ),
        ),
        rx.el.div(
            rx.el.p(t("transfer.total"), class_name="text-sm text-slate-500 dark:text-slate-400"),
            rx.el.p(
                TransferState.total,
                class_name="text-2xl font-bold tabular-nums",
                data_testid="wallet-total",
            ),
            # The total counts the bonus, which no wallet below lists: said, so that it adds up.
            line_with(
                TransferState.bonus,
                "transfer.total_bonus",
                "amount",
                class_name="text-xs text-slate-500 dark:text-slate-400",
                data_testid="wallet-total-bonus",
            ),
            class_name="text-right",
        ),
        class_name="flex justify-between gap-4 mb-4",
    )


def _form() -> rx.Component:
    return rx.el.form(
        rx.el.h2(t("transfer.from_to"), class_name="font-semibold mb-2"),
        tabs(
            [("IN", t("transfer.direction.IN")), ("OUT", t("transfer.direction.OUT"))],
            TransferState.direction,
            TransferState.set_direction,
        ),
        rx.el.label(
            t("transfer.vendor"), html_for="transfer-vendor", class_name="block text-sm mb-1"
        ),
        rx.el.select(
            rx.foreach(
                TransferState.wallets,
                lambda w: rx.el.option(
                    w.name,
                    value=w.vendor,
                    disabled=w.maintenance,
                ),
            ),
            id="transfer-vendor",
            name="vendor",
            value=TransferState.vendor,
            on_change=TransferState.pick_vendor,
            class_name=f"{INPUT} mb-3",
            data_testid="transfer-vendor",
        ),
        rx.el.label(
            t("transfer.amount"), html_for="transfer-amount", class_name="block text-sm mb-1"
        ),
        rx.el.div(
            rx.el.input(
                id="transfer-amount",
                name="amount",
                input_mode="decimal",
                auto_complete="off",
                value=TransferState.amount,
                on_change=TransferState.set_amount,
                class_name=INPUT,
                data_testid="transfer-amount",
            ),
            rx.el.button(
                t("transfer.max"),
                type="button",
                on_click=TransferState.fill_max,
                class_name=f"{SECONDARY} !w-auto px-4",
                data_testid="transfer-max",
            ),
            class_name="flex gap-2",
        ),
        form_error(TransferState.error),
        notice(TransferState.notice),
        rx.el.button(
            t("transfer.submit"), type="submit", class_name=PRIMARY, data_testid="transfer-submit"
        ),
        on_submit=TransferState.submit,
        class_name="space-y-1",
    )


def transfer_page() -> rx.Component:
    return member_page(
        "transfer.title",
        rx.el.div(
            rx.el.section(
                _summary(),
                rx.el.ul(
                    rx.foreach(TransferState.wallets, _wallet),
                    class_name="grid grid-cols-1 sm:grid-cols-2 gap-2",
                    data_testid="wallet-list",
                ),
                rx.el.button(
                    rx.icon("undo-2", size=16, aria_hidden="true"),
                    t("transfer.recall_all"),
                    type="button",
                    on_click=TransferState.recall_all,
                    disabled=~TransferState.recallable,
                    class_name=f"{SECONDARY} mt-4 flex items-center justify-center gap-2",
                    data_testid="transfer-recall",
                ),
                class_name=CARD,
            ),
            # On a phone the form comes first, above the long list of wallets.
            rx.el.section(_form(), class_name=f"{CARD} order-first lg:order-none lg:self-start"),
            class_name="grid gap-4 lg:grid-cols-[3fr_2fr]",
        ),
    )


PAGES = (
    Page(routes.TRANSFER_FUND, transfer_page, "Wallet", load=(TransferState.load,), login=True),
)
