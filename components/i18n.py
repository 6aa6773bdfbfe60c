"""`t(key)`: a visible string in the visitor's language, reactive to language changes."""

from __future__ import annotations

import reflex as rx

from app.core.i18n import has_key
from state.site import SiteState


def t(key: str) -> rx.Var[str]:
    if not has_key(key):
        raise KeyError(f"missing catalog key {key!r}")  # caught at compile time, not by users
    return SiteState.texts[key].to(str)
