"""Cross-origin browsers: the API's CORS answers and the websocket's Origin check accept the
site's own origin, the brands' domains and ALLOWED_ORIGINS, and refuse every other site.
The browser cookie every page response gives is HttpOnly and SameSite."""

from __future__ import annotations

import httpx
import pytest
import socketio  # type: ignore[import-untyped]

from app.api.main import create_api
from app.core.config import get_settings
from app.front_door import DomainCheck
from app.services.brands import brands
from app.services.origins import origin_allowed
from tests.security.outsider import Outsider

EVIL = "http://evil.example"
BRAND = "http://sortegrande.test"  # a domain of the demo brand BR1
API_CALL = "/wps/system/status"


async def test_origin_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    await brands.for_request(None, None)  # the brands are loaded once a request needs them
    assert origin_allowed(None, "site.test")  # no Origin: not a cross-origin browser call
    assert origin_allowed("http://127.0.0.1:3000", "127.0.0.1:3000")  # the site's own
    assert origin_allowed(BRAND, "api.test")
    assert origin_allowed("https://vilabet.test", "api.test")  # BR2's domain
    assert not origin_allowed(EVIL, "api.test")
    assert not origin_allowed("http://sortegrande.test.evil.example", "api.test")
    assert not origin_allowed("null", "api.test")
    assert not origin_allowed("file:///etc/passwd", "api.test")
    assert not origin_allowed("http://sortegrande.test/path", "api.test")
    monkeypatch.setattr(get_settings(), "allowed_origins", ["https://partner.example/"])
    assert origin_allowed("https://partner.example", "api.test")
    assert not origin_allowed("http://partner.example", "api.test")


@pytest.mark.e2e
async def test_api_cors_answers_only_allowed_origins(site_url: str) -> None:
    async with httpx.AsyncClient(base_url=site_url) as client:
        for origin, allowed in ((EVIL, False), (BRAND, True), (site_url, True)):
            preflight = await client.options(
                API_CALL,
                headers={"Origin": origin, "Access-Control-Request-Method": "POST"},
            )
            simple = await client.get(API_CALL, headers={"Origin": origin})
            for response in (preflight, simple):
                granted = response.headers.get("access-control-allow-origin")
                assert granted == (origin if allowed else None), (origin, response.status_code)
            assert (preflight.status_code == 200) is allowed


@pytest.mark.e2e
async def test_websocket_refuses_other_sites(site_url: str) -> None:
    with pytest.raises(socketio.exceptions.ConnectionError):
        async with Outsider(site_url, origin=EVIL):
            pass
    for origin in (BRAND, site_url):
        async with Outsider(site_url, origin=origin) as outsider:
            assert outsider.client.connected and outsider.updates


@pytest.mark.e2e
async def test_pages_give_an_httponly_browser_cookie(site_url: str) -> None:
    async with httpx.AsyncClient(base_url=site_url) as client:
        page = await client.get("/")
        cookie = page.headers.get("set-cookie", "")
        assert cookie.startswith("browser=")
        assert {"HttpOnly", "SameSite=Lax", "Path=/"} <= {p.strip() for p in cookie.split(";")}
        # A browser that has one keeps it; API calls never get one.
        again = await client.get("/", headers={"Cookie": cookie.split(";")[0]})
        assert "set-cookie" not in again.headers
        assert "set-cookie" not in (await client.get(API_CALL)).headers


@pytest.fixture
def domain_check(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "domain_check", True)
    monkeypatch.setattr(settings, "served_hosts", ["api.internal"])


def _front_door_client() -> httpx.AsyncClient:
    """The API behind the domain check, as the site's process stacks them."""
    front = DomainCheck(create_api())
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=front), base_url="http://any")


async def test_hosts_the_platform_does_not_serve_get_invalid_url(domain_check: None) -> None:
    async with _front_door_client() as client:
        for host in ("sortegrande.test", "SorteGrande.test:443", "vilabet.test", "api.internal"):
            answer = await client.get(API_CALL, headers={"host": host})
            assert answer.status_code == 200, host
        refused = await client.get(API_CALL, headers={"host": "evil.example"})
        assert refused.status_code == 421
        assert refused.json() == {
            "code": "invalid-url",
            "message": "Invalid URL, please contact customer service",
        }
        page = await client.get(
            "/",
            headers={"host": "sortegrande.test.evil.example", "accept-language": "pt-BR,pt;q=0.9"},
        )
        assert page.status_code == 421
        assert page.headers["content-type"].startswith("text/html")
        assert '<html lang="pt">' in page.text
        assert "<h1>URL inválida, entre em contato com o atendimento</h1>" in page.text
        english = await client.get("/", headers={"host": "evil.example", "accept-language": "en"})
        assert "<h1>Invalid URL, please contact customer service</h1>" in english.text


async def test_a_websocket_for_a_host_not_served_is_closed(domain_check: None) -> None:
    reached: list[str] = []
    sent: list[dict[str, object]] = []

    async def inner(scope: dict[str, object], receive: object, send: object) -> None:
        reached.append(str(scope["path"]))

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    async def receive() -> dict[str, object]:
        return {"type": "websocket.connect"}

    check = DomainCheck(inner)  # type: ignore[arg-type]
    for host, served in ((b"evil.example", False), (b"sortegrande.test", True)):
        scope = {"type": "websocket", "path": "/_event", "headers": [(b"host", host)]}
        await check(scope, receive, send)  # type: ignore[arg-type]
        assert bool(reached) is served
    assert sent == [{"type": "websocket.close", "code": 1008}]


async def test_without_the_domain_check_every_host_is_served() -> None:
    assert not get_settings().domain_check  # the default: development and the demo
    async with _front_door_client() as client:
        answer = await client.get(API_CALL, headers={"host": "evil.example"})
        assert answer.status_code == 200
