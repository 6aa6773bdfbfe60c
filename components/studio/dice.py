"""Dice: a target slider, over/under, and the roll landing on the bar."""

from __future__ import annotations

import reflex as rx

from components.i18n import amount, t
from components.studio.panels import CARD, SMALL_BUTTON, bet_form
from state.studio.play import PlayState
from state.studio.studio_games import DiceState


def _direction(label: rx.Var, over: bool, test_id: str) -> rx.Component:
    pressed = DiceState.dice_over == over
    return rx.el.button(
        label,
        type="button",
        on_click=DiceState.set_dice_over(over),
        aria_pressed=rx.cond(pressed, "true", "false"),
        class_name=rx.cond(
            pressed,
            SMALL_BUTTON + " flex-1 bg-amber-400 text-slate-900 border-amber-400",
            SMALL_BUTTON + " flex-1",
        ),
        data_testid=test_id,
    )


def dice_board() -> rx.Component:
    roll_left = DiceState.dice_roll.to(str) + "%"
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                rx.cond(
                    DiceState.dice_roll != "",
                    amount(DiceState.dice_roll),
                    "--" + PlayState.decimal_mark + "--",
                ),
                key=PlayState.round_id,
                class_name=rx.cond(
                    PlayState.won,
                    "studio-tumble text-5xl font-black tabular-nums text-emerald-500",
                    "studio-tumble text-5xl font-black tabular-nums",
                ),
                data_testid="dice-roll",
            ),
            class_name="flex justify-center py-4",
            aria_live="polite",
        ),
        rx.el.div(
            rx.el.div(
                class_name=rx.cond(
                    DiceState.dice_over,
                    "absolute inset-y-0 right-0 bg-emerald-500/70 rounded-r-full",
                    "absolute inset-y-0 left-0 bg-emerald-500/70 rounded-l-full",
                ),
                style=rx.cond(
                    DiceState.dice_over,
                    {"width": (100 - DiceState.dice_target.to(float)).to(str) + "%"},
                    {"width": DiceState.dice_target + "%"},
                ),
            ),
            rx.cond(
                DiceState.dice_roll != "",
                rx.el.div(
                    class_name=(
                        "absolute -top-1 -bottom-1 w-1 rounded bg-slate-900 dark:bg-white "
                        "transition-[left] duration-500"
                    ),
                    style={"left": roll_left},
                ),
            ),
            class_name="relative h-3 rounded-full bg-red-400/60 overflow-visible",
        ),
        class_name=CARD,
    )


def dice_controls() -> rx.Component:
    return bet_form(
        rx.el.label(
            t("play.dice.target") + " " + amount(DiceState.dice_target),
            html_for="dice-target",
            class_name="block text-sm font-medium",
        ),
        rx.el.input(
            id="dice-target",
            type="range",
            min="2",
            max="98",
            step="0.5",
            # Uncontrolled: the browser moves the thumb at once (arrows, Home, End, drag) and
            # the state follows a moment later; a controlled value would snap it back first.
            default_value=DiceState.dice_target,
            on_change=DiceState.set_dice_target.debounce(80),
            class_name="w-full accent-amber-500 h-11",
            data_testid="dice-target",
        ),
        rx.el.div(
            _direction(t("play.dice.under"), False, "dice-under"),
            _direction(t("play.dice.over"), True, "dice-over"),
            class_name="flex gap-2",
            role="group",
        ),
    )
