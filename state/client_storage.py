"""Values the browser keeps for the page state (`rx.Cookie`, `rx.LocalStorage`,
`rx.SessionStorage` vars) come back with every connection and every synced change, and
anyone can write anything there. Each var is classified once below by its browser key, with
the shape its value must have (text, bounded); Reflex sets such values through one function
(`reflex.state._apply_client_storage_vars`, used by `hydrate_and_load` and
`update_vars_internal`), which `bound_client_storage` wraps: a value of another type, too
long or of the wrong shape is replaced by the var's default before any state sees it (the
browser then gets the default back), and a key naming no client-storage var is dropped.
tests/platform/test_client_storage.py fails on a client-storage var that is not classified."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import reflex.state as reflex_state
from reflex.istate.storage import ClientStorageBase
from reflex.state import BaseState, State
from reflex_base.constants.state import FIELD_MARKER

from app.core.quiet_log import QuietLog
from app.services.content.announcements import MEMBER_MARKER, VISITOR_MARKER
from app.services.studio.seeds import DEMO_ID_PATTERN

logger = logging.getLogger(__name__)
refusals = QuietLog(logger, 60.0)
# More keys than the site has client-storage vars: not the site's own page.
MAX_KEYS = 32
FLAG = re.compile(r"1?")
# The browser key of each client-storage var and the shape of its value.
SHAPES: dict[str, re.Pattern[str]] = {
    "lang": re.compile(r"(?:[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?)?"),
    "hisLang": re.compile(r"(?:[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?)?"),
    "balanceHidden": FLAG,
    "pageLoad": re.compile(r"[0-9a-z]{0,40}"),  # assets/page-load.js: time and random, base 36
    "rememberUsername": re.compile(r"[\w.@+-]{0,64}"),
    "rememberMobile": re.compile(r"[0-9+() -]{0,24}"),
    MEMBER_MARKER: FLAG,
    VISITOR_MARKER: FLAG,
    "sideMenu": re.compile(r"[01]?"),
    "studioDemo": re.compile(f"(?:{DEMO_ID_PATTERN.pattern})?"),
    "studioHotkeys": re.compile(r"on|off"),
}

Apply = Callable[[BaseState, dict[str, Any]], Awaitable[list[tuple[BaseState, str]]]]


def storage_key(state: type[BaseState], var_name: str) -> str | None:
    """The browser key of a client-storage var, or None if the var is none."""
    field = state.get_fields().get(var_name)
    default = field.default if field is not None else None
    if not isinstance(default, ClientStorageBase):
        return None
    return getattr(default, "name", None) or var_name


def checked_value(key: object, value: object) -> tuple[bool, object]:
    """Whether `key` names a client-storage var, and the value to set: `value` when it has
    its var's shape, else the var's default."""
    if not isinstance(key, str) or len(key) > 512:
        return False, None
    state_name, _, var_name = key.rpartition(".")
    var_name = var_name.removesuffix(FIELD_MARKER)
    try:
        state = State.get_class_substate(state_name)
    except ValueError:
        return False, None
    name = storage_key(state, var_name)
    if name is None:
        return False, None
    shape = SHAPES.get(name)
    if isinstance(value, str) and shape is not None and shape.fullmatch(value):
        return True, value
    refusals.warning("client-storage", "dropped a browser value for %r", name[:64])
    return True, str(state.get_fields()[var_name].default)


def checked_vars(vars: object) -> dict[str, Any]:
    """The browser's client-storage values, each of its shape or reset to its default."""
    if not isinstance(vars, dict) or len(vars) > MAX_KEYS:
        if vars:
            refusals.warning("client-storage", "dropped a browser storage update")
        return {}
    checked: dict[str, Any] = {}
    for key, value in vars.items():
        known, kept = checked_value(key, value)
        if known:
            checked[key] = kept
    return checked


def bound_client_storage() -> None:
    """Put the check in front of the one function Reflex sets client-storage vars with."""
    apply: Apply = reflex_state._apply_client_storage_vars

    async def apply_checked(state: BaseState, vars: dict[str, Any]) -> list[tuple[BaseState, str]]:
        return await apply(state, checked_vars(vars))

    reflex_state._apply_client_storage_vars = apply_checked
