"""Staff accounts and logins: TOTP at every login, sessions bound to the browser, idle and
absolute expiry, revocation; roles and who may grant what."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pyotp
import pytest
from sqlmodel import col, select

from app.core.config import PROJECT_ROOT
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import browser_logins
from app.services.backoffice import staff as staff_service
from app.services.backoffice.permissions import ALL, BUILTIN_ROLES
from models import AuditEntry, StaffMember, StaffRole
from models.base import utcnow
from tests.helpers.backoffice import (
    STAFF_PASSWORD,
    code_at,
    enrol,
    log_in,
    make_staff,
    make_staff_account,
    new_name,
)


async def _code_refused(username: str, password: str, code: str) -> str:
    with pytest.raises(AppError) as refused:
        await staff_service.login(
            username, password, code, browser_logins.new_browser_secret(), "10.1.1.1", utcnow()
        )
    return refused.value.code


async def test_login_needs_password_and_a_fresh_totp_code() -> None:
    username, secret = await make_staff_account("support", "BR1")
    good = pyotp.TOTP(secret).now()
    wrong = f"{(int(good) + 1) % 1_000_000:06d}"
    assert await _code_refused(username, STAFF_PASSWORD, wrong) == "staff-login-failed"
    assert await _code_refused(username, STAFF_PASSWORD, "") == "staff-login-failed"
    assert await _code_refused(username, "not the password", good) == "staff-login-failed"
    assert await _code_refused("nobody-" + username, STAFF_PASSWORD, good) == "staff-login-failed"
    found, browser = await log_in(username, secret)
    assert found.username == username and found.role == "support"
    assert found.permissions == BUILTIN_ROLES["support"]
    # The same code again (a replay within its window) is refused.
    assert await _code_refused(username, STAFF_PASSWORD, good) == "staff-login-failed"
    again = await staff_service.authenticate(browser, utcnow())
    assert again.id == found.id and again.session_id == found.session_id
    async with session_scope() as session:
        failures = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.staff_name == username, AuditEntry.outcome == "failed"
                )
            )
        ).all()
    assert len(failures) == 4  # wrong code, no code, wrong password, replayed code


async def test_a_session_belongs_to_its_browser_and_expires() -> None:
    username, secret = await make_staff_account("support", "BR1")
    found, browser = await log_in(username, secret)
    now = utcnow()
    with pytest.raises(AppError) as other:
        await staff_service.authenticate(browser_logins.new_browser_secret(), now)
    assert other.value.code == "staff-not-logged-in"
    with pytest.raises(AppError):
        await staff_service.authenticate(None, now)
    # Idle: nothing for longer than STAFF_IDLE.
    with pytest.raises(AppError):
        await staff_service.authenticate(browser, now + staff_service.STAFF_IDLE)
    # Active all along, the absolute limit still ends it.
    at = now
    while at < now + staff_service.STAFF_ABSOLUTE - timedelta(minutes=10):
        at += timedelta(minutes=10)
        await staff_service.authenticate(browser, at)
    with pytest.raises(AppError):
        await staff_service.authenticate(browser, now + staff_service.STAFF_ABSOLUTE)
    # Logout ends it at once.
    found, browser = await log_in(username, secret, step=1)
    await staff_service.logout(browser, utcnow())
    with pytest.raises(AppError):
        await staff_service.authenticate(browser, utcnow())
    assert found.username == username


async def test_locking_a_staff_member_ends_their_sessions() -> None:
    admin = await make_staff("admin", None)
    username, secret = await make_staff_account("support", "BR1")
    target, browser = await log_in(username, secret)
    await staff_service.set_locked(admin, target.id, True, utcnow())
    with pytest.raises(AppError):
        await staff_service.authenticate(browser, utcnow())
    code = code_at(secret, 1)
    assert await _code_refused(username, STAFF_PASSWORD, code) == "staff-login-failed"
    with pytest.raises(AppError) as own:
        await staff_service.set_locked(admin, admin.id, True, utcnow())
    assert own.value.code == "staff-self-lock"
    await staff_service.set_locked(admin, target.id, False, utcnow())


async def test_the_first_admin_is_made_once_with_an_invitation() -> None:
    async with session_scope() as session:
        exists = (await session.exec(select(StaffMember.id))).first() is not None
    if exists:
        with pytest.raises(AppError) as refused:
            await staff_service.create_first_admin(new_name(), utcnow())
        assert refused.value.code == "staff-admin-exists"
        return
    invitation = await staff_service.create_first_admin("root-admin", utcnow())
    secret = await enrol(invitation)
    found, _ = await log_in(invitation.username, secret)
    assert found.merchant_id is None and found.permissions == ALL


async def test_roles_grant_only_what_their_creator_holds() -> None:
    admin = await make_staff("admin", None)
    name = new_name("desk")
    role = await staff_service.create_role(admin, name, ["players.view", "players.lock"], utcnow())
    assert role.permissions == ("players.lock", "players.view") and not role.builtin
    for bad_name, permissions, code in [
        (name, ["players.view"], "staff-role-exists"),
        ("x", ["players.view"], "staff-role-name-invalid"),
        (new_name("r"), [], "staff-role-permissions-invalid"),
        (new_name("r"), ["players.view", "no.such"], "staff-role-permissions-invalid"),
    ]:
        with pytest.raises(AppError) as refused:
            await staff_service.create_role(admin, bad_name, permissions, utcnow())
        assert refused.value.code == code
    # A staff manager of one brand cannot hand out what they do not hold.
    manager_role = await staff_service.create_role(
        admin, new_name("mgr"), ["staff.manage", "staff.view", "roles.manage", "players.view"],
        utcnow(),
    )  # fmt: skip
    manager = await make_staff(manager_role.name, "BR1")
    with pytest.raises(AppError) as escalation:
        await staff_service.create_role(manager, new_name("r"), ["payments.pay"], utcnow())
    assert escalation.value.code == "staff-role-permissions-invalid"
    with pytest.raises(AppError) as admin_role:
        await staff_service.create_staff(manager, new_name(), "admin", "BR1", utcnow())
    assert admin_role.value.code == "staff-role-permissions-invalid"
    with pytest.raises(AppError) as other_brand:
        await staff_service.create_staff(manager, new_name(), manager_role.name, "BR2", utcnow())
    assert other_brand.value.code == "staff-forbidden"
    made = await staff_service.create_staff(manager, new_name(), manager_role.name, "BR1", utcnow())
    found, _ = await log_in(made.username, await enrol(made))
    assert found.merchant_id == manager.merchant_id
    listed = await staff_service.staff_list(manager, utcnow())
    assert {s.merchant_code for s in listed} == {"BR1"}
    # Nor can they reset (and so take over) an account whose role they do not hold.
    admin_name, _ = await make_staff_account("admin", "BR1")
    async with session_scope() as session:
        admin_id = (
            await session.exec(select(StaffMember.id).where(StaffMember.username == admin_name))
        ).one()
    assert admin_id is not None
    with pytest.raises(AppError) as takeover:
        await staff_service.reinvite(manager, admin_id, utcnow())
    assert takeover.value.code == "staff-role-permissions-invalid"


async def test_login_is_rate_limited_per_account() -> None:
    username, secret = await make_staff_account("support", "BR1")
    codes = []
    for _ in range(staff_service.LOGIN_PER_ACCOUNT.limit):
        codes.append(await _code_refused(username, "wrong password!", "000000"))
    assert set(codes) == {"staff-login-failed"}
    code = pyotp.TOTP(secret).now()
    assert await _code_refused(username, STAFF_PASSWORD, code) == "staff-login-throttled"
    async with write_transaction() as session:
        count = (
            await session.exec(select(AuditEntry).where(col(AuditEntry.staff_name) == username))
        ).all()
    assert len(count) == staff_service.LOGIN_PER_ACCOUNT.limit


async def test_a_built_in_role_gains_the_permissions_a_release_adds_to_it() -> None:
    async with write_transaction() as session:
        await staff_service.ensure_roles(session)
        role = (await session.exec(select(StaffRole).where(StaffRole.name == "marketing"))).one()
        role.permissions = ["dashboard.view"]  # as a database from an earlier release holds it
        session.add(role)
    # The deploy step, in its own process as an operator runs it.
    subprocess.run(
        [sys.executable, "-m", "app.cli", "migrate"],
        cwd=PROJECT_ROOT, env=os.environ.copy(), check=True, capture_output=True,
    )  # fmt: skip
    async with session_scope() as session:
        role = (await session.exec(select(StaffRole).where(StaffRole.name == "marketing"))).one()
    assert set(role.permissions) == BUILTIN_ROLES["marketing"]
    assert {"promotions.view", "promotions.manage"} <= set(role.permissions)
