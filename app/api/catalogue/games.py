"""Games calls under /wps/relay: game list, hot games, vendor list, vendor game types, winner
board, recent games, favourites and PvP rooms (spec 7, Games).

Listing calls (game list, hot games, vendors, winners) take no token: a lobby shows games to
visitors too. The calls about the member (favourites, recent games, vendor game types, rooms)
need one and answer not-logged-in (401) without it.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import Field, field_validator

from app.api.deps import Context, CurrentMember, RealMember, RequestContext, module_call
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, camel
from app.services import site
from app.services.brands import Brand, brands
from app.services.catalogue import games, lobby, members, winners
from app.services.catalogue.rules import ALL_CATEGORIES
from models.base import MAX_ID

router = APIRouter(
    prefix="/wps/relay", tags=["games"], dependencies=[module_call(site.GAME_LOBBY_MODULE)]
)


class GameEntryValue(ApiModel):
    """A game entry (spec 3). A VASSALAGE entry stands for a vendor: it opens its popup list."""

    nodeId: int
    nodeName: str
    gameName: str
    gameCode: str
    gameType: str
    vassalage: str
    displayName: str = Field(description="the vendor's display name")
    showIcon: str | None = Field(description="icon path under the image base")
    iconUrl: str = Field(description="the icon, or the default icon when it has none")
    isGame: str = Field(description="GAME, or VASSALAGE for a vendor with a popup game list")
    supportPlay: int = Field(description="0: a free demo is available")
    isTop: bool
    gameCategory: str = Field(description="CASINO, SPORTS or LOTTERY")
    gameClassify: str = Field(description="genre (SLOT, BACCARAT…), or the lottery type")
    subCategory: str | None = Field(description="SC, VP, JP, TG, AC or BG")
    tags: list[str]
    rtp: Decimal | None
    popularity: int
    releaseDate: date
    maintenance: bool
    gameGroupCode: str | None = Field(
        default=None,
        description="a lottery entry's group (SSC, 11X5, VN, 4D…): one of the engine's games",
    )
    tag: str | None = Field(
        default=None, description="a lottery entry's tag, from its gameGroupCode"
    )


class GamePageValue(ApiModel):
    content: list[GameEntryValue]
    total: int = Field(description="games matching, whatever the page")
    pageNo: int
    pageSize: int
    totalPages: int
    prizeMode: str = Field(description="the request's, else the navigation's (LOTT or ELOTT)")


class GameListQuery(ApiModel):
    """GCSGAME_gameList payload (spec 7), plus name search and sort."""

    clientType: int = 3
    platform: str | None = Field(default=None, max_length=64)
    merchant: str | None = Field(default=None, max_length=32, description="default: Merchant")
    gameType: str | None = Field(
        default=None, max_length=16, description="a game type, a sub-category or HOT"
    )
    vassalage: str | None = Field(default=None, max_length=32)
    pageNo: int = Field(default=1, ge=1, le=100_000)
    pageSize: int = Field(default=games.PAGE_SIZE, ge=1, description="at most 50")
    language: str | None = Field(default=None, max_length=8)
    prizeMode: str | None = Field(default=None, max_length=8)
    name: str | None = Field(
        default=None,
        max_length=games.SEARCH_MAX_LENGTH,
        description="substring, ignoring case and accents",
    )
    sort: str = Field(default="popular", max_length=16, description="popular, new or name")


class VendorIconsValue(ApiModel):
    small: str
    smallActive: str
    white: str
    color: str
    purple: str
    nav: str = Field(description="navigation submenu image of this game type and vendor")


class RouteValue(ApiModel):
    name: str
    params: dict[str, str]


class ActionValue(ApiModel):
    """What a tap does: ROUTE (go to path), LAUNCH (start the game), POPUP (vendor list),
    LOGIN (guest: login popup), REGISTER_FIRST (trial user: register first)."""

    kind: str
    path: str | None
    vassalage: str | None
    gameType: str | None
    gameCode: str | None
    demo: bool
    requiresLogin: bool
    route: RouteValue | None = Field(description="named route (gameListCenter) and params")

    @field_validator("route", mode="before")
    @classmethod
    def _named_route(cls, route: Any) -> Any:
        """The service's route is a pair: its name and its (param, value) pairs."""
        if isinstance(route, list | tuple):
            name, params = route
            return {"name": name, "params": dict(params)}
        return route


class VendorCardValue(ApiModel):
    vassalage: str
    displayName: str
    gameType: str
    accountTypeName: str
    isGame: str
    sort: int
    maintenance: bool
    walletMode: str = Field(description="SEAMLESS or TRANSFER")
    icons: VendorIconsValue
    action: ActionValue


class VendorListValue(ApiModel):
    sorted: list[VendorCardValue] = Field(description="every card, in sorted-vendor order")
    mapped: dict[str, list[VendorCardValue]] = Field(description="cards by game type")


class WinnerValue(ApiModel):
    customerName: str = Field(description='masked, like "ma***09"')
    gameName: str
    iconUrl: str
    winAmount: Decimal
    time: datetime
    nodeId: int | None
    gameCategory: str


class VassGameTypeValue(ApiModel):
    vassalage: str
    gameType: str
    count: int


class FavoriteRequest(ApiModel):
    """addFavGame / removeFavGame payload."""

    nodeId: int = Field(ge=1, le=MAX_ID)
    vendor: str = Field(min_length=1, max_length=32, description="the game's vassalage")
    gameType: str = Field(min_length=1, max_length=16)


class FavoritePageValue(ApiModel):
    content: list[GameEntryValue]
    nodeId: list[int] = Field(description="node ids of this page's games")
    pageNum: int
    pageSize: int
    total: int
    totalPages: int


class RecentGameValue(GameEntryValue):
    lastPlayedAt: datetime
    playCount: int


class RoomValue(ApiModel):
    roomId: str
    nodeId: int
    gameCode: str
    gameName: str
    vassalage: str
    level: str
    levelName: str
    minBet: Decimal
    minBalance: Decimal
    maxSeats: int
    maintenance: bool


async def brand_and_language(
    ctx: RequestContext, merchant: str | None, language: str | None
) -> tuple[Brand, str]:
    """The brand named in the payload (else the request's) and the language to answer in."""
    brand = await brands.by_code(merchant) if merchant else ctx.brand
    if language:
        return brand, brand.resolve_language(language)
    if brand.code == ctx.brand.code:
        return brand, ctx.language
    return brand, brand.fallback_language(ctx.language)


@router.get("/GCSGAME_gameList", response_model=Envelope[GamePageValue])
async def game_list(
    ctx: Context, query: Annotated[GameListQuery, Query()]
) -> Envelope[GamePageValue]:
    """A page of games of a type, a sub-category or HOT, optionally of one vendor, searched by
    name and sorted (popular, new, name). The spec marks this call T; it accepts visitors
    without a token so that the lobby shows games before login."""
    # The language is checked for the brand; game names are the vendors' own, untranslated.
    brand, _ = await brand_and_language(ctx, query.merchant, query.language)
    page = await games.game_page(
        brand,
        games.GameQuery(
            game_type=query.gameType,
            vassalage=query.vassalage,
            name=query.name,
            sort=query.sort,
            page_no=query.pageNo,
            page_size=query.pageSize,
            prize_mode=query.prizeMode.upper() if query.prizeMode else None,
        ),
    )
    return ok(GamePageValue.model_validate(camel(page)))


@router.get("/GCSGAME_hotGamesV2", response_model=Envelope[list[GameEntryValue]])
async def hot_games(
    ctx: Context,
    merchantCode: str | None = Query(default=None, max_length=32),
    isPlatform: int = Query(default=2, ge=1, le=2, description="2: the platform's hot games"),
    platform: str = Query(default="flash,html5-desktop", max_length=64),
    language: str | None = Query(default=None, max_length=8),
    refresh: bool = False,
) -> Envelope[list[GameEntryValue]]:
    """The hot-games row (cached a minute per brand and language; `refresh=true` reloads)."""
    brand, lang = await brand_and_language(ctx, merchantCode, language)
    found = await games.hot_games(brand, lang, refresh)
    return ok([GameEntryValue.model_validate(camel(g)) for g in found])


@router.get("/GCSGAME_newGameVendor", response_model=Envelope[VendorListValue])
async def new_game_vendor(
    ctx: Context,
    platform: str = Query(default="html5-desktop", max_length=64),
    language: str | None = Query(default=None, max_length=8),
    refresh: bool = False,
) -> Envelope[VendorListValue]:
    """The vendor list, sorted and keyed by game type (cached; `refresh=true` reloads)."""
    brand, lang = await brand_and_language(ctx, None, language)
    found = await lobby.vendor_list(brand, lang, refresh)
    return ok(VendorListValue.model_validate(camel(found)))


@router.get("/GCSGAME_getVassGameType", response_model=Envelope[list[VassGameTypeValue]])
async def vass_game_type(
    auth: CurrentMember, vassalage: str = Query(min_length=1, max_length=32)
) -> Envelope[list[VassGameTypeValue]]:
    """The game types of a vendor's games (the tabs of its popup list). Needs a token."""
    found = await games.vass_game_types(vassalage)
    return ok([VassGameTypeValue.model_validate(camel(t)) for t in found])


@router.get("/GCSGAME_getRankList", response_model=Envelope[list[WinnerValue]])
async def rank_list(
    ctx: Context,
    gameCategory: str = Query(default=ALL_CATEGORIES, max_length=16),
    language: str | None = Query(default=None, max_length=8),
    limitNum: int = Query(default=winners.RANK_LIMIT, ge=1, description="at most 20"),
    refresh: bool = False,
) -> Envelope[list[WinnerValue]]:
    """The winner board: the biggest wins, names masked (cached; `refresh=true` reloads)."""
    brand, lang = await brand_and_language(ctx, None, language)
    board = await winners.winner_board(brand, lang, gameCategory, limitNum, refresh)
    return ok([WinnerValue.model_validate(camel(w)) for w in board])


@router.get("/GCS_recentGame", response_model=Envelope[list[RecentGameValue]])
async def recent_game(ctx: Context, auth: RealMember) -> Envelope[list[RecentGameValue]]:
    """The games the member played last, newest first. Real accounts only."""
    assert auth.member.id is not None
    found = await members.recent_games(ctx.brand, auth.member.id)
    return ok(
        [
            RecentGameValue(**camel(g.entry), lastPlayedAt=g.last_played_at, playCount=g.play_count)
            for g in found
        ]
    )


@router.get("/MCSFE_getFavoriteGames", response_model=Envelope[list[int]])
async def favorite_games(ctx: Context, auth: RealMember) -> Envelope[list[int]]:
    """favGameIds: numeric node ids of the member's favourites the brand offers (as
    favGameList). Real accounts only."""
    assert auth.member.id is not None
    return ok(await members.favorite_ids(ctx.brand, auth.member.id))


@router.get("/MCSFE_getFavoriteGamesList", response_model=Envelope[FavoritePageValue])
async def favorite_games_list(
    ctx: Context,
    auth: RealMember,
    page: int = Query(default=1, ge=1, le=100_000),
    size: int = Query(default=members.FAVORITES_PAGE_SIZE, ge=1, le=50),
) -> Envelope[FavoritePageValue]:
    """favGameList: a page of the member's favourite games (13 a page). Real accounts only."""
    assert auth.member.id is not None
    found = await members.favorite_page(ctx.brand, auth.member.id, page, size)
    return ok(FavoritePageValue.model_validate(camel(found)))


@router.post("/MCSFE_addFavoriteGameV2", response_model=Envelope[list[int]])
async def add_favorite_game(auth: RealMember, body: FavoriteRequest) -> Envelope[list[int]]:
    """addFavGame: the favourite ids afterwards. One favourite action a second (429 after);
    a game that does not exist (or not with that vendor and type) gives 404."""
    ids = await members.add_favorite(auth.member, body.nodeId, body.vendor, body.gameType)
    return ok(ids)


@router.delete("/MCSFE_removeFavoriteGameV2", response_model=Envelope[list[int]])
async def remove_favorite_game(auth: RealMember, body: FavoriteRequest) -> Envelope[list[int]]:
    """removeFavGame: the favourite ids afterwards; throttled like addFavGame."""
    ids = await members.remove_favorite(auth.member, body.nodeId, body.vendor, body.gameType)
    return ok(ids)


@router.get("/GLS2_roomList", response_model=Envelope[list[RoomValue]])
async def room_list(
    ctx: Context, auth: CurrentMember, vassalage: str = Query(min_length=1, max_length=32)
) -> Envelope[list[RoomValue]]:
    """The PvP rooms of a vendor: each of its PVP games at every room level. Needs a token."""
    found = await games.pvp_rooms(vassalage, ctx.language)
    return ok([RoomValue.model_validate(camel(r)) for r in found])


ROUTERS = (router,)
