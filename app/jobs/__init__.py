"""Scheduled work. Each run of a job is idempotent, and one runner at a time does it: the
run holds a Redis lock (SET NX EX), so a second runner started meanwhile skips its turn."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from redis.asyncio import Redis
from redis.exceptions import WatchError

from app.core.cache import get_redis

LOCK_SECONDS = 300


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
    try:
        return JobRun(name=name, ran=True, changed=await work())
    finally:
        await _release(redis, key, token)
