"""Request signing for vendor wallet calls: HMAC-SHA256 over the timestamp and the body."""

from __future__ import annotations

import hashlib
import hmac
import time

from app.core.config import get_settings
from app.core.errors import AppError

TIMESTAMP_HEADER = "X-Timestamp"
SIGNATURE_HEADER = "X-Signature"


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """Hex HMAC-SHA256 under the vendor's secret of `timestamp` followed by the raw body."""
    return hmac.new(secret.encode(), timestamp.encode() + body, hashlib.sha256).hexdigest()


def signed_headers(secret: str, body: bytes, now: float | None = None) -> dict[str, str]:
    timestamp = str(int(now if now is not None else time.time()))
    return {TIMESTAMP_HEADER: timestamp, SIGNATURE_HEADER: signature(secret, timestamp, body)}


def verify(secret: str, timestamp: str | None, signed: str | None, body: bytes) -> None:
    """Refuse a wrong signature, and a timestamp outside the allowed age (replays, clocks)."""
    if not timestamp or not signed or not timestamp.isdigit():
        raise AppError("seamless-bad-signature", 401)
    if not hmac.compare_digest(signature(secret, timestamp, body), signed.lower()):
        raise AppError("seamless-bad-signature", 401)
    if abs(time.time() - int(timestamp)) > get_settings().vendor_signature_max_age_seconds:
        raise AppError("seamless-stale-request", 401)
