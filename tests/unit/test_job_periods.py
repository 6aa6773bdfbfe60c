"""Scheduled jobs across processes: each period is claimed once, whoever asks first."""

from __future__ import annotations

import asyncio
import secrets

from app.jobs import claim_period


async def test_each_period_is_claimed_once_by_many_runners() -> None:
    name = f"test-job-{secrets.token_hex(4)}"
    boundary = 1_000_000 * 60.0
    # Nine runners whose timers fire on the same boundary, some of them late.
    claims = await asyncio.gather(
        *(claim_period(name, 60.0, now=boundary + offset) for offset in (0, 0.01, 45.0) * 3)
    )
    assert claims.count(True) == 1
    # A timer firing a moment early asks for the period before: already taken.
    assert not await claim_period(name, 60.0, now=boundary + 59.996)
    assert await claim_period(name, 60.0, now=boundary + 60.0)
