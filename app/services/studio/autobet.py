"""Autobet for every studio game: a number of bets with stops and stake changes.

Each bet is an ordinary `rounds.play` (and, for a two-step game, `rounds.finish` with the
game's advised choice), so every bet passes the same checks as a bet by hand: the game's bet
limits, the balance, an open bonus's maximum bet and, in the wallet under the member's cash
lock, their own limits, a due reality check and self-exclusion. Any refusal ends the run with
its reason. The run also ends after its number of bets, once the profit reaches the stop on
profit, and before a bet that could take the loss past the stop on loss (so the stop on loss
is never overshot by a bet).

A change of stake changes the whole bet: a game whose choices carry amounts of their own (the
roulette's chips) spreads each stake over them in proportion, in whole cents adding up to the
stake (`StudioGame.staked`), so what lies on the table is what is debited.

A run is a value (`Run`): the page keeps it and asks for one bet at a time (`bet`), nothing
here runs on its own, so a closed page stops the run after at most the bet under way.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from app.core.errors import AppError
from app.services import amounts
from app.services.studio import rounds
from app.services.studio.games import BetLimits, game

MAX_BETS = 1000
MAX_PERCENT = Decimal(1000)
CENT = Decimal("0.01")
RESET = "reset"
INCREASE = "increase"
CHANGES = (RESET, INCREASE)

# Why a run ended (catalog keys); a refused bet ends it with the refusal's own code.
DONE = "autobet.stop.done"
STOP_PROFIT = "autobet.stop.profit"
STOP_LOSS = "autobet.stop.loss"
STAKE_OVER_MAX = "autobet.stop.stake_max"
STOPPED = "autobet.stop.player"
OWN_STOPS = (DONE, STOP_PROFIT, STOP_LOSS, STAKE_OVER_MAX, STOPPED)  # the run's own, not a refusal


@dataclass(frozen=True)
class Change:
    """What a win (or a loss) does to the next stake: back to the base stake, or up by
    `percent` of the last one (0 keeps it)."""

    mode: str = RESET
    percent: Decimal = Decimal(0)

    def apply(self, base: Decimal, last: Decimal, unit: Decimal) -> Decimal:
        """The next stake, in the currency's `unit` (whole dong: a fraction is no bet)."""
        if self.mode == RESET:
            return base
        return (last * (1 + self.percent / 100)).quantize(unit, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Plan:
    bets: int
    stake: Decimal  # the base stake
    stop_profit: Decimal | None = None
    stop_loss: Decimal | None = None
    on_win: Change = Change()
    on_loss: Change = Change()
    unit: Decimal = CENT  # the currency's smallest stake step


@dataclass(frozen=True)
class Run:
    plan: Plan
    stake: Decimal  # the next bet's stake
    played: int = 0
    profit: Decimal = Decimal(0)  # payouts minus stakes so far
    stopped: str = ""  # "" while running, else why it ended (a catalog key)
    reason: dict[str, Any] = field(default_factory=dict)  # the reason's placeholders

    @property
    def running(self) -> bool:
        return not self.stopped


def _optional_amount(value: object, error: str) -> Decimal | None:
    if value is None or str(value).strip() == "":
        return None
    return amounts.parse_amount(value, error, status=400)


def _change(mode: object, percent: object) -> Change:
    if mode not in CHANGES:
        raise AppError("autobet-change-invalid", 400, {"max": MAX_PERCENT})
    if mode == RESET:
        return Change()
    text = str(percent if percent is not None else "").strip().replace(",", ".")
    try:
        value = Decimal(text or "0")
    except ArithmeticError as exc:
        raise AppError("autobet-change-invalid", 400, {"max": MAX_PERCENT}) from exc
    if not value.is_finite() or not 0 <= value <= MAX_PERCENT or value != value.quantize(CENT):
        raise AppError("autobet-change-invalid", 400, {"max": MAX_PERCENT})
    return Change(INCREASE, value)


def plan(
    limits: BetLimits,
    *,
    bets: object,
    stake: object,
    stop_profit: object = None,
    stop_loss: object = None,
    on_win: object = RESET,
    on_win_percent: object = None,
    on_loss: object = RESET,
    on_loss_percent: object = None,
) -> Plan:
    """A plan from what the player typed, checked against the game's limits."""
    try:
        count = int(str(bets).strip())
    except ValueError as exc:
        raise AppError("autobet-bets-invalid", 400, {"max": MAX_BETS}) from exc
    if not 1 <= count <= MAX_BETS:
        raise AppError("autobet-bets-invalid", 400, {"max": MAX_BETS})
    base = rounds.parse_bet(stake)
    if not limits.within(base):
        raise AppError("studio-bet-out-of-range", 400, limits.bounds())
    return Plan(
        bets=count,
        stake=base,
        stop_profit=_optional_amount(stop_profit, "autobet-stop-invalid"),
        stop_loss=_optional_amount(stop_loss, "autobet-stop-invalid"),
        on_win=_change(on_win, on_win_percent),
        on_loss=_change(on_loss, on_loss_percent),
        unit=limits.unit,
    )


def start(chosen: Plan) -> Run:
    return Run(plan=chosen, stake=chosen.stake)


def stop(run: Run, reason: str = STOPPED, params: dict[str, Any] | None = None) -> Run:
    return run if run.stopped else replace(run, stopped=reason, reason=params or {})


def next_stop(run: Run, limits: BetLimits) -> Run:
    """The run, stopped if its next bet must not be made (checked before every bet)."""
    chosen = run.plan
    if run.stopped:
        return run
    if run.played >= chosen.bets:
        return stop(run, DONE, {"count": run.played})
    if chosen.stop_profit is not None and run.profit >= chosen.stop_profit:
        return stop(run, STOP_PROFIT, {"amount": chosen.stop_profit})
    if chosen.stop_loss is not None and run.stake - run.profit > chosen.stop_loss:
        return stop(run, STOP_LOSS, {"amount": chosen.stop_loss})
    if run.stake > limits.max_bet:
        return stop(run, STAKE_OVER_MAX, {"max": limits.max_bet})
    return run


def settle(run: Run, view: rounds.RoundView) -> Run:
    """The run after a settled round: the profit, the count and the next stake."""
    chosen = run.plan
    change = chosen.on_win if view.won else chosen.on_loss
    return replace(
        run,
        played=run.played + 1,
        profit=run.profit + view.payout - view.stake,
        stake=change.apply(chosen.stake, view.stake, chosen.unit),
    )


async def bet(
    player: rounds.Player, game_code: str, run: Run, params: dict[str, Any]
) -> tuple[rounds.RoundView | None, Run]:
    """One bet of the run (if the run may go on): the round, and the run after it. A refused
    bet gives no round and a run stopped with the refusal (nothing moved: `rounds.play`)."""
    studio_game = game(game_code)
    run = next_stop(run, studio_game.spec.limits(player.currency))
    if run.stopped:
        return None, run
    try:
        # Choices with amounts of their own (the roulette's chips) follow the stake.
        params = studio_game.staked(params, run.stake, run.plan.unit)
        view = await rounds.play(player, game_code, run.stake, params)
        if not view.finished:
            advised = [int(i) for i in view.detail.get("advice", [])]
            view = await rounds.finish(player, view.round_id, {"hold": advised})
    except AppError as exc:
        return None, stop(run, exc.code, exc.params)
    return view, settle(run, view)
