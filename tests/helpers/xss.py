"""A corpus of classic XSS payloads. Each one that executes calls `window.__xss(n)` (or opens
a dialog), so a browser test can trap it; `dangerous_html` reads served HTML the way a browser
would and lists what could run."""

from __future__ import annotations

import html
from html.parser import HTMLParser

PAYLOADS: tuple[str, ...] = (
    "<script>window.__xss(1)</script>",
    '<img src=x onerror="window.__xss(2)">',
    "<svg onload=window.__xss(3)>",
    "<svg><script>window.__xss(4)</script></svg>",
    '<a href="javascript:window.__xss(5)">ganhe</a>',
    '"><img src=x onerror=window.__xss(6)>',
    "'><svg/onload=window.__xss(7)>",
    '<iframe src="javascript:parent.__xss(8)"></iframe>',
    "<body onload=window.__xss(9)>",
    "<details open ontoggle=window.__xss(10)>",
    "<input autofocus onfocus=window.__xss(11)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss(12)>",
    '<a href="jav&#x61;script:window.__xss(13)">x</a>',
    '<a href="&#106;avascript:window.__xss(14)">x</a>',
    '<a href=" java\tscript:window.__xss(15)">x</a>',
    '<object data="javascript:window.__xss(16)"></object>',
    '<video><source onerror="window.__xss(17)"></video>',
    '<noscript><p title="</noscript><img src=x onerror=window.__xss(18)>">',
    "<img src=x onerror=alert(19)>",
    '<a href="data:text/html,<script>parent.__xss(20)</script>">x</a>',
    "{{constructor.constructor('window.__xss(21)')()}}",
    "\\u003cscript\\u003ewindow.__xss(22)\\u003c/script\\u003e",
    "%3Cscript%3Ewindow.__xss(23)%3C/script%3E",
    "javascript:window.__xss(24)",
)

# Elements and URL schemes that run code; any on* attribute does too.
_ACTIVE_TAGS = {"script", "iframe", "object", "embed", "svg", "math", "style", "base", "form",
                "input", "body", "meta", "link", "frame", "frameset", "video", "audio", "source",
                "details", "noscript", "template"}  # fmt: skip
_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "srcdoc"}
_SAFE_SCHEMES = ("http:", "https:", "mailto:", "tel:")


def _unsafe_url(value: str) -> bool:
    compact = "".join(ch for ch in html.unescape(value) if ch > " ").lower()
    if ":" not in compact.split("/", 1)[0]:
        return False  # a relative link
    return not compact.startswith(_SAFE_SCHEMES)


class _Finder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _ACTIVE_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag}[{name}]")
            elif name in _URL_ATTRIBUTES and value is not None and _unsafe_url(value):
                self.found.append(f"{tag}[{name}={value!r}]")


def dangerous_html(document: str) -> list[str]:
    """What in an HTML fragment could run script: active elements, handlers, unsafe URLs."""
    finder = _Finder()
    finder.feed(document)
    finder.close()
    return finder.found
