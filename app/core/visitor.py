"""Who is asking, as far as the network tells: the visitor's address and country.

The one place that reads them, for the API (`app.api.deps`) and the site (`state.site`):
`X-Forwarded-For` counts only through `TRUSTED_PROXY_HOPS` proxies (the address the last
trusted proxy saw), and the country only from the `COUNTRY_HEADER` such a proxy sets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.core.config import get_settings

UNKNOWN_ADDRESS = "unknown"


@dataclass(frozen=True)
class Visitor:
    ip: str
    country: str | None


def visitor_address(peer: str | None, forwarded_for: str | None) -> str:
    """The visitor's address: the connection's peer, or with N trusted proxy hops in front,
    the N-th address from the right of X-Forwarded-For (each proxy appends its peer)."""
    hops = get_settings().trusted_proxy_hops
    if hops and forwarded_for:
        chain = [part.strip() for part in forwarded_for.split(",") if part.strip()]
        if len(chain) >= hops:
            return chain[-hops]
    return peer or UNKNOWN_ADDRESS


def visitor_country(header: Callable[[str], str | None]) -> str | None:
    """The country code the trusted proxy sends in COUNTRY_HEADER; `header` reads a request
    header by its lower-case name."""
    name = get_settings().country_header
    return (header(name.lower()) or None) if name else None


def visitor(peer: str | None, header: Callable[[str], str | None]) -> Visitor:
    """Address and country of a request; `header` reads a header by its lower-case name."""
    return Visitor(
        ip=visitor_address(peer, header("x-forwarded-for")),
        country=visitor_country(header),
    )


def served_over_https(scheme: str, forwarded_proto: str | None) -> bool:
    """Whether the visitor's connection is HTTPS: the server's own scheme, or behind trusted
    proxy hops the scheme the nearest trusted proxy reports in X-Forwarded-Proto."""
    if scheme in ("https", "wss"):
        return True
    hops = get_settings().trusted_proxy_hops
    if hops and forwarded_proto:
        chain = [part.strip().lower() for part in forwarded_proto.split(",") if part.strip()]
        return bool(chain) and chain[-1] == "https"
    return False
