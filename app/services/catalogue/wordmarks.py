"""A vendor's wordmark for the demo catalogue: its name set as a logo (an emblem, the name in
the vendor's own letter case and weight, its trade word such as SOFT, PLAY or GAMING below in
spaced capitals) in the vendor's colours, in the three styles of the spec's vendor list icons
(colour, white, purple).

These stand in for the marks each provider ships in its media kit: a real brand points its
image base at its CDN, where the providers' own logos are (app/api/catalogue/media.py serves
these only to the demo). A vendor without a look of its own gets one from its code, the same
every time.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 240, 96
# The trade words set small under the name ("Pragmatic Play" → PRAGMATIC over PLAY).
TRADE_WORDS = frozenset(
    {
        "soft", "play", "gaming", "casino", "sports", "esports", "sabong", "cockfight",
        "poker", "city", "originals", "lottery", "tiger",
    }
)  # fmt: skip
EMBLEMS = ("ring", "spark", "chevron", "diamond", "orbit")


@dataclass(frozen=True)
class Look:
    """How a vendor's mark is set: its colours, emblem and letters."""

    ground: str  # the colour style's background
    accent: str  # the emblem and the trade word
    emblem: str  # one of EMBLEMS
    lower: bool = False  # the name in small letters ("evolution"), else as written
    italic: bool = False


# The demo's best-known vendors, in colours close to their own.
LOOKS: dict[str, Look] = {
    "PG": Look("#111827", "#f5b301", "diamond"),
    "PP": Look("#1f2937", "#f97316", "ring"),
    "JILI": Look("#b91c1c", "#fde047", "spark", italic=True),
    "EVO": Look("#0f172a", "#e2e8f0", "orbit", lower=True),
    "SPB": Look("#dc2626", "#ffffff", "chevron", italic=True),
    "NE": Look("#15803d", "#bbf7d0", "ring"),
    "PNG": Look("#1d4ed8", "#fbbf24", "spark"),
    "RT": Look("#991b1b", "#fca5a5", "chevron"),
    "HABA": Look("#0f766e", "#fde68a", "diamond"),
    "NLC": Look("#18181b", "#a3e635", "chevron", italic=True),
    "SABA": Look("#1e3a8a", "#38bdf8", "chevron", italic=True),
    "BGS": Look("#4c1d95", "#facc15", "spark"),
}


def _look(code: str) -> Look:
    found = LOOKS.get(code)
    if found is not None:
        return found
    digest = hashlib.sha256(code.encode()).digest()
    hue = digest[0] * 360 // 256
    return Look(
        ground=f"hsl({hue},62%,30%)",
        accent=f"hsl({(hue + 40 + digest[1] % 140) % 360},85%,65%)",
        emblem=EMBLEMS[digest[2] % len(EMBLEMS)],
        italic=digest[3] % 3 == 0,
    )


def split_name(display_name: str) -> tuple[str, str]:
    """The name set large and its trade word set small ("PG Soft" → ("PG", "SOFT"))."""
    words = display_name.split()
    if len(words) > 1 and words[-1].lower() in TRADE_WORDS:
        return " ".join(words[:-1]), words[-1].upper()
    return display_name, ""


def _emblem(kind: str, ink: str, accent: str) -> str:
    """A mark 40 units wide, centred at (40, 48)."""
    if kind == "ring":
        return (
            f'<circle cx="40" cy="48" r="17" fill="none" stroke="{accent}" stroke-width="7"/>'
            f'<circle cx="40" cy="48" r="5" fill="{ink}"/>'
        )
    if kind == "spark":
        return (
            f'<path d="M40 26 L45 43 L62 48 L45 53 L40 70 L35 53 L18 48 L35 43 Z" fill="{accent}"/>'
        )
    if kind == "chevron":
        return (
            f'<path d="M22 30 L42 48 L22 66 M38 30 L58 48 L38 66" fill="none" '
            f'stroke="{accent}" stroke-width="7" stroke-linejoin="round"/>'
        )
    if kind == "diamond":
        return (
            f'<path d="M40 26 L60 48 L40 70 L20 48 Z" fill="{accent}"/>'
            f'<path d="M40 36 L50 48 L40 60 L30 48 Z" fill="{ink}" opacity=".85"/>'
        )
    return (
        f'<ellipse cx="40" cy="48" rx="21" ry="9" fill="none" stroke="{accent}" '
        f'stroke-width="4" transform="rotate(-28 40 48)"/><circle cx="40" cy="48" r="9" '
        f'fill="{ink}"/>'
    )


def vendor_svg(code: str, display_name: str, style: str = "color") -> str:
    """The vendor's wordmark in a list icon's style: "color" (the vendor's ground), "white"
    or "purple"."""
    look = _look(code)
    ground = {"white": "#ffffff", "purple": "#6d28d9"}.get(style, look.ground)
    ink = "#0f172a" if style == "white" else "#ffffff"
    accent = {"white": "#6d28d9", "purple": "#f5d0fe"}.get(style, look.accent)
    name, trade = split_name(display_name[:24])
    name = name.lower() if look.lower else name
    # Bold sans letters are about 0.62 em wide: the name fills the 148 units beside the emblem.
    size = max(14, min(34, int(148 / (0.62 * max(len(name), 1)))))
    baseline = 48 + size // 3 - (7 if trade else 0)
    slant = ' font-style="italic"' if look.italic else ""
    trade_line = (
        f'<text x="72" y="{baseline + 19}" font-size="12" font-weight="700" '
        f'letter-spacing="3.5" fill="{accent}">{escape(trade)}</text>'
        if trade
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(display_name)}">'
        # A faint edge keeps a dark mark apart from a dark page.
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="18" fill="{ground}" '
        'stroke="#94a3b8" stroke-opacity=".45" stroke-width="2"/>'
        f"{_emblem(look.emblem, ink, accent)}"
        '<g font-family="Arial,Helvetica,sans-serif">'
        f'<text x="72" y="{baseline}" font-size="{size}" font-weight="800"{slant} '
        f'letter-spacing="-0.5" fill="{ink}" textLength="{min(148, int(size * 0.62 * len(name)))}" '
        f'lengthAdjust="spacingAndGlyphs">{escape(name)}</text>'
        f"{trade_line}</g></svg>"
    )
