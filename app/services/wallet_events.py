"""Balance-change signals: a per-member version in Redis that pages watch to refresh."""

from __future__ import annotations

from app.core.cache import get_redis

_TTL_SECONDS = 7 * 24 * 3600


def _key(member_id: int) -> str:
    return f"wallet-version:{member_id}"


async def balance_changed(member_id: int) -> None:
    """Call after a committed movement of the member's money (every worker sees it)."""
    redis = get_redis()
    await redis.incr(_key(member_id))
    await redis.expire(_key(member_id), _TTL_SECONDS)


async def balance_version(member_id: int) -> int:
    value = await get_redis().get(_key(member_id))
    return int(value) if value else 0
