"""Changing and recovering passwords: change with the old one, e-mail reset link, phone code."""

from __future__ import annotations

import secrets
from typing import Any

from sqlmodel import select

from app.core import clock, rate_limit
from app.core.cache import get_redis
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password, keyed_digest
from app.services import site
from app.services.accounts import limits, members, reauth, sessions, verification
from app.services.accounts.login import Client, LoginResult, complete_login
from app.services.accounts.registration import password_problem
from app.services.brands import Brand
from app.services.messaging import email_provider
from models import Member

RESET_TTL_SECONDS = 30 * 60
FORGOT_PER_IP_PER_HOUR = 10


def _raise_if(errors: list[dict[str, Any]]) -> None:
    if errors:
        raise AppError("validation-failed", status=422, value={"fields": errors})


async def _store_password(member_id: int, new_password: str) -> None:
    new_hash = await hash_password(new_password)
    async with write_transaction() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        member.password_hash = new_hash
        member.password_changed_at = clock.now()
        member.must_change_password = False
        session.add(member)


async def change_password(
    member: Member,
    session_id: int,
    old: str,
    new: str,
    confirmation: str,
    ip: str,
    end_other_sessions: bool = True,
) -> int:
    """Spec 4, change password; the old one is a counted re-authentication. Every other
    session (logins, game sessions, launch tokens) ends unless the member keeps them.
    Returns how many other logins were ended."""
    errors = password_problem(new, confirmation)
    if not old:
        errors.insert(0, {"field": "oldPassword", "code": "val_required", "params": {}})
    _raise_if(errors)
    await reauth.confirm(member, old, ip)
    if old == new:
        raise AppError("password-same-as-old", status=400)
    assert member.id is not None
    await _store_password(member.id, new)
    return await sessions.end_sessions(member.id, session_id) if end_other_sessions else 0


async def forgot_by_email(brand: Brand, username: str, email: str, client_ip: str) -> None:
    """Always the same answer (in_been_out): nobody learns whether the account exists."""
    if not username.strip() or not email.strip():
        raise AppError("val_required", status=400)
    window = await rate_limit.hit(f"forgot-ip:{client_ip}", FORGOT_PER_IP_PER_HOUR, 3600)
    if window.exceeded:
        raise AppError("too-many-requests", status=429)
    async with session_scope() as session:
        member = await members.by_username(session, brand.id, username)
    if member is None or not member.email or member.email.lower() != email.strip().lower():
        return
    token = secrets.token_urlsafe(32)
    await get_redis().set(
        f"pwreset:{keyed_digest(token, 'pwreset')}", str(member.id), ex=RESET_TTL_SECONDS
    )
    link = f"{get_settings().public_base_url}/resetPassword?token={token}"
    await email_provider().send(
        brand.id,
        member.email,
        f"{brand.name}: password reset",
        f"Open this link within 30 minutes to choose a new password:\n{link}\n",
    )


async def reset_with_token(
    brand: Brand, token: str, new: str, confirmation: str, client_ip: str
) -> None:
    """Finish an e-mail reset: single use; every session of the member ends."""
    _raise_if(password_problem(new, confirmation))
    await limits.password_hashing(client_ip)
    member_id = await get_redis().getdel(f"pwreset:{keyed_digest(token or '', 'pwreset')}")
    if member_id is None:
        raise AppError("reset-link-invalid", status=400)
    async with session_scope() as session:
        member = await session.get(Member, int(member_id))
    if member is None or member.merchant_id != brand.id:
        raise AppError("reset-link-invalid", status=400)
    await _store_password(int(member_id), new)
    await sessions.end_sessions(int(member_id))


async def reset_by_phone(
    brand: Brand,
    country_code: str,
    mobile: str,
    code: str,
    new: str,
    confirmation: str,
    client: Client,
) -> LoginResult:
    """Spec 4: code, new password, then automatic login."""
    if not brand.module_on(site.PHONE_PASSWORD_RECOVERY):
        raise AppError("operation-not-allowed", status=403)
    phone = verification.normalize_phone(country_code, mobile)
    _raise_if(password_problem(new, confirmation))
    await verification.check_code(brand, "reset", phone, code)
    await limits.password_hashing(client.ip)
    async with session_scope() as session:
        member = await members.by_mobile(session, brand.id, phone.country_code, phone.national)
    if member is None:
        raise AppError("user-not-exist", status=400)
    assert member.id is not None
    await _store_password(member.id, new)
    await sessions.end_sessions(member.id)
    async with session_scope() as session:
        refreshed = (await session.exec(select(Member).where(Member.id == member.id))).one()
    return await complete_login(brand, refreshed, client, via_sms=True)
