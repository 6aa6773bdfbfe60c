"""Staff credentials: invitations, enrolment and a staff member's own password and
authenticator.

Credentials are the staff member's own: an account is made (by staff with `staff.manage`,
or the CLI) with a one-time invitation, whose holder chooses the password (the one password
rule, common list included) and enrols an authenticator on the console's enrolment page;
nobody else sees either. The staff member changes both later with the password and a code.
An admin never sets them: a new invitation empties the old ones and ends every session.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode

from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from app import routes
from app.core import rate_limit
from app.core.cache import get_redis
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import (
    decrypt_secret,
    encrypt_secret,
    hash_password,
    keyed_digest,
    verify_password,
)
from app.services.accounts import totp
from app.services.backoffice import audit
from app.services.backoffice.staff_logins import TOTP_PURPOSE, Staff, revoke_sessions
from app.services.qr import qr_svg_data_uri
from app.services.validation import validate_password
from models import StaffInvitation, StaffMember, StaffSession
from models.base import saved_id

ISSUER = "Back office"
MIN_PASSWORD = 12
INVITATION_TTL = timedelta(hours=48)
_INVITATION_PURPOSE = "staff-invitation"
# A new authenticator secret waits this long (seconds) for its first code.
_PENDING_TTL = 600
# Enrolment tries, per address and per invitation; a staff member's own credential changes.
ENROL_PER_ADDRESS = rate_limit.Limit("staff-enrol-ip", 30, 900, "staff-enrol-throttled")
ENROL_PER_INVITATION = rate_limit.Limit("staff-enrol", 10, 900, "staff-enrol-throttled")
CREDENTIALS_PER_STAFF = rate_limit.Limit("staff-credentials", 10, 900, "staff-enrol-throttled")
# Audit actions of the credentials; each names the actor (its staff_id) and the target
# staff member (`target` their user name, `detail.staff_id` their id).
INVITED = "staff.invite"
ENROLLED = "staff.enrol"
PASSWORD_CHANGED = "staff.password"  # noqa: S105 (an audit action's name)
TOTP_CHANGED = "staff.totp"


@dataclass(frozen=True)
class Enrolment:
    """A new authenticator secret for its own staff member only, shown once: the secret,
    its address and QR code (it counts once its first code is confirmed)."""

    staff_id: int
    username: str
    secret: str
    uri: str
    qr: str


@dataclass(frozen=True)
class Invitation:
    """A one-time enrolment link for `username`, for the issuer to hand over; only its
    digest is stored, and it holds no password or secret."""

    staff_id: int
    username: str
    link: str
    expires_at: datetime


def target_detail(member: StaffMember) -> dict[str, object]:
    """The audit detail naming the staff member an entry is about (actor → target)."""
    return {"staff_id": saved_id(member.id)}


def enrolment_link(token: str) -> str:
    return f"{get_settings().public_base_url}{routes.ADMIN_ENROL}?{urlencode({'token': token})}"


async def invite(
    session: AsyncSession, actor: audit.Actor, member: StaffMember, now: datetime
) -> Invitation:
    """A new one-time invitation for `member`; any older one still open ends (a building
    block inside the caller's write transaction, audited there)."""
    await session.exec(
        update(StaffInvitation)
        .where(col(StaffInvitation.staff_id) == member.id)
        .where(col(StaffInvitation.used_at).is_(None))
        .where(col(StaffInvitation.revoked_at).is_(None))
        .values(revoked_at=now)
    )
    token = secrets.token_urlsafe(32)
    expires_at = now + INVITATION_TTL
    session.add(
        StaffInvitation(
            staff_id=saved_id(member.id),
            token_digest=keyed_digest(token, _INVITATION_PURPOSE),
            created_by=actor.staff_id,
            created_at=now,
            expires_at=expires_at,
        )
    )
    await session.flush()
    await audit.append(
        session,
        actor,
        INVITED,
        now=now,
        merchant_id=member.merchant_id,
        target=member.username,
        detail={**target_detail(member), "expires_at": expires_at.isoformat()},
    )
    return Invitation(saved_id(member.id), member.username, enrolment_link(token), expires_at)


def _check_new_password(password: str, confirmation: str) -> None:
    """The one password rule (app/services/validation.py: length, printable, the common
    list), at staff length, and its confirmation."""
    failure = validate_password(password, min_length=MIN_PASSWORD)
    if failure is not None:
        raise AppError(failure.key, status=422, params=failure.params)
    if confirmation != password:
        raise AppError("val_confirm_password", status=422)


def _pending_key(kind: str, subject: object) -> str:
    return f"staff-totp-pending:{kind}:{subject}"


async def _new_pending_secret(key: str, member: StaffMember) -> Enrolment:
    """A new authenticator secret, held aside (sealed) until its first code confirms it."""
    secret = totp.new_secret()
    await get_redis().set(key, encrypt_secret(secret, TOTP_PURPOSE), ex=_PENDING_TTL)
    uri = totp.enrolment_uri(secret, member.username, ISSUER)
    return Enrolment(saved_id(member.id), member.username, secret, uri, qr_svg_data_uri(uri))


async def _pending_secret(key: str) -> str:
    sealed = await get_redis().get(key)
    if sealed is None:
        raise AppError("staff-totp-setup-expired", status=400)
    return decrypt_secret(sealed, TOTP_PURPOSE)


def _open(invitation: StaffInvitation | None, now: datetime) -> StaffInvitation:
    if (
        invitation is None
        or invitation.used_at is not None
        or invitation.revoked_at is not None
        or invitation.expires_at <= now
    ):
        raise AppError("staff-invitation-invalid", status=400)
    return invitation


async def _invitation(token: str, now: datetime) -> tuple[str, StaffInvitation, StaffMember]:
    digest = keyed_digest(token.strip(), _INVITATION_PURPOSE)
    async with session_scope() as session:
        found = (
            await session.exec(
                select(StaffInvitation).where(StaffInvitation.token_digest == digest)
            )
        ).first()
        invitation = _open(found, now)
        member = await session.get(StaffMember, invitation.staff_id)
    assert member is not None
    return digest, invitation, member


async def begin_enrolment(token: str, now: datetime) -> Enrolment:
    """The enrolment page opened from an invitation: a new authenticator secret for the
    invitee's eyes only (a reload makes another)."""
    digest, _, member = await _invitation(token, now)
    return await _new_pending_secret(_pending_key("invite", digest), member)


async def complete_enrolment(
    token: str, password: str, confirmation: str, code: str, ip: str, now: datetime
) -> str:
    """The invitee's own password and the first code of their authenticator: the account
    can log in, the invitation is used up. Returns the user name."""
    await rate_limit.consume(ENROL_PER_ADDRESS, ip)
    digest = keyed_digest(token.strip(), _INVITATION_PURPOSE)
    await rate_limit.consume(ENROL_PER_INVITATION, digest)
    _check_new_password(password, confirmation)
    _, invitation, member = await _invitation(token, now)
    key = _pending_key("invite", digest)
    secret = await _pending_secret(key)
    if not await totp.code_ok(f"staff-{member.id}-enrol", secret, code):
        raise AppError("staff-code-incorrect", status=400)
    password_hash = await hash_password(password)
    async with write_transaction() as session:
        locked = _open(await session.get(StaffInvitation, invitation.id, with_for_update=True), now)
        stored = await session.get(StaffMember, locked.staff_id, with_for_update=True)
        assert stored is not None
        locked.used_at = now
        session.add(locked)
        stored.password_hash = password_hash
        stored.totp_secret_encrypted = encrypt_secret(secret, TOTP_PURPOSE)
        session.add(stored)
        await revoke_sessions(session, saved_id(stored.id), now)
        await audit.append(
            session,
            audit.Actor(stored.id, stored.username),
            ENROLLED,
            now=now,
            merchant_id=stored.merchant_id,
            target=stored.username,
            detail={**target_detail(stored), "invitation": saved_id(locked.id)},
        )
    await get_redis().delete(key)
    return member.username


async def _confirm_own(staff: Staff, password: str, code: str, action: str, now: datetime) -> None:
    """The logged-in staff member's own password and a code of their authenticator, as one
    counted try; a failure is audited."""
    await rate_limit.consume(CREDENTIALS_PER_STAFF, staff.id)
    async with session_scope() as session:
        member = await session.get(StaffMember, staff.id)
    assert member is not None
    confirmed = await verify_password(member.password_hash, password) and await totp.code_ok(
        f"staff-{member.id}", decrypt_secret(member.totp_secret_encrypted, TOTP_PURPOSE), code
    )
    if confirmed:
        return
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=member.merchant_id,
            target=member.username,
            detail=target_detail(member),
            outcome="failed",
        )
    raise AppError("staff-credentials-incorrect", status=403)


async def _store_own(
    staff: Staff,
    action: str,
    now: datetime,
    password_hash: str | None = None,
    sealed_secret: str | None = None,
) -> None:
    """Write a staff member's new password hash or secret; their other sessions end."""
    async with write_transaction() as session:
        stored = await session.get(StaffMember, staff.id, with_for_update=True)
        assert stored is not None
        if password_hash is not None:
            stored.password_hash = password_hash
        if sealed_secret is not None:
            stored.totp_secret_encrypted = sealed_secret
        session.add(stored)
        await session.exec(
            update(StaffSession)
            .where(col(StaffSession.staff_id) == staff.id)
            .where(col(StaffSession.id) != staff.session_id)
            .where(col(StaffSession.revoked_at).is_(None))
            .values(revoked_at=now)
        )
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=stored.merchant_id,
            target=stored.username,
            detail=target_detail(stored),
        )


async def change_own_password(
    staff: Staff, current: str, new: str, confirmation: str, code: str, now: datetime
) -> None:
    """The logged-in staff member's new password: the current one and a code first; the
    new one follows the one password rule. Their other sessions end."""
    _check_new_password(new, confirmation)
    await _confirm_own(staff, current, code, PASSWORD_CHANGED, now)
    if new == current:
        raise AppError("password-same-as-old", status=400)
    await _store_own(staff, PASSWORD_CHANGED, now, password_hash=await hash_password(new))


async def begin_own_totp(staff: Staff) -> Enrolment:
    """A new authenticator secret for the logged-in staff member, shown to them once; the
    old one works until `change_own_totp` confirms the new."""
    async with session_scope() as session:
        member = await session.get(StaffMember, staff.id)
    assert member is not None
    return await _new_pending_secret(_pending_key("own", staff.id), member)


async def change_own_totp(
    staff: Staff, password: str, code: str, new_code: str, now: datetime
) -> None:
    """Move to the new authenticator: the password and a code of the current one, then a
    first code of the new one. Their other sessions end."""
    key = _pending_key("own", staff.id)
    secret = await _pending_secret(key)
    await _confirm_own(staff, password, code, TOTP_CHANGED, now)
    if not await totp.code_ok(f"staff-{staff.id}-enrol", secret, new_code):
        raise AppError("staff-code-incorrect", status=400)
    await _store_own(staff, TOTP_CHANGED, now, sealed_secret=encrypt_secret(secret, TOTP_PURPOSE))
    await get_redis().delete(key)
