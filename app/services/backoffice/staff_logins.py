"""Console logins: the staff member behind a session (`Staff`), login, the session's checks on
every request, logout.

Every login asks for the password and a TOTP code; a session is bound to the browser that
logged in (the digest of its HttpOnly cookie's secret, app/services/browser_logins.py), ends
after STAFF_IDLE of inactivity or STAFF_ABSOLUTE after the login, and is revoked by logout, by
a lock of the account, by a new invitation and by a new login from the same browser. A login
binds its session to a fresh browser secret (the browser fetches it), never to the one the
browser came with; failed logins lock unknown browsers only, and the owner is shown the
account's failures since their previous login.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import col, func, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import metrics, rate_limit
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, verify_password
from app.services import browser_logins
from app.services.accounts import totp
from app.services.backoffice import audit
from app.services.backoffice.permissions import ALL_BRANDS_ONLY, effective
from models import AuditEntry, StaffMember, StaffRole, StaffSession
from models.backoffice import STAFF_ACTIVE
from models.base import saved_id

STAFF_IDLE = timedelta(minutes=15)
STAFF_ABSOLUTE = timedelta(hours=8)
_TOUCH_EVERY = timedelta(seconds=30)
TOTP_PURPOSE = "staff-totp"
# Staff login tries, counted before the check: per address and per account name.
LOGIN_PER_ADDRESS = rate_limit.Limit("staff-login-ip", 30, 900, "staff-login-throttled")
# Counted for browsers the account never logged in from only (a stranger's tries never lock
# the owner's browser); a known browser has its own counter (LOGIN_PER_DEVICE).
LOGIN_PER_ACCOUNT = rate_limit.Limit("staff-login-user", 10, 900, "staff-login-throttled")
LOGIN_PER_DEVICE = rate_limit.Limit("staff-login-device", 10, 900, "staff-login-throttled")
NOTICE_SECONDS = int(STAFF_ABSOLUTE.total_seconds())


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

    @property
    def usable(self) -> frozenset[str]:
        """The permissions this staff member can use: a brand's staff cannot use those over
        what every brand shares (`staff.allowed` refuses them), so pages do not offer them."""
        if self.merchant_id is None:
            return self.permissions
        return self.permissions - ALL_BRANDS_ONLY


async def revoke_sessions(session: AsyncSession, staff_id: int, now: datetime) -> None:
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
    """Password and TOTP code, both always; a new session bound to a fresh browser secret.
    Every refusal is counted for the operator's dashboards (a burst is an attack)."""
    try:
        return await _login(username, password, code, browser_secret, ip, now)
    except AppError as refused:
        metrics.STAFF_LOGIN_FAILURES.labels(reason=refused.code).inc()
        raise


async def _login(
    username: str, password: str, code: str, browser_secret: str | None, ip: str, now: datetime
) -> StaffLogin:
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
