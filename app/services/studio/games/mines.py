"""Mines (AC): hide 1–24 mines in a 5 × 5 field, pick tiles; win if none of them is a mine.

The player chooses the number of mines and the tiles before the round; the mines are then laid
by the round's stream. With m mines and r picked tiles the chance of a clean pick is
C(25 − m, r) / C(25, r) and a win pays 0.99 / chance (truncated to four decimals): 99 % RTP for
every choice. Choices paying more than the cap are refused, so the cap never cuts a win.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from math import comb
from typing import Any, TypeGuard

from app.core.errors import AppError
from app.core.fairness import draw
from app.services.studio.games.base import GameSpec, OneStep, Outcome, PayRow

TILES = 25
MAX_MULTIPLIER = Decimal(10_000)


def multiplier_for(mines: int, picks: int) -> Decimal:
    """Pays for a clean pick of `picks` tiles among `mines` mines, in whole integer arithmetic:
    floor(0.99 × C(25, r) / C(25 − m, r), four decimals)."""
    scale = 10**4
    steps = 99 * comb(TILES, picks) * scale // (100 * comb(TILES - mines, picks))
    return Decimal(steps) / scale


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Mines(OneStep):
    spec = GameSpec(
        code="BGS_MINES",
        sub_category="AC",
        rtp=Decimal("99.00"),
        min_bet=Decimal("0.10"),
        max_bet=Decimal(500),
        max_win_multiplier=MAX_MULTIPLIER,
    )

    def paytable(self) -> list[PayRow]:
        return [
            PayRow(
                "studio.mines.row",
                (multiplier_for(mines, picks),),
                counts={"mines": mines, "picks": picks},
            )
            for mines, picks in ((1, 1), (1, 5), (3, 3), (3, 5), (5, 5), (10, 3), (24, 1))
        ]

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        mines = params.get("mines")
        if not _whole(mines) or not 1 <= mines < TILES:
            raise AppError("studio-mines-count", 400, {"max": TILES - 1})
        picks = params.get("tiles")
        if (
            not isinstance(picks, list)
            or not picks
            or not all(_whole(t) and 0 <= t < TILES for t in picks)
            or len(set(picks)) != len(picks)
            or len(picks) > TILES - mines
        ):
            raise AppError("studio-mines-tiles", 400, {"max": TILES - mines})
        if multiplier_for(mines, len(picks)) > MAX_MULTIPLIER:
            raise AppError("studio-mines-too-rich", 400, {"max": MAX_MULTIPLIER})
        return {"mines": mines, "tiles": sorted(picks)}

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal:
        checked = self.check(params)
        return multiplier_for(checked["mines"], len(checked["tiles"]))

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        checked = self.check(params)
        mines = sorted(draw(rng, list(range(TILES)), checked["mines"]))
        hit = sorted(set(mines) & set(checked["tiles"]))
        quoted = multiplier_for(checked["mines"], len(checked["tiles"]))
        return Outcome(
            multiplier=Decimal(0) if hit else self.capped(quoted),
            detail={
                "mines": mines,
                "tiles": checked["tiles"],
                "hit": hit,
                "won": not hit,
                "quoted": f"{quoted}",
            },
        )
