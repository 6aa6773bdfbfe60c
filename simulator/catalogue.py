"""The simulated vendors' own game lists: the demo catalogue's generator, as each vendor's
published list (the platform imports it through the adapter's game list call)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from simulator.games import live_tables

SLOT, BACCARAT, ROULETTE, FISHING = "slot", "baccarat", "roulette", "fishing"
SPORTSBOOK, PVP, UNSIMULATED = "sportsbook", "pvp", "none"
TABLE, BLACKJACK = "table", "blackjack"


@dataclass(frozen=True)
class SimGame:
    vendor: str
    game_code: str
    name: str
    game_type: str
    classify: str
    support_play: int
    rtp: str | None
    kind: str


def kind_of(game_type: str, classify: str) -> str:
    """Which engine plays a game. Slots and the RNG families play the slot engine; live
    baccarat, roulette and blackjack tables their own, the one-bet live tables (dragon tiger,
    sic bo, fan tan, andar bahar, teen patti, poker's pair plus, the game shows' money wheel)
    theirs; fishing its own."""
    if game_type in ("RNG", "INHOUSE"):
        return ROULETTE if classify == "TABLE" else SLOT
    if game_type == "FISH":
        return FISHING
    if game_type in ("SPORTS", "ESPORTS", "COCKFIGHT"):
        return SPORTSBOOK
    if game_type == "PVP":
        return PVP
    if game_type == "LIVE":
        if classify == "BACCARAT":
            return BACCARAT
        if classify == "ROULETTE":
            return ROULETTE
        if classify == "BLACKJACK":
            return BLACKJACK
        if classify in live_tables.TABLES:
            return TABLE
    return UNSIMULATED


@lru_cache(maxsize=1)
def games() -> dict[tuple[str, str], SimGame]:
    from app.demo.catalogue import build_catalogue

    _, rows = build_catalogue()
    found: dict[tuple[str, str], SimGame] = {}
    for row in rows:
        if row["is_game"] != "GAME":
            continue
        classify = str(row.get("game_classify") or "")
        found[(row["vassalage"], row["game_code"])] = SimGame(
            vendor=row["vassalage"],
            game_code=row["game_code"],
            name=row["game_name"],
            game_type=row["game_type"],
            classify=classify,
            support_play=int(row["support_play"]),
            rtp=str(row["rtp"]) if row.get("rtp") is not None else None,
            kind=kind_of(row["game_type"], classify),
        )
    return found


def vendor_games(vendor: str) -> list[SimGame]:
    return [game for (code, _), game in games().items() if code == vendor]
