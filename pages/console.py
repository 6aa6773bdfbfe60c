"""The back office's pages under /admin: login, dashboard, players, payments, platform,
staff and roles, audit log, reports."""

from __future__ import annotations

from typing import Any

import reflex as rx

from components.console import (
    BUTTON,
    CARD,
    DANGER,
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
    thumbnails,
)
from components.i18n import local_time, t
from components.style import AXIS_TICK, FOCUS, until_loaded
from state.console import ConsoleLoginState, DashboardState
from state.console_audit import AuditState, EntryRow
from state.console_payments import ApprovalRow, PaymentsState, WithdrawalRow
from state.console_platform import PlatformState
from state.console_players import FoundPlayer, PlayersState
from state.console_points import PointsReviewState, RedeemRow
from state.console_reports import ReportsState
from state.console_team import INVITATION_LINK, PERMISSION_FIELD, StaffRow, TeamState


def login_page() -> rx.Component:
    return rx.el.main(
        rx.el.form(
            rx.el.h1(t("bo-title"), class_name="text-2xl font-bold"),
            label(
                t("bo-username"), text_input("username", auto_complete="username", required=True)
            ),
            label(
                t("bo-password"),
                text_input(
                    "password", type="password", auto_complete="current-password", required=True
                ),
            ),
            label(
                t("bo-totp"),
                text_input(
                    "code",
                    input_mode="numeric",
                    auto_complete="one-time-code",
                    required=True,
                    pattern="[0-9]{6}",
                    max_length=6,
                ),
            ),
            rx.el.button(
                t("bo-login"),
                type="submit",
                disabled=ConsoleLoginState.busy,
                data_testid="console-login-submit",
                class_name=BUTTON + " w-full",
            ),
            messages(ConsoleLoginState.error, ConsoleLoginState.notice),
            on_submit=ConsoleLoginState.submit,
            reset_on_submit=True,
            data_testid="console-login-form",
            class_name=CARD + " w-full max-w-sm space-y-3 [&_input]:w-full",
        ),
        aria_busy=~rx.State.is_hydrated,
        class_name=until_loaded(
            "min-h-screen flex items-center justify-center p-4 bg-slate-50 text-slate-900 "
            "dark:bg-slate-900 dark:text-slate-100"
        ),
    )


# Recharts' `data` prop is typed as a list of dicts; the dataclass bars serialise to the same
# objects, so the typed state var is only retyped here.
ChartData = list[dict[str, Any]]


def _tile(label_key: str, value: rx.Var, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(label_key), class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.p(value, data_testid=testid, class_name="text-2xl font-bold"),
        class_name=CARD,
    )


def _period_button(name: str, label_key: str) -> rx.Component:
    return rx.el.button(
        t(label_key),
        on_click=DashboardState.pick_period(name),
        aria_pressed=DashboardState.period == name,
        data_testid=f"period-{name}",
        class_name=rx.cond(DashboardState.period == name, BUTTON + " h-9", QUIET),
    )


def dashboard_page() -> rx.Component:
    d = DashboardState
    return frame(
        "bo-dashboard",
        messages(d.error, d.notice, d.acted),
        messages(d.login_warning, ""),
        rx.el.div(
            _tile("bo-open-withdrawals", d.open_withdrawals, "tile-withdrawals"),
            _tile("bo-amount", d.open_withdrawal_amount, "tile-withdrawal-amount"),
            _tile("bo-pending", d.pending_approvals, "tile-approvals"),
            _tile("bo.dash.new-today", d.new_players_today, "tile-players"),
            _tile("bo.dash.deposits-today", d.deposits_today, "tile-deposits"),
            class_name="grid grid-cols-2 lg:grid-cols-5 gap-4",
        ),
        rx.el.section(
            rx.el.div(
                rx.el.h2(t("bo.dash.period"), class_name="text-lg font-semibold"),
                rx.el.p(
                    d.period_text, data_testid="dash-period", class_name="text-sm text-slate-500"
                ),
                class_name="mb-2",
            ),
            rx.el.div(
                _period_button("today", "bo.dash.today"),
                _period_button("7d", "bo.dash.7d"),
                _period_button("30d", "bo.dash.30d"),
                rx.el.form(
                    label(
                        t("bo.dash.from"),
                        rx.el.input(type="date", name="first", required=True, class_name=INPUT),
                    ),
                    label(
                        t("bo.dash.to"),
                        rx.el.input(type="date", name="last", required=True, class_name=INPUT),
                    ),
                    rx.el.button(
                        t("bo.dash.show"),
                        type="submit",
                        data_testid="period-custom",
                        class_name=QUIET,
                    ),
                    on_submit=d.custom_period,
                    class_name="flex flex-wrap items-end gap-2",
                ),
                class_name="flex flex-wrap items-end gap-2",
            ),
            feedback(d.error, d.notice, d.acted, "period"),
            rx.el.div(
                _tile("bo.dash.ggr", d.ggr, "dash-ggr"),
                _tile("bo-bets", d.bets, "dash-bets"),
                _tile("bo-col-wins", d.wins, "dash-wins"),
                _tile("bo.dash.ngr", d.ngr, "dash-ngr"),
                _tile("bo-deposits", d.deposits, "dash-deposits"),
                _tile("bo-col-paid-out", d.withdrawals, "dash-withdrawals"),
                _tile("bo-bonus", d.bonus_cost, "dash-bonus"),
                _tile("bo.dash.new-players", d.new_players, "dash-new-players"),
                class_name="grid grid-cols-2 lg:grid-cols-4 gap-3 mt-4",
            ),
            rx.el.div(
                rx.recharts.bar_chart(
                    rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                    rx.recharts.x_axis(data_key="day", tick=AXIS_TICK),
                    rx.recharts.y_axis(tick=AXIS_TICK),
                    rx.recharts.tooltip(),
                    rx.recharts.legend(),
                    rx.recharts.bar(data_key="ggr", name=t("bo.dash.ggr"), fill="#10b981"),
                    rx.recharts.bar(data_key="deposits", name=t("bo-deposits"), fill="#6366f1"),
                    rx.recharts.bar(
                        data_key="withdrawals", name=t("bo-col-paid-out"), fill="#f59e0b"
                    ),
                    data=d.days.to(ChartData),
                    width="100%",
                    height=280,
                ),
                data_testid="dash-chart",
                class_name="mt-4",
            ),
            class_name=CARD,
        ),
    )


# --- players ------------------------------------------------------------------------------


def _player_actions(row: FoundPlayer) -> rx.Component:
    return rx.el.button(
        t("bo-open"),
        on_click=PlayersState.open(row.id),
        data_testid="player-open",
        class_name=QUIET,
    )


def _reason_form(
    handler: rx.EventHandler, button: str, testid: str, style: str = QUIET
) -> rx.Component:
    return rx.el.form(
        text_input("reason", t("bo-reason"), required=True),
        rx.el.button(t(button), type="submit", class_name=style, data_testid=testid),
        on_submit=handler,
        reset_on_submit=True,
        class_name="flex gap-2 items-end",
    )


def _kv(key: str, value: rx.Var, label_key: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label_key), class_name="text-xs text-slate-500"),
        rx.el.dd(value, data_testid=f"profile-{key}", class_name="font-medium break-words"),
    )


def _account() -> rx.Component:
    p = PlayersState
    shown = p.profile
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("bo.360.title"), class_name="text-lg font-semibold"),
            rx.el.p(
                shown.username,
                " · ",
                shown.brand,
                data_testid="player-heading",
                class_name="text-sm text-slate-500",
            ),
            class_name="mb-3",
        ),
        rx.el.dl(
            _kv("id", shown.id, "bo-col-id"),
            _kv("username", shown.username, "bo-username"),
            _kv("nickname", shown.nickname, "bo-col-nickname"),
            _kv("brand", shown.brand, "bo-brand"),
            _kv("status", shown.status, "bo-status"),
            _kv("mobile", shown.mobile, "bo-col-mobile"),
            _kv("email", shown.email, "bo-col-email"),
            _kv("ip", shown.ip, "bo-col-ip"),
            _kv("totp", shown.totp, "bo-col-2fa"),
            _kv("cash", shown.cash, "bo-cash"),
            _kv("bonus", shown.bonus, "bo-bonus"),
            _kv("locked", shown.locked, "bo-locked"),
            _kv("created", local_time(shown.created), "bo-col-created"),
            _kv("last_login", local_time(shown.last_login), "bo-col-last-login"),
            class_name="grid grid-cols-2 md:grid-cols-4 gap-3 mb-4",
        ),
        rx.el.div(
            allowed(
                "players.lock",
                _reason_form(PlayersState.lock, "bo-lock", "player-lock", DANGER),
            ),
            allowed(
                "players.lock",
                _reason_form(PlayersState.unlock, "bo-unlock", "player-unlock"),
            ),
            allowed(
                "players.reset_2fa",
                _reason_form(PlayersState.reset_2fa, "bo-reset-2fa", "player-reset-2fa"),
            ),
            allowed(
                "players.logout",
                rx.el.button(
                    t("bo-force-logout"),
                    on_click=PlayersState.force_logout,
                    data_testid="player-logout",
                    class_name=QUIET,
                ),
            ),
            class_name="flex flex-wrap gap-4 items-end",
        ),
        feedback(p.error, p.notice, p.acted, "account"),
        data_testid="player-profile",
        class_name=CARD,
    )


def _identity() -> rx.Component:
    p = PlayersState
    shown = p.identity
    return card(
        "bo.360.identity",
        rx.el.dl(
            rx.el.div(
                rx.el.dt(t("kyc.cpf"), class_name="text-xs text-slate-500"),
                rx.el.dd(
                    rx.el.span(shown.cpf, data_testid="profile-cpf", class_name="font-mono"),
                    rx.cond(
                        (shown.cpf != "") & ~shown.revealed,
                        allowed(
                            "players.identity",
                            rx.el.button(
                                t("bo.360.reveal-cpf"),
                                on_click=PlayersState.reveal_cpf,
                                data_testid="player-reveal-cpf",
                                class_name=QUIET + " ml-2",
                            ),
                        ),
                    ),
                    class_name="font-medium flex flex-wrap items-center gap-1",
                ),
            ),
            _kv("verified-name", shown.name, "bo.360.verified-name"),
            _kv("kyc", shown.kyc, "bo.360.kyc"),
            _kv("birth-date", shown.birth_date, "identity.birthDate"),
            class_name="grid grid-cols-1 sm:grid-cols-2 gap-3",
        ),
        rx.cond(
            shown.documents > 0,
            rx.el.div(
                rx.cond(
                    p.document_urls.length() == 0,
                    allowed(
                        "players.identity",
                        rx.el.button(
                            t("bo.360.show-documents"),
                            " (",
                            shown.documents.to(str),
                            ")",
                            on_click=PlayersState.show_documents,
                            data_testid="player-show-documents",
                            class_name=QUIET,
                        ),
                    ),
                ),
                thumbnails(p.document_urls, t("kyc.documents"), "player-document"),
                class_name="mt-3",
            ),
        ),
        feedback(p.error, p.notice, p.acted, "identity"),
        testid="player-identity",
    )


def _safety() -> rx.Component:
    p = PlayersState
    return card(
        "bo.360.safety",
        rx.el.p(
            rx.el.span(t("bo.360.vip-label"), ": ", class_name="text-slate-500"),
            p.vip,
            data_testid="profile-vip",
            class_name="text-sm",
        ),
        rx.el.p(
            rx.el.span(t("bo.360.agent-line"), ": ", class_name="text-slate-500"),
            p.agent_line,
            data_testid="profile-agent-line",
            class_name="text-sm",
        ),
        rx.el.p(
            rx.el.span(t("bo.360.exclusion"), ": ", class_name="text-slate-500"),
            p.exclusion,
            data_testid="profile-exclusion",
            class_name="text-sm",
        ),
        rx.el.div(
            rx.el.p(t("bo.360.risk"), class_name="text-xs text-slate-500 mt-2"),
            rx.cond(
                p.risk.length() > 0,
                rx.el.ul(
                    rx.foreach(
                        p.risk,
                        lambda flag: rx.el.li(
                            flag,
                            class_name=(
                                "rounded-full px-2 py-0.5 text-xs font-medium bg-amber-100 "
                                "text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                            ),
                        ),
                    ),
                    data_testid="profile-risk",
                    class_name="flex flex-wrap gap-1 mt-1",
                ),
                rx.el.p(t("bo.360.no-risk"), class_name="text-sm"),
            ),
        ),
        rx.el.h3(t("bo.360.limits"), class_name="font-semibold mt-3 mb-1"),
        table(
            [
                ("kind", "bo.360.col-limit"),
                ("period", "bo-col-period"),
                ("value", "bo.360.col-value"),
                ("used", "bo.360.col-used"),
                ("pending", "bo.360.col-pending"),
            ],
            p.limits,
        ),
        rx.el.h3(t("bo.360.bonuses"), class_name="font-semibold mt-3 mb-1"),
        table(
            [
                ("amount", "bo-amount"),
                ("wagering", "bo.360.col-wagering"),
                ("status", "bo-status"),
                ("expires", "bo.360.col-expires"),
            ],
            p.bonuses,
        ),
        testid="player-safety",
    )


def _profile() -> rx.Component:
    p = PlayersState
    return rx.cond(
        p.selected > 0,
        rx.el.div(
            _account(),
            rx.el.div(_identity(), _safety(), class_name="grid lg:grid-cols-2 gap-4"),
            allowed(
                "players.adjust",
                card(
                    "bo-adjust",
                    rx.el.form(
                        rx.el.select(
                            rx.el.option(t("bo-credit"), value="credit"),
                            rx.el.option(t("bo-debit"), value="debit"),
                            name="direction",
                            aria_label=t("bo-adjust"),
                            class_name=INPUT,
                        ),
                        text_input("amount", t("bo-amount"), input_mode="decimal", required=True),
                        text_input("reason", t("bo-reason"), required=True),
                        rx.el.button(
                            t("bo-adjust"),
                            type="submit",
                            data_testid="player-adjust",
                            class_name=BUTTON,
                        ),
                        on_submit=PlayersState.adjust,
                        reset_on_submit=True,
                        class_name="flex flex-wrap gap-2",
                    ),
                    feedback(p.error, p.notice, p.acted, "adjust"),
                    testid="player-adjust-card",
                ),
            ),
            card(
                "bo-notes",
                allowed(
                    "players.note",
                    rx.el.form(
                        text_input(
                            "note", t("bo-note"), required=True, class_name=INPUT + " flex-1"
                        ),
                        rx.el.button(t("bo-add-note"), type="submit", class_name=QUIET),
                        on_submit=PlayersState.add_note,
                        reset_on_submit=True,
                        class_name="flex gap-2 mb-2",
                    ),
                ),
                feedback(p.error, p.notice, p.acted, "note"),
                table(
                    [("at", "bo-col-time"), ("by", "bo-col-staff"), ("text", "bo-note")], p.notes
                ),
            ),
            card(
                "bo.360.timeline",
                table(
                    [
                        ("at", "bo-col-time"),
                        ("kind", "bo-col-kind"),
                        ("what", "bo.360.col-what"),
                        ("amount", "bo-amount"),
                        ("by", "bo-col-staff"),
                    ],
                    p.timeline,
                    testid="player-timeline",
                ),
            ),
            rx.el.div(
                card(
                    "bo-deposits",
                    table(
                        [
                            ("at", "bo-col-time"),
                            ("order", "bo-col-order"),
                            ("amount", "bo-amount"),
                            ("status", "bo-status"),
                        ],
                        p.deposits,
                    ),
                ),
                card(
                    "bo-withdrawals",
                    table(
                        [
                            ("at", "bo-col-time"),
                            ("order", "bo-col-order"),
                            ("amount", "bo-amount"),
                            ("status", "bo-status"),
                        ],
                        p.withdrawals,
                    ),
                ),
                card(
                    "bo-ledger",
                    table(
                        [
                            ("at", "bo-col-time"),
                            ("kind", "bo-col-kind"),
                            ("amount", "bo-amount"),
                            ("reference", "bo-col-ref"),
                        ],
                        p.movements,
                    ),
                ),
                card(
                    "bo-bets",
                    table(
                        [
                            ("at", "bo-col-time"),
                            ("vendor", "bo-col-vendor"),
                            ("game", "bo-col-game"),
                            ("bet", "bo-col-bet"),
                            ("win", "bo-col-win"),
                        ],
                        p.bets,
                    ),
                ),
                card(
                    "bo-sessions",
                    table(
                        [
                            ("at", "bo-col-time"),
                            ("ip", "bo-col-ip"),
                            ("device", "bo-col-device"),
                            ("live", "bo-col-live"),
                        ],
                        p.sessions,
                    ),
                ),
                class_name="grid lg:grid-cols-2 gap-4",
            ),
            class_name="space-y-4",
        ),
    )


def players_page() -> rx.Component:
    return frame(
        "bo-players",
        messages(PlayersState.error, PlayersState.notice, PlayersState.acted),
        card(
            "bo-search",
            rx.el.form(
                text_input(
                    "query",
                    t("bo-search-hint"),
                    class_name=INPUT + " flex-1",
                    data_testid="player-query",
                ),
                rx.el.button(t("bo-search"), type="submit", class_name=BUTTON),
                on_submit=PlayersState.search,
                class_name="flex gap-2 mb-3",
            ),
            table(
                [
                    ("id", "bo-col-id"),
                    ("username", "bo-username"),
                    ("mobile", "bo-col-mobile"),
                    ("email", "bo-col-email"),
                    ("status", "bo-status"),
                    ("ip", "bo-col-ip"),
                ],
                PlayersState.rows,
                _player_actions,
                testid="player-results",
            ),
            rx.el.div(
                rx.el.button(
                    t("bo-previous"), on_click=PlayersState.previous_page, class_name=QUIET
                ),
                rx.el.span(PlayersState.page, class_name="text-sm"),
                rx.el.button(
                    t("bo-next"),
                    on_click=PlayersState.next_page,
                    disabled=~PlayersState.has_more,
                    class_name=QUIET,
                ),
                class_name="flex items-center gap-3 mt-3",
            ),
        ),
        _profile(),
    )


# --- payments -----------------------------------------------------------------------------


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
                class_name="flex gap-1",
            ),
        ),
        class_name="flex flex-wrap gap-2",
    )


def _fact(
    label_key: str, value: rx.Var | rx.Component, testid: str, ok: rx.Var | bool = True
) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label_key), class_name="text-xs text-slate-500"),
        rx.el.dd(
            value,
            data_testid=testid,
            class_name=rx.cond(
                ok, "font-medium break-words", "font-medium break-words text-red-600"
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
                    rx.el.p(t("bo.360.risk"), class_name="text-xs text-slate-500"),
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
                class_name="text-sm mt-2 text-slate-500",
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
                    rx.el.p(t("bo-nothing"), class_name="text-sm text-slate-500 py-2"),
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


# --- platform -----------------------------------------------------------------------------


def platform_page() -> rx.Component:
    s = PlatformState
    return frame(
        "bo-platform",
        messages(s.error, s.notice),
        rx.el.div(
            label(
                t("bo-brand"),
                rx.el.select(
                    rx.foreach(s.brands, lambda code: rx.el.option(code, value=code)),
                    value=s.brand,
                    on_change=s.pick_brand,
                    class_name=INPUT,
                ),
            ),
        ),
        card(
            "bo-maintenance",
            rx.el.p(
                rx.cond(s.maintenance, t("bo-on"), t("bo-off")),
                " ",
                s.maintenance_message,
                data_testid="platform-maintenance",
                class_name="mb-2 font-medium",
            ),
            rx.el.form(
                text_input("message", t("bo-message"), class_name=INPUT + " flex-1"),
                rx.el.button(t("bo-start-maintenance"), type="submit", class_name=DANGER),
                on_submit=s.start_maintenance,
                class_name="flex flex-wrap gap-2 mb-2",
            ),
            rx.el.button(t("bo-back-to-normal"), on_click=s.back_to_normal, class_name=QUIET),
        ),
        card(
            "bo-block",
            rx.el.p(
                s.networks.join(", "),
                " | ",
                s.countries.join(", "),
                data_testid="platform-blocks",
                class_name="mb-2 text-sm",
            ),
            rx.el.form(
                text_input("networks", t("bo-networks"), class_name=INPUT + " flex-1"),
                text_input("countries", t("bo-countries"), class_name=INPUT + " w-48"),
                rx.el.button(t("bo-block"), type="submit", class_name=DANGER),
                on_submit=s.block,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-2 mb-2",
            ),
            rx.el.form(
                text_input("networks", t("bo-networks"), class_name=INPUT + " flex-1"),
                text_input("countries", t("bo-countries"), class_name=INPUT + " w-48"),
                rx.el.button(t("bo-unblock"), type="submit", class_name=QUIET),
                on_submit=s.unblock,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-2",
            ),
        ),
        card(
            "bo-jobs",
            table(
                [
                    ("job", "bo-col-job"),
                    ("period", "bo-col-period"),
                    ("state", "bo-status"),
                    ("attempts", "bo-col-attempts"),
                    ("changed", "bo-col-changed"),
                    ("finished", "bo-col-finished"),
                    ("error", "bo-col-error"),
                ],
                s.jobs,
            ),
        ),
    )


# --- staff and roles ----------------------------------------------------------------------


def _staff_actions(row: StaffRow) -> rx.Component:
    return allowed(
        "staff.manage",
        rx.el.div(
            rx.el.button(t("bo-lock"), on_click=TeamState.lock_staff(row.id), class_name=QUIET),
            rx.el.button(t("bo-unlock"), on_click=TeamState.unlock_staff(row.id), class_name=QUIET),
            rx.el.button(
                t("bo-invite"),
                on_click=TeamState.reinvite_staff(row.id),
                data_testid="staff-reinvite",
                class_name=QUIET,
            ),
            class_name="flex gap-1",
        ),
    )


def _permission_box(name: rx.Var) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="checkbox", name=PERMISSION_FIELD + name, class_name="size-4"),
        name,
        class_name="flex items-center gap-2 text-sm",
    )


def staff_page() -> rx.Component:
    s = TeamState
    return frame(
        "bo-staff",
        messages(s.error, s.notice),
        rx.cond(
            s.invited_name != "",
            rx.el.section(
                rx.el.p(t("bo-enrolment"), class_name="font-semibold"),
                rx.el.p(s.invited_name, class_name="font-mono"),
                rx.el.code(
                    INVITATION_LINK.value.to(str),
                    data_testid="invitation-link",
                    class_name="block break-all text-xs",
                ),
                rx.el.button(t("bo-ok"), on_click=s.dismiss_invitation, class_name=QUIET),
                data_testid="invitation",
                class_name=CARD + " space-y-2 border-amber-400",
            ),
        ),
        rx.el.div(
            allowed(
                "staff.manage",
                card(
                    "bo-new-staff",
                    rx.el.form(
                        label(t("bo-username"), text_input("username", required=True)),
                        label(
                            t("bo-role"),
                            rx.el.select(
                                rx.foreach(s.role_names, lambda n: rx.el.option(n, value=n)),
                                name="role",
                                class_name=INPUT,
                            ),
                        ),
                        label(
                            t("bo-brand"),
                            rx.el.select(
                                rx.el.option(t("bo-all-brands"), value="*"),
                                rx.foreach(s.brands, lambda code: rx.el.option(code, value=code)),
                                name="brand",
                                class_name=INPUT,
                            ),
                        ),
                        rx.el.button(
                            t("bo-create"),
                            type="submit",
                            data_testid="staff-create",
                            class_name=BUTTON,
                        ),
                        on_submit=s.create_staff,
                        reset_on_submit=True,
                        data_testid="staff-form",
                        class_name="grid gap-2 [&_input]:w-full [&_select]:w-full",
                    ),
                ),
            ),
            allowed(
                "roles.manage",
                card(
                    "bo-new-role",
                    rx.el.form(
                        label(t("bo-col-name"), text_input("name", required=True)),
                        rx.el.fieldset(
                            rx.el.legend(
                                t("bo-permissions"), class_name="text-xs font-medium mb-1"
                            ),
                            rx.el.div(
                                rx.foreach(s.catalogue, _permission_box),
                                class_name="grid grid-cols-2 gap-1",
                            ),
                        ),
                        rx.el.button(
                            t("bo-create"),
                            type="submit",
                            data_testid="role-create",
                            class_name=BUTTON,
                        ),
                        on_submit=s.create_role,
                        reset_on_submit=True,
                        data_testid="role-form",
                        class_name="grid gap-2",
                    ),
                ),
            ),
            class_name="grid lg:grid-cols-2 gap-4",
        ),
        card(
            "bo-staff",
            table(
                [
                    ("username", "bo-username"),
                    ("brand", "bo-brand"),
                    ("role", "bo-role"),
                    ("status", "bo-status"),
                    ("last_login", "bo-col-last-login"),
                ],
                s.members,
                _staff_actions,
                testid="staff-list",
            ),
        ),
        card(
            "bo-roles",
            table(
                [("name", "bo-col-name"), ("permissions", "bo-permissions")],
                s.roles,
                testid="role-list",
            ),
        ),
    )


# --- audit --------------------------------------------------------------------------------


def _audit_entry(row: EntryRow) -> rx.Component:
    """One entry as a sentence (who did what to whom, where), its detail in words, and its
    whole hash with a copy button."""
    return rx.el.li(
        rx.el.p(
            rx.el.span(
                "#", row.seq.to(str), " · ", local_time(row.at), class_name="text-slate-500"
            ),
            rx.cond(row.brand != "", rx.el.span(" · ", row.brand, class_name="text-slate-500")),
            " · ",
            rx.el.span(
                row.outcome,
                class_name=rx.cond(
                    row.action == "denied", "text-red-600 font-medium", "text-slate-500"
                ),
            ),
            class_name="text-xs",
        ),
        rx.el.p(row.sentence, data_testid="audit-sentence", class_name="font-medium"),
        rx.cond(
            row.detail != "",
            rx.el.p(
                row.detail, class_name="text-sm text-slate-600 dark:text-slate-300 break-words"
            ),
        ),
        rx.el.div(
            rx.el.code(
                row.short_hash,
                "…",
                title=row.hash,
                class_name="text-xs font-mono text-slate-500",
            ),
            rx.el.button(
                t("bo.audit.copy-hash"),
                on_click=rx.set_clipboard(row.hash),
                data_testid="audit-copy-hash",
                class_name="text-xs underline " + FOCUS,
            ),
            class_name="flex items-center gap-2",
        ),
        class_name="border-t border-slate-200 dark:border-slate-700 py-2 space-y-0.5",
    )


def audit_page() -> rx.Component:
    s = AuditState
    return frame(
        "bo-audit",
        messages(s.error, s.notice),
        rx.el.div(
            rx.el.button(
                t("bo-verify"), on_click=s.verify, data_testid="audit-verify", class_name=BUTTON
            ),
            rx.el.button(t("bo-export-csv"), on_click=s.export, class_name=QUIET),
            rx.el.form(
                text_input("action", t("bo-action-filter")),
                rx.el.button(t("bo-search"), type="submit", class_name=QUIET),
                on_submit=s.filter,
                class_name="flex gap-2",
            ),
            class_name="flex flex-wrap gap-3 items-center",
        ),
        rx.cond(
            s.verified,
            rx.el.p(
                s.chain_text,
                data_testid="audit-chain",
                class_name=rx.cond(
                    s.chain_ok,
                    "font-semibold text-emerald-700 dark:text-emerald-400",
                    "font-semibold text-red-600 dark:text-red-400",
                ),
            ),
        ),
        card(
            "bo-audit",
            rx.el.ul(rx.foreach(s.rows, _audit_entry), data_testid="audit-entries"),
            rx.cond(
                s.rows.length() == 0,
                rx.el.p(t("bo-nothing"), class_name="text-sm text-slate-500 py-2"),
            ),
            rx.el.div(
                rx.el.button(t("bo-previous"), on_click=s.previous_page, class_name=QUIET),
                rx.el.span(s.page, " / ", s.total, class_name="text-sm"),
                rx.el.button(t("bo-next"), on_click=s.next_page, class_name=QUIET),
                class_name="flex items-center gap-3 mt-3",
            ),
        ),
    )


# --- reports ------------------------------------------------------------------------------


def reports_page() -> rx.Component:
    s = ReportsState
    return frame(
        "bo-reports",
        messages(s.error, s.notice),
        rx.el.div(
            *(
                rx.el.button(f"{days}d", on_click=s.set_days(days), class_name=QUIET)
                for days in (7, 14, 30, 90)
            ),
            rx.el.button(t("bo-export-csv"), on_click=s.export, class_name=QUIET),
            class_name="flex flex-wrap gap-2",
        ),
        card(
            "bo-reports",
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                rx.recharts.x_axis(data_key="day", tick=AXIS_TICK),
                rx.recharts.y_axis(tick=AXIS_TICK),
                rx.recharts.tooltip(),
                rx.recharts.legend(),
                rx.recharts.bar(data_key="deposits", name=t("bo-deposits"), fill="#6366f1"),
                rx.recharts.bar(data_key="withdrawals", name=t("bo-col-paid-out"), fill="#f59e0b"),
                rx.recharts.bar(data_key="ggr", name=t("bo-col-ggr"), fill="#10b981"),
                rx.recharts.bar(data_key="ngr", name=t("bo-col-ngr"), fill="#ef4444"),
                data=s.chart.to(ChartData),
                width="100%",
                height=320,
            ),
        ),
        card(
            "bo-breakdown",
            rx.el.div(
                *(
                    rx.el.button(
                        t(f"bo-by-{by}"),
                        on_click=s.set_by(by),
                        aria_pressed=s.by == by,
                        data_testid=f"report-by-{by}",
                        class_name=QUIET,
                    )
                    for by in ("brand", "category", "vendor")
                ),
                rx.el.button(
                    t("bo-export-csv"),
                    on_click=s.export_breakdown,
                    data_testid="report-breakdown-csv",
                    class_name=QUIET,
                ),
                class_name="flex flex-wrap gap-2 mb-3",
            ),
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                rx.recharts.x_axis(data_key="key", tick=AXIS_TICK),
                rx.recharts.y_axis(tick=AXIS_TICK),
                rx.recharts.tooltip(),
                rx.recharts.bar(data_key="ggr", name=t("bo-col-ggr"), fill="#10b981"),
                data=s.slice_chart.to(ChartData),
                width="100%",
                height=240,
            ),
            table(
                [
                    ("key", "bo-col-key"),
                    ("bets", "bo-bets"),
                    ("wins", "bo-col-wins"),
                    ("ggr", "bo-col-ggr"),
                    ("facts", "bo-col-facts"),
                ],
                s.slices,
                testid="report-breakdown",
            ),
        ),
        card(
            "bo-reports",
            rx.el.p(t("bo-days-local"), class_name="text-xs text-slate-500 mb-2"),
            table(
                [
                    ("day", "bo-col-day"),
                    ("deposits", "bo-deposits"),
                    ("withdrawals", "bo-col-paid-out"),
                    ("bets", "bo-bets"),
                    ("wins", "bo-col-wins"),
                    ("ggr", "bo-col-ggr"),
                    ("bonus", "bo-bonus"),
                    ("ngr", "bo-col-ngr"),
                ],
                s.rows,
                testid="report-rows",
            ),
        ),
    )


# --- points mall --------------------------------------------------------------------------


def _redeem_actions(row: RedeemRow) -> rx.Component:
    return allowed(
        "points.review",
        rx.el.div(
            rx.el.button(
                t("bo-approve"),
                on_click=PointsReviewState.approve(row.reference),
                data_testid="redeem-approve",
                class_name=BUTTON + " h-9",
            ),
            rx.el.form(
                rx.el.input(type="hidden", name="reference", value=row.reference),
                text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-32"),
                rx.el.button(
                    t("bo-reject"), type="submit", class_name=QUIET, data_testid="redeem-reject"
                ),
                on_submit=PointsReviewState.reject,
                reset_on_submit=True,
                class_name="flex gap-1",
            ),
            class_name="flex flex-wrap gap-2",
        ),
    )


def points_review_page() -> rx.Component:
    return frame(
        "bo-points",
        messages(PointsReviewState.error, PointsReviewState.notice),
        card(
            "bo-points-pending",
            table(
                [
                    ("reference", "points.col.reference"),
                    ("member", "bo-col-member"),
                    ("name", "points.col.name"),
                    ("model", "points.col.model"),
                    ("quantity", "points.col.quantity"),
                    ("points", "points.col.points"),
                    ("address", "points.address"),
                    ("created", "points.col.apply_time"),
                ],
                PointsReviewState.redeems,
                _redeem_actions,
                testid="redeem-queue",
            ),
        ),
    )
