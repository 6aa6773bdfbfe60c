"""Balance-change signals: a per-member version in Redis that pages watch to refresh."""

from __future__ import annotations

import logging

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from app.core.cache import get_redis
from app.core.logs import member_ref

logger = logging.getLogger(__name__)
_TTL_SECONDS = 7 * 24 * 3600


def _key(member_id: int) -> str:
    return f"wallet-version:{member_id}"


async def balance_changed(member_id: int) -> None:
    """Call after a committed movement of the member's money (every worker sees it).

    The movement is already committed: with Redis out of reach the signal is skipped (pages
    refresh on the next change) rather than the caller being told its movement failed.
    """
    await balances_changed([member_id])


async def balance_version(member_id: int) -> int:
    value = await get_redis().get(_key(member_id))
    return int(value) if value else 0


async def balances_changed(member_ids: set[int] | list[int]) -> None:
    """`balance_changed` for many members (a job's batch), in one round trip."""
    if not member_ids:
        return
    redis = get_redis()
    try:
        async with redis.pipeline(transaction=False) as pipe:
            for member_id in member_ids:
                pipe.incr(_key(member_id))
                pipe.expire(_key(member_id), _TTL_SECONDS)
            await pipe.execute()
    except (RedisConnectionError, RedisTimeoutError) as exc:
        shown = member_ref(next(iter(member_ids))) if len(member_ids) == 1 else len(member_ids)
        logger.warning("balance signals of %s skipped: %s", shown, type(exc).__name__)
