"""Re-authentication: the password again (and the authenticator code where asked) before a
sensitive change. Every try is counted per member before anything is checked; the answer to
a failure never tells which part was wrong."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from app.core import rate_limit
from app.core.errors import AppError
from app.core.security import verify_password
from app.services.accounts import limits
from models import Member

SecondCheck = Callable[[], Awaitable[bool]]


def _key(member_id: int | None) -> str:
    return rate_limit.limit_key(limits.REAUTH_FAILURES, member_id)


async def confirm(
    member: Member,
    password: str,
    ip: str,
    *,
    failure_code: str = "old-password-incorrect",
    second: SecondCheck | None = None,
) -> None:
    """Check the member's password (then `second`, e.g. a TOTP code) as one counted try.

    Refused while the member's re-authentication count is past its limit (429), else a
    failure answers `failure_code` whichever part was wrong.
    """
    await limits.password_hashing(ip)
    limit = limits.REAUTH_FAILURES
    window = await rate_limit.hit(_key(member.id), limit.limit, limit.window_seconds)
    if window.exceeded:
        raise AppError(limit.code, status=429, value={"retryAfter": window.retry_after})
    good = bool(password) and await verify_password(member.password_hash, password)
    if good and second is not None:
        good = await second()
    if not good:
        raise AppError(failure_code, status=400, params={"remaining": limit.limit - window.count})
    await rate_limit.undo(_key(member.id), limit.window_seconds)
