"""Members' own limits: deposit, loss, wagering, number of bets and time of play, per day,
week and month of the brand's calendar (on when the brand's jurisdiction profile says so).

Changing a limit (`set_limit`):
- a first limit, or a lower one, applies at once;
- a raise or a removal is a request: it waits the profile's cool-down (24 h), then the member
  confirms it (`confirm_limit`) within the confirmation window (168 h), else it lapses; a new
  lower value or `cancel_request` drops it.

Checking (building blocks, in the caller's transaction, after it locked the member's cash):
- `check_bet(session, member, amount, now)` before EVERY bet debit (seamless wallet: vendors
  and the studio; lottery placement). Refused: AppError("protection-limit-reached-<kind>")
  or ("protection-excluded"), nothing written; the seamless wallet answers REFUSED;
- `check_deposit(session, member, amount, now)` before a deposit order is created.

What counts, for the period so far (day, week, month in the brand's time zone):
- LOSS: net loss of settled bets (wager facts: bet - win) + every open stake (seamless rounds
  not settled, lottery tickets not drawn) + this bet, floored at 0; a bet is refused when,
  lost, it would take the net loss over the limit. Winnings give room back (net rule);
- WAGER: turnover (valid bets of the facts) + open stakes + this bet;
- BETS: settled rounds (SETTLED facts) + open rounds and tickets + this one;
- TIME: seconds of play on the brand's calendar days (`PlayDay`); play is the time between
  two bets less than the profile's idle gap apart. Refused once the limit is used up;
- DEPOSIT: orders created in the period, paid or still pending, + this order.

Alerts: the first time a limit passes 80 % in its period the member gets an inbox message (and
the retention log keeps it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import (
    Integer,
    Select,
    Subquery,
    Table,
    and_,
    bindparam,
    func,
    literal_column,
    or_,
)
from sqlalchemy import select as core_select
from sqlalchemy import true as sql_true
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import reporting
from app.services.amounts import parse_amount, parse_number
from app.services.brands import Brand, brands
from app.services.identity import onboarding
from app.services.jurisdiction import Profile, profile_of
from app.services.protection.records import log, member_language, message
from models import Member
from models.cashier import DepositOrder, DepositStatus, MessageKind
from models.games import GameRound, RoundStatus
from models.identity import MemberIdentity
from models.lottery import BetStatus, LotteryBet
from models.protection import (
    LimitKind,
    LimitPeriod,
    MemberLimit,
    MemberProtection,
    PlayDay,
)

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
ALERT_SHARE = Decimal("0.8")
IDLE_MINUTES = 30  # the play clock's idle gap when the profile names none
REALITY_CHECK_DUE = "protection-reality-check-due"  # a bet's refusal until the check is answered
# The play clock is written at most this often per member (bets in between add no write; the
# time since the last write counts in every check, so nothing is lost).
PLAY_CLOCK_STEP = timedelta(seconds=10)
MAX_MONEY = Decimal("100000000.00")
MAX_COUNT = Decimal(1_000_000)
MAX_MINUTES = {
    LimitPeriod.DAY: Decimal(24 * 60),
    LimitPeriod.WEEK: Decimal(7 * 24 * 60),
    LimitPeriod.MONTH: Decimal(31 * 24 * 60),
}
BET_KINDS = (LimitKind.LOSS, LimitKind.WAGER, LimitKind.BETS, LimitKind.TIME)
WHOLE_KINDS = (LimitKind.BETS, LimitKind.TIME)  # counts and minutes: whole numbers


@dataclass(frozen=True)
class LimitView:
    """One limit as the member sees it: what holds, what is used, what waits."""

    kind: LimitKind
    period: LimitPeriod
    value: Decimal | None
    used: Decimal
    pending: bool
    pending_value: Decimal | None
    pending_from: datetime | None
    confirmable: bool

    @property
    def share(self) -> Decimal:
        """Used / limit, 0 to 1 (0 without a limit)."""
        if self.value is None or self.value <= 0:
            return ZERO
        return min(self.used / self.value, Decimal(1))


@dataclass(frozen=True)
class Change:
    """What a change did: APPLIED at once, or PENDING until `pending_from`."""

    outcome: str
    limit: LimitView


# ---- the calendar ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Windows:
    """The starts (UTC) of the brand's current day, week and month, and today's date there."""

    day: datetime
    week: datetime
    month: datetime
    today: date

    def start(self, period: LimitPeriod) -> datetime:
        return {LimitPeriod.DAY: self.day, LimitPeriod.WEEK: self.week}.get(period, self.month)


def windows(brand: Brand, now: datetime) -> Windows:
    zone = ZoneInfo(brand.timezone)
    local = now.astimezone(zone)
    today = local.date()

    def start(day: date) -> datetime:
        return datetime.combine(day, time(0), zone).astimezone(now.tzinfo)

    return Windows(
        day=start(today),
        week=start(today - timedelta(days=today.weekday())),
        month=start(today.replace(day=1)),
        today=today,
    )


# ---- reading --------------------------------------------------------------------------------


def _kind(value: object) -> LimitKind:
    try:
        return LimitKind(str(value).upper())
    except ValueError:
        raise AppError("protection-limit-invalid", 422) from None


def _period(value: object) -> LimitPeriod:
    try:
        return LimitPeriod(str(value).upper())
    except ValueError:
        raise AppError("protection-limit-invalid", 422) from None


def parse_value(kind: LimitKind, period: LimitPeriod, value: object) -> Decimal | None:
    """A limit's value: money with cents, or a whole count / minutes; None or "" removes."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if kind in WHOLE_KINDS:
        top = MAX_MINUTES[period] if kind is LimitKind.TIME else MAX_COUNT
        # Two places: a count is also taken as shown back ("30.00"), if whole.
        whole = parse_number(
            value, "protection-limit-invalid", places=2, minimum=Decimal(1), maximum=Decimal(top)
        )
        if whole != whole.to_integral_value():
            raise AppError("protection-limit-invalid", 422)
        return whole.quantize(CENT)
    return parse_amount(value, "protection-limit-invalid", maximum=MAX_MONEY)


async def _rows(session: AsyncSession, member_id: int) -> list[MemberLimit]:
    return list(
        (await session.exec(select(MemberLimit).where(MemberLimit.member_id == member_id))).all()
    )


@dataclass(frozen=True)
class _Open:
    stake: Decimal
    count: int


def _constant(value: str) -> Any:
    """A fixed status or kind written into the SQL: a partial index on it stays usable under
    a prepared statement's generic plan, and no IN list is expanded again on every bet."""
    if not value.isalnum():
        raise ValueError(value)
    return literal_column(f"'{value}'")


def _today_and_open_parts(
    member_id: Any, day_start: Any, open_since: Any
) -> tuple[Subquery, Subquery, Subquery]:
    """Today's settled totals (the wager facts, through reporting) and the stakes not settled
    yet: seamless rounds opened since `open_since` (the member-opened index) and every
    pending lottery ticket (the member-status index), as one-row subqueries. The arguments
    are values, or bind parameters of a statement built once (`_bet_statement`)."""
    rounds: Table = GameRound.__table__  # type: ignore[attr-defined]
    tickets: Table = LotteryBet.__table__  # type: ignore[attr-defined]
    today = reporting.member_window_query(member_id, day_start)
    rounds_open = (
        core_select(
            func.coalesce(func.sum(rounds.c.bet_total), 0).label("stake"),
            func.count().label("bets"),
        )
        .where(
            rounds.c.member_id == member_id,
            rounds.c.opened_at >= open_since,
            rounds.c.status == _constant(RoundStatus.OPEN.value),
        )
        .subquery()
    )
    tickets_open = (
        core_select(
            func.coalesce(func.sum(tickets.c.stake), 0).label("stake"),
            func.count().label("bets"),
        )
        .where(tickets.c.member_id == member_id, tickets.c.status == BetStatus.PENDING.value)
        .subquery()
    )
    return today, rounds_open, tickets_open


async def _today_and_open(
    session: AsyncSession, member_id: int, spans: Windows
) -> tuple[reporting.Totals, _Open]:
    """`_today_and_open_parts` read in one round trip."""
    today, rounds_open, tickets_open = _today_and_open_parts(
        member_id, spans.day, min(spans.week, spans.month)
    )
    connection = await session.connection()
    row = (
        await connection.execute(
            core_select(
                today.c.bet,
                today.c.valid_bet,
                today.c.win,
                today.c.facts,
                rounds_open.c.stake,
                rounds_open.c.bets,
                tickets_open.c.stake,
                tickets_open.c.bets,
            ).select_from(today.join(rounds_open, sql_true()).join(tickets_open, sql_true()))
        )
    ).one()
    stake = Decimal(str(row[4])) + Decimal(str(row[6]))
    return (
        reporting.window_totals(row[0], row[1], row[2], row[3]),
        _Open(stake.quantize(CENT), int(row[5]) + int(row[7])),
    )


async def _played_seconds(
    session: AsyncSession, member_id: int, spans: Windows
) -> dict[LimitPeriod, int]:
    rows = (
        await session.exec(
            select(col(PlayDay.day), col(PlayDay.seconds)).where(
                PlayDay.member_id == member_id,
                col(PlayDay.day) >= min(spans.month.date(), spans.week.date()) - timedelta(days=1),
            )
        )
    ).all()
    week_start = spans.today - timedelta(days=spans.today.weekday())
    month_start = spans.today.replace(day=1)
    return {
        LimitPeriod.DAY: sum(s for d, s in rows if d == spans.today),
        LimitPeriod.WEEK: sum(s for d, s in rows if week_start <= d <= spans.today),
        LimitPeriod.MONTH: sum(s for d, s in rows if month_start <= d <= spans.today),
    }


async def _deposited(
    session: AsyncSession, member_id: int, spans: Windows
) -> dict[LimitPeriod, Decimal]:
    rows = (
        await session.exec(
            select(col(DepositOrder.amount), col(DepositOrder.created_at)).where(
                DepositOrder.member_id == member_id,
                col(DepositOrder.created_at) >= min(spans.week, spans.month),
                col(DepositOrder.status).in_((DepositStatus.PENDING, DepositStatus.PAID)),
            )
        )
    ).all()
    return {
        period: sum((a for a, at in rows if at >= spans.start(period)), ZERO)
        for period in LimitPeriod
    }


# The settled part of a week or month before today never changes (a fact, a correction too,
# is written at the time it happens), so each process keeps it per (member, day): a bet reads
# only today's facts. Bounded; dropped whole when full.
_PAST: dict[tuple[int, datetime], dict[LimitPeriod, reporting.Totals]] = {}
PAST_CACHE_SIZE = 100_000


def _plus(a: reporting.Totals, b: reporting.Totals) -> reporting.Totals:
    return reporting.Totals(
        a.bet + b.bet, a.valid_bet + b.valid_bet, a.win + b.win, a.facts + b.facts
    )


async def _settled(
    session: AsyncSession,
    member_id: int,
    spans: Windows,
    periods: set[LimitPeriod],
    today: reporting.Totals,
) -> dict[LimitPeriod, reporting.Totals]:
    """Settled totals of each period so far: today's as read, earlier days cached."""
    earlier = sorted(periods - {LimitPeriod.DAY})
    past: dict[LimitPeriod, reporting.Totals] = {}
    if earlier:
        key = (member_id, spans.day)
        cached = _PAST.get(key)
        if cached is None or not set(earlier) <= cached.keys():
            before = await reporting.member_windows(
                session, member_id, [spans.start(p) for p in earlier], until=spans.day
            )
            if len(_PAST) >= PAST_CACHE_SIZE:
                _PAST.clear()
            cached = {**(cached or {}), **dict(zip(earlier, before, strict=True))}
            _PAST[key] = cached
        past = cached
    return {
        period: today if period is LimitPeriod.DAY else _plus(past[period], today)
        for period in periods
    }


async def _usage(
    session: AsyncSession,
    member_id: int,
    spans: Windows,
    wanted: set[tuple[LimitKind, LimitPeriod]],
    extra: Decimal = ZERO,
) -> dict[tuple[LimitKind, LimitPeriod], Decimal]:
    """Each wanted (kind, period)'s use so far, counting `extra` (the bet or deposit asked)."""
    used: dict[tuple[LimitKind, LimitPeriod], Decimal] = {}
    kinds = {kind for kind, _ in wanted}
    periods = {period for _, period in wanted}
    if kinds & {LimitKind.LOSS, LimitKind.WAGER, LimitKind.BETS}:
        today, pending = await _today_and_open(session, member_id, spans)
        settled = await _settled(session, member_id, spans, periods, today)
        for period, sums in settled.items():
            loss = max(sums.net_loss + pending.stake + extra, ZERO)
            used[(LimitKind.LOSS, period)] = loss
            used[(LimitKind.WAGER, period)] = sums.valid_bet + pending.stake + extra
            used[(LimitKind.BETS, period)] = Decimal(
                sums.facts + pending.count + (1 if extra > 0 else 0)
            )
    if LimitKind.TIME in kinds:
        seconds = await _played_seconds(session, member_id, spans)
        for period in periods:
            used[(LimitKind.TIME, period)] = (Decimal(seconds[period]) / 60).quantize(CENT)
    if LimitKind.DEPOSIT in kinds:
        deposited = await _deposited(session, member_id, spans)
        for period in periods:
            used[(LimitKind.DEPOSIT, period)] = deposited[period] + extra
    return used


def _pair(row: MemberLimit) -> tuple[LimitKind, LimitPeriod]:
    return LimitKind(row.kind), LimitPeriod(row.period)


def _confirmable(row: MemberLimit, profile: Profile, now: datetime) -> bool:
    return (
        row.pending
        and row.pending_from is not None
        and row.pending_from <= now < row.pending_from + profile.limit_confirm_window
    )


def _view(row: MemberLimit, used: Decimal, profile: Profile, now: datetime) -> LimitView:
    return LimitView(
        kind=LimitKind(row.kind),
        period=LimitPeriod(row.period),
        value=row.value,
        used=used,
        pending=row.pending,
        pending_value=row.pending_value,
        pending_from=row.pending_from,
        confirmable=_confirmable(row, profile, now),
    )


async def _brand_profile(member: Member) -> tuple[Brand, Profile]:
    brand = await brands.by_id(member.merchant_id)
    return brand, profile_of(brand)


async def member_limits(member: Member, now: datetime) -> list[LimitView]:
    """The member's limits with their use so far (the limits page)."""
    assert member.id is not None
    brand, profile = await _brand_profile(member)
    if not profile.player_limits:
        return []
    spans = windows(brand, now)
    async with session_scope() as session:
        rows = [row for row in await _rows(session, member.id) if row.value or row.pending]
        used = await _usage(session, member.id, spans, {_pair(r) for r in rows})
    return [
        _view(row, used.get((LimitKind(row.kind), LimitPeriod(row.period)), ZERO), profile, now)
        for row in sorted(rows, key=lambda r: (list(LimitKind).index(LimitKind(r.kind)), r.period))
    ]


# ---- changing -------------------------------------------------------------------------------


async def _locked_row(
    session: AsyncSession, member_id: int, kind: LimitKind, period: LimitPeriod
) -> MemberLimit | None:
    return (
        await session.exec(
            select(MemberLimit)
            .where(
                MemberLimit.member_id == member_id,
                MemberLimit.kind == kind,
                MemberLimit.period == period,
            )
            .with_for_update()
        )
    ).first()


def _require_limits(profile: Profile) -> None:
    if not profile.player_limits:
        raise AppError("protection-not-offered", 404)


def _shown(value: Decimal | None) -> str:
    return "-" if value is None else str(value)


async def set_limit(
    member: Member, kind_text: object, period_text: object, value_text: object, now: datetime
) -> Change:
    """Set, lower, raise or remove one limit (see the module docstring for which wait)."""
    assert member.id is not None
    brand, profile = await _brand_profile(member)
    _require_limits(profile)
    kind, period = _kind(kind_text), _period(period_text)
    value = parse_value(kind, period, value_text)
    language = member_language(member, brand.default_language)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None:
            if value is None:
                raise AppError("protection-limit-invalid", 422)
            row = MemberLimit(member_id=member.id, kind=kind, period=period)
        params = {"kind": kind.value, "period": period.value, "value": _shown(value)}
        if row.value is None or (value is not None and value <= row.value):
            outcome = "APPLIED"
            row.value, row.pending, row.pending_value, row.pending_from = value, False, None, None
            event = "limit-applied"
        else:
            outcome = "PENDING"
            row.pending, row.pending_value = True, value
            row.pending_from = now + profile.limit_cooldown
            event = "limit-requested"
            params["from"] = row.pending_from.isoformat(timespec="minutes")
        row.updated_at = now
        session.add(row)
        await message(session, member, MessageKind.LIMIT_CHANGED, event, now, params, language)
        await session.flush()
        used = await _usage(session, member.id, windows(brand, now), {(kind, period)})
    return Change(outcome, _view(row, used.get((kind, period), ZERO), profile, now))


async def confirm_limit(
    member: Member, kind_text: object, period_text: object, now: datetime
) -> LimitView:
    """Confirm a waiting raise or removal once its cool-down has passed."""
    assert member.id is not None
    brand, profile = await _brand_profile(member)
    _require_limits(profile)
    kind, period = _kind(kind_text), _period(period_text)
    language = member_language(member, brand.default_language)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None or not row.pending or row.pending_from is None:
            raise AppError("protection-limit-nothing-pending", 409)
        if now < row.pending_from:
            raise AppError(
                "protection-limit-wait",
                409,
                {"from": row.pending_from.isoformat(timespec="minutes")},
            )
        lapsed = not _confirmable(row, profile, now)
        if lapsed:
            row.pending, row.pending_value, row.pending_from = False, None, None
            session.add(row)
            await log(session, member, "limit-lapsed", now, params={"kind": kind.value})
    if lapsed:
        raise AppError("protection-limit-lapsed", 409)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None or not _confirmable(row, profile, now):
            raise AppError("protection-limit-nothing-pending", 409)
        row.value, row.pending, row.pending_value, row.pending_from = (
            row.pending_value, False, None, None
        )  # fmt: skip
        row.updated_at = now
        session.add(row)
        params = {"kind": kind.value, "period": period.value, "value": _shown(row.value)}
        await message(
            session, member, MessageKind.LIMIT_CHANGED, "limit-confirmed", now, params, language
        )
        await session.flush()
        used = await _usage(session, member.id, windows(brand, now), {(kind, period)})
    return _view(row, used.get((kind, period), ZERO), profile, now)


async def cancel_request(
    member: Member, kind_text: object, period_text: object, now: datetime
) -> None:
    """Drop a waiting raise or removal; the current limit stays."""
    assert member.id is not None
    kind, period = _kind(kind_text), _period(period_text)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None or not row.pending:
            raise AppError("protection-limit-nothing-pending", 409)
        row.pending, row.pending_value, row.pending_from = False, None, None
        session.add(row)
        await log(session, member, "limit-request-cancelled", now, params={"kind": kind.value})


# ---- checking -------------------------------------------------------------------------------


def excluded(state: MemberProtection | PlayState | None, now: datetime) -> bool:
    """Is the member in a cooling-off or self-exclusion at `now`?"""
    return (
        state is not None
        and state.excluded_kind is not None
        and (state.excluded_until is None or now < state.excluded_until)
    )


async def marketing_allowed(session: AsyncSession, member_id: int, now: datetime) -> bool:
    """May marketing (promotions, campaigns, bonus offers) be sent to this member? Not while
    excluded, nor after an exclusion until the member opts in again (`marketing_suppressed`)."""
    state = await session.get(MemberProtection, member_id)
    return state is None or not (state.marketing_suppressed or excluded(state, now))


async def _refuse_or_alert(
    session: AsyncSession,
    member: Member,
    brand: Brand,
    spans: Windows,
    rows: Sequence[MemberLimit | LimitLine],
    used: dict[tuple[LimitKind, LimitPeriod], Decimal],
    now: datetime,
) -> None:
    """Refuse when a limit would be passed; else post each limit's first 80 % alert of its
    period (`rows` may be detached copies: the stored row is read to be written)."""
    for row in rows:
        assert row.value is not None
        kind = LimitKind(row.kind)
        figure = used[(kind, LimitPeriod(row.period))]
        over = figure >= row.value if kind is LimitKind.TIME else figure > row.value
        if over:
            raise AppError(f"protection-limit-reached-{kind.value.lower()}", 403)
    language = member_language(member, brand.default_language)
    for row in rows:
        assert row.value is not None
        figure = used[(LimitKind(row.kind), LimitPeriod(row.period))]
        start = spans.start(LimitPeriod(row.period))
        if figure >= row.value * ALERT_SHARE and (row.alerted_at is None or row.alerted_at < start):
            stored = await session.get(MemberLimit, row.id)
            if stored is None:
                continue
            stored.alerted_at = now
            session.add(stored)
            params = {"kind": row.kind, "period": row.period, "used": figure, "value": row.value}
            await message(
                session, member, MessageKind.LIMIT_ALERT, "limit-alert", now, params, language
            )


async def _check(
    session: AsyncSession,
    member: Member,
    amount: Decimal,
    now: datetime,
    kinds: tuple[LimitKind, ...],
) -> None:
    """Refuse an excluded member or one whose limits of `kinds` the amount would pass; post
    the 80 % alerts (nothing on a brand whose profile has no player limits)."""
    assert member.id is not None
    brand, profile = await _brand_profile(member)
    if not profile.player_limits:
        return
    state = await session.get(MemberProtection, member.id)
    if excluded(state, now):
        raise AppError("protection-excluded", 403)
    rows = [r for r in await _rows(session, member.id) if r.value is not None and r.kind in kinds]
    if not rows:
        return
    spans = windows(brand, now)
    used = await _usage(session, member.id, spans, {_pair(r) for r in rows}, amount)
    running = _running_play(state, profile, now)
    for period in LimitPeriod:
        if (LimitKind.TIME, period) in used:
            used[(LimitKind.TIME, period)] += (Decimal(running) / 60).quantize(CENT)
    await _refuse_or_alert(session, member, brand, spans, rows, used, now)


@dataclass(frozen=True, slots=True)
class PlayState:
    """A member's exclusion and play clock as a bet's check reads them: plain values, cheap
    to make on every bet (a model instance costs far more than the read itself)."""

    excluded_kind: str | None
    excluded_until: datetime | None
    play_started_at: datetime | None
    last_play_at: datetime | None
    reality_check_at: datetime | None


@dataclass(frozen=True, slots=True)
class LimitLine:
    """A limit as a bet's check reads it (the stored row is read again to be written)."""

    id: int
    kind: str
    period: str
    value: Decimal
    alerted_at: datetime | None


@dataclass(frozen=True)
class _BetSnapshot:
    """All a bet's check reads, from one round trip (`_bet_snapshot`)."""

    identity_status: str | None
    state: PlayState | None
    rows: list[LimitLine]  # the limits on bet kinds with a value
    today: reporting.Totals
    pending: _Open
    played: dict[LimitPeriod, int]  # seconds on the play clock per period


@cache
def _bet_statement() -> Select[Any]:
    """The member's identity status, exclusion and play clock, limits on bet kinds, today's
    settled totals, open stakes and played seconds in ONE statement: the check adds a single
    round trip to a bet (issue 19's bench: under 2 ms p95). Rows: one per limit (at least
    one, with the limit columns empty), the other columns repeated. Built once, with bind
    parameters (`_bet_parameters`): a bet pays neither its construction nor its cache key."""
    identities: Table = MemberIdentity.__table__  # type: ignore[attr-defined]
    states: Table = MemberProtection.__table__  # type: ignore[attr-defined]
    limit_rows: Table = MemberLimit.__table__  # type: ignore[attr-defined]
    days: Table = PlayDay.__table__  # type: ignore[attr-defined]
    member_id: Any = bindparam("member_id", type_=Integer)
    # Each one-row part is computed once (MATERIALIZED), not again for every limit row the
    # planner puts on the outer side of the join.
    today, rounds_open, tickets_open = (
        part.element.cte(f"part{n}").prefix_with("MATERIALIZED")
        for n, part in enumerate(
            _today_and_open_parts(member_id, bindparam("day_start"), bindparam("open_since"))
        )
    )

    def played_since(first: str) -> Any:
        return (
            core_select(func.coalesce(func.sum(days.c.seconds), 0))
            .where(
                days.c.member_id == member_id,
                days.c.day >= bindparam(first),
                days.c.day <= bindparam("today"),
            )
            .scalar_subquery()
        )

    me = core_select(member_id.label("id")).subquery()
    statement = core_select(
        identities.c.status,
        states.c.excluded_kind,
        states.c.excluded_until,
        states.c.play_started_at,
        states.c.last_play_at,
        states.c.reality_check_at,
        limit_rows.c.id,
        limit_rows.c.kind,
        limit_rows.c.period,
        limit_rows.c.value,
        limit_rows.c.alerted_at,
        today.c.bet,
        today.c.valid_bet,
        today.c.win,
        today.c.facts,
        rounds_open.c.stake,
        rounds_open.c.bets,
        tickets_open.c.stake,
        tickets_open.c.bets,
        played_since("today").label("day_s"),
        played_since("week_first").label("week_s"),
        played_since("month_first").label("month_s"),
        states.c.member_id,
    ).select_from(
        me.outerjoin(identities, identities.c.member_id == me.c.id)
        .outerjoin(states, states.c.member_id == me.c.id)
        .outerjoin(
            limit_rows,
            and_(
                limit_rows.c.member_id == me.c.id,
                limit_rows.c.value.is_not(None),
                or_(*(limit_rows.c.kind == _constant(k.value) for k in BET_KINDS)),
            ),
        )
        .join(today, sql_true())
        .join(rounds_open, sql_true())
        .join(tickets_open, sql_true())
    )
    return statement


async def _bet_snapshot(session: AsyncSession, member_id: int, spans: Windows) -> _BetSnapshot:
    """`_bet_statement` read and shaped (detached copies of the rows it names)."""
    connection = await session.connection()
    parameters = {
        "member_id": member_id,
        "day_start": spans.day,
        "open_since": min(spans.week, spans.month),
        "today": spans.today,
        "week_first": spans.today - timedelta(days=spans.today.weekday()),
        "month_first": spans.today.replace(day=1),
    }
    found = (await connection.execute(_bet_statement(), parameters)).all()
    first = found[0]
    state = (
        None
        if first.member_id is None
        else PlayState(
            excluded_kind=first.excluded_kind,
            excluded_until=_utc(first.excluded_until),
            play_started_at=_utc(first.play_started_at),
            last_play_at=_utc(first.last_play_at),
            reality_check_at=_utc(first.reality_check_at),
        )
    )
    rows = [
        LimitLine(r.id, r.kind, r.period, Decimal(str(r.value)), _utc(r.alerted_at))
        for r in found
        if r.id is not None
    ]
    stake = Decimal(str(first[15])) + Decimal(str(first[17]))
    return _BetSnapshot(
        identity_status=first.status,
        state=state,
        rows=rows,
        today=reporting.window_totals(first.bet, first.valid_bet, first.win, first.facts),
        pending=_Open(stake.quantize(CENT), int(first[16]) + int(first[18])),
        played={
            LimitPeriod.DAY: int(first.day_s),
            LimitPeriod.WEEK: int(first.week_s),
            LimitPeriod.MONTH: int(first.month_s),
        },
    )


def _utc(value: datetime | None) -> datetime | None:
    """A time read by a core statement (SQLite gives it back naive): UTC-aware."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


async def check_bet(session: AsyncSession, member: Member, amount: Decimal, now: datetime) -> None:
    """Before every bet debit (the caller holds the member's cash lock): refuse a member not
    verified yet (identity brands), an excluded member, a due reality check not answered yet,
    or a bet over a loss, wagering, bets or time limit; else count the play time. One round
    trip (`_bet_snapshot`), plus the past days' totals once a day and the play clock's write
    at most every PLAY_CLOCK_STEP."""
    assert member.id is not None
    brand, profile = await _brand_profile(member)
    if not profile.player_limits:
        await onboarding.require_verified(session, member)
        return
    spans = windows(brand, now)
    snap = await _bet_snapshot(session, member.id, spans)
    onboarding.require_play_status(snap.identity_status, profile.identity_verification)
    if excluded(snap.state, now):
        raise AppError("protection-excluded", 403)
    if snap.rows:
        periods = {LimitPeriod(r.period) for r in snap.rows}
        settled = await _settled(session, member.id, spans, periods, snap.today)
        running = (Decimal(_running_play(snap.state, profile, now)) / 60).quantize(CENT)
        used: dict[tuple[LimitKind, LimitPeriod], Decimal] = {}
        for period, sums in settled.items():
            used[(LimitKind.LOSS, period)] = max(sums.net_loss + snap.pending.stake + amount, ZERO)
            used[(LimitKind.WAGER, period)] = sums.valid_bet + snap.pending.stake + amount
            used[(LimitKind.BETS, period)] = Decimal(
                sums.facts + snap.pending.count + (1 if amount > 0 else 0)
            )
            minutes = (Decimal(snap.played[period]) / 60).quantize(CENT)
            used[(LimitKind.TIME, period)] = minutes + running
        await _refuse_or_alert(session, member, brand, spans, snap.rows, used, now)
    if reality_check_due(snap.state, profile, now):
        raise AppError(REALITY_CHECK_DUE, 403)
    last = snap.state.last_play_at if snap.state is not None else None
    if last is not None and timedelta(0) <= now - last < PLAY_CLOCK_STEP:
        return  # counted at the next write: the time since `last_play_at` is never lost
    await _count_play(
        session, member, brand, profile, await session.get(MemberProtection, member.id), now
    )


async def check_deposit(
    session: AsyncSession, member: Member, amount: Decimal, now: datetime
) -> None:
    """Before a deposit order is created: refuse an excluded member or one over a deposit
    limit (orders of the period, paid or pending, + this one)."""
    await _check(session, member, amount, now, (LimitKind.DEPOSIT,))


def idle_gap(profile: Profile) -> timedelta:
    """After this long without a bet, play has stopped (the play clock, the reality check)."""
    return timedelta(minutes=profile.idle_minutes or IDLE_MINUTES)


def reality_check_due(
    state: MemberProtection | PlayState | None, profile: Profile, now: datetime
) -> bool:
    """Has continuous play run the profile's reality-check minutes since it started or since
    the member last answered? (app/services/protection/reality.py)"""
    if state is None or not profile.reality_check_minutes or state.play_started_at is None:
        return False
    if state.last_play_at is None or now - state.last_play_at > idle_gap(profile):
        return False  # play has stopped: the next bet starts a new play session
    since = state.reality_check_at or state.play_started_at
    return now - since >= timedelta(minutes=profile.reality_check_minutes)


def _running_play(
    state: MemberProtection | PlayState | None, profile: Profile, now: datetime
) -> int:
    """Seconds of play since the last bet not yet on the clock (0 after an idle gap)."""
    last = state.last_play_at if state is not None else None
    if last is None or not timedelta(0) <= now - last <= idle_gap(profile):
        return 0
    return int((now - last).total_seconds())


async def _count_play(
    session: AsyncSession,
    member: Member,
    brand: Brand,
    profile: Profile,
    state: MemberProtection | None,
    now: datetime,
) -> None:
    """The play clock: time since the last bet counts as play when under the idle gap."""
    assert member.id is not None
    if state is None:
        state = MemberProtection(member_id=member.id)
    last = state.last_play_at
    if last is not None and timedelta(0) <= now - last < PLAY_CLOCK_STEP:
        return  # counted at the next write: the time since `last_play_at` is never lost
    running = _running_play(state, profile, now)
    if running:
        today = windows(brand, now).today
        day = await session.get(PlayDay, (member.id, today))
        if day is None:
            day = PlayDay(member_id=member.id, day=today, seconds=0)
        day.seconds += running
        session.add(day)
    elif state.last_play_at is None or now - state.last_play_at > idle_gap(profile):
        state.play_started_at = now
        state.reality_check_at = None
    state.last_play_at = now
    session.add(state)
