"""The Plinko board as the page draws it, as plain functions (tests/studio/test_plinko.py): the
pegs, the slots with their multipliers, and the ball's fall along a round's path as CSS
keyframes. Coordinates are in the SVG's own units (WIDTH wide)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from app.services.studio.games import plinko

WIDTH = 400
TOP = 24  # the first row of pegs
ROW_GAP = 22
PEG_RADIUS = 3
BALL_RADIUS = 6


@dataclass
class Peg:
    x: str = ""
    y: str = ""


@dataclass
class Slot:
    pays: str = ""
    tone: str = ""  # "edge", "high", "mid", "low": the slot's colour
    hit: bool = False


def spacing(rows: int) -> Decimal:
    """The distance between two pegs of a row: the last row (rows + 2 pegs) fills the board."""
    return Decimal(WIDTH) / (rows + 2)


def height(rows: int) -> int:
    """Where the ball comes to rest, a row below the last pegs."""
    return TOP + rows * ROW_GAP


def view_height(rows: int) -> int:
    """The board's height: the resting ball just inside it, right above the slots (more room
    left a gap between the pegs and the slots that looked like a missing row)."""
    return height(rows) + BALL_RADIUS + 2


def _num(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01')).normalize():f}"


def pegs(rows: int) -> list[Peg]:
    """Row r has r + 3 pegs, centred (the classic triangle)."""
    step = spacing(rows)
    centre = Decimal(WIDTH) / 2
    return [
        Peg(x=_num(centre + (i - Decimal(r + 2) / 2) * step), y=str(TOP + r * ROW_GAP))
        for r in range(rows)
        for i in range(r + 3)
    ]


def _tone(pays: Decimal) -> str:
    if pays >= 10:
        return "edge"
    if pays >= 2:
        return "high"
    if pays >= 1:
        return "mid"
    return "low"


def slots(rows: int, risk: str, hit: int | None = None, mark: str = ".") -> list[Slot]:
    """The slots under the last row, each with its multiplier in the reader's `mark`."""
    return [
        Slot(pays=f"{pays.normalize():f}".replace(".", mark), tone=_tone(pays), hit=k == hit)
        for k, pays in enumerate(plinko.multipliers(rows, risk))
    ]


def ball_points(path: list[int]) -> list[tuple[str, str]]:
    """Where the ball is above the board, after each row, and in its slot: half a peg
    spacing to the left or right at each row."""
    rows = len(path)
    step = spacing(rows)
    x = Decimal(WIDTH) / 2
    points = [(_num(x), str(TOP - ROW_GAP))]
    for r, right in enumerate(path):
        x += step / 2 if right else -step / 2
        points.append((_num(x), str(TOP + r * ROW_GAP + ROW_GAP // 2)))
    points.append((points[-1][0], str(height(rows))))
    return points


def ball_keyframes(name: str, path: list[int]) -> str:
    """CSS keyframes dropping the ball along the path (the page skips them for reduced
    motion: the ball then just sits at its last point)."""
    points = ball_points(path)
    last = len(points) - 1
    frames = " ".join(
        f"{i * 100 // last}% {{ transform: translate({x}px, {y}px) }}"
        for i, (x, y) in enumerate(points)
    )
    return f"@keyframes {name} {{ {frames} }}"
