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
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.i18n import local_time, t
from components.style import AXIS_TICK, until_loaded
from state.console import ConsoleLoginState, DashboardState
from state.console_audit import AuditState
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


def _tile(label_key: str, value: rx.Var, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(label_key), class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.p(value, data_testid=testid, class_name="text-2xl font-bold"),
        class_name=CARD,
    )


def dashboard_page() -> rx.Component:
    return frame(
        "bo-dashboard",
        messages(DashboardState.error, DashboardState.notice),
        messages(DashboardState.login_warning, ""),
        rx.el.div(
            _tile("bo-open-withdrawals", DashboardState.open_withdrawals, "tile-withdrawals"),
            _tile("bo-amount", DashboardState.open_withdrawal_amount, "tile-withdrawal-amount"),
            _tile("bo-pending", DashboardState.pending_approvals, "tile-approvals"),
            _tile("bo-players", DashboardState.new_players_today, "tile-players"),
            _tile("bo-deposits", DashboardState.deposits_today, "tile-deposits"),
            class_name="grid grid-cols-2 lg:grid-cols-5 gap-4",
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


def _kv(key: str, value: rx.Var, label_text: rx.Var | str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label_text, class_name="text-xs text-slate-500"),
        rx.el.dd(value, data_testid=f"profile-{key}", class_name="font-medium"),
    )


def _profile() -> rx.Component:
    p = PlayersState
    shown = p.profile
    return rx.cond(
        p.selected > 0,
        rx.el.div(
            card(
                "bo-players",
                rx.el.dl(
                    _kv("id", shown.id, "bo-col-id"),
                    _kv("username", shown.username, "bo-username"),
                    _kv("nickname", shown.nickname, "bo-col-nickname"),
                    _kv("brand", shown.brand, "bo-brand"),
                    _kv("status", shown.status, "bo-status"),
                    _kv("mobile", shown.mobile, "bo-col-mobile"),
                    _kv("email", shown.email, "bo-col-email"),
                    _kv("ip", shown.ip, "bo-col-ip"),
                    _kv("totp", shown.totp, t("bo-col-2fa")),
                    _kv("cash", shown.cash, t("bo-cash")),
                    _kv("bonus", shown.bonus, "bo-bonus"),
                    _kv("locked", shown.locked, t("bo-locked")),
                    _kv("created", local_time(shown.created), t("bo-col-created")),
                    _kv("last_login", local_time(shown.last_login), t("bo-col-last-login")),
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
                testid="player-profile",
            ),
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
                        rx.el.button(t("bo-adjust"), type="submit", class_name=BUTTON),
                        on_submit=PlayersState.adjust,
                        reset_on_submit=True,
                        class_name="flex flex-wrap gap-2",
                    ),
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
                table(
                    [("at", "bo-col-time"), ("by", "bo-col-staff"), ("text", "bo-note")], p.notes
                ),
            ),
            rx.el.div(
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
        messages(PlayersState.error, PlayersState.notice),
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
                on_click=PaymentsState.pay(row.order),
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


def _approval_actions(row: ApprovalRow) -> rx.Component:
    return rx.el.div(
        rx.el.button(
            t("bo-approve"),
            on_click=PaymentsState.approve(row.id),
            data_testid="approval-approve",
            class_name=BUTTON + " h-9",
        ),
        rx.el.form(
            rx.el.input(type="hidden", name="id", value=row.id),
            text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-32"),
            rx.el.button(t("bo-reject"), type="submit", class_name=QUIET),
            on_submit=PaymentsState.decline,
            reset_on_submit=True,
            class_name="flex gap-1",
        ),
        class_name="flex flex-wrap gap-2",
    )


def payments_page() -> rx.Component:
    return frame(
        "bo-payments",
        messages(PaymentsState.error, PaymentsState.notice),
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
                table(
                    [
                        ("id", "bo-col-id"),
                        ("kind", "bo-col-kind"),
                        ("summary", "bo-col-summary"),
                        ("amount", "bo-amount"),
                        ("requested_by", "bo-col-by"),
                        ("created", "bo-col-time"),
                    ],
                    PaymentsState.approvals,
                    _approval_actions,
                    testid="approval-queue",
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
            table(
                [
                    ("seq", "bo-col-id"),
                    ("at", "bo-col-time"),
                    ("staff", "bo-col-staff"),
                    ("action", "bo-col-action"),
                    ("brand", "bo-brand"),
                    ("target", "bo-col-target"),
                    ("outcome", "bo-col-outcome"),
                    ("detail", "bo-col-detail"),
                    ("hash", "bo-col-hash"),
                ],
                s.rows,
                testid="audit-entries",
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

# Recharts' `data` prop is typed as a list of dicts; the dataclass bars serialise to the same
# objects, so the typed state var is only retyped here.
ChartData = list[dict[str, Any]]


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
