"""Logging in (spec 4): username or SMS code, captcha escalation, bot check, 2FA, new-IP
verification, brute-force limits, then a new session."""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import select

from app.core import rate_limit
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password, keyed_digest, needs_rehash, verify_password
from app.services import site
from app.services.accounts import limits, members, sessions, totp, verification
from app.services.brands import Brand
from app.services.identity import onboarding
from app.services.messaging import email_provider, sms_provider
from models import KnownIp, Member
from models.base import saved_id, utcnow
from models.member import MEMBER_ACTIVE

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
    device_id: str = ""  # the client's own device identifier, when it sends one


@dataclass(frozen=True)
class _Attempt:
    """The counts one login try was given (itself included) before its password is checked."""

    pair: rate_limit.Window
    account: rate_limit.Window
    address: rate_limit.Window

    @property
    def captcha_now(self) -> bool:
        return (
            self.account.count > limits.LOGIN_CAPTCHA_AFTER
            or self.address.count > limits.LOGIN_CAPTCHA_AFTER_ADDRESS
        )

    @property
    def captcha_next(self) -> bool:
        return (
            self.account.count >= limits.LOGIN_CAPTCHA_AFTER
            or self.address.count >= limits.LOGIN_CAPTCHA_AFTER_ADDRESS
        )


def _keys(brand: Brand, name: str, ip: str) -> tuple[str, str, str]:
    return (
        rate_limit.limit_key(limits.LOGIN_PAIR_FAILURES, brand.code, name, ip),
        rate_limit.limit_key(limits.LOGIN_ACCOUNT_FAILURES, brand.code, name),
        rate_limit.limit_key(limits.LOGIN_ADDRESS_FAILURES, ip),
    )


async def _count_attempt(brand: Brand, name: str, ip: str) -> _Attempt:
    """Count the try first, as a failure, on every counter; a good try is taken back later."""
    pair_key, account_key, address_key = _keys(brand, name, ip)
    pair_limit, account_limit = limits.LOGIN_PAIR_FAILURES, limits.LOGIN_ACCOUNT_FAILURES
    pair = await rate_limit.hit(pair_key, pair_limit.limit, pair_limit.window_seconds)
    if pair.count == pair_limit.limit:
        # The last allowed try: whatever it turns out to be, the pair stays counted (locked
        # should it fail) for at least the lock time from now.
        await rate_limit.extend(pair_key, max(pair.retry_after, limits.LOGIN_LOCK_SECONDS))
    account = await rate_limit.hit(account_key, account_limit.limit, account_limit.window_seconds)
    address_limit = limits.LOGIN_ADDRESS_FAILURES
    address = await rate_limit.hit(address_key, address_limit.limit, address_limit.window_seconds)
    return _Attempt(pair, account, address)


async def _take_back(brand: Brand, name: str, ip: str) -> None:
    """A good try: the pair starts afresh, the account and address counts drop by one."""
    pair_key, account_key, address_key = _keys(brand, name, ip)
    await rate_limit.reset(pair_key)
    await rate_limit.undo(account_key, limits.LOGIN_ACCOUNT_FAILURES.window_seconds)
    await rate_limit.undo(address_key, limits.LOGIN_ADDRESS_FAILURES.window_seconds)


async def _known_address(member: Member | None, ip: str) -> bool:
    if member is None:
        return False
    async with session_scope() as session:
        known = (
            await session.exec(
                select(KnownIp.id).where(KnownIp.member_id == member.id, KnownIp.ip == ip)
            )
        ).first()
    return known is not None


async def _refuse_if_locked(attempt: _Attempt, member: Member | None, ip: str) -> None:
    """Per (account, address) first; the account-wide count locks only addresses the member
    has never logged in from, so a stranger's burst leaves the owner their own addresses."""
    if attempt.pair.exceeded:
        raise AppError("account-temporarily-locked", status=429)
    if attempt.account.exceeded and not await _known_address(member, ip):
        raise AppError("account-temporarily-locked", status=429)


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
            f"+{members.phone_code(member)}{member.mobile}",
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
            member = await members.by_mobile(session, brand.id, phone.country_code, phone.national)
        if member is None:
            raise AppError("user-not-exist", status=400)
        return member
    if request.login_type != "username" or not brand.module_on(site.USERNAME_LOGIN):
        raise AppError("operation-not-allowed", status=403)
    name = members.normalize_username(request.username)
    if not name or not request.password:
        raise AppError("val_username_password_required", status=400)
    await limits.password_hashing(client.ip)
    async with session_scope() as session:
        member = await members.by_username(session, brand.id, name)
    attempt = await _count_attempt(brand, name, client.ip)
    await _refuse_if_locked(attempt, member, client.ip)
    if attempt.captcha_now:
        await verification.check_captcha(request.captcha_id, request.captcha)
    await verification.check_pow(request.bot_check)
    good = await verify_password(member.password_hash if member else None, request.password)
    if good and member is not None and member.totp_enabled:
        # The same answer as a wrong password: nobody learns which part was wrong.
        good = await totp.second_factor_ok(member, request.totp_code)
    if not good or member is None:
        raise AppError(
            "in_incorrect_password",
            status=400,
            value={"captcha": attempt.captcha_next, "totp": True},
        )
    await _take_back(brand, name, client.ip)
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


@dataclass(frozen=True)
class LoginResult:
    """A login, registration or trial that opened a session (spec 3's login response)."""

    token: str
    first_time_login: bool
    password_expired: bool
    default_password: bool
    force_password_change: bool
    user: members.MemberProfile


async def login(brand: Brand, request: LoginRequest, client: Client) -> LoginResult:
    """Check everything, open a session, and answer the spec's login response value."""
    member = await _credentials(brand, request, client)
    member_roles = members.roles(member.account_type)
    if member.status != MEMBER_ACTIVE:
        raise AppError("member-cannot-enter", status=403)
    if request.agent_login and not member_roles.is_agent:
        raise AppError("non-agent-login", status=403)
    if member_roles.is_trial:
        raise AppError("non-member-login", status=403)
    await _verify_new_ip(brand, member, client, request)
    return await complete_login(brand, member, client, via_sms=request.login_type == "sms")


async def complete_login(
    brand: Brand, member: Member, client: Client, via_sms: bool = False
) -> LoginResult:
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
    await onboarding.check_at_login(member, now)  # the barred list, once a day (Brazil)
    # The change-password popup is not forced after an SMS login (spec 4).
    force_change = not via_sms and (member.must_change_password or password_expired(brand, member))
    return LoginResult(
        token=token,
        first_time_login=first_time,
        password_expired=not via_sms and password_expired(brand, member),
        default_password=not via_sms and member.must_change_password,
        force_password_change=force_change,
        user=members.member_info(member, brand),
    )
