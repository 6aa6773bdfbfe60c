"""What the site tells search engines and phones: /sitemap.xml lists the public pages of the
site's page manifests (pages/registry.py) on the brand's domain; /robots.txt points to it and
keeps crawlers out of the API, the game clients and member pages; /manifest.webmanifest lets
a phone install the brand's site as an app (with assets/sw.js)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from app import routes
from app.services.brands import Brand
from app.services.catalogue import games

LOOPBACK = frozenset({"localhost", "127.0.0.1"})  # a developer's machine: plain http
# Paths no crawler should follow: the API areas and the one-time game and payment links.
DISALLOWED = ("/wps/", "/lgw/", "/vendor/", "/studio/", "/play/", "/sandbox/", "/admin")


def site_base(brand: Brand, host: str | None, fallback: str) -> str:
    """The origin the sitemap names: the request's host when it is one of the brand's
    domains, else the brand's first domain, else `fallback` (a brand with no domain: dev)."""
    domains = [route.domain.lower() for route in brand.domains]
    requested = (host or "").split(":")[0].lower()
    if requested in domains:
        return f"http://{host}" if requested in LOOPBACK else f"https://{requested}"
    public = [domain for domain in domains if domain not in LOOPBACK]
    return f"https://{public[0]}" if public else fallback.rstrip("/")


def brand_paths(brand: Brand, paths: Sequence[str]) -> list[str]:
    """The pages the brand's sitemap lists: a game list only where the brand's market allows
    its games (no /cockfight where animal fights are forbidden, `games.type_offered`)."""
    return [
        path
        for path in paths
        if path not in routes.GAME_LISTS or games.type_offered(brand, routes.GAME_LISTS[path])
    ]


def sitemap_xml(base: str, paths: Sequence[str]) -> str:
    urls = "".join(f"<url><loc>{escape(base + path)}</loc></url>" for path in paths)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
    )


def robots_txt(base: str) -> str:
    rules = "".join(f"Disallow: {path}\n" for path in DISALLOWED)
    return f"User-agent: *\n{rules}Sitemap: {base}/sitemap.xml\n"


THEME_COLOUR = "#0f172a"  # the header's slate, the installed app's title bar
APP_ICONS = (
    {"src": "/icons/app-192.png", "sizes": "192x192", "type": "image/png"},
    {"src": "/icons/app-512.png", "sizes": "512x512", "type": "image/png"},
    {
        "src": "/icons/app-maskable-512.png",
        "sizes": "512x512",
        "type": "image/png",
        "purpose": "maskable",
    },
)


def web_app_manifest(brand: Brand) -> dict[str, Any]:
    """The brand's site as an installable app (the W3C web app manifest)."""
    return {
        "id": "/",
        "name": brand.name,
        "short_name": brand.name[:12],
        "lang": brand.default_language,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": list(APP_ICONS),
    }
