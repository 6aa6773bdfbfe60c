"""Typed request dependencies: the brand, the language, the device, the client address."""

from __future__ import annotations

import json
from typing import Annotated, Any, NamedTuple, TypeVar

from fastapi import Depends, Request, Response
from pydantic import BaseModel, ValidationError

from app.core import clock
from app.core.crypto import PayloadError
from app.core.errors import AppError
from app.core.visitor import visitor_address, visitor_country
from app.services import gates, site
from app.services.accounts import members, sessions
from app.services.accounts.login import Client
from app.services.accounts.sessions import Authenticated
from app.services.brands import Brand, brands
from app.services.payload_keys import payload_keys
from models import Member

ModelT = TypeVar("ModelT", bound=BaseModel)


def _header_map(request: Request) -> dict[bytes, bytes]:
    """The raw headers once, as a dict: every call reads a handful of them."""
    return dict(request.scope.get("headers") or ())


def _text(headers: dict[bytes, bytes], name: bytes) -> str | None:
    value = headers.get(name)
    return value.decode("latin-1") if value else None


def client_ip(request: Request, headers: dict[bytes, bytes] | None = None) -> str:
    """The visitor's address; X-Forwarded-For is read only through trusted proxy hops."""
    forwarded = _text(headers if headers is not None else _header_map(request), b"x-forwarded-for")
    peer = request.scope.get("client")  # not `request.client`: it builds an object per call
    return visitor_address(peer[0] if peer else None, forwarded)


class RequestContext(NamedTuple):
    """What every call knows of its caller before anything else (a tuple: built per call)."""

    brand: Brand
    language: str
    device: str
    ip: str
    country: str | None


async def request_context(request: Request) -> RequestContext:
    """Brand, language and device from the headers (listed in OpenAPI by `main`).

    Headers are read directly rather than declared one by one: FastAPI's per-parameter
    validation cost more than the rest of a status call together.
    """
    headers = _header_map(request)
    brand = await brands.for_request(_text(headers, b"merchant"), _text(headers, b"host"))
    # The language the error handlers answer in (`request.state.language`), written to the
    # dict behind `request.state` directly: making the State object cost a tenth of a call.
    state = request.scope.setdefault("state", {})
    try:
        resolved = brand.resolve_language(_text(headers, b"language"))
    except AppError:
        state["language"] = brand.default_language
        raise
    state["language"] = resolved
    return RequestContext(
        brand=brand,
        language=resolved,
        device=(_text(headers, b"device") or "WEB").upper()[:16],
        ip=client_ip(request, headers),
        country=visitor_country(lambda name: _text(headers, name.encode())),
    )


Context = Annotated[RequestContext, Depends(request_context)]


async def door_gates(request: Request) -> None:
    """Every call passes the gates its route has in the gate table (app/services/gates.py):
    the visitor's region, maintenance, and, once the member is known, trial, barred,
    exclusion and identity. App-wide: `main.create_api` puts it before every route's own."""
    route = request.scope.get("route")
    door = gates.route_door(request.method, getattr(route, "path_format", request.url.path))
    if door.open:
        return
    ctx = await request_context(request)
    gates.enforce_site(door, ctx.brand, ctx.ip, ctx.country)
    if door.gates & gates.MEMBER_GATES and request.headers.get("authorization"):
        auth = await current_member(request, ctx)
        await gates.enforce_member(door, ctx.brand, auth.member, clock.now())


MODULE_ATTRIBUTE = "__module_id__"
MODULE_HEADER = "Module-Id"


def module_call(mod_id: str) -> Any:
    """The module a call belongs to (spec 9: COMM3, REG3, PASS3, PTSYS3, GAMELO3): refused
    while the brand has it switched off; the answer names it in the Module-Id header, and the
    OpenAPI document in `x-module-id`."""

    async def dependency(ctx: Context, response: Response) -> None:
        site.enforce_module(ctx.brand, mod_id)
        response.headers[MODULE_HEADER] = mod_id

    setattr(dependency, MODULE_ATTRIBUTE, mod_id)
    return Depends(dependency)


async def sealed_json(request: Request) -> dict[str, Any]:
    """The JSON body of a call marked E, opened from its sealed form."""
    try:
        document = json.loads(await request.body())
    except (ValueError, RecursionError) as exc:
        raise AppError("malformed-json", status=400) from exc
    try:
        opened = await payload_keys.open(document, request.method, request.url.path)
    except PayloadError as exc:
        raise AppError(exc.code, status=400) from exc
    try:
        body = json.loads(opened.body)
    except (ValueError, RecursionError) as exc:
        raise AppError("malformed-json", status=400) from exc
    if not isinstance(body, dict):
        raise AppError("malformed-json", status=400)
    return body


SealedBody = Annotated[dict[str, Any], Depends(sealed_json)]

# The attribute that tells `main` which model a sealed dependency opens (for OpenAPI).
SEALED_MODEL_ATTRIBUTE = "__sealed_model__"
setattr(sealed_json, SEALED_MODEL_ATTRIBUTE, None)


def sealed_model(model: type[ModelT]) -> Any:
    """A dependency that opens a sealed body and validates it as `model`."""

    async def dependency(request: Request) -> ModelT:
        body = await sealed_json(request)
        try:
            return model.model_validate(body)
        except ValidationError as exc:
            errors = [
                {"loc": ["body", *map(str, e.get("loc", ()))], "type": e.get("type")}
                for e in exc.errors()
            ]
            raise AppError("validation-failed", status=422, value=errors) from exc

    setattr(dependency, SEALED_MODEL_ATTRIBUTE, model)
    return Depends(dependency)


async def current_member(request: Request, ctx: Context) -> Authenticated:
    """The logged-in member of this brand (calls marked T), else not-logged-in (401)."""
    known = getattr(request.state, "member_auth", None)
    auth = known or await sessions.authenticate(
        sessions.bearer(request.headers.get("authorization"))
    )
    if auth.member.merchant_id != ctx.brand.id:
        raise AppError("not-logged-in", status=401)
    request.state.member_auth = auth  # the gates and the call's own check: one lookup
    return auth


CurrentMember = Annotated[Authenticated, Depends(current_member)]


async def optional_member(request: Request, ctx: RequestContext) -> Member | None:
    """The member of this brand when a valid token is sent (what they see is then theirs),
    else a visitor."""
    token = sessions.bearer(request.headers.get("authorization"))
    if not token:
        return None
    try:
        member = (await sessions.authenticate(token)).member
    except AppError:
        return None
    return member if member.merchant_id == ctx.brand.id else None


async def real_member(auth: CurrentMember) -> Authenticated:
    """A member with a real account: trial users are asked to register first (spec 4)."""
    members.require_real_account(auth.member)
    return auth


RealMember = Annotated[Authenticated, Depends(real_member)]


def client_of(request: Request, ctx: RequestContext) -> Client:
    return Client(
        ip=ctx.ip,
        user_agent=request.headers.get("user-agent", "")[:255],
        device=ctx.device,
        device_id=request.headers.get("device-id", "")[:64],
    )
