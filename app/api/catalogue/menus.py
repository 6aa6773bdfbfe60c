"""/lgw/games: the game menus (navigation and vendors) and the popular games. No token needed."""

from __future__ import annotations

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.catalogue.games import ActionValue, GameEntryValue, VendorCardValue, brand_and_language
from app.api.deps import Context
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, camel
from app.services.catalogue import games, lobby

router = APIRouter(prefix="/lgw/games", tags=["games"])


class NavItemValue(ApiModel):
    """A navigation entry, i.e. a game vendor category (spec 3: title, cards, gameClassify)."""

    navType: str = Field(description="HOME, HOT, a game type, POINTMALL or PROMO")
    title: str
    gameClassify: str
    action: ActionValue
    rebateRate: str | None = Field(description='displayed rebate rate ("1.2%", "-") or none')
    cards: list[VendorCardValue]


class SubCategoryValue(ApiModel):
    code: str = Field(description="SC, VP, JP, TG, AC, BG (bingo only with Tagalog)")
    title: str


class MenuValue(ApiModel):
    nav: list[NavItemValue] = Field(description="top navigation: HOME first, PROMO last")
    footer: list[NavItemValue] = Field(description="the navigation without PROMO, HOME, HOT")
    subCategories: list[SubCategoryValue]
    prizeMode: str = Field(
        description="LOTT, or ELOTT when the ELOTT category has TCG_LOTTO_VN/LOTT"
    )
    u9w: ActionValue | None = Field(description="the /u9w entry: start the U9W sports vendor")


@router.get("/game_menus", response_model=Envelope[MenuValue])
async def game_menus(
    ctx: Context,
    language: str | None = Query(default=None, max_length=8),
    refresh: bool = False,
) -> Envelope[MenuValue]:
    """The navigation built from the vendors (spec 2 rules), cached a minute per brand and
    language; `refresh=true` reloads it."""
    brand, lang = await brand_and_language(ctx, None, language)
    return ok(MenuValue.model_validate(camel(await lobby.menus(brand, lang, refresh))))


@router.get("/popular", response_model=Envelope[list[GameEntryValue]])
async def popular(
    ctx: Context,
    gameType: str | None = Query(default=None, max_length=16),
    limit: int = Query(default=games.POPULAR_LIMIT, ge=1, description="at most 50"),
    language: str | None = Query(default=None, max_length=8),
) -> Envelope[list[GameEntryValue]]:
    """The recommended list: popular games not marked isTop and not in maintenance (cached)."""
    brand, lang = await brand_and_language(ctx, None, language)
    found = await games.popular_games(brand, lang, gameType, limit)
    return ok([GameEntryValue.model_validate(camel(g)) for g in found])


ROUTERS = (router,)
