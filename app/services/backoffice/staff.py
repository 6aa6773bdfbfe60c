"""Staff accounts and roles, and the one permission check of the console; the public face of
the staff capability (logins in staff_logins.py, invitations, enrolment and own credentials
in staff_credentials.py: their public names are importable from here).

A staff member is not a member: their own table, their own sessions, their own credentials
(an account is made with a one-time invitation, and only its holder chooses the password and
enrols an authenticator).

Every console use case starts with `require(staff, permission, merchant_id)`: the
permission must be in the staff member's role and the brand must be theirs (staff of every
brand have `merchant_id` None). A refusal is itself written to the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.permissions import ADMIN_ROLE, BUILTIN_ROLES, effective
from app.services.backoffice.staff_credentials import (
    CREDENTIALS_PER_STAFF,
    ENROL_PER_ADDRESS,
    ENROL_PER_INVITATION,
    ENROLLED,
    INVITATION_TTL,
    INVITED,
    ISSUER,
    MIN_PASSWORD,
    PASSWORD_CHANGED,
    TOTP_CHANGED,
    Enrolment,
    Invitation,
    begin_enrolment,
    begin_own_totp,
    change_own_password,
    change_own_totp,
    complete_enrolment,
    enrolment_link,
    invite,
    target_detail,
)
from app.services.backoffice.staff_logins import (
    LOGIN_PER_ACCOUNT,
    LOGIN_PER_ADDRESS,
    LOGIN_PER_DEVICE,
    NOTICE_SECONDS,
    STAFF_ABSOLUTE,
    STAFF_IDLE,
    TOTP_PURPOSE,
    Staff,
    StaffLogin,
    authenticate,
    failed_logins_notice,
    login,
    logout,
    revoke_sessions,
)
from models import Merchant, StaffMember, StaffRole
from models.backoffice import STAFF_ACTIVE, STAFF_LOCKED
from models.base import saved_id

__all__ = [
    "CLI",
    "CREDENTIALS_PER_STAFF",
    "ENROLLED",
    "ENROL_PER_ADDRESS",
    "ENROL_PER_INVITATION",
    "INVITATION_TTL",
    "INVITED",
    "ISSUER",
    "LOGIN_PER_ACCOUNT",
    "LOGIN_PER_ADDRESS",
    "LOGIN_PER_DEVICE",
    "MIN_PASSWORD",
    "NOTICE_SECONDS",
    "PASSWORD_CHANGED",
    "STAFF_ABSOLUTE",
    "STAFF_IDLE",
    "TOTP_CHANGED",
    "TOTP_PURPOSE",
    "Enrolment",
    "Invitation",
    "RoleView",
    "Staff",
    "StaffLogin",
    "StaffView",
    "allowed",
    "authenticate",
    "begin_enrolment",
    "begin_own_totp",
    "change_own_password",
    "change_own_totp",
    "complete_enrolment",
    "create_first_admin",
    "create_role",
    "create_staff",
    "enrolment_link",
    "ensure_roles",
    "failed_logins_notice",
    "login",
    "logout",
    "reinvite",
    "reinvite_by_name",
    "require",
    "roles",
    "set_locked",
    "staff_list",
    "sync_builtin_roles",
]


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
        detail={**target_detail(member), "role": role.name},
    )
    return await invite(session, actor, member, now)


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
    await revoke_sessions(session, staff_id, now)
    await audit.append(
        session,
        actor,
        "staff.reset",
        now=now,
        merchant_id=stored.merchant_id,
        target=stored.username,
        detail=target_detail(stored),
    )
    return await invite(session, actor, stored, now)


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
            await revoke_sessions(session, staff_id, now)
        await audit.append(
            session,
            staff.actor,
            "staff.lock" if locked else "staff.unlock",
            now=now,
            merchant_id=target.merchant_id,
            target=target.username,
            detail=target_detail(stored),
        )
