"""VIP levels: a brand's ladder, each member's level, its benefits and the VIP payouts.

Reaching a level: the member's valid bet AND paid deposits over the brand's rolling window
(`window_days`, 30 by default) both reach the level's thresholds. The check runs at once,
in the transaction that counts a settled bet (the `loyalty` wager-fact consumer) or, for a
deposit, at the next minute's `loyalty-progress` job; several levels may be passed at once.

Keeping a level (the downgrade rule): at each close of a calendar month (brand time zone) a
member whose level was reached before that month keeps it when the valid bet of the window
ending at the close reaches the level's `retain_bet`; otherwise the level goes down by one,
never more at one close, never below 0. A level reached during the month is kept until the
next close. (The research's anchor "a rank never decreases" fits a lifetime-wagering rank;
ours is a rolling one whose benefits — higher withdrawal limits, a rebate boost, weekly
bonuses — cost the brand every week, so a member who stopped playing steps down slowly.)

Payouts (cash, no wagering, each a ledger movement keyed (member, kind, period) and a
`vip_event` row unique on the same triple, in one transaction): the level-up bonus of each
level, once per member and level; Sunday best (the level's fixed amount, when the week's
valid bet reached `weekly_min_bet`), the slots bonus (`slots_rate` % of the week's RNG valid
bet, at most `slots_cap`), paid at each week's close (Monday 00:00 local); the member-day
bonus on the brand's `member_day` of each month, when the month's valid bet before it reached
`monthly_min_bet`. Every one is earned by play first, so none is a pre-bet bonus (Brazil, Lei
14.790 art. 29 I): a level above 0 always needs a valid bet above 0.

Members under a responsible-gambling block (cooling-off, self-exclusion) at the moment of a
payout are paid nothing and sent nothing, and it is not held for later; their level still
follows the rules.

The ladder and a member's level are read in vip_levels.py, configured in vip_config.py; their
public names are importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Table, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.agents import periods
from app.services.brands import Brand, brands
from app.services.inbox import post_message
from app.services.loyalty.vip_config import (
    check_ladder,
    checked_rate,
    configure,
    configure_in,
    export_config,
    import_config,
)
from app.services.loyalty.vip_levels import (
    CENT,
    MAX_LEVELS,
    ZERO,
    EventView,
    Level,
    Progress,
    Settings,
    VipPage,
    as_money,
    level_at,
    level_of,
    levels_of,
    qualifying,
    settings_of,
    with_level_limits,
)
from app.services.wager_facts import StoredFact
from models.cashier import DepositOrder, DepositStatus, MessageKind
from models.ledger import AccountKind, TransactionKind
from models.loyalty_vip import LoyaltyDay, RebateClaim, VipEvent, VipEventKind, VipMember
from models.protection import MemberProtection

__all__ = [
    "CATEGORY",
    "MAX_LEVELS",
    "Level",
    "Progress",
    "RebateClaim",
    "Settings",
    "VipPage",
    "blocked_members",
    "check_ladder",
    "checked_rate",
    "close_due",
    "close_due_in",
    "configure",
    "configure_in",
    "deposited_since",
    "evaluate_deposits",
    "evaluate_in",
    "export_config",
    "import_config",
    "level_of",
    "levels_of",
    "local_day",
    "member_day_window",
    "page",
    "pay_key",
    "periodic_in",
    "progress_of",
    "qualifying",
    "quiet_members",
    "record_days",
    "review_in",
    "settings_of",
    "upsert_add",
    "with_level_limits",
]

HUNDRED = Decimal(100)
CHUNK = 5000
SLOTS = "RNG"  # the category the slots bonus counts
CATEGORY = re.compile(r"[A-Z0-9_]{1,16}")
PERIODIC_KINDS = (VipEventKind.SUNDAY_BEST, VipEventKind.SLOTS_BONUS, VipEventKind.MEMBER_DAY)

_DAYS: Table = LoyaltyDay.__table__  # type: ignore[attr-defined]
_DEPOSITS: Table = DepositOrder.__table__  # type: ignore[attr-defined]

# ---- responsible gambling -------------------------------------------------------------------


async def blocked_members(
    session: AsyncSession, member_ids: Iterable[int], now: datetime
) -> set[int]:
    """The members under a cooling-off or self-exclusion at `now` (paid and told nothing)."""
    wanted = sorted(set(member_ids))
    found: set[int] = set()
    for start in range(0, len(wanted), CHUNK):
        rows = await session.exec(
            sm_select(MemberProtection.member_id).where(
                col(MemberProtection.member_id).in_(wanted[start : start + CHUNK]),
                col(MemberProtection.excluded_kind).is_not(None),
                or_(
                    col(MemberProtection.excluded_until).is_(None),
                    col(MemberProtection.excluded_until) > now,
                ),
            )
        )
        found.update(rows.all())
    return found


async def quiet_members(
    session: AsyncSession, member_ids: Iterable[int], now: datetime
) -> set[int]:
    """The members no VIP message may reach: under a block, or with marketing suppressed
    after one until they opt in again (protection.limits.marketing_allowed)."""
    wanted = sorted(set(member_ids))
    found = await blocked_members(session, wanted, now)
    for start in range(0, len(wanted), CHUNK):
        rows = await session.exec(
            sm_select(MemberProtection.member_id).where(
                col(MemberProtection.member_id).in_(wanted[start : start + CHUNK]),
                col(MemberProtection.marketing_suppressed),
            )
        )
        found.update(rows.all())
    return found


# ---- counting: the consumer's part ---------------------------------------------------------


def local_day(moment: datetime, timezone: str) -> date:
    return moment.astimezone(ZoneInfo(timezone)).date()


async def upsert_add(
    session: AsyncSession,
    table: Table,
    rows: list[dict[str, Any]],
    keys: Sequence[str],
    added: Sequence[str],
) -> None:
    """Insert the rows, or add their `added` columns to the existing row of the same keys."""
    if not rows:
        return
    dialect = (await session.connection()).dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(table)
    statement = statement.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: table.c[name] + statement.excluded[name] for name in added},
    )
    await (await session.connection()).execute(statement, rows)


async def record_days(
    session: AsyncSession, facts: Sequence[StoredFact], by_id: dict[int, Brand]
) -> dict[int, set[int]]:
    """Add the facts' valid bets to the members' local days; returns the members touched,
    by brand."""
    totals: dict[tuple[int, date], list[Any]] = {}
    touched: dict[int, set[int]] = {}
    for fact in facts:
        brand = by_id.get(fact.brand_id)
        if brand is None or not fact.valid_bet:
            continue
        key = (fact.member_id, local_day(fact.settled_at, brand.timezone))
        entry = totals.setdefault(key, [brand.id, ZERO, ZERO])
        entry[1] += fact.valid_bet
        if fact.category == SLOTS:
            entry[2] += fact.valid_bet
        touched.setdefault(brand.id, set()).add(fact.member_id)
    await upsert_add(
        session,
        _DAYS,
        [
            {
                "member_id": member,
                "day": day,
                "merchant_id": merchant,
                "valid_bet": bet,
                "slots_bet": slots,
            }
            for (member, day), (merchant, bet, slots) in sorted(totals.items())
        ],
        ("member_id", "day"),
        ("valid_bet", "slots_bet"),
    )
    return touched


async def _bets(
    session: AsyncSession, member_ids: Sequence[int], first: date, last: date, column: str
) -> dict[int, Decimal]:
    """Each member's sum of a loyalty_day column over the local days [first, last]."""
    found: dict[int, Decimal] = {}
    for start in range(0, len(member_ids), CHUNK):
        rows = await (await session.connection()).execute(
            select(_DAYS.c.member_id, func.sum(_DAYS.c[column]))
            .where(
                _DAYS.c.member_id.in_(member_ids[start : start + CHUNK]),
                _DAYS.c.day >= first,
                _DAYS.c.day <= last,
            )
            .group_by(_DAYS.c.member_id)
        )
        found.update({member: as_money(total) for member, total in rows.all()})
    return found


async def _deposits(
    session: AsyncSession, member_ids: Sequence[int], since: datetime, until: datetime
) -> dict[int, Decimal]:
    """Each member's cash credited by deposits paid in [since, until]."""
    found: dict[int, Decimal] = {}
    for start in range(0, len(member_ids), CHUNK):
        rows = await (await session.connection()).execute(
            select(_DEPOSITS.c.member_id, func.sum(_DEPOSITS.c.credited_amount))
            .where(
                _DEPOSITS.c.member_id.in_(member_ids[start : start + CHUNK]),
                _DEPOSITS.c.status == DepositStatus.PAID.value,
                _DEPOSITS.c.paid_at >= since,
                _DEPOSITS.c.paid_at <= until,
            )
            .group_by(_DEPOSITS.c.member_id)
        )
        found.update({member: as_money(total) for member, total in rows.all()})
    return found


async def progress_of(
    session: AsyncSession,
    brand: Brand,
    settings: Settings,
    member_ids: Sequence[int],
    end: datetime,
) -> dict[int, Progress]:
    """Each member's figures over the rolling window that ends at `end`: the local days
    from `window_days - 1` days before end's day through it, and deposits of the same span."""
    last = local_day(end, brand.timezone)
    first = last - timedelta(days=settings.window_days - 1)
    since = datetime(first.year, first.month, first.day, tzinfo=ZoneInfo(brand.timezone))
    bets = await _bets(session, member_ids, first, last, "valid_bet")
    deposits = await _deposits(session, member_ids, since.astimezone(UTC), end)
    return {m: Progress(bets.get(m, ZERO), deposits.get(m, ZERO)) for m in member_ids}


# ---- payouts ---------------------------------------------------------------------------------


def pay_key(member_id: int, kind: VipEventKind, period_key: str) -> str:
    return f"vip:{member_id}:{kind.value}:{period_key}"


async def _pay(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    kind: VipEventKind,
    period_key: str,
    amount: Decimal,
    level: int,
    now: datetime,
) -> bool:
    """Pay one VIP reward once: the event row (unique per member, kind, period) and the
    ledger movement keyed the same, in the caller's transaction. False: already paid."""
    exists = (
        await session.exec(
            sm_select(VipEvent.id).where(
                VipEvent.member_id == member_id,
                VipEvent.kind == kind.value,
                VipEvent.period_key == period_key,
            )
        )
    ).first()
    if exists is not None:
        return False
    posted = await ledger.transfer(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        currency=brand.currency,
        kind=TransactionKind.BONUS,
        idempotency_key=pay_key(member_id, kind, period_key),
        from_=ledger.of_merchant(AccountKind.PROMOTION_EXPENSE),
        to=ledger.of_member(AccountKind.MEMBER_CASH),
        amount=amount,
        reference=f"VIP-{kind.value}-{period_key}"[:128],
    )
    session.add(
        VipEvent(
            merchant_id=brand.id,
            member_id=member_id,
            kind=kind.value,
            period_key=period_key,
            from_level=level,
            to_level=level,
            amount=amount,
            ledger_transaction_id=posted.transaction_id,
            created_at=now,
        )
    )
    await post_message(
        session, member_id, MessageKind.VIP_REWARD, {"kind": kind.value, "amount": str(amount)}
    )
    return True


async def _change_level(
    session: AsyncSession,
    brand: Brand,
    row: VipMember,
    to: Level,
    kind: VipEventKind,
    period_key: str,
    now: datetime,
) -> None:
    session.add(
        VipEvent(
            merchant_id=brand.id,
            member_id=row.member_id,
            kind=kind.value,
            period_key=period_key,
            from_level=row.level,
            to_level=to.level,
            created_at=now,
        )
    )
    row.level, row.since = to.level, now
    session.add(row)


async def evaluate_in(
    session: AsyncSession, brand: Brand, member_ids: Iterable[int], now: datetime
) -> list[tuple[int, int, int]]:
    """Building block: raise each member whose figures reach a higher level, at once, and pay
    the level-up bonus of every level passed (once per member and level). Returns the
    (member, from, to) of the upgrades."""
    levels = await levels_of(session, brand.id)
    if len(levels) < 2:
        return []
    wanted = sorted(set(member_ids))
    settings = await settings_of(session, brand.id)
    figures = await progress_of(session, brand, settings, wanted, now)
    candidates = {
        member: qualifying(levels, progress)
        for member, progress in figures.items()
        if qualifying(levels, progress) > levels[0].level
    }
    if not candidates:
        return []
    rows = {
        row.member_id: row
        for row in (
            await session.exec(
                sm_select(VipMember)
                .where(col(VipMember.member_id).in_(sorted(candidates)))
                .with_for_update()
            )
        ).all()
    }
    upgrades = [
        (member, rows[member].level if member in rows else levels[0].level, target)
        for member, target in sorted(candidates.items())
        if target > (rows[member].level if member in rows else levels[0].level)
    ]
    if not upgrades:
        return []
    blocked = await blocked_members(session, [m for m, _, _ in upgrades], now)
    quiet = await quiet_members(session, [m for m, _, _ in upgrades], now)
    for member, before, target in upgrades:
        row = rows.get(member) or VipMember(
            member_id=member, merchant_id=brand.id, level=before, since=now
        )
        await _change_level(
            session,
            brand,
            row,
            level_at(levels, target),
            VipEventKind.UPGRADE,
            _stamp(now, target),
            now,
        )
        if member in blocked:
            continue
        for level in levels:
            if before < level.level <= target and level.level_up_bonus > 0:
                await _pay(
                    session,
                    brand,
                    member,
                    VipEventKind.LEVEL_UP_BONUS,
                    f"L{level.level}",
                    level.level_up_bonus,
                    level.level,
                    now,
                )
        if member not in quiet:
            await post_message(
                session, member, MessageKind.VIP_UPGRADE, {"level": level_at(levels, target).name}
            )
    await session.flush()
    return upgrades


def _stamp(now: datetime, level: int) -> str:
    return f"{now.astimezone(UTC):%Y%m%dT%H%M%S.%f}-{level}"


async def deposited_since(session: AsyncSession, brand: Brand, since: datetime) -> list[int]:
    """The members of the brand with a deposit paid since `since` (the progress job)."""
    rows = await (await session.connection()).execute(
        select(_DEPOSITS.c.member_id)
        .where(
            _DEPOSITS.c.merchant_id == brand.id,
            _DEPOSITS.c.status == DepositStatus.PAID.value,
            _DEPOSITS.c.paid_at >= since,
        )
        .distinct()
    )
    return [int(member) for member in rows.scalars().all()]


async def evaluate_deposits(since: datetime, now: datetime) -> int:
    """Use case (the `loyalty-progress` job, tests): upgrade the members whose deposits paid
    since `since` lift them. Returns how many were upgraded."""
    upgraded = 0
    async with write_transaction() as session:
        for brand in await brands.all():
            members = await deposited_since(session, brand, since)
            upgraded += len(await evaluate_in(session, brand, members, now))
    return upgraded


# ---- the monthly review (downgrade) ----------------------------------------------------------


async def review_in(
    session: AsyncSession, brand: Brand, start: datetime, end: datetime, now: datetime
) -> int:
    """Building block: the downgrade rule at the close of the month [start, end). Members
    whose level was reached before `start` and whose window's valid bet at `end` misses the
    level's `retain_bet` go down one level. Once per member and month (the event's key)."""
    levels = await levels_of(session, brand.id)
    if len(levels) < 2 or end > now:
        return 0
    settings = await settings_of(session, brand.id)
    key = f"M{start.astimezone(ZoneInfo(brand.timezone)):%Y-%m}"
    rows = (
        await session.exec(
            sm_select(VipMember)
            .where(
                VipMember.merchant_id == brand.id,
                col(VipMember.level) > levels[0].level,
                col(VipMember.since) < start,
            )
            .with_for_update()
        )
    ).all()
    if not rows:
        return 0
    done = set(
        (
            await session.exec(
                sm_select(VipEvent.member_id).where(
                    VipEvent.merchant_id == brand.id,
                    VipEvent.kind == VipEventKind.DOWNGRADE.value,
                    VipEvent.period_key == key,
                )
            )
        ).all()
    )
    figures = await progress_of(
        session, brand, settings, [row.member_id for row in rows], end - timedelta(microseconds=1)
    )
    changed = 0
    for row in rows:
        level = level_at(levels, row.level)
        if row.member_id in done or figures[row.member_id].valid_bet >= level.retain_bet:
            continue
        below = max((lv for lv in levels if lv.level < row.level), key=lambda lv: lv.level)
        await _change_level(session, brand, row, below, VipEventKind.DOWNGRADE, key, now)
        changed += 1
    await session.flush()
    return changed


# ---- weekly and monthly bonuses --------------------------------------------------------------


def _slots_amount(level: Level, slots_bet: Decimal) -> Decimal:
    amount = (slots_bet * level.slots_rate / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
    return min(amount, level.slots_cap)


async def periodic_in(
    session: AsyncSession,
    brand: Brand,
    kind: VipEventKind,
    start: datetime,
    end: datetime,
    now: datetime,
) -> int:
    """Building block: pay one periodic bonus for the period [start, end) (a week for Sunday
    best and the slots bonus, the month before the member day for the member-day bonus) to
    every member who earned it by their valid bet in it. Returns how many were paid."""
    if kind not in PERIODIC_KINDS or end > now:
        raise AppError("vip-invalid-period", 422)
    levels = await levels_of(session, brand.id)
    if len(levels) < 2:
        return 0
    settings = await settings_of(session, brand.id)
    zone = brand.timezone
    first, last = local_day(start, zone), local_day(end - timedelta(microseconds=1), zone)
    members = (
        await session.exec(
            sm_select(VipMember).where(
                VipMember.merchant_id == brand.id, col(VipMember.level) > levels[0].level
            )
        )
    ).all()
    if not members:
        return 0
    ids = [row.member_id for row in members]
    column = "slots_bet" if kind is VipEventKind.SLOTS_BONUS else "valid_bet"
    bets = await _bets(session, ids, first, last, column)
    blocked = await blocked_members(session, ids, now)
    key = f"{kind.value[:2]}{first:%Y%m%d}"
    paid = 0
    for row in members:
        level = level_at(levels, row.level)
        bet = bets.get(row.member_id, ZERO)
        if kind is VipEventKind.SUNDAY_BEST:
            amount = level.sunday_best_bonus if bet >= settings.weekly_min_bet else ZERO
        elif kind is VipEventKind.MEMBER_DAY:
            amount = level.member_day_bonus if bet >= settings.monthly_min_bet else ZERO
        else:
            amount = _slots_amount(level, bet)
        if amount <= 0 or row.member_id in blocked:
            continue
        if await _pay(session, brand, row.member_id, kind, key, amount, row.level, now):
            paid += 1
    await session.flush()
    return paid


def member_day_window(brand: Brand, settings: Settings, now: datetime) -> tuple[datetime, datetime]:
    """The latest member day that has begun at `now` (local midnight of the brand's
    `member_day`) and the month before it, as [start, end)."""
    zone = ZoneInfo(brand.timezone)
    local = now.astimezone(zone)
    year, month = local.year, local.month
    if local.day < settings.member_day:
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    day = datetime(year, month, settings.member_day, tzinfo=zone)
    previous = (year - 1, 12) if month == 1 else (year, month - 1)
    start = datetime(*previous, settings.member_day, tzinfo=zone)
    return start.astimezone(UTC), day.astimezone(UTC)


async def close_due_in(session: AsyncSession, all_brands: Sequence[Brand], now: datetime) -> int:
    """Building block of the `vip-periods` job: for every brand, the last closed month's
    review, the last closed week's Sunday best and slots bonus, the latest member day."""
    changed = 0
    for brand in all_brands:
        settings = await settings_of(session, brand.id)
        month = periods.last_closed("M", now, brand.timezone)
        changed += await review_in(session, brand, *month, now)
        week = periods.last_closed("W", now, brand.timezone)
        for kind in (VipEventKind.SUNDAY_BEST, VipEventKind.SLOTS_BONUS):
            changed += await periodic_in(session, brand, kind, *week, now)
        window = member_day_window(brand, settings, now)
        changed += await periodic_in(session, brand, VipEventKind.MEMBER_DAY, *window, now)
    return changed


async def close_due(now: datetime) -> int:
    """Use case: `close_due_in` in its own transaction (the CLI, tests)."""
    all_brands = await brands.all()
    async with write_transaction() as session:
        return await close_due_in(session, all_brands, now)


# ---- the VIP page ----------------------------------------------------------------------------


async def page(brand: Brand, member_id: int, now: datetime, limit: int = 50) -> VipPage:
    """What the VIP page shows: the level, the ladder, progress, the rules, the history."""
    async with session_scope() as session:
        current = await level_of(session, member_id)
        levels = await levels_of(session, brand.id)
        settings = await settings_of(session, brand.id)
        progress = (await progress_of(session, brand, settings, [member_id], now))[member_id]
        events = (
            await session.exec(
                sm_select(VipEvent)
                .where(VipEvent.member_id == member_id)
                .order_by(col(VipEvent.created_at).desc(), col(VipEvent.id).desc())
                .limit(limit)
            )
        ).all()
    following = [level for level in levels if level.level > current.level]
    return VipPage(
        current=current,
        levels=levels,
        progress=progress,
        next_level=following[0] if following else None,
        window_days=settings.window_days,
        settings=settings,
        history=[
            EventView(
                VipEventKind(event.kind),
                event.from_level,
                event.to_level,
                as_money(event.amount),
                event.created_at,
            )
            for event in events
        ],
    )
