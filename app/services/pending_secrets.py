"""Secrets a form sends that must outlive one event (a login waits for the browser's bot
check): held sealed in the cache for a short while under a random handle, taken once.
Page state keeps only the handle, never the secret."""

from __future__ import annotations

import json

from app.core.cache import get_redis
from app.core.security import decrypt_secret, encrypt_secret, new_token

HOLD_SECONDS = 120
_PREFIX = "pending-secret:"
_PURPOSE = "pending-secret"


async def hold(values: dict[str, str]) -> str:
    """Keep the values for `HOLD_SECONDS`; the handle to take them back once."""
    handle = new_token()
    sealed = encrypt_secret(json.dumps(values), _PURPOSE)
    await get_redis().set(_PREFIX + handle, sealed, ex=HOLD_SECONDS)
    return handle


async def take(handle: str) -> dict[str, str]:
    """The held values (empty once taken, expired, or for an unknown handle)."""
    if not handle or len(handle) > 64:
        return {}
    sealed = await get_redis().getdel(_PREFIX + handle)
    if not sealed:
        return {}
    values = json.loads(decrypt_secret(str(sealed), _PURPOSE))
    return {str(k): str(v) for k, v in values.items()}
