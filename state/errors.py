"""Turning a service error into what a form shows: a message per field, or one message."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate


def describe(exc: AppError, lang: str) -> tuple[dict[str, str], str]:
    """Field messages for a `validation-failed` error; otherwise the error's own message."""
    fields = exc.value.get("fields") if isinstance(exc.value, dict) else None
    messages = {p["field"]: translate(p["code"], lang, **p.get("params", {})) for p in fields or []}
    return messages, ("" if fields else translate(exc.code, lang, **exc.params))


def show_first_error(form_testid: str) -> Any:
    """After a refusal: the view moves to where the error is (the first field in error,
    focused, else the form's own message beside its button), so the eye finds it."""
    return rx.call_script(
        "setTimeout(() => {"
        f"const form = document.querySelector('[data-testid={form_testid}]');"
        "if (!form) return;"
        "const field = form.querySelector('[aria-invalid=true]');"
        "const message = [...form.querySelectorAll('[data-testid=form-error]')]"
        ".find((m) => m.textContent.trim());"
        "const target = field || message;"
        "if (!target) return;"
        "const folded = target.closest('details');"
        "if (folded) folded.open = true;"
        "target.scrollIntoView({block: 'center'});"
        "if (field) field.focus({preventScroll: true});"
        "}, 80)"
    )
