"""Fixed-window counters in Redis (or the in-process fake): shared by every worker."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.cache import get_redis


@dataclass(frozen=True)
class Window:
    count: int
    limit: int
    retry_after: int

    @property
    def exceeded(self) -> bool:
        return self.count > self.limit


async def hit(key: str, limit: int, window_seconds: int) -> Window:
    """Count one event under `key`; the window starts at the first event."""
    redis = get_redis()
    full_key = f"rl:{key}"
    async with redis.pipeline(transaction=True) as pipe:
        pipe.incr(full_key)
        pipe.expire(full_key, window_seconds, nx=True)
        pipe.ttl(full_key)
        count, _, ttl = await pipe.execute()
    return Window(count=int(count), limit=limit, retry_after=max(int(ttl), 0))


async def peek(key: str) -> int:
    value = await get_redis().get(f"rl:{key}")
    return int(value) if value else 0


async def reset(key: str) -> None:
    await get_redis().delete(f"rl:{key}")
