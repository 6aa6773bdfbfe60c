"""A member's Crash bets: placed while the round takes bets, cashed out while it runs.

The server alone decides a cash-out, by its own clock: before `crash_at` it pays the curve's
multiplier at that instant (or the bet's own target, if the curve passed it first), at or after
it the bet rides into the crash. On PostgreSQL, with the round the caller's board saw flying,
the instant is read as the request is taken and one autocommit UPDATE decides, matching the
bet only while it is OPEN; otherwise the instant is read once the bet's row lock is held. A
settlement can only run after `crash_at` and ends OPEN bets only, so whichever comes first, the
bet ends once.

Stakes go through the seamless wallet like every round of the studio: the wallet checks the
member's limits, breaks, reality check and exclusion under their cash lock and writes the wager
fact when the bet's win (zero for a loss) is credited.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import (
    ARRAY,
    ColumnElement,
    DateTime,
    Integer,
    ScalarSelect,
    String,
    bindparam,
    column,
    func,
    insert,
    or_,
    true,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from sqlalchemy.sql.dml import Update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import autocommit_scope, get_engine, single_writes, write_transaction
from app.core.errors import AppError
from app.core.i18n import Amount
from app.core.security import encrypt_secret, token_digest
from app.core.text import mask_customer_name
from app.services.seamless.port import WalletCall
from app.services.studio import rounds as studio_rounds
from app.services.studio.crash import chains, fairness, tickets
from app.services.studio.crash.rounds import (
    BETS,
    CODE,
    SESSION_PURPOSE,
    SPEC,
    Flying,
    Phase,
    cash,
    cashed_in_sql,
    elapsed_ms,
    multiplier_of,
    pay_bet,
    phase_of,
    wallet_round,
)
from models import Member
from models.crash import CrashBet, CrashBetStatus, CrashRound

SLOTS = (1, 2)
MIN_TARGET = 101


@dataclass(frozen=True)
class Placed:
    bet_id: int
    slot: int
    stake: Decimal
    auto: Decimal | None
    balance: Decimal


@dataclass(frozen=True)
class CashedOut:
    bet_id: int
    slot: int
    multiplier: Decimal
    payout: Decimal
    balance: Decimal | None = None  # the member's balance once paid, when the wallet said it


Decided = tuple[CashedOut, CrashBet]  # a cash-out as decided, and its bet as stored


def parse_target(value: object) -> int | None:
    """An automatic cash-out target as typed ("" for none): 1.01 to 10,000, two decimals."""
    text = str(value if value is not None else "").strip().replace(",", ".")
    if not text:
        return None
    # Written the reader's way: 1,01x to 10.000x on a Portuguese page.
    bounds = {"min": Decimal("1.01"), "max": Amount(Decimal(chains.MAX_TARGET // 100), 0)}
    try:
        target = Decimal(text)
    except InvalidOperation as exc:
        raise AppError("crash-target-invalid", 400, bounds) from exc
    if not target.is_finite() or not 1 < target <= chains.MAX_TARGET // 100:
        raise AppError("crash-target-invalid", 400, bounds)
    hundredths = target * 100
    if hundredths != hundredths.to_integral_value():
        raise AppError("crash-target-invalid", 400, bounds)
    return int(hundredths)


def require_crash_session(game_code: str) -> None:
    """A game session plays the game it was launched for: Crash calls need a Crash session."""
    if game_code != CODE:
        raise AppError("crash-wrong-game", 403)


def slot_of(value: object) -> int:
    if value not in SLOTS or isinstance(value, bool):
        raise AppError("crash-slot-invalid", 400)
    return int(value)


def _member_id(player: studio_rounds.Player) -> int:
    member_id = player.owner.member_id
    if member_id is None:
        raise AppError("crash-login-needed", 401)
    return member_id


Checks = Callable[[AsyncSession], Awaitable[None]]


def _newest_round(merchant_id: int | ColumnElement[int]) -> ScalarSelect[int]:
    """The id of the brand's newest round, read with the statement it stands in (its own
    alias of the rounds: a statement that names a round as well keeps it)."""
    rounds = aliased(CrashRound)
    return (
        select(func.max(rounds.id)).where(col(rounds.merchant_id) == merchant_id).scalar_subquery()
    )


# A bet's statements, built once (their values are bound): the member's brand and names with
# the brand's newest round (None: no round yet), and with whether the game session the bet
# came through still runs (a page's ticket names it: `tickets`); the bet stored PENDING, and
# its confirmation.
_BETTOR_AND_ROUND = (
    select(Member.merchant_id, Member.nickname, Member.username, CrashRound)
    .outerjoin(CrashRound, col(CrashRound.id) == _newest_round(bindparam("placing_merchant_id")))
    .where(col(Member.id) == bindparam("placing_member_id"))
)
_BETTOR_ROUND_AND_SESSION = _BETTOR_AND_ROUND.add_columns(
    tickets.session_runs(
        bindparam("placing_session"), bindparam("placing_member_id"), bindparam("placing_now")
    ).label("session_runs")
)
_NEW_BET = insert(CrashBet).returning(col(CrashBet.id))


def _ending_pending(status: CrashBetStatus) -> Update:
    """The PENDING bet of bind parameter `pending_id` set to `status`, if still PENDING."""
    return (
        update(CrashBet)
        .where(
            col(CrashBet.id) == bindparam("pending_id"),
            col(CrashBet.status) == CrashBetStatus.PENDING,
        )
        .values(status=status)
    )


_CONFIRM, _REFUSE = _ending_pending(CrashBetStatus.OPEN), _ending_pending(CrashBetStatus.REFUSED)


async def place(
    player: studio_rounds.Player,
    merchant_id: int,
    slot: object,
    bet: object,
    auto: object,
    checks: Checks | None = None,
    betting: Flying | None = None,
    game_session: str | None = None,
) -> Placed:
    """A bet in the brand's round while it takes bets (two at most, one per slot); refused
    by `checks` (the caller's gates), run first, on the session that stores the bet, and
    (not logged in) once `game_session`, the digest a page's ticket names, has ended: read
    with the member and the round.

    `betting` is the round the caller's board showed taking bets when the player bet: a bet
    is for that round, so once its curve has started by the server's clock (a bet that
    waited its turn behind a round's others) it is refused at once, with no statement,
    rather than read against the database or carried into the next round.

    Each step writes one statement that stands alone (autocommit on PostgreSQL): the bet
    PENDING, the wallet's debit, the bet OPEN only while still PENDING. A round settled
    meanwhile gives a PENDING bet's stake back, so no step needs another's locks."""
    member_id = _member_id(player)
    chosen = slot_of(slot)
    stake = studio_rounds.parse_bet(bet)
    await studio_rounds.check_stake(SPEC, stake, player, merchant_id)
    target = parse_target(auto)
    if betting is not None and clock.now() >= betting.started_at:
        raise AppError("crash-betting-closed", 409)
    try:
        async with single_writes() as session:
            if checks is not None:
                await checks(session)
            now = clock.now()
            params: dict[str, object] = {
                "placing_merchant_id": merchant_id,
                "placing_member_id": member_id,
            }
            statement: Any = _BETTOR_AND_ROUND
            if game_session is not None:
                statement = _BETTOR_ROUND_AND_SESSION
                params |= {"placing_session": game_session, "placing_now": now}
            found = (await session.exec(statement, params=params)).first()
            if game_session is not None and (found is None or not found.session_runs):
                raise AppError("not-logged-in", 401)
            if found is None or found[0] != merchant_id:
                raise AppError("crash-login-needed", 401)
            nickname, username, row = found[1:4]
            if row is None or phase_of(row, now) != Phase.BETTING:
                raise AppError("crash-betting-closed", 409)
            values = {
                "round_id": row.id or 0,
                "merchant_id": merchant_id,
                "member_id": member_id,
                "slot": chosen,
                "shown_name": mask_customer_name(nickname or username)[:16],
                "currency": player.currency,
                "stake": stake,
                "auto_hundredths": target,
                "status": CrashBetStatus.PENDING,
                "payout": Decimal("0"),
                "wallet_session_encrypted": encrypt_secret(player.token, SESSION_PURPOSE),
                "wallet_session_digest": token_digest(player.token),
                "created_at": now,
            }
            bet_id: int = (await session.exec(_NEW_BET, params=values)).scalar_one()
    except IntegrityError as exc:
        raise AppError("crash-slot-taken", 409) from exc
    answer = await _stake(player, bet_id, stake)
    async with single_writes() as session:
        confirmed = await session.exec(_CONFIRM, params={"pending_id": bet_id})
    if confirmed.rowcount != 1:
        # the round was settled meanwhile (a very slow wallet): its settlement gives it back
        raise AppError("crash-betting-closed", 409)
    return Placed(bet_id, chosen, stake, multiplier_of(target), answer)


async def _refuse(bet_id: int) -> None:
    async with single_writes() as session:
        await session.exec(_REFUSE, params={"pending_id": bet_id})


async def _stake(player: studio_rounds.Player, bet_id: int, stake: Decimal) -> Decimal:
    """Debit the stake (the wallet checks the member's balance, limits, a bonus's maximum bet,
    breaks, reality check and exclusion under their cash lock). A refusal marks the bet
    REFUSED (nothing moved; its slot is free again) and says why."""
    call = WalletCall(f"{wallet_round(bet_id)}:bet", wallet_round(bet_id), CODE, stake)
    try:
        answer = await player.port.debit(player.token, call)
    except AppError:
        await _refuse(bet_id)
        raise
    if answer.status == studio_rounds.OK:
        return answer.balance
    await _refuse(bet_id)
    raise await studio_rounds.stake_refusal(answer, player, stake)


async def cash_out(
    member_id: int, merchant_id: int, slot: object, flying: Flying | None = None
) -> CashedOut:
    """Cash out the member's riding bet of that slot in the brand's round, now, and pay it."""
    cashed, bet = await decide_cash_out(member_id, merchant_id, slot, flying=flying)
    balance = await pay_bet(bet)  # the row as cashed: no second read
    return replace(cashed, balance=balance)


async def decide_cash_out(
    member_id: int,
    merchant_id: int,
    slot: object,
    checks: Checks | None = None,
    game_session: str | None = None,
    flying: Flying | None = None,
) -> Decided:
    """The cash-out decided and stored (the bet CASHED at the curve's multiplier now), not yet
    paid: its caller pays it (`pay_bet`), and should that never happen (a process gone), the
    round's settlement pays every cashed bet left unpaid. Refused when nothing rides, or by
    `checks` (the caller's gates), run first in the same transaction, or (not logged in) when
    the game session `game_session` (its digest; None: the caller checked the login) has
    ended, read with the bet.

    With the round the caller saw `flying`, PostgreSQL decides in one statement
    (`decide_cash_outs`); when that finds nothing to cash, the steps below decide again and say
    why."""
    chosen = slot_of(slot)
    if flying is not None and get_engine().dialect.name == "postgresql":
        ask = CashOutAsk(member_id, merchant_id, chosen, flying, clock.now(), game_session)
        decided = (await decide_cash_outs([ask], _one_by_one(checks)))[0]
        if isinstance(decided, AppError):
            raise decided
        if decided is not None:
            return decided
    async with write_transaction() as session:
        if checks is not None:
            await checks(session)
        runs: ColumnElement[bool] = true()
        if game_session is not None:
            runs = tickets.session_runs(game_session, member_id, clock.now())
        found = (
            await session.exec(
                select(CrashBet, CrashRound, runs)
                .join(CrashRound, col(CrashRound.id) == col(CrashBet.round_id))
                .where(
                    col(CrashRound.id) == _newest_round(merchant_id),
                    col(CrashBet.member_id) == member_id,
                    col(CrashBet.slot) == chosen,
                    col(CrashBet.status) != CrashBetStatus.REFUSED,
                )
                .with_for_update(of=CrashBet)
            )
        ).first()
        logged_in = found[2] if found is not None else (await session.exec(select(runs))).one()
        if not logged_in:
            raise AppError("not-logged-in", 401)
        now = clock.now()  # read under the bet's lock: the instant that decides
        if found is None or found[0].status != CrashBetStatus.OPEN:
            raise AppError("crash-not-riding", 409)
        bet, row, _ = found
        phase = phase_of(row, now)
        if phase == Phase.BETTING:
            raise AppError("crash-not-started", 409)
        if phase == Phase.CRASHED:
            raise AppError("crash-too-late", 409)
        reached = fairness.multiplier_at(elapsed_ms(row, now))
        if bet.auto_hundredths is not None and bet.auto_hundredths <= reached:
            reached = bet.auto_hundredths  # its target came first
        cash(bet, row, reached, now)
        session.add(bet)
    cashed = CashedOut(bet.id or 0, chosen, Decimal(reached) / 100, bet.payout)
    return cashed, bet


@dataclass(frozen=True)
class CashOutAsk:
    """A cash-out asked for: whose, in which brand, which slot, the round the asker's board
    saw flying, the instant the server took it, and the game session (its digest) that must
    still run then (None: the caller checked the login)."""

    member_id: int
    merchant_id: int
    slot: int
    flying: Flying
    at: datetime
    game_session: str | None = None


# The caller's gates for a batch of asks, read in the decision's session: each ask's refusal,
# or None.
BatchChecks = Callable[[AsyncSession], Awaitable[Sequence[AppError | None]]]


def _one_by_one(checks: Checks | None) -> BatchChecks | None:
    """`checks` of one ask as the checks of a batch of it (a refusal raised)."""
    if checks is None:
        return None
    one = checks

    async def batch(session: AsyncSession) -> list[AppError | None]:
        await one(session)
        return [None]

    return batch


# Cash-outs decided in one statement (`decide_cash_outs`), built once: the asks come as one
# array a column, so that the statement's text is the same whatever the number of asks.
_ASKED = (
    func.unnest(
        bindparam("asked_ids", type_=ARRAY(Integer)),
        bindparam("asked_members", type_=ARRAY(Integer)),
        bindparam("asked_slots", type_=ARRAY(Integer)),
        bindparam("asked_merchants", type_=ARRAY(Integer)),
        bindparam("asked_rounds", type_=ARRAY(Integer)),
        bindparam("asked_starts", type_=ARRAY(DateTime(timezone=True))),
        bindparam("asked_instants", type_=ARRAY(DateTime(timezone=True))),
        bindparam("asked_reached", type_=ARRAY(Integer)),
        bindparam("asked_sessions", type_=ARRAY(String)),
    )
    .table_valued(
        column("ask", Integer),
        column("member_id", Integer),
        column("slot", Integer),
        column("merchant_id", Integer),
        column("round_pk", Integer),
        column("started_at", DateTime(timezone=True)),
        column("at", DateTime(timezone=True)),
        column("reached", Integer),
        column("game_session", String),
    )
    .render_derived(name="asked")
)
_CASH_OUTS_AT_ONCE = (
    update(CrashBet)
    .where(
        col(CrashBet.round_id) == col(CrashRound.id),
        col(CrashBet.member_id) == _ASKED.c.member_id,
        col(CrashBet.slot) == _ASKED.c.slot,
        col(CrashBet.status) == CrashBetStatus.OPEN,
        col(CrashRound.id) == _ASKED.c.round_pk,
        col(CrashRound.id) == _newest_round(_ASKED.c.merchant_id),
        col(CrashRound.started_at) == _ASKED.c.started_at,
        col(CrashRound.crash_at) > _ASKED.c.at,
        or_(
            _ASKED.c.game_session.is_(None),
            tickets.session_runs(_ASKED.c.game_session, _ASKED.c.member_id, _ASKED.c.at),
        ),
    )
    .values(cashed_in_sql(_ASKED.c.reached, _ASKED.c.at))
    .returning(_ASKED.c.ask, *BETS.columns)
)


async def decide_cash_outs(
    asks: Sequence[CashOutAsk], checks: BatchChecks | None = None
) -> list[Decided | AppError | None]:
    """Cash-outs decided and stored at once (PostgreSQL; one, or the live socket's batches of
    those that arrive together), as one autocommit statement after the caller's `checks`: each
    bet CASHED at the curve's multiplier of the instant its ask was taken, only while it rides
    the brand's newest round, that round is the one the ask saw flying and had not crashed by
    then, and its game session ran then. A settlement or another cash-out that ended the bet
    first leaves it unmatched (PostgreSQL reads the row again once its lock is free).

    For each ask: its decision, its refusal by `checks`, or None when it matched nothing (the
    step-by-step `decide_cash_out` then decides again and says why)."""
    async with autocommit_scope() as session:
        results: list[Decided | AppError | None] = (
            list(await checks(session)) if checks is not None else [None] * len(asks)
        )
        cashing = [
            (number, ask)
            for number, (ask, refused) in enumerate(zip(asks, results, strict=True))
            if refused is None and ask.at >= ask.flying.started_at
        ]
        if not cashing:
            return results
        values = {
            "asked_ids": [number for number, _ in cashing],
            "asked_members": [ask.member_id for _, ask in cashing],
            "asked_slots": [ask.slot for _, ask in cashing],
            "asked_merchants": [ask.merchant_id for _, ask in cashing],
            "asked_rounds": [ask.flying.round_pk for _, ask in cashing],
            "asked_starts": [ask.flying.started_at for _, ask in cashing],
            "asked_instants": [ask.at for _, ask in cashing],
            "asked_reached": [
                fairness.multiplier_at(elapsed_ms(ask.flying, ask.at)) for _, ask in cashing
            ],
            "asked_sessions": [ask.game_session for _, ask in cashing],
        }
        rows = (await session.exec(_CASH_OUTS_AT_ONCE, params=values)).all()
    for row in rows:
        fields = dict(row._mapping)
        number = fields.pop("ask")
        bet = CrashBet(**fields)
        multiplier = Decimal(bet.cashout_hundredths or 0) / 100
        results[number] = (CashedOut(bet.id or 0, bet.slot, multiplier, bet.payout), bet)
    return results
