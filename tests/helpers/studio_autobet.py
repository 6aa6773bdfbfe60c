"""Autobet in tests: the run a plan must make, computed from the seeds alone (as anyone could
once the server seed is revealed), and a client seed that makes a wanted case."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from sqlmodel import select

from app.core import clock
from app.core.db import session_scope
from app.services.studio import autobet, rounds, seeds
from app.services.studio.games import GAMES
from models.studio import StudioSeedPair

CURRENCY = "BRL"


async def server_seed(owner: seeds.Owner) -> str:
    await seeds.current(owner)
    async with session_scope() as session:
        pair = (
            await session.exec(
                select(StudioSeedPair).where(StudioSeedPair.active_owner == owner.key)
            )
        ).one()
    return seeds.server_seed(pair)


def replay(plan: autobet.Plan, code: str, params: dict[str, Any], seed: str, client: str,
           nonce: int) -> autobet.Run:  # fmt: skip
    """The run the plan must make, computed from the seeds alone (as anyone could after the
    seed is revealed), with the service's own stop and stake rules."""
    game = GAMES[code]
    limits_now = game.spec.limits(CURRENCY)
    run = autobet.start(plan)
    while True:
        run = autobet.next_stop(run, limits_now)
        if run.stopped:
            return run
        multiplier, _ = rounds.recompute(game, seed, client, nonce + run.played, params, {})
        payout = game.spec.payout(run.stake, multiplier)
        run = autobet.settle(run, view_of(run.stake, payout))


def view_of(stake: Decimal, payout: Decimal) -> rounds.RoundView:
    return rounds.RoundView(
        "", "", 0, "", "", stake, Decimal(0), payout, None, {}, {}, True, "SETTLED", None,
        clock.now(),
    )  # fmt: skip


def choose_client_seed(found: Callable[[str], bool]) -> str:
    for i in range(500):
        if found(f"autobet-{i}"):
            return f"autobet-{i}"
    raise AssertionError("no client seed makes the case")
