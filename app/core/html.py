"""The one sanitiser for operator-authored HTML (announcements, help articles)."""

from __future__ import annotations

import nh3

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
