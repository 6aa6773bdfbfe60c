"""schemathesis against the app's own OpenAPI document, sending through the in-process ASGI
app on the test session's event loop (the database and Redis clients live on that loop).

Hypothesis drives each call from a worker thread and hands the request to the loop; the
hooks put what a real client adds: the brand, a member's (or a game session's) token, a live
launch token for the studio's session exchange, and for calls marked E the generated JSON
sealed with the client crypto (`x-sealed-body` in the document says which).
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import requests
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app.core.crypto import seal
from tests.helpers.routes import AREAS

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
# Examples per call and generation mode; CI keeps the whole run near three minutes.
MAX_EXAMPLES = int(os.environ.get("FUZZ_MAX_EXAMPLES", "12"))
SEALED = "x-sealed-body"
STUDIO_SESSION = "/studio/session"
STUDIO_ROUNDS = "/studio/rounds"
STUDIO_BET = "1.00"  # within every studio game's limits
DICE_CHOICES = {"target": "50.00", "direction": "over"}  # the fuzzer's game sessions play dice


def fuzz_document(document: dict[str, Any]) -> dict[str, Any]:
    """The app's document for the fuzzer: the API areas only, and calls marked E with the JSON
    they seal as their body (the hook seals it before sending)."""
    fuzzed = copy.deepcopy(document)
    fuzzed["paths"] = {p: ops for p, ops in fuzzed["paths"].items() if p.startswith(AREAS)}
    for operations in fuzzed["paths"].values():
        for operation in operations.values():
            if SEALED in operation:
                operation["requestBody"] = {
                    "required": True,
                    "content": {"application/json": {"schema": operation[SEALED]}},
                }
    return fuzzed


@dataclass
class Target:
    """Where and as whom the fuzzer calls: the app, the headers of a logged-in client, the
    payload key calls marked E are sealed for, and where fresh studio launch tokens come from."""

    app: Any
    loop: asyncio.AbstractEventLoop
    public_key: dict[str, str]
    ip: str
    headers: dict[str, str] = field(default_factory=dict)
    launch_token: Callable[[], Awaitable[str]] | None = None

    def run(self, coroutine: Awaitable[Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()  # type: ignore[arg-type]

    async def send(self, case: Case) -> httpx.Response:
        # Our headers go into the case, so that a failure's curl line is what was sent.
        case.headers = {**(case.headers or {}), **self.headers}
        language = str(case.headers.get("Language", "PT"))
        if len(language) % 3:
            # Mostly a language the brand has, so that calls reach their handler; one
            # generated value in three is sent as it is, to fuzz the header too.
            case.headers["Language"] = "EN" if len(language) % 2 else "PT"
        vendor = case.path.startswith("/vendor/") and await _studio_vendor()
        named = case.path_parameters or {}
        if vendor and "vendorCode" in named and len(str(named["vendorCode"])) % 3:
            # mostly a vendor the platform has credentials for, so that calls get signed
            case.path_parameters = {**case.path_parameters, "vendorCode": vendor}
        await self._studio_body(case)
        kwargs = case.as_transport_kwargs(base_url="http://localhost")
        prepared = requests.Request(
            method=kwargs["method"],
            url=kwargs["url"],
            params=kwargs.get("params"),
            headers=kwargs.get("headers"),
            data=kwargs.get("data"),
            files=kwargs.get("files"),
            json=kwargs.get("json"),
        ).prepare()
        headers = {k: v for k, v in prepared.headers.items() if k.lower() != "content-length"}
        body = prepared.body.encode() if isinstance(prepared.body, str) else prepared.body
        if SEALED in case.operation.definition.raw:
            sealed = seal(
                body or b"{}",
                self.public_key["publicKey"],
                self.public_key["kid"],
                case.method,
                case.formatted_path,
            )
            body = json.dumps(sealed).encode()
            headers["Content-Type"] = "application/json"
        if vendor:
            headers.update(await _vendor_signature(case, body or b""))
        transport = httpx.ASGITransport(app=self.app, client=(self.ip, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            try:
                response = await client.request(
                    case.method, prepared.url or "", headers=headers, content=body
                )
            except Exception as exc:
                raise AssertionError(
                    f"the app raised {type(exc).__name__}: {exc}\n{case.as_curl_command()}"
                ) from exc
            await response.aread()
        return response

    async def _studio_body(self, case: Case) -> None:
        """Mostly a live launch token for the session exchange; for a round mostly a bet within
        the limits, so that calls get past them to the game's own checks, and sometimes valid
        choices too, so that rounds are played."""
        body = case.body
        if not isinstance(body, dict) or case.method.upper() != "POST":
            return
        if case.path == STUDIO_SESSION and self.launch_token is not None:
            if len(str(body.get("launchToken"))) % 3:
                case.body = {**body, "launchToken": await self.launch_token()}
        elif case.path == STUDIO_ROUNDS and len(str(body.get("bet"))) % 3:
            case.body = {**body, "bet": STUDIO_BET}
            if not len(str(body.get("params"))) % 3:
                case.body["params"] = DICE_CHOICES


async def _studio_vendor() -> str | None:
    """The co-hosted studio's vendor code when the app has the vendor seamless wallet."""
    try:
        from app.services.seamless.wallet import STUDIO_VENDOR  # type: ignore[import-not-found]
    except ImportError:
        return None
    return str(STUDIO_VENDOR)


async def _vendor_signature(case: Case, body: bytes) -> dict[str, str]:
    """Vendor wallet calls are signed with the vendor's secret (HMAC over the timestamp and
    the body), as the vendor's server does; a vendor without credentials sends none."""
    from app.core.errors import AppError
    from app.services.seamless.signing import signed_headers  # type: ignore[import-not-found]
    from app.services.seamless.vendors import vendor_secret  # type: ignore[import-not-found]

    try:
        secret = await vendor_secret(str((case.path_parameters or {}).get("vendorCode", "")))
    except AppError:
        return {}
    return dict(signed_headers(secret, body))


def _negatable(operation: Any) -> bool:
    """Whether invalid input can be made: headers are free strings here, so only a call with
    a body, path or query parameters has any."""
    raw = operation.definition.raw
    located = {p.get("in") for p in raw.get("parameters", [])}
    return "requestBody" in raw or bool(located & {"path", "query"})


@dataclass
class Finding:
    label: str
    mode: str
    error: str


def fuzz_operation(
    operation: Any, target: Target, modes: tuple[GenerationMode, ...], max_examples: int
) -> list[Finding]:
    """Run the generated calls of one operation; every broken check is a finding."""
    findings: list[Finding] = []
    for mode in modes:
        if mode is GenerationMode.NEGATIVE and not _negatable(operation):
            continue

        @settings(
            max_examples=max_examples,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
        )
        @given(case=operation.as_strategy(generation_mode=mode))
        def run(case: Case) -> None:
            response = target.run(target.send(case))
            case.validate_response(response, checks=CHECKS)

        started = time.monotonic()
        try:
            run()
        except Unsatisfiable:
            pass  # no invalid input exists for it (e.g. only free-form strings)
        except Exception as exc:
            findings.append(Finding(operation.label, mode.value, str(exc)[:3000]))
        if os.environ.get("FUZZ_TIMINGS"):
            print(f"{time.monotonic() - started:6.2f}s {mode.value:8} {operation.label}")
    return findings
