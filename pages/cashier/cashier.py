"""Deposit (depositv2) and the sandbox provider's checkout page."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import PRIMARY, SECONDARY, field, form_error, notice, refusal_remedy
from components.guide import picture_steps
from components.i18n import money, short_money, t
from components.identity.verify_first import verify_first_banner
from components.layout import layout, member_page
from components.media import image
from components.style import FOCUS
from models.cashier import DepositStatus
from pages.registry import Page
from state.cashier.cashier import CashierState, SandboxState
from state.site import SiteState

CARD = "rounded-2xl p-5 bg-white dark:bg-slate-900 shadow max-w-lg"
QUICK = f"rounded-lg border py-2 text-sm font-semibold tabular-nums {FOCUS}"


def _channel(channel: rx.Var) -> rx.Component:
    code = channel.code
    chosen = CashierState.channel == code
    return rx.el.button(
        rx.el.span(
            SiteState.texts.get("cashier.channel." + code, code), class_name="font-semibold"
        ),
        rx.el.span(channel.limits, class_name="block text-xs text-slate-500 dark:text-slate-400"),
        type="button",
        role="radio",
        aria_checked=chosen,
        on_click=CashierState.pick_channel(code),
        class_name=rx.cond(
            chosen,
            f"text-left rounded-xl border-2 border-amber-400 p-3 {FOCUS}",
            f"text-left rounded-xl border border-slate-300 dark:border-slate-700 p-3 {FOCUS}",
        ),
        data_testid="channel-" + code,
    )


def _quick_amount(value: rx.Var) -> rx.Component:
    return rx.el.button(
        short_money(value),
        type="button",
        aria_label=money(value),
        on_click=CashierState.set_amount(value),
        aria_pressed=CashierState.amount == value,
        class_name=rx.cond(
            CashierState.amount == value,
            f"{QUICK} border-amber-400 bg-amber-50 dark:bg-amber-400/10",
            f"{QUICK} border-slate-300 dark:border-slate-700",
        ),
        data_testid="quick-amount",
    )


def _order() -> rx.Component:
    order = CashierState.order
    return rx.el.div(
        rx.el.p(
            t("cashier.order").replace("{orderNo}", order.order_no),
            class_name="text-sm text-slate-500 dark:text-slate-400",
        ),
        rx.el.p(order.amount, class_name="text-3xl font-bold tabular-nums"),
        rx.el.p(t("cashier.credited").replace("{amount}", order.credited), class_name="text-sm"),
        rx.el.p(
            SiteState.texts.get("cashier.status." + order.status, order.status),
            role="status",
            # Paid in green, failed in red: the waiting colour said neither.
            class_name=rx.match(
                order.status,
                ("PAID", "font-semibold text-emerald-700 dark:text-emerald-300"),
                ("FAILED", "REFUNDED", "font-semibold text-red-600 dark:text-red-400"),
                "font-semibold text-amber-700 dark:text-amber-300",
            ),
            data_testid="deposit-status",
        ),
        rx.cond(
            order.pix_code != "",
            # On a phone the code is copied into the bank's app (a phone cannot scan its own
            # screen): the copy button comes first there, the QR code for another device last.
            rx.el.div(
                rx.el.p(t("cashier.pay_with_pix"), class_name="text-sm pointer-coarse:order-first"),
                image(
                    order.qr,
                    "PIX",
                    200,
                    200,
                    class_name="bg-white rounded-lg pointer-coarse:order-last",
                ),
                rx.el.textarea(
                    order.pix_code,
                    read_only=True,
                    rows=3,
                    aria_label="PIX",
                    class_name="w-full text-xs font-mono p-2 rounded border",
                    data_testid="pix-code",
                ),
                rx.el.button(
                    rx.icon("copy", size=16, aria_hidden="true"),
                    t("cashier.copy"),
                    on_click=rx.set_clipboard(order.pix_code),
                    type="button",
                    class_name=(
                        f"{SECONDARY} flex items-center justify-center gap-2 "
                        "pointer-coarse:order-first"
                    ),
                    data_testid="pix-copy",
                ),
                class_name="flex flex-col gap-2",
            ),
        ),
        rx.cond(
            order.checkout_url != "",
            rx.el.a(
                t("cashier.open_checkout"),
                href=order.checkout_url,
                target="_blank",
                class_name=f"{PRIMARY} grid place-items-center",
                data_testid="open-checkout",
            ),
        ),
        rx.el.button(
            t("cashier.new_deposit"),
            on_click=CashierState.new_deposit,
            class_name=SECONDARY,
            type="button",
        ),
        class_name="space-y-3",
        data_testid="deposit-order",
    )


def deposit_page() -> rx.Component:
    form = rx.el.form(
        rx.el.fieldset(
            rx.el.legend(t("cashier.channel"), class_name="text-sm font-medium mb-2"),
            rx.el.div(
                rx.foreach(CashierState.channels, _channel),
                role="radiogroup",
                class_name="grid grid-cols-2 gap-2",
            ),
        ),
        field(
            "amount",
            t("cashier.amount"),
            input_mode="decimal",
            # Uncontrolled: what the visitor types stays even if typed before the page is
            # ready; a one-tap amount remounts the box with that amount.
            default_value=CashierState.amount,
            key=CashierState.amount_key,
            data_testid="deposit-amount",
        ),
        rx.el.div(
            rx.foreach(CashierState.quick_amounts, _quick_amount),
            role="group",
            aria_label=t("cashier.quick_amounts"),
            class_name="grid grid-cols-4 gap-2 min-h-10",
            data_testid="quick-amounts",
        ),
        form_error(CashierState.error),
        refusal_remedy(CashierState.error, CashierState.error_link),
        rx.el.button(
            t("cashier.create"), type="submit", class_name=PRIMARY, data_testid="deposit-submit"
        ),
        rx.cond(
            CashierState.wagering_rule != "",
            rx.el.p(
                rx.icon("info", size=16, aria_hidden="true", class_name="shrink-0 mt-0.5"),
                CashierState.wagering_rule,
                class_name="flex gap-2 text-sm text-slate-600 dark:text-slate-300",
                data_testid="deposit-wagering-rule",
            ),
        ),
        on_submit=CashierState.create,
        class_name="space-y-3",
    )
    return member_page(
        "cashier.deposit_title",
        verify_first_banner(CashierState.verify_first),
        rx.el.section(rx.cond(CashierState.has_order, _order(), form), class_name=CARD),
        rx.cond(CashierState.pix_offered, _tutorial()),
    )


# The deposit tutorial (spec 2): a PIX deposit in pictures (assets/guides/deposit-*.svg).
TUTORIAL_STEPS = ("deposit-1", "deposit-2", "deposit-3", "deposit-4")


def _tutorial() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            rx.icon("circle-help", size=18, aria_hidden="true"),
            t("cashier.tutorial_title"),
            class_name=(
                f"flex items-center gap-2 cursor-pointer font-semibold rounded-lg p-1 {FOCUS}"
            ),
            data_testid="deposit-tutorial-open",
        ),
        rx.el.div(picture_steps(TUTORIAL_STEPS, "cashier.tutorial."), class_name="mt-4"),
        id="tutorial",
        class_name=f"{CARD} mt-4 scroll-mt-24",
        data_testid="deposit-tutorial",
    )


def sandbox_page() -> rx.Component:
    return layout(
        rx.el.section(
            rx.el.h1(t("sandbox.title"), class_name="text-2xl font-bold"),
            rx.el.p(t("sandbox.explain"), class_name="text-sm text-slate-500 dark:text-slate-400"),
            form_error(SandboxState.error),
            rx.cond(
                SandboxState.error == "",
                rx.el.div(
                    rx.el.p(SandboxState.order_no, class_name="font-mono text-sm"),
                    rx.el.p(
                        SandboxState.amount,
                        class_name="text-3xl font-bold",
                        data_testid="sandbox-amount",
                    ),
                    rx.el.p(
                        SiteState.texts.get("sandbox.status." + SandboxState.status, ""),
                        data_testid="sandbox-status",
                        data_status=SandboxState.status,
                    ),
                    rx.cond(
                        SandboxState.status == DepositStatus.PENDING,
                        rx.el.div(
                            rx.el.button(
                                t("sandbox.pay"),
                                on_click=SandboxState.settle(True),
                                class_name=PRIMARY,
                                data_testid="sandbox-pay",
                            ),
                            rx.el.button(
                                t("sandbox.fail"),
                                on_click=SandboxState.settle(False),
                                class_name=SECONDARY,
                                data_testid="sandbox-fail",
                            ),
                            class_name="grid grid-cols-2 gap-3",
                        ),
                    ),
                    notice(SandboxState.outcome),
                    class_name="space-y-3",
                ),
            ),
            class_name=f"{CARD} space-y-3 mx-auto",
        )
    )


PAGES = (
    Page(routes.DEPOSIT, deposit_page, "Deposit", load=(CashierState.load,), login=True),
    Page(
        routes.SANDBOX_PAY,
        sandbox_page,
        "Sandbox payment",
        load=(SandboxState.load,),
        indexed=False,
    ),
)
