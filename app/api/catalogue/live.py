"""Live hosts and live table chat: CBS_modelList and CBS_launchChat (spec 7, GET)."""

from __future__ import annotations

from fastapi import APIRouter, Query

from app.api.deps import Context, CurrentMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.services.providers import live

router = APIRouter(prefix="/wps/relay", tags=["live"])


class ModelValue(ApiModel):
    modelId: str
    name: str
    tables: list[str]
    online: bool
    avatarUrl: str


class ChatValue(ApiModel):
    chatUrl: str
    gameCode: str


@router.get("/CBS_modelList", response_model=Envelope[list[ModelValue]])
async def model_list(
    ctx: Context, vassalage: str = Query(min_length=1, max_length=32)
) -> Envelope[list[ModelValue]]:
    """The live hosts of a live vendor and the tables each hosts now."""
    found = await live.model_list(vassalage)
    return ok(
        [
            ModelValue(
                modelId=m.model_id,
                name=m.name,
                tables=list(m.tables),
                online=m.online,
                avatarUrl=m.avatar_url,
            )
            for m in found
        ]
    )


@router.get("/CBS_launchChat", response_model=Envelope[ChatValue])
async def launch_chat(
    ctx: Context,
    auth: CurrentMember,
    vassalage: str = Query(min_length=1, max_length=32),
    gameCode: str = Query(min_length=1, max_length=64),
) -> Envelope[ChatValue]:
    """The chat room of a live table (opened in the spec's 440 × 750 window)."""
    room = await live.launch_chat(
        auth.member, ctx.brand, vassalage, gameCode, ctx.language, clock.now()
    )
    return ok(ChatValue(chatUrl=room.chat_url, gameCode=room.table))


ROUTERS = (router,)
