"""Crash rounds of a brand: opened, run and settled by one driver, read by everyone.

A round's phase is a function of its stored times and the clock: betting until `started_at`,
then the curve (fairness.multiplier_at) until `crash_at`, then crashed. The driver (the lease
holder of app/jobs/crash.py, or a test calling `drive`) only makes what time implies happen in
the database: it opens the next round after the pause, cashes out bets whose target the curve
passed, and settles a crashed round. Every step is guarded by the database, so a second driver,
a repeat or a restart in the middle changes nothing twice:

- one round per chain index (unique chain, number), made under the chain's row lock;
- a bet leaves OPEN (or PENDING) by one guarded update only, so it ends once;
- each bet's wallet call has its own transaction id (a repeat is the first answer) and
  `paid_at` marks it done; the round is SETTLED once every bet of it is paid, by a guarded
  update.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Numeric, Table, bindparam, case, cast, func, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import among, session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret, token_digest
from app.services.seamless.losses import Loss, credit_losses
from app.services.seamless.port import STUDIO_VENDOR, WalletCall
from app.services.seamless.studio_port import studio_wallet, studio_wallet_in_process
from app.services.studio.crash import chains, fairness
from app.services.studio.games import GameSpec
from models.base import MAX_ID
from models.crash import CrashBet, CrashBetStatus, CrashChain, CrashRound, CrashRoundStatus

logger = logging.getLogger(__name__)

CODE = "BGS_CRASH"
SPEC = GameSpec(
    code=CODE,
    sub_category="AC",
    rtp=Decimal("99.00"),
    min_bet=Decimal("0.10"),
    max_bet=Decimal(500),
    max_win_multiplier=Decimal(chains.MAX_TARGET) / 100,
)
BETS: Table = CrashBet.__table__  # type: ignore[attr-defined]
BETTING = timedelta(seconds=7)
PAUSE = timedelta(seconds=3)  # after a crash, before the next round's betting opens
SEED_PURPOSE = "crash-round-seed"
SESSION_PURPOSE = "crash-wallet-session"
OK = "OK"
FEED_LINES = 30  # the round's largest bets, in every player's feed
PAST_ROUNDS = 12  # the last crash points shown


class Phase:
    BETTING = "betting"
    RUNNING = "running"
    CRASHED = "crashed"


def phase_of(row: CrashRound, now: datetime) -> str:
    if now < row.started_at:
        return Phase.BETTING
    return Phase.RUNNING if now < row.crash_at else Phase.CRASHED


@dataclass(frozen=True)
class Flying:
    """The brand's round as a process last saw it taking bets or running (its live board): its
    row and the instant its curve starts, which never changes, so that a cash-out works the
    curve out before the one statement that decides it (`bets.decide_cash_out`)."""

    round_pk: int
    started_at: datetime


def elapsed_ms(row: CrashRound | Flying, now: datetime) -> int:
    return int((now - row.started_at) / timedelta(milliseconds=1))


def wallet_round(bet_id: int) -> str:
    return f"crash-{bet_id}"


def public_id(row: CrashRound | int) -> str:
    """The round's id (of its row, or its key) on the verify page and in the CLI."""
    return f"crash-{row if isinstance(row, int) else row.id}"


def round_pk(round_id: str) -> int:
    """The row of a public round id; anything else is an unknown round."""
    head, _, tail = round_id.strip().partition("-")
    if head != "crash" or not tail.isdigit() or len(tail) > 12 or int(tail) > MAX_ID:
        raise AppError("crash-round-unknown", 404)
    return int(tail)


# ---- driving --------------------------------------------------------------------------------


async def latest(session: AsyncSession, merchant_id: int) -> CrashRound | None:
    return (
        await session.exec(
            select(CrashRound)
            .where(CrashRound.merchant_id == merchant_id)
            .order_by(col(CrashRound.id).desc())
            .limit(1)
        )
    ).first()


async def open_next(merchant_id: int, now: datetime) -> CrashRound | None:
    """The brand's next round, when the last one crashed a pause ago and its chain has a salt
    and seeds left; made under the chain's row lock, one per chain index."""
    async with session_scope() as session:  # a read first: most passes have nothing to do
        chain = await chains.active_chain(session, merchant_id)
        last = await latest(session, merchant_id)
    if chain is None or chain.salt is None or (last is not None and now < last.crash_at + PAUSE):
        return None
    async with write_transaction() as session:
        chain = await chains.active_chain(session, merchant_id, lock=True)
        if chain is None or chain.salt is None or chain.next_index > chain.length:
            return None
        last = await latest(session, merchant_id)
        if last is not None and now < last.crash_at + PAUSE:
            return None
        row = _new_round(chain, now)
        chain.next_index += 1
        session.add(chain)
        session.add(row)
        await session.flush()
    return row


def _new_round(chain: CrashChain, now: datetime) -> CrashRound:
    assert chain.id is not None and chain.salt is not None
    seed = fairness.seed_at(chains.checkpoints(chain), chain.next_index)
    crash = fairness.crash_hundredths(seed, chain.salt, chain.house_edge_bp)
    started = now + BETTING
    return CrashRound(
        merchant_id=chain.merchant_id,
        chain_id=chain.id,
        number=chain.next_index,
        seed_encrypted=encrypt_secret(seed, SEED_PURPOSE),
        seed_hash=fairness.sha256_hex(seed),
        crash_hundredths=crash,
        house_edge_bp=chain.house_edge_bp,
        created_at=now,
        started_at=started,
        crash_at=started + timedelta(milliseconds=fairness.duration_ms(crash)),
    )


# The driver's reads, built once: it runs them five times a second in every deployment, and
# building a statement costs more CPU than the database takes to answer it.
_ACTIVE_CHAINS = select(CrashChain.merchant_id).where(col(CrashChain.active_merchant).is_not(None))
_OPEN_ROUNDS = select(CrashRound).where(CrashRound.status == CrashRoundStatus.OPEN)
_AUTO_DUE = select(CrashBet.id).where(
    CrashBet.round_id == bindparam("round_id"),
    CrashBet.status == CrashBetStatus.OPEN,
    col(CrashBet.auto_hundredths) <= bindparam("reached"),
)


async def drive(now: datetime) -> int:
    """One pass over every brand with Crash: settle what crashed, pay targets the curve passed,
    open the next rounds. Returns how many things changed.

    A brand whose round is still in the air needs no new one (the next opens a pause after
    its crash): the pass asks the chain only of brands without one, so the every-200-ms loop
    reads one table while a round flies."""
    async with session_scope() as session:
        merchants = set((await session.exec(_ACTIVE_CHAINS)).all())
        unsettled = (await session.exec(_OPEN_ROUNDS)).all()
    changed = 0
    flying: set[int] = set()
    for row in unsettled:
        assert row.id is not None
        merchants.add(row.merchant_id)
        # a write lock only when there is something to write (SQLite locks the whole file)
        if now >= row.crash_at:
            changed += await settle(row.id, now)
        else:
            flying.add(row.merchant_id)
            changed += await auto_cashouts(row, now)
    for merchant_id in sorted(merchants - flying):
        changed += int(await open_next(merchant_id, now) is not None)
    if changed:
        forget_reads()
    return changed


async def auto_cashouts(row: CrashRound, now: datetime) -> int:
    """Cash out the bets of an open round whose target the running curve has passed, at their
    target."""
    if phase_of(row, now) != Phase.RUNNING:
        return 0
    reached = fairness.multiplier_at(elapsed_ms(row, now))
    async with session_scope() as session:
        due = (await session.exec(_AUTO_DUE, params={"round_id": row.id, "reached": reached})).all()
    cashed = []
    async with write_transaction() as session:  # every bet due, in one transaction
        for bet_id in filter(None, due):
            bet = await _locked_bet(session, bet_id)
            if bet.status == CrashBetStatus.OPEN and bet.auto_hundredths is not None:
                cash(bet, row, bet.auto_hundredths)
                session.add(bet)
                cashed.append(bet_id)
    await pay_all(cashed)
    return len(cashed)


async def _locked_bet(session: AsyncSession, bet_id: int) -> CrashBet:
    return (
        await session.exec(select(CrashBet).where(CrashBet.id == bet_id).with_for_update())
    ).one()


def cash(bet: CrashBet, row: CrashRound, hundredths: int, at: datetime | None = None) -> None:
    """The bet cashed out at `hundredths` (below the round's crash point by construction) at
    `at`, or when the curve reached its target."""
    hundredths = min(hundredths, row.crash_hundredths)
    bet.status = CrashBetStatus.CASHED
    bet.cashout_hundredths = hundredths
    bet.payout = SPEC.payout(bet.stake, Decimal(hundredths) / 100)
    curve = row.started_at + timedelta(milliseconds=fairness.duration_ms(hundredths))
    bet.cashed_at = at or curve


def cashed_in_sql(reached: ColumnElement[int], at: ColumnElement[datetime]) -> dict[str, Any]:
    """`cash` at `at` as the values of one UPDATE of a bet joined with its round (PostgreSQL,
    whose numeric is exact as Decimal): the bet's own target where the curve passed it first,
    below the round's crash point, and `SPEC.payout` of it (rounded down to the cent)."""
    target = col(CrashBet.auto_hundredths)
    hundredths = func.least(
        case((target <= reached, target), else_=reached), col(CrashRound.crash_hundredths)
    )
    return {
        "status": CrashBetStatus.CASHED,
        "cashout_hundredths": hundredths,
        "payout": SPEC.payout_in_sql(BETS.c.stake, cast(hundredths, Numeric) / 100),
        "cashed_at": at,
    }


# A crashed round's bets still waiting for their wallet call, locked: a cash-out decided before
# the crash and not yet committed is waited for, and read as it ended.
_UNPAID = (
    core_select(
        col(CrashBet.id),
        col(CrashBet.status),
        col(CrashBet.payout),
        col(CrashBet.auto_hundredths),
        col(CrashBet.wallet_session_encrypted),
        col(CrashBet.wallet_session_digest),
    )
    .where(col(CrashBet.round_id) == bindparam("round_id"), col(CrashBet.paid_at).is_(None))
    .order_by(col(CrashBet.id))
    .with_for_update()
)
_ENDS = {CrashBetStatus.OPEN: CrashBetStatus.LOST, CrashBetStatus.PENDING: CrashBetStatus.VOIDED}


async def settle(round_id: int, now: datetime) -> int:
    """Settle a crashed round once: bets still riding end (at their target if the crash point
    reached it, else lost), a bet whose stake was never confirmed is voided, every bet's
    wallet call is made, then the round is SETTLED and its seed revealed. 0 when the round has
    not crashed or was settled already.

    The losers' zero credits go in one wallet batch in this transaction, and one update ends
    the riders and marks the losers paid: when every bet lost, the round closes in the same
    transaction."""
    async with write_transaction() as session:
        row = (
            await session.exec(
                select(CrashRound).where(CrashRound.id == round_id).with_for_update()
            )
        ).one()
        if row.status != CrashRoundStatus.OPEN or now < row.crash_at:
            return 0
        connection = await session.connection()
        ended: list[Unpaid] = []
        for bet in await connection.execute(_UNPAID, {"round_id": round_id}):
            status, payout, target = bet.status, bet.payout, bet.auto_hundredths
            if status == CrashBetStatus.OPEN and target and target <= row.crash_hundredths:
                riding = await session.get_one(CrashBet, bet.id)
                cash(riding, row, target)
                session.add(riding)
                status, payout = riding.status, riding.payout
            status = _ENDS.get(CrashBetStatus(status), status)
            ended.append(
                Unpaid(
                    bet.id, status, payout, bet.wallet_session_encrypted, bet.wallet_session_digest
                )
            )
        await session.flush()
        lost = [bet for bet in ended if bet.status == CrashBetStatus.LOST]
        paid = await _pay_losses(session, lost) if studio_wallet_in_process() else []
        await _end_riders(session, round_id, paid)
        paid_now = set(paid)
        rest = [bet.bet_id for bet in ended if bet.bet_id not in paid_now]
        if not rest:  # no bet, or every one paid: closed in the same transaction
            return await _mark_settled(session, row)
    await pay_all(rest)
    return await _close(row)


async def _end_riders(session: AsyncSession, round_id: int, paid: list[int]) -> None:
    """One statement: the round's riders lost, its unconfirmed bets voided, the bets whose
    wallet call was just made marked paid."""
    dialect = (await session.connection()).dialect.name
    paid_now = among(col(CrashBet.id), sorted(paid), dialect)
    riding = col(CrashBet.status).in_(list(_ENDS))
    await session.exec(
        update(CrashBet)
        .where(col(CrashBet.round_id) == round_id, col(CrashBet.paid_at).is_(None))
        .where(riding | paid_now if paid else riding)
        .values(
            status=case(
                *((col(CrashBet.status) == before, after) for before, after in _ENDS.items()),
                else_=col(CrashBet.status),
            ),
            paid_at=case((paid_now, clock.now()), else_=col(CrashBet.paid_at))
            if paid
            else col(CrashBet.paid_at),
        )
    )


@dataclass(frozen=True)
class Unpaid:
    """An ended bet whose wallet call is still to make."""

    bet_id: int
    status: str
    payout: Decimal
    wallet_session_encrypted: str
    wallet_session_digest: str

    @property
    def session_digest(self) -> str:
        """The wallet session's digest (a bet from before the digest column: from its token)."""
        return self.wallet_session_digest or token_digest(
            decrypt_secret(self.wallet_session_encrypted, SESSION_PURPOSE)
        )


async def _pay_losses(session: AsyncSession, bets: Sequence[Unpaid]) -> list[int]:
    """The lost bets' zero credits in the caller's transaction (seamless/losses.py); the bets
    paid, whose paid mark is the caller's. A batch the wallet could not make (a twin made one
    of its calls first) is rolled back to its savepoint and left to the one-at-a-time way."""
    if not bets:
        return []
    by_call = {f"{wallet_round(b.bet_id)}:win": b.bet_id for b in bets}
    calls = [
        Loss(
            b.session_digest,
            WalletCall(f"{wallet_round(b.bet_id)}:win", wallet_round(b.bet_id), CODE, Decimal(0)),
        )
        for b in bets
        if b.payout == 0
    ]
    try:
        async with session.begin_nested():
            answered = await credit_losses(session, STUDIO_VENDOR, calls)
    except IntegrityError:
        return []
    for transaction_id, status in answered.items():
        if status != OK:
            logger.error("crash bet %s: the wallet answered %s", by_call[transaction_id], status)
    return [by_call[transaction_id] for transaction_id in answered]


PAY_AT_ONCE = 8  # wallet calls of a settlement in flight together (each its own transaction)


async def pay_all(bet_ids: list[int]) -> None:
    """Every ended bet's wallet call, PAY_AT_ONCE at a time: each player's call is a
    transaction of its own on that player's balance, so they need not wait for each other."""
    gate = asyncio.Semaphore(PAY_AT_ONCE)

    async def paid(bet_id: int) -> None:
        async with gate:
            await pay(bet_id)

    await asyncio.gather(*(paid(bet_id) for bet_id in bet_ids))


async def _close(row: CrashRound) -> int:
    """The round SETTLED and its seed revealed, once, when no bet of it waits for its call."""
    async with write_transaction() as session:
        waiting = (
            await session.exec(
                select(CrashBet.id).where(
                    CrashBet.round_id == row.id,
                    col(CrashBet.status).in_(
                        [
                            CrashBetStatus.OPEN,
                            CrashBetStatus.PENDING,
                            CrashBetStatus.CASHED,
                            CrashBetStatus.LOST,
                            CrashBetStatus.VOIDED,
                        ]
                    ),
                    col(CrashBet.paid_at).is_(None),
                )
            )
        ).first()
        return 0 if waiting is not None else await _mark_settled(session, row)


async def _mark_settled(session: AsyncSession, row: CrashRound) -> int:
    """The round SETTLED and its seed revealed (its bets known to be paid), once."""
    closed = await session.exec(
        update(CrashRound)
        .where(col(CrashRound.id) == row.id, col(CrashRound.status) == CrashRoundStatus.OPEN)
        .values(
            status=CrashRoundStatus.SETTLED,
            settled_at=row.crash_at,
            seed=decrypt_secret(row.seed_encrypted, SEED_PURPOSE),
        )
    )
    return int(closed.rowcount == 1)


async def pay(bet_id: int) -> Decimal | None:
    """The ended bet's wallet call, by its id (see `pay_bet`)."""
    async with session_scope() as session:
        bet = await session.get(CrashBet, bet_id)
    return None if bet is None else await pay_bet(bet)


async def pay_bet(bet: CrashBet) -> Decimal | None:
    """The ended bet's wallet call: its win (zero settles a loss) or the rollback of a stake
    never confirmed; the member's cash balance as the wallet answered it (None: nothing was
    due). The wallet answers a repeat with its first answer, so a call made again after a
    restart moves nothing twice."""
    if bet.paid_at is not None or bet.id is None:
        return None
    if bet.status not in (CrashBetStatus.CASHED, CrashBetStatus.LOST, CrashBetStatus.VOIDED):
        return None
    token = decrypt_secret(bet.wallet_session_encrypted, SESSION_PURPOSE)
    base = f"{wallet_round(bet.id)}:"
    wallet = studio_wallet()
    if bet.status == CrashBetStatus.VOIDED:
        call = WalletCall(base + "rollback", wallet_round(bet.id), CODE, Decimal(0), base + "bet")
        answer = await wallet.rollback(token, call)
    else:
        call = WalletCall(base + "win", wallet_round(bet.id), CODE, bet.payout)
        answer = await wallet.credit(token, call)
    if answer.status != OK:
        logger.error("crash bet %s: the wallet answered %s", bet.id, answer.status)
    async with write_transaction() as session:
        await session.exec(
            update(CrashBet)
            .where(col(CrashBet.id) == bet.id, col(CrashBet.paid_at).is_(None))
            .values(paid_at=clock.now())
        )
    return answer.balance


# ---- views ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FeedLine:
    """A bet of the round as every player sees it (the name masked)."""

    bet_id: int
    shown_name: str
    currency: str
    stake: Decimal
    status: str  # CrashBetStatus
    cashout: Decimal | None  # the multiplier cashed at
    payout: Decimal


@dataclass(frozen=True)
class RoundState:
    """The brand's round as anyone may see it now: never the crash point (nor the seed)
    before the crash."""

    round_id: str
    number: int
    phase: str
    started_at: datetime
    crash: Decimal | None  # once crashed
    multiplier: Decimal  # the curve now (1.00 while betting; the crash point once crashed)
    seed_hash: str
    feed: tuple[FeedLine, ...]  # the FEED_LINES largest stakes
    bettors: int  # every bet of the round in the feed's terms, shown or not


@dataclass(frozen=True)
class PastRound:
    round_id: str
    number: int
    crash: Decimal


def multiplier_of(hundredths: int | None) -> Decimal | None:
    """A stored multiplier (in hundredths: a target, a cash-out) as a decimal."""
    return None if hundredths is None else Decimal(hundredths) / 100


def _feed_line(bet: BoardBet) -> FeedLine:
    return FeedLine(
        bet.id,
        bet.shown_name,
        bet.currency,
        bet.stake,
        bet.status,
        multiplier_of(bet.cashout_hundredths),
        bet.payout,
    )


Slots = dict[int, tuple[str, Decimal | None]]  # a member's bets of a round by slot


@dataclass(frozen=True)
class RoundBets:
    """A round's bets as its board shows them, worked out once per read."""

    feed: tuple[FeedLine, ...]  # the FEED_LINES largest stakes the wallet took
    bettors: int  # every bet the wallet took
    slots: dict[int, Slots]  # by member: status and the multiplier cashed at (refused: none)

    @classmethod
    def of(cls, bets: Sequence[BoardBet]) -> RoundBets:
        waiting_or_refused = (CrashBetStatus.PENDING, CrashBetStatus.REFUSED)
        taken = [b for b in bets if b.status not in waiting_or_refused]
        taken.sort(key=lambda b: -b.stake)
        slots: dict[int, Slots] = {}
        for bet in bets:
            if bet.status != CrashBetStatus.REFUSED:
                slots.setdefault(bet.member_id, {})[bet.slot] = (
                    bet.status,
                    multiplier_of(bet.cashout_hundredths),
                )
        return cls(tuple(_feed_line(b) for b in taken[:FEED_LINES]), len(taken), slots)


def state_of(row: CrashRound, bets: RoundBets, now: datetime) -> RoundState:
    phase = phase_of(row, now)
    crashed = phase == Phase.CRASHED
    crash = Decimal(row.crash_hundredths) / 100
    curve = Decimal(fairness.multiplier_at(elapsed_ms(row, now))) / 100
    return RoundState(
        round_id=public_id(row),
        number=row.number,
        phase=phase,
        started_at=row.started_at,
        crash=crash if crashed else None,
        multiplier=crash if crashed else curve,
        seed_hash=row.seed_hash,
        feed=bets.feed,
        bettors=bets.bettors,
    )


@dataclass(frozen=True)
class Board:
    """A brand's Crash as its players see it at `now`: the round, the last crash points, and
    every member's bets of the round."""

    state: RoundState | None  # None before the first round
    past: list[PastRound]  # newest first
    slots: dict[int, Slots]

    def slots_of(self, member_id: int) -> Slots:
        """The member's bets of this round by slot: status and the multiplier cashed at."""
        return self.slots.get(member_id, {})


@dataclass(frozen=True)
class _Read:
    at: float  # time.monotonic()
    rounds: Sequence[CrashRound]  # the latest PAST_ROUNDS + 1, newest first
    bets: RoundBets  # the latest round's


# The brand's follower (follow.py) looks at its round every FOLLOW_SECONDS, pages on actions:
# one read per brand and SHARED_SECONDS serves every page of this process (the phase and the
# curve are worked out for each caller's `now`), and a write of this process drops it at once,
# so a player sees their own bet or cash-out on the next refresh.
SHARED_SECONDS = 0.25
_reads: dict[int, _Read] = {}
# What a board shows of a bet, read as plain rows (not the whole model with its wallet
# session): the follower reads it ten times a second in each process.
BOARD_COLUMNS = (
    col(CrashBet.id),
    col(CrashBet.member_id),
    col(CrashBet.slot),
    col(CrashBet.shown_name),
    col(CrashBet.currency),
    col(CrashBet.stake),
    col(CrashBet.status),
    col(CrashBet.cashout_hundredths),
    col(CrashBet.payout),
)
BoardBet = Row[int | None, int, int, str, str, Decimal, str, int | None, Decimal]  # of them


def forget_reads() -> None:
    _reads.clear()


async def _read(merchant_id: int) -> _Read:
    async with session_scope() as session:
        rounds = (
            await session.exec(
                select(CrashRound)
                .where(CrashRound.merchant_id == merchant_id)
                .order_by(col(CrashRound.id).desc())
                .limit(PAST_ROUNDS + 1)
            )
        ).all()
        connection = await session.connection()
        bets = (
            (
                await connection.execute(
                    core_select(*BOARD_COLUMNS).where(col(CrashBet.round_id) == rounds[0].id)
                )
            ).all()
            if rounds
            else []
        )
    return _Read(time.monotonic(), rounds, RoundBets.of(bets))


async def board(merchant_id: int, now: datetime, *, shared: bool = True) -> Board:
    """The brand's board at `now`: from this process's shared read (at most SHARED_SECONDS
    old, and never older than its own last write), or, with `shared=False`, read now."""
    kept = _reads.get(merchant_id) if shared else None
    if kept is None or time.monotonic() - kept.at >= SHARED_SECONDS:
        kept = await _read(merchant_id)
        if shared:
            _reads[merchant_id] = kept
    if not kept.rounds:
        return Board(None, [], {})
    crashed = [r for r in kept.rounds if r.crash_at <= now][:PAST_ROUNDS]
    return Board(
        state_of(kept.rounds[0], kept.bets, now),
        [PastRound(public_id(r), r.number, Decimal(r.crash_hundredths) / 100) for r in crashed],
        kept.bets.slots,
    )


async def current(merchant_id: int, now: datetime) -> RoundState | None:
    """The brand's latest round (None before the first), read now."""
    return (await board(merchant_id, now, shared=False)).state


@dataclass(frozen=True)
class OwnBet:
    """One of the member's bets, with its round (for the verify link)."""

    bet_id: int
    round_id: str
    number: int
    slot: int
    stake: Decimal
    auto: Decimal | None
    status: str
    cashout: Decimal | None
    payout: Decimal
    crash: Decimal | None  # once the round crashed
    placed_at: datetime


_OWN_COLUMNS = (
    col(CrashBet.id),
    col(CrashBet.slot),
    col(CrashBet.stake),
    col(CrashBet.auto_hundredths),
    col(CrashBet.status),
    col(CrashBet.cashout_hundredths),
    col(CrashBet.payout),
    col(CrashBet.created_at),
    col(CrashBet.round_id),
    col(CrashRound.number),
    col(CrashRound.crash_hundredths),
    col(CrashRound.crash_at),
)


async def own_bets(
    member_id: int, merchant_id: int, now: datetime, *, round_pk_only: int | None = None
) -> list[OwnBet]:
    """The member's last bets on the brand (or those of one round), newest first: their
    columns alone (a round's crash wakes every page of the brand, and each reads these)."""
    query = (
        core_select(*_OWN_COLUMNS)
        .join(CrashRound, col(CrashRound.id) == CrashBet.round_id)
        .where(
            col(CrashBet.member_id) == member_id,
            col(CrashBet.merchant_id) == merchant_id,
            col(CrashBet.status).not_in([CrashBetStatus.REFUSED]),
        )
        .order_by(col(CrashBet.id).desc())
        .limit(20)
    )
    if round_pk_only is not None:
        query = query.where(col(CrashBet.round_id) == round_pk_only)
    async with session_scope() as session:
        rows = (await (await session.connection()).execute(query)).all()
    return [
        OwnBet(
            bet_id=row.id or 0,
            round_id=public_id(row.round_id),
            number=row.number,
            slot=row.slot,
            stake=row.stake,
            auto=multiplier_of(row.auto_hundredths),
            status=row.status,
            cashout=multiplier_of(row.cashout_hundredths),
            payout=row.payout,
            crash=Decimal(row.crash_hundredths) / 100 if now >= row.crash_at else None,
            placed_at=row.created_at,
        )
        for row in rows
    ]


# ---- verifying ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    """A crashed round recomputed from its revealed seed and its chain's public values."""

    round_id: str
    brand_id: int
    number: int
    seed: str
    previous: str  # the previous round's seed (the terminal hash for round 1)
    terminal_hash: str
    salt: str
    house_edge_bp: int
    stored: Decimal
    recomputed: Decimal
    links_to_previous: bool  # SHA-256(seed) is the previous round's revealed seed
    reaches_terminal: bool  # `number` hashes of the seed give the published terminal hash

    @property
    def matches(self) -> bool:
        return self.links_to_previous and self.reaches_terminal and self.stored == self.recomputed


async def verify(round_id: str, merchant_id: int | None = None) -> Verification:
    """Recompute a settled round (of that brand, when one is named)."""
    pk = round_pk(round_id)
    async with session_scope() as session:
        row = await session.get(CrashRound, pk)
        if row is None or (merchant_id is not None and row.merchant_id != merchant_id):
            raise AppError("crash-round-unknown", 404)
        chain = await session.get(CrashChain, row.chain_id)
        before = (
            await session.exec(
                select(CrashRound.seed).where(
                    CrashRound.chain_id == row.chain_id, CrashRound.number == row.number - 1
                )
            )
        ).first()
    assert chain is not None and chain.salt is not None
    if row.seed is None:
        raise AppError("crash-round-not-settled", 409)
    previous = chain.terminal_hash if row.number == 1 else before or ""
    recomputed = fairness.crash_hundredths(row.seed, chain.salt, row.house_edge_bp)
    return Verification(
        round_id=public_id(row),
        brand_id=row.merchant_id,
        number=row.number,
        seed=row.seed,
        previous=previous,
        terminal_hash=chain.terminal_hash,
        salt=chain.salt,
        house_edge_bp=row.house_edge_bp,
        stored=Decimal(row.crash_hundredths) / 100,
        recomputed=Decimal(recomputed) / 100,
        links_to_previous=fairness.sha256_hex(row.seed) == previous,
        reaches_terminal=fairness.hashes_to(row.seed, row.number) == chain.terminal_hash,
    )
