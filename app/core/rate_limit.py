"""Fixed-window counters in Redis (or the in-process fake): shared by every worker.

Every limited try is counted first (one atomic INCR), the decision is taken from the count
that INCR answered, and only then is the credential checked. A burst of parallel requests
therefore gets at most `limit` tries: each request sees its own number, and those past the
limit are refused without the check. A try that turns out good is taken back (`undo`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from redis.exceptions import WatchError

from app.core.cache import get_redis
from app.core.errors import AppError


@dataclass(frozen=True)
class Window:
    count: int
    limit: int
    retry_after: int

    @property
    def exceeded(self) -> bool:
        return self.count > self.limit


@dataclass(frozen=True)
class Limit:
    """A named limit: at most `limit` events per `window_seconds` per key; past it `code`."""

    name: str
    limit: int
    window_seconds: int
    code: str = "too-many-requests"


def _full_key(key: str) -> str:
    return f"rl:{key}"


async def hit(key: str, limit: int, window_seconds: int) -> Window:
    """Count one event under `key`; the window starts at the first event."""
    full_key = _full_key(key)
    async with get_redis().pipeline(transaction=True) as pipe:
        pipe.incr(full_key)
        pipe.expire(full_key, window_seconds, nx=True)
        pipe.ttl(full_key)
        count, _, ttl = await pipe.execute()
    return Window(count=int(count), limit=limit, retry_after=max(int(ttl), 0))


async def consume(limit: Limit, *parts: object) -> Window:
    """Count one event of `limit` for the key made of `parts`; refuse it (429) past the limit."""
    window = await hit(limit_key(limit, *parts), limit.limit, limit.window_seconds)
    if window.exceeded:
        raise AppError(limit.code, status=429, value={"retryAfter": window.retry_after})
    return window


def limit_key(limit: Limit, *parts: object) -> str:
    return ":".join([limit.name, *(str(part) for part in parts)])


async def undo(key: str, window_seconds: int) -> None:
    """Take back one counted event (a try that proved good). Should the window have ended
    in between, the fresh key keeps the window's expiry instead of living forever."""
    full_key = _full_key(key)
    async with get_redis().pipeline(transaction=True) as pipe:
        pipe.decr(full_key)
        pipe.expire(full_key, window_seconds, nx=True)
        await pipe.execute()


async def extend(key: str, seconds: int) -> None:
    """Keep a counter (and so the refusal it causes) for `seconds` from now."""
    await get_redis().expire(_full_key(key), seconds)


async def peek(key: str) -> int:
    value = await get_redis().get(_full_key(key))
    return int(value) if value else 0


async def reset(key: str) -> None:
    await get_redis().delete(_full_key(key))


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
