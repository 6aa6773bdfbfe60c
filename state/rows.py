"""Display rows built from a service's view: one mapper instead of a field-by-field copy in
every state (`Row(a=v.a, b=v.b, ...)`)."""

from dataclasses import fields, is_dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypeVar, get_type_hints

Row = TypeVar("Row")


def text(value: object) -> str:
    """A value as a row's text: an absent one (None) as empty, never "None"."""
    return "" if value is None else str(value)


def iso_text(value: date | None) -> str:
    """A moment or a day as a row's text, in ISO (the page writes it the reader's way); an
    absent one as empty."""
    return "" if value is None else value.isoformat()


def epoch_ms(moment: datetime) -> int:
    """A moment as the browser's clock counts it: milliseconds since the epoch."""
    return int(moment.timestamp() * 1000)


def plain_money(value: Decimal) -> str:
    """An amount as a row holds it for the page to write in the reader's locale: a plain
    number to the cent ("1234.50")."""
    return str(value.quantize(Decimal("0.01")))


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_types(kind: type) -> tuple[tuple[str, Any], ...]:
    known = _FIELD_TYPES.get(kind)
    if known is None:
        if not is_dataclass(kind):
            raise TypeError(f"{kind.__name__} is not a dataclass")
        hints = get_type_hints(kind)
        known = tuple((field.name, hints[field.name]) for field in fields(kind) if field.init)
        _FIELD_TYPES[kind] = known
    return known


def row_of(kind: type[Row], source: object, /, **given: Any) -> Row:
    """A `kind` row whose fields take `given`'s values, else `source`'s attribute of the same
    name, else their defaults. A copied value must already have the field's plain type (a
    `str` field takes a `str`, not an amount or a date): what needs formatting for the reader's
    locale is passed in `given`, so no figure is shown unformatted by accident."""
    values: dict[str, Any] = {}
    for name, hint in _field_types(kind):
        if name in given:
            values[name] = given.pop(name)
            continue
        if not hasattr(source, name):
            continue
        value = getattr(source, name)
        if isinstance(hint, type) and not isinstance(value, hint):
            raise TypeError(
                f"{kind.__name__}.{name} takes {hint.__name__}, not {type(value).__name__}"
            )
        values[name] = value
    if given:
        raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(given))}")
    return kind(**values)
