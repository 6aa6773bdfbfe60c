"""Security headers on every answer (API here; the built pages in tests/e2e/test_headers.py)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from sqlmodel import select
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import Receive, Scope, Send

from app.api.security_headers import (
    SecurityHeaders,
    content_security_policy,
    inline_script_hashes,
    secure_cookie,
)
from app.core.config import get_settings
from app.core.db import write_transaction
from app.services.brands import brands
from models import Merchant
from tests.helpers.api import platform_api

EXPECTED = {
    "x-frame-options": "SAMEORIGIN",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
}


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.90", 50000))
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
    # JSON is data: its policy lets it run and load nothing (the pages' own: test_headers).
    assert answer.headers["content-type"].startswith("application/json")
    directives = dict(
        part.strip().split(" ", 1) for part in answer.headers["content-security-policy"].split(";")
    )
    assert directives == {"default-src": "'none'", "frame-ancestors": "'self'"}
    assert "strict-transport-security" not in answer.headers


async def test_an_answer_that_is_no_json_keeps_the_site_policy() -> None:
    """An asset may be a worker script or an SVG opened as a document: its policy is the
    site's, without the page-only analytics sources."""

    async def script(scope: Scope, receive: Receive, send: Send) -> None:
        await Response("self.onmessage = () => {};", media_type="text/javascript")(
            scope, receive, send
        )

    transport = httpx.ASGITransport(app=SecurityHeaders(script))
    async with httpx.AsyncClient(transport=transport) as client:
        answer = await client.get("http://localhost/worker.js")
    directives = dict(
        part.strip().split(" ", 1) for part in answer.headers["content-security-policy"].split(";")
    )
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["worker-src"] == "'self' blob:"
    assert "'unsafe-inline'" not in directives["script-src"]


async def test_the_builds_hashed_assets_are_kept_a_year_and_nothing_else_is() -> None:
    """A script or style of the build (/assets/, its name carries its content's hash) may be
    kept by the browser without asking again; a page, another file or a missing asset not."""

    async def files(scope: Scope, receive: Receive, send: Send) -> None:
        missing = scope["path"].endswith("missing.js")
        await Response("x", status_code=404 if missing else 200, media_type="text/javascript")(
            scope, receive, send
        )

    transport = httpx.ASGITransport(app=SecurityHeaders(files))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        kept = await client.get("/assets/entry.client-CS7job2t.js")
        other = await client.get("/crash.js")
        missing = await client.get("/assets/missing.js")
    assert kept.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "cache-control" not in other.headers and "cache-control" not in missing.headers


async def test_hsts_only_over_https() -> None:
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.91", 50000))
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


@asynccontextmanager
async def _gtag(code: str, gtag_id: str | None) -> AsyncIterator[None]:
    async def store(value: str | None) -> None:
        async with write_transaction() as session:
            merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
            merchant.gtag_id = value
            session.add(merchant)
        brands.invalidate()
        await brands.all()  # the snapshot the headers read

    await store(gtag_id)
    try:
        yield
    finally:
        await store(None)


async def test_analytics_sources_are_allowed_only_on_a_brand_with_a_measurement_id() -> None:
    async def page(scope: Scope, receive: Receive, send: Send) -> None:
        await HTMLResponse("<p>page</p>")(scope, receive, send)

    async def data(scope: Scope, receive: Receive, send: Send) -> None:
        await JSONResponse({})(scope, receive, send)

    async with _gtag("BR2", "G-TEST12345"):
        policies = {}
        for name, app in (("page", page), ("data", data)):
            transport = httpx.ASGITransport(app=SecurityHeaders(app))
            async with httpx.AsyncClient(transport=transport) as client:
                for host in ("vilabet.test", "localhost"):
                    answer = await client.get(f"http://{host}/")
                    policies[name, host] = answer.headers["content-security-policy"]
    assert "https://www.googletagmanager.com" in policies["page", "vilabet.test"]
    assert "google-analytics.com" in policies["page", "vilabet.test"]
    # BR1 (localhost) has no measurement id; an answer that is no page runs no script.
    assert "googletagmanager" not in policies["page", "localhost"]
    assert "googletagmanager" not in policies["data", "vilabet.test"]


@pytest.mark.parametrize(
    ("stored", "loaded"),
    [("G-TEST12345", "G-TEST12345"), (None, ""), ("UA-1234-1", ""), ('G-1"><script>', "")],
)
async def test_only_a_well_formed_measurement_id_is_loaded(stored: str | None, loaded: str) -> None:
    async with _gtag("BR2", stored):
        assert (await brands.by_code("BR2")).analytics_id == loaded
