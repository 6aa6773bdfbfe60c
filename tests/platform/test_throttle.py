"""Throttles ("once per second") on the caller's clock: tests move the clock, never sleep."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from uuid import uuid4

import pytest

from app.core import clock, rate_limit

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _at(seconds: float) -> datetime:
    return START + timedelta(seconds=seconds)


async def test_one_event_per_window_and_refusals_do_not_push_it_back() -> None:
    key = f"test:{uuid4().hex}"
    assert await rate_limit.throttle(key, 1, _at(0))
    assert not await rate_limit.throttle(key, 1, _at(0.5))
    assert not await rate_limit.throttle(key, 1, _at(0.99))
    assert await rate_limit.throttle(key, 1, _at(1.0))
    assert not await rate_limit.throttle(key, 1, _at(1.5))
    assert await rate_limit.throttle(key, 1, _at(60))


async def test_racing_callers_let_one_through() -> None:
    key = f"test:{uuid4().hex}"
    allowed = await asyncio.gather(*(rate_limit.throttle(key, 1, _at(0)) for _ in range(20)))
    assert allowed.count(True) == 1


def test_the_clock_moves_forward_and_back_to_now() -> None:
    before = clock.now()
    clock.advance(3600)
    assert clock.now() - before >= timedelta(hours=1)
    clock.reset()
    assert clock.now() - before < timedelta(minutes=5)
