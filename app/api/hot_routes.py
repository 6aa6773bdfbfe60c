"""The calls every client polls (`content.system.HOT_ROUTES`), answered ahead of FastAPI's own
layers: its error and telemetry wrappers, its exit stack and the routing cost more CPU than
the status call itself (bench_status).

A hot call still passes every middleware the app added (the request id, latency and log line,
the security headers, CORS, the body limit), built a second time around the hot endpoints, and
an error it raises answers through the app's own exception handlers, as the full stack would.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

Endpoint = Callable[[Request], Awaitable[Response]]


class HotEndpoints:
    """The hot calls' endpoints as one ASGI app: the endpoint named in the scope (as the
    routing would), its errors through the app's exception handlers."""

    def __init__(self, endpoints: Mapping[str, Endpoint], handlers: Mapping[Any, Any]) -> None:
        self.endpoints = endpoints
        self.handlers = handlers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        endpoint = self.endpoints[scope["path"]]
        scope["endpoint"] = endpoint  # the observability middleware names the route by it
        request = Request(scope, receive)
        try:
            response = await endpoint(request)
        except Exception as exc:
            response = await self._handled(request, exc)
        await response(scope, receive, send)

    async def _handled(self, request: Request, exc: Exception) -> Response:
        handler = next(
            (self.handlers[kind] for kind in type(exc).__mro__ if kind in self.handlers), None
        )
        if handler is None:
            raise exc
        answer = handler(request, exc)
        response: Response = await answer if inspect.isawaitable(answer) else answer
        return response


class HotRoutes:
    """GETs of a hot path go to the hot endpoints wrapped in the app's middlewares; every
    other call (a HEAD, another path, a websocket) to the full stack."""

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
        stack = super().build_middleware_stack()
        if not self.hot_endpoints:
            return stack
        hot: ASGIApp = HotEndpoints(self.hot_endpoints, self.exception_handlers)
        for middleware in reversed(self.user_middleware):
            hot = middleware.cls(hot, *middleware.args, **middleware.kwargs)
        return HotRoutes(stack, hot, frozenset(self.hot_endpoints))
