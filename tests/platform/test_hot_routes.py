"""The hot calls (`/wps/system/status`) answered ahead of FastAPI's layers give the answer the
full stack gives: the same envelope, headers, errors and metrics (app/api/hot_routes.py)."""

from __future__ import annotations

import httpx
import pytest
from prometheus_client import REGISTRY
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware

from app.api.hot_routes import HotRoutes
from app.api.main import create_api
from app.core.config import get_settings
from app.services import site
from tests.helpers.api import platform_api

STATUS = "/wps/system/status"
# Each answer's own: its length, and the request id made for it.
PER_ANSWER = {"content-length", "x-request-id"}


def _doors() -> tuple[HotRoutes, object]:
    """The app's hot door and, beside it, the full stack every other call takes."""
    door = platform_api().build_middleware_stack()
    assert isinstance(door, HotRoutes)
    return door, door.stack


async def _get(app: object, **headers: str) -> httpx.Response:
    transport = httpx.ASGITransport(app=app, client=("198.51.100.40", 50000))  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        return await client.get(STATUS, headers=headers)


def _same(hot: httpx.Response, full: httpx.Response) -> None:
    assert (hot.status_code, hot.json()) == (full.status_code, full.json())
    assert {k: v for k, v in hot.headers.items() if k not in PER_ANSWER} == {
        k: v for k, v in full.headers.items() if k not in PER_ANSWER
    }
    assert len(hot.headers["x-request-id"]) == 32


async def test_status_through_the_hot_door_answers_as_the_full_stack() -> None:
    door, stack = _doors()
    hot, full = await _get(door), await _get(stack)
    _same(hot, full)
    assert hot.json()["value"]["status"] == 0 and hot.json()["value"]["ip"] == "198.51.100.40"
    # A proxy's request id comes back, as on every call.
    assert (await _get(door, **{"X-Request-Id": "proxy-hot-1"})).headers[
        "x-request-id"
    ] == "proxy-hot-1"


async def test_a_refused_status_call_answers_through_the_apps_handlers() -> None:
    door, stack = _doors()
    for headers in ({"Merchant": "NOPE", "Language": "EN"}, {"Language": "xx"}):
        hot, full = await _get(door, **headers), await _get(stack, **headers)
        _same(hot, full)
        assert hot.status_code == 400
    unknown = (await _get(door, Merchant="NOPE", Language="EN")).json()
    assert unknown["code"] == "merchant-unknown"
    assert unknown["message"] == "Unknown brand (Merchant header)."


async def test_a_declared_oversize_body_is_refused_as_by_the_full_stack() -> None:
    door, stack = _doors()
    too_long = {"Content-Length": str(get_settings().max_body_bytes + 1), "Language": "EN"}
    hot, full = await _get(door, **too_long), await _get(stack, **too_long)
    _same(hot, full)
    assert (hot.status_code, hot.json()["code"]) == (413, "body-too-large")


def test_the_hot_door_will_not_stand_before_a_middleware_it_does_not_pass() -> None:
    """A middleware among the app's own is either passed by the hot door too, or the app
    does not start; one added around them (the site's CORS) wraps the hot door as well."""
    api = create_api()  # its own: the shared one stays as it is
    api.user_middleware.insert(1, Middleware(GZipMiddleware))
    with pytest.raises(TypeError, match="the hot door passes"):
        api.build_middleware_stack()
    around = create_api()
    around.add_middleware(GZipMiddleware)
    door = around.build_middleware_stack()
    assert isinstance(door, HotRoutes) and isinstance(door.hot, GZipMiddleware)


async def test_an_unexpected_failure_is_a_logged_500_in_the_envelope(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("status store broke")

    monkeypatch.setattr(site, "system_status", broken)
    door, _stack = _doors()
    answer = await _get(door, Language="EN")
    assert answer.status_code == 500
    assert answer.json()["code"] == "unknown-error"
    assert "status store broke" not in answer.text
    assert any("unhandled error on GET /wps/system/status" in r.message for r in caplog.records)


async def test_hot_calls_are_counted_under_their_route() -> None:
    door, _stack = _doors()

    def count() -> float:
        value = REGISTRY.get_sample_value(
            "platform_http_request_duration_seconds_count",
            {"route": STATUS, "method": "GET", "status": "2xx"},
        )
        return value or 0.0

    before = count()
    for _ in range(3):
        assert (await _get(door)).status_code == 200
    assert count() == before + 3


async def test_only_a_get_of_a_hot_path_takes_the_hot_door() -> None:
    """A HEAD, or any other path, goes through the full stack (its routing, its 405s)."""
    door, _stack = _doors()
    transport = httpx.ASGITransport(app=door)
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        assert (await client.head(STATUS)).status_code == 200
        refused = await client.post(STATUS)
        assert refused.status_code == 405 and refused.json()["code"] == "method-not-allowed"
        assert (await client.get("/wps/system/whitelabel")).status_code == 200
