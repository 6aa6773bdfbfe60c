"""Logging in (spec 4): username or SMS code, captcha escalation, bot check, 2FA, new-IP
verification, brute-force limits, then a new session."""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlmodel import select

from app.core import rate_limit
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password, keyed_digest, needs_rehash, verify_password
from app.services import site
from app.services.accounts import members, sessions, totp, verification
from app.services.brands import Brand
from app.services.messaging import email_provider, sms_provider
from models import KnownIp, Member
from models.base import saved_id, utcnow
from models.member import MEMBER_ACTIVE

CAPTCHA_AFTER_FAILURES = 3
# Many players can share one address (mobile carriers, offices): the address threshold is higher.
CAPTCHA_AFTER_IP_FAILURES = 20
LOCK_AFTER_FAILURES = 10
LOCK_SECONDS = 15 * 60
FAILURE_WINDOW_SECONDS = 3600
PASSWORD_CHECKS_PER_HOUR = 100
CHECKS_PER_IP_PER_HOUR = 300
VERIFY_CODE_TTL = 300


@dataclass(frozen=True)
class LoginRequest:
    login_type: str = "username"  # "username" or "sms"
    username: str = ""
    password: str = ""
    mobile: str = ""
    country_code: str = "55"
    captcha_id: str | None = None
    captcha: str | None = None
    bot_check: str | None = None
    totp_code: str | None = None
    verification_code: str | None = None
    payee_name: str | None = None
    agent_login: bool = False


@dataclass(frozen=True)
class Client:
    ip: str
    user_agent: str = ""
    device: str = "WEB"


async def captcha_required(brand: Brand, username: str, ip: str) -> bool:
    """Spec 4: after failures the answer carries the captcha flag and the captcha is asked."""
    name = members.normalize_username(username)
    by_account = await rate_limit.peek(f"login-fail:{brand.code}:{name}")
    by_ip = await rate_limit.peek(f"login-fail-ip:{ip}")
    return by_account >= CAPTCHA_AFTER_FAILURES or by_ip >= CAPTCHA_AFTER_IP_FAILURES


async def _record_failure(brand: Brand, name: str, ip: str) -> None:
    window = await rate_limit.hit(
        f"login-fail:{brand.code}:{name}", LOCK_AFTER_FAILURES, FAILURE_WINDOW_SECONDS
    )
    await rate_limit.hit(f"login-fail-ip:{ip}", 10_000, FAILURE_WINDOW_SECONDS)
    if window.count >= LOCK_AFTER_FAILURES:
        await get_redis().set(f"login-lock:{brand.code}:{name}", "1", ex=LOCK_SECONDS)


async def _clear_failures(brand: Brand, name: str) -> None:
    await rate_limit.reset(f"login-fail:{brand.code}:{name}")


async def _guard(brand: Brand, name: str, ip: str) -> None:
    if await get_redis().exists(f"login-lock:{brand.code}:{name}"):
        raise AppError("account-temporarily-locked", status=429)
    checks = await rate_limit.hit(
        f"login-checks:{brand.code}:{name}", PASSWORD_CHECKS_PER_HOUR, 3600
    )
    per_ip = await rate_limit.hit(f"login-checks-ip:{ip}", CHECKS_PER_IP_PER_HOUR, 3600)
    if checks.exceeded:
        raise AppError("account-temporarily-locked", status=429)
    if per_ip.exceeded:
        raise AppError("too-many-requests", status=429)


def _same_name(a: str, b: str) -> bool:
    def fold(text: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", text).casefold().split())

    return hmac.compare_digest(fold(a).encode(), fold(b).encode())


async def _verify_new_ip(
    brand: Brand, member: Member, client: Client, request: LoginRequest
) -> None:
    """A member logging in from an address never used before proves it is them (spec 4)."""
    if member.last_login_at is None or brand.login_verification == "NONE" or member.totp_enabled:
        return
    async with session_scope() as session:
        known = (
            await session.exec(
                select(KnownIp).where(KnownIp.member_id == member.id, KnownIp.ip == client.ip)
            )
        ).first()
    if known is not None:
        return
    method = _verification_method(brand.login_verification, member)
    if method is None:
        return
    if method == "BANK_NAME":
        if (
            request.payee_name
            and member.payee_name
            and _same_name(request.payee_name, member.payee_name)
        ):
            return
        raise AppError(
            "login-verification-required",
            status=401,
            value={"method": method, "verification": True},
        )
    key = f"login-verify:{member.id}:{client.ip}"
    if request.verification_code:
        stored = await get_redis().getdel(key)
        if stored and hmac.compare_digest(
            stored, keyed_digest(request.verification_code.strip(), key)
        ):
            return
        raise AppError(
            "invalid-verification-code", status=401, value={"method": method, "verification": True}
        )
    code = f"{secrets.randbelow(1_000_000):06d}"
    await get_redis().set(key, keyed_digest(code, key), ex=VERIFY_CODE_TTL)
    assert member.id is not None
    if method == "SMS":
        assert member.mobile is not None
        await sms_provider().send(
            brand.id,
            f"+{member.country_dialing_code or '55'}{member.mobile}",
            f"{brand.name}: {code}",
        )
        target = members.mask_mobile(member.mobile)
    else:
        await email_provider().send(brand.id, member.email or "", f"{brand.name}", code)
        target = members.mask_email(member.email)
    raise AppError(
        "login-verification-required",
        status=401,
        value={"method": method, "verification": True, "target": target},
    )


def _verification_method(configured: str, member: Member) -> str | None:
    available = {
        "SMS": bool(member.mobile),
        "EMAIL": bool(member.email),
        "BANK_NAME": bool(member.payee_name),
    }
    for method in (configured, "SMS", "EMAIL", "BANK_NAME"):
        if available.get(method):
            return method
    return None


def password_expired(brand: Brand, member: Member) -> bool:
    if not brand.module_on(site.FORCED_PASSWORD_CHANGE):
        return False
    return utcnow() - member.password_changed_at > timedelta(days=brand.password_expiry_days)


async def _credentials(brand: Brand, request: LoginRequest, client: Client) -> Member:
    if request.login_type == "sms":
        if not brand.module_on(site.MOBILE_CODE_LOGIN):
            raise AppError("operation-not-allowed", status=403)
        phone = verification.normalize_phone(request.country_code, request.mobile)
        await verification.check_code(brand, "login", phone, request.password)
        async with session_scope() as session:
            member = await members.by_mobile(session, brand.id, phone.national)
        if member is None:
            raise AppError("user-not-exist", status=400)
        return member
    if request.login_type != "username" or not brand.module_on(site.USERNAME_LOGIN):
        raise AppError("operation-not-allowed", status=403)
    name = members.normalize_username(request.username)
    if not name or not request.password:
        raise AppError("val_username_password_required", status=400)
    await _guard(brand, name, client.ip)
    if await captcha_required(brand, name, client.ip):
        await verification.check_captcha(request.captcha_id, request.captcha)
    await verification.check_pow(request.bot_check)
    async with session_scope() as session:
        member = await members.by_username(session, brand.id, name)
    if not await verify_password(member.password_hash if member else None, request.password):
        await _record_failure(brand, name, client.ip)
        needs_captcha = await captcha_required(brand, name, client.ip)
        raise AppError("in_incorrect_password", status=400, value={"captcha": needs_captcha})
    await _clear_failures(brand, name)
    assert member is not None
    if needs_rehash(member.password_hash):
        await _store_rehash(member, request.password)
    return member


async def _store_rehash(member: Member, password: str) -> None:
    new_hash = await hash_password(password)
    async with write_transaction() as session:
        stored = await session.get(Member, member.id)
        if stored is not None:
            stored.password_hash = new_hash
            session.add(stored)


async def login(brand: Brand, request: LoginRequest, client: Client) -> dict[str, Any]:
    """Check everything, open a session, and answer the spec's login response value."""
    member = await _credentials(brand, request, client)
    member_roles = members.roles(member.account_type)
    if member.status != MEMBER_ACTIVE:
        raise AppError("member-cannot-enter", status=403)
    if request.agent_login and not member_roles.is_agent:
        raise AppError("non-agent-login", status=403)
    if member_roles.is_trial:
        raise AppError("non-member-login", status=403)
    if member.totp_enabled:
        await totp.check_second_factor(member, request.totp_code)
    await _verify_new_ip(brand, member, client, request)
    return await complete_login(brand, member, client, via_sms=request.login_type == "sms")


async def complete_login(
    brand: Brand, member: Member, client: Client, via_sms: bool = False
) -> dict[str, Any]:
    """Open the session, remember the address, and build the login response."""
    first_time = member.last_login_at is None
    token = await sessions.open_session(member, client.ip, client.user_agent, client.device)
    now = utcnow()
    async with write_transaction() as session:
        stored = await session.get(Member, member.id)
        assert stored is not None
        stored.last_login_at = now
        stored.last_login_ip = client.ip
        session.add(stored)
        known = (
            await session.exec(
                select(KnownIp).where(KnownIp.member_id == member.id, KnownIp.ip == client.ip)
            )
        ).first()
        if known is None:
            session.add(
                KnownIp(
                    member_id=saved_id(member.id), ip=client.ip, first_seen_at=now, last_seen_at=now
                )
            )
        else:
            known.last_seen_at = now
            session.add(known)
    # The change-password popup is not forced after an SMS login (spec 4).
    force_change = not via_sms and (member.must_change_password or password_expired(brand, member))
    return {
        "token": token,
        "firstTimeLogin": first_time,
        "passwordExpired": not via_sms and password_expired(brand, member),
        "defaultPassword": not via_sms and member.must_change_password,
        "forcePasswordChange": force_change,
        "userInfo": members.member_info(member, brand),
    }
