"""One state per studio game kind, each a substate of PlayState (state/studio/play.py): the
player's choices for the game, its handlers, and the last round's outcome as the page shows
it (made by the plain functions of state/studio/studio_views.py). PlayState finds the one of the
game on the page through `GAME_STATES`."""

from __future__ import annotations

import contextlib
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount, typed_amount
from app.services import gates
from app.services.studio import rounds
from app.services.studio.games import plinko, roulette
from state.guard import ARGS, GUEST, Index, Name, checked
from state.member_page import member_action
from state.rows import text
from state.site import amount_digits, ui_lang
from state.studio import plinko_board, studio_views
from state.studio.play import GAME_STATES, PlayState, requote
from state.studio.plinko_board import Peg, Slot
from state.studio.studio_views import MINE_TILES, Cell

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("DiceState.", "set_dice_over set_dice_target", gates.VIEW),
    "GridState.toggle_hold": gates.VIEW,
    "LimboState.set_limbo_target": gates.VIEW,
    **gates.each("MinesState.", "set_mines_count toggle_pick", gates.VIEW),
    **gates.each("PlinkoState.", "set_plinko_risk set_plinko_rows", gates.VIEW),
    **gates.each(
        "RouletteState.",
        "add_chip clear_chips pick_number set_bet_kind set_chip undo_chip",
        gates.VIEW,
    ),
}


class DiceState(PlayState):
    dice_target: str = "50.00"
    dice_over: bool = False
    dice_roll: str = ""

    def _params(self) -> dict[str, Any]:
        return {"target": self.dice_target, "direction": "over" if self.dice_over else "under"}

    def _clear(self) -> None:
        self.dice_roll = ""

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        self.dice_roll = text(view.detail.get("roll"))

    @rx.event
    @checked
    async def set_dice_target(self, value: float | Name) -> None:
        try:
            self.dice_target = f"{Decimal(str(value)):.2f}"
        except ArithmeticError:
            return
        await requote(self)

    @rx.event
    @checked
    async def set_dice_over(self, over: bool) -> None:
        self.dice_over = over
        await requote(self)


class LimboState(PlayState):
    limbo_target: str = "2"  # as typed (3,5 or 3.5): the game reads either
    limbo_result: str = ""

    def _params(self) -> dict[str, Any]:
        return {"target": self.limbo_target}

    def _clear(self) -> None:
        self.limbo_result = ""

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        self.limbo_result = text(view.detail.get("result"))

    @rx.event
    @checked
    async def set_limbo_target(self, value: Name) -> None:
        self.limbo_target = value.strip()[:10]
        await requote(self)


class MinesState(PlayState):
    mines_count: int = 3
    mine_picks: list[int] = []
    mines_shown: list[int] = []

    def _params(self) -> dict[str, Any]:
        return {"mines": self.mines_count, "tiles": list(self.mine_picks)}

    def _clear(self) -> None:
        self.mines_shown = []

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        self.mines_shown = [int(m) for m in view.detail.get("mines", [])]
        self.mine_picks = [int(t) for t in view.detail.get("tiles", [])]

    @rx.var
    def mine_tiles(self) -> list[str]:
        return studio_views.mine_tiles(self.mine_picks, self.mines_shown)

    @rx.event
    @checked
    async def set_mines_count(self, value: Name) -> None:
        try:
            self.mines_count = min(max(int(value), 1), MINE_TILES - 1)
        except ValueError:
            return
        self.mines_shown = []
        await requote(self)

    @rx.event
    @checked
    async def toggle_pick(self, tile: Index) -> None:
        if tile >= MINE_TILES:
            return
        self.mine_picks = sorted(set(self.mine_picks) ^ {tile})
        self.mines_shown = []
        await requote(self)


class PlinkoState(PlayState):
    plinko_rows: int = plinko.MAX_ROWS
    plinko_risk: str = "medium"
    plinko_path: list[int] = []
    plinko_slot: int = -1
    plinko_ball_name: str = ""  # the drop's CSS animation, named after the round

    def _params(self) -> dict[str, Any]:
        return {"rows": self.plinko_rows, "risk": self.plinko_risk}

    def _clear(self) -> None:
        self.plinko_path, self.plinko_slot, self.plinko_ball_name = [], -1, ""

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        path = [int(step) for step in view.detail.get("path", [])]
        rows, risk = view.detail.get("rows"), view.detail.get("risk")
        if rows in range(plinko.MIN_ROWS, plinko.MAX_ROWS + 1) and risk in plinko.RISKS:
            self.plinko_rows, self.plinko_risk = int(rows), str(risk)
        self.plinko_path, self.plinko_slot = path, sum(path) if path else -1
        self.plinko_ball_name = "plinko-drop-" + "".join(c for c in view.round_id if c.isalnum())

    @rx.var
    def plinko_pegs(self) -> list[Peg]:
        return plinko_board.pegs(self.plinko_rows)

    @rx.var
    def plinko_slots(self) -> list[Slot]:
        return plinko_board.slots(
            self.plinko_rows, self.plinko_risk, self.plinko_slot, self.decimal_mark
        )

    @rx.var
    def plinko_height(self) -> int:
        return plinko_board.view_height(self.plinko_rows)

    @rx.var
    def plinko_ball_css(self) -> str:
        """The keyframes of this round's drop (a new round, a new animation)."""
        if not self.plinko_path:
            return ""
        return plinko_board.ball_keyframes(self.plinko_ball_name, self.plinko_path)

    @rx.var
    def plinko_ball_end(self) -> str:
        """Where the ball rests: its last point (reduced motion shows only this)."""
        if not self.plinko_path:
            return ""
        x, y = plinko_board.ball_points(self.plinko_path)[-1]
        return f"translate({x}px, {y}px)"

    @rx.event
    @checked
    async def set_plinko_rows(self, value: Name) -> None:
        try:
            rows = int(value)
        except ValueError:
            return
        if plinko.MIN_ROWS <= rows <= plinko.MAX_ROWS:
            self.plinko_rows = rows
            self._clear()

    @rx.event
    @checked
    async def set_plinko_risk(self, value: Name) -> None:
        if value in plinko.RISKS:
            self.plinko_risk = value
            self._clear()


class RouletteState(PlayState):
    _placed: list[tuple[str, Decimal]] = []  # the chips in the order placed (undo)
    # The chips a running autobet scales to each stake (the table when it began), so that its
    # cents never drift and a reset finds them as placed; none while no run scales them.
    _base: list[tuple[str, Decimal]] = []
    _table_currency: str = ""
    chip_values: list[str] = []  # the rack, in the reader's money
    chip_index: int = 1
    bet_kind: str = "straight"
    picks: list[int] = []  # the numbers tapped for a split, street, corner or six line
    chips: dict[str, str] = {}  # a bet's key → the amount on it
    table_bets: list[studio_views.TableBet] = []
    group_chips: list[studio_views.GroupSpot] = []  # the chips on splits, streets, corners...
    table_total: str = ""
    table_error: str = ""
    wheel_number: str = ""
    wheel_colour: str = ""

    def _params(self) -> dict[str, Any]:
        return {"chips": studio_views.table_chips(self._base or self._placed)}

    def _clear(self) -> None:
        self.wheel_number = self.wheel_colour = ""
        self._base = []

    async def _follow_stake(self, stake: Decimal, running: bool) -> None:
        """Autobet changed the stake: the chips show the next bet as the game spreads it over
        them (roulette.scaled, the same split `Roulette.staked` bets); once the run ends they
        are the player's table. A stake they cannot take leaves them: the run's next bet says
        why."""
        base = self._base or self._placed
        if not base:
            return
        unit = self._game().spec.limits(self.currency).unit
        with contextlib.suppress(AppError):
            amounts = roulette.scaled(studio_views.table_amounts(base), stake, unit)
            self._placed = list(amounts.items())
        self._base = base if running else []
        await self._show_table()

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        self.wheel_number = text(view.detail.get("number"))
        self.wheel_colour = text(view.detail.get("colour"))

    async def _failed(self, exc: AppError, at: str = "") -> None:
        """A refused chip is said beside the table, where the finger is: on a phone the
        page's error line sits above the play button, a screen away."""
        self.table_error = translate(exc.code, await ui_lang(self), **exc.params)

    async def _in_currency(self, lang: str, digits: int) -> None:
        if self._table_currency != self.currency:  # chips of another currency: a new table
            self._placed, self._table_currency = [], self.currency
        values = roulette.chip_values(self.currency)
        self.chip_values = [format_amount(value, lang, digits) for value in values]
        self.chip_index = min(self.chip_index, len(values) - 1)
        await self._show_table()

    async def _show_table(self) -> None:
        """The table's chips in the reader's money; the bet is their total."""
        lang, digits = await ui_lang(self), await amount_digits(self)
        amounts = studio_views.table_amounts(self._placed)
        self.table_bets = studio_views.table_bets(amounts, lang, digits)
        self.chips = {row.key: row.amount for row in self.table_bets}
        self.group_chips = studio_views.group_spots(self.table_bets)
        total = sum(amounts.values(), Decimal(0))
        money = await self._money()
        self.table_total = money.write(total, lang) if amounts else ""
        if amounts:
            (await self.get_state(PlayState)).bet = typed_amount(total, lang, digits)
        await requote(self)

    async def _place(self, key: str) -> None:
        """One chip of the chosen value on a bet, while the table stays a bet the game
        takes (its count of bets, at most the maximum bet)."""
        values = roulette.chip_values(self.currency)
        placed = [*self._placed, (key, values[min(self.chip_index, len(values) - 1)])]
        self._game().check({"chips": studio_views.table_chips(placed)})
        total = sum(studio_views.table_amounts(placed).values(), Decimal(0))
        (await self._bet_limits()).check_table(total)
        self._placed, self._base, self.table_error = placed, [], ""
        await self._show_table()

    @rx.event
    @checked
    def set_chip(self, index: Index) -> None:
        if index < len(self.chip_values):
            self.chip_index = index

    @rx.event
    @checked
    def set_bet_kind(self, kind: Name) -> None:
        if kind in studio_views.ROULETTE_KINDS:
            self.bet_kind, self.picks, self.table_error = kind, [], ""

    @rx.event
    @checked
    @member_action
    async def pick_number(self, number: Index) -> None:
        """A tap on a number: a chip on it, or on the one bet of the chosen kind its taps
        leave (a second tap on a number takes it back)."""
        if number >= roulette.POCKETS:
            return
        picks = sorted(set(self.picks) ^ {number})
        found = roulette.groups_with(self.bet_kind, picks)
        self.picks = picks if len(found) > 1 or not picks else []
        if not found:
            raise AppError(f"studio-roulette-{self.bet_kind}", 400)
        if len(found) == 1:
            await self._place(studio_views.group_key(self.bet_kind, found[0]))

    @rx.event
    @checked
    @member_action
    async def add_chip(self, key: Name) -> None:
        """A chip on an outside bet, or one more on a group of numbers (its chip's tap)."""
        if studio_views.is_chip_key(key):
            await self._place(key)

    @rx.event
    async def undo_chip(self) -> None:
        self._placed, self._base, self.table_error = self._placed[:-1], [], ""
        await self._show_table()

    @rx.event
    async def clear_chips(self) -> None:
        self._placed, self._base, self.picks, self.table_error = [], [], [], ""
        await self._show_table()


class GridState(PlayState):
    """Slots, scratch cards, video poker and bingo: a grid of labelled cells."""

    cells: list[Cell] = []
    grid_cols: int = 3
    lines: list[str] = []
    called: list[str] = []
    holds: list[bool] = []
    dealt: bool = False

    def _params(self) -> dict[str, Any]:
        return {}

    def _finish_params(self) -> dict[str, Any]:
        return {"hold": [i for i, held in enumerate(self.holds) if held]}

    def _clear(self) -> None:
        self.cells, self.lines, self.called, self.holds = [], [], [], []
        self.dealt = False

    def _show(self, view: rounds.RoundView, lang: str) -> None:
        grid = studio_views.grid_of(self.kind, view.detail, lang)
        self.cells, self.grid_cols = grid.cells, grid.cols
        self.lines, self.called = grid.lines, grid.called
        self.holds = [False] * len(grid.cells) if self.kind == "poker" else []
        self.dealt = not view.finished

    @rx.event
    @checked
    def toggle_hold(self, index: Index) -> None:
        if self.dealt and 0 <= index < len(self.holds):
            self.holds = [not h if i == index else h for i, h in enumerate(self.holds)]


GAME_STATES.update(
    {
        "dice": DiceState,
        "limbo": LimboState,
        "mines": MinesState,
        "plinko": PlinkoState,
        "roulette": RouletteState,
        **dict.fromkeys(studio_views.GRID_KINDS, GridState),
    }
)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "DiceState.set_dice_target": ARGS,
    "DiceState.set_dice_over": ARGS,
    "LimboState.set_limbo_target": ARGS,
    "MinesState.set_mines_count": ARGS,
    "MinesState.toggle_pick": f"{ARGS}; tiles of the field only",
    "RouletteState.add_chip": f"{ARGS}; the table's bets only, checked by the game",
    "RouletteState.pick_number": f"{ARGS}; the table's numbers and bets only, checked by the game",
    "RouletteState.set_bet_kind": f"{ARGS}; the table's kinds of bet only",
    "RouletteState.set_chip": f"{ARGS}; the rack's chips only",
    "RouletteState.undo_chip": GUEST,
    "RouletteState.clear_chips": GUEST,
    "GridState.toggle_hold": ARGS,
    "PlinkoState.set_plinko_rows": f"{ARGS}; 8 to 16 rows only",
    "PlinkoState.set_plinko_risk": f"{ARGS}; the three risks only",
}
