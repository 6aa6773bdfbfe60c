"""The reality check (Portaria SPA/MF 1.231/2024): after every N minutes of continuous play
(the brand profile's `reality_check_minutes`, Brazil 60) the member is shown how long they
have played and their net result, and chooses to continue or stop.

Play is continuous while bets come less than the idle gap apart (the play clock of
`protection.limits`). When a check is due, `limits.check_bet` refuses the next bet with
"protection-reality-check-due" until the member answers (`answer`): continue starts the next
N minutes, stop ends every login and game session. The site shows it as a dialog on every
page (state/protection/reality.py); the API returns it (GET/POST /wps/protection/reality-check).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import reporting
from app.services.accounts import sessions
from app.services.brands import brands
from app.services.jurisdiction import profile_of
from app.services.protection.limits import idle_gap, reality_check_due
from app.services.protection.records import Channel, log, member_language
from models import Member
from models.protection import MemberProtection


@dataclass(frozen=True)
class RealityCheck:
    due: bool
    every_minutes: int
    played_minutes: int  # since this play session started
    net: Decimal  # wins - stakes of bets settled since then (negative: lost)


# A brand's minutes may change: a quiet spell (`due_check`) lasts at most this long.
QUIET_AT_MOST = timedelta(minutes=5)


async def reality_check(
    member: Member, now: datetime, *, due_only: bool = False
) -> RealityCheck | None:
    """The member's reality check (None: the brand has none or no play is going on; with
    `due_only`, also while none is due: the play's net is then not read)."""
    found, _ = await _read(member, now, due_only=due_only)
    return found


async def due_check(member: Member, now: datetime) -> RealityCheck | datetime:
    """The member's due reality check or, when none is due, the instant before which none can
    fall due whatever the member does meanwhile: a page need not read again before it, on its
    timer or after a bet. A bet that starts play, or starts it again after a pause, brings its
    check no sooner than the brand's minutes after it; one in running play does not move it."""
    found, quiet_until = await _read(member, now, due_only=True)
    return quiet_until if found is None else found


async def _read(
    member: Member, now: datetime, *, due_only: bool
) -> tuple[RealityCheck | None, datetime]:
    assert member.id is not None
    quiet_until = now + QUIET_AT_MOST
    profile = profile_of(await brands.by_id(member.merchant_id))
    if not profile.reality_check_minutes:
        return None, quiet_until
    quiet_until = min(quiet_until, now + timedelta(minutes=profile.reality_check_minutes))
    async with session_scope() as session:
        state = await session.get(MemberProtection, member.id)
        if state is None or state.play_started_at is None:
            return None, quiet_until
        if state.last_play_at is None or now - state.last_play_at > idle_gap(profile):
            return None, quiet_until
        due = reality_check_due(state, profile, now)
        if due_only and not due:
            since = state.reality_check_at or state.play_started_at
            falls_due = since + timedelta(minutes=profile.reality_check_minutes)
            return None, min(quiet_until, falls_due)
        (totals,) = await reporting.member_windows(session, member.id, [state.play_started_at])
    found = RealityCheck(
        due=due,
        every_minutes=profile.reality_check_minutes,
        played_minutes=int((now - state.play_started_at).total_seconds() // 60),
        net=totals.net,
    )
    return found, quiet_until


async def answer(member: Member, now: datetime, *, stop: bool) -> None:
    """Continue (the next check in N minutes) or stop (every session ends)."""
    assert member.id is not None
    brand = await brands.by_id(member.merchant_id)
    found = await reality_check(member, now, due_only=True)
    if found is None:
        raise AppError("protection-reality-check-not-due", 409)
    language = member_language(member, brand.default_language)
    async with write_transaction() as session:
        state = await session.get(MemberProtection, member.id, with_for_update=True)
        assert state is not None
        state.reality_check_at = now
        if stop:
            state.play_started_at = None
            state.last_play_at = None
        session.add(state)
        params = {"minutes": found.played_minutes, "net": found.net}
        await log(
            session,
            member,
            "reality-check-stop" if stop else "reality-check-continue",
            now,
            channel=Channel.SITE,
            params=params,
            language=language,
        )
    if stop:
        await sessions.end_sessions(member.id)
