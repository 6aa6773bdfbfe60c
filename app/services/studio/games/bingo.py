"""Bingo 75 (BG): one 5 × 5 card with a free centre, 36 balls drawn out of 75.

Complete lines (5 rows, 5 columns, 2 diagonals) pay by how many there are; a full card pays the
top prize. The card is the player's (`params["card"]`, rows top to bottom, columns B I N G O
holding 1–15, 16–30, 31–45, 46–60, 61–75, centre 0) or, without one, dealt from the round's stream.

Why the RTP is exact: the balls are a uniform 36 of 75, so whatever the card's numbers, the
marked cells are a uniform random subset of the 24 numbered cells given how many of them were
drawn (hypergeometric). The test counts, for every size, the subsets by number of lines (a
dynamic programme over the rows) and sums the pays with fractions: 95.35 %.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from app.core.errors import AppError
from app.core.fairness import draw
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

BALLS = 75
DRAWN = 36
SIZE = 5
CENTRE = (2, 2)
COLUMN_SPAN = 15
LETTERS = "BINGO"

# number of complete lines → multiplier; 6 or more pay the last entry
LINE_PAYS: tuple[Decimal, ...] = (
    Decimal(0),
    Decimal("1.5"),
    Decimal("5.5"),
    Decimal(25),
    Decimal(100),
    Decimal(400),
    Decimal(1000),
)
FULL_CARD_PAYS = Decimal(5000)


def _line_cells() -> dict[str, tuple[tuple[int, int], ...]]:
    lines = {f"row{r + 1}": tuple((r, c) for c in range(SIZE)) for r in range(SIZE)}
    lines |= {f"col{c + 1}": tuple((r, c) for r in range(SIZE)) for c in range(SIZE)}
    lines["diag1"] = tuple((i, i) for i in range(SIZE))
    lines["diag2"] = tuple((i, SIZE - 1 - i) for i in range(SIZE))
    return lines


LINES = _line_cells()


def pays_for(lines: int, full_card: bool) -> Decimal:
    if full_card:
        return FULL_CARD_PAYS
    return LINE_PAYS[min(lines, len(LINE_PAYS) - 1)]


def column_range(column: int) -> range:
    return range(column * COLUMN_SPAN + 1, (column + 1) * COLUMN_SPAN + 1)


def deal_card(rng: Iterator[float]) -> list[list[int]]:
    columns = [draw(rng, list(column_range(c)), SIZE) for c in range(SIZE)]
    card = [[columns[c][r] for c in range(SIZE)] for r in range(SIZE)]
    card[CENTRE[0]][CENTRE[1]] = 0
    return card


def check_card(card: Any) -> list[list[int]]:
    if not isinstance(card, list) or len(card) != SIZE:
        raise AppError("studio-bingo-card", 400)
    rows: list[list[int]] = []
    for r, row in enumerate(card):
        if not isinstance(row, list) or len(row) != SIZE:
            raise AppError("studio-bingo-card", 400)
        checked = []
        for c, number in enumerate(row):
            if isinstance(number, bool) or not isinstance(number, int):
                raise AppError("studio-bingo-card", 400)
            fits = number == 0 if (r, c) == CENTRE else number in column_range(c)
            if not fits:
                raise AppError("studio-bingo-card", 400)
            checked.append(number)
        rows.append(checked)
    numbers = [n for row in rows for n in row if n]
    if len(set(numbers)) != len(numbers):
        raise AppError("studio-bingo-card", 400)
    return rows


def marks(card: list[list[int]], balls: list[int]) -> list[list[bool]]:
    drawn = set(balls)
    return [[(r, c) == CENTRE or card[r][c] in drawn for c in range(SIZE)] for r in range(SIZE)]


class Bingo(OneStep):
    spec = GameSpec(
        code="BGS_BINGO_75",
        sub_category="BG",
        rtp=Decimal("95.35"),
        min_bet=Decimal("0.20"),
        max_bet=Decimal(100),
        max_win_multiplier=FULL_CARD_PAYS,
    )

    def paytable(self) -> list[PayRow]:
        rows = [
            PayRow("studio.bingo.row.full_card", (FULL_CARD_PAYS,)),
            PayRow(
                "studio.bingo.row.lines_or_more",
                (LINE_PAYS[-1],),
                counts={"lines": len(LINE_PAYS) - 1},
            ),
        ]
        rows += [
            PayRow("studio.bingo.row.lines", (pays,), counts={"lines": n})
            for n, pays in reversed(list(enumerate(LINE_PAYS)))
            if pays and n < len(LINE_PAYS) - 1
        ]
        return rows

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        card = params.get("card")
        return {"card": None if card is None else check_card(card)}

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        card = self.check(params)["card"] or deal_card(rng)
        balls = draw(rng, list(range(1, BALLS + 1)), DRAWN)
        marked = marks(card, balls)
        complete = [name for name, cells in LINES.items() if all(marked[r][c] for r, c in cells)]
        full_card = all(all(row) for row in marked)
        multiplier = pays_for(len(complete), full_card)
        return Outcome(
            multiplier=self.capped(multiplier),
            detail={
                "card": card,
                "balls": balls,
                "marked": marked,
                "lines": complete,
                "full_card": full_card,
            },
        )
