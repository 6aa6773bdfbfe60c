"""The engine's games as the catalogue lists them (spec 3, lottery entries): one catalogue
entry per engine game, under the vendor whose page plays it, so a lottery card opens the very
game it shows. An entry's gameGroupCode is its family's group and its tag comes from it; its
name is said in the reader's language. A brand lists only the games its market can play: a
game none of whose plays reaches the market's RTP floor (Brazil: 85 %) is not listed there.
Pure: no database.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from app.core.i18n import UI_LANGUAGES, translate
from app.services.lottery.bets import MIN_RTP_BY_CURRENCY
from app.services.lottery.games import GAMES, Game
from app.services.lottery.plays import PLAYS, Mode, offered

# The catalogue vendor of each engine vendor and the game type its entries are listed under
# (the demo catalogue's vendors: app/demo/catalogue.py).
VENDOR_TYPES: dict[str, str] = {"LOTT": "LOTT", "TCG_SEA": "LOTT", "TCG_LOTTO_VN": "ELOTT"}
# The prize modes a vendor's page offers (spec 3 prize modes; views.AREA_MODES by area).
VENDOR_MODES: dict[str, tuple[Mode, ...]] = {
    "LOTT": (Mode.LOTT, Mode.ZY, Mode.ELOTT),
    "TCG_LOTTO_VN": (Mode.ELOTT,),
    "TCG_SEA": (Mode.SEA,),
}
# Spec 3: a lottery entry's group (gameGroupCode) by family; the Vietnamese draws are one group.
GROUP_CODES: dict[str, str] = {
    "ssc": "SSC",
    "11x5": "11X5",
    "k3": "K3",
    "pk10": "PK10",
    "lhc": "LHC",
    "pcb": "PCB",
    "lf": "LF",
    "vns": "VN",
    "vnn": "VN",
    "4d": "4D",
}
# The tag a group shows where its code is not what players call it (PC28 is "28").
TAGS: dict[str, str] = {"PCB": "28"}


def group_code(found: Game) -> str:
    return GROUP_CODES[found.family]


def tag(group: str) -> str:
    """Spec 3: an entry's tag comes from its gameGroupCode."""
    return TAGS.get(group, group)


def entry_of(vassalage: str, game_code: str) -> Game | None:
    """The engine game a catalogue entry is, or None for any other entry."""
    found = GAMES.get(game_code)
    return found if found is not None and found.vendor == vassalage else None


def name(found: Game, language: str | None) -> str:
    """The game's name: an official draw's own, a fast game's family and its interval."""
    if found.official:
        return translate(f"lotterypage.game.{found.code}", language)
    minutes = int(found.interval.total_seconds() // 60) if found.interval is not None else 0
    family = translate(f"lotterypage.family.{found.family}", language)
    return translate("lotterypage.entry", language, family=family, minutes=minutes)


def names(found: Game) -> tuple[str, ...]:
    """Its name in every language of the catalog (what a name search looks in)."""
    return tuple(dict.fromkeys(name(found, lang) for lang in UI_LANGUAGES))


@cache
def playable(currency: str) -> frozenset[str]:
    """The engine games a brand of this currency can play: some play of the game's family is
    offered in a prize mode its page offers."""
    return frozenset(
        found.code
        for found in GAMES.values()
        if any(_offers(found, currency, mode) for mode in VENDOR_MODES[found.vendor])
    )


def _offers(found: Game, currency: str, mode: Mode) -> bool:
    floor = MIN_RTP_BY_CURRENCY.get(currency, Decimal(0))
    return any(
        offered(play.code, mode, floor) for play in PLAYS.values() if play.family == found.family
    )


def opening_mode(found: Game, currency: str, wanted: str, modes: list[str]) -> str:
    """The prize mode a game's page opens in: the one wanted when the game has a play in it,
    else the first of the page's modes that has one (a card never opens on "no play here"
    while the game can be played)."""
    for mode in (wanted, *modes):
        if mode in {m.value for m in Mode} and _offers(found, currency, Mode(mode)):
            return mode
    return wanted


@cache
def unplayable(currency: str) -> frozenset[str]:
    """The engine games a brand of this currency does not list."""
    return frozenset(GAMES) - playable(currency)


def vendor_playable(vassalage: str, currency: str) -> bool:
    """Does a lottery vendor have any game a brand of this currency can play? (Other vendors:
    always.)"""
    if vassalage not in VENDOR_TYPES:
        return True
    return any(GAMES[code].vendor == vassalage for code in playable(currency))
