"""Typed request dependencies: the brand, the language, the device, the client address."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request

from app.core.config import get_settings
from app.core.crypto import PayloadError
from app.core.errors import AppError
from app.services.brands import Brand, brands
from app.services.payload_keys import payload_keys


def client_ip(request: Request) -> str:
    """The visitor's address; X-Forwarded-For is read only through trusted proxy hops."""
    hops = get_settings().trusted_proxy_hops
    forwarded = request.headers.get("x-forwarded-for")
    if hops and forwarded:
        chain = [part.strip() for part in forwarded.split(",") if part.strip()]
        if len(chain) >= hops:
            return chain[-hops]
    return request.client.host if request.client else "unknown"


def client_country(request: Request) -> str | None:
    header = get_settings().country_header
    return request.headers.get(header) if header else None


@dataclass(frozen=True)
class RequestContext:
    brand: Brand
    language: str
    device: str
    ip: str
    country: str | None


async def request_context(request: Request) -> RequestContext:
    """Brand, language and device from the headers (documented in OpenAPI by `main`).

    Headers are read directly rather than declared one by one: FastAPI's per-parameter
    validation cost more than the rest of a status call together.
    """
    headers = request.headers
    brand = await brands.for_request(headers.get("merchant"), headers.get("host"))
    request.state.language = brand.default_language
    resolved = brand.resolve_language(headers.get("language"))
    request.state.language = resolved
    return RequestContext(
        brand=brand,
        language=resolved,
        device=(headers.get("device") or "WEB").upper()[:16],
        ip=client_ip(request),
        country=client_country(request),
    )


Context = Annotated[RequestContext, Depends(request_context)]


async def sealed_json(request: Request) -> dict[str, Any]:
    """The JSON body of a call marked E, opened from its sealed form."""
    try:
        document = json.loads(await request.body())
    except ValueError as exc:
        raise AppError("malformed-json", status=400) from exc
    try:
        opened = await payload_keys.open(document, request.method, request.url.path)
    except PayloadError as exc:
        raise AppError(exc.code, status=400) from exc
    try:
        body = json.loads(opened.body)
    except ValueError as exc:
        raise AppError("malformed-json", status=400) from exc
    if not isinstance(body, dict):
        raise AppError("malformed-json", status=400)
    return body


SealedBody = Annotated[dict[str, Any], Depends(sealed_json)]
