"""Reports of the console: per day of the brand's own time zone (its `timezone`, e.g.
America/Sao_Paulo: a Brazilian operator's day starts at local midnight), deposits and
withdrawals paid (from the ledger), bets, wins and GGR (from the wager facts, summed per
local day, category and vendor by the rollup, app/services/backoffice/rollup.py), bonus
cost (the promotion expense account's movements) and NGR = GGR - bonus cost; as rows and
as CSV.

- deposits: money credited to members' cash by DEPOSIT transactions;
- withdrawals: parts paid out (WITHDRAWAL transactions into payment clearing) less parts an
  investigation found not paid (refunds out of payment clearing);
- GGR = bets - wins of the day's facts; NGR = GGR - bonus cost.

`breakdown` splits the facts of the same days by brand, category or vendor. For every brand
at once, each brand's figures are summed under its own local date.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Literal
from zoneinfo import ZoneInfo

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.csv_text import csv_text
from app.core.db import session_scope
from app.core.errors import AppError
from app.services import reporting
from app.services.backoffice import rollup
from app.services.backoffice.staff import Staff, require
from app.services.brands import Brand, brands
from models import LedgerAccount, LedgerEntry, LedgerTransaction, Merchant
from models.ledger import AccountKind, TransactionKind

MAX_DAYS = 92
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class DayRow:
    day: date
    deposits: Decimal
    withdrawals: Decimal
    bets: Decimal
    wins: Decimal
    bonus_cost: Decimal

    @property
    def ggr(self) -> Decimal:
        return self.bets - self.wins

    @property
    def ngr(self) -> Decimal:
        return self.ggr - self.bonus_cost


async def _ledger_sum(
    session: AsyncSession,
    brand_id: int,
    account_kind: AccountKind,
    kinds: list[TransactionKind],
    start: datetime,
    end: datetime,
) -> Decimal:
    total = (
        await session.exec(
            select(func.coalesce(func.sum(LedgerEntry.amount), 0))
            .join(LedgerAccount, col(LedgerAccount.id) == LedgerEntry.account_id)
            .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
            .where(
                LedgerAccount.merchant_id == brand_id,
                LedgerAccount.kind == account_kind.value,
                col(LedgerTransaction.kind).in_([k.value for k in kinds]),
                LedgerEntry.created_at >= start,
                LedgerEntry.created_at < end,
            )
        )
    ).one()
    return Decimal(total).quantize(Decimal("0.01"))


def day_bounds(zone: ZoneInfo, day: date) -> tuple[datetime, datetime]:
    """The local day as a UTC range: local midnight to the next local midnight (23 or 25
    hours long on a daylight-saving change)."""
    start = datetime.combine(day, time.min, tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)
    return start.astimezone(UTC), end.astimezone(UTC)


def local_days(zone: ZoneInfo, days: int, now: datetime) -> list[date]:
    """The last `days` local dates up to the brand's today, oldest first."""
    today = now.astimezone(zone).date()
    return [today - timedelta(days=offset) for offset in range(days - 1, -1, -1)]


async def _day(session: AsyncSession, brand: Brand, day: date, facts: reporting.Totals) -> DayRow:
    """The day's ledger figures, with its facts' sums (read from the rollup)."""
    start, end = day_bounds(ZoneInfo(brand.timezone), day)
    brand_id = brand.id
    deposits = await _ledger_sum(
        session, brand_id, AccountKind.MEMBER_CASH, [TransactionKind.DEPOSIT], start, end
    )
    paid = await _ledger_sum(
        session,
        brand_id,
        AccountKind.PAYMENT_CLEARING,
        [TransactionKind.WITHDRAWAL, TransactionKind.WITHDRAWAL_RELEASE],
        start,
        end,
    )
    bonus = await _ledger_sum(
        session,
        brand_id,
        AccountKind.PROMOTION_EXPENSE,
        [TransactionKind.BONUS, TransactionKind.REBATE, TransactionKind.POINTS_CONVERSION],
        start,
        end,
    )
    return DayRow(day, deposits, paid, facts.bet, facts.win, -bonus)


@dataclass(frozen=True)
class Scope:
    """The brands a report sums: one, or every brand the staff member has, of one currency
    (reais and dong are never added up: the limit scales are policy, not exchange rates)."""

    brands: list[Brand]
    currency: str
    currencies: tuple[str, ...]  # those the brands in reach hold, to pick from
    reach: tuple[Brand, ...] = ()  # every brand in reach, whatever its currency


async def scope(
    staff: Staff, brand_code: str | None, permission: str, now: datetime, currency: str = ""
) -> Scope:
    """The brands a report covers, checked: of `currency` ("": the first brand's); a
    currency none of them holds is refused."""
    brand_id = (await brands.by_code(brand_code)).id if brand_code else staff.merchant_id
    await require(staff, permission, brand_id, now)
    if brand_id is not None:
        every = [await brands.by_id(brand_id)]
    else:
        async with session_scope() as session:
            ids = (await session.exec(select(Merchant.id).order_by(col(Merchant.id)))).all()
        every = [await brands.by_id(int(i)) for i in ids if i is not None]
    offered = tuple(dict.fromkeys(brand.currency for brand in every))
    if currency and currency not in offered:
        raise AppError("report-currency-invalid", status=422)
    chosen = currency or offered[0]
    return Scope(
        [brand for brand in every if brand.currency == chosen], chosen, offered, tuple(every)
    )


def _checked_days(days: int) -> None:
    if not 1 <= days <= MAX_DAYS:
        raise AppError("report-days-invalid", status=422, params={"max": MAX_DAYS})


async def daily(
    staff: Staff, brand_code: str | None, days: int, now: datetime, currency: str = ""
) -> list[DayRow]:
    """The last `days` local days up to today, oldest first, for one brand or every brand
    the staff member has in `currency` (each brand's day in its own time zone: when their
    dates differ, a row more, so no brand's today is left out)."""
    _checked_days(days)
    found = await scope(staff, brand_code, "reports.view", now, currency)
    return await days_rows(found.brands, lambda zone: local_days(zone, days, now))


async def days_rows(scope: list[Brand], days_of: Callable[[ZoneInfo], list[date]]) -> list[DayRow]:
    """Each brand's figures on the local days `days_of` its time zone gives, summed per date,
    oldest first (a building block: the caller checked the permission)."""
    await rollup.refresh()
    totals: dict[date, list[DayRow]] = {}
    async with session_scope() as session:
        for brand in scope:
            wanted = days_of(ZoneInfo(brand.timezone))
            facts = await rollup.totals(session, brand.id, wanted[0], wanted[-1], "day")
            for day in wanted:
                found = facts.get(day.isoformat(), reporting.Totals())
                totals.setdefault(day, []).append(await _day(session, brand, day, found))
    return [
        DayRow(
            day,
            sum((p.deposits for p in parts), ZERO),
            sum((p.withdrawals for p in parts), ZERO),
            sum((p.bets for p in parts), ZERO),
            sum((p.wins for p in parts), ZERO),
            sum((p.bonus_cost for p in parts), ZERO),
        )
        for day, parts in sorted(totals.items())
    ]


Dimension = Literal["brand", "category", "vendor"]
DIMENSIONS: tuple[Dimension, ...] = ("brand", "category", "vendor")


@dataclass(frozen=True)
class SliceRow:
    key: str  # the brand's code, the category or the vendor
    bets: Decimal
    wins: Decimal
    facts: int

    @property
    def ggr(self) -> Decimal:
        return self.bets - self.wins


async def breakdown(
    staff: Staff,
    brand_code: str | None,
    days: int,
    by: Dimension,
    now: datetime,
    currency: str = "",
) -> list[SliceRow]:
    """Bets, wins and GGR of the same local days and brands as `daily`, by brand, category
    or vendor, the largest GGR first."""
    _checked_days(days)
    if by not in DIMENSIONS:
        raise AppError("report-dimension-invalid", status=422)
    found = await scope(staff, brand_code, "reports.view", now, currency)
    await rollup.refresh()
    sums: dict[str, reporting.Totals] = {}
    async with session_scope() as session:
        for brand in found.brands:
            wanted = local_days(ZoneInfo(brand.timezone), days, now)
            parts = await rollup.totals(
                session, brand.id, wanted[0], wanted[-1], "all" if by == "brand" else by
            )
            if by == "brand" and "all" in parts:
                parts = {brand.code: parts["all"]}
            for key, part in parts.items():
                sums[key] = reporting.add(sums.get(key, reporting.Totals()), part)
    rows = [SliceRow(key, t.bet, t.win, t.facts) for key, t in sums.items() if t.facts]
    return sorted(rows, key=lambda r: (-r.ggr, r.key))


CSV_COLUMNS = ("day", "deposits", "withdrawals", "bets", "wins", "ggr", "bonus_cost", "ngr")


async def daily_csv(
    staff: Staff, brand_code: str | None, days: int, now: datetime, currency: str = ""
) -> str:
    await scope(staff, brand_code, "reports.export", now, currency)
    return days_csv(await daily(staff, brand_code, days, now, currency))


def days_csv(rows: list[DayRow]) -> str:
    """Days' figures as CSV, a day a line (a building block: the caller checked the
    permission)."""
    return csv_text(
        CSV_COLUMNS,
        (
            [r.day.isoformat(), r.deposits, r.withdrawals, r.bets, r.wins, r.ggr,
             r.bonus_cost, r.ngr]
            for r in rows
        ),
    )  # fmt: skip


BREAKDOWN_COLUMNS = ("key", "bets", "wins", "ggr", "facts")


async def breakdown_csv(
    staff: Staff,
    brand_code: str | None,
    days: int,
    by: Dimension,
    now: datetime,
    currency: str = "",
) -> str:
    await scope(staff, brand_code, "reports.export", now, currency)
    found = await breakdown(staff, brand_code, days, by, now, currency)
    return csv_text(
        (by, *BREAKDOWN_COLUMNS[1:]), ([r.key, r.bets, r.wins, r.ggr, r.facts] for r in found)
    )
