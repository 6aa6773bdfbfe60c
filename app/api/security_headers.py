"""Security headers on every answer of the process: the built pages, assets and the API.

A middleware of the API app (`app.api.main`); Reflex mounts the site inside that app
(`api_transformer`), so the static pages its backend serves in production get them as well as
the API's JSON.

The Content-Security-Policy allows scripts from this origin and the inline scripts of the
frontend build by their SHA-256 hashes (read once from the built pages), plus `'unsafe-eval'`:
Reflex runs `rx.call_script` code with `eval`. Styles allow `'unsafe-inline'`: the prerendered
pages carry `style` attributes. Frames and pictures may also come from the game providers'
origins (a live table's chat room, its hosts' pictures). A JSON answer gets a policy that
allows nothing (`DATA_POLICY`). Set-Cookie answers get HttpOnly, SameSite=Lax and, over HTTPS,
Secure when they lack them.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from time import monotonic
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.config import get_settings
from app.core.errors import AppError
from app.core.visitor import served_over_https
from app.services.brands import brands

HSTS = "max-age=31536000; includeSubDomains"
# Google Analytics (gtag.js), allowed only on the domains of a brand with a measurement id.
ANALYTICS_SCRIPT_SOURCES = ("https://www.googletagmanager.com",)
ANALYTICS_CONNECT_SOURCES = (
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
)
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL)
# The API's interactive documentation loads Swagger UI from its CDN with an inline script.
DOCS_PATHS = ("/docs", "/redoc")
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; "
    "object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
)
# A JSON answer is data, never a document that runs or loads anything (the OWASP REST
# guidance); a fixed policy also spares the hottest calls working out the pages' one.
DATA_POLICY = "default-src 'none'; frame-ancestors 'self'"


def build_directory() -> Path:
    """Where the production build of the pages is (served by the backend): found once per
    web folder, not at every answer (resolving it reads the disk)."""
    return _build_directory(os.environ.get("REFLEX_WEB_WORKDIR", ""))


@cache
def _build_directory(web_workdir: str) -> Path:
    from reflex.utils import prerequisites
    from reflex_base import constants

    return (prerequisites.get_web_dir() / constants.Dirs.STATIC).resolve()


_hashes: dict[Path, tuple[str, ...]] = {}
_looked_in_vain: dict[Path, float] = {}  # when a folder without a build was last read
NO_BUILD_RECHECK_SECONDS = 2.0


def inline_script_hashes(directory: Path) -> tuple[str, ...]:
    """The CSP sources of every inline script of the built pages, sorted; read once per
    process once a build is there (before that, at most every NO_BUILD_RECHECK_SECONDS: the
    API alone has no build, and `reflex run` starts the backend while it still builds)."""
    if directory in _hashes:
        return _hashes[directory]
    if monotonic() - _looked_in_vain.get(directory, -NO_BUILD_RECHECK_SECONDS) < (
        NO_BUILD_RECHECK_SECONDS
    ):
        return ()
    found: set[str] = set()
    for page in directory.rglob("*.html"):
        for body in _INLINE_SCRIPT.findall(page.read_bytes()):
            digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
            found.add(f"'sha256-{digest}'")
    if found:
        _hashes[directory] = tuple(sorted(found))
    else:
        _looked_in_vain[directory] = monotonic()
    return tuple(sorted(found))


@cache
def backend_sources() -> tuple[str, ...]:
    """The origin the built pages open their websocket to (API_URL), as http(s) and ws(s)."""
    from reflex_base.config import get_config

    parts = urlsplit(get_config().api_url)
    if not parts.scheme or not parts.netloc:
        return ()
    secure = parts.scheme == "https"
    return (
        f"{parts.scheme}://{parts.netloc}",
        f"{'wss' if secure else 'ws'}://{parts.netloc}",
    )


def _origin(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def provider_sources(brand_hosts: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The game providers' origins (PROVIDER_URLS, the simulator) and the brand's absolute
    launch hosts: a live table's chat room is framed from there (CBS_launchChat's chatUrl),
    its hosts' pictures come from there (CBS_modelList)."""
    settings = get_settings()
    return _origins(
        (settings.provider_simulator_url or "", *settings.provider_urls.values(), *brand_hosts)
    )


@lru_cache(maxsize=256)  # a few sets of addresses a process: its settings' and its brands'
def _origins(urls: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted({origin for origin in map(_origin, urls) if origin}))


@lru_cache(maxsize=256)  # a few policies a process: by brand, page or not
def content_security_policy(
    script_hashes: tuple[str, ...],
    connect_sources: tuple[str, ...] = (),
    *,
    analytics: bool = False,
    providers: tuple[str, ...] = (),
) -> str:
    if analytics:
        script_hashes = (*script_hashes, *ANALYTICS_SCRIPT_SOURCES)
        connect_sources = (*connect_sources, *ANALYTICS_CONNECT_SOURCES)
    return "; ".join(
        [
            "default-src 'self'",
            " ".join(["script-src 'self' 'unsafe-eval'", *script_hashes]),
            "style-src 'self' 'unsafe-inline'",
            " ".join(["img-src 'self' data: blob: https:", *providers]),
            "font-src 'self' data:",
            " ".join(["connect-src 'self'", *connect_sources]),
            " ".join(["frame-src 'self'", *providers]),
            "worker-src 'self' blob:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'self'",
        ]
    )


def secure_cookie(value: str, https: bool) -> str:
    """A Set-Cookie value with HttpOnly, SameSite and (over HTTPS) Secure."""
    attributes = {part.strip().split("=", 1)[0].lower() for part in value.split(";")[1:]}
    added = [
        flag
        for name, flag in (("httponly", "HttpOnly"), ("samesite", "SameSite=Lax"))
        if name not in attributes
    ]
    if https and "secure" not in attributes:
        added.append("Secure")
    return "; ".join([value.rstrip("; "), *added]) if added else value


def connection_of(scope: Scope, headers: Mapping[bytes, bytes]) -> tuple[str, bool]:
    """The host a call names and whether the visitor's connection is HTTPS."""
    proto = headers.get(b"x-forwarded-proto", b"").decode("latin-1") or None
    return (
        headers.get(b"host", b"").decode("latin-1"),
        served_over_https(scope.get("scheme", "http"), proto),
    )


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def _policy(self, path: str, host: str, page: bool) -> str:
        if path.startswith(DOCS_PATHS):
            return DOCS_POLICY
        analytics = False
        launch_hosts: tuple[str, ...] = ()
        if page:  # only a page runs scripts: its brand's analytics, if it has them
            try:
                brand = await brands.for_request(None, host)
                analytics, launch_hosts = bool(brand.analytics_id), brand.launch_game_cdns
            except AppError:
                analytics = False  # no brand yet (an empty database)
        return content_security_policy(
            inline_script_hashes(build_directory()),
            backend_sources(),
            analytics=analytics,
            providers=provider_sources(launch_hosts),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host, https = connection_of(scope, dict(scope.get("headers") or ()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                path = scope["path"]
                headers = await self.answer_headers(message.get("headers", ()), path, host, https)
                if message.get("status") == 200 and path.startswith(HASHED_ASSETS):
                    headers.append(_IMMUTABLE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def answer_headers(
        self, headers: Iterable[tuple[bytes, bytes]], path: str, host: str, https: bool
    ) -> list[tuple[bytes, bytes]]:
        """The answer's headers with ours in place of any it set, its cookies made secure."""
        replaced = _REPLACED_OVER_HTTPS if https else _REPLACED
        kept: list[tuple[bytes, bytes]] = []
        cookies: list[tuple[bytes, bytes]] = []
        content_type = b""
        for pair in headers:
            name = pair[0]
            if name == b"set-cookie":
                secured = secure_cookie(pair[1].decode("latin-1"), https)
                cookies.append((name, secured.encode("latin-1")))
            elif name not in replaced:
                kept.append(pair)
                if name == b"content-type":
                    content_type = pair[1]
        if content_type.startswith(b"application/json"):
            policy = DATA_POLICY
        else:
            policy = await self._policy(path, host, content_type.startswith(b"text/html"))
        kept.extend(_security_headers(policy, https))
        kept.extend(cookies)
        return kept


# The build's scripts and styles: their names carry a hash of their content, so a browser may
# keep them for a year without asking again (a new build names new files).
HASHED_ASSETS = "/assets/"
_IMMUTABLE = (b"cache-control", b"public, max-age=31536000, immutable")

# Every answer's, beside its Content-Security-Policy (and HSTS over HTTPS).
_FIXED_HEADERS = (
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
)
_HSTS_HEADER = (b"strict-transport-security", HSTS.encode("latin-1"))
# The answer's own headers that ours replace (its cookies come back secured).
_REPLACED = frozenset(
    {b"content-security-policy", b"set-cookie", *(name for name, _ in _FIXED_HEADERS)}
)
_REPLACED_OVER_HTTPS = _REPLACED | {_HSTS_HEADER[0]}


@lru_cache(maxsize=256)  # one set per policy and scheme
def _security_headers(policy: str, https: bool) -> tuple[tuple[bytes, bytes], ...]:
    policy_header = (b"content-security-policy", policy.encode("latin-1"))
    return (policy_header, *_FIXED_HEADERS, *((_HSTS_HEADER,) if https else ()))
