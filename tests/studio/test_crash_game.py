"""Crash: the hash chain and the crash point (pure), and the service on a real database and the
seamless wallet: bets, cash-outs decided by the server's clock, one settlement per round, also
through a restart and against racing calls."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import subprocess
import sys
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from uuid import uuid4

import pytest
from sqlalchemy import Numeric, cast, literal, update
from sqlmodel import col, select

from app.core import clock
from app.core.cache import get_redis
from app.core.config import PROJECT_ROOT
from app.core.db import get_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.security import encrypt_secret, token_digest
from app.jobs import crash as driver
from app.services import exclusion, ledger
from app.services.promotions import bonus
from app.services.seamless import losses, wallet
from app.services.seamless.port import STUDIO_VENDOR, WalletCall
from app.services.studio import rounds as studio_rounds
from app.services.studio.crash import bets, chains, demo, fairness, follow
from app.services.studio.crash import rounds as crash_rounds
from models.crash import CrashBetStatus, CrashRound, CrashRoundStatus
from models.facts import FactKind
from models.games import WalletCall as WalletCallRow
from tests.helpers.crash_game import (
    at_ms,
    bet_row,
    bets_of,
    brand_id,
    clear_brand,
    crash_player,
    facts_of,
    fresh_round,
    player_of,
    round_row,
    wins_of,
)
from tests.helpers.money import cash, wager

SALT = "beacon-round-1234567"


# ---- fairness (pure) -------------------------------------------------------------------------


def test_the_chain_links_every_round_to_the_published_terminal_hash() -> None:
    length = 2_345  # past two checkpoints
    terminal, marks = fairness.build_chain(fairness.new_last_seed(), length)
    assert len(marks) == length // fairness.CHECKPOINT_EVERY + 1  # not the whole chain
    previous = terminal
    for index in range(1, length + 1):
        seed = fairness.seed_at(marks, index)
        assert fairness.sha256_hex(seed) == previous
        previous = seed
    for index in (1, 999, 1000, 1001, length):
        assert fairness.hashes_to(fairness.seed_at(marks, index), index) == terminal


@pytest.mark.parametrize("edge_bp", [0, 100, 300, 1499])
def test_the_crash_points_return_is_exactly_the_formula_for_every_target(edge_bp: int) -> None:
    """Every value of a 16-bit digest enumerated: the chance to reach each target is the
    formula's count, so the return of cashing out at t is t × count / 2^16, within t / 2^16
    under 1 − edge; with the game's 52 bits that gap is under 10^-11."""
    bits = 16
    span = 1 << bits
    points = [fairness.crash_of(r, edge_bp, bits) for r in range(span)]
    expected = Fraction(fairness.FULL_EDGE - edge_bp, fairness.FULL_EDGE)
    for target in (101, 150, 199, 200, 333, 1000, 5000):
        reaching = sum(1 for p in points if p >= target)
        assert reaching == fairness.winning_values(target, edge_bp, bits)
        rtp = fairness.rtp(target, edge_bp, bits)
        assert rtp == Fraction(target, 100) * Fraction(reaching, span)
        assert expected - Fraction(target, 100 * span) < rtp <= expected
        assert expected - Fraction(target, 100 << fairness.BITS) < fairness.rtp(target, edge_bp)
    assert min(points) == fairness.SHOWN_FLOOR


def test_the_curve_reaches_each_crash_point_at_its_duration() -> None:
    for hundredths in (100, 101, 150, 200, 1234, 100_000):
        ms = fairness.duration_ms(hundredths)
        assert fairness.multiplier_at(ms) >= hundredths
        assert ms == 0 or fairness.multiplier_at(ms - 1) < hundredths


@pytest.mark.parametrize(
    "typed", ["crash-2147483648", "crash-999999999999", "crash-", "crash-1.5", "lottery-7", "7"]
)
def test_a_round_id_no_row_can_have_is_an_unknown_round(typed: str) -> None:
    """Past PostgreSQL's INTEGER range too: the verify page says "unknown round", never a
    database error."""
    with pytest.raises(AppError) as refused:
        crash_rounds.round_pk(typed)
    assert refused.value.code == "crash-round-unknown"


def test_brazils_floor_refuses_a_house_edge_under_85_percent_return() -> None:
    floor = Decimal("0.85")
    assert chains.edge_basis_points("14.99", floor) == 1499
    for refused in ("15.00", "20", "-1", "1.234", "abc", "60"):
        with pytest.raises(AppError):
            chains.edge_basis_points(refused, floor)
    assert chains.edge_basis_points("20", Decimal(0)) == 2000


# ---- rounds and bets -------------------------------------------------------------------------


async def test_brazil_brand_refuses_a_chain_under_its_floor() -> None:
    with pytest.raises(AppError) as refused:
        await chains.create_chain("BR1", 10, "15.00")
    assert refused.value.code == "crash-edge-over-floor"


async def round_reaching(hundredths: int) -> CrashRound:
    """A fresh chain's first round whose crash point reaches `hundredths`."""
    return await fresh_round(crash_from=hundredths)


# A cash-out decides by reading the round itself, or (the live socket) on the round its process
# last saw flying: on PostgreSQL in one statement, which must decide exactly as the steps do.
SEEN = pytest.mark.parametrize("seen", [False, True], ids=["round-read", "round-seen"])


def seen_flying(row: CrashRound, seen: bool) -> crash_rounds.Flying | None:
    return crash_rounds.Flying(row.id or 0, row.started_at) if seen else None


async def test_every_round_verifies_and_the_salt_is_fixed_once() -> None:
    row = await fresh_round(length=12)
    merchant_id = await brand_id()
    with pytest.raises(AppError) as fixed:
        await chains.set_salt("BR1", "another", clock.now())
    assert fixed.value.code == "crash-salt-fixed"
    with pytest.raises(AppError) as early:
        await crash_rounds.verify(crash_rounds.public_id(row), merchant_id)
    assert early.value.code == "crash-round-not-settled"
    played = []
    for _ in range(6):  # six rounds driven through betting, flight, crash and the pause
        latest = await crash_rounds.current(merchant_id, clock.now())
        assert latest is not None and latest.crash is None  # never shown before the crash
        at_ms(await round_row(crash_rounds.round_pk(latest.round_id)), 10**7)
        await crash_rounds.drive(clock.now())
        played.append(latest.round_id)
    for round_id in played:
        check = await crash_rounds.verify(round_id, merchant_id)
        assert check.matches and check.salt == SALT
        assert check.recomputed == check.stored
    numbers = [(await crash_rounds.verify(r)).number for r in played]
    assert numbers == list(range(1, 7))
    # a crash point changed in the database no longer verifies
    pk = crash_rounds.round_pk(played[2])
    async with write_transaction() as session:
        await session.exec(
            update(CrashRound)
            .where(col(CrashRound.id) == pk)
            .values(crash_hundredths=CrashRound.crash_hundredths + 1)
        )
    assert not (await crash_rounds.verify(played[2])).matches


async def test_two_bets_at_most_and_only_while_betting() -> None:
    row = await fresh_round()
    merchant_id = await brand_id()
    member, player = await crash_player("50.00")
    await bets.place(player, merchant_id, 1, "2.00", "")
    await bets.place(player, merchant_id, 2, "3,00", "2.50")
    for slot, code in ((1, "crash-slot-taken"), (3, "crash-slot-invalid")):
        with pytest.raises(AppError) as refused:
            await bets.place(player, merchant_id, slot, "1.00", "")
        assert refused.value.code == code
    with pytest.raises(AppError) as target:
        await bets.place(player, merchant_id, 2, "1.00", "1.00")
    assert target.value.code == "crash-target-invalid"
    assert await cash(member) == Decimal("45.00")
    at_ms(row, 0)
    _, other = await crash_player()
    with pytest.raises(AppError) as closed:
        await bets.place(other, merchant_id, 1, "1.00", "")
    assert closed.value.code == "crash-betting-closed"


async def test_a_bet_for_a_round_whose_betting_closed_while_it_waited_is_refused() -> None:
    """A bet is for the round the page's board showed taking bets: one that waited its turn
    until that round's curve started is refused at once, with no money moved, rather than
    carried into the round that takes bets next."""
    row = await fresh_round()
    merchant_id = await brand_id()
    board = await crash_rounds.board(merchant_id, clock.now())
    assert board.state is not None and board.state.phase == crash_rounds.Phase.BETTING
    seen = crash_rounds.Flying(crash_rounds.round_pk(board.state.round_id), row.started_at)
    member, player = await crash_player("10.00")
    placed = await bets.place(player, merchant_id, 1, "2.00", "", betting=seen)
    at_ms(row, 0)  # its curve starts; then it crashes and the next round takes bets
    await clear_brand(merchant_id)
    following = await crash_rounds.open_next(merchant_id, clock.now())
    assert following is not None and following.started_at > clock.now()
    with pytest.raises(AppError) as closed:
        await bets.place(player, merchant_id, 2, "1.00", "", betting=seen)
    assert closed.value.code == "crash-betting-closed"
    assert [bet.id for bet in await bets_of(row.id or 0)] == [placed.bet_id]
    assert await bets_of(following.id or 0) == []
    assert await cash(member) == Decimal("8.00")


async def test_the_pages_of_a_process_share_one_read_and_a_member_reads_their_own_bets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every open Crash tab of a process follows one board: one database read serves them
    all for SHARED_SECONDS, and a bet or a cash-out does not drop it (with a thousand
    players, each would read the round's every bet again); the member's own bets are read for
    them alone, so they show at once; the board has them after SHARED_SECONDS."""
    reads: list[int] = []
    read = crash_rounds._read

    async def counted(merchant_id: int) -> object:
        reads.append(merchant_id)
        return await read(merchant_id)

    monkeypatch.setattr(crash_rounds, "_read", counted)
    row = await round_reaching(151)
    merchant_id = await brand_id()
    crash_rounds.forget_reads()
    first = await crash_rounds.board(merchant_id, clock.now())
    member, player = await crash_player("50.00")
    assert member.id is not None
    await bets.place(player, merchant_id, 2, "2.00", "")
    again = await crash_rounds.board(merchant_id, clock.now())
    assert len(reads) == 1 and first.state and again.state
    assert again.state.round_id == first.state.round_id == crash_rounds.public_id(row)
    (own,) = await crash_rounds.own_bets(member.id, merchant_id, clock.now())
    assert (own.round_id, own.slot, own.status) == (again.state.round_id, 2, CrashBetStatus.OPEN)
    await asyncio.sleep(crash_rounds.SHARED_SECONDS)
    placed = await crash_rounds.board(merchant_id, clock.now())
    assert len(reads) == 2 and placed.state
    assert placed.slots_of(member.id) == {2: (CrashBetStatus.OPEN, None)}
    assert placed.state.bettors == 1 and placed.state.feed[0].stake == Decimal("2.00")
    at_ms(row, fairness.duration_ms(150))
    await bets.cash_out(member.id, merchant_id, 2)
    (own,) = await crash_rounds.own_bets(member.id, merchant_id, clock.now())
    assert (own.status, own.cashout) == (CrashBetStatus.CASHED, Decimal("1.50"))
    await asyncio.sleep(crash_rounds.SHARED_SECONDS)
    cashed = await crash_rounds.board(merchant_id, clock.now())
    assert len(reads) == 3
    assert cashed.slots_of(member.id) == {2: (CrashBetStatus.CASHED, Decimal("1.50"))}


async def test_the_follower_wakes_every_page_for_the_round_and_a_member_for_their_bets() -> None:
    """One follower per brand and process: the live sockets of every Crash tab wake when the
    round takes off; a member's page wakes when their own bets change, never for another's."""
    row = await fresh_round(crash_from=120)  # still flying 100 ms after its start
    merchant_id = await brand_id()
    member, player = await crash_player("50.00")
    other, _ = await crash_player()
    assert member.id is not None and other.id is not None
    live = follow.follower(merchant_id)
    assert live.round_id() is None  # nobody follows: a page reads the round itself
    public, mine, theirs = live.public(), live.own(member.id, 30), live.own(other.id, 30)
    first = await anext(public)
    assert first.board.state is not None and first.board.state.phase == "betting"
    assert live.round_id() == first.board.state.round_id  # the pages' watches read it here
    assert await anext(mine) == {} and await anext(theirs) == {}
    their_next = asyncio.ensure_future(anext(theirs))
    try:
        await bets.place(player, merchant_id, 1, "2.00", "")
        assert await asyncio.wait_for(anext(mine), 5) == {1: (CrashBetStatus.OPEN, None)}
        at_ms(row, 100)
        seen = first
        while seen.board.state is not None and seen.board.state.phase == "betting":
            seen = await asyncio.wait_for(anext(public), 5)  # the feed may come first
        assert seen.generation > first.generation
        assert seen.board.state is not None and seen.board.state.phase == "running"
        await asyncio.sleep(3 * follow.FOLLOW_SECONDS)
        assert not their_next.done()
    finally:
        their_next.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await their_next
        for listener in (public, mine, theirs):
            await listener.aclose()
    await asyncio.sleep(2 * follow.FOLLOW_SECONDS)
    assert live.round_id() is None  # what it last saw may grow old: not handed out


@pytest.mark.engines
@SEEN
async def test_a_cash_out_after_the_crash_is_refused_and_the_bet_lost_once(seen: bool) -> None:
    row = await round_reaching(120)
    flying = seen_flying(row, seen)
    merchant_id = await brand_id()
    winner, first = await crash_player("20.00")
    loser, second = await crash_player("20.00")
    one = await bets.place(first, merchant_id, 1, "10.00", "")
    two = await bets.place(second, merchant_id, 1, "10.00", "")
    crash_ms = fairness.duration_ms(row.crash_hundredths)
    at_ms(row, fairness.duration_ms(110))
    cashed = await bets.cash_out(winner.id or 0, merchant_id, 1, flying)
    assert cashed.multiplier == Decimal("1.10") and cashed.payout == Decimal("11.00")
    at_ms(row, crash_ms)  # the crash instant: too late
    with pytest.raises(AppError) as late:
        await bets.cash_out(loser.id or 0, merchant_id, 1, flying)
    assert late.value.code == "crash-too-late"
    for _ in range(2):
        await crash_rounds.drive(clock.now())
    assert (await bet_row(two.bet_id)).status == CrashBetStatus.LOST
    assert (await round_row(row.id or 0)).status == CrashRoundStatus.SETTLED
    assert await cash(winner) == Decimal("21.00")
    assert await cash(loser) == Decimal("10.00")
    for bet_id in (one.bet_id, two.bet_id):
        assert [f.kind for f in await facts_of(bet_id)] == [FactKind.SETTLED]


@pytest.mark.engines  # PostgreSQL reads and writes the batch's lists as arrays
async def test_a_rounds_losers_settle_in_one_wallet_batch_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bets that rode into the crash: their zero credits made together
    (seamless/losses.py), one SETTLED fact each; made again (a driver that died before the
    paid mark) they are repeats and nothing is written twice; a call naming another
    member's round is stored refused, as the one-at-a-time credit would."""
    row = await round_reaching(120)
    merchant_id = await brand_id()
    players = [await crash_player("20.00") for _ in range(3)]
    placed = [await bets.place(player, merchant_id, 1, "5.00", "") for _, player in players]
    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    one_at_a_time: list[int] = []

    async def single(bet_id: int) -> None:
        one_at_a_time.append(bet_id)

    monkeypatch.setattr(crash_rounds, "pay", single)
    await crash_rounds.drive(clock.now())
    assert one_at_a_time == []  # every loss went in the batch
    assert (await round_row(row.id or 0)).status == CrashRoundStatus.SETTLED
    calls = [
        losses.Loss(
            token_digest(player.token),
            WalletCall(
                f"crash-{bet.bet_id}:win", f"crash-{bet.bet_id}", crash_rounds.CODE, Decimal(0)
            ),
        )
        for (_, player), bet in zip(players, placed, strict=True)
    ]
    for bet in placed:
        assert (await bet_row(bet.bet_id)).paid_at is not None
        assert [f.kind for f in await facts_of(bet.bet_id)] == [FactKind.SETTLED]
    async with write_transaction() as session:
        again = await losses.credit_losses(session, STUDIO_VENDOR, calls)
    assert set(again.values()) == {"OK"} and len(again) == 3
    for bet in placed:
        assert [f.kind for f in await facts_of(bet.bet_id)] == [FactKind.SETTLED]
    for member, _ in players:
        assert await cash(member) == Decimal("15.00")
    stranger = losses.Loss(
        token_digest(players[1][1].token),
        WalletCall("crash-x:win", f"crash-{placed[0].bet_id}", crash_rounds.CODE, Decimal(0)),
    )
    async with write_transaction() as session:
        refused = await losses.credit_losses(session, STUDIO_VENDOR, [stranger])
    assert refused == {"crash-x:win": "REFUSED"}
    assert [f.kind for f in await facts_of(placed[0].bet_id)] == [FactKind.SETTLED]


@pytest.mark.engines  # PostgreSQL settles the plain losses by one set statement
async def test_a_batched_loss_writes_what_the_one_at_a_time_credit_writes() -> None:
    """A loss made in a batch (on PostgreSQL by `losses.SETTLE_PLAIN`) stores the same call
    and the same SETTLED fact as the wallet's own credit of zero; a call named twice in the
    batch is made once."""
    row = await round_reaching(120)
    merchant_id = await brand_id()
    players = [await crash_player("20.00") for _ in range(2)]
    placed = [await bets.place(player, merchant_id, 1, "5.00", "") for _, player in players]
    calls = [
        WalletCall(f"crash-{bet.bet_id}:win", f"crash-{bet.bet_id}", crash_rounds.CODE, Decimal(0))
        for bet in placed
    ]
    batch = losses.Loss(token_digest(players[0][1].token), calls[0])
    async with write_transaction() as session:
        made = await losses.credit_losses(session, STUDIO_VENDOR, [batch, batch])
    assert made == {calls[0].transaction_id: "OK"}
    answer = await wallet.credit(STUDIO_VENDOR, players[1][1].token, calls[1])
    assert answer.status == "OK"

    def same(rows: list[dict[str, object]], *also: str) -> None:
        skipped = {"id", "txid", "member_id", "round_id", "round_ref", "transaction_id", *also}
        assert len(rows) == 2
        assert [{k: v for k, v in r.items() if k not in skipped} for r in rows].count(
            {k: v for k, v in rows[0].items() if k not in skipped}
        ) == 2, rows

    same([fact.model_dump() for bet in placed for fact in await facts_of(bet.bet_id)], "settled_at")
    async with session_scope() as session:
        stored = (
            await session.exec(
                select(WalletCallRow).where(
                    col(WalletCallRow.transaction_id).in_([c.transaction_id for c in calls])
                )
            )
        ).all()
    # The batch answers without the balance: a zero credit reads none (losses.py).
    same([call.model_dump() for call in stored], "answer", "created_at")
    assert [call.answer["status"] for call in stored] == ["OK", "OK"]
    for member, _ in players:
        assert await cash(member) == Decimal("15.00")
    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    await crash_rounds.drive(clock.now())  # both calls are repeats: nothing is written again
    assert [len(await facts_of(bet.bet_id)) for bet in placed] == [1, 1]


@pytest.mark.engines
@SEEN
@pytest.mark.parametrize("offset_ms", [-1, 0])
async def test_racing_cash_outs_and_the_crash_settle_once(offset_ms: int, seen: bool) -> None:
    """The same bet cashed out four times at once while the round is settled, one
    millisecond before the crash and at its instant: the bet ends once, paid once."""
    row = await round_reaching(105)
    merchant_id = await brand_id()
    member, player = await crash_player("10.00")
    placed = await bets.place(player, merchant_id, 1, "10.00", "")
    at_ms(row, fairness.duration_ms(row.crash_hundredths) + offset_ms)
    results = await asyncio.gather(
        *(bets.cash_out(member.id or 0, merchant_id, 1, seen_flying(row, seen)) for _ in range(4)),
        crash_rounds.settle(row.id or 0, clock.now()),
        crash_rounds.drive(clock.now()),
        return_exceptions=True,
    )
    cash_outs = results[:4]
    won = [r for r in cash_outs if isinstance(r, bets.CashedOut)]
    refusals = {r.code for r in cash_outs if isinstance(r, AppError)}
    assert not [r for r in results if isinstance(r, Exception) and not isinstance(r, AppError)]
    bet = await bet_row(placed.bet_id)
    if offset_ms < 0:
        assert len(won) == 1 and refusals == {"crash-not-riding"}
        assert bet.status == CrashBetStatus.CASHED
        assert await cash(member) == won[0].payout
        assert await wins_of(placed.bet_id) == 1
    else:
        assert not won and refusals <= {"crash-too-late", "crash-not-riding"}
        assert bet.status == CrashBetStatus.LOST
        assert await cash(member) == Decimal("0.00")
    await crash_rounds.drive(clock.now() + crash_rounds.PAUSE)
    assert (await round_row(row.id or 0)).status == CrashRoundStatus.SETTLED
    assert len(await facts_of(placed.bet_id)) == 1


async def test_a_restart_mid_round_settles_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process dies after deciding a cash-out but before paying it, and another while a
    stake was being taken: the next drivers (two at once, then again) settle it all once."""
    row = await round_reaching(110)
    merchant_id = await brand_id()
    cashing, first = await crash_player("10.00")
    riding, second = await crash_player("10.00")
    stuck, third = await crash_player("10.00")
    await bets.place(first, merchant_id, 1, "10.00", "")
    await bets.place(second, merchant_id, 1, "10.00", "")

    async def dies(*_: object) -> None:
        raise RuntimeError("the process was killed")

    monkeypatch.setattr(bets, "_stake", dies)
    with pytest.raises(RuntimeError):
        await bets.place(third, merchant_id, 1, "5.00", "")
    monkeypatch.setattr(bets, "pay_bet", dies)
    at_ms(row, fairness.duration_ms(105))
    with pytest.raises(RuntimeError):
        await bets.cash_out(cashing.id or 0, merchant_id, 1)
    monkeypatch.undo()
    at_ms(row, fairness.duration_ms(row.crash_hundredths) + 10)
    await asyncio.gather(crash_rounds.drive(clock.now()), crash_rounds.drive(clock.now()))
    await crash_rounds.drive(clock.now())
    assert (await round_row(row.id or 0)).status == CrashRoundStatus.SETTLED
    assert await cash(cashing) == Decimal("10.50")
    assert await cash(riding) == Decimal("0.00")
    assert await cash(stuck) == Decimal("10.00")  # its stake never left
    statuses = [b.status for b in await bets_of(row.id or 0)]
    assert sorted(statuses) == sorted(
        [CrashBetStatus.CASHED, CrashBetStatus.LOST, CrashBetStatus.VOIDED]
    )
    async with session_scope() as session:
        assert (await ledger.audit(session)).differences == ()


async def test_an_automatic_cash_out_pays_its_target_when_the_curve_passes_it() -> None:
    row = await round_reaching(130)
    merchant_id = await brand_id()
    member, player = await crash_player("10.00")
    over, other = await crash_player("10.00")
    placed = await bets.place(player, merchant_id, 1, "10.00", "1.25")
    beyond = str(Decimal(row.crash_hundredths + 1) / 100)
    missed = await bets.place(other, merchant_id, 1, "10.00", beyond)
    at_ms(row, fairness.duration_ms(125) + 50)
    await crash_rounds.drive(clock.now())
    bet = await bet_row(placed.bet_id)
    assert (bet.status, bet.cashout_hundredths, bet.payout) == (
        CrashBetStatus.CASHED,
        125,
        Decimal("12.50"),
    )
    assert await cash(member) == Decimal("12.50")
    with pytest.raises(AppError):  # a late click pays nothing more
        await bets.cash_out(member.id or 0, merchant_id, 1)
    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    await crash_rounds.drive(clock.now())
    assert (await bet_row(missed.bet_id)).status == CrashBetStatus.LOST
    assert await cash(over) == Decimal("0.00")


@pytest.mark.engines
@SEEN
async def test_a_click_after_the_curve_passed_the_target_pays_the_target(seen: bool) -> None:
    """The driver has not yet cashed the bet at its target when the player clicks: the target
    came first, so the target is paid, not the curve of the click."""
    row = await round_reaching(140)
    merchant_id = await brand_id()
    member, player = await crash_player("10.00")
    await bets.place(player, merchant_id, 1, "3.33", "1.25")
    at_ms(row, fairness.duration_ms(130))
    cashed = await bets.cash_out(member.id or 0, merchant_id, 1, seen_flying(row, seen))
    assert (cashed.multiplier, cashed.payout) == (Decimal("1.25"), Decimal("4.16"))
    assert await cash(member) == Decimal("10.83")


@pytest.mark.engines
async def test_a_round_seen_wrongly_is_decided_by_the_round_itself() -> None:
    """A start that is not the round's (a process that saw it wrong) or an ended round: the
    one statement cashes nothing, and the round read again decides."""
    row = await round_reaching(150)
    merchant_id = await brand_id()
    members = [await crash_player("10.00") for _ in range(3)]
    for _, player in members:
        await bets.place(player, merchant_id, 1, "10.00", "")
    at_ms(row, fairness.duration_ms(120))
    started = row.started_at
    wrong = [
        crash_rounds.Flying(row.id or 0, started - timedelta(seconds=1)),  # would pay more
        crash_rounds.Flying((row.id or 0) - 1, started),
        crash_rounds.Flying(row.id or 0, started + timedelta(hours=1)),  # not yet started
    ]
    for (member, _), flying in zip(members, wrong, strict=True):
        cashed = await bets.cash_out(member.id or 0, merchant_id, 1, flying)
        assert (cashed.multiplier, cashed.payout) == (Decimal("1.20"), Decimal("12.00"))


@pytest.mark.engines
@SEEN
async def test_a_cash_out_of_a_member_whose_game_session_ended_is_refused(seen: bool) -> None:
    row = await round_reaching(150)
    merchant_id = await brand_id()
    member, player = await crash_player("10.00")
    placed = await bets.place(player, merchant_id, 1, "10.00", "")
    at_ms(row, fairness.duration_ms(120))
    with pytest.raises(AppError) as refused:
        await bets.decide_cash_out(
            member.id or 0, merchant_id, 1, game_session="ended", flying=seen_flying(row, seen)
        )
    assert refused.value.code == "not-logged-in"
    assert (await bet_row(placed.bet_id)).status == CrashBetStatus.OPEN


@pytest.mark.engines
async def test_the_payout_in_sql_is_the_games_payout() -> None:
    """The one statement's payout (PostgreSQL's numeric) against `GameSpec.payout`."""
    if get_engine().dialect.name != "postgresql":
        pytest.skip("the one statement is PostgreSQL's")
    stakes = ["0.10", "0.99", "1.00", "3.33", "10.01", "123.45", "500.00"]
    reached = [101, 133, 199, 257, 999, 1_234, 98_765, chains.MAX_TARGET + 1]
    spec = crash_rounds.SPEC
    async with session_scope() as session:
        for stake, hundredths in itertools.product(stakes, reached):
            bet = literal(Decimal(stake), Numeric(20, 2))
            multiplier = cast(literal(hundredths), Numeric) / 100  # as the statement has it
            paid = (await session.exec(select(spec.payout_in_sql(bet, multiplier)))).one()
            expected = spec.payout(Decimal(stake), Decimal(hundredths) / 100)
            assert paid == expected, (stake, hundredths)


async def test_demo_bets_ride_the_shared_round_with_the_demo_balance_only() -> None:
    """Fun money in the brand's round: the same rules (two slots, the server's clock, a
    target paid once), the demo balance moved, nothing in the round's bets or the feed."""
    row = await round_reaching(130)
    merchant_id = await brand_id()
    player = studio_rounds.demo_player("demo-crash-0123456789")
    start = await studio_rounds.balance(player)
    await demo.place(player, merchant_id, 1, "10.00", "")
    await demo.place(player, merchant_id, 2, "5.00", "1.25")
    with pytest.raises(AppError) as taken:
        await demo.place(player, merchant_id, 1, "1.00", "")
    assert taken.value.code == "crash-slot-taken"
    with pytest.raises(AppError) as early:
        await demo.cash_out(player, merchant_id, 1)
    assert early.value.code == "crash-not-started"
    assert await studio_rounds.balance(player) == start - 15
    assert (await crash_rounds.current(merchant_id, clock.now())).feed == ()  # type: ignore[union-attr]
    at_ms(row, fairness.duration_ms(110))
    cashed = await demo.cash_out(player, merchant_id, 1)
    assert (cashed.multiplier, cashed.payout) == (Decimal("1.10"), Decimal("11.00"))
    with pytest.raises(AppError) as again:  # a bet ends once
        await demo.cash_out(player, merchant_id, 1)
    assert again.value.code == "crash-not-riding"
    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    with pytest.raises(AppError) as late:  # bet 2 rode past its target, then the crash
        await demo.cash_out(player, merchant_id, 2)
    assert late.value.code == "crash-too-late"
    shown = {
        b.slot: (b.status, b.cashout, b.payout)
        for b in await demo.current(player, merchant_id, clock.now())
    }
    assert shown == {
        1: (CrashBetStatus.CASHED, Decimal("1.10"), Decimal("11.00")),
        2: (CrashBetStatus.CASHED, Decimal("1.25"), Decimal("6.25")),
    }
    assert await studio_rounds.balance(player) == start - 15 + Decimal("17.25")
    with pytest.raises(AppError) as member:  # a member's session is not a demo player
        _, real = await crash_player()
        await demo.place(real, merchant_id, 1, "1.00", "")
    assert member.value.code == "play-demo-invalid"


async def test_the_wallet_refuses_a_self_excluded_member_and_a_short_balance() -> None:
    await fresh_round()
    merchant_id = await brand_id()
    member, player = await crash_player("1.00")
    with pytest.raises(AppError) as short:
        await bets.place(player, merchant_id, 1, "2.00", "")
    assert short.value.code == "play-bet-over-balance"
    await exclusion.exclude(member, "COOLING_OFF", 7, clock.now())
    fresh = await player_of(member)  # the exclusion ended the last session
    with pytest.raises(AppError) as excluded:
        await bets.place(fresh, merchant_id, 2, "1.00", "")
    assert excluded.value.code.startswith("protection-")
    assert await cash(member) == Decimal("1.00")


async def test_a_bet_above_an_open_bonus_max_bet_is_refused_and_takes_no_slot() -> None:
    await fresh_round()
    merchant_id = await brand_id()
    member, player = await crash_player("50.00")
    assert member.id is not None
    await wager(member.id, "1.00")  # Brazil: a bonus only after a bet
    terms = bonus.BonusTerms(
        amount=Decimal("20.00"), multiplier=10, weights={}, days=7, max_bet=Decimal("2.00")
    )
    await bonus.grant(member.id, terms, f"test:{uuid4().hex}", clock.now())
    before = await cash(member)
    with pytest.raises(AppError) as refused:
        await bets.place(player, merchant_id, 1, "2.01", "")
    assert refused.value.code == "bonus-max-bet"
    assert translate("bonus-max-bet", "pt", **refused.value.params).count("R$\u00a02,00") == 1
    assert await cash(member) == before
    await bets.place(player, merchant_id, 1, "2.00", "")  # the slot was not taken
    assert await cash(member) == before - 2


async def test_one_process_at_a_time_holds_the_drivers_lease() -> None:
    await get_redis().delete(driver.LEASE_KEY)
    assert await driver.hold_lease("worker-a")
    assert not await driver.hold_lease("worker-b")
    assert await driver.hold_lease("worker-a")  # renewed by its holder
    await get_redis().delete(driver.LEASE_KEY)  # the holder died: its lease ran out
    assert await driver.hold_lease("worker-b")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=PROJECT_ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=False,
    )


async def test_the_cli_makes_a_chain_fixes_its_salt_and_verifies_a_round() -> None:
    made = _cli("crash-chain", "BR1", "--length", "30", "--edge", "2.50")
    assert made.returncode == 0, made.stderr
    assert "return 97.50 %" in made.stdout
    assert _cli("crash-chain", "BR1", "--length", "30", "--edge", "15").returncode == 2
    assert _cli("crash-salt", "BR1", SALT).returncode == 0
    assert _cli("crash-salt", "BR1", "again").returncode == 2  # fixed once
    chain = await chains.published(await brand_id())
    assert chain is not None and chain.terminal_hash in made.stdout and chain.house_edge_bp == 250
    clock.freeze()
    merchant_id = await brand_id()
    await clear_brand(merchant_id)
    row = await crash_rounds.open_next(merchant_id, clock.now())
    assert row is not None
    at_ms(row, fairness.duration_ms(row.crash_hundredths))
    await crash_rounds.drive(clock.now())
    checked = _cli("crash-verify", crash_rounds.public_id(row))
    assert checked.returncode == 0, checked.stderr
    assert "matches: yes" in checked.stdout
    revealed = (await round_row(row.id or 0)).seed
    assert revealed is not None and revealed in checked.stdout
    assert _cli("crash-verify", "crash-999999999").returncode == 2


def test_a_bet_from_before_the_digest_column_is_found_by_its_token() -> None:
    token = "a-wallet-session-token"
    sealed = encrypt_secret(token, crash_rounds.SESSION_PURPOSE)
    older = crash_rounds.Unpaid(1, CrashBetStatus.LOST, Decimal(0), sealed, "")
    newer = crash_rounds.Unpaid(2, CrashBetStatus.LOST, Decimal(0), sealed, "stored-digest")
    assert older.session_digest == token_digest(token)
    assert newer.session_digest == "stored-digest"  # no decryption
