"""European roulette: the betting table as a real one reads (the zero, 1–36 in rows of three,
outside bets beside them; on a phone standing up, twelve rows of three, and across from xl),
a chip rack, the kinds of inside bet a tap makes, the bets placed, and the winning pocket."""

from __future__ import annotations

import reflex as rx

from app.services.studio.games.roulette import RED
from components.forms import form_error
from components.i18n import line_with, t
from components.studio.panels import CARD, SMALL_BUTTON, bet_form
from components.style import FOCUS
from state.studio.play import PlayState
from state.studio.studio_games import RouletteState
from state.studio.studio_views import ROULETTE_KINDS, ROULETTE_OUTSIDE

# Every spot of the table is a finger's target: 40 px tall, at least 36 px wide on a phone.
_SPOT = f"relative min-h-10 min-w-0 rounded text-sm font-bold {FOCUS}"
_PICKED = " ring-4 ring-inset ring-amber-300"
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
# A chip on a group of numbers: a layer over the cell of the number it sits against (same
# grid cell), the chip centred on that cell's line or corner (state/studio/studio_views.py
# `group_place`); standing up below xl, lying across from xl as the table does.
ROULETTE_CSS = """
.roulette-spot { grid-column: var(--col) / span 1; grid-row: var(--row) / span 1 }
.roulette-spot > button { left: var(--x); top: var(--y) }
@media (min-width: 80rem) {
  .roulette-spot { grid-column: var(--x-col) / span 1; grid-row: var(--x-row) / span 1 }
  .roulette-spot > button { left: var(--xx); top: var(--xy) } }
"""


def _at(upright: tuple[int, int, int, int], across: tuple[int, int, int, int]) -> str:
    """A spot's place (column, row, columns spanned, rows spanned) on the table standing up
    (five columns: three of numbers, the dozens, the even-money bets) and lying across from
    xl (fourteen columns: the zero, twelve of numbers, the columns' bets; dozens and
    even-money bets in rows under them)."""
    col, row, cols, rows = upright
    x_col, x_row, x_cols, x_rows = across
    return (
        f"col-start-{col} row-start-{row} col-span-{cols} row-span-{rows} "
        f"xl:col-start-{x_col} xl:row-start-{x_row} xl:col-span-{x_cols} xl:row-span-{x_rows}"
    )


def _badge(key: str) -> rx.Component:
    """The chips on a spot: their amount."""
    return rx.cond(
        RouletteState.chips.contains(key),
        rx.el.span(
            RouletteState.chips[key],
            class_name=(
                "absolute -top-1.5 -right-1 z-10 px-1 rounded-full bg-amber-400 text-slate-900 "
                "text-[10px] leading-4 font-bold tabular-nums shadow pointer-events-none"
            ),
            aria_hidden="true",
        ),
    )


def _group_chip(spot: rx.Var) -> rx.Component:
    """The chips on a split, street, corner or six line, where they lie: their amount; a tap
    (or Enter) puts one more chip of the rack's value there."""
    return rx.el.div(
        rx.el.button(
            spot.amount,
            type="button",
            on_click=RouletteState.add_chip(spot.key),
            aria_label=t("play.roulette.more_on")
            .replace("{bet}", spot.label)
            .replace("{amount}", spot.amount),
            # Smaller from xl, where the table lies across in the form's narrow column; the
            # chip under the pointer or the focus comes on top of its neighbours.
            class_name=(
                "pointer-events-auto absolute z-20 -translate-x-1/2 -translate-y-1/2 "
                "min-w-6 h-6 px-1 xl:min-w-5 xl:h-5 xl:px-0.5 rounded-full bg-amber-400 "
                "text-slate-900 text-[10px] xl:text-[9px] leading-none font-bold tabular-nums "
                "border-2 xl:border border-dashed border-white shadow-md ring-1 "
                "ring-amber-700/60 dark:border-slate-900 hover:z-30 focus-visible:z-30 "
                f"hover:bg-amber-300 {FOCUS}"
            ),
            data_testid="roulette-group-chip",
            data_key=spot.key,
        ),
        class_name="roulette-spot relative pointer-events-none",
        style={
            "--col": spot.col,
            "--row": spot.row,
            "--x": spot.x,
            "--y": spot.y,
            "--x-col": spot.x_col,
            "--x-row": spot.x_row,
            "--xx": spot.xx,
            "--xy": spot.xy,
        },
    )


def _number(n: int) -> rx.Component:
    # In the dark theme a black pocket is ringed: slate on the card's slate hid it.
    black = "bg-slate-800 dark:bg-black dark:ring-1 dark:ring-inset dark:ring-slate-500"
    colour = "bg-emerald-700" if n == 0 else ("bg-red-600" if n in RED else black)
    word = "green" if n == 0 else ("red" if n in RED else "black")
    if n == 0:
        place = _at((1, 1, 3, 1), (1, 1, 1, 3))
    else:
        row, col = divmod(n - 1, 3)
        place = _at((col + 1, row + 2, 1, 1), (row + 2, 3 - col, 1, 1))
    return rx.el.button(
        str(n),
        _badge(f"straight:{n}"),
        type="button",
        on_click=RouletteState.pick_number(n),
        aria_label=t(f"play.roulette.number.{word}").replace("{number}", str(n)),
        aria_pressed=RouletteState.picks.contains(n),
        class_name=rx.cond(
            RouletteState.picks.contains(n),
            f"{_SPOT} text-white {colour} {place}{_PICKED}",
            f"{_SPOT} text-white {colour} {place}",
        ),
        data_testid=f"roulette-{n}",
    )


def _outside(key: str, label: rx.Var, place: str, look: str = "") -> rx.Component:
    return rx.el.button(
        label,
        _badge(key),
        type="button",
        on_click=RouletteState.add_chip(key),
        class_name=(
            f"{_SPOT} {place} px-0.5 text-[11px] xl:text-[10px] leading-tight "
            + (look or "border border-slate-300 dark:border-slate-600")
        ),
        data_testid=f"roulette-{key.replace(':', '-')}",
    )


def _outside_bets() -> list[rx.Component]:
    looks = {"red": "bg-red-600 text-white", "black": "bg-slate-800 text-white dark:bg-black"}
    return [
        *[
            _outside(
                f"column:{i}",
                t(f"play.roulette.column{i}"),
                _at((i, 14, 1, 1), (14, 4 - i, 1, 1)),
            )
            for i in (1, 2, 3)
        ],
        *[
            _outside(
                f"dozen:{i}",
                t(f"play.roulette.dozen{i}"),
                _at((4, 4 * i - 2, 1, 4), (4 * i - 2, 4, 4, 1)),
            )
            for i in (1, 2, 3)
        ],
        *[
            _outside(
                key,
                t(f"play.roulette.{key}"),
                _at((5, 2 * j + 2, 1, 2), (2 * j + 2, 5, 2, 1)),
                looks.get(key, ""),
            )
            for j, key in enumerate(ROULETTE_OUTSIDE)
        ],
    ]


def _rack() -> rx.Component:
    """The chip values; the chosen one goes on each spot tapped."""
    return rx.el.div(
        rx.el.span(t("play.roulette.chip"), class_name="text-sm font-medium"),
        rx.el.div(
            rx.foreach(
                RouletteState.chip_values,
                lambda value, i: rx.el.button(
                    value,
                    type="button",
                    on_click=RouletteState.set_chip(i),
                    aria_pressed=i == RouletteState.chip_index,
                    class_name=rx.cond(
                        i == RouletteState.chip_index,
                        f"{SMALL_BUTTON} rounded-full tabular-nums bg-amber-400 text-slate-900 "
                        "border-amber-500 hover:bg-amber-300 dark:hover:bg-amber-300",
                        f"{SMALL_BUTTON} rounded-full tabular-nums",
                    ),
                    data_testid="roulette-chip",
                ),
            ),
            class_name="flex flex-wrap gap-1.5",
        ),
        role="group",
        aria_label=t("play.roulette.chip"),
        class_name="space-y-1",
    )


def _kinds() -> rx.Component:
    """What a tap on the numbers bets on: one number, or a split, street, corner or six line
    made of the numbers tapped."""
    return rx.el.div(
        rx.el.div(
            *[
                rx.el.button(
                    t(f"play.roulette.kind.{kind}"),
                    type="button",
                    on_click=RouletteState.set_bet_kind(kind),
                    aria_pressed=RouletteState.bet_kind == kind,
                    class_name=rx.cond(
                        RouletteState.bet_kind == kind,
                        f"{SMALL_BUTTON} px-2.5 bg-slate-800 text-white "
                        "dark:bg-slate-200 dark:text-slate-900 hover:bg-slate-700",
                        f"{SMALL_BUTTON} px-2.5",
                    ),
                    data_testid=f"roulette-kind-{kind}",
                )
                for kind in ROULETTE_KINDS
            ],
            role="group",
            aria_label=t("play.roulette.kind"),
            class_name="flex flex-wrap gap-1",
        ),
        rx.el.p(
            rx.match(
                RouletteState.bet_kind,
                *[(kind, t(f"play.roulette.pick.{kind}")) for kind in ROULETTE_KINDS],
                "",
            ),
            class_name="text-xs text-slate-500 dark:text-slate-400",
            data_testid="roulette-hint",
        ),
        class_name="space-y-1",
    )


def _placed() -> rx.Component:
    """The bets on the table with their chips, the total staked, undo and clear."""
    return rx.el.div(
        rx.el.ul(
            rx.foreach(
                RouletteState.table_bets,
                lambda bet: rx.el.li(
                    bet.label + " · " + bet.amount,
                    class_name=(
                        "px-2 py-0.5 rounded-full text-xs tabular-nums bg-amber-100 "
                        "text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
                    ),
                    data_testid="roulette-bet",
                ),
            ),
            aria_label=t("play.roulette.bets"),
            class_name="flex flex-wrap gap-1",
        ),
        rx.el.div(
            line_with(
                RouletteState.table_total,
                "play.roulette.total",
                "amount",
                class_name="font-semibold tabular-nums",
                data_testid="roulette-total",
            ),
            rx.el.div(
                rx.el.button(
                    t("play.roulette.undo"),
                    type="button",
                    on_click=RouletteState.undo_chip,
                    class_name=SMALL_BUTTON,
                    data_testid="roulette-undo",
                ),
                rx.el.button(
                    t("play.roulette.clear"),
                    type="button",
                    on_click=RouletteState.clear_chips,
                    class_name=SMALL_BUTTON,
                    data_testid="roulette-clear",
                ),
                class_name="flex gap-2 ml-auto",
            ),
            class_name="flex items-center gap-2 flex-wrap",
        ),
        class_name="space-y-2",
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
    """The betting table: the player's choice, so it sits in the form, above the play."""
    return rx.el.div(
        _rack(),
        _kinds(),
        rx.el.div(
            *[_number(n) for n in range(37)],
            *_outside_bets(),
            rx.foreach(RouletteState.group_chips, _group_chip),
            class_name="grid grid-cols-5 xl:grid-cols-14 gap-1",
            data_testid="roulette-board",
        ),
        form_error(RouletteState.table_error, "roulette-error"),
        _placed(),
        class_name="space-y-3",
    )


def roulette_controls() -> rx.Component:
    return bet_form(_table(), amount_field=False)
