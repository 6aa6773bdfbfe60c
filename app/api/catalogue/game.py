"""Starting a game: launchGame and the favourites-style GCS_gameLaunchFB.

accountType 1 is real play (a logged-in member with a real account), 0 is demo play (games
with supportPlay 0; visitors may play demos too). The answer's `content.game_url` opens the
game; for real play it carries a one-time launch token.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import Field

from app.api.deps import Context, module_call
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.services import site
from app.services.accounts import sessions
from app.services.seamless import launch
from models.base import MAX_ID

router = APIRouter(tags=["games"], dependencies=[module_call(site.GAME_LOBBY_MODULE)])

REAL, DEMO = 1, 0


class LaunchRequest(ApiModel):
    gameCode: str = Field(min_length=1, max_length=64)
    vassalage: str = Field(min_length=1, max_length=32)
    accountType: int = Field(default=REAL, ge=DEMO, le=REAL, description="1 real, 0 demo")
    gameType: str | None = Field(default=None, max_length=16)


class LaunchFbRequest(ApiModel):
    nodeId: int = Field(ge=1, le=MAX_ID)
    accountType: int = Field(default=REAL, ge=DEMO, le=REAL, description="1 real, 0 demo")


class LaunchContent(ApiModel):
    game_url: str


class LaunchValue(ApiModel):
    content: LaunchContent
    accountType: int


async def _launch(
    request: Request,
    ctx: Context,
    account_type: int,
    *,
    game_code: str = "",
    vassalage: str = "",
    node_id: int | None = None,
) -> Envelope[LaunchValue]:
    member = await launch.launching_member(
        sessions.bearer(request.headers.get("authorization")), ctx.brand.id
    )
    url = await launch.launch(
        member,
        ctx.brand,
        game_code,
        vassalage,
        account_type == DEMO,
        language=ctx.language,
        node_id=node_id,
    )
    return ok(LaunchValue(content=LaunchContent(game_url=url), accountType=account_type))


@router.post("/wps/game/launchGame", response_model=Envelope[LaunchValue])
async def launch_game(request: Request, ctx: Context, body: LaunchRequest) -> Envelope[LaunchValue]:
    """Marked T in the spec; visitors without a token may still open demos."""
    return await _launch(
        request, ctx, body.accountType, game_code=body.gameCode, vassalage=body.vassalage
    )


@router.post("/wps/relay/GCS_gameLaunchFB", response_model=Envelope[LaunchValue])
async def launch_game_fb(
    request: Request, ctx: Context, body: LaunchFbRequest
) -> Envelope[LaunchValue]:
    return await _launch(request, ctx, body.accountType, node_id=body.nodeId)


ROUTERS = (router,)
