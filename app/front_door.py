"""The browser's front door: the HttpOnly browser cookie, and which origins may knock.

- Every page response gives a browser without one its `browser` cookie (HttpOnly,
  SameSite=Lax, Secure over HTTPS): the secret that binds the site's logins to that browser
  (app/services/browser_logins.py). The websocket handshake carries it back. A value the
  server never issued counts as none and is replaced. After a login the page posts its
  one-time ticket to `ROTATE_PATH` and gets the login's fresh secret as its cookie.
- CORS (the API) and the websocket's Origin check accept the site's own origin, the brands'
  domains on the published scheme and port and `ALLOWED_ORIGINS` only, compared by scheme,
  host and port (app/services/origins.py), looked up per request, so a new brand domain
  works without a restart.
- With `DOMAIN_CHECK` on, a request for a host name that is neither a brand's domain nor one
  of `SERVED_HOSTS` gets "Invalid URL" (spec 8) before anything else runs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

import reflex as rx
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.main import API_PREFIXES
from app.api.ops import OPS_PATHS
from app.core.i18n import translate, ui_language
from app.core.visitor import served_over_https
from app.services.browser_logins import (
    COOKIE_MAX_AGE_SECONDS,
    COOKIE_NAME,
    ROTATE_PATH,
    new_browser_secret,
    secret_of,
    take_rotation,
)
from app.services.origins import host_served, origin_allowed


def header_of(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _https(scope: Scope) -> bool:
    return scope.get("scheme") == "https" or header_of(scope, b"x-forwarded-proto") == "https"


def own_origin_https(scope: Scope) -> bool:
    """Whether the request's own origin is https: the server's scheme, or as trusted proxies
    report it."""
    return served_over_https(str(scope.get("scheme", "")), header_of(scope, b"x-forwarded-proto"))


# 421 Misdirected Request: this server does not answer for the host named.
MISDIRECTED = 421
INVALID_URL = "invalid-url"
_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{message}</title>
<style>
body{{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;
font:1.125rem/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a;text-align:center}}
@media (prefers-color-scheme:dark){{body{{background:#020617;color:#f1f5f9}}}}
</style></head>
<body><main><h1>{message}</h1></main></body></html>
"""


def _reader_language(scope: Scope) -> str:
    """The catalog of the reader's first Accept-Language tag (English when none is ours)."""
    first = (header_of(scope, b"accept-language") or "").split(",")[0].split(";")[0].strip()
    return ui_language(first or None)


class DomainCheck:
    """Answers "Invalid URL" for a host this server does not serve (app/services/origins.py
    `host_served`): a page gets a small page in the reader's language, an API call the error
    code, a websocket is closed before it opens."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] not in ("http", "websocket")
            or scope["path"] in OPS_PATHS  # probes name the pod's address, not a brand's
            or await host_served(header_of(scope, b"host"))
        ):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        lang = _reader_language(scope)
        message = translate(INVALID_URL, lang)
        if scope["path"].startswith(API_PREFIXES):
            body = json.dumps({"code": INVALID_URL, "message": message}).encode()
            kind = b"application/json"
        else:
            body = _PAGE.format(lang=lang, message=escape(message)).encode()
            kind = b"text/html; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": MISDIRECTED,
                "headers": [
                    (b"content-type", kind),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                    (b"content-security-policy", b"default-src 'none'; style-src 'unsafe-inline'"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


_TICKET_MAX_BYTES = 128


def _cookie(scope: Scope, secret: str) -> str:
    return (
        f"{COOKIE_NAME}={secret}; Path=/; Max-Age={COOKIE_MAX_AGE_SECONDS}; "
        "HttpOnly; SameSite=Lax" + ("; Secure" if _https(scope) else "")
    )


async def _rotate(scope: Scope, receive: Receive, send: Send) -> None:
    """POST ROTATE_PATH with a login's ticket as the body: 204 with the new cookie, or 403."""
    body = b""
    more = True
    while more and len(body) <= _TICKET_MAX_BYTES:
        message = await receive()
        body += message.get("body", b"")
        more = message.get("more_body", False)
    new_secret = None
    if scope.get("method") == "POST" and len(body) <= _TICKET_MAX_BYTES:
        ticket = body.decode("latin-1").strip()
        new_secret = await take_rotation(ticket, secret_of(header_of(scope, b"cookie")))
    headers = [(b"cache-control", b"no-store"), (b"content-length", b"0")]
    if new_secret is not None:
        headers.append((b"set-cookie", _cookie(scope, new_secret).encode("latin-1")))
    await send(
        {
            "type": "http.response.start",
            "status": 204 if new_secret is not None else 403,
            "headers": headers,
        }
    )
    await send({"type": "http.response.body", "body": b""})


class BrowserCookie:
    """Gives page responses the browser cookie when the request came without a valid one,
    and answers the rotation of a login (ROTATE_PATH)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == ROTATE_PATH:
            await _rotate(scope, receive, send)
            return
        if (
            scope["type"] != "http"
            or scope["path"].startswith(API_PREFIXES)
            or scope["path"] in OPS_PATHS
            or secret_of(header_of(scope, b"cookie")) is not None
        ):
            await self.app(scope, receive, send)
            return
        cookie = _cookie(scope, new_browser_secret())

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class BrandOriginCORS(CORSMiddleware):
    """Starlette's CORS answers, with the allowed origins decided per request."""

    def __init__(self, app: ASGIApp, /, **_: Any) -> None:
        super().__init__(
            app,
            allow_origins=(),
            allow_methods=("*",),
            allow_headers=("*",),
            allow_credentials=True,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            origin = header_of(scope, b"origin")
            host = header_of(scope, b"host")
            if origin is not None and origin_allowed(origin, host, https=own_origin_https(scope)):
                # Starlette asks `is_allowed_origin` without the request: answer for this one.
                await self._allowed(origin)(scope, receive, send)
                return
        await super().__call__(scope, receive, send)

    def _allowed(self, origin: str) -> CORSMiddleware:
        return CORSMiddleware(
            self.app,
            allow_origins=(origin,),
            allow_methods=("*",),
            allow_headers=("*",),
            allow_credentials=True,
        )


def _add_brand_cors(api: Starlette) -> None:
    api.add_middleware(BrandOriginCORS)


def _socket_origin_allowed(origin: str | None, environ: dict[str, Any]) -> bool:
    scope = environ.get("asgi.scope") or {}
    return origin_allowed(origin, environ.get("HTTP_HOST"), https=own_origin_https(scope))


def guard_front_door(app: rx.App) -> None:
    """Wire the origin checks into Reflex: its CORS middleware (the site and the mounted API)
    and its Socket.IO server's Origin check (`cors_allowed_origins` as a callable)."""
    rx.App._add_cors = staticmethod(_add_brand_cors)  # type: ignore[method-assign]
    if app.sio is not None:
        app.sio.eio.cors_allowed_origins = _socket_origin_allowed


def transformers(api: Starlette, *doors: type) -> Sequence[Any]:
    """The app's `api_transformer`: mount the API, then put the browser cookie and `doors`
    (ASGI middlewares serving paths of their own) in front, and the domain check in front of
    them all."""
    return [api, BrowserCookie, *doors, DomainCheck]
