"""Mines: choose how many mines hide in the 5 × 5 field, pick tiles, then see where the mines
were laid (picked tiles that were clean shine, a picked mine explodes)."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT
from components.i18n import t
from components.studio.panels import CARD, bet_form
from components.style import FOCUS
from state.studio.play import PlayState
from state.studio.studio_games import MinesState
from state.studio.studio_views import MINE_TILES

_TILE = f"aspect-square min-w-0 grid place-items-center rounded-lg {FOCUS}"
# A revealed tile turns over, one after another across the field.
_SHOWN = f"studio-flip {_TILE}"


def _tile(index: int) -> rx.Component:
    state = MinesState.mine_tiles[index]
    return rx.el.button(
        rx.match(
            state,
            ("safe", rx.icon("gem", class_name="size-6 text-cyan-500", aria_hidden="true")),
            ("boom", rx.icon("bomb", class_name="size-6 text-white", aria_hidden="true")),
            (
                "mine",
                rx.icon(
                    "bomb",
                    class_name="size-5 text-slate-500 dark:text-slate-400",
                    aria_hidden="true",
                ),
            ),
            ("pick", rx.icon("check", class_name="size-6 text-slate-900", aria_hidden="true")),
            rx.fragment(),
        ),
        type="button",
        on_click=MinesState.toggle_pick(index),
        aria_pressed=rx.cond(MinesState.mine_picks.contains(index), "true", "false"),
        aria_label=t("play.mines.tile") + f" {index + 1}",
        class_name=rx.match(
            state,
            ("pick", f"{_TILE} bg-amber-400"),
            ("safe", f"{_SHOWN} bg-emerald-100 ring-4 ring-emerald-400 dark:bg-emerald-900"),
            ("boom", f"{_SHOWN} bg-red-600 ring-4 ring-red-300"),
            ("mine", f"{_SHOWN} bg-slate-200 dark:bg-slate-700"),
            f"{_TILE} bg-slate-300 hover:bg-slate-400 dark:bg-slate-700 dark:hover:bg-slate-600",
        ),
        style={"--i": index},
        data_testid=f"mine-tile-{index}",
    )


def mines_board() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            *[_tile(i) for i in range(MINE_TILES)],
            key=PlayState.round_id,
            class_name="grid grid-cols-5 gap-1 sm:gap-2 max-w-64 sm:max-w-md mx-auto",
            data_testid="mines-field",
        ),
        class_name=CARD,
    )


def mines_controls() -> rx.Component:
    return bet_form(
        rx.el.p(t("play.mines.help"), class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.label(
            t("play.mines.count"), html_for="mines-count", class_name="block text-sm font-medium"
        ),
        rx.el.select(
            *[rx.el.option(str(n), value=str(n)) for n in range(1, MINE_TILES)],
            id="mines-count",
            value=MinesState.mines_count.to(str),
            on_change=MinesState.set_mines_count,
            class_name=INPUT,
            data_testid="mines-count",
        ),
    )
