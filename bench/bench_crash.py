"""Crash (issue 38): the round driver's pace and the cash-out under concurrent players.

A private PostgreSQL database (migrated, demo data; no Redis) with a Crash chain on BR1 and
BENCH_CRASH_PLAYERS funded members (default 200), each with a Crash wallet session. The clock
is frozen and moved by hand, so a round takes no wall time but its own work:

- the round driver (`crash.rounds.drive`, one pass: settle the crashed round, open the next)
  over BENCH_CRASH_EMPTY_ROUNDS rounds without bets: rounds per second;
- BENCH_CRASH_ROUNDS rounds (default 3) in which every player bets (all at once), then, with the
  curve halfway to the crash point, every player cashes out at once (`bets.cash_out`: the
  decision under the bet's row lock, then the win through the seamless wallet and the ledger):
  cash-outs per second and their p50/p95; then the driver settles the round (nothing left
  riding: the time of the pass);
- the floor of the same run: the statements a cash-out's decision sends (the round read, the
  bet's row lock, its update; then the paid mark), bare, by the same client (the app's engine),
  with the same concurrency, on the same rows. The ratio says what the service adds to the
  database's own cost: the wallet's ledger posting is most of it, counted in the statements
  per cash-out;
- BENCH_CRASH_ROUNDS rounds in which every player bets and rides into the crash: the round's
  settlement (`crash.rounds.settle`, what the driver's pass calls for it: every bet lost, the
  zero credits in one wallet batch, the round closed, committed) against the floor of set
  statements settling the same bets (the bets lost, their wallet rounds settled, a wager fact
  and a wallet call row each, the paid mark: five statements for the whole round, run in a
  transaction rolled back just before). The driver's whole pass is not timed: it also settles
  and opens the other demo brands' rounds. Goal (issue 38): the settlement at least 50 % of
  the set statements' speed.

Rounds whose crash point is under 1.10x are driven past (no time to cash out). Figures on the
shared development machine are indicative only.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from sqlalchemy import event, text
from sqlmodel import col, select

from app.core import clock
from app.core.db import dispose_engine, get_engine, session_scope
from app.core.errors import AppError
from app.demo.seed import seed_demo_data
from app.services.brands import brands
from app.services.seamless import wallet
from app.services.seamless.port import STUDIO_VENDOR
from app.services.studio import rounds
from app.services.studio.crash import bets, chains, fairness
from app.services.studio.crash import rounds as crash_rounds
from bench.bench_ledger import on_private_database
from bench.common import Figure
from models.crash import CrashBet, CrashRound

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/studio", "app/jobs/crash.py", "app/services/seamless")

PLAYERS = int(os.environ.get("BENCH_CRASH_PLAYERS", "200"))
ROUNDS = int(os.environ.get("BENCH_CRASH_ROUNDS", "3"))
EMPTY_ROUNDS = int(os.environ.get("BENCH_CRASH_EMPTY_ROUNDS", "30"))
BRAND = "BR1"
STAKE = "1.00"
MIN_CRASH = 110  # hundredths: a round crashing sooner leaves no time to cash out

ROUND_SQL = text(
    "SELECT id, started_at, crash_at, crash_hundredths FROM crash_round "
    "WHERE merchant_id = :merchant ORDER BY id DESC LIMIT 1"
)
LOCK_SQL = text(
    "SELECT id, status, auto_hundredths, stake FROM crash_bet "
    "WHERE round_id = :round AND member_id = :member AND slot = 1 FOR UPDATE"
)
CASH_SQL = text(
    "UPDATE crash_bet SET status = status, cashout_hundredths = cashout_hundredths, "
    "payout = payout, cashed_at = cashed_at WHERE id = :bet"
)
READ_SQL = text("SELECT * FROM crash_bet WHERE id = :bet")
PAID_SQL = text("UPDATE crash_bet SET paid_at = paid_at WHERE id = :bet")
# A round every player rode into the crash, settled by set statements: the bets lost, their
# wallet rounds settled, a wager fact and a wallet call row each, the paid mark.
SETTLE_SQL = (
    "UPDATE crash_bet SET status = 'LOST' WHERE round_id = :round AND status = 'OPEN'",
    "UPDATE gameround g SET status = 'SETTLED', settled_at = now() FROM crash_bet b "
    "WHERE b.round_id = :round AND g.vendor = 'BGS' AND g.round_id = 'crash-' || b.id",
    "INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency, "
    "round_ref, kind, bet, valid_bet, win, net, settled_at) "
    "SELECT txid_current(), g.member_id, g.merchant_id, g.vendor, g.game_code, g.game_type, "
    "g.currency, g.round_id, 'SETTLED', g.bet_total, g.bet_total, 0, -g.bet_total, now() "
    "FROM gameround g JOIN crash_bet b ON g.vendor = 'BGS' AND g.round_id = 'crash-' || b.id "
    "WHERE b.round_id = :round",
    "INSERT INTO walletcall (vendor, transaction_id, kind, round_id, member_id, game_code, "
    "amount, status, answer, created_at) "
    "SELECT 'BGS', 'crash-' || b.id || :win, 'CREDIT', 'crash-' || b.id, b.member_id, "
    "'BGS_CRASH', 0, 'OK', '{}'::json, now() FROM crash_bet b WHERE b.round_id = :round",
    "UPDATE crash_bet SET paid_at = now() WHERE round_id = :round",
)


def _ms(samples: list[float], percentile: int) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * percentile / 100))] * 1000


@dataclass
class Timings:
    driver: list[float] = field(default_factory=list)  # seconds per empty round
    cash: list[float] = field(default_factory=list)  # seconds per cash-out
    cash_rates: list[float] = field(default_factory=list)  # cash-outs per second, per round
    floor: list[float] = field(default_factory=list)  # seconds per bare cash-out
    floor_rates: list[float] = field(default_factory=list)
    settle: list[float] = field(default_factory=list)  # seconds per settling pass
    lost_settle: list[float] = field(default_factory=list)  # every bet lost: the round's settlement
    lost_floor: list[float] = field(default_factory=list)  # the same by set statements
    statements: list[int] = field(default_factory=list)  # per round: sent by its cash-outs
    refused: int = 0


async def _players(count: int) -> list[tuple[int, rounds.Player]]:
    from tests.helpers.accounts import make_member
    from tests.helpers.money import fund

    found = []
    for _ in range(count):
        member = await make_member(BRAND)
        assert member.id is not None
        await fund(member.id, "1000.00")
        token = await wallet.open_session(
            member=member,
            vendor=STUDIO_VENDOR,
            game_code=crash_rounds.CODE,
            currency="BRL",
        )
        session = await wallet.authenticate(STUDIO_VENDOR, token)
        found.append((member.id, rounds.member_player(session)))
    return found


async def _latest(merchant_id: int) -> CrashRound:
    async with session_scope() as session:
        row = await crash_rounds.latest(session, merchant_id)
    assert row is not None
    return row


def _to(moment: Any) -> None:
    clock.advance((moment - clock.now()).total_seconds())


async def _next_round(merchant_id: int) -> CrashRound:
    """Past the last round's crash and pause; one driver pass settles it and opens the next."""
    last = await _latest(merchant_id)
    _to(last.crash_at + crash_rounds.PAUSE + timedelta(milliseconds=1))
    await crash_rounds.drive(clock.now())
    row = await _latest(merchant_id)
    assert row.id != last.id, "the chain ran out"
    return row


async def _all(calls: list[Callable[[], Awaitable[Any]]]) -> tuple[float, list[float]]:
    """Run the calls at once; the wall time and each call's own time."""
    spent: list[float] = []

    async def timed(call: Callable[[], Awaitable[Any]]) -> None:
        started = time.perf_counter()
        await call()
        spent.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(timed(call) for call in calls))
    return time.perf_counter() - started, spent


async def _bare(merchant_id: int, round_pk: int, member_id: int, bet_id: int) -> None:
    """A cash-out's statements without the service: the decision, then the paid mark."""
    async with get_engine().begin() as conn:
        await conn.execute(ROUND_SQL, {"merchant": merchant_id})
        await conn.execute(LOCK_SQL, {"round": round_pk, "member": member_id})
        await conn.execute(CASH_SQL, {"bet": bet_id})
    async with get_engine().begin() as conn:
        await conn.execute(READ_SQL, {"bet": bet_id})
        await conn.execute(PAID_SQL, {"bet": bet_id})


async def _round_with_bets(
    merchant_id: int, players: list[tuple[int, rounds.Player]], timings: Timings
) -> None:
    row = await _next_round(merchant_id)
    while row.crash_hundredths < MIN_CRASH:
        row = await _next_round(merchant_id)
    await _all([partial(bets.place, p, merchant_id, 1, STAKE, "") for _, p in players])
    _to(row.started_at + timedelta(milliseconds=fairness.duration_ms(row.crash_hundredths) // 2))
    counted = [0]

    def count(*_: Any) -> None:
        counted[0] += 1

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", count)
    try:

        async def cash(member_id: int) -> None:
            try:
                await bets.cash_out(member_id, merchant_id, 1)
            except AppError:  # a refusal is counted, not a failure of the run
                timings.refused += 1

        wall, spent = await _all([partial(cash, m) for m, _ in players])
    finally:
        event.remove(engine, "before_cursor_execute", count)
    timings.statements.append(counted[0])
    timings.cash += spent
    timings.cash_rates.append(len(players) / wall)
    async with session_scope() as session:
        placed = (
            await session.exec(
                select(CrashBet.member_id, CrashBet.id).where(col(CrashBet.round_id) == row.id)
            )
        ).all()
    wall, spent = await _all(
        [partial(_bare, merchant_id, row.id or 0, m, b or 0) for m, b in placed]
    )
    timings.floor += spent
    timings.floor_rates.append(len(placed) / wall)
    _to(row.crash_at + timedelta(milliseconds=1))
    started = time.perf_counter()
    await crash_rounds.drive(clock.now())
    timings.settle.append(time.perf_counter() - started)


async def _lost_round(
    merchant_id: int, players: list[tuple[int, rounds.Player]], timings: Timings
) -> None:
    """Every player bets and rides into the crash: the round's settlement, against the set
    statements of the same settlement (in a transaction rolled back, just before)."""
    row = await _next_round(merchant_id)
    await _all([partial(bets.place, p, merchant_id, 1, STAKE, "") for _, p in players])
    _to(row.crash_at + timedelta(milliseconds=1))
    async with get_engine().connect() as conn:
        started = time.perf_counter()
        async with conn.begin() as transaction:
            for statement in SETTLE_SQL:
                await conn.execute(text(statement), {"round": row.id, "win": ":win"})
            await transaction.rollback()
        timings.lost_floor.append(time.perf_counter() - started)
    started = time.perf_counter()
    settled = await crash_rounds.settle(row.id or 0, clock.now())
    timings.lost_settle.append(time.perf_counter() - started)
    assert settled and await _latest_settled(row.id or 0), "the round was not settled"


async def _latest_settled(round_pk: int) -> bool:
    async with session_scope() as session:
        found = await session.get(CrashRound, round_pk)
    return found is not None and found.status == "SETTLED"


async def _measure() -> Timings:
    timings = Timings()
    try:
        await seed_demo_data()
        length = EMPTY_ROUNDS + 20 * ROUNDS + 10
        await chains.create_chain(BRAND, length, "1.00")
        await chains.set_salt(BRAND, "bench-beacon-round-1", clock.now())
        clock.freeze()
        merchant_id = (await brands.by_code(BRAND)).id
        await crash_rounds.drive(clock.now())  # the first round
        players = await _players(PLAYERS)
        for _ in range(EMPTY_ROUNDS):
            started = time.perf_counter()
            await _next_round(merchant_id)
            timings.driver.append(time.perf_counter() - started)
        for _ in range(ROUNDS):
            await _round_with_bets(merchant_id, players, timings)
        for _ in range(ROUNDS):
            await _lost_round(merchant_id, players, timings)
        return timings
    finally:
        await dispose_engine()


def measure(url: str) -> list[Figure]:
    timings = asyncio.run(_measure())
    cash_p95, floor_p95 = _ms(timings.cash, 95), _ms(timings.floor, 95)
    cash_rate = sum(timings.cash_rates) / len(timings.cash_rates)
    floor_rate = sum(timings.floor_rates) / len(timings.floor_rates)
    lost, lost_floor = _ms(timings.lost_settle, 50), _ms(timings.lost_floor, 50)
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("concurrent players", PLAYERS, ""),
        Figure(
            "round driver, rounds without bets",
            len(timings.driver) / sum(timings.driver),
            "rounds/s",
        ),
        Figure("cash-outs, all players at once", cash_rate, "cash-outs/s"),
        Figure("cash-out p50", _ms(timings.cash, 50), "ms"),
        Figure("cash-out p95", cash_p95, "ms"),
        Figure("cash-outs refused", timings.refused, ""),
        Figure("statements per cash-out (mean)", sum(timings.statements) / (PLAYERS * ROUNDS), ""),
        Figure("floor: bare statements of a cash-out, same concurrency", floor_rate, "cash-outs/s"),
        Figure("floor p95", floor_p95, "ms"),
        Figure("cash-out p95 / floor p95", cash_p95 / floor_p95, "x"),
        Figure("cash-out rate / floor rate", cash_rate / floor_rate, "x"),
        Figure("settling pass after the crash (nothing riding)", _ms(timings.settle, 50), "ms"),
        Figure("the round's settlement, every bet lost (median)", lost, "ms"),
        Figure("floor: the same settlement by set statements (median)", lost_floor, "ms"),
        Figure("settlement speed / set statements' speed", lost_floor / lost * 100, "%",
               ">= 50 %", lost_floor / lost >= 0.5),
    ]  # fmt: skip


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
