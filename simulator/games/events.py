"""Sports, e-sports and cockfight: a schedule of events with markets, odds fixed when the bet
is placed, and settlement once the simulated event is over.

Every event has a true chance per outcome; a market's price for an outcome is
`floor(RTP / chance, 2 decimals)`, so each selection returns at most RTP (95%) and exactly
`floor(...) × chance` (`selection_rtp()`), computed in the tests.

- Football (SPORTS): goals of each side are Poisson with the sides' strengths; markets 1X2
  (HOME, DRAW, AWAY) and total goals over/under 2.5 (OVER, UNDER).
- E-sports (ESPORTS): best of three maps, each won by a side with its map chance; market
  match winner (HOME, AWAY).
- Cockfight (COCKFIGHT): MERON, WALA or DRAW (a draw is rare, 3%).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

RTP = Decimal("0.95")
EVENT_MINUTES = 2  # a simulated event lasts this long from its start
SLOT_MINUTES = 1  # a new event starts every minute
SHOWN = 8  # events listed: those open for bets, the next first
MAX_GOALS = 12
TEAMS = (
    "Flamengo", "Palmeiras", "Corinthians", "São Paulo", "Santos", "Grêmio", "Internacional",
    "Atlético-MG", "Cruzeiro", "Fluminense", "Botafogo", "Vasco", "Bahia", "Fortaleza",
)  # fmt: skip
ESPORTS_TEAMS = ("FURIA", "LOUD", "paiN", "MIBR", "Imperial", "Fluxo", "Vivo Keyd", "RED")
ROOSTERS = ("Relâmpago", "Trovão", "Galo de Ouro", "Carijó", "Índio", "Tufão", "Faísca", "Rei")
SPORT_KINDS = {"SPORTS": "football", "ESPORTS": "esports", "COCKFIGHT": "cockfight"}


@dataclass(frozen=True)
class Event:
    event_id: str
    kind: str  # football, esports, cockfight
    home: str
    away: str
    starts_at: datetime
    ends_at: datetime
    chances: dict[str, dict[str, float]]  # market → outcome → true chance
    strengths: tuple[float, float]

    def odds(self) -> dict[str, dict[str, Decimal]]:
        return {
            market: {outcome: price(chance) for outcome, chance in outcomes.items()}
            for market, outcomes in self.chances.items()
        }


def price(chance: float) -> Decimal:
    return (RTP / Decimal(repr(chance))).quantize(Decimal("0.01"), ROUND_DOWN)


def _poisson(mean: float, goals: int) -> float:
    return math.exp(-mean) * mean**goals / math.factorial(goals)


def football_chances(home: float, away: float) -> dict[str, dict[str, float]]:
    result = {"HOME": 0.0, "DRAW": 0.0, "AWAY": 0.0}
    total = {"OVER": 0.0, "UNDER": 0.0}
    for h in range(MAX_GOALS + 1):
        for a in range(MAX_GOALS + 1):
            chance = _poisson(home, h) * _poisson(away, a)
            result["HOME" if h > a else "AWAY" if a > h else "DRAW"] += chance
            total["OVER" if h + a > 2 else "UNDER"] += chance
    scale = sum(result.values())  # the tail beyond MAX_GOALS is shared out
    return {
        "1X2": {k: v / scale for k, v in result.items()},
        "TOTAL_2_5": {k: v / scale for k, v in total.items()},
    }


def esports_chances(map_chance: float) -> dict[str, dict[str, float]]:
    p = map_chance
    home = p * p + 2 * p * p * (1 - p)  # 2-0, or 2-1 either way round
    return {"WINNER": {"HOME": home, "AWAY": 1 - home}}


def cockfight_chances(meron: float) -> dict[str, dict[str, float]]:
    draw = 0.03
    return {"FIGHT": {"MERON": (1 - draw) * meron, "WALA": (1 - draw) * (1 - meron), "DRAW": draw}}


def event_at(vendor: str, kind: str, slot: int) -> Event:
    """The event of a vendor starting in schedule slot `slot` (minutes since the epoch)."""
    rng = random.Random(f"{vendor}:{kind}:{slot}")
    starts = datetime(1970, 1, 1) + timedelta(minutes=slot * SLOT_MINUTES)
    names = TEAMS if kind == "football" else ESPORTS_TEAMS if kind == "esports" else ROOSTERS
    home, away = rng.sample(names, 2)
    a, b = rng.uniform(0.6, 2.2), rng.uniform(0.5, 1.9)
    if kind == "football":
        chances = football_chances(a, b)
    elif kind == "esports":
        chances = esports_chances(a / (a + b))
    else:
        chances = cockfight_chances(a / (a + b))
    return Event(
        event_id=f"{vendor}-{kind}-{slot}",
        kind=kind,
        home=home,
        away=away,
        starts_at=starts,
        ends_at=starts + timedelta(minutes=EVENT_MINUTES),
        chances=chances,
        strengths=(a, b),
    )


def slot_of(now: datetime) -> int:
    return int((now - datetime(1970, 1, 1)).total_seconds() // (SLOT_MINUTES * 60))


def open_events(vendor: str, kind: str, now: datetime) -> list[Event]:
    """Events still taking bets (not started yet), the soonest first."""
    first = slot_of(now) + 1
    return [event_at(vendor, kind, slot) for slot in range(first, first + SHOWN)]


def parse_event(event_id: str) -> tuple[str, str, int]:
    vendor, kind, slot = event_id.rsplit("-", 2)
    return vendor, kind, int(slot)


@dataclass(frozen=True)
class Result:
    score: tuple[int, int]
    outcomes: dict[str, str]  # market → winning outcome


def play(event: Event) -> Result:
    """The event's result, decided by its own seed (so a restarted simulator agrees)."""
    rng = random.Random(f"result:{event.event_id}")
    a, b = event.strengths
    if event.kind == "football":
        h, w = _draw_poisson(rng, a), _draw_poisson(rng, b)
        winner = "HOME" if h > w else "AWAY" if w > h else "DRAW"
        return Result((h, w), {"1X2": winner, "TOTAL_2_5": "OVER" if h + w > 2 else "UNDER"})
    if event.kind == "esports":
        p, maps = a / (a + b), [0, 0]
        while max(maps) < 2:
            maps[0 if rng.random() < p else 1] += 1
        return Result((maps[0], maps[1]), {"WINNER": "HOME" if maps[0] == 2 else "AWAY"})
    roll, chances = rng.random(), event.chances["FIGHT"]
    outcome = "DRAW" if roll < chances["DRAW"] else "MERON"
    if outcome == "MERON" and roll >= chances["DRAW"] + chances["MERON"]:
        outcome = "WALA"
    return Result(
        (1 if outcome == "MERON" else 0, 1 if outcome == "WALA" else 0), {"FIGHT": outcome}
    )


def _draw_poisson(rng: random.Random, mean: float) -> int:
    limit, k, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        k += 1
        product *= rng.random()
    return k


def payout(stake: Decimal, odds: Decimal, won: bool) -> Decimal:
    return (stake * odds).quantize(Decimal("0.01"), ROUND_DOWN) if won else Decimal("0.00")


def selection_rtp(event: Event, market: str, outcome: str) -> Fraction:
    """The exact return of a selection at its price (price × true chance)."""
    chance = Fraction(repr(event.chances[market][outcome]))
    return Fraction(str(price(event.chances[market][outcome]))) * chance
