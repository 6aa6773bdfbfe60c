"""The site's door of the gates (app/services/gates.py): each state module declares the door
of each of its public handlers in its `HANDLER_GATES` manifest ("Class.handler": door), before
its classes; the console's modules (`console*.py` of any capability) are the staff's door and
Reflex's own handlers the framework's. `gated` runs a handler only once the gates of its row
pass (the visitor's region, maintenance, then trial, barred, exclusion and identity of the
logged-in member). A refusal changes nothing (the handler does not run) and shows its
translated message where the state shows its errors (its `error` or `login_error` var, the
form's error line), else in the warning popup.

The decorator reads the row by the handler's own name as the class is made: a handler its
module leaves open cannot be gated (the import fails), and tests/security/test_gates.py fails
on a gated row whose handler lacks the decorator and on a handler no row classifies.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import reflex as rx
from reflex.istate.proxy import StateProxy

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import gates
from models import Member
from state.guard import refuse
from state.site import SiteState, current_brand, page_visitor

H = TypeVar("H", bound=Callable[..., Any])
# The vars a state shows its errors in (the form's error line), first found first.
ERROR_VARS = ("error", "login_error")
# A state with an `error_link` var shows the page that lifts a refusal (routes.remedy) beside
# the message, the warning popup beside its own (components/forms.py refusal_remedy).
LINK_VAR = "error_link"

GATED = "__gated_door__"
# The console's modules: their handlers pass the console's own login, permission and audit.
CONSOLE_MODULE = re.compile(r"^state\.(\w+\.)?console(_\w+)?$")


def handler_door(name: str) -> gates.Door:
    """The door of a public handler, "module.State.handler": its module's `HANDLER_GATES`
    row, the console's or Reflex's family, else `gates.UNCLASSIFIED` (every gate)."""
    parts = name.split(".")
    at = next((i for i, part in enumerate(parts) if part[:1].isupper()), len(parts))
    module, row = ".".join(parts[:at]), ".".join(parts[at:])
    if module.startswith("reflex."):
        return gates.FRAMEWORK
    if CONSOLE_MODULE.match(module):
        return gates.STAFF
    # The module itself while it is being imported (a decorated class of it is being made).
    declared = getattr(importlib.import_module(module), "HANDLER_GATES", {})
    return declared.get(row, gates.UNCLASSIFIED)


# The logged-in member of an event, or None: state.accounts.auth (which imports this module)
# sets it.
_member_of: list[Callable[[Any], Awaitable[Member | None]]] = []


def on_member(find: Callable[[Any], Awaitable[Member | None]]) -> None:
    _member_of[:] = [find]


async def enforce(state: rx.State, door: gates.Door) -> None:
    """AppError when a gate of the door refuses this event's visitor or member."""
    seen = page_visitor(state)
    brand = await current_brand(state)
    gates.enforce_site(door, brand, seen.ip, seen.country)
    if door.gates & gates.MEMBER_GATES and _member_of:
        member = await _member_of[0](state)
        if member is not None:
            await gates.enforce_member(door, brand, member, clock.now())


async def _refused(state: Any, exc: AppError) -> Any:
    shown = getattr(type(state), "base_vars", {})
    field = next((name for name in ERROR_VARS if name in shown), None)
    if field is None:
        return await refuse(state, exc.code)
    language = (await state.get_state(SiteState)).ui_lang
    setattr(state, field, translate(exc.code, language, **exc.params))
    if LINK_VAR in shown:
        setattr(state, LINK_VAR, routes.remedy(exc.code))
    return None


def gated(handler: H) -> H:
    """The gates of the handler's row in the gate table, before the handler runs."""
    name = f"{handler.__module__}.{handler.__qualname__}"
    door = handler_door(name)
    if door is gates.UNCLASSIFIED:
        raise TypeError(f"{name} has no row in its module's HANDLER_GATES (before its class)")
    if door.open:
        raise TypeError(f"{name} is open in the gate table ({door.reason}): nothing to gate")

    @functools.wraps(handler)
    async def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            await enforce(self, door)
        except AppError as exc:
            # A background task holds no lock on the state: it only refuses.
            return None if isinstance(self, StateProxy) else await _refused(self, exc)
        result = handler(self, *args, **kwargs)
        return await result if inspect.isawaitable(result) else result

    setattr(guarded, GATED, name)
    return guarded  # type: ignore[return-value]
