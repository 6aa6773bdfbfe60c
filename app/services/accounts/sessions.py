"""Login sessions: opaque tokens stored as digests, idle and absolute expiry, revocation."""

from __future__ import annotations

import asyncio
import time
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.config import get_settings
from app.core.db import read_scope, session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import new_token, token_digest
from app.services.brands import brands
from app.services.jurisdiction import profile_of
from models import GameSession, Member, MemberSession
from models.base import saved_id
from models.member import MEMBER_ACTIVE

_TOUCH_EVERY = timedelta(seconds=60)


@dataclass(frozen=True)
class Authenticated:
    member: Member
    session_id: int


# One page event asks who its member is several times (its own gate, the page's refresh, the
# header's): within one task, `recent_member_id` gives the id `authenticate` found this recently
# without reading the database. A session ended in the task forgets it; one ended elsewhere is
# seen once it is this old.
RECENT_SECONDS = 1.0


@dataclass(frozen=True)
class _Recent:
    task: asyncio.Task[object] | None
    digest: str
    touched: bool
    at: float
    member_id: int


_recent: ContextVar[_Recent | None] = ContextVar("recent_login", default=None)


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization` header, with or without the Bearer scheme."""
    if not authorization:
        return None
    value = authorization.strip()
    if value.lower().startswith("bearer "):
        value = value[7:].strip()
    return value or None


async def open_session(member: Member, ip: str, user_agent: str, device: str) -> str:
    """A new session and its token (the only time the token exists in clear)."""
    token = new_token()
    now = clock.now()
    async with write_transaction() as session:
        session.add(
            MemberSession(
                member_id=saved_id(member.id),
                token_digest=token_digest(token),
                created_at=now,
                last_seen_at=now,
                expires_at=now + timedelta(hours=get_settings().session_absolute_hours),
                ip=ip[:64],
                user_agent=user_agent[:255],
                device=device[:16],
            )
        )
    return token


async def authenticate(token: str | None, *, touch: bool = True) -> Authenticated:
    """The member behind a live token, or not-logged-in (401). `touch`: the call is the
    member's doing, so the session's idle clock restarts; a page's own timer (the header's
    watch, the reality check) passes False, or a tab left open would never go idle."""
    if not token:
        raise AppError("not-logged-in", status=401)
    digest = token_digest(token)
    now = clock.now()
    idle = timedelta(minutes=get_settings().session_idle_minutes)
    async with read_scope() as session:
        row = (
            await session.exec(
                select(MemberSession, Member)
                .join(Member, col(Member.id) == MemberSession.member_id)
                .where(MemberSession.token_digest == digest)
            )
        ).first()
    if row is None:
        raise AppError("not-logged-in", status=401)
    login, member = row
    market_idle = profile_of(await brands.by_id(member.merchant_id)).idle_minutes
    if market_idle:  # the brand's market ends sessions sooner (Brazil: 30 minutes)
        idle = min(idle, timedelta(minutes=market_idle))
    expired = login.expires_at <= now or login.last_seen_at + idle <= now
    if login.revoked_at is not None or expired or member.status != MEMBER_ACTIVE:
        raise AppError("not-logged-in", status=401)
    if touch and now - login.last_seen_at > _TOUCH_EVERY:
        async with write_transaction() as session:
            await session.exec(
                update(MemberSession)
                .where(col(MemberSession.id) == login.id)
                .values(last_seen_at=now)
            )
    assert login.id is not None
    _recent.set(
        _Recent(asyncio.current_task(), digest, touch, time.monotonic(), saved_id(member.id))
    )
    return Authenticated(member=member, session_id=login.id)


def recent_member_id(token: str | None, *, touch: bool = True) -> int | None:
    """The id of the member `authenticate` found behind this token in this task less than
    RECENT_SECONDS ago (with `touch` when this call touches); None when it found none, and
    nothing is read. Only the id: the member's other fields may have changed since."""
    recent = _recent.get()
    if (
        token
        and recent is not None
        and recent.task is asyncio.current_task()
        and recent.digest == token_digest(token)
        and (recent.touched or not touch)
        and time.monotonic() - recent.at < RECENT_SECONDS
    ):
        return recent.member_id
    return None


async def first_login(auth: Authenticated) -> bool:
    """firstLogin: is this login the account's first (no session of it opened before)?
    Session rows are kept after they end, so the answer holds for the whole session."""
    async with session_scope() as session:
        older = (
            await session.exec(
                select(MemberSession.id)
                .where(MemberSession.member_id == auth.member.id)
                .where(col(MemberSession.id) < auth.session_id)
                .limit(1)
            )
        ).first()
    return older is None


async def end_sessions(member_id: int, keep_session_id: int | None = None) -> int:
    """End every session of a member but `keep_session_id`: logins, game sessions and unused
    launch tokens alike (logout keeps none; a password change and "end other sessions" keep
    the caller's). Returns how many logins were ended."""
    async with write_transaction() as session:
        return await end_sessions_in(session, member_id, clock.now(), keep_session_id)


async def end_sessions_in(
    session: AsyncSession, member_id: int, now: datetime, keep_session_id: int | None = None
) -> int:
    """Building block of `end_sessions`, in the caller's transaction."""
    _recent.set(None)
    logins = (
        update(MemberSession)
        .where(col(MemberSession.member_id) == member_id)
        .where(col(MemberSession.revoked_at).is_(None))
        .values(revoked_at=now)
    )
    if keep_session_id is not None:
        logins = logins.where(col(MemberSession.id) != keep_session_id)
    ended = (await session.exec(logins)).rowcount or 0
    # An ended game session refuses balance, bets and a launch token's exchange; the
    # vendor can still settle and roll back rounds already bet (as after its expiry).
    await session.exec(
        update(GameSession)
        .where(col(GameSession.member_id) == member_id)
        .where(col(GameSession.expires_at) > now)
        .values(expires_at=now, launch_expires_at=now)
    )
    return ended


async def logout(token: str | None) -> int:
    """Logout: every session of the token's member ends (a token no longer live does nothing).
    Returns how many logins were ended."""
    try:
        auth = await authenticate(token)
    except AppError:
        return 0
    assert auth.member.id is not None
    return await end_sessions(auth.member.id)
