"""Crash's page (`/play/BGS_CRASH`, the path every studio launch URL takes) and its card on the
verify page (`/play/verify?round=crash-<id>`)."""

from __future__ import annotations

import reflex as rx

from components.forms import PRIMARY
from components.i18n import t
from components.layout import layout
from components.studio.crash import (
    balance,
    bet_panels,
    board,
    fairness_box,
    feed,
    messages,
    mine,
    past_strip,
)
from components.studio.panels import CARD, text_of
from state.auth import AuthState
from state.crash import CrashState, CrashVerifyState
from state.studio_views import Detail


def _game() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            balance(),
            past_strip(),
            board(),
            messages(),
            bet_panels(),
            class_name="space-y-3 min-w-0",
        ),
        rx.el.div(feed(), mine(), fairness_box(), class_name="space-y-3 min-w-0"),
        class_name="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
    )


def _blocked() -> rx.Component:
    """Why the page cannot play, with the way forward: log in, or play once logged in."""
    return rx.el.div(
        rx.el.p(text_of(CrashState.blocked), class_name="font-medium", data_testid="crash-blocked"),
        rx.cond(
            AuthState.is_login & ~AuthState.is_trial,
            rx.el.button(
                t("play.play_real"),
                type="button",
                on_click=CrashState.load,
                class_name=PRIMARY,
                data_testid="crash-play",
            ),
            rx.cond(
                ~AuthState.is_login,
                rx.el.button(
                    t("play.login"),
                    type="button",
                    on_click=AuthState.open_login,
                    class_name=PRIMARY,
                    data_testid="crash-login",
                ),
            ),
        ),
        class_name=CARD + " max-w-xl",
    )


def crash_page() -> rx.Component:
    return layout(
        rx.el.div(
            rx.el.h1(t("studio.BGS_CRASH.name"), class_name="text-2xl font-bold"),
            rx.cond(
                CrashState.ready,
                _game(),
                rx.cond(CrashState.blocked != "", _blocked()),
            ),
            class_name="space-y-4 sm:pr-12",
            data_testid="crash-page",
            data_ready=CrashState.ready.to(str),
        ),
    )


def _row(row: Detail) -> rx.Component:
    return rx.el.div(
        rx.el.dt(row.label, class_name="text-xs text-slate-500"),
        rx.el.dd(row.value, class_name="font-mono text-sm break-all"),
    )


def crash_verify_card() -> rx.Component:
    """A crashed round recomputed (shown on the verify page for `crash-` round ids)."""
    return rx.cond(CrashVerifyState.active, _crash_verify())


def _crash_verify() -> rx.Component:
    return rx.el.div(
        rx.el.h1(t("crash.verify.title"), class_name="text-2xl font-bold"),
        rx.cond(
            CrashVerifyState.error != "",
            rx.el.p(
                CrashVerifyState.error,
                role="alert",
                class_name="text-red-600 dark:text-red-400 font-medium",
                data_testid="verify-error",
            ),
            rx.el.div(
                rx.el.dl(rx.foreach(CrashVerifyState.rows, _row), class_name="space-y-2"),
                rx.el.p(
                    rx.cond(
                        CrashVerifyState.ok, "✓ " + t("play.verify.ok"), "✗ " + t("play.verify.bad")
                    ),
                    class_name=rx.cond(
                        CrashVerifyState.ok,
                        "text-lg font-bold text-emerald-600",
                        "text-lg font-bold text-red-600",
                    ),
                    data_testid="verify-result",
                    data_ok=rx.cond(CrashVerifyState.ok, "1", "0"),
                ),
                class_name="space-y-3",
            ),
        ),
        class_name=CARD + " max-w-2xl space-y-3",
        data_testid="crash-verify",
    )
