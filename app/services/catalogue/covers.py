"""Designed covers for the games and vendors that have no image of their own (issue 35): one
hand-drawn SVG per kind of game in assets/game-art, chosen by the game type alone (nothing
random), so a game without a picture still looks like what it is. The card writes the game's
name over its cover as text, so the name is real and in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.config import PROJECT_ROOT
from app.services.catalogue import rules

COVER_DIR = PROJECT_ROOT / "assets" / "game-art"
COVER_PATH = "/game-art"  # where the site serves COVER_DIR
COVER_OF_TYPE: dict[str, str] = {
    rules.RNG: "slots",
    rules.INHOUSE: "slots",
    rules.LIVE: "live",
    rules.FISH: "fish",
    rules.PVP: "cards",
    rules.SPORTS: "sports",
    rules.ESPORTS: "esports",
    rules.COCKFIGHT: "cockfight",
    rules.LOTT: "lottery",
    rules.ELOTT: "lottery",
}
FALLBACK_COVER = "slots"  # a type the catalogue may learn later: most games are slots


def cover_url(game_type: str) -> str:
    """The cover of a game type as the site serves it."""
    return f"{COVER_PATH}/{COVER_OF_TYPE.get(game_type.upper(), FALLBACK_COVER)}.svg"


@dataclass(frozen=True)
class Picture:
    """What a tile shows: `src`, which is its type's cover when `cover` is set (the card then
    writes the name over it, unless `logo`, a vendor's wordmark, stands on the cover). An
    image of its own that fails to load (a dead link, the vendor's CDN down) gives way to
    `fallback`, its type's cover, instead of the browser's broken-image icon."""

    src: str
    cover: bool = False
    logo: str = ""
    fallback: str = ""


def picture(own: str | None, game_type: str, *, vendor: bool = False) -> Picture:
    """A game's own image when it has one, else its type's cover. A vendor's tile (a vendor
    listed among the games) always stands on the cover: its own image is a wide wordmark that
    a square tile would crop, so it goes whole over the cover as its logo."""
    if vendor:
        return Picture(cover_url(game_type), True, own or "")
    if own:
        return Picture(own, fallback=cover_url(game_type))
    return Picture(cover_url(game_type), True)


def own_vendor_icon(url: str) -> str:
    """A vendor icon URL, or "" when it is the catalogue's default icon (the vendor has none)."""
    return "" if url.endswith("/" + rules.DEFAULT_VENDOR_ICON) else url
