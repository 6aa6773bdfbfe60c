"""The demo's brands side by side (spec: a multi-brand platform): while the demo parts run,
the home page says which brand it shows and where this machine opens each of the others.

A brand opens here on its `localhost` domain (browsers send any `*.localhost` name to this
machine, so no hosts file is needed), on the port the page came through. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.services.brands import Brand

LOCAL_HOSTS = ("localhost", "127.0.0.1")
LOCAL_SUFFIX = ".localhost"


@dataclass(frozen=True)
class DemoBrand:
    code: str
    name: str
    address: str  # where this machine's browser opens it; "" when none of its domains is local
    current: bool  # the brand of the page


def local_domain(brand: Brand) -> str:
    """The brand's first domain this machine serves, "" when it has none."""
    return next(
        (
            route.domain
            for route in brand.domains
            if route.domain in LOCAL_HOSTS or route.domain.endswith(LOCAL_SUFFIX)
        ),
        "",
    )


def demo_brands(every: Iterable[Brand], current: str, host: str | None) -> list[DemoBrand]:
    """Every brand with its local address on the page's port (`host`: the page's Host)."""
    _, colon, port = (host or "").rpartition(":")
    suffix = f":{port}" if colon and port.isdigit() else ""
    found: list[DemoBrand] = []
    for brand in every:
        domain = local_domain(brand)
        address = f"http://{domain}{suffix}/" if domain else ""
        found.append(DemoBrand(brand.code, brand.name, address, brand.code == current))
    return found
