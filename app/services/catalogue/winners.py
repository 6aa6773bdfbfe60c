"""The winner board (GCSGAME_getRankList): a brand's biggest wins, names masked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n.formatting import quantize
from app.core.text import mask_customer_name
from app.services.brands import Brand
from app.services.catalogue import rules
from app.services.catalogue.lobby import cached
from models import Winner

RANK_LIMIT = 20  # spec 9


@dataclass(frozen=True)
class BoardLine:
    """A win on the board: the winner's name masked, the game and its icon."""

    customer_name: str
    game_name: str
    icon_url: str
    win_amount: Decimal
    time: datetime
    node_id: int | None
    game_category: str


def _check(category: str, limit: int) -> str:
    code = category.strip().upper()
    if code not in rules.WINNER_CATEGORIES:
        raise AppError("winner-category-unknown", status=422, params={"game_category": category})
    if limit > RANK_LIMIT:
        raise AppError("winner-limit-too-large", status=422, params={"max": RANK_LIMIT})
    return code


async def winner_board(
    brand: Brand,
    language: str,
    category: str = rules.ALL_CATEGORIES,
    limit: int = RANK_LIMIT,
    refresh: bool = False,
) -> list[BoardLine]:
    """The biggest wins of a game category (or ALL), at most 20."""
    code = _check(category, limit)

    async def load() -> list[BoardLine]:
        statement = select(Winner).where(Winner.merchant_id == brand.id)
        if code != rules.ALL_CATEGORIES:
            statement = statement.where(Winner.game_category == code)
        async with session_scope() as session:
            winners = (
                await session.exec(
                    statement.order_by(
                        col(Winner.win_amount).desc(), col(Winner.won_at).desc()
                    ).limit(RANK_LIMIT)
                )
            ).all()
        return [
            BoardLine(
                customer_name=mask_customer_name(w.customer_name),
                game_name=w.game_name,
                icon_url=rules.image_url(brand.image_host(), w.show_icon),
                win_amount=quantize(w.win_amount),
                time=w.won_at,
                node_id=w.game_id,
                game_category=w.game_category,
            )
            for w in winners
        ]

    board = await cached(f"winners:{brand.code}:{language}:{code}", list[BoardLine], load, refresh)
    return board[:limit]
