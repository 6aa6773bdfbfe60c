"""Staff credentials are their own: an account comes with a one-time invitation (single use,
48 hours, stored as a digest) whose holder chooses the password (the common-password list
applies) and enrols the authenticator; nobody else sees either, not in the admin's views,
the audit log or the CLI. Staff change both themselves; an admin only issues a new
invitation, which ends the old credentials."""

from __future__ import annotations

import dataclasses
import json
from datetime import timedelta

import pytest
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import browser_logins
from app.services.backoffice import logbook
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Invitation, Staff
from models import AuditEntry, StaffInvitation, StaffMember
from models.base import utcnow
from tests.helpers.backoffice import (
    STAFF_PASSWORD,
    code_at,
    enrol,
    invitation_token,
    log_in,
    make_staff,
    make_staff_account,
    new_name,
    next_time_step,
)

COMMON = "1234567890qwerty"  # on the common-password list, and 16 characters long
NEW_PASSWORD = "a new long passphrase"


async def _login(username: str, password: str, code: str) -> Staff:
    logged = await staff_service.login(
        username, password, code, browser_logins.new_browser_secret(), "10.7.7.7", utcnow()
    )
    return logged.staff


async def _refused(call: object) -> str:
    with pytest.raises(AppError) as refused:
        await call  # type: ignore[misc]
    return refused.value.code


async def _entries(staff_id: int) -> list[AuditEntry]:
    """The audit entries about one staff member (actor → target)."""
    async with session_scope() as session:
        rows = (
            await session.exec(select(AuditEntry).order_by(col(AuditEntry.seq).desc()).limit(400))
        ).all()
    return [e for e in rows if json.loads(e.detail).get("staff_id") == staff_id]


async def _new_support(admin: Staff) -> Invitation:
    return await staff_service.create_staff(admin, new_name(), "support", "BR1", utcnow())


async def test_an_invitation_enrols_once_and_holds_no_credential() -> None:
    admin = await make_staff("admin", None)
    invitation = await _new_support(admin)
    assert {f.name for f in dataclasses.fields(invitation)} == {
        "staff_id", "username", "link", "expires_at",
    }  # fmt: skip
    token = invitation_token(invitation)
    assert len(token) >= 43  # 256 random bits
    assert invitation.expires_at - utcnow() > timedelta(hours=47)
    async with session_scope() as session:
        stored = (
            await session.exec(
                select(StaffInvitation).where(StaffInvitation.staff_id == invitation.staff_id)
            )
        ).one()
    assert stored.token_digest != token and token not in stored.token_digest
    # Before enrolment the account has no password that logs in.
    assert await _refused(_login(invitation.username, "", "000000")) == "staff-login-failed"

    shown = await staff_service.begin_enrolment(token, utcnow())
    assert shown.username == invitation.username and shown.secret in shown.uri
    username = await staff_service.complete_enrolment(
        token, NEW_PASSWORD, NEW_PASSWORD, code_at(shown.secret), "10.7.1.1", utcnow()
    )
    assert username == invitation.username
    found = await _login(username, NEW_PASSWORD, code_at(shown.secret))
    assert found.id == invitation.staff_id

    # Single use: the link is spent.
    assert await _refused(staff_service.begin_enrolment(token, utcnow())) == (
        "staff-invitation-invalid"
    )
    again = staff_service.complete_enrolment(
        token, NEW_PASSWORD, NEW_PASSWORD, code_at(shown.secret, 1), "10.7.1.1", utcnow()
    )
    assert await _refused(again) == "staff-invitation-invalid"

    # The admin's views and the audit log hold neither the password, the secret nor the
    # token; the invitation the admin got (the link to hand over) none of the credentials.
    listed = [s for s in await staff_service.staff_list(admin, utcnow()) if s.id == found.id]
    assert listed and listed[0].enrolled
    entries, _ = await logbook.entries(admin, "", 1, utcnow())
    for secret in (NEW_PASSWORD, shown.secret, token):
        assert secret not in repr(listed) + repr(entries)
    assert NEW_PASSWORD not in repr(invitation) and shown.secret not in repr(invitation)
    about = {e.action: e for e in await _entries(found.id)}
    assert {"staff.create", "staff.invite", "staff.enrol"} <= set(about)
    assert about["staff.create"].staff_id == admin.id  # actor → target
    assert about["staff.invite"].staff_id == admin.id
    assert about["staff.enrol"].staff_id == found.id


async def test_an_invitation_expires() -> None:
    admin = await make_staff("admin", None)
    invitation = await _new_support(admin)
    token = invitation_token(invitation)
    later = invitation.expires_at + timedelta(seconds=1)
    assert await _refused(staff_service.begin_enrolment(token, later)) == (
        "staff-invitation-invalid"
    )
    shown = await staff_service.begin_enrolment(token, utcnow())
    late = staff_service.complete_enrolment(
        token, NEW_PASSWORD, NEW_PASSWORD, code_at(shown.secret), "10.7.1.2", later
    )
    assert await _refused(late) == "staff-invitation-invalid"
    forged = staff_service.begin_enrolment(token[:-2] + "xx", utcnow())
    assert await _refused(forged) == "staff-invitation-invalid"


async def test_enrolment_refuses_a_common_password_and_a_wrong_first_code() -> None:
    admin = await make_staff("admin", None)
    invitation = await _new_support(admin)
    token = invitation_token(invitation)
    shown = await staff_service.begin_enrolment(token, utcnow())
    code = code_at(shown.secret)
    for password, confirmation, refusal in [
        (COMMON, COMMON, "val_password_common"),
        (COMMON.upper(), COMMON.upper(), "val_password_common"),
        ("short pass", "short pass", "val_password_length"),
        (NEW_PASSWORD, NEW_PASSWORD + "!", "val_confirm_password"),
    ]:
        call = staff_service.complete_enrolment(
            token, password, confirmation, code, "10.7.1.3", utcnow()
        )
        assert await _refused(call) == refusal
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    call = staff_service.complete_enrolment(
        token, NEW_PASSWORD, NEW_PASSWORD, wrong, "10.7.1.3", utcnow()
    )
    assert await _refused(call) == "staff-code-incorrect"
    # Nothing was stored: the invitation still works.
    assert await _refused(_login(invitation.username, COMMON, code)) == "staff-login-failed"
    await enrol(invitation)


async def test_a_staff_member_changes_their_own_password() -> None:
    username, secret = await make_staff_account("support", "BR1")
    me, browser = await log_in(username, secret)
    other, other_browser = await log_in(username, secret, step=1)
    wrong_current = staff_service.change_own_password(
        me, "not my password", NEW_PASSWORD, NEW_PASSWORD, code_at(secret, -1), utcnow()
    )
    assert await _refused(wrong_current) == "staff-credentials-incorrect"
    common = staff_service.change_own_password(
        me, STAFF_PASSWORD, COMMON, COMMON, code_at(secret, -1), utcnow()
    )
    assert await _refused(common) == "val_password_common"
    # The logins used this step's and the next step's codes; a step may have begun since.
    await next_time_step(me.id)
    await staff_service.change_own_password(
        me, STAFF_PASSWORD, NEW_PASSWORD, NEW_PASSWORD, code_at(secret), utcnow()
    )
    # This session goes on; the other one ended.
    assert (await staff_service.authenticate(browser, utcnow())).id == me.id
    assert await _refused(staff_service.authenticate(other_browser, utcnow())) == (
        "staff-not-logged-in"
    )
    await next_time_step(me.id)
    assert await _refused(_login(username, STAFF_PASSWORD, code_at(secret))) == (
        "staff-login-failed"
    )
    assert (await _login(username, NEW_PASSWORD, code_at(secret))).id == me.id
    about = [e for e in await _entries(me.id) if e.action == staff_service.PASSWORD_CHANGED]
    assert [(e.staff_id, e.outcome) for e in about] == [(me.id, "ok"), (me.id, "failed")]
    assert other.id == me.id


async def test_a_staff_member_moves_to_a_new_authenticator() -> None:
    username, secret = await make_staff_account("support", "BR1")
    me, browser = await log_in(username, secret)
    new = await staff_service.begin_own_totp(me)
    assert new.secret != secret and new.username == username
    wrong_new = staff_service.change_own_totp(
        me, STAFF_PASSWORD, code_at(secret, 1), code_at(secret, 1), utcnow()
    )
    assert await _refused(wrong_new) == "staff-code-incorrect"
    await next_time_step(me.id)
    no_password = staff_service.change_own_totp(
        me, "not my password", code_at(secret, 1), code_at(new.secret), utcnow()
    )
    assert await _refused(no_password) == "staff-credentials-incorrect"
    await staff_service.change_own_totp(
        me, STAFF_PASSWORD, code_at(secret, 1), code_at(new.secret), utcnow()
    )
    assert (await staff_service.authenticate(browser, utcnow())).id == me.id
    await next_time_step(me.id)
    assert await _refused(_login(username, STAFF_PASSWORD, code_at(secret))) == (
        "staff-login-failed"
    )
    assert (await _login(username, STAFF_PASSWORD, code_at(new.secret))).id == me.id
    about = [e for e in await _entries(me.id) if e.action == staff_service.TOTP_CHANGED]
    assert about[0].staff_id == me.id and about[0].outcome == "ok"


async def test_a_new_invitation_ends_the_old_credentials() -> None:
    admin = await make_staff("admin", None)
    invitation = await _new_support(admin)
    secret = await enrol(invitation)
    target, browser = await log_in(invitation.username, secret)
    assert await _refused(staff_service.reinvite(admin, admin.id, utcnow())) == ("staff-self-reset")
    renewed = await staff_service.reinvite(admin, target.id, utcnow())
    # Sessions end, the old password and authenticator stop working, the old link too.
    assert await _refused(staff_service.authenticate(browser, utcnow())) == ("staff-not-logged-in")
    await next_time_step(target.id)
    assert await _refused(_login(invitation.username, STAFF_PASSWORD, code_at(secret))) == (
        "staff-login-failed"
    )
    listed = [s for s in await staff_service.staff_list(admin, utcnow()) if s.id == target.id]
    assert not listed[0].enrolled
    # A second invitation replaces the first one still open.
    newest = await staff_service.reinvite(admin, target.id, utcnow())
    stale = staff_service.begin_enrolment(invitation_token(renewed), utcnow())
    assert await _refused(stale) == "staff-invitation-invalid"
    new_secret = await enrol(newest, NEW_PASSWORD)
    assert (await _login(invitation.username, NEW_PASSWORD, code_at(new_secret))).id == target.id
    async with session_scope() as session:
        member = await session.get(StaffMember, target.id)
    assert member is not None and STAFF_PASSWORD not in member.password_hash
    about = [e.action for e in await _entries(target.id) if e.staff_id == admin.id]
    assert about.count("staff.reset") == 2 and about.count("staff.invite") == 3
