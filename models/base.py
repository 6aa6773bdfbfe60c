"""Column types shared by every table."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, TypeDecorator
from sqlalchemy.engine import Dialect

# The largest id an INTEGER column holds on PostgreSQL: an id read from what someone typed or
# sent is bounded by it, so an out-of-range one finds nothing rather than failing in the database.
MAX_ID = 2_147_483_647


def utcnow() -> datetime:
    return datetime.now(UTC)


def saved_id(value: int | None) -> int:
    """The primary key of a row the database has stored (tables declare `id: int | None`
    because a new instance has none yet)."""
    if value is None:
        raise ValueError("the row is not stored yet: it has no primary key")
    return value


class UTCDateTime(TypeDecorator[datetime]):
    """Stores UTC and always hands back timezone-aware datetimes, on SQLite too."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime refused: store UTC-aware datetimes")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        stored: datetime = value
        return stored.replace(tzinfo=UTC) if stored.tzinfo is None else stored.astimezone(UTC)
