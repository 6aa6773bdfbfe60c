"""Plinko: the peg triangle (SVG), the ball dropping along the round's path (CSS keyframes
made per round, none for reduced motion), the slots with this table's multipliers under it,
and the rows and risk choices."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT
from components.i18n import t
from components.studio.panels import CARD, bet_form
from state.studio.play import PlayState
from state.studio.plinko_board import BALL_RADIUS, PEG_RADIUS, WIDTH
from state.studio.studio_games import PlinkoState

# The drop takes about a second (the page's --reveal: the slot hit and the result pop in as
# the ball lands); reduced motion shows the ball where it landed at once.
PLINKO_CSS = """
.plinko-ball { animation-duration: 1.1s; animation-timing-function: cubic-bezier(.45,.05,.6,1);
  animation-fill-mode: both }
@media (prefers-reduced-motion: reduce) { .plinko-ball { animation: none } }
.plinko-narrow > div { writing-mode: vertical-rl; padding: 6px 0; display: grid;
  place-items: center }
@media (max-width: 639px) { .plinko-slots > div { writing-mode: vertical-rl; padding: 6px 0;
  display: grid; place-items: center } }
"""

# Above this many rows the slots' multipliers stand upright: across, "29,91x" overflowed its
# slot on a phone and on a desktop alike (the board is at most 32 rem wide). On a phone they
# always do: nine slots of eight rows share 13 rem, and "2,82x" was cut there too.
NARROW_ROWS = 10
_SLOT = (
    "relative min-w-0 rounded-md py-1 text-[10px] sm:text-xs font-bold tabular-nums text-center "
)
_TONES = {
    "edge": "bg-rose-600 text-white",
    "high": "bg-orange-500 text-slate-900",
    "mid": "bg-amber-400 text-slate-900",
    "low": "bg-yellow-200 text-slate-900 dark:bg-yellow-300",
}


def _slot(slot: rx.Var) -> rx.Component:
    """A slot in its risk's colour; the one hit is covered in green as the ball lands (a cover
    made anew each round, so that its pop waits for the drop even when one slot is hit twice
    running)."""
    return rx.el.div(
        slot.pays + "x",
        rx.cond(
            slot.hit,
            rx.el.div(
                slot.pays + "x",
                key=PlayState.round_id,
                class_name=(
                    "studio-pop absolute inset-0 grid place-items-center rounded-md "
                    "ring-2 ring-slate-900 dark:ring-white bg-emerald-500 text-white"
                ),
            ),
        ),
        class_name=rx.match(
            slot.tone,
            *[(tone, _SLOT + colours) for tone, colours in _TONES.items()],
            _SLOT + _TONES["low"],
        ),
        data_testid="plinko-slot",
        data_hit=rx.cond(slot.hit, "1", "0"),
    )


def plinko_board() -> rx.Component:
    return rx.el.div(
        rx.el.style(PlinkoState.plinko_ball_css),
        rx.el.div(
            rx.el.svg(
                rx.el.defs(
                    rx.el.radial_gradient(
                        rx.el.stop(offset="0%", stop_color="#fde68a"),
                        rx.el.stop(offset="100%", stop_color="#f59e0b"),
                        id="plinko-ball-fill",
                    ),
                ),
                rx.foreach(
                    PlinkoState.plinko_pegs,
                    lambda peg: rx.el.circle(
                        cx=peg.x, cy=peg.y, r=str(PEG_RADIUS), class_name="fill-slate-400"
                    ),
                ),
                rx.cond(
                    PlinkoState.plinko_ball_name != "",
                    rx.el.circle(
                        cx="0",
                        cy="0",
                        r=str(BALL_RADIUS),
                        fill="url(#plinko-ball-fill)",
                        key=PlinkoState.plinko_ball_name,
                        class_name="plinko-ball",
                        style={
                            "animationName": PlinkoState.plinko_ball_name,
                            "transform": PlinkoState.plinko_ball_end,
                        },
                        data_testid="plinko-ball",
                    ),
                ),
                view_box=f"0 0 {WIDTH} " + PlinkoState.plinko_height.to_string(),
                class_name="w-full h-auto",
                role="img",
                aria_label=t("play.plinko.board"),
            ),
            rx.el.div(
                rx.foreach(PlinkoState.plinko_slots, _slot),
                class_name=rx.cond(
                    PlinkoState.plinko_rows > NARROW_ROWS,
                    "plinko-slots grid gap-0.5 plinko-narrow",
                    "plinko-slots grid gap-0.5",
                ),
                style={
                    "gridTemplateColumns": "repeat("
                    + (PlinkoState.plinko_rows + 1).to_string()
                    + ", minmax(0, 1fr))"
                },
                data_testid="plinko-slots",
            ),
            class_name="mx-auto w-full max-w-52 sm:max-w-lg space-y-1",
        ),
        rx.el.p(
            t("play.plinko.landed").replace("{slot}", (PlinkoState.plinko_slot + 1).to_string()),
            key=PlayState.round_id,
            class_name=rx.cond(
                PlinkoState.plinko_slot >= 0, "studio-pop text-sm text-slate-300", "hidden"
            ),
            data_testid="plinko-landed",
        ),
        aria_live="polite",
        key=PlayState.code,
        class_name=CARD + " max-sm:p-3 space-y-2 bg-gradient-to-b from-slate-900 to-indigo-950",
        data_testid="plinko-board",
    )


def _choice(label_key: str, html_id: str, *field: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=html_id, class_name="block text-sm font-medium"),
        *field,
        class_name="min-w-0 space-y-1",
    )


def plinko_controls() -> rx.Component:
    return bet_form(
        rx.el.div(
            _choice(
                "play.plinko.risk",
                "plinko-risk",
                rx.el.select(
                    *[
                        rx.el.option(t(f"play.plinko.risk.{risk}"), value=risk)
                        for risk in ("low", "medium", "high")
                    ],
                    id="plinko-risk",
                    value=PlinkoState.plinko_risk,
                    on_change=PlinkoState.set_plinko_risk,
                    class_name=INPUT,
                    data_testid="plinko-risk",
                ),
            ),
            _choice(
                "play.plinko.rows",
                "plinko-rows",
                rx.el.select(
                    *[rx.el.option(str(n), value=str(n)) for n in range(8, 17)],
                    id="plinko-rows",
                    value=PlinkoState.plinko_rows.to_string(),
                    on_change=PlinkoState.set_plinko_rows,
                    class_name=INPUT,
                    data_testid="plinko-rows",
                ),
            ),
            class_name="grid grid-cols-2 gap-2",
        ),
    )
