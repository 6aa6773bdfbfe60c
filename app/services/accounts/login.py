"""Logging in (spec 4): username or SMS code, captcha escalation, bot check, 2FA, new-IP
verification, brute-force limits, then a new session.

Lockout without denial of service: every login gives the client a fresh device key (the
site keeps it as its browser cookie, an app sends it back as `deviceKey`), and the member's
known devices are those keys. Failures from unknown devices count per (account, address)
and per account: captcha, then a lock, for unknown devices only; the owner on a known
device has their own counter, which nobody else can raise.

No oracle: where a login from a new address must be verified (spec 4), a wrong password
gets the same answers as the right one (verification required, then verification failed)
until the whole challenge is passed; the payee-name step counts its tries per account and
per CPF, after which the case goes to staff review (identity/onboarding.py).
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock, metrics, rate_limit
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password, keyed_digest, needs_rehash, verify_password
from app.services import device_keys, site
from app.services.accounts import limits, members, sessions, totp, verification
from app.services.brands import Brand
from app.services.identity import onboarding
from app.services.messaging import email_provider, sms_provider
from models import KnownDevice, KnownIp, Member
from models.base import saved_id
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
    # The device key its last login gave the client (the site: its browser cookie's secret).
    device_key: str = ""


@dataclass(frozen=True)
class _Attempt:
    """The counts one login try was given (itself included) before its password is checked."""

    pair: rate_limit.Window
    account: rate_limit.Window
    address: rate_limit.Window
    known_device: bool

    @property
    def captcha_now(self) -> bool:
        return not self.known_device and (
            self.account.count > limits.LOGIN_CAPTCHA_AFTER
            or self.address.count > limits.LOGIN_CAPTCHA_AFTER_ADDRESS
        )

    @property
    def captcha_next(self) -> bool:
        return not self.known_device and (
            self.account.count >= limits.LOGIN_CAPTCHA_AFTER
            or self.address.count >= limits.LOGIN_CAPTCHA_AFTER_ADDRESS
        )


_NOT_COUNTED = rate_limit.Window(count=0, limit=0, retry_after=0)


def _keys(brand: Brand, name: str, client: Client, device: str) -> tuple[str, str, str]:
    """The pair is (account, device) on a known device, else (account, address)."""
    return (
        rate_limit.limit_key(limits.LOGIN_PAIR_FAILURES, brand.code, name, device or client.ip),
        rate_limit.limit_key(limits.LOGIN_ACCOUNT_FAILURES, brand.code, name),
        rate_limit.limit_key(limits.LOGIN_ADDRESS_FAILURES, client.ip),
    )


async def _count_attempt(brand: Brand, name: str, client: Client, device: str) -> _Attempt:
    """Count the try first, as a failure, on every counter; a good try is taken back later.
    A known device's tries count on its own pair only: others' failures never reach it."""
    pair_key, account_key, address_key = _keys(brand, name, client, device)
    pair_limit, account_limit = limits.LOGIN_PAIR_FAILURES, limits.LOGIN_ACCOUNT_FAILURES
    pair = await rate_limit.hit(pair_key, pair_limit.limit, pair_limit.window_seconds)
    if pair.count == pair_limit.limit:
        # The last allowed try: whatever it turns out to be, the pair stays counted (locked
        # should it fail) for at least the lock time from now.
        await rate_limit.extend(pair_key, max(pair.retry_after, limits.LOGIN_LOCK_SECONDS))
    if device:
        return _Attempt(pair, _NOT_COUNTED, _NOT_COUNTED, known_device=True)
    account = await rate_limit.hit(account_key, account_limit.limit, account_limit.window_seconds)
    address_limit = limits.LOGIN_ADDRESS_FAILURES
    address = await rate_limit.hit(address_key, address_limit.limit, address_limit.window_seconds)
    return _Attempt(pair, account, address, known_device=False)


async def _take_back(brand: Brand, name: str, client: Client, device: str) -> None:
    """A good try: the pair starts afresh, the account and address counts drop by one."""
    pair_key, account_key, address_key = _keys(brand, name, client, device)
    await rate_limit.reset(pair_key)
    if not device:
        await rate_limit.undo(account_key, limits.LOGIN_ACCOUNT_FAILURES.window_seconds)
        await rate_limit.undo(address_key, limits.LOGIN_ADDRESS_FAILURES.window_seconds)


async def _known_device(member: Member | None, client: Client) -> str:
    """The digest of the client's device key when it is one of the member's devices."""
    digest = device_keys.key_digest(client.device_key)
    if member is None or not digest:
        return ""
    async with session_scope() as session:
        known = (
            await session.exec(
                select(KnownDevice.id).where(
                    KnownDevice.member_id == member.id, KnownDevice.device_digest == digest
                )
            )
        ).first()
    return digest if known is not None else ""


def _refuse_if_locked(attempt: _Attempt) -> None:
    """Per pair first; the account-wide count locks unknown devices only, so a stranger's
    burst from any number of addresses leaves the owner their own devices."""
    if attempt.pair.exceeded:
        metrics.LOGIN_LOCKOUTS.labels(scope="pair").inc()
        raise AppError("account-temporarily-locked", status=429)
    if not attempt.known_device and attempt.account.exceeded:
        metrics.LOGIN_LOCKOUTS.labels(scope="account").inc()
        raise AppError("account-temporarily-locked", status=429)


async def _tell_staff(member: Member | None, attempt: _Attempt) -> None:
    """The account's failures from unknown devices reached the alert mark: one entry in the
    member's protection log, which staff export and review (once per window: the count is
    atomic, exactly one try sees the mark)."""
    if member is None or attempt.account.count != limits.LOGIN_ALERT_AT:
        return
    async with write_transaction() as session:
        await onboarding.log(
            session, member, "login-failures", clock.now(), {"count": str(limits.LOGIN_ALERT_AT)}
        )


def _same_name(a: str, b: str) -> bool:
    def fold(text: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", text).casefold().split())

    return hmac.compare_digest(fold(a).encode(), fold(b).encode())


async def _verification(
    brand: Brand, member: Member | None, client: Client, device: str
) -> str | None:
    """The method a login from this address must be verified with (spec 4), or None. It
    depends on the account, the address and the device, never on the password. A known
    device needs none; an unknown user name gets the wrong-password answer, as before."""
    if member is None or brand.login_verification == "NONE" or device:
        return None
    if member.last_login_at is None or member.totp_enabled:
        return None
    async with session_scope() as session:
        known = (
            await session.exec(
                select(KnownIp.id).where(KnownIp.member_id == member.id, KnownIp.ip == client.ip)
            )
        ).first()
    return None if known is not None else _verification_method(brand.login_verification, member)


def _challenge(method: str, request: LoginRequest, attempt: _Attempt) -> AppError:
    """The one answer of an unfinished verification, whatever was wrong: the password, the
    code or the payee name (no oracle)."""
    answered = request.verification_code if method != "BANK_NAME" else request.payee_name
    value = {"method": method, "verification": True, "captcha": attempt.captcha_next}
    if answered:
        return AppError("login-verification-failed", status=401, value=value)
    return AppError("login-verification-required", status=401, value=value)


async def _verified(brand: Brand, member: Member, method: str, request: LoginRequest) -> bool:
    """Whether the member (right password) passed the step; a first call sends the code.
    Payee names are counted per account and per CPF (past either: staff review)."""
    if method == "BANK_NAME":
        if not request.payee_name:
            return False
        if not await onboarding.count_try(onboarding.PAYEE_NAME_STEP, member, clock.now()):
            return False
        right = _same_name(request.payee_name, member.payee_name or "")
        if right:
            await onboarding.take_back_try(onboarding.PAYEE_NAME_STEP, member)
        return right
    key = f"login-verify:{member.id}:{brand.code}"
    if request.verification_code:
        stored = await get_redis().getdel(key)
        return bool(stored) and hmac.compare_digest(
            stored, keyed_digest(request.verification_code.strip(), key)
        )
    code = f"{secrets.randbelow(1_000_000):06d}"
    if not await get_redis().set(key, keyed_digest(code, key), ex=VERIFY_CODE_TTL, nx=True):
        return False  # a live code was sent already: no second message (no SMS flood)
    if method == "SMS":
        assert member.mobile is not None
        await sms_provider().send(
            brand.id, f"+{members.phone_code(member)}{member.mobile}", f"{brand.name}: {code}"
        )
    else:
        await email_provider().send(brand.id, member.email or "", f"{brand.name}", code)
    return False


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
    return clock.now() - member.password_changed_at > timedelta(days=brand.password_expiry_days)


async def _credentials(brand: Brand, request: LoginRequest, client: Client) -> Member:
    if request.login_type == "sms":
        return await _sms_credentials(brand, request)
    if request.login_type != "username" or not brand.module_on(site.USERNAME_LOGIN):
        raise AppError("operation-not-allowed", status=403)
    return await _password_credentials(brand, request, client)


async def _sms_credentials(brand: Brand, request: LoginRequest) -> Member:
    if not brand.module_on(site.MOBILE_CODE_LOGIN):
        raise AppError("operation-not-allowed", status=403)
    phone = verification.normalize_phone(request.country_code, request.mobile)
    await verification.check_code(brand, "login", phone, request.password)
    async with session_scope() as session:
        member = await members.by_mobile(session, brand.id, phone.country_code, phone.national)
    if member is None:
        raise AppError("user-not-exist", status=400)
    return member


async def _password_credentials(brand: Brand, request: LoginRequest, client: Client) -> Member:
    name = members.normalize_username(request.username)
    if not name or not request.password:
        raise AppError("val_username_password_required", status=400)
    async with session_scope() as session:
        member = await members.by_username(session, brand.id, name)
    device = await _known_device(member, client)
    if not device:
        # A known device's checks are bounded by its own pair counter: strangers sharing
        # its address cannot spend them.
        await limits.password_hashing(client.ip)
    attempt = await _count_attempt(brand, name, client, device)
    _refuse_if_locked(attempt)
    await _tell_staff(member, attempt)
    if attempt.captcha_now:
        await verification.check_captcha(request.captcha_id, request.captcha)
    await verification.check_pow(request.bot_check)
    good = await _password_and_second_factor(member, request)
    method = await _verification(brand, member, client, device)
    if method is not None and not (
        good and member is not None and await _verified(brand, member, method, request)
    ):
        raise _challenge(method, request, attempt)
    if not good or member is None:
        raise AppError(
            "in_incorrect_password",
            status=400,
            value={"captcha": attempt.captcha_next, "totp": True},
        )
    await _take_back(brand, name, client, device)
    if needs_rehash(member.password_hash):
        await _store_rehash(member, request.password)
    return member


async def _password_and_second_factor(member: Member | None, request: LoginRequest) -> bool:
    """The password is right and, when the member has one, so is the TOTP code; an unknown
    member costs one hash too, so its answer comes as late."""
    good = await verify_password(member.password_hash if member else None, request.password)
    if good and member is not None and member.totp_enabled:
        # The same answer as a wrong password: nobody learns which part was wrong.
        good = await totp.second_factor_ok(member, request.totp_code)
    return good


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
    # The client's new device key: the site's next browser secret, an app's `deviceKey`.
    device_key: str


async def login(brand: Brand, request: LoginRequest, client: Client) -> LoginResult:
    """Check everything, open a session, and answer the spec's login response value."""
    try:
        member = await _credentials(brand, request, client)
    except AppError as refused:
        metrics.LOGIN_FAILURES.labels(reason=refused.code).inc()
        raise
    member_roles = members.roles(member.account_type)
    if member.status != MEMBER_ACTIVE:
        raise AppError("member-cannot-enter", status=403)
    if request.agent_login and not member_roles.is_agent:
        raise AppError("non-agent-login", status=403)
    if member_roles.is_trial:
        raise AppError("non-member-login", status=403)
    return await complete_login(brand, member, client, via_sms=request.login_type == "sms")


async def _renew_device(
    session: AsyncSession, member_id: int, client: Client, device_key: str, now: datetime
) -> None:
    """The device the client logged in from is known by its new key from now on (the key it
    showed, if one of the member's, is retired: one row per device)."""
    new_digest = device_keys.key_digest(device_key)
    shown = device_keys.key_digest(client.device_key)
    row = None
    if shown:
        row = (
            await session.exec(
                select(KnownDevice).where(
                    KnownDevice.member_id == member_id, KnownDevice.device_digest == shown
                )
            )
        ).first()
    if row is None:
        row = KnownDevice(member_id=member_id, device_digest=new_digest, first_seen_at=now)
    row.device_digest, row.last_seen_at = new_digest, now
    session.add(row)


async def complete_login(
    brand: Brand, member: Member, client: Client, via_sms: bool = False
) -> LoginResult:
    """Open the session, remember the address, and build the login response."""
    first_time = member.last_login_at is None
    device_key = device_keys.new_key()
    token = await sessions.open_session(member, client.ip, client.user_agent, client.device)
    now = clock.now()
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
        await _renew_device(session, saved_id(member.id), client, device_key, now)
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
        device_key=device_key,
    )
