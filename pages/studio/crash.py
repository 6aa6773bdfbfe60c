"""Crash's page (`/play/BGS_CRASH`, the path every studio launch URL takes) and its card on the
verify page (`/play/verify?round=crash-<id>`)."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.studio.crash.rounds import CODE
from components.accounts.verify_card import verify_card
from components.forms import TAP_LINK
from components.i18n import t
from components.layout import layout
from components.studio.auto import hotkeys_flag, hotkeys_panel
from components.studio.crash import (
    HOTKEYS,
    bet_panels,
    board,
    fairness_box,
    feed,
    live_shapes,
    messages,
    mine,
)
from components.studio.panels import CARD, balance_line, demo_badge, text_of, ways_to_play
from pages.registry import Page
from state.studio.crash import CrashState, CrashVerifyState
from state.studio.play import PlayState


def _game() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            board(),
            messages(),
            bet_panels(),
            class_name="space-y-3 min-w-0",
        ),
        rx.el.div(
            feed(),
            rx.cond(PlayState.mode == "real", mine()),  # demo bets have no record to verify
            hotkeys_panel(HOTKEYS),
            fairness_box(),
            live_shapes(),
            class_name="space-y-3 min-w-0",
        ),
        class_name="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
    )


def _blocked() -> rx.Component:
    """Why the page cannot play, with the ways forward: log in, try the demo, or play for
    real once logged in."""
    return rx.el.div(
        rx.el.p(text_of(CrashState.blocked), class_name="font-medium", data_testid="crash-blocked"),
        rx.cond(
            CrashState.blocked != "crash.rules_none",
            ways_to_play("crash", f"/play/{CODE}?demo=1", CrashState.play_real, "crash-play"),
        ),
        class_name=CARD + " max-w-xl",
    )


def crash_page() -> rx.Component:
    return layout(
        rx.el.div(
            rx.el.div(
                rx.el.h1(t("studio.BGS_CRASH.name"), class_name="text-2xl font-bold"),
                rx.cond(CrashState.ready & (PlayState.mode == "demo"), demo_badge()),
                # The page's balance beside its title: a row of its own pushed the bet button
                # below a small phone's fold.
                rx.cond(CrashState.ready, balance_line("ml-auto", data_testid="crash-balance")),
                class_name="flex items-center gap-2 flex-wrap",
            ),
            rx.cond(
                CrashState.ready,
                _game(),
                rx.cond(CrashState.blocked != "", _blocked()),
            ),
            class_name="space-y-4 sm:pr-12",
            data_testid="crash-page",
            data_ready=CrashState.ready.to(str),
            data_mode=PlayState.mode,
            data_hotkeys=hotkeys_flag(),
        ),
    )


def crash_verify_card() -> rx.Component:
    """A crashed round recomputed (shown on the verify page for `crash-` round ids)."""
    return rx.cond(
        CrashVerifyState.active,
        verify_card(
            "crash.verify.title",
            CrashVerifyState.error,
            CrashVerifyState.rows,
            CrashVerifyState.ok,
            footer=(rx.el.a(t("play.verify.back"), href=routes.PLAY_CRASH, class_name=TAP_LINK),),
            data_testid="crash-verify",
        ),
    )


PAGES = (Page(routes.PLAY_CRASH, crash_page, "Crash", load=(CrashState.load,), indexed=False),)
