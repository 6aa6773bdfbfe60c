"""Games shown as a grid of cells: slot reels with their winning lines, scratch cards that
reveal, video poker cards with hold toggles, and the bingo card with the called balls.
Cells pop in one after another (CSS only); winning cells are ringed."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.studio.panels import CARD, bet_form
from components.style import FOCUS
from state.studio.play import PlayState
from state.studio.studio_games import GridState

_CELL = (
    "studio-pop aspect-square min-w-0 grid place-items-center rounded-lg font-bold "
    "select-none text-base sm:text-2xl"
)


# Symbols drawn with the icon set (no emoji font needed); anything else shows its text.
_SYMBOL_ICONS: dict[str, tuple[str, str]] = {
    "TIGER": ("cat", "text-orange-400"),
    "JAGUAR": ("paw-print", "text-yellow-300"),
    "PARROT": ("bird", "text-red-400"),
    "TOUCAN": ("feather", "text-sky-300"),
    "WILD": ("sparkles", "text-fuchsia-300"),
    "SCATTER": ("gem", "text-cyan-300"),
    "DIAMOND": ("gem", "text-cyan-600"),
    "CROWN": ("crown", "text-amber-600"),
    "GOLD": ("coins", "text-yellow-600"),
    "STAR": ("star", "text-amber-500"),
    "BELL": ("bell", "text-orange-600"),
    "CHERRY": ("cherry", "text-red-600"),
    "LEMON": ("citrus", "text-lime-600"),
    "GRAPE": ("grape", "text-purple-600"),
    "COIN": ("circle-dollar-sign", "text-emerald-700 dark:text-emerald-400"),
}


def _symbol(cell: rx.Var) -> rx.Component:
    return rx.match(
        cell.label,
        *[
            (name, rx.icon(icon, class_name=f"size-6 sm:size-9 {colour}", aria_hidden="true"))
            for name, (icon, colour) in _SYMBOL_ICONS.items()
        ],
        rx.el.span(cell.icon, aria_hidden="true"),
    )


def _cell(cell: rx.Var, index: rx.Var, look: str) -> rx.Component:
    return rx.el.div(
        _symbol(cell),
        rx.el.span(cell.name, class_name="sr-only"),
        style={"--i": index},
        class_name=rx.cond(
            cell.hit,
            f"{_CELL} {look} ring-4 ring-amber-400",
            f"{_CELL} {look}",
        ),
        data_testid="grid-cell",
    )


def _grid(look: str, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.foreach(GridState.cells, lambda cell, i: _cell(cell, i, look)),
        key=PlayState.round_id,
        style={
            "gridTemplateColumns": "repeat(" + GridState.grid_cols.to(str) + ", minmax(0, 1fr))"
        },
        class_name="grid gap-1 sm:gap-2",
        data_testid=test_id,
    )


def _lines() -> rx.Component:
    return rx.el.ul(
        rx.foreach(GridState.lines, lambda line: rx.el.li(line, class_name="text-sm")),
        class_name="space-y-0.5 text-emerald-700 dark:text-emerald-300",
        data_testid="winning-lines",
    )


def _placeholder(count: int, look: str) -> rx.Component:
    return rx.cond(
        GridState.cells.length() == 0,
        rx.el.div(
            *[
                rx.el.div("?", class_name=f"{_CELL} {look} opacity-40", aria_hidden="true")
                for _ in range(count)
            ],
            class_name="grid grid-cols-5 gap-1 sm:gap-2"
            if count != 9
            else "grid grid-cols-3 gap-2",
        ),
    )


def slot_board() -> rx.Component:
    look = "bg-gradient-to-b from-emerald-800 to-emerald-950 text-white shadow-inner"
    return rx.el.div(
        _placeholder(15, look),
        _grid(look, "slot-reels"),
        _lines(),
        class_name=CARD,
    )


def scratch_board() -> rx.Component:
    look = "bg-amber-100 text-slate-900 dark:bg-amber-200"
    return rx.el.div(
        rx.el.div(  # three by three: a narrower card on a phone
            _placeholder(9, "bg-slate-400 dark:bg-slate-600"),
            _grid(look, "scratch-card"),
            class_name="max-w-60 sm:max-w-none mx-auto",
        ),
        _lines(),
        class_name=CARD,
    )


def _card(cell: rx.Var, index: rx.Var) -> rx.Component:
    held = GridState.holds[index]
    return rx.el.button(
        rx.el.span(cell.icon, class_name=rx.cond(cell.red, "text-red-600", "")),
        rx.cond(
            GridState.dealt,
            rx.el.span(
                rx.cond(held, t("play.poker.held"), t("play.poker.hold")),
                class_name="text-[10px] sm:text-xs font-semibold uppercase",
            ),
        ),
        type="button",
        on_click=GridState.toggle_hold(index),
        aria_pressed=rx.cond(held, "true", "false"),
        aria_label=cell.name,
        style={"--i": index},
        class_name=rx.cond(
            held,
            "studio-deal aspect-[5/7] min-w-0 flex flex-col items-center justify-between py-1 "
            f"rounded-lg bg-white text-slate-900 text-lg sm:text-2xl font-bold ring-4 "
            f"ring-amber-400 {FOCUS}",
            rx.cond(
                cell.hit,
                "studio-deal aspect-[5/7] min-w-0 flex flex-col items-center justify-between "
                f"py-1 rounded-lg bg-white text-slate-900 text-lg sm:text-2xl font-bold ring-4 "
                f"ring-emerald-400 {FOCUS}",
                "studio-deal aspect-[5/7] min-w-0 flex flex-col items-center justify-between "
                f"py-1 rounded-lg bg-white text-slate-900 text-lg sm:text-2xl font-bold "
                f"border border-slate-300 {FOCUS}",
            ),
        ),
        data_testid="poker-card",
    )


def poker_board() -> rx.Component:
    return rx.el.div(
        _placeholder(5, "bg-sky-800 text-white"),
        rx.el.div(
            rx.foreach(GridState.cells, _card),
            key=PlayState.round_id,
            class_name="grid grid-cols-5 gap-1 sm:gap-2",
            data_testid="poker-cards",
        ),
        rx.cond(
            GridState.dealt,
            rx.el.p(t("play.poker.help"), class_name="text-sm text-slate-500 dark:text-slate-400"),
        ),
        _lines(),
        class_name=CARD,
    )


def bingo_board() -> rx.Component:
    look = "bg-white text-slate-900 border border-slate-300 dark:bg-slate-800 dark:text-white"
    return rx.el.div(
        _placeholder(25, look),
        _grid(look, "bingo-card"),
        rx.el.p(t("play.bingo.called"), class_name="text-sm font-medium"),
        rx.el.div(
            rx.foreach(
                GridState.called,
                lambda ball, i: rx.el.span(
                    ball,
                    style={"--i": i},
                    class_name=(
                        "studio-pop size-8 rounded-full grid place-items-center text-xs "
                        "font-bold bg-sky-600 text-white"
                    ),
                ),
            ),
            key=PlayState.round_id,
            class_name="flex flex-wrap gap-1",
            data_testid="bingo-called",
        ),
        _lines(),
        class_name=CARD,
    )


def grid_controls() -> rx.Component:
    return bet_form()


def poker_controls() -> rx.Component:
    return bet_form(
        action=rx.cond(GridState.dealt, t("play.poker.draw"), t("play.poker.deal")),
    )
