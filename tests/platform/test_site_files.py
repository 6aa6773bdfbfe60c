"""/sitemap.xml lists the page manifests' public pages on the brand's domain; /robots.txt
points to it and keeps crawlers out of the API and one-time links."""

from __future__ import annotations

from collections.abc import AsyncIterator
from xml.etree import ElementTree

import httpx
import pytest

from app import routes
from app.api.main import create_api
from app.client import PlatformClient
from app.core.config import PROJECT_ROOT
from pages.registry import all_pages, sitemap_paths

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
COCKFIGHT = "/cockfight"  # a game list of routes.CATEGORY_LISTS


@pytest.fixture
async def site() -> AsyncIterator[PlatformClient]:
    """The API as the site mounts it: with the sitemap of the page manifests."""
    transport = httpx.ASGITransport(app=create_api(sitemap=sitemap_paths()))
    async with PlatformClient("http://localhost", transport=transport) as client:
        yield client


def _locations(xml: str) -> list[str]:
    return [loc.text or "" for loc in ElementTree.fromstring(xml).findall("s:url/s:loc", NS)]


async def test_the_sitemap_lists_every_public_page_once_on_the_brands_domain(
    site: PlatformClient,
) -> None:
    answer = await site.raw("GET", "/sitemap.xml", headers={"Host": "sortegrande.test"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/xml")
    locations = _locations(answer.text)
    paths = [location.removeprefix("https://sortegrande.test") for location in locations]
    assert all(location.startswith("https://sortegrande.test/") for location in locations)
    # BR1's market forbids animal fights: its sitemap leaves the cockfight list out.
    assert paths == [path for path in sitemap_paths() if path != COCKFIGHT]
    assert len(set(paths)) == len(paths)
    public = {page.path for page in all_pages() if not page.login}
    assert set(paths) <= public
    assert routes.HOME in paths and routes.PROMOTIONS in paths and routes.HELP in paths
    for hidden in (routes.DEPOSIT, routes.WITHDRAW, routes.NOT_FOUND, *routes.HOME_ALIASES):
        assert hidden not in paths
    assert not any("[" in path for path in paths)


async def test_only_a_market_that_allows_animal_fights_lists_the_cockfight_page(
    site: PlatformClient,
) -> None:
    assert COCKFIGHT in sitemap_paths()
    brazil = await site.raw("GET", "/sitemap.xml", headers={"Host": "sortegrande.test"})
    assert not [loc for loc in _locations(brazil.text) if loc.endswith(COCKFIGHT)]
    other = await site.raw("GET", "/sitemap.xml", headers={"Host": "luckylotus.test"})
    assert "https://luckylotus.test/cockfight" in _locations(other.text)


async def test_an_unknown_host_gets_the_brands_own_domain(site: PlatformClient) -> None:
    answer = await site.raw("GET", "/sitemap.xml", headers={"Host": "attacker.example"})
    assert not any("attacker" in location for location in _locations(answer.text))


async def test_robots_points_to_the_sitemap_and_keeps_out_of_the_api(api: PlatformClient) -> None:
    answer = await api.raw("GET", "/robots.txt", headers={"Host": "sortegrande.test"})
    assert answer.status_code == 200
    lines = answer.text.splitlines()
    assert lines[0] == "User-agent: *"
    assert {"Disallow: /wps/", "Disallow: /vendor/", "Disallow: /admin"} <= set(lines)
    assert lines[-1] == "Sitemap: https://sortegrande.test/sitemap.xml"


async def test_a_developers_localhost_keeps_its_port_and_plain_http(api: PlatformClient) -> None:
    answer = await api.raw("GET", "/robots.txt", headers={"Host": "localhost:3000"})
    assert answer.text.splitlines()[-1] == "Sitemap: http://localhost:3000/sitemap.xml"


async def test_the_web_app_manifest_names_the_brand_and_its_icons(api: PlatformClient) -> None:
    answer = await api.raw("GET", "/manifest.webmanifest", headers={"Host": "vilabet.test"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] != "" and len(manifest["short_name"]) <= 12
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert (PROJECT_ROOT / "assets" / icon["src"].lstrip("/")).is_file()
    other = (await api.raw("GET", "/manifest.webmanifest", headers={"Host": "localhost"})).json()
    assert other["name"] != manifest["name"]  # each brand installs as itself
