"""Column types shared by every table."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import DateTime, TypeDecorator
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import class_mapper
from sqlmodel import SQLModel

_Row = TypeVar("_Row", bound=SQLModel)

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


@functools.cache
def _defaults(model: type[SQLModel]) -> tuple[tuple[str, Any, Callable[[], Any] | None], ...]:
    """A table's fields with a default: (name, default, default factory)."""
    return tuple(
        (name, field.default, field.default_factory)  # type: ignore[misc]
        for name, field in model.model_fields.items()
        if not field.is_required()
    )


def new_row(model: type[_Row], **values: Any) -> _Row:
    """A new row of a table, built as the ORM builds one it loads: the values (and the other
    fields' defaults) go straight into the instance, unvalidated, with no attribute event. For
    a row written by a statement of its own (never by a session's flush) on a hot path: the
    model's own constructor (pydantic's defaults, an ORM event per field) cost a seamless
    wallet call 150 µs a row. Later changes of its fields are the ORM's as usual."""
    row: _Row = class_mapper(model).class_manager.new_instance()
    fields = row.__dict__
    for name, default, factory in _defaults(model):
        if name not in values:
            fields[name] = factory() if factory is not None else default
    fields.update(values)
    object.__setattr__(row, "__pydantic_fields_set__", set(values))
    return row


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
