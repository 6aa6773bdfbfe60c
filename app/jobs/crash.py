"""Crash's driver: one process at a time moves every brand's rounds (opens, cashes out at
targets, settles), the holder of a short lease in Redis; the others only read the rounds.

The lease is not what makes a round settle once (the database guards every step, see
app/services/studio/crash/rounds.py): it only spares the database the same work from every
process. A holder that dies lets its lease expire and another process takes over, settling
whatever crashed meanwhile."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from app.core import clock
from app.core.cache import get_redis
from app.services.studio.crash import rounds

logger = logging.getLogger(__name__)
LEASE_KEY = "crash-driver"
LEASE_MS = 3000
EVERY_SECONDS = 0.2
# The lease is asked for (taken or renewed) once a second, not on every pass: a third of its
# life, so the holder renews it well before it lapses, and a process that is not the holder
# costs Redis one call a second rather than three every 200 ms.
LEASE_CHECK_SECONDS = 1.0


def holder_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{id(asyncio.get_running_loop())}"


async def hold_lease(holder: str) -> bool:
    """Take the lease, or renew it when this holder has it already."""
    redis = get_redis()
    if await redis.set(LEASE_KEY, holder, nx=True, px=LEASE_MS):
        return True
    if await redis.get(LEASE_KEY) == holder:
        await redis.pexpire(LEASE_KEY, LEASE_MS)
        return True
    return False


async def run_forever() -> None:
    holder = holder_id()
    holding, checked = False, -LEASE_CHECK_SECONDS
    while True:
        try:
            if time.monotonic() - checked >= LEASE_CHECK_SECONDS:
                holding, checked = await hold_lease(holder), time.monotonic()
            if holding:
                await rounds.drive(clock.now())
        except Exception:
            logger.exception("the crash driver's pass failed; it runs again")
        await asyncio.sleep(EVERY_SECONDS)


@asynccontextmanager
async def crash_driver() -> AsyncIterator[None]:
    """The driver loop of this app process (a Reflex lifespan task)."""
    task = asyncio.create_task(run_forever())
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
