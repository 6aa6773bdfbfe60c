"""The calls every client polls (`content.system.HOT_ROUTES`), answered ahead of FastAPI's own
layers: its error and telemetry wrappers, its exit stack and the routing cost more CPU than
the status call itself (bench_status), and so did the middlewares' own wrapping (a closure
around `send` each, the request's headers read three times, the answer's messages passed
down three layers).

So a hot GET passes the app's middlewares in one layer, through each one's own parts: the
request id, latency and log line (`ops.RequestObservability.opened` / `closed`), the body
limit's refusal of a declared oversize length (`body_limit.declared_too_large`; a hot call
reads no body) and the security headers (`SecurityHeaders.answer_headers`). An error its
endpoint raises answers through the app's own exception handlers, as the full stack would.
Middlewares added around the app's own (the site's CORS, `app.front_door`) wrap the hot door
as they wrap the full stack; `PlatformAPI` refuses to build with one added among the app's own.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.api.body_limit import BodySizeLimit, body_limit, declared_too_large
from app.api.ops import RequestObservability, with_request_id
from app.api.security_headers import SecurityHeaders, connection_of

Endpoint = Callable[[Request], Awaitable[Response]]
# The middlewares whose parts the hot door passes (see the module docstring).
KNOWN_MIDDLEWARES: frozenset[object] = frozenset(
    {RequestObservability, SecurityHeaders, BodySizeLimit}
)


class HotDoor:
    """The hot GETs answered by their endpoints, through the known middlewares' parts."""

    def __init__(
        self,
        stack: ASGIApp,
        endpoints: Mapping[str, Endpoint],
        handlers: Mapping[Any, Any],
        observability: RequestObservability,
    ) -> None:
        self.endpoints = endpoints
        self.handlers = handlers
        self.observability = observability
        self.security = SecurityHeaders(stack)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        endpoint = self.endpoints[scope["path"]]
        scope["endpoint"] = endpoint  # the observability names the route by it
        watch = self.observability.opened(scope)
        status = 500
        try:
            headers = dict(scope["headers"])
            limit = body_limit(scope["path"])
            response = declared_too_large(limit, headers) or await self._answer(
                endpoint, Request(scope, receive)
            )
            status = response.status_code
            host, https = connection_of(scope, headers)
            secured = await self.security.answer_headers(
                response.raw_headers, scope["path"], host, https
            )
            start = {"type": "http.response.start", "status": status}
            await send(start | {"headers": with_request_id(secured, watch)})
            await send({"type": "http.response.body", "body": response.body})
        finally:
            self.observability.closed(watch, scope, scope, status)

    async def _answer(self, endpoint: Endpoint, request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:
            handler = next(
                (self.handlers[kind] for kind in type(exc).__mro__ if kind in self.handlers),
                None,
            )
            if handler is None:
                raise
            answer = handler(request, exc)
            response: Response = await answer if inspect.isawaitable(answer) else answer
            return response


class HotRoutes:
    """GETs of a hot path go to the hot door; every other call (a HEAD, another path, a
    websocket) to the full stack."""

    def __init__(self, stack: ASGIApp, hot: ASGIApp, paths: frozenset[str]) -> None:
        self.stack = stack
        self.hot = hot
        self.paths = paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] in self.paths:
            await self.hot(scope, receive, send)
        else:
            await self.stack(scope, receive, send)


class PlatformAPI(FastAPI):
    """FastAPI with hot routes: `hot_endpoints` (path to endpoint) skip its own layers."""

    hot_endpoints: Mapping[str, Endpoint] = {}

    def build_middleware_stack(self) -> ASGIApp:
        """The middlewares added around the app's own (the site's CORS) wrap the hot door
        as they wrap the stack; the app's own are passed inside it."""
        stack = super().build_middleware_stack()
        if not self.hot_endpoints:
            return stack
        added: list[Any] = list(self.user_middleware)
        outer = next(
            (i for i, each in enumerate(added) if each.cls in KNOWN_MIDDLEWARES), len(added)
        )
        own = {each.cls: each for each in added[outer:]}
        if set(own) != KNOWN_MIDDLEWARES or len(own) != len(added) - outer:
            raise TypeError(f"the hot door passes {KNOWN_MIDDLEWARES}, the app has {added}")
        observed = own[RequestObservability]
        observability = RequestObservability(stack, *observed.args, **observed.kwargs)
        hot: ASGIApp = HotDoor(stack, self.hot_endpoints, self.exception_handlers, observability)
        for each in reversed(added[:outer]):
            hot = each.cls(hot, *each.args, **each.kwargs)
        return HotRoutes(stack, hot, frozenset(self.hot_endpoints))
