"""Scheduled work. Each run of a job is idempotent, and one runner at a time does it: the
run holds a Redis lock (SET NX EX), so a second runner started meanwhile skips its turn.
The scheduler also claims each period once (`claim_period`), so processes whose timers fire
a moment apart do not both run the same period."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from redis.asyncio import Redis
from redis.exceptions import WatchError

from app.core.cache import get_redis, hash_incr, hash_set

LOCK_SECONDS = 300
RUNS_KEY = "job-runs:{name}"  # a hash: how many runs did the work, and when the last began


@dataclass(frozen=True)
class JobRun:
    name: str
    ran: bool  # False when another runner held the lock
    changed: int


async def _release(redis: Redis, key: str, token: str) -> None:
    """Delete the lock only while it is still ours; WATCH makes the check and delete atomic."""
    async with redis.pipeline(transaction=True) as pipe:
        try:
            await pipe.watch(key)
            if await pipe.get(key) == token:
                pipe.multi()
                pipe.delete(key)
                await pipe.execute()
        except WatchError:
            return  # it expired and another runner took it meanwhile: not ours to delete


async def run_locked(
    name: str, work: Callable[[], Awaitable[int]], lock_seconds: int = LOCK_SECONDS
) -> JobRun:
    """Run `work` (returning how many things it changed) unless another runner is at it."""
    redis = get_redis()
    key = f"job-lock:{name}"
    token = secrets.token_hex(16)
    if not await redis.set(key, token, nx=True, ex=lock_seconds):
        return JobRun(name=name, ran=False, changed=0)
    runs = RUNS_KEY.format(name=name)
    await hash_incr(runs, "runs")
    await hash_set(runs, {"last_started": f"{time.time():.3f}"})
    try:
        return JobRun(name=name, ran=True, changed=await work())
    finally:
        await _release(redis, key, token)


async def claim_period(name: str, seconds: float, now: float | None = None) -> bool:
    """True for the first runner to claim the period of `seconds` that `now` is in. Every
    process asks; one gets each period. A timer that fires a moment early asks for the
    period before, already taken, and asks again on the boundary."""
    index = int((time.time() if now is None else now) // seconds)
    claimed = await get_redis().set(
        f"job-period:{name}:{index}", "1", nx=True, ex=max(int(seconds * 10), 60)
    )
    return bool(claimed)
