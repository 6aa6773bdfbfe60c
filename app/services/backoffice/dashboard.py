"""The console's first page: what waits for staff (open withdrawals, approvals) and today's
new players and deposits (each brand's local day), for the staff member's brand, one brand
picked among theirs, or every brand of theirs; and a period's figures (bets, wins, GGR, NGR,
deposits, withdrawals, new and active players) with each day's, beside the same figures of
the period just before it, and the period's days as CSV.

Money is summed in one currency at a time: a staff member over brands of several currencies
(reais and dong) reads the brands of one, and picks which (the first brand's by default);
the limit scales are policy, not exchange rates, so nothing converts one into the other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import reporting
from app.services.backoffice import approvals, reports
from app.services.backoffice.staff import Staff, require
from app.services.brands import Brand
from models import Member, WithdrawalOrder


@dataclass(frozen=True)
class Summary:
    open_withdrawals: int
    open_withdrawal_amount: Decimal
    pending_approvals: int
    new_players_today: int
    deposits_today: Decimal
    currency: str  # the money's (the figures are the brands of this currency)


async def summary(
    staff: Staff, now: datetime, currency: str = "", brand_code: str | None = None
) -> Summary:
    """What waits for staff now, and today's new players and deposits: each brand's own
    local day, from the same figures as the period's "today" (`brand_code`: one brand of the
    staff member's, None: all of theirs in `currency`)."""
    await require(staff, "dashboard.view", staff.merchant_id, now)
    scope = await reports.scope(staff, brand_code, "dashboard.view", now, currency)
    async with session_scope() as session:
        count, amount = (
            await session.exec(
                select(func.count(), func.coalesce(func.sum(WithdrawalOrder.remaining_amount), 0))
                .where(WithdrawalOrder.remaining_amount > 0)
                .where(col(WithdrawalOrder.merchant_id).in_([brand.id for brand in scope.brands]))
            )
        ).one()
    today = await _summed(scope.brands, lambda zone: reports.local_days(zone, 1, now))
    return Summary(
        open_withdrawals=int(count),
        open_withdrawal_amount=Decimal(amount).quantize(Decimal("0.01")),
        pending_approvals=await approvals.pending_count(staff.merchant_id),
        new_players_today=today.new_players,
        deposits_today=today.deposits,
        currency=scope.currency,
    )


PERIODS = ("today", "7d", "30d", "custom")
PRESET_DAYS = {"today": 1, "7d": 7, "30d": 30}


@dataclass(frozen=True)
class PeriodSummary:
    """A period's figures (each brand's days in its own time zone, today included)."""

    first: date
    last: date
    bets: Decimal
    wins: Decimal
    deposits: Decimal
    withdrawals: Decimal
    bonus_cost: Decimal
    new_players: int
    active_players: int  # members with a valid bet in the period (reporting's "active")
    days: list[reports.DayRow]
    # The same number of days just before (the dashboard shows each figure's change).
    previous: PeriodSummary | None = None
    currency: str = ""  # the brands summed are those of this currency

    @property
    def ggr(self) -> Decimal:
        return self.bets - self.wins

    @property
    def ngr(self) -> Decimal:
        return self.ggr - self.bonus_cost


def _custom_days(first_text: str, last_text: str) -> list[date]:
    try:
        first, last = date.fromisoformat(first_text.strip()), date.fromisoformat(last_text.strip())
    except ValueError:
        raise AppError("report-invalid-period", status=422) from None
    count = (last - first).days + 1
    if not 1 <= count <= reports.MAX_DAYS:
        raise AppError("report-days-invalid", status=422, params={"max": reports.MAX_DAYS})
    return [first + timedelta(days=offset) for offset in range(count)]


async def period(
    staff: Staff,
    name: str,
    first_text: str,
    last_text: str,
    now: datetime,
    currency: str = "",
    brand_code: str | None = None,
) -> PeriodSummary:
    """Bets, wins, GGR, bonus cost, NGR, deposits, withdrawals paid, new and active players
    over today, the last 7 or 30 days (today included) or custom local dates, with each day,
    of one brand of the staff member's (`brand_code`) or all of theirs in `currency` ("": the
    first brand's)."""
    await require(staff, "dashboard.view", staff.merchant_id, now)
    if name not in PERIODS:
        raise AppError("report-invalid-period", status=422)
    custom = _custom_days(first_text, last_text) if name == "custom" else []

    def days_of(zone: ZoneInfo) -> list[date]:
        return custom or reports.local_days(zone, PRESET_DAYS[name], now)

    scope = await reports.scope(staff, brand_code, "dashboard.view", now, currency)
    current = await _summed(scope.brands, days_of)

    def before(zone: ZoneInfo) -> list[date]:
        wanted = days_of(zone)
        return [day - timedelta(days=len(wanted)) for day in wanted]

    previous = await _summed(scope.brands, before)
    return replace(current, previous=previous, currency=scope.currency)


async def _summed(scope: list[Brand], days_of: Callable[[ZoneInfo], list[date]]) -> PeriodSummary:
    """The brands' figures over the local days `days_of` gives each brand's time zone."""
    rows = await reports.days_rows(scope, days_of)
    players = active = 0
    async with session_scope() as session:
        for brand in scope:
            zone = ZoneInfo(brand.timezone)
            wanted = days_of(zone)
            start, _ = reports.day_bounds(zone, wanted[0])
            _, end = reports.day_bounds(zone, wanted[-1])
            active += await reporting.active_members(
                session, reporting.period(start, end), brand_id=brand.id
            )
            players += (
                await session.exec(
                    select(func.count())
                    .select_from(Member)
                    .where(
                        Member.merchant_id == brand.id,
                        Member.created_at >= start,
                        Member.created_at < end,
                    )
                )
            ).one()
    zero = Decimal("0.00")
    return PeriodSummary(
        first=rows[0].day,
        last=rows[-1].day,
        bets=sum((r.bets for r in rows), zero),
        wins=sum((r.wins for r in rows), zero),
        deposits=sum((r.deposits for r in rows), zero),
        withdrawals=sum((r.withdrawals for r in rows), zero),
        bonus_cost=sum((r.bonus_cost for r in rows), zero),
        new_players=int(players),
        active_players=active,
        days=rows,
    )


async def period_csv(
    staff: Staff,
    name: str,
    first_text: str,
    last_text: str,
    now: datetime,
    currency: str = "",
    brand_code: str | None = None,
) -> str:
    """The period's days as the daily report's CSV (reports.export, as every report's)."""
    await reports.scope(staff, brand_code, "reports.export", now, currency)
    found = await period(staff, name, first_text, last_text, now, currency, brand_code)
    return reports.days_csv(found.days)


def change(now: Decimal | int, before: Decimal | int) -> int | None:
    """A figure's change against the previous period, in whole percent (None: the previous
    period had nothing to compare with)."""
    if not before:
        return None
    return int(((Decimal(now) - Decimal(before)) * 100 / abs(Decimal(before))).to_integral_value())
