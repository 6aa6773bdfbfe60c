"""The operator's doors of every app process: /health/live, /health/ready, /metrics, and the
middleware that gives every HTTP call its request id, its latency metric and its log line.

/metrics is not public: with METRICS_TOKEN set it asks for `Authorization: Bearer <token>`;
without it, only a caller on this machine's loopback that came through no proxy (no
`X-Forwarded-For` or `Forwarded` header) gets it. Everyone else gets 403.
"""

from __future__ import annotations

import hmac
import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from contextvars import Token
from time import perf_counter
from typing import NamedTuple

from prometheus_client import Histogram
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Match, Mount, Route
from starlette.types import ASGIApp, Lifespan, Message, Receive, Scope, Send

from app.core import logs, metrics, work_units
from app.core.config import get_settings
from app.jobs import all_jobs
from app.services import health, monitoring
from models.base import utcnow

access_log = logging.getLogger("app.access")

LIVE_PATH = "/health/live"
READY_PATH = "/health/ready"
METRICS_PATH = "/metrics"
OPS_PATHS = (LIVE_PATH, READY_PATH, METRICS_PATH)
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_LOOPBACK = frozenset({"127.0.0.1", "::1"})
_NO_STORE = {"Cache-Control": "no-store"}
_REQUEST_ID = logs.REQUEST_ID_HEADER.lower().encode("latin-1")


async def live(request: Request) -> Response:
    return JSONResponse({"status": "alive"}, headers=_NO_STORE)


async def ready(request: Request) -> Response:
    found = await health.readiness()
    body = {
        "status": "ready" if found.ready else "unready",
        "checks": {c.name: {"ok": c.ok, "detail": c.detail} for c in found.checks},
    }
    return JSONResponse(body, status_code=200 if found.ready else 503, headers=_NO_STORE)


def metrics_allowed(request: Request) -> bool:
    token = get_settings().metrics_token
    if token is not None:
        offered = request.headers.get("authorization", "")
        expected = f"Bearer {token.get_secret_value()}"
        return hmac.compare_digest(offered.encode(), expected.encode())
    proxied = "x-forwarded-for" in request.headers or "forwarded" in request.headers
    peer = request.client.host if request.client else ""
    return peer in _LOOPBACK and not proxied


async def metrics_page(request: Request) -> Response:
    if not metrics_allowed(request):
        return JSONResponse({"code": "forbidden"}, status_code=403, headers=_NO_STORE)
    body = metrics.exposition(await monitoring.gauges(all_jobs(), utcnow()))
    return Response(body, media_type=metrics.CONTENT_TYPE, headers=_NO_STORE)


ROUTES = (
    Route(LIVE_PATH, live, methods=["GET"]),
    Route(READY_PATH, ready, methods=["GET"]),
    Route(METRICS_PATH, metrics_page, methods=["GET"]),
)


def route_template(scope: Scope, arrived: Scope, routes: Sequence[BaseRoute]) -> str:
    """The matched route's template (never the path itself: the label set stays small).
    FastAPI names the route of its own calls in the scope; a plain Starlette route or a
    mount (the site's pages) is looked up with the scope as it arrived."""
    route: BaseRoute | None = scope.get("route")
    if route is None:
        route = next((r for r in routes if r.matches(arrived)[0] is Match.FULL), None)
    if isinstance(route, Mount):
        return f"{route.path}/{{path}}"
    template = getattr(route, "path_format", None) or getattr(route, "path", None)
    return template if isinstance(template, str) and template else "unmatched"


def templates_by_endpoint(routes: Sequence[BaseRoute]) -> dict[object, str]:
    """The template of each plain route whose endpoint serves no other route: the routing
    names the endpoint in the scope, so a hot route's template costs one lookup."""
    plain = [r for r in routes if isinstance(r, Route) and r.path_format]
    served = Counter(r.endpoint for r in plain)
    return {r.endpoint: r.path_format for r in plain if served[r.endpoint] == 1}


class RequestObservability:
    """Outermost middleware: the request id (the proxy's X-Request-Id or a new one, sent
    back in the answer), one JSON log line per call and its latency by route template."""

    def __init__(self, app: ASGIApp, routes: Sequence[BaseRoute] = ()) -> None:
        self.app = app
        self.routes = routes
        self.templates = templates_by_endpoint(routes)
        # The latency series by (route, method, status class): `labels()` checks and locks
        # at every call, and every call would find the same few series.
        self.series: dict[tuple[str, str, str], Histogram] = {}

    def _template(self, scope: Scope, arrived: Scope) -> str:
        known = self.templates.get(scope.get("endpoint"))
        return known if known is not None else route_template(scope, arrived, self.routes)

    def _observe(self, route: str, method: str, status: int, seconds: float) -> None:
        key = (route, method, f"{status // 100}xx")
        series = self.series.get(key)
        if series is None:
            series = self.series[key] = metrics.HTTP_LATENCY.labels(*key)
        series.observe(seconds)

    def opened(self, scope: Scope) -> Watch:
        """A call begins: its request id (the proxy's, or a new one) set for its log lines."""
        offered = None
        for name, value in scope["headers"]:
            if name == _REQUEST_ID:
                offered = value.decode("latin-1")
                break
        request_id = logs.new_request_id(offered)
        return Watch(
            (_REQUEST_ID, request_id.encode("latin-1")),
            logs.REQUEST_ID.set(request_id),
            work_units.ARRIVED.set(work_units.now()),
            perf_counter(),
        )

    def closed(self, watch: Watch, scope: Scope, arrived: Scope, status: int) -> None:
        """A call ended with `status`: its latency observed and its log line written."""
        seconds = perf_counter() - watch.started
        method = scope.get("method", "")
        method = method if method in _METHODS else "OTHER"
        route = self._template(scope, arrived)
        self._observe(route, method, status, seconds)
        # Probes and scrapes would drown the rest; a line the level drops is not built.
        if scope["path"] not in OPS_PATHS and access_log.isEnabledFor(logging.INFO):
            access_log.info(
                "http request",
                extra={
                    "fields": {
                        "method": method,
                        "route": route,
                        "status": status,
                        "ms": round(seconds * 1000, 1),
                    }
                },
            )
        logs.REQUEST_ID.reset(watch.reset)
        work_units.ARRIVED.reset(watch.arrival)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        watch = self.opened(scope)
        status = 500
        arrived = dict(scope)  # the routing below adds to the scope (a mount's root path)

        async def answer(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = with_request_id(message.get("headers", ()), watch)
            await send(message)

        try:
            await self.app(scope, receive, answer)
        finally:
            self.closed(watch, scope, arrived, status)


class Watch(NamedTuple):
    """One call as `RequestObservability` follows it."""

    id_header: tuple[bytes, bytes]  # the request id, sent back with the answer
    reset: Token[str | None]
    arrival: Token[float | None]  # the call as a unit of work (app/core/work_units.py)
    started: float


def with_request_id(
    headers: Iterable[tuple[bytes, bytes]], watch: Watch
) -> list[tuple[bytes, bytes]]:
    """An answer's headers with the call's request id in place of any it set."""
    return [*(pair for pair in headers if pair[0] != _REQUEST_ID), watch.id_header]


def ops_app(lifespan: Lifespan[Starlette] | None = None) -> Starlette:
    """The doors alone, for a process that serves no site (`app.cli worker --ops-port`,
    `app.cli crash-live`)."""
    return Starlette(
        routes=list(ROUTES),
        middleware=[Middleware(RequestObservability, routes=ROUTES)],
        lifespan=lifespan,
    )
