"""Which web origins may use the site's websocket and API from a browser: the site's own
(the page and the server share scheme, host and port), every brand's domains on the scheme
and port the site is published on (`PUBLIC_BASE_URL`), and the `ALLOWED_ORIGINS` setting.
Origins are compared whole (scheme, host and port; a default port counts as none): a brand's
host on another scheme or port is another site and is refused, as is anything else."""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit

from app.core.config import get_settings
from app.services.brands import brands

WEB_SCHEMES = ("http", "https")
DEFAULT_PORTS = {"http": 80, "https": 443}


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


def _canonical(parts: SplitResult) -> str | None:
    """`scheme://host[:port]` in lower case without a default port, or None when `parts`
    is no web origin (another scheme, a user, a path, a query, a bad port)."""
    if parts.scheme not in WEB_SCHEMES or not parts.hostname or "@" in parts.netloc:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    try:
        port = parts.port
    except ValueError:
        return None
    shown = "" if port is None or port == DEFAULT_PORTS[parts.scheme] else f":{port}"
    return f"{parts.scheme}://{parts.hostname}{shown}"


def canonical_origin(text: str) -> str | None:
    return _canonical(urlsplit(text.strip().lower()))


def brand_origins() -> frozenset[str]:
    """Every brand domain's origin on the site's published scheme and port."""
    public = urlsplit(get_settings().public_base_url.strip().lower())
    origins = (canonical_origin(f"{public.scheme}://{d}{_port(public)}") for d in brands.domains())
    return frozenset(origin for origin in origins if origin is not None)


def public_address(domain: str) -> str:
    """A brand domain's web address on the scheme and port the site is published on: the
    base of the links members share (a referral link opens where the site answers)."""
    public = urlsplit(get_settings().public_base_url.strip().lower())
    return f"{public.scheme or 'https'}://{domain.strip().lower()}{_port(public)}"


def _port(public: SplitResult) -> str:
    try:
        return f":{public.port}" if public.port else ""
    except ValueError:
        return ""


def origin_allowed(origin: str | None, host: str | None, *, https: bool) -> bool:
    """Whether a browser page of `origin` may talk to this server, reached as `host` over
    HTTPS or not (the request's own origin is the site's own)."""
    if not origin:
        return True  # not a browser's cross-origin call (same-origin GETs, native apps)
    found = canonical_origin(origin)
    if found is None:
        return False
    if host and found == canonical_origin(f"{'https' if https else 'http'}://{host}"):
        return True
    extra = {canonical_origin(o) for o in get_settings().allowed_origins}
    return found in extra or found in brand_origins()
