"""The withdraw page: payment password, payout accounts, request, my withdrawals and the
receipt confirmation with a proof image."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import (
    INPUT,
    PRIMARY,
    SECONDARY,
    TAP_LINK,
    field,
    form_error,
    image_drop,
    notice,
    refusal_remedy,
)
from components.i18n import t
from components.identity.verify_first import verify_first_banner
from components.layout import member_page
from components.link import page_link
from components.progress import progress_bar
from pages.registry import Page
from state.cashier.withdraw import (
    ACCOUNTS_FORM,
    ORDERS,
    PASSWORD_FORM,
    PROOF_UPLOAD,
    REQUEST_FORM,
    WithdrawState,
)
from state.site import SiteState

CARD = "rounded-2xl p-5 bg-white dark:bg-slate-900 shadow space-y-3"
PIX_TYPES = ("CPF", "EMAIL", "PHONE", "RANDOM")
BANK_LIST = "payout-banks"


def _select(name: str, label: rx.Var, *options: rx.Component, test_id: str) -> rx.Component:
    return rx.el.label(
        rx.el.span(label, class_name="block text-sm font-medium mb-1"),
        rx.el.select(*options, name=name, class_name=INPUT, data_testid=test_id),
        class_name="block",
    )


def _error_for(form: str) -> rx.Component:
    """The refusal of this form, right above its button (where the eye is), and the page that
    lifts it."""
    error = rx.cond(WithdrawState.error_at == form, WithdrawState.error, "")
    return rx.fragment(form_error(error), refusal_remedy(error, WithdrawState.error_link))


def _password_card() -> rx.Component:
    return rx.el.form(
        _summary(),
        rx.el.h2(t("withdraw.set_password_title"), class_name="text-lg font-semibold"),
        field(
            "loginPassword",
            t("withdraw.login_password"),
            kind="password",
            autocomplete="current-password",
        ),
        field(
            "paymentPassword",
            t("withdraw.payment_password"),
            kind="password",
            autocomplete="new-password",
            input_mode="numeric",
            error=WithdrawState.errors.get("paymentPassword", "").to(str),
        ),
        field(
            "confirmPaymentPassword",
            t("withdraw.confirm_payment_password"),
            kind="password",
            autocomplete="new-password",
            input_mode="numeric",
            error=WithdrawState.errors.get("confirmPaymentPassword", "").to(str),
        ),
        _error_for(PASSWORD_FORM),
        rx.el.button(
            t("withdraw.save"),
            type="submit",
            class_name=PRIMARY,
            data_testid="payment-password-save",
        ),
        on_submit=WithdrawState.set_payment_password,
        class_name=CARD,
        data_testid=PASSWORD_FORM,
    )


def _name_missing() -> rx.Component:
    """A member without their full name cannot add a payout account: say so, with the way."""
    return rx.el.div(
        rx.el.p(t("withdraw.name_missing"), class_name="text-sm"),
        page_link(t("withdraw.name_missing_link"), href=routes.PROFILE, class_name=TAP_LINK),
        class_name=(
            "rounded-lg p-3 space-y-1 bg-amber-50 text-amber-900 "
            "dark:bg-amber-900/30 dark:text-amber-100"
        ),
        data_testid="withdraw-name-missing",
    )


def _pix_type(kind: str) -> rx.Component:
    """A PIX key type; where payouts go only to the member's own CPF (a market that verifies
    identity: Portaria 615/2024), the CPF alone, not types always refused."""
    option = rx.el.option(t(f"withdraw.pix.{kind}"), value=kind)
    return option if kind == "CPF" else rx.cond(~SiteState.identity_required, option)


def _pix_fields() -> rx.Component:
    return rx.fragment(
        _select(
            "pixKeyType",
            t("withdraw.pix_key_type"),
            *[_pix_type(k) for k in PIX_TYPES],
            test_id="pix-key-type",
        ),
        field(
            "pixKey",
            t("withdraw.pix_key"),
            hint=rx.cond(SiteState.identity_required, t("withdraw.pix_own_cpf"), ""),
            input_mode=rx.cond(SiteState.identity_required, "numeric", "text"),
            error=WithdrawState.errors.get("pixKey", "").to(str),
        ),
    )


def _bank_fields() -> rx.Component:
    """A bank account as the brand's market writes it: the bank (typed, or picked from the
    market's best-known banks) and the account number."""
    return rx.fragment(
        field(
            "bankCode",
            t("withdraw.bank"),
            hint=t("withdraw.bank_hint"),
            list=BANK_LIST,
            error=WithdrawState.errors.get("bankCode", "").to(str),
            data_testid="payout-bank",
        ),
        rx.el.datalist(
            rx.foreach(WithdrawState.banks, lambda bank: rx.el.option(bank.name, value=bank.code)),
            id=BANK_LIST,
        ),
        field(
            "accountNumber",
            t("withdraw.account_number"),
            input_mode="numeric",
            error=WithdrawState.errors.get("accountNumber", "").to(str),
            data_testid="payout-account-number",
        ),
    )


def _accounts_card() -> rx.Component:
    return rx.el.form(
        rx.el.h2(t("withdraw.accounts_title"), class_name="text-lg font-semibold"),
        rx.cond(WithdrawState.payee_name_missing & ~WithdrawState.verify_first, _name_missing()),
        rx.el.ul(
            rx.foreach(
                WithdrawState.accounts,
                lambda a: rx.el.li(a.label, class_name="font-mono text-sm"),
            ),
            data_testid="payout-accounts",
        ),
        field(
            "holderName",
            t("withdraw.holder_name"),
            error=WithdrawState.errors.get("holderName", "").to(str),
        ),
        rx.match(
            WithdrawState.payout_method,
            ("PIX", _pix_fields()),
            ("BANK", _bank_fields()),
            rx.el.p(t("withdraw.no_method"), class_name="text-sm", data_testid="payout-no-method"),
        ),
        field(
            "password",
            t("withdraw.login_password"),
            kind="password",
            autocomplete="current-password",
        ),
        _error_for(ACCOUNTS_FORM),
        rx.el.button(
            t("withdraw.bind"), type="submit", class_name=SECONDARY, data_testid="bind-account"
        ),
        on_submit=WithdrawState.bind_account,
        class_name=CARD,
        data_testid=ACCOUNTS_FORM,
    )


def _summary() -> rx.Component:
    """What the member may take out and what is left to wager: first on the page, also
    while the payment password is still to create."""
    return rx.fragment(
        rx.el.p(
            t("withdraw.balance").replace("{amount}", WithdrawState.balance),
            class_name="text-xl font-bold",
            data_testid="withdraw-balance",
        ),
        rx.el.p(WithdrawState.limits, class_name="text-sm text-slate-600 dark:text-slate-400"),
        rx.cond(
            WithdrawState.turnover_left != "",
            rx.el.div(
                rx.el.p(
                    t("withdraw.turnover").replace("{amount}", WithdrawState.turnover_left),
                    class_name="text-sm text-amber-700 dark:text-amber-300",
                ),
                progress_bar(
                    WithdrawState.turnover_percent,
                    t("withdraw.turnover-bar"),
                    "withdraw-turnover-bar",
                    fill="bg-amber-500",
                    height="h-2",
                ),
                rx.el.p(
                    WithdrawState.turnover_progress,
                    class_name="text-xs text-slate-600 dark:text-slate-400",
                    data_testid="withdraw-turnover-progress",
                ),
                class_name="space-y-1",
            ),
        ),
    )


def _request_card() -> rx.Component:
    return rx.el.form(
        _summary(),
        field(
            "amount",
            t("withdraw.amount"),
            input_mode="decimal",
            error=WithdrawState.errors.get("amount", "").to(str),
        ),
        _select(
            "accountId",
            t("withdraw.account"),
            rx.foreach(WithdrawState.accounts, lambda a: rx.el.option(a.label, value=a.id)),
            test_id="withdraw-account",
        ),
        field(
            "paymentPassword",
            t("withdraw.payment_password"),
            kind="password",
            autocomplete="off",
            input_mode="numeric",
            error=WithdrawState.errors.get("paymentPassword", "").to(str),
        ),
        _error_for(REQUEST_FORM),
        rx.el.button(
            t("withdraw.submit"), type="submit", class_name=PRIMARY, data_testid="withdraw-submit"
        ),
        notice(WithdrawState.notice),
        on_submit=WithdrawState.request,
        class_name=CARD,
        data_testid=REQUEST_FORM,
    )


def _order(order: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(order.order_no, class_name="font-mono text-xs"),
            rx.el.span(order.amount, class_name="font-semibold tabular-nums"),
            class_name="flex justify-between",
        ),
        rx.el.p(
            SiteState.texts.get("withdraw.status." + order.status, order.status),
            class_name="text-sm font-medium text-amber-700 dark:text-amber-300",
            data_testid="withdraw-status",
        ),
        rx.el.p(
            t("withdraw.paid_remaining")
            .replace("{paid}", order.paid)
            .replace("{remaining}", order.remaining),
            class_name="text-xs text-slate-600 dark:text-slate-400",
            data_testid="withdraw-paid-remaining",
        ),
        rx.cond(
            order.awaiting,
            rx.el.div(
                rx.el.button(
                    t("withdraw.received_btn"),
                    type="button",
                    on_click=WithdrawState.received(order.order_no),
                    class_name=PRIMARY,
                    data_testid="mark-received",
                ),
                image_drop(PROOF_UPLOAD, t("withdraw.proof"), 1, "proof-upload"),
                rx.el.button(
                    t("withdraw.not_received_btn"),
                    type="button",
                    on_click=WithdrawState.not_received(
                        rx.upload_files(upload_id=PROOF_UPLOAD), order.order_no
                    ),
                    class_name=SECONDARY,
                    data_testid="mark-not-received",
                ),
                class_name="space-y-2 pt-2",
            ),
        ),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800",
        data_testid="withdraw-order",
    )


def withdraw_page() -> rx.Component:
    return member_page(
        "withdraw.title",
        verify_first_banner(WithdrawState.verify_first),
        rx.el.div(
            rx.el.div(
                rx.cond(WithdrawState.has_payment_password, _request_card(), _password_card()),
                _accounts_card(),
                class_name="space-y-4",
            ),
            rx.el.section(
                rx.el.h2(t("withdraw.orders_title"), class_name="text-lg font-semibold"),
                _error_for(ORDERS),
                rx.cond(
                    WithdrawState.orders.length() > 0,
                    rx.el.ul(rx.foreach(WithdrawState.orders, _order)),
                    rx.el.p(
                        t("withdraw.no_orders"),
                        class_name="text-sm text-slate-600 dark:text-slate-400",
                    ),
                ),
                class_name=CARD,
                data_testid=ORDERS,
            ),
            class_name="grid gap-4 md:grid-cols-2 items-start",
        ),
    )


PAGES = (Page(routes.WITHDRAW, withdraw_page, "Withdraw", load=(WithdrawState.load,), login=True),)
