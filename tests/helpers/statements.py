"""The SQL statements a block sends, in order: those SQLAlchemy executes (its engines'
events) and those the driver sends as they are (`app.core.db.send_as_is`, which passes no
engine event)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from sqlalchemy import event

from app.core.db import engines


@contextmanager
def statements_sent() -> Iterator[list[str]]:
    sent: list[str] = []

    def executed(_connection: object, _cursor: object, statement: str, *_args: object) -> None:
        sent.append(statement)

    as_is = psycopg.AsyncConnection.execute

    async def sent_as_is(driver: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(query))
        return await as_is(driver, query, *args, **kwargs)

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
