"""The manifests (app/core/manifests.py): every router a module of app/api defines is declared,
so that the API serves it, and the money routers are matched before the others."""

from __future__ import annotations

import importlib
import pkgutil
import re

from fastapi import APIRouter
from fastapi.routing import iter_route_contexts

import app.api
from app.api.content import system
from app.api.main import create_api
from app.core.manifests import declared


def _modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(app.api.__path__, "app.api.")]


def test_every_router_a_module_defines_is_declared() -> None:
    routers = [*declared(app.api, "MONEY_ROUTERS"), *declared(app.api, "ROUTERS")]
    assert len(routers) == len({id(router) for router in routers})
    for name in _modules():
        for attribute, value in vars(importlib.import_module(name)).items():
            if isinstance(value, APIRouter):
                assert any(value is router for router in routers), f"{name}.{attribute}"


def test_the_money_calls_are_matched_before_the_others() -> None:
    paths = [context.path for context in iter_route_contexts(create_api().routes)]
    hot = {path for path, *_ in system.HOT_ROUTES}  # the status call, answered before all
    first_other = min(
        index for index, path in enumerate(paths) if path.startswith("/wps/") and path not in hot
    )
    for money in ("/vendor/{vendorCode}/wallet/debit", "/studio/rounds", "/lgw/lotto/bets"):
        assert paths.index(money) < first_other, money


def _direct() -> set[tuple[str, str]]:
    """The (method, path) of the calls answered by a plain route ahead of their FastAPI twin
    (DIRECT_ROUTES)."""
    return {
        (method, route.path)
        for route in declared(app.api, "DIRECT_ROUTES")
        for method in route.methods or ()
        if method != "HEAD"
    }


def test_no_route_is_shadowed_by_one_matched_before_it() -> None:
    """The API matches routes in the order the manifests give (modules in name order): a
    route whose path an earlier route of the same method also matches would never answer.
    A direct route (DIRECT_ROUTES) answers ahead of the FastAPI route of its own method and
    path, which stays for OpenAPI: that one, and no other, it shadows."""
    direct = _direct()
    seen: list[tuple[re.Pattern[str], set[str], str]] = []
    for context in iter_route_contexts(create_api().routes):
        methods = set(getattr(context.route, "methods", None) or ())
        concrete = re.sub(r"\{[^}]+\}", "x1", context.path)
        shadows = [
            path
            for pattern, earlier, path in seen
            if methods & earlier
            and pattern.match(concrete)
            and not (path == context.path and {(m, path) for m in methods - {"HEAD"}} <= direct)
        ]
        assert shadows == [], f"{context.path} is answered by {shadows}"
        seen.append((context.route.path_regex, methods, context.path))


def test_every_direct_route_has_its_fastapi_twin_documented() -> None:
    """A direct route answers a call OpenAPI documents by its FastAPI twin (same method and
    path), which answers a call the direct one does not match."""
    api = create_api()
    documented = {
        (method, context.path)
        for context in iter_route_contexts(api.routes)
        if getattr(context, "include_in_schema", False)
        for method in getattr(context.route, "methods", None) or ()
    }
    assert _direct() and _direct() <= documented
    operations = api.openapi()["paths"]
    for method, path in _direct():
        assert method.lower() in operations[path], (method, path)
