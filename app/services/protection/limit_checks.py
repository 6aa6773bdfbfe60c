"""The limit checks run before every bet debit and deposit (in the caller's transaction, after
it locked the member's cash), the play clock and the reality check, and the 80 % alerts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import cache
from typing import Any

from sqlalchemy import Integer, Select, Table, and_, bindparam, func, or_
from sqlalchemy import select as core_select
from sqlalchemy import true as sql_true
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import dialect_insert
from app.core.errors import AppError
from app.services import reporting
from app.services.brands import Brand, Money
from app.services.identity import onboarding
from app.services.jurisdiction import Profile
from app.services.protection.limit_usage import (
    ALERT_SHARE,
    BET_KINDS,
    CENT,
    IDLE_MINUTES,
    PLAY_CLOCK_STEP,
    REALITY_CHECK_DUE,
    ZERO,
    OpenStakes,
    Windows,
    brand_profile,
    limit_pair,
    limit_rows,
    settled_totals,
    sql_constant,
    today_and_open_parts,
    usage,
    windows,
)
from app.services.protection.records import member_language, message
from models import Member
from models.cashier import MessageKind
from models.identity import MemberIdentity
from models.protection import LimitKind, LimitPeriod, MemberLimit, MemberProtection, PlayDay

_PROTECTION: Table = MemberProtection.__table__  # type: ignore[attr-defined]
_PLAY_DAY: Table = PlayDay.__table__  # type: ignore[attr-defined]

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
    amount: Decimal,
) -> None:
    """Refuse when a limit would be passed (a deposit's refusal says how much the period
    still takes: `amount` is counted in `used`); else post each limit's first 80 % alert of
    its period (`rows` may be detached copies: the stored row is read to be written)."""
    for row in rows:
        assert row.value is not None
        kind = LimitKind(row.kind)
        figure = used[(kind, LimitPeriod(row.period))]
        over = figure >= row.value if kind is LimitKind.TIME else figure > row.value
        if over:
            left = max(row.value - (figure - amount), ZERO)
            remaining: dict[str, object] = {"left": Money.of(brand).in_message(left)}
            raise AppError(
                f"protection-limit-reached-{kind.value.lower()}",
                403,
                remaining if kind is LimitKind.DEPOSIT else None,
            )
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
    brand, profile = await brand_profile(member)
    if not profile.player_limits:
        return
    state = await session.get(MemberProtection, member.id)
    if excluded(state, now):
        raise AppError("protection-excluded", 403)
    rows = [
        r for r in await limit_rows(session, member.id) if r.value is not None and r.kind in kinds
    ]
    if not rows:
        return
    spans = windows(brand, now)
    used = await usage(session, member.id, spans, {limit_pair(r) for r in rows}, amount)
    running = _running_play(state, profile, now)
    for period in LimitPeriod:
        if (LimitKind.TIME, period) in used:
            used[(LimitKind.TIME, period)] += (Decimal(running) / 60).quantize(CENT)
    await _refuse_or_alert(session, member, brand, spans, rows, used, now, amount)


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
    pending: OpenStakes
    played: dict[LimitPeriod, int]  # seconds on the play clock per period


@cache
def _bet_statement() -> Select[Any]:
    """The member's identity status, exclusion and play clock, limits on bet kinds, today's
    settled totals, open stakes and played seconds in ONE statement: the check adds a single
    round trip to a bet (issue 19's bench: under 2 ms p95). Rows: one per limit (at least
    one, with the limit columns empty), the other columns repeated. Built once, with bind
    parameters (`_bet_parameters`): a bet pays neither its construction nor its cache key."""
    identities: Table = MemberIdentity.__table__  # type: ignore[attr-defined]
    states = _PROTECTION
    limit_rows: Table = MemberLimit.__table__  # type: ignore[attr-defined]
    days = _PLAY_DAY
    member_id: Any = bindparam("member_id", type_=Integer)
    # Each one-row part is computed once (MATERIALIZED), not again for every limit row the
    # planner puts on the outer side of the join.
    today, rounds_open, tickets_open = (
        part.element.cte(f"part{n}").prefix_with("MATERIALIZED")
        for n, part in enumerate(
            today_and_open_parts(member_id, bindparam("day_start"), bindparam("open_since"))
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
                or_(*(limit_rows.c.kind == sql_constant(k.value) for k in BET_KINDS)),
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
        pending=OpenStakes(stake.quantize(CENT), int(first[16]) + int(first[18])),
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
    brand, profile = await brand_profile(member)
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
        settled = await settled_totals(session, member.id, spans, periods, snap.today)
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
        await _refuse_or_alert(session, member, brand, spans, snap.rows, used, now, amount)
    if reality_check_due(snap.state, profile, now):
        raise AppError(REALITY_CHECK_DUE, 403)
    last = snap.state.last_play_at if snap.state is not None else None
    if last is not None and timedelta(0) <= now - last < PLAY_CLOCK_STEP:
        return  # counted at the next write: the time since `last_play_at` is never lost
    await _count_play(session, member.id, brand, profile, snap.state, now)


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
    member_id: int,
    brand: Brand,
    profile: Profile,
    state: PlayState | None,
    now: datetime,
) -> None:
    """The play clock: time since the last bet counts as play when under the idle gap. The
    caller holds the member's cash lock and `state` is their row as read under it, so the row
    and the day's seconds are written without reading them again: upserts, in one statement
    on PostgreSQL (the day's as a CTE of the row's), two on SQLite."""
    running = _running_play(state, profile, now)
    last = state.last_play_at if state is not None else None
    values: dict[str, Any] = {"last_play_at": now}
    if not running and (last is None or now - last > idle_gap(profile)):
        values |= {"play_started_at": now, "reality_check_at": None}
    connection = await session.connection()
    protection = (
        dialect_insert(connection, _PROTECTION)
        .values(member_id=member_id, marketing_suppressed=False, **values)
        .on_conflict_do_update(index_elements=[_PROTECTION.c.member_id], set_=values)
    )
    if running:
        day = dialect_insert(connection, _PLAY_DAY).values(
            member_id=member_id, day=windows(brand, now).today, seconds=running
        )
        day = day.on_conflict_do_update(
            index_elements=[_PLAY_DAY.c.member_id, _PLAY_DAY.c.day],
            set_={"seconds": _PLAY_DAY.c.seconds + day.excluded.seconds},
        )
        if connection.dialect.name == "postgresql":
            protection = protection.add_cte(day.cte("play_day_write"))
        else:
            await connection.execute(day)
    await connection.execute(protection)
