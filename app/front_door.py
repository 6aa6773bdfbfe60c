"""The browser's front door: the HttpOnly browser cookie, and which origins may knock.

- Every page response gives a browser without one its `browser` cookie (HttpOnly,
  SameSite=Lax, Secure over HTTPS): the secret that binds the site's logins to that browser
  (app/services/browser_logins.py). The websocket handshake carries it back.
- CORS (the API) and the websocket's Origin check accept the site's own origin, the brands'
  domains and `ALLOWED_ORIGINS` only (app/services/origins.py), looked up per request, so a
  new brand domain works without a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.main import API_PREFIXES
from app.services.browser_logins import (
    COOKIE_MAX_AGE_SECONDS,
    COOKIE_NAME,
    new_browser_secret,
    secret_of,
)
from app.services.origins import origin_allowed


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _https(scope: Scope) -> bool:
    return scope.get("scheme") == "https" or _header(scope, b"x-forwarded-proto") == "https"


class BrowserCookie:
    """Gives page responses the browser cookie when the request came without a valid one."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["path"].startswith(API_PREFIXES)
            or secret_of(_header(scope, b"cookie")) is not None
        ):
            await self.app(scope, receive, send)
            return
        cookie = (
            f"{COOKIE_NAME}={new_browser_secret()}; Path=/; Max-Age={COOKIE_MAX_AGE_SECONDS}; "
            "HttpOnly; SameSite=Lax" + ("; Secure" if _https(scope) else "")
        )

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
            origin = _header(scope, b"origin")
            if origin is not None and origin_allowed(origin, _header(scope, b"host")):
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
    return origin_allowed(origin, environ.get("HTTP_HOST"))


def guard_front_door(app: rx.App) -> None:
    """Wire the origin checks into Reflex: its CORS middleware (the site and the mounted API)
    and its Socket.IO server's Origin check (`cors_allowed_origins` as a callable)."""
    rx.App._add_cors = staticmethod(_add_brand_cors)  # type: ignore[method-assign]
    if app.sio is not None:
        app.sio.eio.cors_allowed_origins = _socket_origin_allowed


def transformers(api: Starlette) -> Sequence[Any]:
    """The app's `api_transformer`: mount the API, then put the browser cookie in front."""
    return [api, BrowserCookie]
