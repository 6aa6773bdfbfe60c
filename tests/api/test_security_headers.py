"""Security headers on every answer (API here; the built pages in tests/e2e/test_headers.py)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from app.api.main import create_api
from app.api.security_headers import (
    content_security_policy,
    inline_script_hashes,
    secure_cookie,
)
from app.core.config import get_settings

EXPECTED = {
    "x-frame-options": "SAMEORIGIN",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
}


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_api(), client=("192.0.2.90", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        yield client


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/wps/system/status"), ("GET", "/wps/nothing/here"), ("POST", "/wps/session/login")],
)
async def test_every_api_answer_carries_the_headers(
    http: httpx.AsyncClient, method: str, path: str
) -> None:
    answer = await http.request(method, path)
    for name, value in EXPECTED.items():
        assert answer.headers[name] == value
    directives = dict(
        part.strip().split(" ", 1) for part in answer.headers["content-security-policy"].split(";")
    )
    assert directives["frame-ancestors"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "strict-transport-security" not in answer.headers


async def test_hsts_only_over_https() -> None:
    transport = httpx.ASGITransport(app=create_api(), client=("192.0.2.91", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="https://localhost") as client:
        answer = await client.get("/wps/system/status")
    assert answer.headers["strict-transport-security"].startswith("max-age=31536000")


async def test_a_trusted_proxy_reports_https(
    http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    forwarded = {"X-Forwarded-Proto": "https"}
    assert (
        "strict-transport-security"
        not in (await http.get("/wps/system/status", headers=forwarded)).headers
    )  # nobody vouches for the header without a trusted proxy
    monkeypatch.setattr(get_settings(), "trusted_proxy_hops", 1)
    answer = await http.get("/wps/system/status", headers=forwarded)
    assert "strict-transport-security" in answer.headers


@pytest.mark.parametrize(
    ("cookie", "https", "expected"),
    [
        ("a=1; Path=/", False, "a=1; Path=/; HttpOnly; SameSite=Lax"),
        ("a=1; Path=/", True, "a=1; Path=/; HttpOnly; SameSite=Lax; Secure"),
        ("a=1; HttpOnly; SameSite=Strict; Secure", True, "a=1; HttpOnly; SameSite=Strict; Secure"),
    ],
)
def test_cookies_get_the_flags_they_lack(cookie: str, https: bool, expected: str) -> None:
    assert secure_cookie(cookie, https) == expected


def test_inline_scripts_of_the_build_are_allowed_by_hash(tmp_path: Path) -> None:
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text(
        '<script>window.a = 1;</script><script src="/x.js"></script>'
        '<script type="module">b()</script>'
    )
    digests = [hashlib.sha256(body).digest() for body in (b"window.a = 1;", b"b()")]
    expected = sorted(f"'sha256-{base64.b64encode(d).decode()}'" for d in digests)
    assert list(inline_script_hashes(tmp_path)) == expected
    policy = content_security_policy(inline_script_hashes(tmp_path))
    assert all(source in policy for source in expected)
