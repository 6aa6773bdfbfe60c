"""Every public event handler of every state is an endpoint any browser can call: each one
is declared with the check it does in its module's HANDLER_CHECKS (the manifest beside the
code), and a handler that is not declared fails this test until it is (with its check).
Handlers that take arguments validate them (state/guard.py).
Also: no state keeps a password, payment password or TOTP secret in a var."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from typing import Any

import reflex as rx
from reflex.state import BaseState

import app.app  # noqa: F401 (registers every state)
import state
from state.guard import CHECKED

# Reflex's own handlers and the check each does; the site's handlers declare theirs in their
# module's HANDLER_CHECKS.
REFLEX: dict[str, str] = {
    "reflex.state.State.hydrate": "Reflex: sends this tab's own state (tab bound to browser)",
    "reflex.state.State.hydrate_and_load": "Reflex: hydrate, then the page's on_load events",
    "reflex.state.State.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.OnLoadInternalState.on_load_internal": "Reflex: the path's on_load events",
    "reflex.state.OnLoadInternalState.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.UpdateVarsInternalState.update_vars_internal": (
        "Reflex: sets only rx.Cookie/rx.LocalStorage vars, the browser's own storage"
    ),
    "reflex.state.FrontendEventExceptionState.handle_frontend_exception": "Reflex: logs only",
}


def declared_rows(manifest: str) -> dict[str, Any]:
    """Every row of a per-handler manifest of the state modules (HANDLER_CHECKS,
    HANDLER_GATES), by the handler's full name, "module.State.handler"."""
    rows: dict[str, Any] = {}
    for info in pkgutil.walk_packages(state.__path__, "state."):
        declared = getattr(importlib.import_module(info.name), manifest, {})
        rows.update({f"{info.name}.{row}": value for row, value in declared.items()})
    return rows


ALLOWED = {**REFLEX, **declared_rows("HANDLER_CHECKS")}
# setvar, on every state, calls only the state's own set_* handlers (each listed above).
SETVAR = "setvar"
# Handlers whose arguments Reflex itself supplies or checks.
UNCHECKED_ARGUMENTS = {name for name in ALLOWED if name.startswith("reflex.")}
SECRET_WORDS = ("password", "secret", "totp_seed", "recovery")


def _states(root: type[BaseState] = rx.State) -> Iterator[type[BaseState]]:
    yield root
    for substate in root.get_substates():
        yield from _states(substate)


def public_handlers() -> dict[str, object]:
    return {
        f"{cls.__module__}.{cls.__name__}.{name}": handler.fn
        for cls in _states()
        for name, handler in cls.event_handlers.items()
        if name != SETVAR
    }


def test_every_public_handler_is_listed_with_its_check() -> None:
    found = public_handlers()
    assert sorted(set(found) - set(ALLOWED)) == [], (
        "public handlers missing from their HANDLER_CHECKS"
    )
    assert sorted(set(ALLOWED) - set(found)) == [], "HANDLER_CHECKS declare handlers that are gone"
    assert all(check.strip() for check in ALLOWED.values())


def test_handlers_with_arguments_check_them() -> None:
    unchecked = []
    for name, fn in public_handlers().items():
        takes = [p for p in inspect.signature(fn).parameters if p != "self"]  # type: ignore[arg-type]
        if takes and name not in UNCHECKED_ARGUMENTS and not getattr(fn, CHECKED, False):
            unchecked.append(name)
    assert unchecked == []


def test_setvar_reaches_only_listed_setters() -> None:
    """setvar(name, value) calls `set_<name>`: every such method is a listed handler."""
    for cls in _states():
        for attribute in dir(cls):
            if attribute.startswith("set_") and attribute in cls.event_handlers:
                assert f"{cls.__module__}.{cls.__name__}.{attribute}" in ALLOWED


def test_helpers_are_private() -> None:
    """The known hole: applying a login was a public handler. Helpers start with _."""
    found = public_handlers()
    for name in ("after_login", "apply", "clear", "login", "show"):
        assert not [h for h in found if h.endswith(f"AuthState.{name}")]


def test_no_state_var_holds_a_secret() -> None:
    for cls in _states():
        if not cls.__module__.startswith("state."):
            continue
        # Its vars, backend (_...) ones too; a flag (has_payment_password) holds no secret.
        names = [n for n, kind in inspect.get_annotations(cls).items() if kind != "bool"]
        assert [n for n in names if any(w in n.lower() for w in SECRET_WORDS)] == [], cls
