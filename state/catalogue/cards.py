"""What a game card shows, shared by the lobby, the vendor popup's list and my games."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from app.core.i18n.formatting import format_amount
from app.services.catalogue import covers, games
from app.services.catalogue.index import GameEntry
from app.services.seamless.port import STUDIO_VENDOR
from app.services.studio.crash import chains
from app.services.studio.crash.rounds import CODE as CRASH_CODE
from models.catalogue import VASSALAGE
from state.studio.studio_views import art_url

LIST_PAGE_SIZE = 50


@dataclass
class GameCard:
    """One game as a card shows it; the id stays a number-as-text for the page."""

    id: str = ""
    name: str = ""
    vendor: str = ""
    vendor_name: str = ""
    type: str = ""
    icon: str = ""
    cover: bool = False  # `icon` is its type's cover (no image of its own, or a vendor's tile)
    logo: str = ""  # a vendor tile's wordmark, shown whole over the cover
    fallback: str = ""  # its type's cover, should its own `icon` fail to load
    demo: bool = False  # the free demo is offered (supportPlay 0)
    maintenance: bool = False
    popup: bool = False  # a vendor that opens its own game list (VASSALAGE)
    rtp: str = ""  # an Original's exact return to player, as the reader writes numbers
    tag: str = ""  # a lottery entry's tag (spec 3: from its gameGroupCode)
    code: str = ""  # the game's code (a lottery entry's is the engine game it opens)


def game_name(entry: GameEntry, language: str) -> str:
    """The game's name in the reader's language, as the lobby names it (games.shown_name)."""
    return games.shown_name(entry.vassalage, entry.game_code, entry.game_name, language)


def _rtp(entry: GameEntry, language: str, brand_rtps: Mapping[str, Decimal]) -> str:
    """An Original's RTP: the brand's own where the brand sets it (Crash's house edge), else
    the declared one of the catalogue; a vendor's game shows none (not ours to state)."""
    if entry.vassalage != STUDIO_VENDOR:
        return ""
    rtp = brand_rtps.get(entry.game_code, entry.rtp)
    return "" if rtp is None else format_amount(rtp, language)


def card(
    entry: GameEntry, language: str, brand_rtps: Mapping[str, Decimal] | None = None
) -> GameCard:
    own = art_url(entry.game_code) if entry.vassalage == STUDIO_VENDOR else ""
    popup = entry.is_game == VASSALAGE
    shown = covers.picture(
        own or (entry.icon_url if entry.show_icon else ""), entry.game_type, vendor=popup
    )
    return GameCard(
        id=str(entry.node_id),
        name=game_name(entry, language),
        vendor=entry.vassalage,
        vendor_name=entry.display_name,
        type=entry.game_type,
        icon=shown.src,
        cover=shown.cover,
        logo=shown.logo,
        fallback=shown.fallback,
        demo=entry.support_play == 0,
        maintenance=entry.maintenance,
        popup=popup,
        rtp=_rtp(entry, language, brand_rtps or {}),
        tag=entry.tag or "",
        code=entry.game_code,
    )


async def cards(entries: Iterable[GameEntry], language: str, merchant_id: int) -> list[GameCard]:
    """Cards of a list of games; Crash's RTP is the brand's (read only when it is listed)."""
    listed = list(entries)
    brand_rtps: dict[str, Decimal] = {}
    if any(entry.game_code == CRASH_CODE for entry in listed):
        chain = await chains.published(merchant_id)
        if chain is not None:
            brand_rtps[CRASH_CODE] = chain.rtp
    return [card(entry, language, brand_rtps) for entry in listed]


def from_event(raw: dict[str, str | bool]) -> GameCard | None:
    """A card as a browser sent it back, or None when it is not one (the services check the
    game itself against the catalogue)."""
    texts = {name: raw.get(name) for name in ("id", "vendor", "vendor_name", "type")}
    flags = {name: raw.get(name, False) for name in ("demo", "maintenance", "popup")}
    if not all(isinstance(v, str) for v in texts.values()):
        return None
    if not all(isinstance(v, bool) for v in flags.values()) or not str(texts["id"]).isdigit():
        return None
    return GameCard(
        id=str(texts["id"]),
        vendor=str(texts["vendor"]),
        vendor_name=str(texts["vendor_name"]),
        type=str(texts["type"]),
        demo=bool(flags["demo"]),
        maintenance=bool(flags["maintenance"]),
        popup=bool(flags["popup"]),
    )
