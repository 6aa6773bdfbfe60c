"""Redis when REDIS_URL is set, else an in-process fakeredis: same API either way."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import fakeredis
from redis.asyncio import Redis

from app.core.config import get_settings

_client: Redis | None = None


def get_redis() -> Redis:
    global _client
    if _client is None:
        url = get_settings().redis_url
        if url:
            _client = Redis.from_url(url, decode_responses=True, health_check_interval=30)
        else:
            _client = fakeredis.FakeAsyncRedis(decode_responses=True)
    return _client


async def close_redis() -> None:
    global _client
    if _client is not None:
        await _client.aclose()
    _client = None


async def cached_json(
    key: str, loader: Callable[[], Awaitable[Any]], ttl: int | None = None
) -> Any:
    """Read a JSON value from the cache, or load it, store it and return it."""
    redis = get_redis()
    hit = await redis.get(key)
    if hit is not None:
        return json.loads(hit)
    value = await loader()
    await redis.set(key, json.dumps(value), ex=ttl or get_settings().cache_ttl_seconds)
    return value


async def invalidate(*keys: str) -> None:
    if keys:
        await get_redis().delete(*keys)


async def invalidate_prefix(prefix: str) -> None:
    redis = get_redis()
    batch = [key async for key in redis.scan_iter(match=f"{prefix}*", count=500)]
    if batch:
        await redis.delete(*batch)
