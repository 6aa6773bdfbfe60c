"""Scheduled jobs across processes: each period is claimed once, whoever asks first."""

from __future__ import annotations

import asyncio
import secrets

from app.jobs import claim_period


async def test_each_period_is_claimed_once_by_many_runners() -> None:
    name = f"test-job-{secrets.token_hex(4)}"
    boundary = 1_000_000 * 60.0
    # Nine runners whose timers fire around the same boundary, a few ms early or late.
    claims = await asyncio.gather(
        *(claim_period(name, 60.0, now=boundary + offset) for offset in (-0.004, 0, 0.01) * 3)
    )
    assert claims.count(True) == 1
    assert await claim_period(name, 60.0, now=boundary + 60.0)
    assert not await claim_period(name, 60.0, now=boundary + 60.2)
