"""European roulette: a compact betting board (numbers, dozens, columns, even-money bets)
where each press adds a chip, and the winning pocket."""

from __future__ import annotations

import reflex as rx

from app.services.studio.games.roulette import RED
from components.i18n import t
from components.studio.panels import CARD, SMALL_BUTTON, bet_form
from components.style import FOCUS
from state.studio.play import PlayState
from state.studio.studio_games import RouletteState
from state.studio.studio_views import ROULETTE_OUTSIDE

_CELL = f"relative h-10 min-w-0 rounded text-sm font-bold text-white {FOCUS}"
# The wheel spins behind the winning pocket, which spins in and settles (none for reduced
# motion: the pocket is simply there).
_WHEEL = (
    "radial-gradient(circle, transparent 60%, #78350f 61%), "
    "repeating-conic-gradient(#dc2626 0 9.73deg, #1e293b 9.73deg 19.46deg)"
)
# The winning pocket, and the blank one before the first spin.
_DISC = "size-20 lg:size-36 rounded-full grid place-items-center text-3xl lg:text-6xl font-black"
_POCKET = f"studio-spin relative {_DISC} bg-slate-600 text-white ring-4 ring-amber-300 shadow-lg"
_NUMBER = "studio-pop absolute inset-0 rounded-full grid place-items-center"


def _badge(key: str) -> rx.Component:
    return rx.cond(
        RouletteState.chips.contains(key),
        rx.el.span(
            RouletteState.chips[key].to(str),
            class_name=(
                "absolute -top-1 -right-1 min-w-5 h-5 px-1 rounded-full bg-amber-400 "
                "text-slate-900 text-xs leading-5 text-center shadow"
            ),
        ),
    )


def _number(n: int) -> rx.Component:
    # In the dark theme a black pocket is ringed: slate on the card's slate hid it.
    black = "bg-slate-800 dark:bg-black dark:ring-1 dark:ring-inset dark:ring-slate-500"
    colour = "bg-emerald-700" if n == 0 else ("bg-red-600" if n in RED else black)
    key = f"straight:{n}"
    return rx.el.button(
        str(n),
        _badge(key),
        type="button",
        on_click=RouletteState.add_chip(key),
        aria_label=f"{n}",
        class_name=f"{_CELL} {colour}" + (" col-span-full" if n == 0 else ""),
        data_testid=f"roulette-{n}",
    )


def _outside(key: str, label: rx.Var) -> rx.Component:
    return rx.el.button(
        label,
        _badge(key),
        type="button",
        on_click=RouletteState.add_chip(key),
        class_name=f"relative {SMALL_BUTTON} min-w-0",
        data_testid=f"roulette-{key.replace(':', '-')}",
    )


def roulette_board() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                RouletteState.wheel_number != "",
                rx.el.div(
                    rx.el.div(
                        key=PlayState.round_id,
                        class_name="studio-wheel absolute inset-0 rounded-full",
                        style={"background": _WHEEL},
                        aria_hidden="true",
                    ),
                    # The pocket spins in blank; its number and colour pop in as it settles.
                    rx.el.div(
                        rx.el.div(
                            RouletteState.wheel_number,
                            class_name=rx.match(
                                RouletteState.wheel_colour,
                                ("red", _NUMBER + " bg-red-600"),
                                ("black", _NUMBER + " bg-slate-800"),
                                _NUMBER + " bg-emerald-700",
                            ),
                            data_testid="roulette-number",
                        ),
                        key=PlayState.round_id,
                        class_name=_POCKET,
                    ),
                    class_name="relative size-28 lg:size-56 grid place-items-center",
                ),
                rx.el.div(
                    "?",
                    class_name=(
                        f"{_DISC} border-4 border-dashed border-slate-300 dark:border-slate-600"
                    ),
                ),
            ),
            # Beside the table on a wide screen: the wheel takes the board's room.
            class_name="flex justify-center lg:py-10",
            aria_live="polite",
        ),
        class_name=CARD,
    )


def _table() -> rx.Component:
    """The betting table: the player's choice, so it sits in the form, above the amount."""
    return rx.el.div(
        rx.el.div(
            *[_number(n) for n in range(37)],
            class_name="grid grid-cols-6 sm:grid-cols-12 gap-1",
            data_testid="roulette-board",
        ),
        rx.el.div(
            *[_outside(k, t(f"play.roulette.{k}")) for k in ROULETTE_OUTSIDE],
            *[_outside(f"dozen:{i}", t(f"play.roulette.dozen{i}")) for i in (1, 2, 3)],
            *[_outside(f"column:{i}", t(f"play.roulette.column{i}")) for i in (1, 2, 3)],
            class_name="grid grid-cols-3 gap-1",
        ),
        rx.el.button(
            t("play.roulette.clear"),
            type="button",
            on_click=RouletteState.clear_chips,
            class_name=SMALL_BUTTON,
            data_testid="roulette-clear",
        ),
        class_name="space-y-3",
    )


def roulette_controls() -> rx.Component:
    return bet_form(
        _table(),
        rx.el.p(t("play.roulette.help"), class_name="text-xs text-slate-500 dark:text-slate-400"),
    )
