"""Which web origins may use the site's websocket and API from a browser: the site's own
(the page and the server share scheme, host and port), every brand's domains, and the
`ALLOWED_ORIGINS` setting. Anything else is another site and is refused."""

from __future__ import annotations

from urllib.parse import urlsplit

from app.core.config import get_settings
from app.services.brands import brands

WEB_SCHEMES = ("http", "https")


def _host(netloc: str) -> str:
    return netloc.rsplit("@", 1)[-1].split(":")[0].lower()


async def host_served(host: str | None) -> bool:
    """Whether this server answers a request for `host` (the Host header): with
    DOMAIN_CHECK on, only the brands' domains and SERVED_HOSTS, so a domain that someone
    else points at the server shows nothing of the platform."""
    settings = get_settings()
    if not settings.domain_check:
        return True
    name = _host(host or "")
    if name in {h.strip().lower() for h in settings.served_hosts}:
        return True
    return name in await brands.current_domains()


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """Whether a browser page of `origin` may talk to this server, reached as `host`."""
    if not origin:
        return True  # not a browser's cross-origin call (same-origin GETs, native apps)
    parts = urlsplit(origin.strip())
    if parts.scheme not in WEB_SCHEMES or not parts.netloc or parts.path not in ("", "/"):
        return False
    if host and parts.netloc.lower() == host.strip().lower():
        return True
    extra = {o.strip().rstrip("/").lower() for o in get_settings().allowed_origins}
    if f"{parts.scheme}://{parts.netloc}".lower() in extra:
        return True
    return _host(parts.netloc) in brands.domains()
