"""The one sanitiser for operator-authored HTML (announcements, help articles), and the
checks of the links and images operators give pages."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

import nh3

from app.core.config import PROJECT_ROOT
from app.core.errors import AppError

ASSETS_DIR = PROJECT_ROOT / "assets"  # served at the site's root

ALLOWED_TAGS = {
    "a", "b", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "hr", "i", "img", "li",
    "ol", "p", "pre", "span", "strong", "table", "tbody", "td", "th", "thead", "tr", "u", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "width", "height"}}


def sanitize_html(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


SAFE_LINK_SCHEMES = ("http", "https", "mailto", "tel")


def plain_line(text: str) -> bool:
    """Text an operator writes that pages show as text: no markup, and no control or format
    characters (a newline, a bidi override)."""
    return not any(c in "<>" or unicodedata.category(c) in ("Cc", "Cf") for c in text)


def safe_link(url: str | None) -> str:
    """An operator-authored link as pages and API clients may use it in an href: web, mail and
    phone links and site paths pass; anything else (javascript:, data:, vbscript:...) becomes
    "". Browsers ignore control characters and whitespace inside a scheme, so they are removed
    before it is read."""
    text = (url or "").strip()
    compact = "".join(ch for ch in text if ch > " " and ch != "\x7f").lower()
    if compact.startswith("/") and not compact.startswith("//"):
        return text
    scheme, colon, _rest = compact.partition(":")
    if colon and scheme in SAFE_LINK_SCHEMES:
        return text
    return ""


MAX_IMAGE_REF = 300
IMAGE_SUFFIXES = (".avif", ".gif", ".jpeg", ".jpg", ".png", ".svg", ".webp")
_ASSET_PATH = re.compile(r"(/[A-Za-z0-9_][A-Za-z0-9_.-]*)+")
_URL_TEXT = re.compile(r"[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+")


def image_reference(ref: str | None) -> str:
    """An operator-given image as pages may put it in an <img src>: "" (none), a path of a
    file the site ships under assets/ ("/promo-art/raffle.svg"), or an https address; else
    image-ref-invalid (javascript:, data:, http:, a path the site does not serve...)."""
    text = (ref or "").strip()
    if not text:
        return ""
    if len(text) <= MAX_IMAGE_REF:
        if _ASSET_PATH.fullmatch(text) and ".." not in text:
            shipped = ASSETS_DIR / text.lstrip("/")
            if text.lower().endswith(IMAGE_SUFFIXES) and shipped.is_file():
                return text
        elif _URL_TEXT.fullmatch(text):
            url = urlsplit(text)
            if url.scheme == "https" and url.hostname and "@" not in url.netloc:
                return text
    raise AppError("image-ref-invalid", 422, {"max": MAX_IMAGE_REF})
