"""Artwork drawn from the catalogue: an SVG icon per game from its name, theme and kind, and a
wordmark logo per vendor, so 10,000 demo games have pictures without shipping 10,000 files.

A game's theme comes from the words of its name (Fire → embers, Frozen → ice, Ocean → waves,
Golden → gold ...), its motif from its kind (reels and the name's symbol for a slot, a card
table for live casino, a fish for fishing, fanned cards for PvP, a ball for sports, a rooster
for cockfight, numbered balls for lottery, a controller for e-sports). Pure functions: the
image host (app/api/catalogue/media.py) serves them; a real brand points its image base at its CDN.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from html import escape

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
# Slot symbols a name may call for, drawn on the middle reel: glyphs of the common text fonts
# (no emoji font needed), one per family of motifs.
MOTIF_WORDS: dict[str, tuple[str, ...]] = {
    "♨": ("fire", "phoenix", "volcano", "hot", "solar", "blitz", "rush"),
    "♦": ("gems", "jewels", "diamond", "ruby", "emerald", "pérola"),
    "$": ("treasure", "riches", "coins", "cash", "vault", "heist", "gold", "ouro", "bonanza"),
    "7": ("sevens", "classic"),
    "♥": ("cherries", "fruity", "candy", "sweet", "maçã", "coração", "açaí"),
    "♛": ("queen", "king", "crown", "royal", "empire", "fortress", "real"),
    "▲": ("pyramid", "sphinx", "pharaoh's", "temple", "scarab", "aztec", "pirâmide"),
    "✦": ("rockets", "galaxy", "cosmic", "estrela", "stars", "neon"),
    "☘": ("clover", "horseshoe", "lucky", "sorte", "fortune"),
    "✿": ("lotus", "bamboo", "jungle", "floresta", "guaraná"),
    "☀": ("lanterns", "festival", "fiesta", "carnival", "carnaval", "samba", "beach", "sun"),
    "⚡": ("zeus", "thunder", "trovão", "electric", "hammer", "thunderbird", "power"),
    "♞": ("knight", "tiger", "lion", "wolf", "panda", "jaguar", "onça", "leão", "buffalo",
          "dragon", "monkey", "rabbit", "cobra", "eagle", "toucan", "parrot"),
    "☾": ("lunar", "midnight", "nights", "dreams", "mystic", "magic", "wizard", "genie"),
    "❄": ("frozen", "ice", "xmas"),
    "⚓": ("pirate", "ocean", "koi", "mermaid", "caravela", "oasis", "cachoeira", "viking"),
    "♪": ("bells", "samba", "party"),
}  # fmt: skip
MOTIFS = {word: glyph for glyph, words in MOTIF_WORDS.items() for word in words}
# The lottery icons exist per image category (spec 3).
LOTTERY_IMAGES = frozenset(IMAGE_CATEGORIES.values())
KIND_OF_TYPE = {"RNG": "slot", "INHOUSE": "slot", "LIVE": "live", "FISH": "fish",
                "PVP": "cards", "SPORTS": "ball", "COCKFIGHT": "rooster", "ESPORTS": "pad",
                "LOTT": "balls", "ELOTT": "balls"}  # fmt: skip


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def theme_of(name: str) -> Theme:
    """The first theme word of the name, else colours from the name's hash."""
    for word in name.lower().replace("'", " ").split():
        key = THEME_WORDS.get(word, word)
        if key in THEMES:
            return THEMES[key]
    digest = _digest(name)
    hue = digest[0] * 360 // 256
    return Theme(f"hsl({hue},70%,50%)", f"hsl({(hue + 40) % 360},65%,22%)", "#fef3c7")


def motif_of(name: str) -> str:
    """The symbol of the name's last motif word (the noun: 'Frozen Gems' → gems)."""
    for word in reversed(name.lower().split()):
        if word in MOTIFS:
            return MOTIFS[word]
    return "★"


def _scene(kind: str, theme: Theme, motif: str, seed: bytes) -> str:
    accent = theme.accent
    if kind == "slot":
        side = ("7", "♦", "♣", "♥", "★", "♠")
        left, right = side[seed[2] % 6], side[seed[3] % 6]
        cells = "".join(
            f'<rect x="{28 + i * 64}" y="46" width="56" height="84" rx="10" fill="#ffffffe6"/>'
            for i in range(3)
        )
        return (
            f'<rect x="20" y="38" width="200" height="100" rx="16" fill="#00000055"/>{cells}'
            f'<text x="56" y="102" font-size="40" text-anchor="middle" fill="#b91c1c">'
            f"{left}</text>"
            f'<text x="120" y="105" font-size="48" text-anchor="middle" fill="{theme.bottom}">'
            f"{escape(motif)}</text>"
            f'<text x="184" y="102" font-size="40" text-anchor="middle" fill="#1d4ed8">'
            f"{right}</text>"
        )
    if kind == "live":
        return (
            '<ellipse cx="120" cy="100" rx="100" ry="52" fill="#166534" stroke="#facc15" '
            'stroke-width="5"/><rect x="78" y="70" width="38" height="54" rx="5" fill="#fff" '
            'transform="rotate(-10 97 97)"/><rect x="122" y="70" width="38" height="54" rx="5" '
            'fill="#fff" transform="rotate(10 141 97)"/><text x="97" y="104" font-size="22" '
            'text-anchor="middle" fill="#b91c1c" transform="rotate(-10 97 97)">A♥</text>'
            '<text x="141" y="104" font-size="22" text-anchor="middle" fill="#111" '
            'transform="rotate(10 141 97)">K♠</text>'
        )
    if kind == "fish":
        return (
            f'<ellipse cx="112" cy="92" rx="58" ry="34" fill="{accent}"/>'
            f'<polygon points="166,92 206,62 206,122" fill="{accent}"/>'
            '<circle cx="82" cy="84" r="7" fill="#0f172a"/>'
            '<circle cx="52" cy="48" r="8" fill="#ffffff66"/>'
            '<circle cx="36" cy="30" r="5" fill="#ffffff55"/>'
        )
    if kind == "cards":
        return "".join(
            f'<rect x="88" y="44" width="64" height="90" rx="8" fill="#fff" stroke="#0f172a" '
            f'transform="rotate({angle} 120 150)"/>'
            for angle in (-24, -8, 8, 24)
        ) + (
            '<circle cx="60" cy="128" r="16" fill="#dc2626" stroke="#fff" stroke-width="4"/>'
            '<circle cx="182" cy="128" r="16" fill="#2563eb" stroke="#fff" stroke-width="4"/>'
        )
    if kind == "ball":
        return (
            '<circle cx="120" cy="92" r="52" fill="#fff" stroke="#0f172a" stroke-width="3"/>'
            '<polygon points="120,70 141,85 133,110 107,110 99,85" fill="#0f172a"/>'
        )
    if kind == "rooster":
        return (
            f'<circle cx="110" cy="100" r="40" fill="{accent}"/>'
            '<circle cx="150" cy="62" r="20" fill="#fef3c7"/>'
            '<polygon points="168,62 188,68 168,74" fill="#f59e0b"/>'
            '<path d="M140 40 q6 -16 12 0 q6 -16 12 0" fill="#dc2626"/>'
            '<path d="M70 96 q-30 -40 -10 -60 q10 30 30 40z" fill="#7c2d12"/>'
        )
    if kind == "pad":
        return (
            '<rect x="50" y="66" width="140" height="62" rx="31" fill="#0f172a"/>'
            '<rect x="76" y="90" width="26" height="8" fill="#fff"/>'
            '<rect x="85" y="81" width="8" height="26" fill="#fff"/>'
            f'<circle cx="156" cy="88" r="7" fill="{accent}"/>'
            '<circle cx="170" cy="102" r="7" fill="#22c55e"/>'
        )
    numbers = [str(1 + b % 60) for b in seed[4:8]]
    return "".join(
        f'<circle cx="{48 + i * 48}" cy="94" r="22" fill="#fff" stroke="{accent}" '
        f'stroke-width="4"/><text x="{48 + i * 48}" y="102" font-size="20" font-weight="700" '
        f'text-anchor="middle" fill="#0f172a">{n}</text>'
        for i, n in enumerate(numbers)
    )


def game_svg(name: str, game_type: str, *, titled: bool = True) -> str:
    """The icon of a game: its theme's gradient, its kind's scene, its name (`titled`)."""
    theme = theme_of(name)
    seed = _digest(name)
    kind = KIND_OF_TYPE.get(game_type, "slot")
    # The name on top: the lobby's buttons cover the card's lower part.
    title = name if len(name) <= 22 else name[:21].rstrip() + "…"
    label = (
        f'<text x="120" y="34" font-size="19" font-weight="700" text-anchor="middle" '
        f'fill="#fff">{escape(title)}</text>'
        if titled
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{escape(name)}">'
        '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{theme.top}"/><stop offset="1" '
        f'stop-color="{theme.bottom}"/></linearGradient><clipPath id="c">'
        f'<rect width="{SIZE}" height="{SIZE}" rx="28"/></clipPath></defs>'
        f'<g clip-path="url(#c)"><rect width="{SIZE}" height="{SIZE}" fill="url(#g)"/>'
        f'<circle cx="200" cy="30" r="70" fill="#ffffff14"/></g>'
        f'<g font-family="Arial,Helvetica,sans-serif"><g transform="translate(0,18)">'
        f"{_scene(kind, theme, motif_of(name), seed)}</g>{label}</g></svg>"
    )


def vendor_svg(code: str, display_name: str, style: str = "color") -> str:
    """A vendor's wordmark: its name on a badge in the vendor's colour (white or purple
    styles of the spec's list icons as asked)."""
    hue = _digest(code)[0] * 360 // 256
    fill = {"white": "#ffffff", "purple": "#6d28d9"}.get(style, f"hsl({hue},70%,42%)")
    ink = "#0f172a" if style == "white" else "#ffffff"
    size = 30 if len(display_name) <= 10 else 22
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96" '
        f'role="img" aria-label="{escape(display_name)}"><rect width="240" height="96" rx="18" '
        f'fill="{fill}"/><circle cx="36" cy="48" r="20" fill="none" stroke="{ink}" '
        f'stroke-width="5"/><text x="36" y="56" font-size="22" font-weight="800" '
        f'text-anchor="middle" fill="{ink}" font-family="Arial,Helvetica,sans-serif">'
        f'{escape(code[:1])}</text><text x="144" y="{48 + size // 3}" font-size="{size}" '
        f'font-weight="800" text-anchor="middle" fill="{ink}" '
        f'font-family="Arial,Helvetica,sans-serif">{escape(display_name[:18])}</text></svg>'
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
