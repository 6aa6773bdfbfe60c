"""Live hosts and the chat of live tables (CBS_modelList, CBS_launchChat).

The live vendor (its provider) runs the chat rooms of its tables, as real live vendors do: the
platform lists the vendor's hosts through the adapter and opens a table's chat room with a
chat token that names the member (id and a masked nickname), signed with the vendor's secret
(HMAC-SHA256) and valid CHAT_TOKEN_SECONDS, so the provider knows who writes without a login
of its own. The provider keeps the messages, limits their rate and cleans their text.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.text import mask_customer_name
from app.services.brands import Brand
from app.services.catalogue import rules
from app.services.catalogue.index import GameEntry, game_entry
from app.services.catalogue.lobby import (
    cached,
    category_vendors,
    raw_catalogue,
    vendor_maintenance,
)
from app.services.catalogue.rules import LIVE
from app.services.providers import registry
from app.services.providers.adapter import LiveModel, ProviderConfig
from models import Game, Member

CHAT_TOKEN_SECONDS = 2 * 60 * 60
LOBBY_HOSTS = 24  # hosts the live lobby shows at most


@dataclass(frozen=True)
class ChatRoom:
    chat_url: str
    table: str
    expires_at: datetime


@dataclass(frozen=True)
class LiveHost:
    """A live host of the lobby, with the catalogue entries of the tables they host."""

    model_id: str
    name: str
    vassalage: str
    vendor_name: str
    online: bool
    avatar_url: str
    tables: list[GameEntry]


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


def arrange_hosts(
    found: Iterable[tuple[str, LiveModel]],
    tables: Mapping[tuple[str, str], GameEntry],
    limit: int = LOBBY_HOSTS,
) -> list[LiveHost]:
    """The live lobby's hosts from each vendor's models (`found`, vendor by vendor): each with
    the catalogue entries of the tables they host (`tables`, by vendor and game code); a
    table the brand does not list is left out, and a host left with none. Online hosts come
    first, the vendors taking turns, so the first `limit` show every vendor."""
    seen: dict[str, int] = {}
    ranked: list[tuple[bool, int, int, LiveHost]] = []
    for vendor, model in found:
        entries = [tables[(vendor, code)] for code in model.tables if (vendor, code) in tables]
        if not entries:
            continue
        turn = seen.get(vendor, 0)
        seen[vendor] = turn + 1
        host = LiveHost(
            model_id=model.model_id,
            name=model.name,
            vassalage=vendor,
            vendor_name=entries[0].display_name,
            online=model.online,
            avatar_url=model.avatar_url,
            tables=entries,
        )
        ranked.append((not model.online, turn, len(ranked), host))
    ranked.sort(key=lambda row: row[:3])
    return [row[3] for row in ranked[:limit]]


async def _vendor_models(vassalage: str) -> list[tuple[str, LiveModel]]:
    """A live vendor's hosts; none for a vendor integrated with no provider here."""
    try:
        return [(vassalage, model) for model in await model_list(vassalage)]
    except AppError as exc:
        if exc.code == "seamless-unknown-vendor":
            return []
        raise


async def _table_entries(
    brand: Brand, found: list[tuple[str, LiveModel]]
) -> dict[tuple[str, str], GameEntry]:
    """The brand's catalogue entries of the hosts' tables (live games of their vendors)."""
    vendors = sorted({vendor for vendor, _ in found})
    codes = sorted({code for _, model in found for code in model.tables})
    if not vendors or not codes:
        return {}
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game).where(
                    col(Game.vassalage).in_(vendors),
                    col(Game.game_code).in_(codes),
                    Game.game_type == LIVE,
                    Game.is_game == "GAME",
                )
            )
        ).all()
    down = vendor_maintenance(await raw_catalogue())
    return {
        (game.vassalage, game.game_code): game_entry(game, brand.image_host(), down)
        for game in games
        if rules.shown_sub_category(game.sub_category, brand.supports_tagalog)
    }


async def lobby_hosts(brand: Brand, language: str) -> list[LiveHost]:
    """The live lobby's hosts (CBS_modelList of each live vendor of the brand's menu), with
    the tables each hosts as game entries; none of a vendor whose provider does not answer.
    Cached as the catalogue's lists are (the hosts' shifts change by the hour)."""

    async def load() -> list[LiveHost]:
        vendors = [card.vassalage for card in await category_vendors(brand, language, LIVE)]
        answers = await asyncio.gather(*(_vendor_models(code) for code in vendors))
        found = [pair for answer in answers for pair in answer]
        return arrange_hosts(found, await _table_entries(brand, found))

    return await cached(
        f"live-hosts:{brand.code}:{brand.currency}:{language}", list[LiveHost], load
    )
