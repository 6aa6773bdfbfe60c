"""The one error type that services raise; adapters turn it into a translated answer."""

from __future__ import annotations

from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError


class AppError(Exception):
    """A failure the user can be told about: a stable catalog code, an HTTP status, params."""

    def __init__(
        self,
        code: str,
        status: int = 400,
        params: dict[str, Any] | None = None,
        value: Any = None,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params or {}
        self.value = value


def transient(failure: BaseException) -> bool:
    """A dependency's passing failure, which asking again later may get past: a database
    refusing or cutting connections (a restart, a failover, a full server), a lock timeout, a
    pool with no connection free in time, Redis out of reach."""
    if isinstance(failure, DBAPIError):
        return isinstance(failure, OperationalError) or failure.connection_invalidated
    return isinstance(failure, PoolTimeoutError | RedisConnectionError | RedisTimeoutError)
