"""Vietnamese bet codes: the short texts players type (`2dmn 12 34 dd10`, `tg 12dd10 b5`).

A code is a list of tokens separated by spaces (accents and case are ignored):

1. one or more stations first: a station's short name that draws that day (`tg`, `hcm` …),
   several joined with dots (`tg.kg`), or a region with an optional count in front: `mn` /
   `dmn` (South), `mt` / `dmt` (Central), `mb` / `hn` (North); `2dmn` is the first two
   South stations of the day;
2. then groups of numbers (2-4 digits; several may be joined with dots: `12.34`) followed
   by bets: a bet type and its amount in points, e.g. `dd10`, `b2,5`. A bet may carry one
   number in front of it (`12dd10` is the number 12 with `dd10`). A number after a bet starts
   a new group.

Bet types: `dd` (đầu đuôi), `dau`, `duoi`, `xc` / `x` (xỉu chủ, 3 digits), `b` (bao lô, 2-4
digits), `daob` / `bdao` (đảo bao lô, 2-3 digits), `b7l` / `baobay` (South and Central),
`b8l` / `baotam` (North), `da` / `dx` / `xien` (đá: every pair of the numbers, both drawn;
on one station, or on two stations of one draw, South or Central, when the code names
exactly two: the pair is then read over both stations' lô, at 1:550). Every refused token
is named in the error, with why.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from app.core.errors import AppError
from app.services import amounts
from app.services.lottery.games import (
    VN_CENTRAL_STATIONS,
    VN_NORTH_STATIONS,
    VN_SOUTH_STATIONS,
)

REGIONS: dict[str, tuple[str, str, dict[int, tuple[str, ...]]]] = {
    # alias: (game code, family, stations by weekday)
    **dict.fromkeys(("mn", "dmn", "mnam", "miennam", "dnam"), ("vn-mn", "vns", VN_SOUTH_STATIONS)),
    **dict.fromkeys(
        ("mt", "dmt", "mtrung", "mientrung", "dtrung"), ("vn-mt", "vns", VN_CENTRAL_STATIONS)
    ),
    **dict.fromkeys(
        ("mb", "hn", "hanoi", "mienbac", "db", "dbac"), ("vn-mb", "vnn", VN_NORTH_STATIONS)
    ),
}
# bet type alias → (play name by number of digits, regions it exists in: "vns", "vnn")
BET_TYPES: dict[str, tuple[dict[int, str], tuple[str, ...]]] = {
    "dd": ({2: "dd"}, ("vns", "vnn")),
    "dau": ({2: "dau"}, ("vns", "vnn")),
    "duoi": ({2: "duoi"}, ("vns", "vnn")),
    **dict.fromkeys(("xc", "x"), ({3: "xc"}, ("vns", "vnn"))),
    "b": ({2: "b2", 3: "b3", 4: "b4"}, ("vns", "vnn")),
    **dict.fromkeys(("daob", "bdao"), ({2: "daob", 3: "daob3"}, ("vns", "vnn"))),
    **dict.fromkeys(("b7l", "baobay"), ({2: "b7l"}, ("vns",))),
    **dict.fromkeys(("b8l", "baotam"), ({2: "b8l"}, ("vnn",))),
    **dict.fromkeys(("da", "dx", "xien"), ({2: "da"}, ("vns", "vnn"))),
}
PAIR_TYPES = frozenset({"da", "dx", "xien"})  # bets on pairs: at least two numbers
MAX_AMOUNT = Decimal("100000")
# What one point of a code is worth: in dong, a thousand (players write `dd10` for 10,000 ₫,
# and a South bao lô point costs 18 lô of it, the 18-27 thousand a point bookmakers quote);
# in any other currency, one unit.
POINT_VALUES: dict[str, Decimal] = {"VND": Decimal(1000)}
_NUMBERS = re.compile(r"\d{2,4}(?:\.\d{2,4})*")
_STATION = re.compile(r"([1-4])?([a-z]+)")
_BET = re.compile(
    r"(\d{2,4})?(" + "|".join(sorted(BET_TYPES, key=len, reverse=True)) + r")(\d+(?:[.,]\d{1,2})?)"
)


@dataclass(frozen=True)
class VnBet:
    """One bet of a code: a play on one station's issue, its numbers and points per number."""

    game_code: str
    station: str
    play_code: str
    numbers: tuple[str, ...]
    amount: Decimal
    partner: str | None = None  # đá on two stations: the second station


def point_value(currency: str) -> Decimal:
    """The money one point of a code stands for in `currency`."""
    return POINT_VALUES.get(currency.upper(), Decimal(1))


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFD", text.lower().replace("đ", "d"))
    return "".join(c for c in folded if not unicodedata.combining(c))


def _error(key: str, token: str, **params: object) -> AppError:
    return AppError(f"lottery-vn-{key}", 422, {"code": token, **params})


def _stations(token: str, day: date) -> tuple[str, str, list[str]] | None:
    """(game code, family, stations) a station token names, or None if it names none."""
    found = _STATION.fullmatch(token)
    if found is None:
        return None
    count, name = found.groups()
    weekday = day.weekday()
    if name in REGIONS:
        game_code, family, by_day = REGIONS[name]
        drawing = by_day[weekday]
        wanted = int(count or 1)
        if wanted > len(drawing):
            raise _error("stations", token, count=wanted, available=len(drawing))
        return game_code, family, list(drawing[:wanted])
    if count is not None:
        return None
    for game_code, family, by_day in {v[0]: v for v in REGIONS.values()}.values():
        if name in by_day[weekday]:
            return game_code, family, [name]
    known = any(
        name in stations for _, _, by_day in REGIONS.values() for stations in by_day.values()
    )
    if known:
        raise _error("station-closed", token)
    return None


def _station_list(token: str, day: date) -> list[tuple[str, str, str]] | None:
    """The (game code, family, station) targets a station token names (stations may be
    joined with dots: `tg.kt`), or None if it names none."""
    found = [_stations(part, day) for part in token.split(".")]
    if not all(found):
        return None
    targets = [
        (game_code, family, name)
        for game_code, family, names in filter(None, found)
        for name in names
    ]
    return list(dict.fromkeys(targets))


def _pair_bets(
    targets: list[tuple[str, str, str]], numbers: list[str], amount: Decimal, token: str
) -> list[VnBet]:
    """Đá: on one station each, or on exactly two stations of one draw together."""
    if len(targets) == 1 or targets[0][1] != "vns":
        return []
    games = {game_code for game_code, _, _ in targets}
    if len(targets) != 2 or len(games) != 1:
        raise _error("pair-stations", token)
    [(game_code, _, first), (_, _, second)] = targets
    for number in numbers:
        if len(number) != 2:
            raise _error("digits", token, number=number)
    return [VnBet(game_code, first, "vns.da2", tuple(numbers), amount, second)]


def _amount(text: str, token: str) -> Decimal:
    refusal = _error("amount", token)
    return amounts.parse_amount(text, refusal.code, maximum=MAX_AMOUNT, params=refusal.params)


def parse(text: str, day: date) -> list[VnBet]:
    """The bets a code makes on the draws of `day`; any bad token refuses the whole code."""
    typed = text.split()
    if not typed:
        raise _error("empty", "")
    plain = _plain(text).split()
    try:
        return _parse(plain, day)
    except AppError as refused:
        token = refused.params.get("code", "")
        if token in plain and len(plain) == len(typed):
            refused.params["code"] = typed[plain.index(token)]  # as the player typed it
        raise


def _parse(tokens: list[str], day: date) -> list[VnBet]:
    reading = _Reading(day)
    for token in tokens:
        reading.read(token)
    if reading.numbers and not reading.numbers_used:
        raise _error("bet-missing", reading.numbers[-1])
    if not reading.bets:
        raise _error("bet-missing", tokens[-1])
    return reading.bets


@dataclass
class _Reading:
    """A code read token by token: the stations named, the numbers waiting for their bet type
    (a new number after a bet starts a new list), the bets made so far."""

    day: date
    targets: list[tuple[str, str, str]] = field(default_factory=list)  # game, family, station
    numbers: list[str] = field(default_factory=list)
    numbers_used: bool = False
    bets: list[VnBet] = field(default_factory=list)

    def read(self, token: str) -> None:
        if _NUMBERS.fullmatch(token):
            if not self.targets:
                raise _error("station-missing", token)
            self._take_numbers(token.split("."))
            return
        if not self.targets or (not self.numbers and not self.bets):
            named = _station_list(token, self.day)
            if named is not None:
                self.targets.extend(named)
                return
        self._read_bet(token)

    def _take_numbers(self, numbers: list[str]) -> None:
        if self.numbers_used:
            self.numbers, self.numbers_used = [], False
        self.numbers.extend(numbers)

    def _read_bet(self, token: str) -> None:
        bet = _BET.fullmatch(token)
        if bet is None:
            raise _error("unknown", token)
        if not self.targets:
            raise _error("station-missing", token)
        glued, kind, amount_text = bet.groups()
        if glued is not None:
            self._take_numbers([glued])
        if not self.numbers:
            raise _error("numbers-missing", token)
        amount = _amount(amount_text, token)
        paired: list[VnBet] = []
        if kind in PAIR_TYPES:
            if len(set(self.numbers)) < 2:
                raise _error("pair", token)
            paired = _pair_bets(self.targets, self.numbers, amount, token)
        if paired:
            self.bets.extend(paired)
        else:
            for target in self.targets:
                self.bets.extend(_station_bets(target, kind, self.numbers, amount, token))
        self.numbers_used = True


def _station_bets(
    target: tuple[str, str, str], kind: str, numbers: list[str], amount: Decimal, token: str
) -> list[VnBet]:
    """One station's bets of a bet type on the numbers: one bet per number length."""
    game_code, family, name = target
    plays, regions = BET_TYPES[kind]
    if family not in regions:
        raise _error("region", token)
    for number in numbers:
        if len(number) not in plays:
            raise _error("digits", token, number=number)
    by_digits: dict[int, list[str]] = {}
    for number in numbers:
        by_digits.setdefault(len(number), []).append(number)
    return [
        VnBet(game_code, name, f"{family}.{plays[digits]}", tuple(group), amount)
        for digits, group in sorted(by_digits.items())
    ]
