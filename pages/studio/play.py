"""The studio's pages: one game page for every studio game (`/play/<gameCode>`), the component
chosen by the game's kind, and the verify page (`/play/verify?round=<id>`)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.accounts.verify_card import verify_card
from components.forms import TAP_LINK
from components.i18n import t
from components.layout import layout
from components.studio.auto import HOTKEYS, autobet_panel, hotkeys_flag, hotkeys_panel
from components.studio.dice import dice_board, dice_controls
from components.studio.grids import (
    bingo_board,
    grid_controls,
    poker_board,
    poker_controls,
    scratch_board,
    slot_board,
)
from components.studio.limbo import limbo_board, limbo_controls
from components.studio.mines import mines_board, mines_controls
from components.studio.panels import (
    ANIMATION_CSS,
    CARD,
    balance_line,
    demo_badge,
    fairness_panel,
    game_name,
    history_panel,
    result_line,
    rules_button,
    rules_dialog,
    text_of,
    ways_to_play,
)
from components.studio.plinko import PLINKO_CSS, plinko_board, plinko_controls
from components.studio.roulette import ROULETTE_CSS, roulette_board, roulette_controls
from pages.registry import Page
from pages.studio.crash import crash_verify_card
from state.studio.crash import CrashVerifyState
from state.studio.play import PlayState, VerifyState
from state.studio.studio_views import REVEAL_SECONDS


def _board() -> rx.Component:
    return rx.match(
        PlayState.kind,
        ("dice", dice_board()),
        ("roulette", roulette_board()),
        ("limbo", limbo_board()),
        ("mines", mines_board()),
        ("plinko", plinko_board()),
        ("poker", poker_board()),
        ("scratch", scratch_board()),
        ("bingo", bingo_board()),
        slot_board(),
    )


def _controls() -> rx.Component:
    return rx.match(
        PlayState.kind,
        ("dice", dice_controls()),
        ("roulette", roulette_controls()),
        ("limbo", limbo_controls()),
        ("mines", mines_controls()),
        ("plinko", plinko_controls()),
        ("poker", poker_controls()),
        grid_controls(),
    )


def _blocked() -> rx.Component:
    """Why the page cannot play, with the ways forward: log in, or try the demo."""
    return rx.el.div(
        rx.el.p(text_of(PlayState.blocked), class_name="font-medium", data_testid="play-blocked"),
        rx.cond(
            # A game the brand does not offer has no demo and no real play to offer.
            (PlayState.kind != "")
            & (PlayState.blocked != "seamless-unknown-game")
            & (PlayState.blocked != "studio-unknown-game"),
            ways_to_play(
                "play", "/play/" + PlayState.code + "?demo=1", PlayState.play_real, "play-real"
            ),
        ),
        class_name=CARD + " max-w-xl",
    )


def _title() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                PlayState.art != "",
                rx.el.img(
                    src=PlayState.art,
                    alt="",
                    custom_attrs={"width": "48", "height": "48"},
                    class_name="size-10 sm:size-12 shrink-0 rounded-xl shadow",
                    data_testid="game-art",
                ),
            ),
            # On a phone a long name wraps within its own line, beside the art, the badge
            # and the rules button, rather than pushing each onto a row of its own.
            rx.el.h1(
                game_name(),
                class_name="min-w-0 text-xl sm:text-2xl font-bold leading-tight",
                data_testid="game-title",
            ),
            rx.cond(PlayState.mode == "demo", demo_badge()),
            class_name="flex items-center gap-2 min-w-0",
        ),
        rules_button(),
        class_name="flex items-center justify-between gap-3",
    )


def _game() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            balance_line(),
            _board(),
            result_line(),
            class_name="space-y-3 min-w-0",
        ),
        rx.el.div(
            _controls(),
            autobet_panel(),
            # The roulette's stake is its chips: no ½ and 2× keys.
            rx.cond(PlayState.kind == "roulette", hotkeys_panel(HOTKEYS[:1]), hotkeys_panel()),
            fairness_panel(),
            history_panel(),
            class_name="space-y-3 min-w-0",
        ),
        class_name="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
    )


# How long each game's board animates a result before it is said (studio_views.REVEAL_SECONDS).
_REVEAL = tuple((kind, f"{seconds}s") for kind, seconds in REVEAL_SECONDS.items())


def play_page() -> rx.Component:
    return layout(
        rx.el.style(ANIMATION_CSS + PLINKO_CSS + ROULETTE_CSS),
        # On the root: the header's balance waits for the reveal too (assets/home.css).
        rx.el.style(
            rx.Var.create(":root { --reveal: ")
            + rx.match(PlayState.kind, *_REVEAL, "0s").to(str)
            + " }"
        ),
        rx.el.div(
            rx.cond(PlayState.kind != "", _title()),
            rx.cond(PlayState.mode != "", _game(), rx.cond(PlayState.blocked != "", _blocked())),
            rules_dialog(),
            class_name="space-y-4 sm:pr-12",
            data_testid="play-page",
            data_mode=PlayState.mode,
            data_hotkeys=hotkeys_flag(),
        ),
    )


def verify_page() -> rx.Component:
    return layout(
        crash_verify_card(),  # a Crash round (`crash-<id>`): the studio's card is hidden
        verify_card(
            "play.verify.title",
            VerifyState.error,
            VerifyState.rows,
            VerifyState.matches,
            before=(
                rx.el.p(
                    t("play.round") + " ",
                    rx.el.span(VerifyState.round_id, class_name="font-mono"),
                ),
            ),
            after=(
                rx.el.p(t("play.verify.stored"), class_name="text-sm font-medium"),
                rx.el.p(VerifyState.outcome, class_name="font-mono text-sm break-all"),
                rx.cond(
                    VerifyState.revealed,
                    rx.el.div(
                        rx.el.p(t("play.verify.recomputed"), class_name="text-sm font-medium"),
                        rx.el.p(VerifyState.recomputed, class_name="font-mono text-sm break-all"),
                    ),
                ),
            ),
            decided=VerifyState.revealed,
            footer=(
                rx.el.a(
                    t("play.verify.back"),
                    href="/play/"
                    + VerifyState.game_code
                    + rx.cond(VerifyState.demo, "?demo=1", ""),
                    class_name=TAP_LINK,
                    data_testid="verify-back",
                ),
            ),
            data_testid="verify-page",
            hidden=CrashVerifyState.active,
        ),
    )


PAGES = (
    Page(
        routes.PLAY_VERIFY,
        verify_page,
        "Verify a round",
        load=(VerifyState.load, CrashVerifyState.load),
    ),
    Page(routes.PLAY, play_page, "Play", load=(PlayState.load,)),
)
