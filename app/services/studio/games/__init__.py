"""The BGS studio's games: one module each, all behind the `StudioGame` protocol.

A round's outcome is a pure function of (server_seed, client_seed, nonce, params, choice): `play`
reads the fairness float stream and nothing else random. Two-step games (video poker) are called
twice with the SAME stream — `finish` must receive a fresh `floats(server_seed, client_seed,
nonce)` for the round's nonce, it re-derives the deal from it — so `state` holds nothing secret.

Stakes: `bet` is the round's whole stake; `Outcome.multiplier` is the round's total return
divided by it. Roulette chips are whole chip counts (`units`); each chip stakes `bet / sum(units)`.

Paytable rows (`PayRow`) are numbers: a catalog key (studio_games.py) with its placeholders'
values, and the multipliers paid; the page writes them in the reader's locale.

Additions to the contract (compatible): `GameSpec.limits(currency)` gives the bet and win limits
in a currency, `GameSpec.check_bet(bet, currency)` refuses a bet outside them and
`GameSpec.payout(bet, multiplier)` is the capped amount to credit; `GameSpec.two_step`,
`Outcome.finished` and `Outcome.state` have defaults (False, True, {}).
"""

from __future__ import annotations

from app.core.errors import AppError
from app.services.studio.games import (
    bingo,
    dice,
    limbo,
    mines,
    plinko,
    poker,
    roulette,
    scratch,
    slot,
)
from app.services.studio.games.base import BetLimits, GameSpec, OneStep, Outcome, StudioGame

__all__ = ["GAMES", "BetLimits", "GameSpec", "OneStep", "Outcome", "StudioGame", "game"]


def _registry() -> dict[str, StudioGame]:
    games: list[StudioGame] = [
        slot.Slot(),
        scratch.Scratch(),
        poker.VideoPoker(),
        dice.Dice(),
        roulette.Roulette(),
        bingo.Bingo(),
        limbo.Limbo(),
        mines.Mines(),
        plinko.Plinko(),
    ]
    return {g.spec.code: g for g in games}


GAMES: dict[str, StudioGame] = _registry()


def game(code: str) -> StudioGame:
    try:
        return GAMES[code]
    except KeyError as exc:
        raise AppError("studio-unknown-game", 404, {"code": code}) from exc
