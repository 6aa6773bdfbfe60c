"""Redis when REDIS_URL is set, else an in-process fakeredis: same API either way."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar, cast

import fakeredis
from pydantic import TypeAdapter, ValidationError
from redis.asyncio import BlockingConnectionPool, Redis

from app.core.config import get_settings

_client: Redis | None = None
T = TypeVar("T")
POOL_WAIT_SECONDS = 5.0  # a caller waits this long for a free connection, then fails (transient)


def get_redis() -> Redis:
    """The process's client. Its pool is bounded (`redis_max_connections`): a burst (a Crash
    round's thousand bets arriving at once) queues for a few connections instead of opening
    one each, which cost a connection's handshake per caller (five times the command) and
    left a thousand idle connections per process on the server."""
    global _client
    if _client is None:
        settings = get_settings()
        if settings.redis_url:
            pool = BlockingConnectionPool.from_url(
                settings.redis_url,
                max_connections=settings.redis_max_connections,
                timeout=POOL_WAIT_SECONDS,
                decode_responses=True,
                health_check_interval=30,
            )
            _client = Redis.from_pool(pool)  # closing the client closes its pool
        else:
            _client = fakeredis.FakeAsyncRedis(decode_responses=True)
    return _client


def is_shared() -> bool:
    """Whether the cache is shared with other processes (a real Redis): an in-process
    fakeredis holds only what this process wrote there."""
    return bool(get_settings().redis_url)


async def close_redis() -> None:
    global _client
    if _client is not None:
        await _client.aclose()
    _client = None


async def cached_json(key: str, loader: Callable[[], Awaitable[T]], ttl: int | None = None) -> T:
    """Read a JSON value from the cache, or load it, store it and return it. `T` is what the
    loader returns: JSON-shaped (str keys, JSON values), so it reads back as the same type."""
    redis = get_redis()
    hit = await redis.get(key)
    if hit is not None:
        loaded: T = json.loads(hit)
        return loaded
    value = await loader()
    await redis.set(key, json.dumps(value), ex=ttl or get_settings().cache_ttl_seconds)
    return value


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}  # one per shape: making one takes a while


async def cached_value(
    key: str, shape: type[T], loader: Callable[[], Awaitable[T]], ttl: int | None = None
) -> T:
    """`cached_json` for a value of a declared shape (dataclasses, lists of them, decimals,
    dates): stored as its JSON and read back as that shape. A stored value of another shape
    (an older release's, still within its TTL) is a miss: loaded again and stored anew."""
    adapter = _ADAPTERS.get(shape) or _ADAPTERS.setdefault(shape, TypeAdapter(shape))

    async def dumped() -> Any:
        return adapter.dump_python(await loader(), mode="json")

    try:
        found: T = adapter.validate_python(await cached_json(key, dumped, ttl))
    except ValidationError:
        await invalidate(key)
        found = adapter.validate_python(await cached_json(key, dumped, ttl))
    return found


async def invalidate(*keys: str) -> None:
    if keys:
        await get_redis().delete(*keys)


async def invalidate_prefix(prefix: str) -> None:
    redis = get_redis()
    batch = [key async for key in redis.scan_iter(match=f"{prefix}*", count=500)]
    if batch:
        await redis.delete(*batch)


# redis-py types its hash commands for the sync and async clients at once (`Awaitable[T] | T`):
# these await them on the async client with the type the server returns.


async def hash_set(key: str, mapping: Mapping[str, str | int]) -> int:
    return await cast("Awaitable[int]", get_redis().hset(key, mapping=dict(mapping)))


async def hash_get_all(key: str) -> dict[str, str]:
    return await cast("Awaitable[dict[str, str]]", get_redis().hgetall(key))


async def hash_incr(key: str, field: str, amount: int = 1) -> int:
    return await cast("Awaitable[int]", get_redis().hincrby(key, field, amount))
