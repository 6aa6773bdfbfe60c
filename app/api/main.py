"""The FastAPI app that Reflex mounts (api_transformer): routers, envelope errors, limits."""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.routing import RouteContext, iter_route_contexts
from pydantic import BaseModel
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DataError, DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from app import routes
from app.api import ops
from app.api.body_limit import BodySizeLimit
from app.api.catalogue import media
from app.api.content import system
from app.api.deps import MODULE_ATTRIBUTE, SEALED_MODEL_ATTRIBUTE, door_gates
from app.api.envelope import ErrorEnvelope, error_response, localize_fields
from app.api.hot_routes import PlatformAPI
from app.api.schemas import SealedPayload, camel
from app.api.security_headers import SecurityHeaders
from app.core import heap
from app.core.errors import AppError, transient
from app.core.i18n import ui_language
from app.core.manifests import declared

logger = logging.getLogger(__name__)

API_PREFIXES = ("/wps", "/lgw", "/lotto/lgw", "/vendor", "/studio", "/docs", "/openapi.json")

_HTTP_CODES = {404: "not-found", 405: "method-not-allowed", 413: "body-too-large"}
# How soon a client may try again when the database or Redis is out of reach.
RETRY_AFTER_SECONDS = 1


def _language(request: Request) -> str:
    return getattr(request.state, "language", None) or ui_language(request.headers.get("language"))


# The request headers of the API contract (ARCHITECTURE.md), read by `deps.request_context`.
CONTRACT_HEADERS = (
    ("Merchant", "Brand code; without it the brand of the request's domain is used."),
    ("Language", "Language code of the brand (e.g. PT, EN); messages come back in it."),
    ("Device", "Client device, e.g. WEB."),
    ("Authorization", "The session token (calls marked T)."),
)


_UNMARKED = object()  # a call none of whose dependencies carries the mark looked for


def api_operations(api: FastAPI) -> list[RouteContext]:
    """The FastAPI calls of the app listed in OpenAPI, routers included, with their
    `dependant` (what they depend on) and `path_format`."""
    return [
        context
        for context in iter_route_contexts(api.routes)
        if getattr(context, "dependant", None) is not None
        and getattr(context, "include_in_schema", False)
    ]


def _mark_of(dependant: Dependant, attribute: str) -> Any:
    """The value a dependency of the call (at any depth) carries as `attribute`, or
    `_UNMARKED`: a sealed body's model (deps.sealed_model), a call's module (deps.module_call)."""
    for dependency in dependant.dependencies:
        if hasattr(dependency.call, attribute):
            return getattr(dependency.call, attribute)
        found = _mark_of(dependency, attribute)
        if found is not _UNMARKED:
            return found
    return _UNMARKED


def _document_modules(api: FastAPI, document: dict[str, Any]) -> None:
    """Spec 9's module ids attached to calls: `x-module-id` on each call that belongs to one."""
    for route in api_operations(api):
        module = _mark_of(route.dependant, MODULE_ATTRIBUTE)
        if module is _UNMARKED:
            continue
        for method in route.methods or ():
            document["paths"][route.path_format][method.lower()]["x-module-id"] = module


def _add_model(schemas: dict[str, Any], model: type[BaseModel]) -> dict[str, str]:
    """Put a model's schema into the components (unless there) and return a reference to it."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, definition in schema.pop("$defs", {}).items():
        schemas.setdefault(name, definition)
    schemas.setdefault(model.__name__, schema)
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _document_sealed_bodies(api: FastAPI, document: dict[str, Any]) -> None:
    """Calls marked E read their body through a dependency, which FastAPI cannot describe: the
    body is the sealed payload, and `x-sealed-body` is the JSON that is sealed inside it."""
    schemas = document["components"]["schemas"]
    for route in api_operations(api):
        # The model sealed inside the body (None: any JSON object).
        model = _mark_of(route.dependant, SEALED_MODEL_ATTRIBUTE)
        if model is _UNMARKED:
            continue
        inner = {"type": "object"} if model is None else _add_model(schemas, model)
        for method in route.methods or ():
            operation = document["paths"][route.path_format][method.lower()]
            operation["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": _add_model(schemas, SealedPayload)}},
            }
            operation["x-sealed-body"] = inner


def _document_errors(document: dict[str, Any]) -> None:
    """Every refusal answers in the envelope with a 4xx status, validation errors included
    (FastAPI would list its own `HTTPValidationError` body for 422, which is never sent)."""
    schemas = document["components"]["schemas"]
    refused = {
        "description": "Refused: the envelope with success false and the error code",
        "content": {"application/json": {"schema": _add_model(schemas, ErrorEnvelope)}},
    }
    for operations in document["paths"].values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if "422" in responses:
                responses["422"] = refused
            responses["4XX"] = refused
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)


def _complete_openapi(api: FastAPI, hot_routes: tuple[tuple[Any, ...], ...]) -> None:
    """Add the plain Starlette endpoints with their envelope schema, the contract headers on
    every call, the sealed bodies and the error envelope to the OpenAPI document."""
    generate = api.openapi

    def openapi() -> dict[str, Any]:
        if api.openapi_schema:
            return api.openapi_schema
        document = generate()
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        for path, _endpoint, model, summary in hot_routes:
            schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas.update(schema.pop("$defs", {}))
            schemas[model.__name__] = schema
            document["paths"][path] = {
                "get": {
                    "summary": summary,
                    "tags": ["system"],
                    "responses": {
                        "200": {
                            "description": "Successful Response",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": f"#/components/schemas/{model.__name__}"}
                                }
                            },
                        }
                    },
                }
            }
        headers = [
            {
                "name": name,
                "in": "header",
                "required": False,
                "description": text,
                "schema": {"type": "string"},
            }
            for name, text in CONTRACT_HEADERS
        ]
        for operations in document["paths"].values():
            for operation in operations.values():
                declared = {p["name"] for p in operation.get("parameters", [])}
                operation["parameters"] = [
                    *operation.get("parameters", []),
                    *(h for h in headers if h["name"] not in declared),
                ]
        _document_sealed_bodies(api, document)
        _document_modules(api, document)
        _document_errors(document)
        api.openapi_schema = document
        return document

    api.openapi = openapi  # type: ignore[method-assign]


@asynccontextmanager
async def _served_alone(_api: FastAPI) -> AsyncIterator[None]:
    """The start-up of the API served on its own (bench_status): the site's workers settle
    their heap the same way in Reflex's lifespan (app/app.py), which is the one that runs when
    the site mounts this app."""
    heap.freeze_startup_heap()
    yield


def create_api(sitemap: Sequence[str] = ()) -> FastAPI:
    """The API; `sitemap` is the pages /sitemap.xml lists (the site's page manifests)."""
    api = PlatformAPI(
        title="Platform API",
        version="1.0",
        description="Envelope `{success, code, message, value}`; headers Merchant, Language, "
        "Device, Authorization. Calls marked E take a sealed body (see /wps/session/key/rsa).",
        telemetry={"tracing": False, "metrics": False, "logs": False},
        lifespan=_served_alone,
        # The gate table, before every route's own dependencies (app/services/gates.py).
        dependencies=[Depends(door_gates)],
    )
    # Each module of app/api declares its routers (app/core/manifests.py). The routes are
    # matched in order, at a few microseconds each: the money calls players and vendors make
    # most (vendor wallets, studio rounds, lottery bets) are declared as MONEY_ROUTERS, first.
    package = sys.modules[__package__]
    for router in (*declared(package, "MONEY_ROUTERS"), *declared(package, "ROUTERS")):
        api.include_router(router)
    api.router.routes.extend(media.ROUTES)
    # Health and metrics: before the gates (maintenance, region blocks) and outside OpenAPI.
    api.router.routes[0:0] = ops.ROUTES
    # ...and the vendors' money calls ahead of them, as plain Starlette routes.
    api.router.routes[0:0] = declared(package, "DIRECT_ROUTES")
    # The calls every client polls first of all: the router tries routes in order.
    for path, endpoint, _model, _summary in system.HOT_ROUTES:
        api.router.routes.insert(0, Route(path, endpoint, methods=["GET"]))
    # ...and their GETs are answered ahead of FastAPI's own layers (app/api/hot_routes.py).
    api.hot_endpoints = {path: endpoint for path, endpoint, _model, _summary in system.HOT_ROUTES}
    _complete_openapi(api, system.HOT_ROUTES)

    async def unknown_call(request: Request) -> JSONResponse:
        """API paths never fall through to the site: unknown ones answer in the envelope."""
        method_mismatch = any(
            route.matches(request.scope)[0] is Match.PARTIAL for route in api.router.routes
        )
        status = 405 if method_mismatch else 404
        return error_response(_HTTP_CODES[status], status, _language(request))

    async def redirect_home() -> RedirectResponse:
        return RedirectResponse(routes.HOME, status_code=301)

    for path in routes.HOME_REDIRECTS:
        api.add_api_route(path, redirect_home, methods=["GET"], include_in_schema=False)

    for area in ("wps", "lgw", "lotto/lgw", "vendor", "studio"):
        api.add_api_route(
            f"/{area}/{{rest:path}}",
            unknown_call,
            methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
            include_in_schema=False,
        )

    @api.exception_handler(AppError)
    async def _app_error(request: Request, exc: AppError) -> JSONResponse:
        language = _language(request)
        value = localize_fields(camel(exc.value), language)
        return error_response(exc.code, exc.status, language, value, **exc.params)

    @api.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors: list[dict[str, Any]] = [
            {"loc": [str(part) for part in e.get("loc", ())], "type": e.get("type")}
            for e in exc.errors()
        ]
        if any(e["type"] == "json_invalid" for e in errors):
            return error_response("malformed-json", 400, _language(request))
        return error_response("validation-failed", 422, _language(request), errors)

    @api.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and isinstance(exc.__cause__, ValueError | RecursionError):
            # FastAPI could not read the JSON body: nested too deep for the parser, or a
            # number with more digits than Python converts. Hostile input, not a server fault.
            return error_response("validation-failed", 422, _language(request))
        code = _HTTP_CODES.get(exc.status_code, "unknown-error")
        return error_response(code, exc.status_code, _language(request))

    def _unavailable(request: Request, exc: Exception) -> JSONResponse:
        # An outage is expected and says nothing new per request: one line, no stack trace.
        logger.warning(
            "dependency unavailable on %s %s: %s",
            request.method,
            request.url.path,
            type(getattr(exc, "orig", None) or exc).__name__,
        )
        response = error_response("service-unavailable", 503, _language(request))
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response

    def _unknown(request: Request) -> JSONResponse:
        logger.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_response("unknown-error", 500, _language(request))

    @api.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> JSONResponse:
        if transient(exc):
            return _unavailable(request, exc)
        if isinstance(exc, DataError):
            # Input the database cannot hold (a NUL character in PostgreSQL text, a number out
            # of its column's range) is the request's fault, not the server's.
            logger.warning("database refused the data of %s %s", request.method, request.url.path)
            return error_response("validation-failed", 422, _language(request))
        return _unknown(request)

    @api.exception_handler(PoolTimeoutError)
    @api.exception_handler(RedisConnectionError)
    @api.exception_handler(RedisTimeoutError)
    async def _dependency(request: Request, exc: Exception) -> JSONResponse:
        return _unavailable(request, exc)

    @api.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        return _unknown(request)

    api.add_middleware(BodySizeLimit)
    # Every answer, the site's pages mounted into this app included.
    api.add_middleware(SecurityHeaders)
    # Outermost: the request id, the latency and the log line of every call.
    api.add_middleware(ops.RequestObservability, routes=api.router.routes)
    api.state.sitemap = tuple(sitemap)
    return api
