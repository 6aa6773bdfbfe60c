"""What the studio's game page shows, as plain functions of a round's outcome: no state, no
Reflex, so each is unit-tested (tests/studio/test_studio_views.py). The game states
(state/studio/studio_games.py) hold their results; these turn them into cells, lines and rows."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from app.core.config import PROJECT_ROOT
from app.core.i18n import has_key, translate
from app.core.i18n.formatting import (
    format_amount,
    format_count,
    format_figure,
    format_game_multiplier,
    format_rate,
)
from app.services.brands import Money
from app.services.studio import rounds
from app.services.studio.games import StudioGame, roulette

# Which page component shows a game, by the game's catalogue sub-category.
KINDS: dict[str | None, str] = {
    None: "slot",
    "SC": "scratch",
    "VP": "poker",
    "AC": "dice",
    "TG": "roulette",
    "BG": "bingo",
}
# Games of one sub-category that play differently get their own component.
KINDS_BY_CODE: dict[str, str] = {
    "BGS_LIMBO": "limbo",
    "BGS_MINES": "mines",
    "BGS_PLINKO": "plinko",
}
GRID_KINDS = ("slot", "scratch", "poker", "bingo")
# How long a game's board animates its result before it is said, in seconds (the page's
# --reveal, components/studio/panels.py ANIMATION_CSS): the dice's tumble, Limbo's climb, the
# ball's drop, the wheel's spin. The result line and the balances (the game's and the
# header's) wait for it; autobet waits for it before its next bet.
REVEAL_SECONDS: dict[str, float] = {"dice": 0.7, "limbo": 0.45, "plinko": 1.1, "roulette": 1.2}
MINE_TILES = 25
# The even-money bets, as they lie along a real table.
ROULETTE_OUTSIDE = ("low", "even", "red", "black", "odd", "high")
# The table's ways to tap its numbers: one number, or the numbers of a split, a street, a
# corner or a six line (roulette.GROUPS).
ROULETTE_KINDS = ("straight", "split", "street", "corner", "line")
OUTSIDE_KEYS = frozenset(
    [*ROULETTE_OUTSIDE, *(f"{kind}:{i}" for kind in ("dozen", "column") for i in (1, 2, 3))]
)
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# The Originals' own art (assets/originals/<game code>.svg): their cards and pages show it.
ART_DIR = PROJECT_ROOT / "assets" / "originals"
ARTWORK: frozenset[str] = frozenset(path.stem for path in ART_DIR.glob("*.svg"))


def art_url(game_code: str) -> str:
    """The game's art as the site serves it, or "" for a game without its own."""
    return f"/originals/{game_code}.svg" if game_code in ARTWORK else ""


@dataclass
class Cell:
    """One cell of a grid game: `label` picks the drawn symbol, `name` is what a screen
    reader says, `hit` rings it (a winning line, a held card), `red` colours a card."""

    icon: str = ""
    label: str = ""
    name: str = ""
    hit: bool = False
    red: bool = False


@dataclass
class Grid:
    """A grid game's outcome as the page shows it."""

    cols: int = 3
    cells: list[Cell] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # winning lines, hands, patterns
    called: list[str] = field(default_factory=list)  # bingo's called balls


@dataclass
class TableBet:
    """A bet on the roulette table with the chips on it."""

    key: str = ""
    label: str = ""
    amount: str = ""


@dataclass
class GroupSpot:
    """A chip on a group of numbers and where it lies: the grid cell of the number it sits
    against, standing up (`col`, `row`) and across from xl (`x_col`, `x_row`), and its centre
    within that cell (CSS lengths: `x`, `y`; `xx`, `xy` from xl)."""

    key: str = ""
    label: str = ""
    amount: str = ""
    col: int = 1
    row: int = 1
    x: str = ""
    y: str = ""
    x_col: int = 1
    x_row: int = 1
    xx: str = ""
    xy: str = ""


@dataclass
class HistoryRow:
    id: str = ""
    stake: str = ""
    payout: str = ""
    multiplier: str = ""
    won: bool = False


@dataclass
class PaytableRow:
    label: str = ""
    pays: str = ""


@dataclass
class Detail:
    """One labelled value (the verify page's table)."""

    label: str = ""
    value: str = ""


def kind_of(game: StudioGame) -> str:
    code = game.spec.code
    return KINDS_BY_CODE.get(code) or KINDS.get(game.spec.sub_category, "slot")


def _flat(cells: Sequence[Any]) -> list[Any]:
    if cells and isinstance(cells[0], list):
        return [cell for row in cells for cell in row]
    return list(cells)


def card_cell(code: str, held: bool) -> Cell:
    """A card code of the poker game ('TD', 'AS') as the page shows it (10♦, A♠)."""
    rank = "10" if code[:1] == "T" else code[:1]
    shown = rank + SUIT_SIGNS.get(code[1:], "")
    return Cell(icon=shown, label=code, name=shown, hit=held, red=code[1:] in ("H", "D"))


def symbol_cell(value: str, hit: bool, name: str = "") -> Cell:
    return Cell(icon=value, label=value, name=name or value, hit=hit)


def scratch_grid(detail: dict[str, Any], lang: str) -> Grid:
    hits = {int(i) for i in detail.get("cells", [])}
    cells = [
        symbol_cell(str(v), i in hits, translate(f"studio.scratch.symbol.{v}", lang))
        for i, v in enumerate(_flat(detail.get("grid", [])))
    ]
    lines = []
    if detail.get("symbol"):
        symbol = translate(f"studio.scratch.symbol.{detail['symbol']}", lang)
        lines.append(
            translate("play.scratch.win", lang, symbol=symbol, prize=detail.get("prize", ""))
        )
    return Grid(cols=3, cells=cells, lines=lines)


def poker_grid(detail: dict[str, Any], lang: str) -> Grid:
    """The dealt hand with the strategy's suggested hold, or the final hand, whose held cards
    are ringed only when it wins."""
    cards = [str(c) for c in detail.get("cards", [])]
    hand = str(detail.get("hand", ""))
    won = hand not in ("", "nothing")
    held = {int(i) for i in detail.get("held", [])} if won else set()
    lines = [translate(f"studio.poker.hand.{hand}", lang)] if won else []
    if "advice" in detail:  # dealt, not drawn yet
        kept = [card_cell(cards[int(i)], False).name for i in detail["advice"]]
        lines.append(
            translate("play.poker.advice", lang, cards=" ".join(kept))
            if kept
            else translate("play.poker.advice_none", lang)
        )
    return Grid(cols=5, cells=[card_cell(c, i in held) for i, c in enumerate(cards)], lines=lines)


def bingo_grid(detail: dict[str, Any], lang: str) -> Grid:
    """The card (free centre shown as a star) with the called numbers marked."""
    card = _flat(detail.get("card", []))
    marked = _flat(detail.get("marked", []))
    cells = [
        symbol_cell("★" if value == 0 else str(value), i < len(marked) and bool(marked[i]))
        for i, value in enumerate(card)
    ]
    complete = len(detail.get("lines", []))
    if detail.get("full_card"):
        lines = [translate("studio.bingo.row.full_card", lang)]
    elif complete:
        lines = [translate("studio.bingo.row.lines", lang, lines=complete)]
    else:
        lines = []
    return Grid(cols=5, cells=cells, lines=lines, called=[str(b) for b in detail.get("balls", [])])


def slot_grid(detail: dict[str, Any], lang: str) -> Grid:
    """Five reels of three rows, shown row by row; cells of winning lines ringed."""
    base = detail.get("base", {})
    reels: list[list[str]] = base.get("reels", [])
    paylines: list[list[int]] = detail.get("paylines", [])
    if not reels:
        return Grid()
    width, rows = len(reels), len(reels[0])
    hits: set[int] = set()
    lines = []
    for win in base.get("lines", []):
        path = paylines[win["line"] - 1]
        hits |= {path[reel] * width + reel for reel in range(win["count"])}
        symbol = translate(f"studio.slot.symbol.{win['symbol']}", lang)
        lines.append(
            translate("play.slot.line", lang, line=win["line"], symbol=symbol, count=win["count"])
        )
    if base.get("scatter_pays"):
        hits |= {
            row * width + reel
            for reel, column in enumerate(reels)
            for row, symbol in enumerate(column)
            if symbol == "SCATTER"
        }
        lines.append(translate("play.slot.scatter", lang, count=base["scatters"]))
    free = detail.get("free_spins", [])
    if free:
        lines.append(translate("play.slot.free_spins", lang, count=len(free)))
    cells = [
        symbol_cell(
            reels[reel][row],
            row * width + reel in hits,
            translate(f"studio.slot.symbol.{reels[reel][row]}", lang),
        )
        for row in range(rows)
        for reel in range(width)
    ]
    return Grid(cols=width, cells=cells, lines=lines)


GRIDS = {"slot": slot_grid, "scratch": scratch_grid, "poker": poker_grid, "bingo": bingo_grid}


def grid_of(kind: str, detail: dict[str, Any], lang: str) -> Grid:
    return GRIDS[kind](detail, lang)


def mine_tiles(picks: Iterable[int], mines: Iterable[int]) -> list[str]:
    """Each tile of the field: "" hidden, "pick", "safe", "boom" or "mine"."""
    picked, shown_mines = set(picks), set(mines)
    shown = bool(shown_mines)
    tiles = []
    for i in range(MINE_TILES):
        if i in picked:
            tiles.append("boom" if i in shown_mines else ("safe" if shown else "pick"))
        else:
            tiles.append("mine" if i in shown_mines else "")
    return tiles


def group_key(kind: str, numbers: Iterable[int]) -> str:
    """A table bet on numbers as the page keys it: "split:1-2", "straight:17"."""
    return f"{kind}:" + "-".join(str(n) for n in sorted(numbers))


def chip_bet(key: str, units: int) -> dict[str, Any]:
    """A table bet's key ("split:1-2", "dozen:2", "red") as the game's bet."""
    kind, _, value = key.partition(":")
    if kind in ("dozen", "column"):
        return {"kind": kind, "index": int(value), "units": units}
    if value:
        return {"kind": kind, "numbers": [int(n) for n in value.split("-")], "units": units}
    return {"kind": kind, "units": units}


def table_amounts(placed: Iterable[tuple[str, Decimal]]) -> dict[str, Decimal]:
    """The chips placed one by one, summed per bet (in the order the bets were first made)."""
    amounts: dict[str, Decimal] = {}
    for key, value in placed:
        amounts[key] = amounts.get(key, Decimal(0)) + value
    return amounts


def chip_units(amounts: dict[str, Decimal]) -> dict[str, int]:
    """Each bet's whole units of the stake (roulette.units_of): 1,10 and 0,30 are 11 and 3."""
    return roulette.units_of(amounts)


def is_chip_key(key: str) -> bool:
    """A bet a tap on its spot or its chip adds to: an outside bet, or a group of numbers of
    the table (split, street, corner, six line; a single number is tapped on the number)."""
    if key in OUTSIDE_KEYS:
        return True
    kind, _, value = key.partition(":")
    if kind == "straight":
        return False
    try:
        numbers = frozenset(int(n) for n in value.split("-"))
    except ValueError:
        return False
    return numbers in roulette.GROUPS.get(kind, ()) and key == group_key(kind, numbers)


# Where a chip on a group of numbers lies, against one number's cell (its anchor): at the
# middle (M) or on the near (S) or far (E) line of the cell, half the grid's gap outside it.
_NEAR, _MID, _FAR = "-.125rem", "50%", "calc(100% + .125rem)"


def _cell(n: int) -> tuple[int, int, int, int]:
    """A number's cell (column, row) standing up, and (column, row) lying across from xl
    (components/studio/roulette.py `_number`)."""
    row, col = divmod(n - 1, 3)
    return col + 1, row + 2, row + 2, 3 - col


def group_place(kind: str, numbers: Iterable[int]) -> GroupSpot:
    """Where the chip of an inside bet lies on the table, as a real one puts it: a split on
    the line between its two numbers, a corner where its four meet, a street on the edge of its
    row beside the dozens, a six line where that edge meets the line between its two rows; the
    zero's split, trios and first four on the zero's line. Standing up a row runs across the
    table (1 2 3), lying across (xl) it runs up it (3 above 2 above 1)."""
    ordered = sorted(numbers)
    low = ordered[1] if ordered[0] == 0 and len(ordered) < 4 else ordered[0]
    if ordered[0] == 0:
        anchors = {  # the zero's bets: (anchor, upright x, y, across x, y)
            "split": (low, _MID, _NEAR, _NEAR, _MID),
            "street": (low, _FAR, _NEAR, _NEAR, _NEAR),
            "corner": (1, _NEAR, _NEAR, _NEAR, _FAR),
        }
        anchor, x, y, xx, xy = anchors[kind]
        up = across = anchor
    elif kind == "split" and ordered[1] == low + 1:  # side by side in a row
        up = across = low
        x, y, xx, xy = _FAR, _MID, _MID, _NEAR
    elif kind == "split":  # one row above the other
        up = across = low
        x, y, xx, xy = _MID, _FAR, _FAR, _MID
    elif kind == "corner":
        up = across = low
        x, y, xx, xy = _FAR, _FAR, _FAR, _NEAR
    elif kind == "street":
        up, across = low + 2, low
        x, y, xx, xy = _FAR, _MID, _MID, _FAR
    else:  # a six line
        up, across = low + 2, low
        x, y, xx, xy = _FAR, _FAR, _FAR, _FAR
    col, row, _, _ = _cell(up)
    _, _, x_col, x_row = _cell(across)
    return GroupSpot(col=col, row=row, x=x, y=y, x_col=x_col, x_row=x_row, xx=xx, xy=xy)


def group_spots(bets: Iterable[TableBet]) -> list[GroupSpot]:
    """The chips on the table's groups of numbers (split, street, corner, six line), each
    where it lies, with its amount and what a screen reader says of it (the row's label)."""
    spots = []
    for bet in bets:
        kind, _, value = bet.key.partition(":")
        if kind == "straight" or bet.key in OUTSIDE_KEYS:
            continue
        spot = group_place(kind, (int(n) for n in value.split("-")))
        spot.key, spot.label, spot.amount = bet.key, bet.label, bet.amount
        spots.append(spot)
    return spots


def table_chips(placed: Iterable[tuple[str, Decimal]]) -> list[dict[str, Any]]:
    """The chips placed one by one as the game's bet: each bet with its whole units."""
    units = chip_units(table_amounts(placed))
    return [chip_bet(key, n) for key, n in units.items()]


def table_bets(amounts: dict[str, Decimal], lang: str, digits: int) -> list[TableBet]:
    """The bets on the table in the reader's words: "Cavalo 1/2", "Vermelho", with amounts."""
    rows = []
    for key, amount in amounts.items():
        kind, _, value = key.partition(":")
        if key in OUTSIDE_KEYS:
            label = translate("play.roulette." + kind + value, lang)
        else:
            label = f"{translate('play.roulette.kind.' + kind, lang)} {value.replace('-', '/')}"
        rows.append(TableBet(key=key, label=label, amount=format_amount(amount, lang, digits)))
    return rows


def history_rows(found: Iterable[rounds.RoundView], lang: str, money: Money) -> list[HistoryRow]:
    """The last rounds, their stake and payout written as the brand writes money."""
    return [
        HistoryRow(
            id=r.round_id,
            stake=money.write(r.stake, lang),
            payout=money.write(r.payout, lang),
            multiplier=format_game_multiplier(r.multiplier, lang),
            won=r.won,
        )
        for r in found
    ]


def paytable_rows(game: StudioGame, lang: str) -> list[PaytableRow]:
    """The paytable in the reader's numbers: "Chance de ganhar 49,5 %", "0,52x – 5,6x",
    "10 × 3x"."""
    rows = []
    for row in game.paytable():
        fields = {name: format_count(count, lang) for name, count in row.counts.items()}
        fields |= {name: format_rate(rate, lang) for name, rate in row.rates.items()}
        pays = " – ".join(format_game_multiplier(value, lang) for value in row.pays)
        rows.append(
            PaytableRow(
                label=translate(row.label, lang, **fields),
                pays=f"{format_count(row.times, lang)} × {pays}" if row.times else pays,
            )
        )
    return rows


def _figure(value: object, lang: str) -> str:
    """A stored figure ("42.13") in the reader's decimals."""
    try:
        return format_figure(Decimal(str(value)), lang)
    except ArithmeticError:
        return str(value)


def _symbol(kind: str, code: object, lang: str) -> str:
    """A slot's or scratch card's symbol by its name in the reader's language ("10" stays)."""
    key = f"studio.{kind}.symbol.{code}"
    return translate(key, lang) if has_key(key) else str(code)


def _outcome_parts(detail: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """(catalog key of the label, value in the reader's words) of what decided a round."""
    parts: list[tuple[str, str]] = []
    if "roll" in detail:  # dice
        target = _figure(detail.get("target", ""), lang)
        over = detail.get("direction") == "over"
        parts.append(("play.verify.roll", _figure(detail["roll"], lang)))
        parts.append(
            (
                "play.verify.target",
                translate(f"play.verify.{'over' if over else 'under'}", lang, target=target),
            )
        )
    if "result" in detail:  # limbo
        parts.append(("play.verify.result", _figure(detail["result"], lang) + "x"))
        parts.append(("play.verify.target", _figure(detail.get("target", ""), lang) + "x"))
    if "number" in detail:  # roulette
        colour = translate(f"play.verify.colour.{detail.get('colour', 'green')}", lang)
        parts.append(("play.verify.number", f"{detail['number']} ({colour})"))
    if "mines" in detail:  # counted from 1, as a player counts the board
        parts.append(("play.verify.mines", ", ".join(str(int(m) + 1) for m in detail["mines"])))
        tiles = detail.get("tiles", [])
        parts.append(("play.verify.tiles", ", ".join(str(int(t) + 1) for t in tiles) or "—"))
    if "cards" in detail:  # video poker
        parts.append(
            ("play.verify.cards", " ".join(card_cell(str(c), False).name for c in detail["cards"]))
        )
        if detail.get("hand"):
            parts.append(
                ("play.verify.hand", translate(f"studio.poker.hand.{detail['hand']}", lang))
            )
    if "grid" in detail:  # scratch card, row by row
        rows = detail["grid"]
        parts.append(
            (
                "play.verify.grid",
                " / ".join(" ".join(_symbol("scratch", s, lang) for s in row) for row in rows),
            )
        )
    if "path" in detail:  # plinko: each row's bounce, then the slot (counted from 1)
        risk = translate(f"play.plinko.risk.{detail.get('risk')}", lang)
        parts.append(("play.plinko.rows", f"{detail.get('rows')} · {risk}"))
        sides = (translate("play.verify.left", lang), translate("play.verify.right", lang))
        parts.append(("play.verify.path", " ".join(sides[int(p)] for p in detail["path"])))
        parts.append(("play.verify.slot", str(int(detail.get("slot", 0)) + 1)))
    base = detail.get("base")
    if isinstance(base, dict):  # slot: the reels, top to bottom, then the free spins
        reels = base.get("reels", [])
        parts.append(
            (
                "play.verify.reels",
                " | ".join(" ".join(_symbol("slot", s, lang) for s in reel) for reel in reels),
            )
        )
        parts.append(("play.verify.free_spins", str(len(detail.get("free_spins", [])))))
    if "balls" in detail:  # bingo
        parts.append(("play.verify.balls", ", ".join(str(b) for b in detail["balls"])))
    return parts


def outcome_summary(detail: dict[str, Any], lang: str) -> str:
    """What decided a round, in the reader's words and figures, for the verify page (the seeds
    recompute the same)."""
    parts = _outcome_parts(detail, lang)
    return " · ".join(f"{translate(key, lang)}: {value}" for key, value in parts) or "—"
