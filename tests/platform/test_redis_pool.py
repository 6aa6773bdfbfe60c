"""The process's Redis client (app/core/cache.py): a burst of callers shares a bounded pool of
connections instead of opening one each, and a caller that finds none free in time fails as
a dependency unavailable for a moment does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from app.core import cache, rate_limit
from app.core.cache import close_redis, get_redis
from app.core.config import get_settings
from app.core.errors import transient
from tests.helpers.databases import use_postgres

pytestmark = [
    pytest.mark.engines,
    pytest.mark.skipif(not use_postgres(), reason="a real Redis: TEST_DATABASE=postgres"),
]


@pytest.fixture
async def four_connections(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    await close_redis()
    monkeypatch.setattr(get_settings(), "redis_max_connections", 4)
    yield
    await close_redis()  # the next test's client gets the configured pool again


def _opened() -> int:
    """The connections the client's pool has opened so far."""
    pool = get_redis().connection_pool
    return len(pool._available_connections) + len(pool._in_use_connections)


@pytest.mark.usefixtures("four_connections")
async def test_a_burst_shares_the_pool_s_connections() -> None:
    """A round's bets arrive at once: a thousand rate-limit counts go through four
    connections, each counted."""
    limit = rate_limit.Limit("pool-burst", 5, 60)
    windows = await asyncio.gather(*(rate_limit.consume(limit, n) for n in range(1000)))
    assert [window.exceeded for window in windows] == [False] * 1000
    assert 1 <= _opened() <= 4


@pytest.mark.usefixtures("four_connections")
async def test_a_caller_finding_no_connection_free_fails_as_unavailable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cache, "POOL_WAIT_SECONDS", 0.2)
    await close_redis()  # made again with the shorter wait
    pool = get_redis().connection_pool
    held = [await pool.get_connection() for _ in range(4)]
    try:
        with pytest.raises(RedisConnectionError) as waited:
            await get_redis().get("anything")
        assert transient(waited.value)
    finally:
        for connection in held:
            await pool.release(connection)
    assert await get_redis().get("anything") is None
