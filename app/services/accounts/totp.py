"""Two-factor authentication with TOTP: setup with a QR code, single-use codes, recovery."""

from __future__ import annotations

import secrets

import pyotp
from sqlmodel import col, delete, select

from app.core import clock
from app.core.cache import get_redis
from app.core.db import write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret, keyed_digest
from app.services.accounts import reauth
from app.services.qr import qr_svg_data_uri
from models import Member, RecoveryCode

_PURPOSE = "totp"
RECOVERY_CODES = 10
_PENDING_TTL = 600


def _totp(secret: str) -> pyotp.TOTP:
    return pyotp.TOTP(secret)


async def begin_setup(member: Member, issuer: str) -> dict[str, str]:
    """A new secret held aside until the member proves it with a code."""
    if member.totp_enabled:
        raise AppError("totp-already-enabled", status=409)
    secret = pyotp.random_base32()
    await get_redis().set(
        f"totp-pending:{member.id}", encrypt_secret(secret, _PURPOSE), ex=_PENDING_TTL
    )
    uri = _totp(secret).provisioning_uri(name=member.username, issuer_name=issuer)
    return {"secret": secret, "otpauthUrl": uri, "qr": qr_svg_data_uri(uri)}


async def _claim_step(member_id: int | str, step: int) -> bool:
    """A code's time step may be used once: replays within its window are refused."""
    return bool(await get_redis().set(f"totp-used:{member_id}:{step}", "1", nx=True, ex=180))


async def _valid_code(member_id: int | str, secret: str, code: str) -> bool:
    totp = _totp(secret)
    now = int(clock.now().timestamp())
    for drift in (0, -1, 1):
        at = now + drift * totp.interval
        # bytes: compare_digest refuses str with non-ASCII characters
        if secrets.compare_digest(totp.at(at).encode(), code.strip().encode()):
            return await _claim_step(member_id, totp.timecode(clock.now()) + drift)
    return False


def new_secret() -> str:
    return pyotp.random_base32()


def enrolment_uri(secret: str, name: str, issuer: str) -> str:
    """The otpauth:// address an authenticator app reads (from its QR code)."""
    return _totp(secret).provisioning_uri(name=name, issuer_name=issuer)


async def code_ok(subject: str, secret: str, code: str | None) -> bool:
    """A six-digit code of `secret`, once per time step for `subject` (e.g. "staff-7"); the
    back office's staff logins use it with their own subjects and secrets."""
    if not code or not code.strip().isdigit():
        return False
    return await _valid_code(subject, secret, code)


async def confirm_setup(member: Member, password: str, code: str, ip: str) -> list[str]:
    """Turn 2FA on with the password again and a first valid code (one counted try);
    returns the recovery codes (shown once)."""
    sealed = await get_redis().get(f"totp-pending:{member.id}")
    if sealed is None:
        raise AppError("totp-setup-expired", status=400)
    secret = decrypt_secret(sealed, _PURPOSE)
    assert member.id is not None
    member_id = member.id

    async def first_code_valid() -> bool:
        return await _valid_code(member_id, secret, code)

    await reauth.confirm(
        member, password, ip, failure_code="password-or-code-incorrect", second=first_code_valid
    )
    codes = [f"{secrets.token_hex(4)}-{secrets.token_hex(4)}" for _ in range(RECOVERY_CODES)]
    async with write_transaction() as session:
        stored = await session.get(Member, member.id)
        assert stored is not None
        stored.totp_secret_encrypted = encrypt_secret(secret, _PURPOSE)
        stored.totp_enabled = True
        session.add(stored)
        await session.exec(delete(RecoveryCode).where(col(RecoveryCode.member_id) == member.id))
        session.add_all(
            RecoveryCode(member_id=member.id, code_digest=keyed_digest(c, "recovery"))
            for c in codes
        )
    await get_redis().delete(f"totp-pending:{member.id}")
    return codes


async def second_factor_ok(member: Member, code: str | None) -> bool:
    """A TOTP code or an unused recovery code; each works once."""
    if not code or not code.strip():
        return False
    assert member.id is not None and member.totp_secret_encrypted is not None
    secret = decrypt_secret(member.totp_secret_encrypted, _PURPOSE)
    if code.strip().isdigit() and await _valid_code(member.id, secret, code):
        return True
    digest = keyed_digest(code.strip().lower(), "recovery")
    async with write_transaction() as session:
        recovery = (
            await session.exec(
                select(RecoveryCode).where(
                    RecoveryCode.member_id == member.id,
                    RecoveryCode.code_digest == digest,
                    col(RecoveryCode.used_at).is_(None),
                )
            )
        ).first()
        if recovery is None:
            return False
        recovery.used_at = clock.now()
        session.add(recovery)
    return True


async def disable(member: Member, password: str, code: str, ip: str) -> None:
    """Turn 2FA off: the password and a code again, as one counted try."""
    if not member.totp_enabled:
        raise AppError("totp-not-enabled", status=409)

    async def code_valid() -> bool:
        return await second_factor_ok(member, code)

    await reauth.confirm(
        member, password, ip, failure_code="password-or-code-incorrect", second=code_valid
    )
    async with write_transaction() as session:
        stored = await session.get(Member, member.id)
        assert stored is not None
        stored.totp_enabled = False
        stored.totp_secret_encrypted = None
        session.add(stored)
        await session.exec(delete(RecoveryCode).where(col(RecoveryCode.member_id) == member.id))
