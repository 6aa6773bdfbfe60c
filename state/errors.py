"""Turning a service error into what a form shows: a message per field, or one message."""

from __future__ import annotations

from app.core.errors import AppError
from app.core.i18n import translate


def describe(exc: AppError, lang: str) -> tuple[dict[str, str], str]:
    """Field messages for a `validation-failed` error; otherwise the error's own message."""
    fields = exc.value.get("fields") if isinstance(exc.value, dict) else None
    messages = {p["field"]: translate(p["code"], lang, **p.get("params", {})) for p in fields or []}
    return messages, ("" if fields else translate(exc.code, lang, **exc.params))
