"""Live hosts and the chat of live tables (CBS_modelList, CBS_launchChat).

The live vendor (its provider) runs the chat rooms of its tables, as real live vendors do: the
platform lists the vendor's hosts through the adapter and opens a table's chat room with a
chat token that names the member (id and a masked nickname), signed with the vendor's secret
(HMAC-SHA256) and valid CHAT_TOKEN_SECONDS, so the provider knows who writes without a login
of its own. The provider keeps the messages, limits their rate and cleans their text.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.text import mask_customer_name
from app.services.brands import Brand
from app.services.catalogue.rules import LIVE
from app.services.providers import registry
from app.services.providers.adapter import LiveModel, ProviderConfig
from models import Game, Member

CHAT_TOKEN_SECONDS = 2 * 60 * 60


@dataclass(frozen=True)
class ChatRoom:
    chat_url: str
    table: str
    expires_at: datetime


def chat_token(secret: str, member_id: int, nickname: str, table: str, expires: int) -> str:
    """`<base64url payload>.<hex HMAC-SHA256 of the payload part>`."""
    payload = {"m": member_id, "n": nickname, "t": table, "e": expires}
    encoded = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode())
    part = encoded.decode().rstrip("=")
    digest = hmac.new(secret.encode(), part.encode(), hashlib.sha256).hexdigest()
    return f"{part}.{digest}"


async def _live_config(vassalage: str) -> ProviderConfig:
    config = await registry.provider_config(vassalage.strip().upper()[:32])
    if config is None:
        raise AppError("seamless-unknown-vendor", 404)
    return config


async def model_list(vassalage: str) -> list[LiveModel]:
    """The vendor's live hosts; none while its provider does not answer (the hosts are a
    lobby's decoration: the tables themselves still open, or say the provider is down)."""
    config = await _live_config(vassalage)
    try:
        return await registry.adapter_for(config).models()
    except AppError as exc:
        if exc.code == "provider-unreachable":
            return []
        raise


async def launch_chat(
    member: Member, brand: Brand, vassalage: str, game_code: str, language: str, now: datetime
) -> ChatRoom:
    """The chat room of one of the vendor's live tables, for this member."""
    assert member.id is not None
    config = await _live_config(vassalage)
    async with session_scope() as session:
        table = (
            await session.exec(
                select(Game).where(
                    Game.vassalage == config.vassalage,
                    Game.game_code == game_code.strip()[:64],
                    Game.game_type == LIVE,
                )
            )
        ).first()
    if table is None:
        raise AppError("seamless-unknown-game", 404)
    expires = int(now.timestamp()) + CHAT_TOKEN_SECONDS
    nickname = (member.nickname or "").strip()[:20] or mask_customer_name(member.username)
    token = chat_token(config.secret, member.id, nickname, table.game_code, expires)
    lang = language.lower() if language.lower() in config.languages else config.languages[0]
    url = registry.adapter_for(config).chat_url(
        table.game_code, token, lang, registry.pick_host(config, brand.launch_game_cdns)
    )
    return ChatRoom(url, table.game_code, datetime.fromtimestamp(expires, now.tzinfo))
