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

What counts is read in limit_usage.py, the checks run in limit_checks.py; their public names
are importable from here.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.jurisdiction import Profile
from app.services.protection.limit_checks import (
    check_bet,
    check_deposit,
    excluded,
    idle_gap,
    marketing_allowed,
    reality_check_due,
)
from app.services.protection.limit_usage import (
    REALITY_CHECK_DUE,
    ZERO,
    Change,
    LimitView,
    brand_profile,
    confirmable,
    limit_view,
    member_limits,
    parse_kind,
    parse_period,
    parse_value,
    usage,
    windows,
)
from app.services.protection.records import log, member_language, message
from models import Member
from models.cashier import MessageKind
from models.protection import LimitKind, LimitPeriod, MemberLimit

__all__ = [
    "REALITY_CHECK_DUE",
    "Change",
    "LimitView",
    "cancel_request",
    "check_bet",
    "check_deposit",
    "confirm_limit",
    "excluded",
    "idle_gap",
    "marketing_allowed",
    "member_limits",
    "parse_value",
    "reality_check_due",
    "set_limit",
    "windows",
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
    brand, profile = await brand_profile(member)
    _require_limits(profile)
    kind, period = parse_kind(kind_text), parse_period(period_text)
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
        used = await usage(session, member.id, windows(brand, now), {(kind, period)})
    return Change(outcome, limit_view(row, used.get((kind, period), ZERO), profile, now))


async def confirm_limit(
    member: Member, kind_text: object, period_text: object, now: datetime
) -> LimitView:
    """Confirm a waiting raise or removal once its cool-down has passed."""
    assert member.id is not None
    brand, profile = await brand_profile(member)
    _require_limits(profile)
    kind, period = parse_kind(kind_text), parse_period(period_text)
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
        lapsed = not confirmable(row, profile, now)
        if lapsed:
            row.pending, row.pending_value, row.pending_from = False, None, None
            session.add(row)
            await log(session, member, "limit-lapsed", now, params={"kind": kind.value})
    if lapsed:
        raise AppError("protection-limit-lapsed", 409)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None or not confirmable(row, profile, now):
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
        used = await usage(session, member.id, windows(brand, now), {(kind, period)})
    return limit_view(row, used.get((kind, period), ZERO), profile, now)


async def cancel_request(
    member: Member, kind_text: object, period_text: object, now: datetime
) -> None:
    """Drop a waiting raise or removal; the current limit stays."""
    assert member.id is not None
    kind, period = parse_kind(kind_text), parse_period(period_text)
    async with write_transaction() as session:
        row = await _locked_row(session, member.id, kind, period)
        if row is None or not row.pending:
            raise AppError("protection-limit-nothing-pending", 409)
        row.pending, row.pending_value, row.pending_from = False, None, None
        session.add(row)
        await log(session, member, "limit-request-cancelled", now, params={"kind": kind.value})
