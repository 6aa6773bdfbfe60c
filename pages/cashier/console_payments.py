"""The back office's payments page: withdrawals to pay, the payout's confirmation, approvals."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    CARD,
    INPUT,
    QUIET,
    allowed,
    card,
    feedback,
    frame,
    label,
    messages,
    result_lines,
    table,
    text_input,
)
from components.i18n import local_time, t
from pages.registry import Page
from state.cashier.console_payments import ApprovalRow, PaymentsState, WithdrawalRow


def _withdrawal_actions(row: WithdrawalRow) -> rx.Component:
    return rx.el.div(
        allowed(
            "payments.pay",
            rx.el.button(
                t("bo-pay"),
                on_click=PaymentsState.review_pay(row.order),
                data_testid="withdrawal-pay",
                class_name=BUTTON + " h-9",
            ),
        ),
        allowed(
            "payments.reject",
            rx.el.form(
                rx.el.input(type="hidden", name="order", value=row.order),
                text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-32"),
                rx.el.button(t("bo-reject"), type="submit", class_name=QUIET),
                on_submit=PaymentsState.reject,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-1",
            ),
        ),
        # Its narrowest is the reason field: the queue's table fits a desktop's width.
        class_name="flex flex-wrap gap-2",
    )


def _fact(
    label_key: str, value: rx.Var | rx.Component, testid: str, ok: rx.Var | bool = True
) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label_key), class_name="text-xs text-slate-600 dark:text-slate-400"),
        rx.el.dd(
            value,
            data_testid=testid,
            class_name=rx.cond(
                ok,
                "font-medium break-words",
                "font-medium break-words text-red-600 dark:text-red-400",
            ),
        ),
    )


def _pay_confirmation() -> rx.Component:
    """The payout's facts before any money leaves: nothing is paid until it is confirmed."""
    s = PaymentsState
    r = s.review
    return rx.cond(
        s.reviewing,
        rx.el.div(
            rx.el.div(
                rx.el.h2(t("bo.pay.confirm-title"), class_name="text-lg font-semibold"),
                rx.el.p(
                    r.amount,
                    data_testid="pay-amount",
                    class_name="text-3xl font-bold my-2",
                ),
                rx.el.dl(
                    _fact("bo.pay.payee", r.payee, "pay-payee", r.names_match),
                    _fact("bo.360.verified-name", r.verified_name, "pay-verified-name"),
                    _fact("bo.pay.key", r.key, "pay-key"),
                    rx.cond(
                        r.own_cpf != "",
                        _fact("bo.pay.cpf-check", r.own_cpf, "pay-own-cpf", r.own_cpf_ok),
                    ),
                    _fact("bo.360.kyc", r.kyc, "pay-kyc"),
                    _fact("bo-username", r.username, "pay-username"),
                    _fact("bo.pay.since-label", r.since_payout, "pay-since"),
                    _fact("bo.pay.rule", r.rule, "pay-rule", r.rule_met),
                    _fact("bo.pay.totals-label", r.totals, "pay-totals"),
                    class_name="grid gap-2 sm:grid-cols-2",
                ),
                rx.el.div(
                    rx.el.p(
                        t("bo.360.risk"), class_name="text-xs text-slate-600 dark:text-slate-400"
                    ),
                    rx.cond(
                        r.risk.length() > 0,
                        rx.el.ul(
                            rx.foreach(
                                r.risk,
                                lambda flag: rx.el.li(flag, class_name="text-sm text-amber-700"),
                            ),
                            data_testid="pay-risk",
                        ),
                        rx.el.p(t("bo.360.no-risk"), class_name="text-sm"),
                    ),
                    class_name="mt-2",
                ),
                rx.el.form(
                    rx.cond(
                        r.needs_approval,
                        rx.el.div(
                            rx.el.p(t("bo.pay.needs-approval"), class_name="text-sm"),
                            label(
                                t("bo.pay.reason"),
                                text_input(
                                    "reason",
                                    required=True,
                                    max_length=200,
                                    class_name=INPUT + " w-full",
                                ),
                            ),
                            class_name="space-y-1",
                        ),
                    ),
                    rx.el.div(
                        rx.el.button(
                            t("bo.pay.confirm"),
                            type="submit",
                            data_testid="withdrawal-confirm-pay",
                            class_name=BUTTON,
                        ),
                        rx.el.button(
                            t("bo.cancel"),
                            type="button",
                            on_click=s.close_review,
                            data_testid="withdrawal-cancel-pay",
                            class_name=QUIET,
                        ),
                        class_name="flex gap-2",
                    ),
                    on_submit=s.pay,
                    class_name="mt-4 space-y-3",
                ),
                feedback(s.error, s.notice, s.acted, "pay"),
                role="dialog",
                aria_modal="true",
                aria_label=t("bo.pay.confirm-title"),
                data_testid="pay-confirmation",
                class_name=CARD + " w-full max-w-xl max-h-[90vh] overflow-y-auto",
            ),
            class_name=(
                "fixed inset-0 z-40 flex items-end sm:items-center justify-center p-2 sm:p-4 "
                "bg-slate-900/60"
            ),
        ),
    )


def _approval(row: ApprovalRow) -> rx.Component:
    s = PaymentsState
    here = s.acted == "approval-" + row.id.to(str)
    return rx.el.li(
        rx.el.p(row.what, data_testid="approval-what", class_name="font-semibold"),
        rx.el.p(
            t("bo.ask.by"),
            " ",
            rx.el.span(row.maker, data_testid="approval-maker", class_name="font-medium"),
            " · ",
            local_time(row.created),
            class_name="text-sm text-slate-600 dark:text-slate-300",
        ),
        rx.el.p(
            t("bo.ask.reason"),
            ": ",
            rx.el.span(row.reason, data_testid="approval-reason", class_name="italic"),
            class_name="text-sm",
        ),
        rx.cond(
            row.evidence != "",
            rx.el.a(
                row.evidence_label,
                href=row.evidence,
                data_testid="approval-evidence",
                class_name="text-sm text-indigo-700 dark:text-indigo-300 underline",
            ),
        ),
        rx.cond(
            row.may_decide,
            rx.el.div(
                rx.el.button(
                    t("bo-approve"),
                    on_click=s.approve(row.id),
                    data_testid="approval-approve",
                    class_name=BUTTON + " h-9",
                ),
                rx.el.form(
                    rx.el.input(type="hidden", name="id", value=row.id),
                    text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-40"),
                    rx.el.button(t("bo-reject"), type="submit", class_name=QUIET),
                    on_submit=s.decline,
                    reset_on_submit=True,
                    class_name="flex gap-1",
                ),
                class_name="flex flex-wrap gap-2 mt-2",
            ),
            rx.el.p(
                row.why_not,
                data_testid="approval-why-not",
                class_name="text-sm mt-2 text-slate-600 dark:text-slate-400",
            ),
        ),
        rx.cond(
            here,
            rx.el.div(*result_lines(s.error, s.notice), aria_live="polite", class_name="mt-2"),
        ),
        data_testid="approval-row",
        class_name="border-t border-slate-200 dark:border-slate-700 py-3",
    )


def payments_page() -> rx.Component:
    return frame(
        "bo-payments",
        messages(PaymentsState.error, PaymentsState.notice, PaymentsState.acted),
        _pay_confirmation(),
        card(
            "bo-withdrawals",
            table(
                [
                    ("order", "bo-col-order"),
                    ("username", "bo-username"),
                    ("amount", "bo-amount"),
                    ("remaining", "bo-col-open"),
                    ("status", "bo-status"),
                    ("approval", "bo-col-four-eyes"),
                    ("created", "bo-col-time"),
                    ("waiting", "bo-col-payout-wait"),
                ],
                PaymentsState.withdrawals,
                _withdrawal_actions,
                testid="withdrawal-queue",
            ),
        ),
        allowed(
            "approvals.view",
            card(
                "bo-approvals",
                rx.el.ul(
                    rx.foreach(PaymentsState.approvals, _approval), data_testid="approval-queue"
                ),
                rx.cond(
                    PaymentsState.approvals.length() == 0,
                    rx.el.p(
                        t("bo-nothing"),
                        class_name="text-sm text-slate-600 dark:text-slate-400 py-2",
                    ),
                ),
            ),
        ),
        card(
            "bo-deposits",
            table(
                [
                    ("order", "bo-col-order"),
                    ("username", "bo-username"),
                    ("channel", "bo-col-channel"),
                    ("amount", "bo-amount"),
                    ("status", "bo-status"),
                    ("created", "bo-col-time"),
                ],
                PaymentsState.deposits,
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_PAYMENTS, payments_page, "Payments", load=(PaymentsState.load,), console=True
    ),
)
