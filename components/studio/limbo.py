"""Limbo: a target multiplier, and the round's result rising to where it stops."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT
from components.i18n import amount, t
from components.studio.panels import CARD, bet_form
from state.studio.play import PlayState
from state.studio.studio_games import LimboState


def limbo_board() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                LimboState.limbo_result != "",
                amount(LimboState.limbo_result) + "x",
                "-" + PlayState.decimal_mark + "--x",
            ),
            key=PlayState.round_id,
            class_name=rx.cond(
                PlayState.won,
                "studio-roll text-5xl sm:text-6xl font-black tabular-nums text-emerald-500",
                "studio-roll text-5xl sm:text-6xl font-black tabular-nums",
            ),
            data_testid="limbo-result",
        ),
        rx.el.p(
            t("play.limbo.target") + ": " + rx.cond(PlayState.quoted != "", PlayState.quoted, "—"),
            class_name="text-sm text-slate-500 dark:text-slate-400",
        ),
        aria_live="polite",
        class_name=CARD + " flex flex-col items-center py-8",
        data_testid="limbo-board",
    )


def limbo_controls() -> rx.Component:
    return bet_form(
        rx.el.label(
            t("play.limbo.target"), html_for="limbo-target", class_name="block text-sm font-medium"
        ),
        # Not bound to the state's value: its echo, a keystroke behind, overwrote what the
        # player was typing. The game reads the target as typed, either decimal mark.
        rx.el.input(
            id="limbo-target",
            default_value=LimboState.limbo_target,
            on_change=LimboState.set_limbo_target.debounce(150),
            input_mode="decimal",
            auto_complete="off",
            class_name=INPUT + " text-center tabular-nums",
            data_testid="limbo-target",
        ),
    )
