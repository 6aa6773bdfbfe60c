"""Cross-origin browsers: the API's CORS answers and the websocket's Origin check accept the
site's own origin, the brands' domains on the published scheme and port, and
ALLOWED_ORIGINS, and refuse every other site (another scheme or port is another site). The
browser cookie every page response gives is HttpOnly and SameSite."""

from __future__ import annotations

import json

import aiohttp
import httpx
import pytest
import socketio  # type: ignore[import-untyped]

from app import front_door
from app.core.config import get_settings
from app.front_door import DomainCheck
from app.services.brands import brands
from app.services.origins import origin_allowed
from tests.helpers.api import platform_api
from tests.security.outsider import Outsider

EVIL = "http://evil.example"
API_CALL = "/wps/system/status"


def _brand_origin(site_url: str) -> str:
    """A domain of the demo brand BR1 on the site's scheme and port (PUBLIC_BASE_URL)."""
    return site_url.replace("127.0.0.1", "sortegrande.test")


async def test_origin_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    await brands.for_request(None, None)  # the brands are loaded once a request needs them
    settings = get_settings()
    monkeypatch.setattr(settings, "public_base_url", "https://play.example")
    assert origin_allowed(None, "site.test", https=False)  # no Origin: no cross-origin call
    # The site's own: the request's host on the request's scheme.
    assert origin_allowed("http://127.0.0.1:3000", "127.0.0.1:3000", https=False)
    assert origin_allowed("https://api.test", "api.test", https=True)
    assert not origin_allowed("http://api.test", "api.test", https=True)
    assert not origin_allowed("https://api.test", "api.test", https=False)
    # Brands' domains: on the published scheme and port only (issue 32).
    assert origin_allowed("https://sortegrande.test", "api.test", https=True)
    assert origin_allowed("https://sortegrande.test:443", "api.test", https=True)
    assert origin_allowed("https://VILABET.test", "api.test", https=True)  # BR2's domain
    for other in (
        "http://sortegrande.test",
        "https://sortegrande.test:8443",
        "http://vilabet.test:443",
        "https://user@sortegrande.test",
        "https://sortegrande.test:99999",
    ):
        assert not origin_allowed(other, "api.test", https=True), other
    monkeypatch.setattr(settings, "public_base_url", "http://localhost:3000")
    assert origin_allowed("http://sortegrande.test:3000", "api.test", https=False)
    assert not origin_allowed("http://sortegrande.test", "api.test", https=False)
    assert not origin_allowed("https://sortegrande.test:3000", "api.test", https=False)
    assert not origin_allowed(EVIL, "api.test", https=False)
    assert not origin_allowed("http://sortegrande.test.evil.example:3000", "api.test", https=False)
    assert not origin_allowed("null", "api.test", https=False)
    assert not origin_allowed("file:///etc/passwd", "api.test", https=False)
    assert not origin_allowed("http://sortegrande.test:3000/path", "api.test", https=False)
    monkeypatch.setattr(settings, "allowed_origins", ["https://partner.example/"])
    assert origin_allowed("https://partner.example", "api.test", https=False)
    assert not origin_allowed("http://partner.example", "api.test", https=False)
    assert not origin_allowed("https://partner.example:8443", "api.test", https=False)


async def test_cors_and_socket_pin_a_brand_to_its_scheme_and_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The doors themselves: the API's CORS answer and the socket's Origin check."""
    await brands.for_request(None, None)
    monkeypatch.setattr(get_settings(), "public_base_url", "https://play.example")
    api = front_door.BrandOriginCORS(platform_api())
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=api), base_url="http://api.test"
    ) as client:
        for origin, allowed in (
            ("https://sortegrande.test", True),
            ("http://sortegrande.test", False),
            ("https://sortegrande.test:8443", False),
        ):
            answer = await client.get(API_CALL, headers={"Origin": origin})
            granted = answer.headers.get("access-control-allow-origin")
            assert granted == (origin if allowed else None), origin
    environ = {"HTTP_HOST": "api.test", "asgi.scope": {"scheme": "ws"}}
    assert front_door._socket_origin_allowed("https://sortegrande.test", environ)
    assert not front_door._socket_origin_allowed("http://sortegrande.test", environ)
    assert not front_door._socket_origin_allowed("https://sortegrande.test:8443", environ)
    assert front_door._socket_origin_allowed("http://api.test", environ)
    assert not front_door._socket_origin_allowed("https://api.test", environ)


@pytest.mark.e2e
async def test_api_cors_answers_only_allowed_origins(site_url: str) -> None:
    async with httpx.AsyncClient(base_url=site_url) as client:
        brand = _brand_origin(site_url)
        for origin, allowed in ((EVIL, False), (brand, True), (site_url, True)):
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
    for origin in (_brand_origin(site_url), site_url):
        async with Outsider(site_url, origin=origin) as outsider:
            assert outsider.client.connected and outsider.updates


@pytest.mark.e2e
async def test_crash_live_board_refuses_other_sites(site_url: str) -> None:
    """Crash's live board socket (app/crash_live.py) asks for no login but takes the site's
    own origins only: another site's page cannot open it."""
    live = site_url.replace("http", "ws", 1) + "/_crash/live?lang=en"
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await session.ws_connect(live, origin=EVIL)
        for origin in (_brand_origin(site_url), site_url):
            async with session.ws_connect(live, origin=origin) as socket:
                first = json.loads(await socket.receive_str(timeout=30))
                assert isinstance(first["server"], int) and "phase" in first


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
    front = DomainCheck(platform_api())
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
