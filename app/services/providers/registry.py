"""Provider configuration per vendor, and the adapter that speaks to it.

A vendor's configuration comes from its credential (the signing secret, encrypted at rest; URL
templates for a co-hosted vendor such as the studio) and from the settings: the provider's base
URL (`PROVIDER_URLS` per vendor, else the bundled simulator's `PROVIDER_SIMULATOR_URL`), the
currencies and languages it supports. Game URLs open on a host picked at random from the
brand's `launchGameCDNs` (the permission payload's list) when it names absolute hosts, else on
the provider's own host.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import random
import secrets
import time
from decimal import Decimal
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from sqlmodel import col, select

from app.core import http
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from app.services.providers.adapter import (
    ImportedGame,
    LaunchRequest,
    LiveModel,
    ProviderAdapter,
    ProviderConfig,
    TransactionState,
)
from models import GameVendor, VendorCredential
from models.catalogue import WalletMode

KEY_PURPOSE = "vendor-wallet"  # the purpose the seamless wallet decrypts secrets with
TIMESTAMP_HEADER = "X-Timestamp"
SIGNATURE_HEADER = "X-Signature"
# Vendors whose games open the site's own lottery pages, not a provider's (spec 2, 4).
LOTTERY_VENDORS = frozenset({"TCG_SEA", "LOTT", "TCG_LOTTO_VN"})
STUDIO = "BGS"


def master_secret() -> str:
    """The secret the simulated vendors' secrets derive from (the simulator knows it too)."""
    settings = get_settings()
    if settings.provider_secret is not None:
        return settings.provider_secret.get_secret_value()
    return hmac.new(settings.secret().encode(), b"provider-simulator", hashlib.sha256).hexdigest()


def derived_secret(master: str, vassalage: str) -> str:
    """A simulated vendor's signing secret: HMAC-SHA256(master, 'vendor:' + code), hex."""
    return hmac.new(master.encode(), f"vendor:{vassalage}".encode(), hashlib.sha256).hexdigest()


def signed_get_headers(secret: str, path: str, now: float | None = None) -> dict[str, str]:
    """Headers of a signed server-to-server GET: HMAC of the timestamp followed by the path."""
    timestamp = str(int(now if now is not None else time.time()))
    digest = hmac.new(secret.encode(), (timestamp + path).encode(), hashlib.sha256).hexdigest()
    return {TIMESTAMP_HEADER: timestamp, SIGNATURE_HEADER: digest}


def provider_url(vassalage: str) -> str | None:
    """The vendor's provider: its PROVIDER_URLS entry, else the simulator (None: neither)."""
    settings = get_settings()
    found = settings.provider_urls.get(vassalage) or settings.provider_simulator_url
    return found.rstrip("/") if found else None


def pick_host(config: ProviderConfig, brand_hosts: tuple[str, ...]) -> str:
    """A launch host at random (spec 9): the brand's absolute launch hosts, else the
    provider's. Relative entries (the studio's '/play') are the site's own pages."""
    absolute = tuple(h.rstrip("/") for h in brand_hosts if h.startswith(("http://", "https://")))
    candidates = absolute if absolute and not config.launch_template else config.launch_hosts
    return random.choice(candidates) if candidates else ""


class TemplateAdapter:
    """A vendor configured by URL templates (`{gameCode}`, `{token}`): the co-hosted studio,
    whose games are pages of this site."""

    def __init__(self, config: ProviderConfig) -> None:
        self.config = config

    def launch_url(self, request: LaunchRequest) -> str:
        template = self.config.launch_template if request.token else self.config.demo_template
        if not template:
            raise AppError("seamless-demo-unavailable", 409)
        return template.format(
            gameCode=quote(request.game_code, safe=""), token=quote(request.token or "", safe="")
        )

    async def import_games(self) -> list[ImportedGame]:
        return []  # the studio's games are part of the catalogue itself

    async def transaction_state(self, transaction_id: str) -> TransactionState:
        return TransactionState.COMPLETED  # co-hosted: its calls never lose their answer

    async def models(self) -> list[LiveModel]:
        return []  # the studio has no live hosts

    def chat_url(self, table: str, chat_token: str, language: str, host: str) -> str:
        raise AppError("provider-no-chat", 404)


_health: dict[str, tuple[bool, float]] = {}  # provider base URL → (up, when asked)
HEALTH_TIMEOUT_SECONDS = 1.5


async def provider_up(
    config: ProviderConfig, transport: httpx.AsyncBaseTransport | None = None
) -> bool:
    """Whether the provider answers its health check (`GET {api}/health`), asked at most once
    every PROVIDER_HEALTH_SECONDS per provider; a co-hosted vendor is always up."""
    seconds = get_settings().provider_health_seconds
    if config.launch_template or seconds == 0:
        return True
    known = _health.get(config.api_url)
    now = time.monotonic()
    if known is not None and now - known[1] < seconds:
        return known[0]
    try:
        async with http.client(transport=transport, timeout=HEALTH_TIMEOUT_SECONDS) as client:
            up = (await client.get(config.api_url + "/health")).status_code == 200
    except httpx.HTTPError:
        up = False
    _health[config.api_url] = (up, now)
    return up


def forget_health() -> None:
    _health.clear()


class HttpProviderAdapter:
    """A provider speaking the platform's provider protocol over HTTP (the bundled simulator,
    or an aggregator that implements it):

    - game URL: `{host}/play/{vendor}/{gameCode}?token=…&lang=…&currency=…` (demo: `demo=1`;
      a PvP room: `room=<level>`);
    - game list: signed `GET {api}/api/{vendor}/games` → `{"games": [...]}`;
    - a wallet call's fate: signed `GET {api}/api/{vendor}/transactions/{id}` → `{"state"}`.
    """

    def __init__(
        self, config: ProviderConfig, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        self.config = config
        self._transport = transport

    def launch_url(self, request: LaunchRequest) -> str:
        query: dict[str, str] = {"lang": request.language, "currency": request.currency}
        if request.token:
            query["token"] = request.token
        else:
            query["demo"] = "1"
        if request.lobby_url:
            query["lobby"] = request.lobby_url
        if request.room:
            query["room"] = request.room
        vendor = quote(self.config.vassalage, safe="")
        game = quote(request.game_code, safe="")
        return f"{request.host}/play/{vendor}/{game}?{urlencode(query)}"

    async def _get(self, path: str) -> dict[str, Any]:
        headers = signed_get_headers(self.config.secret, path)
        try:
            async with http.client(
                transport=self._transport, timeout=self.config.timeout_seconds
            ) as client:
                response = await client.get(self.config.api_url + path, headers=headers)
            response.raise_for_status()
            document = json.loads(response.content)
        except (httpx.HTTPError, ValueError) as exc:
            raise AppError("provider-unreachable", 503) from exc
        if not isinstance(document, dict):
            raise AppError("provider-unreachable", 502)
        return document

    async def import_games(self) -> list[ImportedGame]:
        document = await self._get(f"/api/{quote(self.config.vassalage, safe='')}/games")
        games: list[ImportedGame] = []
        for item in document.get("games") or []:
            rtp = item.get("rtp")
            games.append(
                ImportedGame(
                    game_code=str(item["gameCode"]),
                    name=str(item["name"]),
                    game_type=str(item["gameType"]),
                    classify=str(item.get("classify") or ""),
                    support_play=int(item.get("supportPlay", 1)),
                    rtp=Decimal(str(rtp)) if rtp is not None else None,
                )
            )
        return games

    async def models(self) -> list[LiveModel]:
        document = await self._get(f"/api/{quote(self.config.vassalage, safe='')}/models")
        return [
            LiveModel(
                model_id=str(item["modelId"]),
                name=str(item["name"]),
                tables=tuple(str(t) for t in item.get("tables") or ()),
                online=bool(item.get("online")),
                avatar_url=self.config.api_url + str(item.get("avatar") or ""),
            )
            for item in document.get("models") or []
        ]

    def chat_url(self, table: str, chat_token: str, language: str, host: str) -> str:
        vendor = quote(self.config.vassalage, safe="")
        query = urlencode({"t": chat_token, "lang": language})
        return f"{host}/chat/{vendor}/{quote(table, safe='')}?{query}"

    async def transaction_state(self, transaction_id: str) -> TransactionState:
        vendor = quote(self.config.vassalage, safe="")
        path = f"/api/{vendor}/transactions/{quote(transaction_id, safe='')}"
        document = await self._get(path)
        try:
            return TransactionState(str(document.get("state")))
        except ValueError:
            return TransactionState.UNKNOWN


def _config(vendor: GameVendor, credential: VendorCredential, api_url: str) -> ProviderConfig:
    settings = get_settings()
    return ProviderConfig(
        vassalage=vendor.vassalage,
        wallet_mode=vendor.wallet_mode,
        api_url=api_url,
        launch_hosts=(api_url,),
        currencies=tuple(settings.provider_currencies),
        languages=tuple(settings.provider_languages),
        secret=decrypt_secret(credential.secret_encrypted, KEY_PURPOSE),
        launch_template=credential.launch_url,
        demo_template=credential.demo_url or "",
        timeout_seconds=settings.provider_timeout_seconds,
    )


async def provider_config(vassalage: str) -> ProviderConfig | None:
    """The vendor's integration, None when it has no active credential (not integrated)."""
    async with session_scope() as session:
        row = (
            await session.exec(
                select(GameVendor, VendorCredential)
                .join(VendorCredential, col(VendorCredential.vassalage) == GameVendor.vassalage)
                .where(GameVendor.vassalage == vassalage)
            )
        ).first()
    api_url = provider_url(vassalage)
    if row is None or not row[1].active or (api_url is None and not row[1].launch_url):
        return None
    return _config(row[0], row[1], api_url or "")


# The HTTP transport of the adapters' server-to-server calls: None is the network; the tests
# put an in-process simulator here.
_transport: list[httpx.AsyncBaseTransport | None] = [None]


def use_transport(transport: httpx.AsyncBaseTransport | None) -> None:
    _transport[0] = transport


def adapter_for(
    config: ProviderConfig, transport: httpx.AsyncBaseTransport | None = None
) -> ProviderAdapter:
    if config.launch_template:
        return TemplateAdapter(config)
    return HttpProviderAdapter(config, transport or _transport[0])


async def seed_provider_credentials() -> int:
    """Every outside vendor of the catalogue (not the studio, not the lottery pages) gets a
    credential whose secret derives from the master secret, so the simulator can sign. A
    vendor that already has one keeps it. Returns the credentials added."""
    master = master_secret()
    added = 0
    async with write_transaction() as session:
        known = set((await session.exec(select(VendorCredential.vassalage))).all())
        codes = (await session.exec(select(GameVendor.vassalage))).all()
        for code in codes:
            if code in known or code in LOTTERY_VENDORS or code == STUDIO:
                continue
            session.add(
                VendorCredential(
                    vassalage=code,
                    secret_encrypted=encrypt_secret(derived_secret(master, code), KEY_PURPOSE),
                    launch_url="",
                )
            )
            added += 1
    return added


def replace_api_url(
    config: ProviderConfig, api_url: str, secret: str | None = None
) -> ProviderConfig:
    """The same vendor reached at another base URL (tests, a provider moved to a new host)."""
    return dataclasses.replace(config, api_url=api_url, secret=secret or config.secret)


def is_transfer(config: ProviderConfig) -> bool:
    return config.wallet_mode == WalletMode.TRANSFER


def new_request_id() -> str:
    return secrets.token_hex(16)
