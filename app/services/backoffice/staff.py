"""Staff accounts, roles and staff logins, and the one permission check of the console.

A staff member is not a member: their own table, their own sessions. Every login asks for the
password and a TOTP code; a session is bound to the browser that logged in (the digest of
its HttpOnly cookie's secret, app/services/browser_logins.py), ends after STAFF_IDLE of
inactivity or STAFF_ABSOLUTE after the login, and is revoked by logout, by a lock of the
account, by a new invitation and by a new login from the same browser. A login binds its
session to a fresh browser secret (the browser fetches it), never to the one the browser came
with; failed logins lock unknown browsers only, and the owner is shown the account's failures
since their previous login.

Credentials are the staff member's own: an account is made (by staff with `staff.manage`,
or the CLI) with a one-time invitation, whose holder chooses the password (the one password
rule, common list included) and enrols an authenticator on the console's enrolment page;
nobody else sees either. The staff member changes both later with the password and a code.
An admin never sets them: a new invitation empties the old ones and ends every session.

Every console use case starts with `require(staff, permission, merchant_id)`: the
permission must be in the staff member's role and the brand must be theirs (staff of every
brand have `merchant_id` None). A refusal is itself written to the audit log.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode

from sqlmodel import col, func, select, update
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
from app.services import browser_logins
from app.services.accounts import totp
from app.services.backoffice import audit
from app.services.backoffice.permissions import ADMIN_ROLE, BUILTIN_ROLES, effective
from app.services.qr import qr_svg_data_uri
from app.services.validation import validate_password
from models import AuditEntry, Merchant, StaffInvitation, StaffMember, StaffRole, StaffSession
from models.backoffice import STAFF_ACTIVE, STAFF_LOCKED
from models.base import saved_id

STAFF_IDLE = timedelta(minutes=15)
STAFF_ABSOLUTE = timedelta(hours=8)
_TOUCH_EVERY = timedelta(seconds=30)
TOTP_PURPOSE = "staff-totp"
ISSUER = "Back office"
MIN_PASSWORD = 12
INVITATION_TTL = timedelta(hours=48)
_INVITATION_PURPOSE = "staff-invitation"
# A new authenticator secret waits this long (seconds) for its first code.
_PENDING_TTL = 600
# Staff login tries, counted before the check: per address and per account name.
LOGIN_PER_ADDRESS = rate_limit.Limit("staff-login-ip", 30, 900, "staff-login-throttled")
# Counted for browsers the account never logged in from only (a stranger's tries never lock
# the owner's browser); a known browser has its own counter (LOGIN_PER_DEVICE).
LOGIN_PER_ACCOUNT = rate_limit.Limit("staff-login-user", 10, 900, "staff-login-throttled")
LOGIN_PER_DEVICE = rate_limit.Limit("staff-login-device", 10, 900, "staff-login-throttled")
NOTICE_SECONDS = int(STAFF_ABSOLUTE.total_seconds())
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
class Staff:
    """The staff member behind a live console session: who, which brand, what they may do."""

    id: int
    username: str
    merchant_id: int | None
    role: str
    permissions: frozenset[str]
    session_id: int

    @property
    def actor(self) -> audit.Actor:
        return audit.Actor(self.id, self.username)

    def may(self, permission: str) -> bool:
        return permission in self.permissions


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


@dataclass(frozen=True)
class StaffView:
    id: int
    username: str
    merchant_code: str
    role: str
    status: str
    last_login_at: datetime | None
    enrolled: bool  # False: invited, no password or authenticator of their own yet


@dataclass(frozen=True)
class RoleView:
    id: int
    name: str
    permissions: tuple[str, ...]
    builtin: bool


# --- the check --------------------------------------------------------------------------


def allowed(staff: Staff, permission: str, merchant_id: int | None) -> bool:
    """The permission is in the role and the brand is the staff member's (or they have all;
    `merchant_id` None asks for every brand, which only all-brand staff have)."""
    if not staff.may(permission):
        return False
    return staff.merchant_id is None or staff.merchant_id == merchant_id


async def require(staff: Staff, permission: str, merchant_id: int | None, now: datetime) -> None:
    """Refuse (403, audited) unless `allowed`. Call it before opening the use case's
    transaction."""
    if allowed(staff, permission, merchant_id):
        return
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            "denied",
            now=now,
            merchant_id=merchant_id,
            target=permission,
            outcome="denied",
        )
    raise AppError("staff-forbidden", status=403)


# --- roles ------------------------------------------------------------------------------


async def ensure_roles(session: AsyncSession) -> None:
    """The seeded roles, made once and kept to their definition (no one edits a built-in
    role, so a permission added to one in a release reaches it; a building block: the
    caller commits)."""
    stored = {role.name: role for role in (await session.exec(select(StaffRole))).all()}
    for name, permissions in BUILTIN_ROLES.items():
        role = stored.get(name)
        if role is None:
            session.add(StaffRole(name=name, permissions=sorted(permissions), builtin=True))
        elif role.builtin and sorted(role.permissions) != sorted(permissions):
            role.permissions = sorted(permissions)
            session.add(role)
    await session.flush()


async def sync_builtin_roles() -> None:
    """The deploy step after a migration: the built-in roles as this release defines them
    (before any staff member signs in with a role an earlier release stored)."""
    async with write_transaction() as session:
        await ensure_roles(session)


def _role_view(role: StaffRole) -> RoleView:
    return RoleView(
        id=saved_id(role.id),
        name=role.name,
        permissions=tuple(sorted(effective(role.name, role.permissions))),
        builtin=role.builtin,
    )


async def roles() -> list[RoleView]:
    async with session_scope() as session:
        rows = (await session.exec(select(StaffRole).order_by(col(StaffRole.name)))).all()
    return [_role_view(r) for r in rows]


def _clean_name(name: str, code: str) -> str:
    cleaned = name.strip().lower()
    if not (3 <= len(cleaned) <= 40) or not all(c.isalnum() or c in "-_." for c in cleaned):
        raise AppError(code, status=422)
    return cleaned


async def create_role(staff: Staff, name: str, permissions: list[str], now: datetime) -> RoleView:
    """A new role; nobody grants a permission they do not hold themselves."""
    await require(staff, "roles.manage", staff.merchant_id, now)
    cleaned = _clean_name(name, "staff-role-name-invalid")
    wanted = frozenset(permissions)
    if not wanted or not wanted <= staff.permissions:
        raise AppError("staff-role-permissions-invalid", status=422)
    async with write_transaction() as session:
        if (await session.exec(select(StaffRole).where(StaffRole.name == cleaned))).first():
            raise AppError("staff-role-exists", status=409)
        role = StaffRole(name=cleaned, permissions=sorted(wanted))
        session.add(role)
        await session.flush()
        await audit.append(
            session,
            staff.actor,
            "role.create",
            now=now,
            merchant_id=staff.merchant_id,
            target=cleaned,
            detail={"permissions": sorted(wanted)},
        )
        return _role_view(role)


# --- staff accounts ---------------------------------------------------------------------

CLI = audit.Actor(None, "cli")


async def _merchant_id(session: AsyncSession, code: str | None) -> int | None:
    if not code:
        return None
    merchant = (
        await session.exec(select(Merchant).where(Merchant.code == code.strip().upper()))
    ).first()
    if merchant is None:
        raise AppError("staff-brand-unknown", status=422)
    return saved_id(merchant.id)


def _target(member: StaffMember) -> dict[str, object]:
    """The audit detail naming the staff member an entry is about (actor → target)."""
    return {"staff_id": saved_id(member.id)}


def enrolment_link(token: str) -> str:
    return f"{get_settings().public_base_url}{routes.ADMIN_ENROL}?{urlencode({'token': token})}"


async def _invite(
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
        detail={**_target(member), "expires_at": expires_at.isoformat()},
    )
    return Invitation(saved_id(member.id), member.username, enrolment_link(token), expires_at)


async def _new_staff(
    session: AsyncSession,
    actor: audit.Actor,
    username: str,
    role: StaffRole,
    merchant_id: int | None,
    now: datetime,
) -> Invitation:
    """An account without credentials (no login) and its invitation."""
    cleaned = _clean_name(username, "staff-username-invalid")
    if (await session.exec(select(StaffMember).where(StaffMember.username == cleaned))).first():
        raise AppError("staff-username-taken", status=409)
    member = StaffMember(
        username=cleaned,
        password_hash="",
        merchant_id=merchant_id,
        role_id=saved_id(role.id),
        totp_secret_encrypted="",
        created_at=now,
    )
    session.add(member)
    await session.flush()
    await audit.append(
        session,
        actor,
        "staff.create",
        now=now,
        merchant_id=merchant_id,
        target=cleaned,
        detail={**_target(member), "role": role.name},
    )
    return await _invite(session, actor, member, now)


async def create_first_admin(username: str, now: datetime) -> Invitation:
    """The CLI's first admin (every brand, the admin role), by invitation; refused once
    staff exist."""
    async with write_transaction() as session:
        await ensure_roles(session)
        if (await session.exec(select(StaffMember.id))).first() is not None:
            raise AppError("staff-admin-exists", status=409)
        role = (await session.exec(select(StaffRole).where(StaffRole.name == ADMIN_ROLE))).one()
        return await _new_staff(session, CLI, username, role, None, now)


async def create_staff(
    staff: Staff,
    username: str,
    role_name: str,
    merchant_code: str | None,
    now: datetime,
) -> Invitation:
    """A new staff member of a brand (or of all brands, by all-brand staff only), with a role
    whose permissions the creator holds; they enrol themselves from the invitation."""
    async with session_scope() as session:
        merchant_id = await _merchant_id(session, merchant_code)
    await require(staff, "staff.manage", merchant_id, now)
    async with write_transaction() as session:
        await ensure_roles(session)
        role = (await session.exec(select(StaffRole).where(StaffRole.name == role_name))).first()
        if role is None:
            raise AppError("staff-role-unknown", status=422)
        if not effective(role.name, role.permissions) <= staff.permissions:
            raise AppError("staff-role-permissions-invalid", status=422)
        return await _new_staff(session, staff.actor, username, role, merchant_id, now)


async def _reset(
    session: AsyncSession, actor: audit.Actor, staff_id: int, now: datetime
) -> Invitation:
    """The staff member's password and authenticator are emptied, every session ends, and a
    new invitation (the only way back in) replaces any older one."""
    stored = await session.get(StaffMember, staff_id, with_for_update=True)
    if stored is None:
        raise AppError("staff-unknown", status=404)
    stored.password_hash = ""
    stored.totp_secret_encrypted = ""
    session.add(stored)
    await _revoke(session, staff_id, now)
    await audit.append(
        session,
        actor,
        "staff.reset",
        now=now,
        merchant_id=stored.merchant_id,
        target=stored.username,
        detail=_target(stored),
    )
    return await _invite(session, actor, stored, now)


async def reinvite(staff: Staff, staff_id: int, now: datetime) -> Invitation:
    """Revoke another staff member's credentials and issue them a new invitation; only for
    a role whose permissions the issuer holds (the issuer never learns the new ones)."""
    async with session_scope() as session:
        target = await session.get(StaffMember, staff_id)
        role = await session.get(StaffRole, target.role_id) if target is not None else None
    if target is None or role is None:
        raise AppError("staff-unknown", status=404)
    await require(staff, "staff.manage", target.merchant_id, now)
    if staff_id == staff.id:
        raise AppError("staff-self-reset", status=409)
    if not effective(role.name, role.permissions) <= staff.permissions:
        raise AppError("staff-role-permissions-invalid", status=422)
    async with write_transaction() as session:
        return await _reset(session, staff.actor, staff_id, now)


async def reinvite_by_name(username: str, now: datetime) -> Invitation:
    """The CLI's way back in for a staff member (e.g. the first admin's invitation expired):
    the same reset, by the operator of the server."""
    name = username.strip().lower()
    async with write_transaction() as session:
        member = (
            await session.exec(select(StaffMember).where(StaffMember.username == name))
        ).first()
        if member is None:
            raise AppError("staff-unknown", status=404)
        return await _reset(session, CLI, saved_id(member.id), now)


async def staff_list(staff: Staff, now: datetime) -> list[StaffView]:
    await require(staff, "staff.view", staff.merchant_id, now)
    filters = [] if staff.merchant_id is None else [StaffMember.merchant_id == staff.merchant_id]
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(StaffMember, StaffRole, Merchant)
                .join(StaffRole, col(StaffRole.id) == StaffMember.role_id)
                .outerjoin(Merchant, col(Merchant.id) == StaffMember.merchant_id)
                .where(*filters)
                .order_by(col(StaffMember.username))
            )
        ).all()
    return [
        StaffView(
            id=saved_id(m.id),
            username=m.username,
            merchant_code=brand.code if brand is not None else "*",
            role=role.name,
            status=m.status,
            last_login_at=m.last_login_at,
            enrolled=bool(m.password_hash),
        )
        for m, role, brand in rows
    ]


async def set_locked(staff: Staff, staff_id: int, locked: bool, now: datetime) -> None:
    """Lock (every session ends) or unlock another staff member."""
    async with session_scope() as session:
        target = await session.get(StaffMember, staff_id)
    if target is None:
        raise AppError("staff-unknown", status=404)
    await require(staff, "staff.manage", target.merchant_id, now)
    if staff_id == staff.id:
        raise AppError("staff-self-lock", status=409)
    async with write_transaction() as session:
        stored = await session.get(StaffMember, staff_id, with_for_update=True)
        assert stored is not None
        stored.status = STAFF_LOCKED if locked else STAFF_ACTIVE
        session.add(stored)
        if locked:
            await _revoke(session, staff_id, now)
        await audit.append(
            session,
            staff.actor,
            "staff.lock" if locked else "staff.unlock",
            now=now,
            merchant_id=target.merchant_id,
            target=target.username,
            detail=_target(stored),
        )


# --- logins -----------------------------------------------------------------------------


async def _revoke(session: AsyncSession, staff_id: int, now: datetime) -> None:
    await session.exec(
        update(StaffSession)
        .where(col(StaffSession.staff_id) == staff_id)
        .where(col(StaffSession.revoked_at).is_(None))
        .values(revoked_at=now)
    )


async def _staff(session: AsyncSession, member: StaffMember, session_id: int) -> Staff:
    role = await session.get(StaffRole, member.role_id)
    assert role is not None
    return Staff(
        id=saved_id(member.id),
        username=member.username,
        merchant_id=member.merchant_id,
        role=role.name,
        permissions=effective(role.name, role.permissions),
        session_id=session_id,
    )


@dataclass(frozen=True)
class StaffLogin:
    """A console login: the staff member, the browser's fresh secret (the one it came with is
    never kept: app/services/browser_logins.py) and the failed logins of the account since
    its previous login, for the owner to see."""

    staff: Staff
    browser_secret: str
    failed_since_last: int


async def _known_browser(member: StaffMember | None, browser: str) -> bool:
    """Whether this staff member logged in from this browser before."""
    if member is None:
        return False
    async with session_scope() as session:
        found = (
            await session.exec(
                select(StaffSession.id)
                .where(StaffSession.staff_id == member.id)
                .where(StaffSession.browser_digest == browser)
            )
        ).first()
    return found is not None


async def _count_try(member: StaffMember | None, name: str, browser: str, ip: str) -> None:
    """Count the try first. A browser the account logged in from has its own counter; from
    any other, the address and the account are counted, so a stranger's failures from any
    number of addresses lock unknown browsers only, never the owner's."""
    if await _known_browser(member, browser):
        await rate_limit.consume(LOGIN_PER_DEVICE, name, browser)
        return
    await rate_limit.consume(LOGIN_PER_ADDRESS, ip)
    await rate_limit.consume(LOGIN_PER_ACCOUNT, name)


async def _failures_since(session: AsyncSession, name: str, since: datetime | None) -> int:
    statement = (
        select(func.count())
        .select_from(AuditEntry)
        .where(AuditEntry.action == "staff.login")
        .where(AuditEntry.outcome == "failed")
        .where(AuditEntry.staff_name == name)
    )
    if since is not None:
        statement = statement.where(col(AuditEntry.at) > since)
    return int((await session.exec(statement)).one())


async def login(
    username: str, password: str, code: str, browser_secret: str | None, ip: str, now: datetime
) -> StaffLogin:
    """Password and TOTP code, both always; a new session bound to a fresh browser secret."""
    browser = browser_logins.browser_digest(browser_secret)
    if not browser:
        raise AppError("browser-cookie-required", status=400)
    name = username.strip().lower()[:64]
    async with session_scope() as session:
        member = (
            await session.exec(select(StaffMember).where(StaffMember.username == name))
        ).first()
    await _count_try(member, name, browser, ip)
    password_ok = await verify_password(member.password_hash if member else None, password)
    code_ok = False
    if member is not None and password_ok:
        secret = decrypt_secret(member.totp_secret_encrypted, TOTP_PURPOSE)
        code_ok = await totp.code_ok(f"staff-{member.id}", secret, code)
    if member is None or not password_ok or not code_ok or member.status != STAFF_ACTIVE:
        async with write_transaction() as session:
            await audit.append(
                session,
                audit.Actor(member.id if member else None, name),
                "staff.login",
                now=now,
                merchant_id=member.merchant_id if member else None,
                target=ip[:64],
                outcome="failed",
            )
        raise AppError("staff-login-failed", status=401)
    fresh = browser_logins.new_browser_secret()
    async with write_transaction() as session:
        stored = await session.get(StaffMember, member.id)
        assert stored is not None
        failed = await _failures_since(session, name, stored.last_login_at)
        # One console login per browser: an older one of this browser ends.
        await session.exec(
            update(StaffSession)
            .where(col(StaffSession.browser_digest) == browser)
            .where(col(StaffSession.revoked_at).is_(None))
            .values(revoked_at=now)
        )
        login_row = StaffSession(
            staff_id=saved_id(stored.id),
            browser_digest=browser_logins.browser_digest(fresh),
            created_at=now,
            last_seen_at=now,
            expires_at=now + STAFF_ABSOLUTE,
            ip=ip[:64],
        )
        session.add(login_row)
        stored.last_login_at = now
        session.add(stored)
        await session.flush()
        await audit.append(
            session,
            audit.Actor(stored.id, stored.username),
            "staff.login",
            now=now,
            merchant_id=stored.merchant_id,
            target=ip[:64],
            detail={"failed_since_last": failed} if failed else None,
        )
        found = await _staff(session, stored, saved_id(login_row.id))
    await get_redis().set(_notice_key(found.session_id), str(failed), ex=NOTICE_SECONDS)
    await browser_logins.remember_rotation(browser_secret, fresh)
    return StaffLogin(found, fresh, failed)


def _notice_key(session_id: int) -> str:
    return f"staff-login-notice:{session_id}"


async def failed_logins_notice(session_id: int) -> int:
    """The failed logins of the account before the login of this console session (shown to
    its owner on the dashboard)."""
    stored = await get_redis().get(_notice_key(session_id))
    return int(stored) if stored else 0


async def authenticate(browser_secret: str | None, now: datetime) -> Staff:
    """The staff member logged in on this browser; staff-not-logged-in (401) otherwise."""
    browser = browser_logins.browser_digest(browser_secret)
    if not browser:
        raise AppError("staff-not-logged-in", status=401)
    async with session_scope() as session:
        row = (
            await session.exec(
                select(StaffSession, StaffMember)
                .join(StaffMember, col(StaffMember.id) == StaffSession.staff_id)
                .where(StaffSession.browser_digest == browser)
                .where(col(StaffSession.revoked_at).is_(None))
                .order_by(col(StaffSession.id).desc())
            )
        ).first()
        if row is None:
            raise AppError("staff-not-logged-in", status=401)
        login_row, member = row
        if (
            login_row.expires_at <= now
            or login_row.last_seen_at + STAFF_IDLE <= now
            or member.status != STAFF_ACTIVE
        ):
            raise AppError("staff-not-logged-in", status=401)
        found = await _staff(session, member, saved_id(login_row.id))
    if now - login_row.last_seen_at > _TOUCH_EVERY:
        async with write_transaction() as session:
            await session.exec(
                update(StaffSession)
                .where(col(StaffSession.id) == login_row.id)
                .values(last_seen_at=now)
            )
    return found


async def logout(browser_secret: str | None, now: datetime) -> None:
    """This browser's console session ends."""
    browser = browser_logins.browser_digest(browser_secret)
    if not browser:
        return
    async with write_transaction() as session:
        await session.exec(
            update(StaffSession)
            .where(col(StaffSession.browser_digest) == browser)
            .where(col(StaffSession.revoked_at).is_(None))
            .values(revoked_at=now)
        )


# --- enrolment and own credentials ------------------------------------------------------


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
        await _revoke(session, saved_id(stored.id), now)
        await audit.append(
            session,
            audit.Actor(stored.id, stored.username),
            ENROLLED,
            now=now,
            merchant_id=stored.merchant_id,
            target=stored.username,
            detail={**_target(stored), "invitation": saved_id(locked.id)},
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
            detail=_target(member),
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
            detail=_target(stored),
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
