"""Cooling-off and self-exclusion (player protection; Portaria SPA/MF 1.231/2024 and
2.579/2025, IN 31/2025), on brands whose jurisdiction profile has player limits.

What an exclusion does, in this order, each step kept in the retention log:
1. the member's protection row says excluded (kind, from, until or indefinite) and marketing
   stops (`protection.limits.marketing_allowed` is False for every capability that sends it);
2. open lottery bets (issues not drawn yet) are refunded and chases stopped, in the same
   transaction; an inbox message tells the member what happens and until when;
3. every login and game session ends (after the commit).

Login policy (chosen, in docs/guides/protection.md): an excluded member MAY log in again, to see
their balance and withdraw it, and nothing else: every bet debit (seamless wallet, studio,
lottery) and every deposit order is refused by `protection.limits` with neutral wording, and
every door the gate table (app/services/gates.py) closes to excluded members (team transfers
sent or received, promotions, missions, rebate, bonuses, affiliate applications, account
opening) refuses them too. The exclusion cannot be shortened or lifted by the member; a
longer one replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.accounts import sessions
from app.services.brands import brands
from app.services.jurisdiction import profile_of
from app.services.lottery import bets
from app.services.promotions import bonus
from app.services.protection.limits import excluded
from app.services.protection.records import log, member_language, message
from app.services.wallet_events import balance_changed
from models import Member
from models.cashier import MessageKind
from models.protection import ExclusionKind, MemberProtection

MAX_DAYS = 36_500


@dataclass(frozen=True)
class Exclusion:
    kind: ExclusionKind
    started_at: datetime
    until: datetime | None  # None: indefinite
    refunded_bets: int = 0
    refunded_amount: Decimal = Decimal("0.00")
    sessions_ended: int = 0


def _kind(value: object) -> ExclusionKind:
    try:
        return ExclusionKind(str(value).upper())
    except ValueError:
        raise AppError("protection-exclusion-invalid", 422) from None


def _days(value: object) -> int | None:
    """Whole days, or None (indefinite) for None / "" / "indefinite"."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "indefinite")):
        return None
    if isinstance(value, bool):
        raise AppError("protection-exclusion-invalid", 422)
    try:
        days = int(str(value).strip())
    except ValueError:
        raise AppError("protection-exclusion-invalid", 422) from None
    if not 1 <= days <= MAX_DAYS:
        raise AppError("protection-exclusion-invalid", 422)
    return days


@dataclass(frozen=True)
class StoppedPlay:
    refunded_bets: int
    refunded_amount: Decimal
    forfeited_bonuses: int


async def stop_play_in(
    session: AsyncSession,
    member: Member,
    refund_reason: str,
    forfeit_reason: str,
    now: datetime,
    language: str,
) -> StoppedPlay:
    """What every end of play does (an exclusion, a barred account's closure), each step kept
    in the retention log: marketing stops, open lottery bets are refunded, bonuses forfeited.
    Building block: the caller's transaction."""
    assert member.id is not None
    state = await session.get(MemberProtection, member.id, with_for_update=True)
    state = state or MemberProtection(member_id=member.id)
    state.marketing_suppressed = True
    session.add(state)
    await log(session, member, "marketing-stopped", now, language=language)
    count, amount = await bets.refund_open_bets(session, member.id, refund_reason, now)
    await log(
        session, member, "lottery-refunded", now, params={"count": count, "amount": amount},
        language=language,
    )  # fmt: skip
    forfeited = await bonus.forfeit_in(session, member.id, forfeit_reason, now)
    await log(
        session, member, "bonuses-forfeited", now, params={"count": forfeited}, language=language
    )
    return StoppedPlay(count, amount, forfeited)


async def current(member: Member, now: datetime) -> Exclusion | None:
    """The member's exclusion in force at `now`, if any."""
    async with session_scope() as session:
        state = await session.get(MemberProtection, member.id)
    if state is None or not excluded(state, now):
        return None
    assert state.excluded_kind is not None and state.excluded_at is not None
    return Exclusion(ExclusionKind(state.excluded_kind), state.excluded_at, state.excluded_until)


async def exclude(member: Member, kind_text: object, days_text: object, now: datetime) -> Exclusion:
    """Start a cooling-off (1 day to 6 weeks) or a self-exclusion (6 months or more, or
    indefinite: `days_text` None)."""
    assert member.id is not None
    brand = await brands.by_id(member.merchant_id)
    profile = profile_of(brand)
    if not profile.player_limits:
        raise AppError("protection-not-offered", 404)
    kind = _kind(kind_text)
    days = _days(days_text)
    length = None if days is None else timedelta(days=days)
    if kind is ExclusionKind.COOLING_OFF:
        valid = length is not None and profile.cooling_off_min <= length <= profile.cooling_off_max
    else:
        valid = length is None or length >= profile.self_exclusion_min
    if not valid:
        raise AppError("protection-exclusion-invalid", 422)
    until = None if length is None else now + length
    language = member_language(member, brand.default_language)
    async with write_transaction() as session:
        state = await session.get(MemberProtection, member.id, with_for_update=True)
        if state is None:
            state = MemberProtection(member_id=member.id)
        if excluded(state, now) and (
            state.excluded_until is None or (until is not None and until <= state.excluded_until)
        ):
            raise AppError("protection-exclusion-shorter", 409)
        state.excluded_kind, state.excluded_at, state.excluded_until = kind, now, until
        session.add(state)
        shown_until = "∞" if until is None else until.isoformat(timespec="minutes")
        await message(
            session,
            member,
            MessageKind.EXCLUSION_STARTED,
            "exclusion-started",
            now,
            {"kind": kind.value, "until": shown_until},
            language,
        )
        stopped = await stop_play_in(
            session, member, "exclusion", bonus.SELF_EXCLUSION, now, language
        )
    ended = await sessions.end_sessions(member.id)
    async with write_transaction() as session:
        await log(
            session, member, "sessions-ended", now, params={"count": ended}, language=language
        )
    if stopped.refunded_bets or stopped.forfeited_bonuses:
        await balance_changed(member.id)
    return Exclusion(kind, now, until, stopped.refunded_bets, stopped.refunded_amount, ended)
