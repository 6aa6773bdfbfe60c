"""The API's calls read from the app at run time and classified by who may make them, from
their FastAPI dependencies: calls added later are classified without anyone listing them."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant

from app.api import deps
from app.api.cashier import withdraw
from app.api.main import api_operations
from app.api.studio import games as studio


class Access(enum.IntEnum):
    """Who may make a call; a higher value is a narrower audience."""

    PUBLIC = 0
    MEMBER = 1  # any logged-in member, trial users included
    REAL = 2  # members with a real account: trial tokens are refused
    AGENT = 3
    OPERATOR = 4
    SERVER = 5  # server-to-server (payment webhooks, vendor seamless wallet): signed, no token
    GAME_SESSION = 6  # the studio's game client: a game session token from a launch, no login
    UNKNOWN = 9  # an access check the matrix does not know


# Dependencies that decide who may call. A new guard must be added here (or be named like
# an agent check), else its calls are UNKNOWN and the authorisation matrix fails.
GUARDS: dict[Callable[..., Any], Access] = {
    deps.current_member: Access.MEMBER,
    deps.real_member: Access.REAL,
    withdraw.operator: Access.OPERATOR,
    studio.game_session: Access.GAME_SESSION,
    # a new studio round: the game session's, refused where and when the site is closed
    studio.studio_open_for_money: Access.GAME_SESSION,
}
# Calls answered to another server, which signs them instead of sending a member's token.
SERVER_PREFIXES = ("/vendor/", "/wps/payment/webhook/")
AREAS = ("/wps/", "/lgw/", "/lotto/lgw/", "/vendor/", "/studio/")


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    access: Access
    # the names of the dependencies that made the access UNKNOWN, for the failure message
    unknown_guards: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}"


def _guards(dependant: Dependant) -> tuple[set[Access], set[str]]:
    """The accesses the call's dependencies demand, and the unknown guards among them: a
    dependency that is not a known guard but depends on one (or is named like an agent or
    operator check) decides who may call in a way this table cannot read."""
    found: set[Access] = set()
    unknown: set[str] = set()
    for dependency in dependant.dependencies:
        call = dependency.call
        if call in GUARDS:
            found.add(GUARDS[call])
            continue
        inner, inner_unknown = _guards(dependency)
        name = getattr(call, "__name__", "").lower()
        if "agent" in name:
            found.add(Access.AGENT)
        elif inner or "operator" in name or "member" in name or "auth" in name:
            unknown.add(f"{getattr(call, '__module__', '?')}.{getattr(call, '__name__', call)}")
        found |= inner
        unknown |= inner_unknown
    return found, unknown


def classify(path: str, dependant: Dependant) -> tuple[Access, tuple[str, ...]]:
    found, unknown = _guards(dependant)
    if unknown:
        return Access.UNKNOWN, tuple(sorted(unknown))
    if path.startswith(SERVER_PREFIXES):
        return Access.SERVER, ()
    return max(found, default=Access.PUBLIC), ()


def operations(api: FastAPI) -> list[Operation]:
    """Every /wps, /lgw, /vendor and /studio call of the app's OpenAPI document, classified."""
    listed = {
        (method.upper(), path)
        for path, methods in api.openapi()["paths"].items()
        for method in methods
        if path.startswith(AREAS)
    }
    found: dict[tuple[str, str], Operation] = {}
    for route in api_operations(api):
        path = route.path_format
        for method in route.methods or ():
            if (method, path) in listed:
                access, unknown = classify(path, route.dependant)
                found[(method, path)] = Operation(method, path, access, unknown)
    for method, path in listed - found.keys():
        # plain Starlette endpoints listed by hand (the status call): public by construction
        found[(method, path)] = Operation(method, path, Access.PUBLIC)
    return sorted(found.values(), key=lambda o: (o.path, o.method))
