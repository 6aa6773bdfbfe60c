"""The back office's player search and player 360 page (/admin/players)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    CARD,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    card,
    feedback,
    frame,
    messages,
    table,
    text_input,
    thumbnails,
)
from components.i18n import local_time, t
from pages.registry import Page
from state.backoffice.console_players import LIST_COLUMNS, FoundPlayer, PlayersState


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
        rx.el.dt(t(label_key), class_name="text-xs text-slate-600 dark:text-slate-400"),
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
                class_name="text-sm text-slate-600 dark:text-slate-400",
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
                rx.el.dt(t("kyc.cpf"), class_name="text-xs text-slate-600 dark:text-slate-400"),
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
            rx.el.span(
                t("bo.360.vip-label"), ": ", class_name="text-slate-600 dark:text-slate-400"
            ),
            p.vip,
            data_testid="profile-vip",
            class_name="text-sm",
        ),
        rx.el.p(
            rx.el.span(
                t("bo.360.agent-line"), ": ", class_name="text-slate-600 dark:text-slate-400"
            ),
            p.agent_line,
            data_testid="profile-agent-line",
            class_name="text-sm",
        ),
        rx.el.p(
            rx.el.span(
                t("bo.360.exclusion"), ": ", class_name="text-slate-600 dark:text-slate-400"
            ),
            p.exclusion,
            data_testid="profile-exclusion",
            class_name="text-sm",
        ),
        rx.el.div(
            rx.el.p(t("bo.360.risk"), class_name="text-xs text-slate-600 dark:text-slate-400 mt-2"),
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
                list(LIST_COLUMNS),
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
                allowed(
                    "reports.export",
                    rx.el.button(
                        t("bo-export-csv"),
                        on_click=PlayersState.export,
                        class_name=QUIET + " ml-auto",
                        data_testid="players-csv",
                    ),
                ),
                class_name="flex items-center gap-3 mt-3",
            ),
        ),
        _profile(),
    )


PAGES = (
    Page(routes.ADMIN_PLAYERS, players_page, "Players", load=(PlayersState.load,), console=True),
)
