"""The SQL statements a block sends, in order, with their parameters: those SQLAlchemy executes
(its engines' events) and those the driver sends as they are (`app.core.db.send_as_is`, which
passes no engine event)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import psycopg
from sqlalchemy import event

from app.core.db import engines

Statement = tuple[str, Any]  # its text, and its parameters as sent (a list for executemany)


@contextmanager
def statements_sent() -> Iterator[list[Statement]]:
    sent: list[Statement] = []

    def executed(_connection: object, _cursor: object, text: str, parameters: Any, *_: Any) -> None:
        sent.append((text, dict(parameters) if isinstance(parameters, Mapping) else parameters))

    as_is = psycopg.AsyncConnection.execute

    async def sent_as_is(driver: Any, query: Any, params: Any = None, **options: Any) -> Any:
        sent.append((str(query), dict(params or {})))  # the ledger's posts: one row each
        return await as_is(driver, query, params, **options)

    targets = [engine.sync_engine for engine in engines()]
    for target in targets:
        event.listen(target, "before_cursor_execute", executed)
    psycopg.AsyncConnection.execute = sent_as_is  # type: ignore[method-assign,assignment]
    try:
        yield sent
    finally:
        psycopg.AsyncConnection.execute = as_is  # type: ignore[method-assign]
        for target in targets:
            event.remove(target, "before_cursor_execute", executed)
