"""The seamless wallet: how any game vendor (the co-hosted studio too) moves a player's money.

Every debit (bet), credit (win) and rollback carries a transaction id unique per vendor; the
first answer is stored and a repeat gets it again with the current balance. Calls of one
member are serialised by locking the member's cash account, so twenty racing copies of a call
move money once. The round summary (`GameRound`) is written in the same database transaction
as the ledger movement. That transaction takes no second pooled connection while it holds its
own (the brands a debit reads come from a snapshot taken before it: `brands.pinned`), so
copies queued for the cash lock can hold the whole pool and the one holding the lock still
finishes.

Rules beyond the protocol's basics, in one place:
- a credit needs an earlier debit of the same player in the same round, else REFUSED;
- a credit of zero is allowed: it settles a lost round and moves no money;
- once a bet of a round is rolled back the round is ROLLED_BACK: later debits and credits in
  it are REFUSED; a debit on a SETTLED round is REFUSED too;
- only debits are rolled back (a rollback naming a credit is REFUSED); a rollback of a debit
  that moved no money, or of one already rolled back, answers OK and moves nothing;
- a rollback naming an unknown debit is remembered; that debit, when it comes, is REFUSED;
- credits and rollbacks are accepted on an expired (but known) session: money owed to the
  player must still reach them; balance and debit need a live session.

Player protection: every new debit passes `protection.limits.check_bet` (the member's own
limits and exclusion) under the member's cash lock; a refusal answers REFUSED, moves nothing.
So does a debit above the maximum bet of an open bonus grant (reason `bonus-max-bet`).

Wager facts (app/services/wager_facts.py), in the same transaction as the money: a round
settles at its first credit (betwin's too) and writes its SETTLED fact; a later credit of
it writes a CORRECTION of the win; a rollback writes a VOIDED fact (valid bet back to 0,
the refunded bet taken off), on a settled round as on an open one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import new_token, token_digest
from app.services import bet_limits, ledger, wager_facts
from app.services.brands import brands
from app.services.protection import limits as protection_limits
from app.services.seamless import balances
from app.services.seamless import wallet_reads as reads
from app.services.seamless import wallet_writes as writes
from app.services.seamless.port import (
    STUDIO_VENDOR,
    PlayerSession,
    WalletAnswer,
    WalletCall,
)
from app.services.wallet_events import money_moved
from models import Member, Winner
from models.base import new_row
from models.games import (
    GameRound,
    GameSession,
    PendingRollback,
    RoundStatus,
    WalletCallKind,
    WalletStatus,
)
from models.games import WalletCall as WalletCallRow
from models.ledger import TransactionKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_ID_LENGTH = 64
MAX_AMOUNT = Decimal("1000000000.00")


def idempotency_key(vendor: str, transaction_id: str) -> str:
    return f"seamless:{vendor}:{transaction_id}"


# ---- sessions -------------------------------------------------------------------------------


async def open_session(*, member: Member, vendor: str, game_code: str, currency: str) -> str:
    """A game session for a launch; returns its one-time launch token."""
    assert member.id is not None
    settings = get_settings()
    now = clock.now()
    launch_token = new_token()
    async with write_transaction() as session:
        session.add(
            GameSession(
                launch_token_digest=token_digest(launch_token),
                member_id=member.id,
                merchant_id=member.merchant_id,
                vendor=vendor,
                game_code=game_code,
                currency=currency,
                created_at=now,
                launch_expires_at=now + timedelta(seconds=settings.game_launch_token_seconds),
                expires_at=now + timedelta(minutes=settings.game_session_minutes),
            )
        )
    return launch_token


async def authenticate(vendor: str, launch_token: str) -> PlayerSession:
    """Exchange a one-time launch token for a session token; a second use is refused."""
    now = clock.now()
    session_token = new_token()
    async with write_transaction() as session:
        game_session = (
            await session.exec(
                select(GameSession)
                .where(GameSession.launch_token_digest == token_digest(launch_token or ""))
                .with_for_update()
            )
        ).first()
        if (
            game_session is None
            or game_session.vendor != vendor
            or game_session.authenticated_at is not None
            or game_session.launch_expires_at <= now
        ):
            raise AppError("seamless-invalid-token", 401)
        game_session.authenticated_at = now
        game_session.session_token_digest = token_digest(session_token)
        session.add(game_session)
        balance = await balances.session_balance(session, game_session)
    return PlayerSession(
        session_token=session_token,
        member_id=game_session.member_id,
        merchant_id=game_session.merchant_id,
        currency=game_session.currency,
        vendor=vendor,
        game_code=game_session.game_code,
        balance=balance,
    )


async def balance(vendor: str, session_token: str) -> WalletAnswer:
    async with session_scope() as session:
        game_session = await reads.game_session(session, vendor, session_token, allow_expired=False)
        cash = await balances.session_balance(session, game_session)
    return WalletAnswer(WalletStatus.OK, cash, game_session.currency, "", False)


# ---- money calls ----------------------------------------------------------------------------


def _check_id(value: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_ID_LENGTH:
        raise AppError("seamless-invalid-call", 422)
    return value


def _check_request(kind: WalletCallKind, call: WalletCall) -> Decimal:
    _check_id(call.transaction_id)
    _check_id(call.round_id)
    _check_id(call.game_code)
    if kind is WalletCallKind.ROLLBACK:
        _check_id(call.rollback_of or "")
        if call.rollback_of == call.transaction_id:
            raise AppError("seamless-invalid-call", 422)
        return ZERO
    amount = call.amount
    if (
        not isinstance(amount, Decimal)
        or not amount.is_finite()
        or amount < 0
        or amount > MAX_AMOUNT
        or amount != amount.quantize(CENT)
        or (kind is WalletCallKind.DEBIT and amount == 0)
    ):
        raise AppError("seamless-invalid-amount", 422)
    return amount.quantize(CENT)


@dataclass
class _Context:
    """One transaction's money calls for one member, whose cash row it holds locked: only
    its own posts change that balance, so `cash` is kept as they report it."""

    session: AsyncSession
    vendor: str
    game_session: GameSession
    cash_id: int
    clearing_id: int
    cash: Decimal | None
    money: reads.MoneySession | None = None  # read with the session (a reconciliation has none)
    # The rounds this transaction read or opened: a bet-and-win's credit finds the round its
    # debit opened without reading it again. They and the new calls are kept out of the
    # session and written when the run ends (`_write_run`).
    rounds: dict[str, GameRound] = field(default_factory=dict)
    changed_round: GameRound | None = None
    facts: list[wager_facts.Fact] = field(default_factory=list)  # what the round's change calls for
    # A debit's earlier rollback (None: none came), read with the run's stored calls.
    pending_read: dict[str, PendingRollback | None] = field(default_factory=dict)
    new_calls: list[WalletCallRow] = field(default_factory=list)


def _changed(ctx: _Context, game_round: GameRound) -> None:
    """The run opened or changed this round: written with its calls (a run names one round:
    bet_win checks it)."""
    assert ctx.changed_round in (None, game_round), "a run of calls names one round"
    ctx.changed_round = game_round


def _closing(ctx: _Context, game_round: GameRound, before: wager_facts.RoundFigures) -> None:
    """The round settled or rolled back: its wager fact, if one is due, goes with the run."""
    _changed(ctx, game_round)
    fact = wager_facts.fact_of_round(game_round, before)
    if fact is not None:
        ctx.facts.append(fact)


async def _write_run(ctx: _Context) -> None:
    await writes.write_run(ctx.session, ctx.changed_round, ctx.facts, ctx.new_calls)


@dataclass(frozen=True)
class _Outcome:
    status: WalletStatus
    ledger_transaction_id: int | None = None
    amount: Decimal | None = None  # what moved, when the call itself names no amount
    reason: str = ""  # why a call was refused, when the wallet can say (player protection)


async def _locked_context(
    session: AsyncSession,
    vendor: str,
    game_session: GameSession,
    money: reads.MoneySession | None = None,
) -> _Context:
    """The member's cash and their shard of the merchant's vendor clearing account, as the
    money call's session read brought them or in one statement; the cash row is locked so
    that calls for one member run one after another (PostgreSQL; SQLite locks all)."""
    accounts = money.accounts if money is not None else None
    if accounts is None:
        accounts = await ledger.cash_and_clearing(
            session,
            merchant_id=game_session.merchant_id,
            member_id=game_session.member_id,
            currency=game_session.currency,
            lock_cash=True,
        )
    return _Context(session, vendor, game_session, *accounts, money)


def _money(ctx: _Context) -> reads.MoneySession:
    """What the call's session read brought: debits and credits come only through
    `_money_calls` (a reconciliation only rolls back)."""
    assert ctx.money is not None
    return ctx.money


async def _cash(ctx: _Context) -> Decimal:
    if ctx.cash is None:
        ctx.cash = await balances.cash_balance(ctx.session, ctx.game_session)
    return ctx.cash


def _debit_reads(
    ctx: _Context, call: WalletCall
) -> tuple[GameRound | None, PendingRollback | None]:
    """The debit's round (kept for the run's next call) and a rollback that came before it,
    read with the run's stored calls (`_run_reads`): a run's debit is its first call."""
    return ctx.rounds.get(call.round_id), ctx.pending_read[call.transaction_id]


async def _round(ctx: _Context, round_id: str) -> GameRound | None:
    if round_id not in ctx.rounds:
        found = await reads.game_round(ctx.session, ctx.vendor, round_id)
        if found is None:
            return None
        ctx.rounds[round_id] = writes.detached(ctx.session, found)
    return ctx.rounds[round_id]


async def _game_type(ctx: _Context, game_code: str) -> str:
    """The type of the call's game: the session's was read with it; another is looked up."""
    money = ctx.money
    if game_code == ctx.game_session.game_code and money is not None and money.game_type:
        return money.game_type
    return (await reads.game(ctx.session, ctx.vendor, game_code)).game_type


def _metadata(ctx: _Context, call: WalletCall, game_type: str) -> dict[str, Any]:
    return {
        "vendor": ctx.vendor,
        "game_code": call.game_code,
        "game_type": game_type,
        "round_id": call.round_id,
        "transaction_id": call.transaction_id,
    }


async def _post(
    ctx: _Context,
    call: WalletCall,
    *,
    kind: TransactionKind,
    to_member: bool,
    amount: Decimal,
    game_type: str,
    reverses: int | None = None,
) -> int:
    sign = Decimal(1) if to_member else Decimal(-1)
    posted = await ledger.post(
        ctx.session,
        merchant_id=ctx.game_session.merchant_id,
        kind=kind,
        idempotency_key=idempotency_key(ctx.vendor, call.transaction_id),
        legs=(
            ledger.Leg(ctx.cash_id, sign * amount),
            ledger.Leg(ctx.clearing_id, -sign * amount),
        ),
        reference=call.round_id,
        member_id=ctx.game_session.member_id,
        metadata=_metadata(ctx, call, game_type),
        reverses_transaction_id=reverses,
        # A refused post ends the whole call (its transaction rolls back): no savepoint, two
        # statements fewer; a reversal keeps its own (a twin's race is answered inside it).
        savepoint=reverses is not None,
    )
    ctx.cash = None if posted.replay else posted.balances.get(ctx.cash_id)
    return posted.transaction_id


async def _debit(ctx: _Context, call: WalletCall, amount: Decimal) -> _Outcome:
    session, member_id = ctx.session, ctx.game_session.member_id
    game_round, pending = _debit_reads(ctx, call)
    if pending is not None:
        pending.applied_at = clock.now()
        session.add(pending)
        return _Outcome(WalletStatus.REFUSED)
    if game_round is not None and (
        game_round.member_id != member_id or game_round.status != RoundStatus.OPEN
    ):
        return _Outcome(WalletStatus.REFUSED)
    if game_round is None and (await brands.by_id(ctx.game_session.merchant_id)).maintenance:
        # No new round while the brand is in maintenance (nothing is stored: the vendor may
        # send it again afterwards); bets and wins of rounds already open go on.
        raise AppError("system-maintenance", status=503)
    # Why the member may not bet at all (identity pending, a break, a limit) is said before
    # the balance: a pending account has none, and "too low" would hide the real reason.
    refused = await _protection_refusal(session, _money(ctx).member, amount)
    if refused:
        return _Outcome(WalletStatus.REFUSED, reason=refused)
    if await _cash(ctx) < amount:
        return _Outcome(WalletStatus.INSUFFICIENT_FUNDS)
    try:
        bet_limits.check_max_bet_under(_money(ctx).max_bet, amount)
    except AppError as over:
        return _Outcome(WalletStatus.REFUSED, reason=over.code)
    game_type = await _game_type(ctx, call.game_code)
    transaction_id = await _post(
        ctx,
        call,
        kind=TransactionKind.BET,
        to_member=False,
        amount=amount,
        game_type=game_type,
    )
    if game_round is None:
        game_round = new_row(
            GameRound,
            vendor=ctx.vendor,
            round_id=call.round_id,
            member_id=member_id,
            merchant_id=ctx.game_session.merchant_id,
            game_code=call.game_code,
            game_type=game_type,
            currency=ctx.game_session.currency,
        )
        ctx.rounds[call.round_id] = game_round
    game_round.bet_total += amount
    _changed(ctx, game_round)
    return _Outcome(WalletStatus.OK, transaction_id)


async def _protection_refusal(session: AsyncSession, member: Member, amount: Decimal) -> str:
    """The member's identity (app/services/identity), own limits and exclusion
    (app/services/protection), checked before every debit under the cash lock: "" when the
    bet may go, else the refusal's catalog code (the vendor gets its "bet refused",
    REFUSED)."""
    try:
        await protection_limits.check_bet(session, member, amount, clock.now())
    except AppError as refused:
        if refused.code.startswith(("protection-", "identity-")):
            return refused.code
        raise
    return ""


def _is_big_win(bet: Decimal, win: Decimal) -> bool:
    settings = get_settings()
    return win > 0 and (
        win >= settings.big_win_min_amount or win >= bet * settings.big_win_multiplier
    )


async def _credit(ctx: _Context, call: WalletCall, amount: Decimal) -> _Outcome:
    session = ctx.session
    game_round = await _round(ctx, call.round_id)
    if (
        game_round is None
        or game_round.member_id != ctx.game_session.member_id
        or game_round.status == RoundStatus.ROLLED_BACK
        or game_round.bet_total <= 0
    ):
        return _Outcome(WalletStatus.REFUSED)
    transaction_id = None
    if amount > 0:
        transaction_id = await _post(
            ctx,
            call,
            kind=TransactionKind.WIN,
            to_member=True,
            amount=amount,
            game_type=game_round.game_type,
        )
    was_big = _is_big_win(game_round.bet_total, game_round.win_total)
    before = wager_facts.round_figures(game_round)
    game_round.win_total += amount
    game_round.status = RoundStatus.SETTLED
    game_round.settled_at = clock.now()
    _closing(ctx, game_round, before)
    if not was_big and _is_big_win(game_round.bet_total, game_round.win_total):
        await _add_winner(session, game_round, _money(ctx).member)
    return _Outcome(WalletStatus.OK, transaction_id)


async def _add_winner(session: AsyncSession, game_round: GameRound, member: Member) -> None:
    """A big win joins the brand's winner board (the name is masked when shown)."""
    game = await reads.game(session, game_round.vendor, game_round.game_code)
    session.add(
        Winner(
            merchant_id=game_round.merchant_id,
            customer_name=(member.nickname or member.username)[:64],
            game_id=game.id,
            game_name=game.game_name,
            show_icon=game.show_icon,
            game_category=game.game_category,
            win_amount=game_round.win_total,
        )
    )


async def _rollback(ctx: _Context, call: WalletCall) -> _Outcome:
    session, member_id = ctx.session, ctx.game_session.member_id
    assert call.rollback_of is not None
    target = await reads.stored_call(session, ctx.vendor, call.rollback_of)
    if target is None:
        if await reads.pending_rollback(session, ctx.vendor, call.rollback_of) is None:
            session.add(
                PendingRollback(
                    vendor=ctx.vendor,
                    debit_transaction_id=call.rollback_of,
                    rollback_transaction_id=call.transaction_id,
                    member_id=member_id,
                )
            )
        return _Outcome(WalletStatus.OK)
    if target.member_id != member_id:
        raise AppError("seamless-transaction-conflict", 409)
    if target.kind != WalletCallKind.DEBIT:
        return _Outcome(WalletStatus.REFUSED)
    if target.ledger_transaction_id is None:
        return _Outcome(WalletStatus.OK)  # that debit moved no money
    earlier = (
        await session.exec(
            select(WalletCallRow.id).where(
                WalletCallRow.vendor == ctx.vendor,
                WalletCallRow.rollback_of == target.transaction_id,
                WalletCallRow.kind == WalletCallKind.ROLLBACK,
                col(WalletCallRow.ledger_transaction_id).is_not(None),
            )
        )
    ).first()
    if earlier is not None:
        return _Outcome(WalletStatus.OK)
    game_round = await _round(ctx, target.round_id)
    assert game_round is not None
    if game_round.status == RoundStatus.SETTLED:
        # Its win is paid: undoing the bet alone would hand the player the stake back on top
        # of the win. A vendor that voids a settled round reverses the win as well, by hand.
        return _Outcome(WalletStatus.REFUSED)
    before = wager_facts.round_figures(game_round)
    transaction_id = await _post(
        ctx,
        WalletCall(call.transaction_id, target.round_id, target.game_code, target.amount),
        kind=TransactionKind.ROLLBACK,
        to_member=True,
        amount=target.amount,
        game_type=game_round.game_type,
        reverses=target.ledger_transaction_id,
    )
    game_round.bet_total -= target.amount
    game_round.status = RoundStatus.ROLLED_BACK
    game_round.settled_at = clock.now()
    _closing(ctx, game_round, before)
    return _Outcome(WalletStatus.OK, transaction_id, target.amount)


def _answer(call: WalletCallRow, balance: Decimal, currency: str, replay: bool) -> WalletAnswer:
    return WalletAnswer(
        status=call.status,
        balance=balance,
        currency=currency,
        transaction_id=call.transaction_id,
        replay=replay,
        reason=str((call.answer or {}).get("reason", "")),
    )


def _same_request(stored: WalletCallRow, kind: WalletCallKind, member_id: int) -> None:
    if stored.kind != kind or stored.member_id != member_id:
        raise AppError("seamless-transaction-conflict", 409)


Step = tuple[WalletCallKind, WalletCall]


def _combined_answer(
    records: Sequence[WalletCallRow], balance: Decimal, currency: str, replay: bool
) -> WalletAnswer:
    """The answer to a run of calls: the first one not OK, else the last."""
    refused = [r for r in records if r.status != WalletStatus.OK]
    return _answer(refused[0] if refused else records[-1], balance, currency, replay)


async def _replayed(vendor: str, session_token: str, steps: Sequence[Step]) -> WalletAnswer | None:
    """PostgreSQL: a twin under another session committed the same calls first (None: no)."""
    async with session_scope() as session:
        game_session = await reads.game_session(session, vendor, session_token, allow_expired=True)
        stored_calls = await reads.stored_calls(
            session, vendor, [c.transaction_id for _, c in steps]
        )
        records = []
        for kind, call in steps:
            stored = stored_calls.get(call.transaction_id)
            if stored is None:
                break  # a call after a refused one was never made
            _same_request(stored, kind, game_session.member_id)
            records.append(stored)
        if not records:
            return None
        cash = await balances.cash_balance(session, game_session)
    return _combined_answer(records, cash, game_session.currency, True)


async def _run_reads(ctx: _Context, steps: Sequence[Step]) -> dict[str, WalletCallRow]:
    """The run's stored calls, by transaction id; a run opened by a debit or a credit reads
    its round with them (and a debit an earlier rollback of it), kept in `ctx`."""
    ids = [call.transaction_id for _, call in steps]
    kind, first = steps[0]
    if kind is WalletCallKind.ROLLBACK:
        return await reads.stored_calls(ctx.session, ctx.vendor, ids)
    debit = first.transaction_id if kind is WalletCallKind.DEBIT else None
    run = await reads.run_reads(ctx.session, ctx.vendor, ids, first.round_id, debit)
    if run.game_round is not None:
        ctx.rounds[first.round_id] = writes.detached(ctx.session, run.game_round)
    if debit is not None:
        ctx.pending_read[debit] = run.pending
    return run.calls


async def _money_calls(vendor: str, session_token: str, steps: Sequence[Step]) -> WalletAnswer:
    """Money calls of one player in one database transaction, in order: each is made or, when
    its transaction id is known, replayed; one that is not OK stops the rest."""
    amounts = [_check_request(kind, call) for kind, call in steps]
    records: list[WalletCallRow] = []
    moved = False
    debits = any(kind is WalletCallKind.DEBIT for kind, _ in steps)
    # A debit reads its brand under the cash lock (maintenance, player protection): from a
    # snapshot read before the transaction, as a reload inside it would wait for a second
    # pooled connection while holding the first.
    brands_read: AbstractAsyncContextManager[None] = brands.pinned() if debits else nullcontext()
    try:
        async with brands_read, write_transaction() as session:
            money = await reads.money_session(
                session, vendor, session_token, allow_expired=not debits
            )
            game_session = money.game_session
            ctx = await _locked_context(session, vendor, game_session, money)
            # Read after the cash lock: a twin of these calls committed before it is seen.
            stored_calls = await _run_reads(ctx, steps)
            replay = True
            for (kind, call), amount in zip(steps, amounts, strict=True):
                stored = stored_calls.get(call.transaction_id)
                if stored is not None:
                    _same_request(stored, kind, game_session.member_id)
                    record = stored
                else:
                    replay = False
                    record = await _make_call(ctx, kind, call, amount)
                    stored_calls[call.transaction_id] = record
                    moved = moved or record.ledger_transaction_id is not None
                records.append(record)
                if record.status != WalletStatus.OK:
                    break
            await _write_run(ctx)
            cash = await _cash(ctx)
    except IntegrityError:
        replayed = await _replayed(vendor, session_token, steps)
        if replayed is None:
            raise
        return replayed
    if moved:
        await money_moved([game_session.member_id])
    return _combined_answer(records, cash, game_session.currency, replay)


async def _make_call(
    ctx: _Context, kind: WalletCallKind, call: WalletCall, amount: Decimal
) -> WalletCallRow:
    """Make one new call and keep its first answer to store (a repeat gets it again). The
    run's rows are written when it ends (`_write_run`): a bet-and-win's round and its two
    calls in one statement on PostgreSQL; a twin that stored the same call first fails it."""
    if kind is WalletCallKind.DEBIT:
        outcome = await _debit(ctx, call, amount)
    elif kind is WalletCallKind.CREDIT:
        outcome = await _credit(ctx, call, amount)
    else:
        outcome = await _rollback(ctx, call)
    cash = await _cash(ctx)
    record = new_row(
        WalletCallRow,
        vendor=ctx.vendor,
        transaction_id=call.transaction_id,
        kind=kind,
        round_id=call.round_id,
        member_id=ctx.game_session.member_id,
        game_code=call.game_code,
        amount=amount if outcome.amount is None else outcome.amount,
        rollback_of=call.rollback_of if kind is WalletCallKind.ROLLBACK else None,
        status=outcome.status,
        answer={"status": outcome.status.value, "balance": str(cash)}
        | ({"reason": outcome.reason} if outcome.reason else {}),
        ledger_transaction_id=outcome.ledger_transaction_id,
    )
    ctx.new_calls.append(record)
    return record


async def debit(vendor: str, session_token: str, call: WalletCall) -> WalletAnswer:
    return await _money_calls(vendor, session_token, [(WalletCallKind.DEBIT, call)])


async def credit(vendor: str, session_token: str, call: WalletCall) -> WalletAnswer:
    return await _money_calls(vendor, session_token, [(WalletCallKind.CREDIT, call)])


async def rollback(vendor: str, session_token: str, call: WalletCall) -> WalletAnswer:
    return await _money_calls(vendor, session_token, [(WalletCallKind.ROLLBACK, call)])


async def bet_win(
    vendor: str, session_token: str, bet: WalletCall, win: WalletCall
) -> WalletAnswer:
    """A one-step round in one call: the debit, then (if it is OK) the credit of the same
    round, in one database transaction. Each keeps its own transaction id, so the pair is
    replayed, and the debit rolled back, exactly as if they had come apart."""
    if (
        bet.round_id != win.round_id
        or bet.game_code != win.game_code
        or bet.transaction_id == win.transaction_id
    ):
        raise AppError("seamless-invalid-call", 422)
    steps = [(WalletCallKind.DEBIT, bet), (WalletCallKind.CREDIT, win)]
    return await _money_calls(vendor, session_token, steps)


# ---- ports ----------------------------------------------------------------------------------


class InProcessWallet:
    """The co-hosted studio's port: the wallet service called directly, as vendor BGS."""

    def __init__(self, vendor: str = STUDIO_VENDOR) -> None:
        self.vendor = vendor

    async def authenticate(self, launch_token: str) -> PlayerSession:
        return await authenticate(self.vendor, launch_token)

    async def balance(self, session_token: str) -> WalletAnswer:
        return await balance(self.vendor, session_token)

    async def debit(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return await debit(self.vendor, session_token, call)

    async def credit(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return await credit(self.vendor, session_token, call)

    async def rollback(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return await rollback(self.vendor, session_token, call)

    async def bet_win(self, session_token: str, bet: WalletCall, win: WalletCall) -> WalletAnswer:
        return await bet_win(self.vendor, session_token, bet, win)


# ---- reconciliation -------------------------------------------------------------------------


def reconcile_transaction_id(debit_transaction_id: str) -> str:
    digest = hashlib.sha256(debit_transaction_id.encode()).hexdigest()[:40]
    return f"reconcile-{digest}"


async def reconcile_rollback(vendor: str, debit_transaction_id: str) -> bool:
    """Undo a debit the vendor does not know as done (its answer was lost and the vendor gave
    up): the wallet's own rollback, under a transaction id of its own, so a second run or a
    late rollback from the vendor changes nothing twice. True when money moved back."""
    rollback_id = reconcile_transaction_id(debit_transaction_id)
    async with write_transaction() as session:
        debit = await reads.stored_call(session, vendor, debit_transaction_id)
        if debit is None or await reads.stored_call(session, vendor, rollback_id) is not None:
            return False
        game_session = (
            await session.exec(
                select(GameSession)
                .where(GameSession.member_id == debit.member_id, GameSession.vendor == vendor)
                .order_by(col(GameSession.id).desc())
            )
        ).first()
        if game_session is None:
            return False
        ctx = await _locked_context(session, vendor, game_session)
        call = WalletCall(
            rollback_id, debit.round_id, debit.game_code, Decimal("0"), debit_transaction_id
        )
        record = await _make_call(
            ctx, WalletCallKind.ROLLBACK, call, _check_request(WalletCallKind.ROLLBACK, call)
        )
        await _write_run(ctx)
        moved = record.ledger_transaction_id is not None
    if moved:
        await money_moved([debit.member_id])
    return moved
