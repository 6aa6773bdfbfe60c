"""Fixed-window counters in Redis (or the in-process fake): shared by every worker."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from redis.exceptions import WatchError

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


async def throttle(key: str, every_seconds: float, now: datetime) -> bool:
    """Whether an event may happen at `now`: none was let through under `key` in the last
    `every_seconds` by the caller's clock. Let-through events are recorded, refused ones are
    not (a refusal never pushes the next chance back). WATCH makes the check and the record
    one step for racing callers."""
    full_key = f"throttle:{key}"
    stamp = now.timestamp()
    async with get_redis().pipeline(transaction=True) as pipe:
        while True:
            try:
                await pipe.watch(full_key)
                last = await pipe.get(full_key)
                if last is not None and stamp - float(last) < every_seconds:
                    return False
                pipe.multi()
                # The expiry only clears idle keys; the comparison above decides.
                pipe.set(full_key, repr(stamp), ex=math.ceil(every_seconds) + 1)
                await pipe.execute()
                return True
            except WatchError:
                continue
