"""The demo image host: a game's or vendor's path under /img answers its artwork drawn from
the catalogue (a scene for the game's kind, its theme, its name; a vendor wordmark), any other
path a small generated SVG (a gradient and initials), so the demo catalogue of 10,000 games
has real pictures without shipping 10,000 files. A real brand points its image base at its
CDN instead."""

from __future__ import annotations

import hashlib
from html import escape

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.services.catalogue import artwork

_CACHE = "public, max-age=86400, immutable"


def _label(path: str) -> str:
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    words = [w for w in stem.replace("-", "_").split("_") if w and not w.isdigit()]
    initials = "".join(w[0] for w in words[:3]).upper()
    return initials or stem[:3].upper() or "?"


def placeholder_svg(path: str) -> str:
    digest = hashlib.sha256(path.encode()).digest()
    hue_a, hue_b = digest[0] * 360 // 256, digest[1] * 360 // 256
    label = escape(_label(path))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">'
        '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="hsl({hue_a},70%,45%)"/>'
        f'<stop offset="1" stop-color="hsl({hue_b},75%,35%)"/></linearGradient></defs>'
        '<rect width="240" height="240" rx="28" fill="url(#g)"/>'
        '<circle cx="190" cy="50" r="60" fill="#ffffff18"/>'
        '<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" '
        'font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="72" '
        f'fill="#fff">{label}</text></svg>'
    )


async def image(request: Request) -> Response:
    """A game's or vendor's artwork (app/services/catalogue/artwork.py), else the placeholder."""
    path = request.path_params["path"]
    drawn = await artwork.icon_for_path(path)
    return Response(
        drawn if drawn is not None else placeholder_svg(path),
        media_type="image/svg+xml",
        headers={"Cache-Control": _CACHE},
    )


ROUTES = [Route("/img/{path:path}", image, methods=["GET"])]
