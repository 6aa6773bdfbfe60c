"""Placing, cancelling and chasing lottery bets.

Money moves on the ledger directly, not through the seamless wallet port the studio uses:
a lottery bet is staked now and settled minutes or days later by a job, long after any game
session has ended, and its settlement must change the bet row, move the money and write the
wager fact in one database transaction so that a crash can never settle it twice or half.
Every movement has its own idempotency key: `lottery:<bet uid>:stake`, `:win`, `:refund`
(a cancel and a void refund share the refund key, so a bet is refunded at most once).

A bet is checked completely before anything is written (game, play, prize mode and the
brand's RTP floor, selection, unit, multiplier, stake limits), then in one transaction: the
issue still takes bets (the database refuses the row otherwise), the stake is taken from the
member's cash under their limits, and the exposure of each number stays under its limit (its
rows, shared by every bet on the issue, are locked last). Any refusal rolls the whole
transaction back: no row, no money. On PostgreSQL the bet is five statements (the issue, the
member's accounts with the cash lock, the limits, the ledger's post, the bet row with its
exposure): tests/ledger/test_money_statements.py counts them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_FLOOR, Decimal
from typing import Any, Protocol

from sqlalchemy import Integer, Numeric, String, Table, bindparam, func, insert, true
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import rate_limit
from app.core.db import write_transaction
from app.core.errors import AppError
from app.services import brands as brand_service
from app.services import ledger
from app.services.accounts import limits
from app.services.accounts.members import require_real_account
from app.services.amounts import parse_amount
from app.services.currencies import limit_scale, minor_digits
from app.services.lottery import issues as issue_service
from app.services.lottery import vietnam
from app.services.lottery.facts import record_wager_fact
from app.services.lottery.games import Game, game
from app.services.lottery.play_kinds import Limits
from app.services.lottery.plays import Mode, Play, Single, offered, play
from app.services.protection import limits as protection_limits
from app.services.wallet_events import money_moved
from models import Member
from models.ledger import TransactionKind
from models.lottery import (
    BetStatus,
    ChaseStatus,
    IssueStatus,
    LotteryBet,
    LotteryChase,
    LotteryExposure,
    LotteryIssue,
)

CENT = Decimal("0.01")
_EXPOSURE: Table = LotteryExposure.__table__  # type: ignore[attr-defined]
_BETS: Table = LotteryBet.__table__  # type: ignore[attr-defined]
_KEYS, _AMOUNTS = postgresql.ARRAY(String), postgresql.ARRAY(Numeric)  # made once: cache keys
MAX_MULTIPLIER = 10_000
MAX_CHASE_ISSUES = 120
# Brand profiles: the lowest theoretical RTP a brand's market allows (Brazil, Portaria
# SPA/MF 1.207/2024: 85 %); brands are told apart by their currency's market.
MIN_RTP_BY_CURRENCY: dict[str, Decimal] = {"BRL": Decimal("0.85")}


class Market(Protocol):
    """A brand as the lottery sees it: its currency names its market, its symbol writes a
    refusal's limits (a `Merchant` row or a `Brand` snapshot)."""

    @property
    def currency(self) -> str: ...

    @property
    def currency_symbol(self) -> str: ...


def min_rtp(merchant: Market) -> Decimal:
    return MIN_RTP_BY_CURRENCY.get(merchant.currency, Decimal(0))


@dataclass(frozen=True)
class BetRequest:
    game_code: str
    play_code: str
    prize_mode: str
    selection: Mapping[str, Any]
    unit: object
    multiplier: object = 1
    partner_issue_no: object = ""  # đá on two stations: the second station's issue


@dataclass(frozen=True)
class _Checked:
    game: Game
    play: Play
    mode: Mode
    singles: tuple[Single, ...]
    bet_count: int
    unit: Decimal
    multiplier: int
    stake: Decimal
    partner_issue_no: str = ""
    # The play's limits in the brand's currency (a placed bet's own check needs none).
    limits: Limits | None = None


def first_unit(currency: str) -> Decimal:
    """The unit a new slip starts at: a real's worth of the currency (5,000 dong), never
    under one unit of it (a dollar, not 0.20)."""
    return max(Decimal(1), limit_scale(currency))


def _unit(value: object, digits: int) -> Decimal:
    return parse_amount(
        value, "lottery-stake-invalid", params={"max": MAX_MULTIPLIER}, digits=digits
    )


def _multiplier(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_MULTIPLIER:
        raise AppError("lottery-stake-invalid", 422, {"max": MAX_MULTIPLIER})
    return value


def check(merchant: Market, request: BetRequest) -> _Checked:
    """Everything about a bet that needs no database: refused here, nothing is written."""
    found_game = game(request.game_code)
    found_play = play(request.play_code)
    if found_play.family != found_game.family:
        raise AppError("lottery-play-unknown", 404)
    try:
        mode = Mode(request.prize_mode)
    except ValueError:
        raise AppError("lottery-play-not-offered", 422) from None
    if not offered(found_play.code, mode, min_rtp(merchant)):
        raise AppError("lottery-play-not-offered", 422)
    if not isinstance(request.selection, Mapping):
        raise AppError("lottery-selection-invalid", 422, {"play": found_play.code})
    partner = _partner_issue_no(found_play, request.partner_issue_no)
    singles = found_play.expand(request.selection)
    digits = minor_digits(merchant.currency)
    money = brand_service.Money(merchant.currency_symbol, digits)
    unit = _unit(request.unit, digits)
    multiplier = _multiplier(request.multiplier)
    count = sum(found_play.cost(single) for single in singles)
    stake = (unit * count * multiplier).quantize(CENT)
    limits = found_play.limits.scaled(limit_scale(merchant.currency))
    if stake < limits.min_stake:
        raise AppError("lottery-under-min", 422, {"min": money.in_message(limits.min_stake)})
    if stake > limits.max_stake:
        raise AppError("lottery-over-max", 422, {"max": money.in_message(limits.max_stake)})
    return _Checked(
        found_game, found_play, mode, singles, count, unit, multiplier, stake, partner, limits
    )


def _partner_issue_no(found_play: Play, value: object) -> str:
    """A two-station play needs the second station's issue; any other play takes none."""
    partner = value if isinstance(value, str) else None
    if found_play.stations == 1:
        if partner != "":
            raise AppError("lottery-partner-invalid", 422)
        return ""
    if not partner:
        raise AppError("lottery-partner-required", 422)
    if len(partner) > 32:
        raise AppError("lottery-partner-invalid", 422)
    return partner


def exposure_key(play_code: str, single: Single) -> str:
    return f"{play_code}:{'-'.join(str(part) for part in single)}"


# PostgreSQL's bet statements, built once (a bet is the hottest call; building the statements
# and their columns on each call showed in its CPU profile). The exposure rows go as two arrays:
# one statement text whatever the number of keys (SQLAlchemy caches no multi-row VALUES).
_EXPOSURE_ROWS = (
    func.unnest(
        bindparam("exposure_keys", type_=_KEYS), bindparam("exposure_amounts", type_=_AMOUNTS)
    )
    .table_valued("key", "amount")
    .render_derived(name="leg")
)
_NEW_EXPOSURE = postgresql.insert(_EXPOSURE).from_select(
    ["issue_id", "key", "amount"],
    core_select(
        bindparam("exposure_issue", type_=Integer), _EXPOSURE_ROWS.c.key, _EXPOSURE_ROWS.c.amount
    ),
)
_ADD_EXPOSURE_PG = _NEW_EXPOSURE.on_conflict_do_update(
    index_elements=["issue_id", "key"],
    set_={"amount": _EXPOSURE.c.amount + _NEW_EXPOSURE.excluded.amount},
).returning(_EXPOSURE.c.key, _EXPOSURE.c.amount)
_BET_COLUMNS = tuple(column for column in _BETS.c if column.name != "id")
_PLACED = (
    insert(_BETS)
    .values(
        {column.name: bindparam(f"bet_{column.name}", type_=column.type) for column in _BET_COLUMNS}
    )
    .returning(_BETS.c.id)
    .cte("placed")
)
_ADDED = _ADD_EXPOSURE_PG.cte("added")
_PLACE_BET_PG = core_select(_PLACED.c.id, _ADDED.c.key, _ADDED.c.amount).select_from(
    _PLACED.join(_ADDED, true())
)


@dataclass(frozen=True)
class _Exposure:
    """What a bet could pay per single bet key (keys sorted, so that two bets on the same
    numbers lock their rows in the same order: no deadlock), signed: -1 releases it."""

    issue_id: int
    keys: list[str]
    amounts: list[Decimal]
    singles: dict[str, Single]

    def parameters(self) -> dict[str, Any]:
        return {
            "exposure_issue": self.issue_id,
            "exposure_keys": self.keys,
            "exposure_amounts": self.amounts,
        }

    def upsert_for_sqlite(self) -> Any:
        """SQLite's statement: the rows as VALUES; each key's new total returned."""
        statement = sqlite.insert(_EXPOSURE).values(
            [
                {"issue_id": self.issue_id, "key": key, "amount": amount}
                for key, amount in zip(self.keys, self.amounts, strict=True)
            ]
        )
        return statement.on_conflict_do_update(
            index_elements=["issue_id", "key"],
            set_={"amount": _EXPOSURE.c.amount + statement.excluded.amount},
        ).returning(_EXPOSURE.c.key, _EXPOSURE.c.amount)


def _exposure(issue_id: int, checked: _Checked, sign: int) -> _Exposure:
    amounts: dict[str, tuple[Decimal, Single]] = {}
    for single in checked.singles:
        key = exposure_key(checked.play.code, single)
        amount = checked.unit * checked.multiplier * checked.play.top_return(single, checked.mode)
        previous = amounts.get(key, (Decimal(0), single))[0]
        amounts[key] = (previous + amount, single)
    keys = sorted(amounts)
    return _Exposure(
        issue_id=issue_id,
        keys=keys,
        # the same cents added and released
        amounts=[sign * amounts[key][0].quantize(CENT, ROUND_FLOOR) for key in keys],
        singles={key: single for key, (_amount, single) in amounts.items()},
    )


def _refuse_over_exposure(
    totals: Iterable[tuple[str, Decimal]], singles: Mapping[str, Single], checked: _Checked
) -> None:
    """A key whose exposure now passes the play's limit refuses the bet (the first by key)."""
    assert checked.limits is not None  # a bet being placed was checked in its currency
    over = sorted(key for key, total in totals if total > checked.limits.max_exposure)
    if over:
        number = " ".join(map(str, singles[over[0]]))
        raise AppError("lottery-over-exposure", 409, {"number": number})


async def _release_exposure(session: AsyncSession, issue_id: int, checked: _Checked) -> None:
    """Give back what a refunded bet could have paid (the issue is locked by the caller)."""
    connection = await session.connection()
    released = _exposure(issue_id, checked, sign=-1)
    if connection.dialect.name == "postgresql":
        await connection.execute(_ADD_EXPOSURE_PG, released.parameters())
    else:
        await connection.execute(released.upsert_for_sqlite())


async def _write_bet(session: AsyncSession, bet: LotteryBet, checked: _Checked) -> None:
    """Write the bet row, then add its exposure (the issue's hottest rows, so locked last and
    held only until the commit): on PostgreSQL in one statement, on SQLite in two. Over the
    play's limit, the database's refusal of a closed issue: refused."""
    connection = await session.connection()
    exposure = _exposure(bet.issue_id, checked, sign=1)
    row = bet.model_dump(exclude={"id"})
    try:
        if connection.dialect.name == "postgresql":
            parameters = {f"bet_{column.name}": row[column.name] for column in _BET_COLUMNS}
            both = (
                await connection.execute(_PLACE_BET_PG, parameters | exposure.parameters())
            ).all()
            bet.id = both[0].id
            totals = [(found.key, found.amount) for found in both]
        else:
            bet.id = (
                await connection.execute(insert(_BETS).values(row).returning(_BETS.c.id))
            ).scalar_one()
            totals = [
                (found.key, found.amount)
                for found in await connection.execute(exposure.upsert_for_sqlite())
            ]
    except IntegrityError as refused:
        # The whole transaction (the stake included) rolls back with this error.
        if "lottery-issue-closed" in str(refused.orig):
            raise AppError("lottery-issue-closed", 409) from None
        raise
    _refuse_over_exposure(totals, exposure.singles, checked)


async def _place(
    session: AsyncSession,
    member: Member,
    market: Market,
    checked: _Checked,
    issue: LotteryIssue,
    now: datetime,
    chase_id: int | None = None,
    partner: LotteryIssue | None = None,
) -> LotteryBet:
    """Stake one bet on an issue (and its partner issue) the caller holds locked (shared):
    the member's cash locked, their limits checked, the stake's movement, then the bet row
    (which the database refuses after the issues' close) and its exposure."""
    for taking in (issue, partner):
        if taking is not None and (
            taking.status not in issue_service.BETTING or now >= taking.close_at
        ):
            raise AppError("lottery-issue-closed", 409)
    assert issue.id is not None and member.id is not None
    uid = secrets.token_hex(16)
    # The member's own limits and exclusion, under the cash lock (concurrent bets of one member
    # are checked one after the other) and before this ticket is written; every ticket of a
    # chase is checked with the ones before it already open.
    cash_id, clearing_id, _ = await ledger.cash_and_clearing(
        session,
        merchant_id=member.merchant_id,
        member_id=member.id,
        currency=market.currency,
        lock_cash=True,
    )
    await protection_limits.check_bet(session, member, checked.stake, now)
    try:
        posted = await ledger.move(
            session,
            merchant_id=member.merchant_id,
            kind=TransactionKind.BET,
            idempotency_key=f"lottery:{uid}:stake",
            debit_account_id=cash_id,
            credit_account_id=clearing_id,
            amount=checked.stake,
            reference=f"{issue.game_code}:{issue.issue_no}",
            member_id=member.id,
            metadata={"vendor": checked.game.vendor, "game_code": issue.game_code, "bet": uid},
            savepoint=False,  # any refusal rolls the whole bet back
        )
    except AppError as refused:
        if refused.code == "ledger-insufficient-funds":
            raise AppError("lottery-insufficient-funds", 409) from None
        raise
    bet = LotteryBet(
        uid=uid,
        merchant_id=member.merchant_id,
        member_id=member.id,
        currency=market.currency,
        issue_id=issue.id,
        partner_issue_id=partner.id if partner is not None else None,
        game_code=checked.game.code,
        play_code=checked.play.code,
        prize_mode=checked.mode.value,
        selection={"singles": [list(single) for single in checked.singles]},
        bet_count=checked.bet_count,
        unit=checked.unit,
        multiplier=checked.multiplier,
        stake=checked.stake,
        odds={line: str(odds) for line, odds in checked.play.table(checked.mode).items()},
        chase_id=chase_id,
        placed_at=now,
        stake_transaction_id=posted.transaction_id,
    )
    await _write_bet(session, bet, checked)
    return bet


async def _market(member: Member) -> Market:
    """The member's brand (its cached snapshot: the currency decides the RTP floor)."""
    return await brand_service.brands.by_id(member.merchant_id)


async def place_bet(
    member: Member, issue_no: str, request: BetRequest, now: datetime
) -> LotteryBet:
    """Place one bet (one selection, single or multiple) on one issue."""
    require_real_account(member)
    await rate_limit.consume(limits.LOTTERY_BETS_PER_MEMBER, member.id)
    market = await _market(member)
    checked = check(market, request)
    if not isinstance(issue_no, str) or not 0 < len(issue_no) <= 32:
        raise AppError("lottery-issue-unknown", 404)
    async with write_transaction() as session:
        issue, partner = await _bet_issues(session, checked, issue_no)
        bet = await _place(session, member, market, checked, issue, now, partner=partner)
    assert member.id is not None
    await money_moved([member.id])
    return bet


# Built once: every bet reads its issue so, and building it cost more than running it.
_SHARED_ISSUE = (
    select(LotteryIssue)
    .where(
        LotteryIssue.game_code == bindparam("game_code"),
        LotteryIssue.issue_no == bindparam("issue_no"),
    )
    .with_for_update(read=True)
)


async def _shared_issue(session: AsyncSession, game_code: str, issue_no: str) -> LotteryIssue:
    params = {"game_code": game_code, "issue_no": issue_no}
    found = (await session.exec(_SHARED_ISSUE, params=params)).first()
    if found is None:
        raise AppError("lottery-issue-unknown", 404)
    return found


async def _bet_issues(
    session: AsyncSession, checked: _Checked, issue_no: str
) -> tuple[LotteryIssue, LotteryIssue | None]:
    """The issue a bet is placed on and, for đá on two stations, its partner: another
    station of the same game drawn at the same time. The pair is kept in the day's station
    order, so the same pair on the same two stations counts its exposure on one issue."""
    issue = await _shared_issue(session, checked.game.code, issue_no)
    if not checked.partner_issue_no:
        return issue, None
    partner = await _shared_issue(session, checked.game.code, checked.partner_issue_no)
    if partner.id == issue.id or partner.draw_at != issue.draw_at or partner.station is None:
        raise AppError("lottery-partner-invalid", 422)
    first, second = sorted((issue, partner), key=lambda found: found.id or 0)
    return first, second


VIETNAM_TIME = timedelta(hours=7)  # the Vietnamese draws' day is Vietnam's date
MAX_CODE_LENGTH = 500


def code_requests(text: object, now: datetime, currency: str) -> list[tuple[str, BetRequest]]:
    """The bets a typed Vietnamese code makes on today's draws (Vietnam's date); a bad token
    refuses the whole code."""
    if not isinstance(text, str) or len(text) > MAX_CODE_LENGTH:
        raise AppError("lottery-vn-empty", 422)
    return day_requests(text, (now + VIETNAM_TIME).date(), currency)


def day_requests(text: str, day: date, currency: str) -> list[tuple[str, BetRequest]]:
    """The bets a Vietnamese code makes on a day's draws: each station's issue number with
    its request (đá on two stations names the second station's issue); a code's points are
    worth `vietnam.point_value` of the brand's currency each."""
    point = vietnam.point_value(currency)
    return [
        (
            f"{day:%Y%m%d}-{bet.station}",
            BetRequest(
                game_code=bet.game_code,
                play_code=bet.play_code,
                prize_mode=Mode.ELOTT.value,
                selection={"numbers": list(bet.numbers)},
                unit=bet.amount * point,
                partner_issue_no=f"{day:%Y%m%d}-{bet.partner}" if bet.partner else "",
            ),
        )
        for bet in vietnam.parse(text, day)
    ]


async def place_code(member: Member, text: object, now: datetime) -> list[LotteryBet]:
    """Place every bet of a typed Vietnamese code, all or none, in one transaction."""
    return await place_codes(member, [text], now)


async def place_codes(member: Member, texts: list[object], now: datetime) -> list[LotteryBet]:
    """Place every bet of several typed Vietnamese codes, all or none, in one transaction."""
    require_real_account(member)
    await rate_limit.consume(limits.LOTTERY_BETS_PER_MEMBER, member.id)
    market = await _market(member)
    wanted = [
        (issue_no, check(market, request))
        for text in texts
        for issue_no, request in code_requests(text, now, market.currency)
    ]
    placed: list[LotteryBet] = []
    async with write_transaction() as session:
        for issue_no, checked in wanted:
            issue, partner = await _bet_issues(session, checked, issue_no)
            placed.append(
                await _place(session, member, market, checked, issue, now, partner=partner)
            )
    assert member.id is not None
    await money_moved([member.id])
    return placed


async def place_chase(
    member: Member, request: BetRequest, issues: int, now: datetime, *, stop_on_win: bool = True
) -> LotteryChase:
    """The same bet on each of the game's next `issues` issues, all staked now."""
    require_real_account(member)
    if (
        isinstance(issues, bool)
        or not isinstance(issues, int)
        or not 2 <= issues <= MAX_CHASE_ISSUES
    ):
        raise AppError("lottery-chase-invalid", 422, {"max": MAX_CHASE_ISSUES})
    assert member.id is not None
    await rate_limit.consume(limits.LOTTERY_BETS_PER_MEMBER, member.id)
    market = await _market(member)
    checked = check(market, request)
    if checked.play.stations > 1:  # both stations' issues are drawn once: nothing to chase
        raise AppError("lottery-chase-two-stations", 422)
    async with write_transaction() as session:
        targets = (
            await session.exec(
                select(LotteryIssue.id)
                .where(
                    LotteryIssue.game_code == checked.game.code,
                    col(LotteryIssue.status).in_(issue_service.BETTING),
                    col(LotteryIssue.close_at) > now,
                )
                .order_by(col(LotteryIssue.draw_at))
                .limit(issues)
            )
        ).all()
        if len(targets) < issues:
            raise AppError("lottery-chase-short", 409, {"available": len(targets)})
        chase = LotteryChase(
            uid=secrets.token_hex(16),
            merchant_id=member.merchant_id,
            member_id=member.id,
            game_code=checked.game.code,
            play_code=checked.play.code,
            prize_mode=checked.mode.value,
            issues=issues,
            stop_on_win=stop_on_win,
            created_at=now,
        )
        session.add(chase)
        await session.flush()
        for issue_id in targets:
            locked = await issue_service.locked_issue(session, issue_id, shared=True)
            await _place(session, member, market, checked, locked, now, chase.id)
    await money_moved([member.id])
    return chase


def _checked_of(bet: LotteryBet) -> _Checked:
    """A placed bet's checked form, as it was when placed (its single bets are stored)."""
    singles = tuple(tuple(single) for single in bet.selection["singles"])
    return _Checked(
        game(bet.game_code), play(bet.play_code), Mode(bet.prize_mode), singles, bet.bet_count,
        bet.unit, bet.multiplier, bet.stake,
    )  # fmt: skip


async def refund(session: AsyncSession, bet: LotteryBet, status: BetStatus, reason: str) -> None:
    """Give a pending bet's stake back (cancel, void, stopped chase) and release its
    exposure: once, whatever calls it, because the refund key and the reversed stake are
    both unique in the ledger."""
    assert bet.stake_transaction_id is not None
    await _release_exposure(session, bet.issue_id, _checked_of(bet))
    posted = await ledger.post(
        session,
        merchant_id=bet.merchant_id,
        kind=TransactionKind.ROLLBACK,
        idempotency_key=f"lottery:{bet.uid}:refund",
        legs=await _refund_legs(session, bet),
        reference=reason,
        member_id=bet.member_id,
        metadata={"bet": bet.uid, "reason": reason},
        reverses_transaction_id=bet.stake_transaction_id,
    )
    bet.refund_transaction_id = posted.transaction_id
    bet.status = status
    session.add(bet)


async def _refund_legs(session: AsyncSession, bet: LotteryBet) -> list[ledger.Leg]:
    cash_id, clearing_id, _ = await ledger.cash_and_clearing(
        session, merchant_id=bet.merchant_id, member_id=bet.member_id, currency=bet.currency
    )
    return [ledger.Leg(cash_id, bet.stake), ledger.Leg(clearing_id, -bet.stake)]


async def cancel_bet(member: Member, bet_uid: str, now: datetime) -> LotteryBet:
    """The player cancels a pending bet before its issue closes; the stake comes back."""
    require_real_account(member)
    async with write_transaction() as session:
        bet = (
            await session.exec(
                select(LotteryBet)
                .where(LotteryBet.uid == str(bet_uid), LotteryBet.member_id == member.id)
                .with_for_update()
            )
        ).first()
        if bet is None:
            raise AppError("lottery-bet-unknown", 404)
        issue = await issue_service.locked_issue(session, bet.issue_id)
        if (
            bet.status != BetStatus.PENDING
            or issue.status not in issue_service.BETTING
            or now >= issue.close_at
        ):
            raise AppError("lottery-bet-not-cancellable", 409)
        await refund(session, bet, BetStatus.CANCELLED, "cancel")
        bet.settled_at = now
        await record_wager_fact(session, bet, now)
    assert member.id is not None
    await money_moved([member.id])
    return bet


async def refund_open_bets(
    session: AsyncSession, member_id: int, reason: str, now: datetime
) -> tuple[int, Decimal]:
    """Refund every bet of a member whose issue is not drawn yet and stop their chases
    (player protection: a cooling-off or self-exclusion). Building block: the caller's
    transaction. Returns how many bets and how much came back."""
    chases = (
        await session.exec(
            select(LotteryChase)
            .where(LotteryChase.member_id == member_id, LotteryChase.status == ChaseStatus.ACTIVE)
            .with_for_update()
        )
    ).all()
    for chase in chases:
        chase.status = ChaseStatus.STOPPED
        session.add(chase)
    open_bets = (
        await session.exec(
            select(LotteryBet)
            .join(LotteryIssue, col(LotteryIssue.id) == LotteryBet.issue_id)
            .where(
                LotteryBet.member_id == member_id,
                LotteryBet.status == BetStatus.PENDING,
                col(LotteryIssue.status).in_(
                    [IssueStatus.SCHEDULED, IssueStatus.OPEN, IssueStatus.CLOSED]
                ),
            )
            .order_by(col(LotteryBet.id))
            .with_for_update()
        )
    ).all()
    for issue_id in sorted({bet.issue_id for bet in open_bets}):
        await issue_service.locked_issue(session, issue_id)  # exposure is changed under it
    total = Decimal("0.00")
    for bet in open_bets:
        await refund(session, bet, BetStatus.REFUNDED, reason)
        bet.settled_at = now
        await record_wager_fact(session, bet, now)
        total += bet.stake
    return len(open_bets), total
