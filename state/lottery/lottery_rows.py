"""What the lottery pages show, as typed rows (lobby cards, play tabs, balls, picker rows, slip
lines, bets, results, chart bars, stations, code lines), and the pure helpers that build them from
the engine's read model: catalog keys of games, plays and options, the selection's tokens, quick
picks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.core.i18n import has_key
from app.services.lottery import page_views, views
from app.services.lottery.games import game
from models.lottery import BetStatus
from state.rows import row_of

MAX_DIGIT_NUMBERS = 50
PRIZE_LINES = frozenset(
    {"win", "hit", "nhay", "first", "second", "third", "starter", "consolation"}
)


@dataclass
class LobbyCard:
    code: str = ""
    name_key: str = ""
    family: str = ""
    family_key: str = ""
    minutes: int = 0
    image: str = ""  # spec 3's image category (SSC, 11X5, PK10, LHC, LF) or ""
    badge: str = ""  # what the badge shows without one (K3, 28, 4D ...)
    issue: str = ""
    close_ms: int = 0
    href: str = ""


@dataclass
class PlayTab:
    code: str = ""
    parts: list[str] = field(default_factory=list)  # catalog keys of the play's name
    active: bool = False


@dataclass
class Ball:
    value: str = ""
    label_key: str = ""  # a catalog key, or "" to show the value itself
    picked: bool = False


@dataclass
class PickRow:
    index: int = 0
    position: int = 0  # 1-based position it picks for; 0 for a row of the whole draw
    balls: list[Ball] = field(default_factory=list)
    quick: bool = False


@dataclass
class SlipLine:
    label_key: str = ""
    label: str = ""
    odds: str = ""
    pays: str = ""


@dataclass
class PaytableLine:
    label_key: str = ""
    label: str = ""
    odds: str = ""


@dataclass
class BetRow:
    """A placed bet, on the game's page (cancellable, chase) or the betting record (name_key,
    href, verify)."""

    uid: str = ""
    name_key: str = ""
    href: str = ""
    issue: str = ""
    parts: list[str] = field(default_factory=list)
    selection: list[str] = field(default_factory=list)  # tokens: catalog keys or texts
    stake: str = ""
    payout: str = ""
    status: str = ""
    won: bool = False
    cancellable: bool = False
    chase: bool = False
    placed_at: str = ""
    verify: str = ""


@dataclass
class ResultRow:
    issue: str = ""
    numbers: list[str] = field(default_factory=list)
    drawn_at: str = ""
    verify: str = ""


@dataclass
class StatBar:
    number: str = ""
    hits: int = 0
    missing: int = 0


@dataclass
class StationChip:
    issue: str = ""  # the station's issue of the draw
    name: str = ""


@dataclass
class CodeLine:
    code: str = ""
    ok: bool = False
    message: str = ""


def play_parts(code: str) -> list[str]:
    """The catalog keys whose words name a play ("ssc.front3.direct" → Front 3, direct)."""
    return [f"lotterypage.seg.{part}" for part in code.split(".")[1:]]


def game_name_key(code: str) -> str:
    found = game(code)
    return f"lotterypage.game.{code}" if found.official else f"lotterypage.family.{found.family}"


def ties_key(family: str) -> str:
    """The catalog key of a game family's ties in its rules ("" for a family without ties):
    the rules of a game name its own family only, never a game the brand does not offer."""
    key = f"lotterypage.rule.ties.{family}"
    return key if has_key(key) else ""


def option_key(option: str) -> str:
    name = page_views.option_name(option)
    return "" if name.isdigit() else f"lotterypage.opt.{name}"


def line_key(line: str) -> str:
    """A paytable line's label: its own (win, hit, a 4D prize), an option's name (big,
    dragon ...), or "" for a number (a sum of 10 is shown as 10)."""
    if line.isdigit() or ":" in line:
        return ""
    if line in PRIZE_LINES:
        return f"lotterypage.line.{line}"
    return f"lotterypage.opt.{line}"


MAX_TOKENS = 40


def selection_tokens(singles: list[list[object]]) -> list[str]:
    """A placed bet's single bets as tokens the page shows in the visitor's language: an
    option's catalog key ("1:big" → "#1", key of Big), numbers as they are, "·" between."""
    tokens: list[str] = []
    for single in singles:
        if tokens:
            tokens.append("·")
        for part in single:
            text = str(part)
            head, sep, name = text.partition(":")
            if sep:
                tokens.append(f"#{head}")
                text = name
            key = option_key(text) if not text.isdigit() and not text.isspace() else ""
            tokens.append(key if key and not text[:1].isdigit() else text)
    if len(tokens) > MAX_TOKENS:
        tokens = [*tokens[:MAX_TOKENS], "…"]
    return tokens


def bet_row(bet: views.BetView, **given: Any) -> BetRow:
    """A placed bet's row: what both pages show, with each page's own fields `given`."""
    return row_of(
        BetRow,
        bet,
        issue=page_views.issues_of(bet),
        parts=play_parts(bet.play_code),
        selection=selection_tokens(bet.selection),
        stake=str(bet.stake),
        payout=str(bet.payout),
        won=bet.status == BetStatus.SETTLED and bet.payout > bet.stake,
        placed_at=bet.placed_at.isoformat(),
        **given,
    )


def pick_rows(found: page_views.PlayShape, picks: dict[int, list[str]]) -> list[PickRow]:
    """The picker's rows for a play's shape, with the picked values marked."""
    if found.kind == page_views.OPTIONS:
        grouped: dict[str, list[str]] = {}
        for option in found.options:
            grouped.setdefault(page_views.option_row(option), []).append(option)
        return [
            PickRow(
                index=i,
                position=int(row) if row.isdigit() else 0,
                balls=[Ball(o, option_key(o), o in picks.get(i, [])) for o in options],
            )
            for i, (row, options) in enumerate(grouped.items())
        ]
    if found.kind == page_views.DIGITS:
        return []
    count = found.rows if found.kind == page_views.POSITIONS else 1
    values = [str(n) for n in range(found.low, found.high + 1)]
    return [
        PickRow(
            index=i,
            position=i + 1 if found.kind == page_views.POSITIONS else 0,
            balls=[Ball(v, "", v in picks.get(i, [])) for v in values],
            quick=True,
        )
        for i in range(count)
    ]


def quick_pick(values: list[str], kind: str) -> list[str]:
    """All, big (upper half), small (lower half), odd, even or none of a row's numbers."""
    numbers = [int(v) for v in values]
    if not numbers or kind == "clear":
        return []
    middle = (min(numbers) + max(numbers)) / 2  # 0-9: 5 up; 1-11: 6 up; 1-49: 25 up
    chosen = {
        "all": numbers,
        "big": [n for n in numbers if n >= middle],
        "small": [n for n in numbers if n < middle],
        "odd": [n for n in numbers if n % 2 == 1],
        "even": [n for n in numbers if n % 2 == 0],
    }[kind]
    return [str(n) for n in chosen]


def selection_of(
    found: page_views.PlayShape, picks: dict[int, list[str]], typed: str
) -> dict[str, Any]:
    """The engine's selection for the picks (the engine checks it again)."""
    if found.kind == page_views.POSITIONS:
        return {"positions": [sorted(int(v) for v in picks.get(i, [])) for i in range(found.rows)]}
    if found.kind == page_views.NUMBERS:
        return {"numbers": sorted(int(v) for v in picks.get(0, []))}
    if found.kind == page_views.OPTIONS:
        return {"options": [o for row in sorted(picks) for o in picks[row]]}
    numbers = [n for n in typed.replace(",", " ").split() if n][:MAX_DIGIT_NUMBERS]
    return {"numbers": list(dict.fromkeys(numbers))}


def has_picks(picks: dict[int, list[str]], typed: str) -> bool:
    return any(picks.values()) or bool(typed.strip())
