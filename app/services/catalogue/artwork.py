"""Artwork drawn from the catalogue: an SVG icon per game from its name, theme and kind, and a
wordmark logo per vendor (wordmarks.py), so 10,000 demo games have pictures without shipping
10,000 files.

A game's colours come from the theme word of its name (Fire, Frozen, Ocean, Golden ...), its
motif and accents from its nouns, theme and kind: Fluent Emoji illustrations (motifs.py), so
"Fortune Tiger" shows a tiger and "Frozen Gems" a gem stone among snowflakes. Its name is
lettered under the motif. Pure functions, the same picture for the same game every time: the
image host (app/api/catalogue/media.py) serves them; a real brand points its image base at its CDN.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from html import escape

from app.services.catalogue import motifs
from app.services.catalogue.wordmarks import vendor_svg
from app.services.lottery.page_views import IMAGE_CATEGORIES

SIZE = 240


@dataclass(frozen=True)
class Theme:
    top: str
    bottom: str
    accent: str


THEMES: dict[str, Theme] = {
    "fire": Theme("#f97316", "#7f1d1d", "#fde047"),
    "hot": Theme("#ef4444", "#7c2d12", "#fde68a"),
    "frozen": Theme("#67e8f9", "#1e3a8a", "#f0f9ff"),
    "ocean": Theme("#06b6d4", "#0c4a6e", "#a5f3fc"),
    "golden": Theme("#facc15", "#78350f", "#fef9c3"),
    "gold": Theme("#eab308", "#713f12", "#fef08a"),
    "jungle": Theme("#22c55e", "#14532d", "#bbf7d0"),
    "neon": Theme("#e879f9", "#312e81", "#67e8f9"),
    "cosmic": Theme("#8b5cf6", "#020617", "#c4b5fd"),
    "lunar": Theme("#cbd5e1", "#1e293b", "#f8fafc"),
    "candy": Theme("#f9a8d4", "#9d174d", "#fdf2f8"),
    "diamond": Theme("#a5f3fc", "#155e75", "#ecfeff"),
    "ruby": Theme("#f43f5e", "#4c0519", "#fecdd3"),
    "emerald": Theme("#10b981", "#064e3b", "#a7f3d0"),
    "royal": Theme("#6366f1", "#1e1b4b", "#fde047"),
    "pharaoh": Theme("#f59e0b", "#451a03", "#fde68a"),
    "thunder": Theme("#60a5fa", "#172554", "#fef08a"),
    "midnight": Theme("#1d4ed8", "#020617", "#93c5fd"),
    "carnaval": Theme("#f472b6", "#581c87", "#fde047"),
    "tropical": Theme("#34d399", "#0f766e", "#fde047"),
}
THEME_WORDS = {
    "electric": "thunder", "solar": "fire", "raging": "fire", "dourado": "golden",
    "ouro": "gold", "sweet": "candy", "fruity": "candy", "aztec": "pharaoh",
    "sacred": "pharaoh", "mystic": "cosmic", "galaxy": "cosmic", "magic": "cosmic",
    "carnival": "carnaval", "samba": "carnaval", "beach": "tropical",
    "tropical": "tropical", "silver": "lunar", "frozen": "frozen", "ice": "frozen",
}  # fmt: skip
# The lottery icons exist per image category (spec 3).
LOTTERY_IMAGES = frozenset(IMAGE_CATEGORIES.values())
KIND_OF_TYPE = {"RNG": "slot", "INHOUSE": "slot", "LIVE": "live", "FISH": "fish",
                "PVP": "cards", "SPORTS": "ball", "COCKFIGHT": "rooster", "ESPORTS": "pad",
                "LOTT": "balls", "ELOTT": "balls"}  # fmt: skip
TITLE_LINE = 15  # characters a title line holds at its size; a longer name takes two lines


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def _words(name: str) -> list[str]:
    return name.lower().replace("'", " ").split()


def _theme_key(name: str) -> str | None:
    for word in _words(name):
        key = THEME_WORDS.get(word, word)
        if key in THEMES:
            return key
    return None


def theme_of(name: str) -> Theme:
    """The first theme word of the name, else colours from the name's hash."""
    key = _theme_key(name)
    if key is not None:
        return THEMES[key]
    hue = _digest(name)[0] * 360 // 256
    return Theme(f"hsl({hue},70%,50%)", f"hsl({(hue + 40) % 360},65%,22%)", "#fef3c7")


def motif_of(name: str, kind: str = "slot") -> str:
    """The illustration of the name's last noun that has one ('Frozen Gems' → a gem stone),
    else one of its kind's, by the name's hash."""
    for word in reversed(_words(name)):
        if word in motifs.MOTIF_OF_WORD:
            return motifs.MOTIF_OF_WORD[word]
    choices = motifs.MOTIFS_OF_KIND[kind]
    return choices[_digest(name)[1] % len(choices)]


def accents_of(name: str, kind: str, motif: str) -> tuple[str, str]:
    """The two small illustrations beside the motif: the theme's, then the kind's; never the
    motif itself."""
    key = _theme_key(name)
    first = motifs.ACCENT_OF_THEME.get(key or "", motifs.DEFAULT_ACCENT)
    second = motifs.ACCENT_OF_KIND[kind]
    if first == motif:
        first = motifs.DEFAULT_ACCENT
    if second in (motif, first):
        second = motifs.DEFAULT_ACCENT if first != motifs.DEFAULT_ACCENT else motifs.OTHER_ACCENT
    return first, second


def figures_of(name: str, kind: str) -> tuple[str, str, str]:
    """The picture's main illustration and its two accents. A live table is its dealer (one
    of motifs.DEALERS by the name's hash) with the table's game and the theme's accent."""
    motif = motif_of(name, kind)
    first, second = accents_of(name, kind, motif)
    if kind == "live":
        return motifs.DEALERS[_digest(name)[2] % len(motifs.DEALERS)], motif, first
    return motif, first, second


def _drawn(motif: str, x: float, y: float, size: float) -> str:
    return (
        f'<svg x="{x}" y="{y}" width="{size}" height="{size}" '
        f'viewBox="0 0 {motifs.VIEWBOX} {motifs.VIEWBOX}">{motifs.bodies()[motif]}</svg>'
    )


def _backdrop(seed: bytes, cx: int, cy: int) -> str:
    """Light behind the motif, in one of three patterns (rays, dots, rings) by the seed."""
    style = seed[5] % 3
    if style == 0:
        wedges = []
        for i in range(0, 24, 2):
            a, b = math.radians(i * 15), math.radians((i + 1) * 15)
            wedges.append(
                f"M{cx} {cy}L{cx + 300 * math.cos(a):.0f} {cy + 300 * math.sin(a):.0f}"
                f"L{cx + 300 * math.cos(b):.0f} {cy + 300 * math.sin(b):.0f}Z"
            )
        pattern = f'<path d="{"".join(wedges)}" fill="#ffffff" fill-opacity=".09"/>'
    elif style == 1:
        pattern = "".join(
            f'<circle cx="{12 + col * 24 + (row % 2) * 12}" cy="{12 + row * 24}" r="3"/>'
            for row in range(10)
            for col in range(10)
        )
        pattern = f'<g fill="#ffffff" fill-opacity=".10">{pattern}</g>'
    else:
        pattern = "".join(f'<circle cx="{cx}" cy="{cy}" r="{r}"/>' for r in range(34, 260, 26))
        pattern = (
            f'<g fill="none" stroke="#ffffff" stroke-opacity=".12" stroke-width="9">{pattern}</g>'
        )
    return f'{pattern}<circle cx="{cx}" cy="{cy}" r="84" fill="url(#glow)"/>'


def _title(name: str, theme: Theme) -> str:
    """The name lettered under the motif, in one or two lines."""
    baselines: tuple[int, ...]
    if len(name) <= TITLE_LINE:
        lines, size, baselines = [name], (26 if len(name) <= 11 else 22), (148,)
    else:
        middle = len(name) // 2
        spaces = [i for i, char in enumerate(name) if char == " "]
        cut = min(spaces, key=lambda i: abs(i - middle)) if spaces else middle
        lines = [name[:cut].strip(), name[cut:].strip()]
        lines = [
            line if len(line) <= TITLE_LINE + 2 else line[: TITLE_LINE + 1] + "…" for line in lines
        ]
        size, baselines = 19, (136, 157)
    return "".join(
        f'<text x="120" y="{y}" font-size="{size}" font-weight="900" text-anchor="middle" '
        f'fill="#fff" stroke="{theme.bottom}" stroke-width="5" stroke-linejoin="round" '
        f'paint-order="stroke">{escape(line)}</text>'
        for line, y in zip(lines, baselines, strict=True)
    )


def game_svg(name: str, game_type: str, *, titled: bool = True) -> str:
    """The icon of a game: its theme's gradient and light, its motif with two accents, and
    its name lettered (`titled`; above the lobby's buttons, which cover the card's lower
    part, and below its corners' heart and tag)."""
    theme = theme_of(name)
    seed = _digest(name)
    kind = KIND_OF_TYPE.get(game_type, "slot")
    motif, first, second = figures_of(name, kind)
    if titled:
        cy, art = (
            64,
            _drawn(motif, 70, 14, 100) + _drawn(first, 14, 84, 38) + _drawn(second, 190, 88, 34),
        )
    else:
        cy, art = (
            112,
            _drawn(motif, 60, 52, 120) + _drawn(first, 18, 156, 48) + _drawn(second, 178, 28, 44),
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{escape(name)}">'
        '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{theme.top}"/><stop offset="1" '
        f'stop-color="{theme.bottom}"/></linearGradient>'
        f'<radialGradient id="glow"><stop offset="0" stop-color="{theme.accent}" '
        f'stop-opacity=".55"/><stop offset="1" stop-color="{theme.accent}" stop-opacity="0"/>'
        '</radialGradient><filter id="lift"><feDropShadow dx="0" dy="3" stdDeviation="3" '
        'flood-opacity=".35"/></filter><clipPath id="c">'
        f'<rect width="{SIZE}" height="{SIZE}" rx="28"/></clipPath></defs>'
        f'<g clip-path="url(#c)"><rect width="{SIZE}" height="{SIZE}" fill="url(#g)"/>'
        f'{_backdrop(seed, 120, cy)}</g><g filter="url(#lift)">{art}</g>'
        f'<g font-family="Arial,Helvetica,sans-serif">{_title(name, theme) if titled else ""}'
        "</g></svg>"
    )


_names: dict[str, dict[tuple[str, str], tuple[str, str]]] = {}  # generation → game → (name, type)
_vendors: dict[str, dict[str, str]] = {}  # generation → vendor code → display name


async def icon_for_path(path: str) -> str | None:
    """The artwork of an image path of the catalogue (`games/<vendor>/<code>.png`,
    `lottery/<category>.png`, `vendor/small/<code>.png`, `vendor/list/<style>/<code>.png`);
    None for other paths."""
    from app.services.catalogue.index import VENDOR, game_index

    parts = path.rsplit(".", 1)[0].split("/")
    index = await game_index.current()
    if len(parts) == 3 and parts[0] == "games":
        names = _names.get(index.generation)
        if names is None:
            names = {
                (item.entry.vassalage, item.entry.game_code): (item.entry.game_name, item.game_type)
                for (kind, _code), sorts in index.buckets.items()
                if kind == VENDOR
                for item in sorts["name"].items
            }
            _names.clear()
            _names[index.generation] = names
        found = names.get((parts[1], parts[2]))
        return game_svg(*found) if found is not None else None
    if len(parts) == 2 and parts[0] == "lottery" and parts[1] in LOTTERY_IMAGES:
        # One picture per lottery category (spec 3), shared by its games: no game's name.
        return game_svg(f"lottery {parts[1]}", "LOTT", titled=False)
    if parts[0] == "vendor" and len(parts) in (3, 4):
        code = parts[-1].removesuffix("_active")
        if code in index.vendors:
            style = parts[2] if len(parts) == 4 else "color"
            return vendor_svg(code, await _vendor_name(index.generation, code), style)
    return None


async def _vendor_name(generation: str, code: str) -> str:
    names = _vendors.get(generation)
    if names is None:
        from sqlmodel import select

        from app.core.db import session_scope
        from models import GameVendor

        async with session_scope() as session:
            rows = (await session.exec(select(GameVendor.vassalage, GameVendor.display_name))).all()
        names = {vassalage: display for vassalage, display in rows}
        _vendors.clear()
        _vendors[generation] = names
    return names.get(code, code)
