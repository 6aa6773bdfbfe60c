"""Crash with the demo balance (fun money): a guest's or a trial member's bets ride the brand's
shared round, but live only in Redis beside the demo wallet (rounds.DemoWallet), never in the
round's tables, its live feed or the ledger.

The rules are those of a real bet: placed while the round takes bets, two at most, cashed out
by the server's clock (a click after the crash loses), an automatic target paid when the curve
passes it. A bet ends once: its ending is claimed with one `SET NX`, and only the claim credits
the demo wallet. Bets ending without a click (a target reached, the crash) end the next time the
player's page looks (`current`), which is all a demo balance needs.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import cast

from app.core import clock
from app.core.cache import get_redis
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.seamless.port import WalletCall
from app.services.studio import rounds as studio_rounds
from app.services.studio.crash import fairness
from app.services.studio.crash.bets import SLOTS, CashedOut, Placed, parse_target, slot_of
from app.services.studio.crash.rounds import CODE, SPEC, Phase, elapsed_ms, latest, phase_of
from models.crash import CrashBetStatus, CrashRound

KEEP_SECONDS = 3600  # a demo bet's record outlives its round by far


@dataclass(frozen=True)
class DemoBet:
    round_pk: int
    slot: int
    stake: Decimal
    auto: int | None  # the target in hundredths
    status: str  # CrashBetStatus: OPEN, CASHED or LOST
    cashout: Decimal | None  # the multiplier cashed at
    payout: Decimal


def _demo_id(player: studio_rounds.Player) -> str:
    if not player.owner.demo:
        raise AppError("play-demo-invalid", 400)
    return player.token


def _bet_key(demo_id: str, round_pk: int, slot: int) -> str:
    return f"crash-demo:{demo_id}:{round_pk}:{slot}"


def _open_key(demo_id: str) -> str:
    """The player's bets not ended yet, as "<round>:<slot>"."""
    return f"crash-demo:{demo_id}:open"


def _call(round_pk: int, slot: int, kind: str, amount: Decimal) -> WalletCall:
    base = f"crash-demo-{round_pk}-{slot}"
    return WalletCall(f"{base}:{kind}", base, CODE, amount)


async def _latest(merchant_id: int) -> CrashRound | None:
    async with session_scope() as session:
        return await latest(session, merchant_id)


async def place(
    player: studio_rounds.Player, merchant_id: int, slot: object, bet: object, auto: object
) -> Placed:
    """A demo bet in the brand's round while it takes bets (one per slot)."""
    demo_id = _demo_id(player)
    chosen = slot_of(slot)
    stake = studio_rounds.parse_bet(bet)
    await studio_rounds.check_stake(SPEC, stake, player, merchant_id)
    target = parse_target(auto)
    row = await _latest(merchant_id)
    if row is None or phase_of(row, clock.now()) != Phase.BETTING:
        raise AppError("crash-betting-closed", 409)
    round_pk = row.id or 0
    key = _bet_key(demo_id, round_pk, chosen)
    record = json.dumps({"stake": str(stake), "auto": target})
    redis = get_redis()
    if not await redis.set(key, record, nx=True, ex=KEEP_SECONDS):
        raise AppError("crash-slot-taken", 409)
    answer = await player.port.debit(demo_id, _call(round_pk, chosen, "bet", stake))
    if answer.status != studio_rounds.OK:
        await redis.delete(key)
        raise AppError("play-bet-over-balance", 400)
    await cast("Awaitable[int]", redis.sadd(_open_key(demo_id), f"{round_pk}:{chosen}"))
    await redis.expire(_open_key(demo_id), KEEP_SECONDS)
    return Placed(
        0, chosen, stake, None if target is None else Decimal(target) / 100, answer.balance
    )


async def _forget(demo_id: str, entry: str) -> None:
    """The bet has ended (or its round is gone): no more to settle."""
    # redis-py types set commands for both clients (`Awaitable[T] | T`): see app/core/cache.py
    await cast("Awaitable[int]", get_redis().srem(_open_key(demo_id), entry))


async def _record(demo_id: str, round_pk: int, slot: int) -> tuple[Decimal, int | None] | None:
    raw = await get_redis().get(_bet_key(demo_id, round_pk, slot))
    if raw is None:
        return None
    data = json.loads(raw)
    return Decimal(data["stake"]), data["auto"]


async def _end(
    player: studio_rounds.Player, round_pk: int, slot: int, stake: Decimal, hundredths: int | None
) -> Decimal | None:
    """End the bet once: cashed at `hundredths`, or lost (None). The payout when this call
    ended it, None when it had ended already."""
    demo_id = player.token
    payout = Decimal(0) if hundredths is None else SPEC.payout(stake, Decimal(hundredths) / 100)
    ending = json.dumps({"cashout": hundredths, "payout": str(payout)})
    redis = get_redis()
    key = _bet_key(demo_id, round_pk, slot) + ":end"
    if not await redis.set(key, ending, nx=True, ex=KEEP_SECONDS):
        return None
    await _forget(demo_id, f"{round_pk}:{slot}")
    if payout > 0:
        await player.port.credit(demo_id, _call(round_pk, slot, "win", payout))
    return payout


async def cash_out(player: studio_rounds.Player, merchant_id: int, slot: object) -> CashedOut:
    """Cash out the demo bet of that slot in the brand's round, now (the server's clock)."""
    demo_id = _demo_id(player)
    chosen = slot_of(slot)
    row = await _latest(merchant_id)
    found = None if row is None else await _record(demo_id, row.id or 0, chosen)
    now = clock.now()
    if row is None or found is None:
        raise AppError("crash-not-riding", 409)
    phase = phase_of(row, now)
    if phase == Phase.BETTING:
        raise AppError("crash-not-started", 409)
    if phase == Phase.CRASHED:
        await _settle(player, row, chosen, now)
        raise AppError("crash-too-late", 409)
    stake, auto = found
    reached = fairness.multiplier_at(elapsed_ms(row, now))
    if auto is not None and auto <= reached:
        reached = auto  # its target came first
    reached = min(reached, row.crash_hundredths)
    payout = await _end(player, row.id or 0, chosen, stake, reached)
    if payout is None:
        raise AppError("crash-not-riding", 409)
    return CashedOut(0, chosen, Decimal(reached) / 100, payout)


async def _settle(player: studio_rounds.Player, row: CrashRound, slot: int, now: datetime) -> None:
    """End the bet if the round says how by now: its target passed, or the crash."""
    found = await _record(player.token, row.id or 0, slot)
    if found is None:
        return
    stake, auto = found
    phase = phase_of(row, now)
    if phase == Phase.RUNNING:
        if auto is not None and auto <= fairness.multiplier_at(elapsed_ms(row, now)):
            await _end(player, row.id or 0, slot, stake, auto)
    elif phase == Phase.CRASHED:
        cashed = auto is not None and auto <= row.crash_hundredths
        await _end(player, row.id or 0, slot, stake, auto if cashed else None)


async def riding(player: studio_rounds.Player) -> bool:
    """Whether the demo player has a bet not ended yet (a Redis read, no database)."""
    waiting = await cast("Awaitable[int]", get_redis().scard(_open_key(_demo_id(player))))
    return waiting > 0


async def current(player: studio_rounds.Player, merchant_id: int, now: datetime) -> list[DemoBet]:
    """The demo player's bets in the brand's latest round, after ending every bet of theirs
    that its round has decided by now (also those of rounds the page was not open for)."""
    demo_id = _demo_id(player)
    redis = get_redis()
    waiting = sorted(await cast("Awaitable[set[str]]", redis.smembers(_open_key(demo_id))))
    async with session_scope() as session:
        for entry in waiting:
            round_text, _, slot_text = str(entry).partition(":")
            row = await session.get(CrashRound, int(round_text))
            if row is None:
                await _forget(demo_id, entry)
                continue
            await _settle(player, row, int(slot_text), now)
        row = await latest(session, merchant_id)
    if row is None:
        return []
    found = []
    for slot in SLOTS:
        record = await _record(demo_id, row.id or 0, slot)
        if record is None:
            continue
        raw = await redis.get(_bet_key(demo_id, row.id or 0, slot) + ":end")
        ending = None if raw is None else json.loads(raw)
        cashout = None if ending is None else ending["cashout"]
        status = (
            CrashBetStatus.OPEN
            if ending is None
            else CrashBetStatus.LOST
            if cashout is None
            else CrashBetStatus.CASHED
        )
        found.append(
            DemoBet(
                round_pk=row.id or 0,
                slot=slot,
                stake=record[0],
                auto=record[1],
                status=status,
                cashout=None if cashout is None else Decimal(cashout) / 100,
                payout=Decimal(0) if ending is None else Decimal(ending["payout"]),
            )
        )
    return found
