"""The illustrations the catalogue's artwork is composed of (issue 35): Microsoft's Fluent Emoji
in their flat style (MIT licence), as the npm package @iconify-json/fluent-emoji-flat ships them.
Only the ones named here are kept, in assets/game-art/motifs.json with the package's name,
version and licence; `make game-art-motifs` extracts them again from the pinned package after
a name is added here.

A game's main motif comes from the nouns of its name (the last one wins: "Frozen Gems" → a gem
stone), else from its kind's list, picked by the name's hash (nothing random: a game always has
the same picture). Its accent comes from its theme word ("Fire ..." → flames).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from app.core.config import PROJECT_ROOT

PACKAGE = "@iconify-json/fluent-emoji-flat"
MOTIFS_FILE = PROJECT_ROOT / "assets" / "game-art" / "motifs.json"
VIEWBOX = 32  # the set's drawing size

# The catalogue's nouns (English as its names use them, and its Portuguese ones).
MOTIF_OF_WORD: dict[str, str] = {
    "tiger": "tiger", "dragon": "dragon", "dragons": "dragon", "lion": "lion", "leão": "lion",
    "wolf": "wolf", "panda": "panda", "jaguar": "leopard", "onça": "leopard",
    "buffalo": "water-buffalo", "monkey": "monkey", "rabbit": "rabbit", "cobra": "snake",
    "medusa": "snake", "eagle": "eagle", "thunderbird": "eagle", "toucan": "parrot",
    "parrot": "parrot", "koi": "tropical-fish", "phoenix": "phoenix-bird",
    "fênix": "phoenix-bird", "mermaid": "spiral-shell", "genie": "person-genie",
    "wizard": "person-mage", "queen": "crown", "king": "crown", "crown": "crown",
    "empire": "classical-building", "fortress": "castle", "knight": "crossed-swords",
    "samurai": "japanese-castle", "viking": "axe", "celtic": "shamrock",
    "titans": "classical-building", "olympus": "classical-building", "zeus": "cloud-with-lightning",
    "athena": "owl", "hammer": "hammer", "gems": "gem-stone", "jewels": "gem-stone",
    "diamond": "gem-stone", "pérola": "oyster", "treasure": "money-bag", "riches": "money-bag",
    "coins": "coin", "cash": "money-with-wings", "vault": "locked", "heist": "money-bag",
    "gold": "coin", "ouro": "coin", "bonanza": "money-bag", "sevens": "slot-machine",
    "cherries": "cherries", "candy": "candy", "sweet": "lollipop", "pyramid": "desert",
    "pirâmide": "desert", "sphinx": "desert", "pharaoh": "desert", "scarab": "beetle",
    "temple": "hindu-temple", "rockets": "rocket", "galaxy": "milky-way", "stars": "glowing-star",
    "star": "glowing-star", "estrela": "glowing-star", "clover": "four-leaf-clover",
    "horseshoe": "four-leaf-clover", "fortune": "red-envelope", "lotus": "lotus",
    "bamboo": "tanabata-tree", "jungle": "palm-tree", "safari": "elephant",
    "lanterns": "red-paper-lantern", "festival": "fireworks", "fiesta": "party-popper",
    "carnival": "confetti-ball", "carnaval": "confetti-ball", "samba": "maracas",
    "circus": "circus-tent", "beach": "beach-with-umbrella", "oasis": "desert-island",
    "bells": "bell", "party": "party-popper", "ocean": "water-wave", "sea": "water-wave",
    "pirate": "pirate-flag", "shark": "shark", "volcano": "volcano", "dreams": "night-with-stars",
    "nights": "night-with-stars", "mystic": "crystal-ball", "magic": "magic-wand",
    "frozen": "snowflake", "xmas": "christmas-tree", "hunter": "bow-and-arrow",
    "quest": "compass", "legends": "trophy", "football": "soccer-ball", "fire": "fire",
    "thunder": "cloud-with-lightning", "lightning": "high-voltage", "mahjong": "mahjong-red-dragon",
    "ludo": "game-die", "sic": "game-die", "scratch": "ticket", "bingo": "pool-8-ball",
    # A live table's game, drawn beside its dealer.
    "roulette": "wheel", "roleta": "wheel", "wheel": "wheel", "baccarat": "heart-suit",
    "blackjack": "spade-suit", "hold": "diamond-suit", "patti": "club-suit",
    "bahar": "diamond-suit", "bo": "game-die", "tan": "coin", "time": "party-popper",
}  # fmt: skip
# A theme word's accent, drawn small beside the motif (the theme's colours: artwork.THEMES).
ACCENT_OF_THEME: dict[str, str] = {
    "fire": "fire", "hot": "hot-pepper", "frozen": "snowflake", "ocean": "water-wave",
    "golden": "coin", "gold": "coin", "jungle": "leaf-fluttering-in-wind", "neon": "sparkles",
    "cosmic": "ringed-planet", "lunar": "crescent-moon", "candy": "lollipop",
    "diamond": "gem-stone", "ruby": "gem-stone", "emerald": "gem-stone", "royal": "crown",
    "pharaoh": "sun", "thunder": "high-voltage", "midnight": "star", "carnaval": "confetti-ball",
    "tropical": "hibiscus",
}  # fmt: skip
# A kind's motifs when the name names none, and its second accent.
MOTIFS_OF_KIND: dict[str, tuple[str, ...]] = {
    "slot": ("slot-machine", "cherries", "gem-stone", "money-bag", "bell", "four-leaf-clover",
             "crown", "glowing-star"),
    "live": ("joker", "spade-suit", "heart-suit", "diamond-suit", "club-suit"),
    "fish": ("tropical-fish", "fish", "blowfish", "shark", "octopus"),
    "cards": ("joker", "flower-playing-cards", "spade-suit", "heart-suit"),
    "ball": ("soccer-ball", "basketball", "volleyball", "tennis"),
    "rooster": ("rooster",),
    "pad": ("video-game", "joystick"),
    "balls": ("pool-8-ball", "ticket", "admission-tickets", "crystal-ball"),
}  # fmt: skip
ACCENT_OF_KIND: dict[str, str] = {
    "slot": "coin", "live": "star", "fish": "bubbles", "cards": "coin", "ball": "trophy",
    "rooster": "trophy", "pad": "trophy", "balls": "sparkles",
}  # fmt: skip
# A live table's dealer, one of these by the table's name: women, men and people of every
# skin tone the set draws (its yellow default is a cartoon's, not a person's).
DEALERS: tuple[str, ...] = tuple(
    f"{who}-in-tuxedo-{tone}"
    for who in ("woman", "man", "person")
    for tone in ("light", "medium-light", "medium", "medium-dark", "dark")
)
DEFAULT_ACCENT = "sparkles"
OTHER_ACCENT = "star"  # the second accent when the first is already DEFAULT_ACCENT


def names() -> frozenset[str]:
    """Every illustration the artwork may draw."""
    return frozenset(
        {*MOTIF_OF_WORD.values(), *ACCENT_OF_THEME.values(), *ACCENT_OF_KIND.values()}
        | {name for kind in MOTIFS_OF_KIND.values() for name in kind}
        | {DEFAULT_ACCENT, OTHER_ACCENT, *DEALERS}
    )


@lru_cache(maxsize=1)
def bodies() -> dict[str, str]:
    """Each illustration's SVG drawing (its inner markup on a 32 × 32 box)."""
    kept = json.loads(MOTIFS_FILE.read_text(encoding="utf-8"))
    return dict(kept["icons"])


def extract(icon_set: Path) -> dict[str, object]:
    """The kept file's content, from the package's icons.json: the named illustrations (an
    alias resolved to its drawing), with the package's name, version and licence. Raises
    KeyError naming an illustration the set does not have."""
    package = json.loads((icon_set.parent / "package.json").read_text(encoding="utf-8"))
    info = json.loads((icon_set.parent / "info.json").read_text(encoding="utf-8"))
    icons = json.loads(icon_set.read_text(encoding="utf-8"))
    if icons.get("width", icons.get("height")) != VIEWBOX:
        raise ValueError(f"{PACKAGE} draws on {icons.get('width')}, not {VIEWBOX}")
    kept: dict[str, str] = {}
    for name in sorted(names()):
        parent = icons["aliases"].get(name, {}).get("parent", name)
        kept[name] = icons["icons"][parent]["body"]
    return {
        "package": f"{package['name']}@{package['version']}",
        "author": info["author"]["name"],
        "licence": info["license"]["spdx"],
        "licence_url": info["license"]["url"],
        "icons": kept,
    }


def write(icon_set: Path) -> None:
    """Keep the named illustrations of the package at `icon_set` in MOTIFS_FILE."""
    MOTIFS_FILE.write_text(
        json.dumps(extract(icon_set), ensure_ascii=False, indent=0, sort_keys=True) + "\n",
        encoding="utf-8",
    )
