"""The winner board (GCSGAME_getRankList): a brand's biggest wins, names masked."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.text import mask_customer_name
from app.services.brands import Brand
from app.services.catalogue import rules
from app.services.catalogue.lobby import cached
from models import Winner

RANK_LIMIT = 20  # spec 9


def _check(category: str, limit: int) -> str:
    code = category.strip().upper()
    if code not in rules.WINNER_CATEGORIES:
        raise AppError("winner-category-unknown", status=422, params={"gameCategory": category})
    if limit > RANK_LIMIT:
        raise AppError("winner-limit-too-large", status=422, params={"max": RANK_LIMIT})
    return code


async def winner_board(
    brand: Brand,
    language: str,
    category: str = rules.ALL_CATEGORIES,
    limit: int = RANK_LIMIT,
    refresh: bool = False,
) -> list[dict[str, Any]]:
    """The biggest wins of a game category (or ALL), at most 20."""
    code = _check(category, limit)

    async def load() -> list[dict[str, Any]]:
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
            {
                "customerName": mask_customer_name(w.customer_name),
                "gameName": w.game_name,
                "iconUrl": rules.image_url(brand.image_host(), w.show_icon),
                "winAmount": f"{w.win_amount:.2f}",
                "time": w.won_at.isoformat(),
                "nodeId": w.game_id,
                "gameCategory": w.game_category,
            }
            for w in winners
        ]

    board = await cached(f"winners:{brand.code}:{language}:{code}", load, refresh)
    return board[:limit]
