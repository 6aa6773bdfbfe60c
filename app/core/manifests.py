"""Manifests instead of hubs: a package's modules each declare what they add under one name
(the pages of `pages/` in `PAGES`, the jobs of `app/jobs/` in `JOBS`, the routers of
`app/api/` in `ROUTERS`), and the one place that needs them all collects the declarations
here, so that adding a page, a job or a router touches only its own module."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any


def declared(package: ModuleType, name: str) -> list[Any]:
    """What the modules of `package` (its subpackages' modules included) declare under `name`,
    modules in name order, each module's items in its own order."""
    found: list[Any] = []
    prefix = f"{package.__name__}."
    for info in sorted(pkgutil.walk_packages(package.__path__, prefix), key=lambda i: i.name):
        found.extend(getattr(importlib.import_module(info.name), name, ()))
    return found
