"""A Python client for the platform API: headers, the envelope and sealed (E) payloads.

async with PlatformClient("http://localhost:3000", merchant="BR1") as api:
    status = await api.get("/wps/system/status")
    opened = await api.post("/wps/session/key/check", {"a": 1}, sealed=True)
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from types import TracebackType
from typing import Any

import httpx

from app.core import http
from app.core.crypto import seal


def solve_pow(challenge: dict[str, Any]) -> str:
    """Solve a bot-check challenge: find n with SHA-256(salt + n) == challenge."""
    for number in range(int(challenge["maxnumber"]) + 1):
        digest = hashlib.sha256(f"{challenge['salt']}{number}".encode()).hexdigest()
        if digest == challenge["challenge"]:
            solution = {k: v for k, v in challenge.items() if k != "maxnumber"}
            return base64.b64encode(json.dumps({**solution, "number": number}).encode()).decode()
    raise ValueError("the challenge has no solution")


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status = status
        self.body = body
        self.code = body.get("code")


class PlatformClient:
    def __init__(
        self,
        base_url: str = "http://localhost:3000",
        *,
        merchant: str | None = None,
        language: str | None = None,
        device: str = "WEB",
        token: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.merchant = merchant
        self.language = language
        self.device = device
        self.token = token
        self.device_key = ""  # what the last login gave: this client is a known device
        self._http = http.client(base_url=base_url, transport=transport, timeout=timeout)
        self._key: dict[str, str] | None = None

    async def __aenter__(self) -> PlatformClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    def headers(self) -> dict[str, str]:
        headers = {"Device": self.device}
        if self.merchant:
            headers["Merchant"] = self.merchant
        if self.language:
            headers["Language"] = self.language
        if self.token:
            headers["Authorization"] = self.token
        return headers

    async def raw(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        params: dict[str, Any] | None = None,
    ) -> httpx.Response:
        """The plain HTTP response, for tests of malformed input."""
        return await self._http.request(
            method,
            path,
            json=json,
            content=content,
            params=params,
            headers={**self.headers(), **(headers or {})},
        )

    async def public_key(self, refresh: bool = False) -> dict[str, str]:
        if self._key is None or refresh:
            self._key = await self.get("/wps/session/key/rsa")
        return self._key

    async def sealed_body(self, method: str, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        key = await self.public_key()
        return seal(payload, key["publicKey"], key["kid"], method, path)

    async def call(
        self,
        method: str,
        path: str,
        payload: dict[str, Any] | None = None,
        *,
        sealed: bool = False,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        """Send a call and return the envelope's value; raise ApiError when it failed."""
        body: Any = payload
        if sealed:
            body = await self.sealed_body(method, path, payload or {})
        response = await self.raw(method, path, json=body, params=params, headers=headers)
        envelope = response.json()
        if sealed and envelope.get("code") == "payload-key-unknown":
            await self.public_key(refresh=True)
            body = await self.sealed_body(method, path, payload or {})
            response = await self.raw(method, path, json=body, params=params, headers=headers)
            envelope = response.json()
        if not envelope.get("success"):
            raise ApiError(response.status_code, envelope)
        return envelope.get("value")

    async def bot_check(self) -> str:
        """A fresh solved bot check for the calls that ask for one."""
        return solve_pow(await self.get("/wps/verification/botCheck"))

    async def login(self, username: str, password: str, **extra: Any) -> dict[str, Any]:
        """Log in by username (sealed, with a solved bot check); keeps the token."""
        payload = {
            "type": "username",
            "username": username,
            "password": password,
            "botCheck": await self.bot_check(),
            **({"deviceKey": self.device_key} if self.device_key else {}),
            **extra,
        }
        value: dict[str, Any] = await self.post("/wps/session/login", payload, sealed=True)
        self.token = value["token"]
        self.device_key = value.get("deviceKey", self.device_key)
        return value

    async def start_free_play(self, os: str = "Linux") -> dict[str, Any]:
        """Start a trial account (spec 7's sealed free play payload); keeps the token."""
        payload = {"os": os, "platform": "W", "randomStr": secrets.token_hex(16)}
        value: dict[str, Any] = await self.call(
            "POST", "/wps/session/login/freeplay", payload, sealed=True,
            headers={"X-Gateway-Version": "3"},
        )  # fmt: skip
        self.token = value["token"]
        return value

    async def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return await self.call("GET", path, params=params)

    async def post(
        self, path: str, payload: dict[str, Any] | None = None, *, sealed: bool = False
    ) -> Any:
        return await self.call("POST", path, payload, sealed=sealed)

    async def put(
        self, path: str, payload: dict[str, Any] | None = None, *, sealed: bool = False
    ) -> Any:
        return await self.call("PUT", path, payload, sealed=sealed)

    async def delete(self, path: str, payload: dict[str, Any] | None = None) -> Any:
        return await self.call("DELETE", path, payload)
