"""Rebate (cashback, "my income"): a share of the member's own valid bet, per category.

Accrual (the `loyalty` wager-fact consumer): each fact's valid bet is added to the member's
open line of its category and period — a local day (brand time zone) by default, five
minutes when the brand's `rebate_mode` is REALTIME. A category without a rate (PvP: "-")
accrues nothing. A fact whose period's line has closed already (a fact counted late) goes to
the line of the period running when it is counted; closed lines never change. Voids and
corrections carry negative valid bets and lower the base of the line they land in.

Own money only: the platform stakes cash alone — bonus money stays in the MEMBER_BONUS
account until its wagering converts it (app/services/promotions/bonus.py) — so a fact's
valid bet is the member's own money; the bonus a member holds never adds to the base.

Close (the `rebate-close` job, every minute): each open line whose period has ended gets
its rate — the category's base rate plus the member's VIP level boost at the close — and
its amount, rounded down to the cent. A brand with `rebate_claim` AUTO pays it at once;
CLAIM leaves it CLAIMABLE until the member claims it in "my income". A member under a
responsible-gambling block at the close gets a WITHHELD line: nothing is paid, nothing held.

Payment: one ledger movement per line (promotion expense → member cash, kind REBATE,
key `rebate:<line id>`), in the transaction that marks the line PAID under its row lock, so
concurrent claims pay once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlalchemy import Table, bindparam, func, select, update
from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wallet_events
from app.services.agents import periods
from app.services.brands import Brand, brands
from app.services.loyalty import vip
from app.services.rebate_rates import DEFAULT_RATES, plain_rate, rates_of
from app.services.wager_facts import StoredFact
from models.base import saved_id
from models.facts import WagerFactConsumer
from models.ledger import AccountKind, TransactionKind
from models.loyalty_vip import RebateClaim, RebateLine, RebateMode, RebateRate, RebateStatus

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
HUNDRED = Decimal(100)
CHUNK = 5000
CONSUMER = "loyalty"
PAGE_SIZE = 20
# Spec 9's displayed rates in percent, the demo brands' defaults; None is shown as "-".
PERIOD_CODES = {RebateMode.DAILY: "D", RebateMode.REALTIME: "5"}
RANGES = {"today": 0, "7d": 6, "30d": 29}  # "my income": local days back from today

_LINES: Table = RebateLine.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class LineView:
    id: int
    category: str
    period_start: datetime
    period_end: datetime
    base: Decimal
    rate: Decimal
    level: int
    amount: Decimal
    status: RebateStatus
    paid_at: datetime | None


@dataclass(frozen=True)
class IncomePage:
    lines: list[LineView]
    total: int
    page: int
    page_size: int
    claimable: Decimal
    paid: Decimal
    accruing: Decimal  # an estimate of the open lines at today's rates
    claim_mode: RebateClaim


@dataclass(frozen=True)
class CloseResult:
    closed: int
    paid: int
    total: Decimal


@dataclass(frozen=True)
class ClaimResult:
    lines: int
    amount: Decimal


def _money(value: Any) -> Decimal:
    return Decimal(str(value if value is not None else 0)).quantize(CENT)


def amount_of(base: Decimal, rate: Decimal) -> Decimal:
    """The rebate of a base at a rate in percent, rounded down to the cent, never negative."""
    if base <= 0 or rate <= 0:
        return ZERO
    return (base * rate / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)


@dataclass(frozen=True)
class MemberRates:
    mode: RebateMode
    rates: dict[str, Decimal | None]  # base rate + the member's level boost; None: "-"


async def member_rates(brand: Brand, member_id: int) -> MemberRates:
    """The rates a member earns now, per category of the spec's list (and any other the
    brand configured)."""
    async with session_scope() as session:
        rates = await rates_of(session, brand.id)
        boost = (await vip.level_of(session, member_id)).benefits.rebate_boost
        settings = await vip.settings_of(session, brand.id)
    categories = list(DEFAULT_RATES) + sorted(set(rates) - set(DEFAULT_RATES))
    return MemberRates(
        settings.rebate_mode,
        {c: rates[c] + boost if rates.get(c) else None for c in categories},
    )


def period_of(brand: Brand, mode: RebateMode, moment: datetime) -> tuple[datetime, datetime]:
    return periods.bounds(PERIOD_CODES[mode], moment, brand.timezone)


async def accrual_ends(brand: Brand, now: datetime) -> datetime:
    """When the period accruing now closes: its rebate is paid (AUTO) or can be claimed
    (CLAIM) from then, at the close job's next run."""
    async with session_scope() as session:
        settings = await vip.settings_of(session, brand.id)
    return period_of(brand, settings.rebate_mode, now)[1]


async def accrue(
    session: AsyncSession, facts: Sequence[StoredFact], by_id: dict[int, Brand], now: datetime
) -> None:
    """Building block (the consumer): add the facts' valid bets to their open lines."""
    settings: dict[int, vip.Settings] = {}
    rates: dict[int, dict[str, Decimal]] = {}
    sums: dict[tuple[int, str, datetime], list[Any]] = {}
    for fact in facts:
        brand = by_id.get(fact.brand_id)
        if brand is None or not fact.valid_bet:
            continue
        if brand.id not in settings:
            settings[brand.id] = await vip.settings_of(session, brand.id)
            rates[brand.id] = await rates_of(session, brand.id)
        if rates[brand.id].get(fact.category, ZERO) <= 0:
            continue
        start, end = period_of(brand, settings[brand.id].rebate_mode, fact.settled_at)
        entry = sums.setdefault((fact.member_id, fact.category, start), [brand, end, ZERO])
        entry[2] += fact.valid_bet
    if not sums:
        return
    closed = await _closed_keys(session, list(sums))
    rows: dict[tuple[int, str, datetime], dict[str, Any]] = {}
    for (member, category, start), (brand, end, base) in sums.items():
        if (member, category, start) in closed:
            start, end = period_of(brand, settings[brand.id].rebate_mode, now)
        row = rows.setdefault(
            (member, category, start),
            {
                "merchant_id": brand.id,
                "member_id": member,
                "category": category,
                "period_start": start,
                "period_end": end,
                "base": ZERO,
                "rate": Decimal("0"),
                "level": 0,
                "amount": ZERO,
                "status": RebateStatus.OPEN.value,
            },
        )
        row["base"] += base
    await vip.upsert_add(
        session,
        _LINES,
        [rows[key] for key in sorted(rows)],
        ("member_id", "category", "period_start"),
        ("base",),
    )


async def _closed_keys(
    session: AsyncSession, keys: list[tuple[int, str, datetime]]
) -> set[tuple[int, str, datetime]]:
    members = sorted({member for member, _, _ in keys})
    starts = sorted({start for _, _, start in keys})
    found = await (await session.connection()).execute(
        sm_select(RebateLine.member_id, RebateLine.category, RebateLine.period_start).where(
            col(RebateLine.member_id).in_(members),
            col(RebateLine.period_start).in_(starts),
            RebateLine.status != RebateStatus.OPEN.value,
        )
    )
    wanted = set(keys)
    return {(m, c, s) for m, c, s in found.all() if (m, c, s) in wanted}


async def _member_levels(session: AsyncSession, member_ids: Sequence[int]) -> dict[int, int]:
    from models.loyalty_vip import VipMember

    found: dict[int, int] = {}
    for start in range(0, len(member_ids), CHUNK):
        rows = await session.exec(
            sm_select(VipMember.member_id, VipMember.level).where(
                col(VipMember.member_id).in_(member_ids[start : start + CHUNK])
            )
        )
        found.update(dict(rows.all()))
    return found


async def _pay_moves(
    session: AsyncSession, brand: Brand, lines: Sequence[tuple[int, int, Decimal]]
) -> dict[int, int]:
    """Pay (line id, member, amount) lines with one batch of ledger movements; returns each
    line's transaction id."""
    if not lines:
        return {}
    cash = await ledger.member_accounts(
        session,
        merchant_id=brand.id,
        kind=AccountKind.MEMBER_CASH,
        currency=brand.currency,
        member_ids=[member for _, member, _ in lines],
    )
    expenses: dict[int, int] = {}
    moves = []
    for line_id, member, amount in lines:
        shard = member % ledger.MERCHANT_ACCOUNT_SHARDS
        if shard not in expenses:
            account = await ledger.account(
                session,
                merchant_id=brand.id,
                kind=AccountKind.PROMOTION_EXPENSE,
                currency=brand.currency,
                spread=member,
            )
            expenses[shard] = saved_id(account.id)
        moves.append(
            ledger.Move(
                debit_account_id=expenses[shard],
                credit_account_id=cash[member],
                amount=amount,
                idempotency_key=f"rebate:{line_id}",
                member_id=member,
                reference=f"REBATE-{line_id}",
            )
        )
    transaction_ids = await ledger.post_moves(
        session, merchant_id=brand.id, kind=TransactionKind.REBATE, moves=moves
    )
    return {line_id: tx for (line_id, _, _), tx in zip(lines, transaction_ids, strict=True)}


async def close_in(session: AsyncSession, brand: Brand, now: datetime) -> CloseResult:
    """Building block: close the brand's open lines whose period ended by `now` (see the
    module docstring). Holds the consumer's row lock first, so no fact is added to a line
    while it closes."""
    await session.exec(
        sm_select(WagerFactConsumer.name)
        .where(WagerFactConsumer.name == CONSUMER)
        .with_for_update()
    )
    rows = (
        await (await session.connection()).execute(
            select(_LINES.c.id, _LINES.c.member_id, _LINES.c.category, _LINES.c.base).where(
                _LINES.c.merchant_id == brand.id,
                _LINES.c.status == RebateStatus.OPEN.value,
                _LINES.c.period_end <= now,
            )
        )
    ).all()
    if not rows:
        return CloseResult(0, 0, ZERO)
    settings = await vip.settings_of(session, brand.id)
    rates = await rates_of(session, brand.id)
    ladder = {level.level: level for level in await vip.levels_of(session, brand.id)}
    member_ids = sorted({row.member_id for row in rows})
    levels = await _member_levels(session, member_ids)
    blocked = await vip.blocked_members(session, member_ids, now)
    auto = settings.rebate_claim is RebateClaim.AUTO
    updates: list[dict[str, Any]] = []
    to_pay: list[tuple[int, int, Decimal]] = []
    for line_id, member, category, base in rows:
        level = levels.get(member, 0)
        boost = ladder[level].rebate_boost if level in ladder else Decimal("0")
        base_rate = rates.get(category)
        rate = base_rate + boost if base_rate else Decimal("0")
        amount = amount_of(_money(base), rate)
        if member in blocked:
            status, amount = RebateStatus.WITHHELD, ZERO
        elif amount <= 0:
            status = RebateStatus.NONE
        elif auto:
            status = RebateStatus.PAID
            to_pay.append((line_id, member, amount))
        else:
            status = RebateStatus.CLAIMABLE
        updates.append(
            {"line": line_id, "r": rate, "lv": level, "a": amount, "s": status.value, "t": None}
        )
    paid = await _pay_moves(session, brand, to_pay)
    for item in updates:
        item["t"] = paid.get(item["line"])
        item["p"] = now if item["t"] is not None else None
    statement = (
        update(_LINES)
        .where(_LINES.c.id == bindparam("line"))
        .values(
            rate=bindparam("r"),
            level=bindparam("lv"),
            amount=bindparam("a"),
            status=bindparam("s"),
            ledger_transaction_id=bindparam("t"),
            closed_at=now,
            paid_at=bindparam("p"),
        )
    )
    connection = await session.connection()
    for start in range(0, len(updates), CHUNK):
        await connection.execute(statement, updates[start : start + CHUNK])
    return CloseResult(len(updates), len(paid), sum((a for _, _, a in to_pay), ZERO))


async def close_due(now: datetime) -> CloseResult:
    """Use case (the `rebate-close` job, the CLI, tests): close every brand's ended lines."""
    closed = paid = 0
    total = ZERO
    all_brands = await brands.all()
    async with write_transaction() as session:
        for brand in all_brands:
            result = await close_in(session, brand, now)
            closed, paid, total = closed + result.closed, paid + result.paid, total + result.total
    return CloseResult(closed, paid, total)


async def claim(brand: Brand, member_id: int, line_id: int | None, now: datetime) -> ClaimResult:
    """The member claims one CLAIMABLE line (or all of them with None): each paid once under
    its row lock; a line already paid is not paid again (twin claims → one payout)."""
    if line_id is not None and not (isinstance(line_id, int) and 1 <= line_id < 2**31):
        raise AppError("rebate-not-claimable", 409)
    async with write_transaction() as session:
        query = (
            sm_select(RebateLine)
            .where(
                RebateLine.member_id == member_id,
                RebateLine.merchant_id == brand.id,
                RebateLine.status == RebateStatus.CLAIMABLE.value,
            )
            .order_by(col(RebateLine.id))
            .with_for_update()
            .execution_options(populate_existing=True)
        )
        if line_id is not None:
            query = query.where(RebateLine.id == line_id)
        lines = (await session.exec(query)).all()
        if not lines or await vip.blocked_members(session, [member_id], now):
            raise AppError("rebate-not-claimable", 409)
        paid = await _pay_moves(
            session,
            brand,
            [(saved_id(line.id), member_id, _money(line.amount)) for line in lines],
        )
        for line in lines:
            line.status = RebateStatus.PAID.value
            line.ledger_transaction_id = paid[saved_id(line.id)]
            line.paid_at = now
            session.add(line)
    await wallet_events.balance_changed(member_id)
    return ClaimResult(len(lines), sum((_money(line.amount) for line in lines), ZERO))


def _view(row: RebateLine) -> LineView:
    return LineView(
        id=saved_id(row.id),
        category=row.category,
        period_start=row.period_start,
        period_end=row.period_end,
        base=_money(row.base),
        rate=plain_rate(row.rate),
        level=row.level,
        amount=_money(row.amount),
        # A line withheld under a break reads as "no rebate": the member is not told why.
        status=RebateStatus.NONE
        if row.status == RebateStatus.WITHHELD.value
        else RebateStatus(row.status),
        paid_at=row.paid_at,
    )


def range_bounds(brand: Brand, range_name: str, now: datetime) -> tuple[datetime, datetime]:
    """The periods "my income" lists for a range name: from local midnight `n` days back
    through the end of today."""
    if range_name not in RANGES:
        raise AppError("rebate-invalid-range", 422)
    today, end = periods.bounds("D", now, brand.timezone)
    # Noon of the first day: a day is 23 to 25 hours long where clocks change.
    noon = today - timedelta(days=RANGES[range_name]) + timedelta(hours=12)
    first, _ = periods.bounds("D", noon, brand.timezone)
    return first, end


async def income(
    brand: Brand,
    member_id: int,
    since: datetime,
    until: datetime,
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> IncomePage:
    """ "My income": the member's rebate lines of periods starting in [since, until), newest
    first, with the totals claimable and paid, and the open lines' estimate."""
    if since >= until or not 1 <= page <= 10_000 or not 1 <= page_size <= 100:
        raise AppError("rebate-invalid-range", 422)
    async with session_scope() as session:
        where = (
            RebateLine.member_id == member_id,
            RebateLine.merchant_id == brand.id,
            col(RebateLine.period_start) >= since,
            col(RebateLine.period_start) < until,
        )
        total = int((await session.exec(sm_select(func.count()).where(*where))).one())
        rows = (
            await session.exec(
                sm_select(RebateLine)
                .where(*where)
                .order_by(col(RebateLine.period_start).desc(), col(RebateLine.category))
                .offset((page - 1) * page_size)
                .limit(page_size)
            )
        ).all()
        sums = dict(
            (
                await (await session.connection()).execute(
                    sm_select(RebateLine.status, func.sum(RebateLine.amount))
                    .where(RebateLine.member_id == member_id, RebateLine.merchant_id == brand.id)
                    .group_by(RebateLine.status)
                )
            ).all()
        )
        open_rows = (
            await session.exec(
                sm_select(RebateLine).where(
                    RebateLine.member_id == member_id,
                    RebateLine.status == RebateStatus.OPEN.value,
                )
            )
        ).all()
        settings = await vip.settings_of(session, brand.id)
        rates = await rates_of(session, brand.id)
        boost = (await vip.level_of(session, member_id)).benefits.rebate_boost
    accruing = sum(
        (
            amount_of(_money(row.base), rates[row.category] + boost)
            for row in open_rows
            if rates.get(row.category)
        ),
        ZERO,
    )
    return IncomePage(
        lines=[_view(row) for row in rows],
        total=total,
        page=page,
        page_size=page_size,
        claimable=_money(sums.get(RebateStatus.CLAIMABLE.value)),
        paid=_money(sums.get(RebateStatus.PAID.value)),
        accruing=accruing,
        claim_mode=settings.rebate_claim,
    )


async def configure_rates(merchant_id: int, rates: Mapping[str, object]) -> None:
    """Use case: replace the brand's base rates (percent, 0 to 10, three decimals; None or
    a missing category: no rebate). Checked first; nothing is written on refusal."""
    checked: dict[str, Decimal] = {}
    for category, rate in rates.items():
        if not isinstance(category, str) or not vip.CATEGORY.fullmatch(category):
            raise AppError("vip-invalid-config", 422, {"field": "category"})
        # A category kept at 0 shows "-" and earns nothing (no row at all: the defaults).
        checked[category] = Decimal("0") if rate is None else vip.checked_rate(rate, category)
    async with write_transaction() as session:
        existing = (
            await session.exec(sm_select(RebateRate).where(RebateRate.merchant_id == merchant_id))
        ).all()
        for row in existing:
            await session.delete(row)
        await session.flush()
        for category, rate in sorted(checked.items()):
            session.add(RebateRate(merchant_id=merchant_id, category=category, rate=rate))
