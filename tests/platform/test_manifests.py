"""The manifests (app/core/manifests.py): every router a module of app/api defines is declared,
so that the API serves it, and the money routers are matched before the others."""

from __future__ import annotations

import importlib
import pkgutil

from fastapi import APIRouter
from fastapi.routing import iter_route_contexts

import app.api
from app.api.main import create_api
from app.api.wps import system
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
