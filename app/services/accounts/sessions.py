"""Login sessions: opaque tokens stored as digests, idle and absolute expiry, revocation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import col, select, update

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import new_token, token_digest
from models import Member, MemberSession
from models.base import saved_id, utcnow
from models.member import MEMBER_ACTIVE

_TOUCH_EVERY = timedelta(seconds=60)


@dataclass(frozen=True)
class Authenticated:
    member: Member
    session_id: int


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
    now = utcnow()
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


async def authenticate(token: str | None) -> Authenticated:
    """The member behind a live token, or not-logged-in (401)."""
    if not token:
        raise AppError("not-logged-in", status=401)
    now = utcnow()
    idle = timedelta(minutes=get_settings().session_idle_minutes)
    async with session_scope() as session:
        row = (
            await session.exec(
                select(MemberSession, Member)
                .join(Member, col(Member.id) == MemberSession.member_id)
                .where(MemberSession.token_digest == token_digest(token))
            )
        ).first()
    if row is None:
        raise AppError("not-logged-in", status=401)
    login, member = row
    expired = login.expires_at <= now or login.last_seen_at + idle <= now
    if login.revoked_at is not None or expired or member.status != MEMBER_ACTIVE:
        raise AppError("not-logged-in", status=401)
    if now - login.last_seen_at > _TOUCH_EVERY:
        async with write_transaction() as session:
            await session.exec(
                update(MemberSession)
                .where(col(MemberSession.id) == login.id)
                .values(last_seen_at=now)
            )
    assert login.id is not None
    return Authenticated(member=member, session_id=login.id)


async def revoke(token: str) -> None:
    async with write_transaction() as session:
        await session.exec(
            update(MemberSession)
            .where(col(MemberSession.token_digest) == token_digest(token))
            .where(col(MemberSession.revoked_at).is_(None))
            .values(revoked_at=utcnow())
        )


async def revoke_others(member_id: int, keep_session_id: int | None) -> int:
    """End every other live session of a member (after a password change); returns how many."""
    async with write_transaction() as session:
        statement = (
            update(MemberSession)
            .where(col(MemberSession.member_id) == member_id)
            .where(col(MemberSession.revoked_at).is_(None))
            .values(revoked_at=utcnow())
        )
        if keep_session_id is not None:
            statement = statement.where(col(MemberSession.id) != keep_session_id)
        result = await session.exec(statement)
    return result.rowcount or 0
