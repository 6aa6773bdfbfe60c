"""Members' own limits as read: the brand's calendar windows, the values a limit takes, and
what each limit has used so far in its period (settled facts, open stakes, play time,
deposits).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Subquery, Table, func, literal_column
from sqlalchemy import select as core_select
from sqlalchemy import true as sql_true
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import reporting
from app.services.amounts import parse_amount, parse_number
from app.services.brands import Brand, brands
from app.services.jurisdiction import Profile, profile_of
from models import Member
from models.cashier import DepositOrder, DepositStatus
from models.games import GameRound, RoundStatus
from models.lottery import BetStatus, LotteryBet
from models.protection import LimitKind, LimitPeriod, MemberLimit, PlayDay

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


def parse_kind(value: object) -> LimitKind:
    try:
        return LimitKind(str(value).upper())
    except ValueError:
        raise AppError("protection-limit-invalid", 422) from None


def parse_period(value: object) -> LimitPeriod:
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


async def limit_rows(session: AsyncSession, member_id: int) -> list[MemberLimit]:
    return list(
        (await session.exec(select(MemberLimit).where(MemberLimit.member_id == member_id))).all()
    )


@dataclass(frozen=True)
class OpenStakes:
    stake: Decimal
    count: int


def sql_constant(value: str) -> Any:
    """A fixed status or kind written into the SQL: a partial index on it stays usable under
    a prepared statement's generic plan, and no IN list is expanded again on every bet."""
    if not value.isalnum():
        raise ValueError(value)
    return literal_column(f"'{value}'")


def today_and_open_parts(
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
            rounds.c.status == sql_constant(RoundStatus.OPEN.value),
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
) -> tuple[reporting.Totals, OpenStakes]:
    """`today_and_open_parts` read in one round trip."""
    today, rounds_open, tickets_open = today_and_open_parts(
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
        OpenStakes(stake.quantize(CENT), int(row[5]) + int(row[7])),
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


async def settled_totals(
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


async def usage(
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
        settled = await settled_totals(session, member_id, spans, periods, today)
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


def limit_pair(row: MemberLimit) -> tuple[LimitKind, LimitPeriod]:
    return LimitKind(row.kind), LimitPeriod(row.period)


def confirmable(row: MemberLimit, profile: Profile, now: datetime) -> bool:
    return (
        row.pending
        and row.pending_from is not None
        and row.pending_from <= now < row.pending_from + profile.limit_confirm_window
    )


def limit_view(row: MemberLimit, used: Decimal, profile: Profile, now: datetime) -> LimitView:
    return LimitView(
        kind=LimitKind(row.kind),
        period=LimitPeriod(row.period),
        value=row.value,
        used=used,
        pending=row.pending,
        pending_value=row.pending_value,
        pending_from=row.pending_from,
        confirmable=confirmable(row, profile, now),
    )


async def brand_profile(member: Member) -> tuple[Brand, Profile]:
    brand = await brands.by_id(member.merchant_id)
    return brand, profile_of(brand)


async def member_limits(member: Member, now: datetime) -> list[LimitView]:
    """The member's limits with their use so far (the limits page)."""
    assert member.id is not None
    brand, profile = await brand_profile(member)
    if not profile.player_limits:
        return []
    spans = windows(brand, now)
    async with session_scope() as session:
        rows = [row for row in await limit_rows(session, member.id) if row.value or row.pending]
        used = await usage(session, member.id, spans, {limit_pair(r) for r in rows})
    return [
        limit_view(
            row, used.get((LimitKind(row.kind), LimitPeriod(row.period)), ZERO), profile, now
        )
        for row in sorted(rows, key=lambda r: (list(LimitKind).index(LimitKind(r.kind)), r.period))
    ]
