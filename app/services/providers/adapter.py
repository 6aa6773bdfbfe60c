"""The provider adapter interface: what the platform asks of any game provider.

A provider (a vendor's own server, an aggregator, or the bundled simulator) is reached through
one adapter. Money never goes through the adapter: the provider calls our public vendor APIs
(`/vendor/<code>/wallet/...` for seamless vendors, `/vendor/<code>/reports/rounds` for transfer
vendors), signed with the vendor's secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Protocol


class TransactionState(StrEnum):
    """What the provider knows of one of its wallet calls (for reconciliation)."""

    UNKNOWN = "UNKNOWN"  # never sent, or given up before it reached us: undo our side
    COMPLETED = "COMPLETED"  # the provider counts it as done
    ROLLED_BACK = "ROLLED_BACK"  # the provider undid it


@dataclass(frozen=True)
class ProviderConfig:
    """One vendor's integration: where its games open and how it talks to us."""

    vassalage: str
    wallet_mode: str  # WalletMode: SEAMLESS or TRANSFER
    api_url: str  # the provider's server-to-server base URL (game list, transaction status)
    launch_hosts: tuple[str, ...]  # hosts game URLs may open on; one is picked at random
    currencies: tuple[str, ...]
    languages: tuple[str, ...]
    secret: str  # the vendor's signing secret (both directions)
    launch_template: str = ""  # a vendor of URL templates (the co-hosted studio) instead
    demo_template: str = ""
    timeout_seconds: float = 5.0


@dataclass(frozen=True)
class LaunchRequest:
    game_code: str
    game_type: str
    language: str
    currency: str
    host: str  # the launch host picked for this launch
    token: str | None = None  # the one-time launch token; None for demo play
    lobby_url: str = ""
    room: str = ""  # a PvP game's room level to open at (GLS2_roomList), "" for its lobby


@dataclass(frozen=True)
class ImportedGame:
    """A game as the provider lists it (its game list import)."""

    game_code: str
    name: str
    game_type: str
    classify: str
    support_play: int
    rtp: Decimal | None


@dataclass(frozen=True)
class LiveModel:
    """A live host (dealer) of a live vendor and the tables they host now."""

    model_id: str
    name: str
    tables: tuple[str, ...]  # game codes
    online: bool
    avatar_url: str


class ProviderAdapter(Protocol):
    config: ProviderConfig

    def launch_url(self, request: LaunchRequest) -> str:
        """The game URL: real play carries the launch token, demo play a demo flag."""
        ...

    async def import_games(self) -> list[ImportedGame]:
        """The provider's game list."""
        ...

    async def transaction_state(self, transaction_id: str) -> TransactionState:
        """What the provider knows of a wallet call (a debit whose answer was lost)."""
        ...

    async def models(self) -> list[LiveModel]:
        """The live hosts of a live vendor (CBS_modelList)."""
        ...

    def chat_url(self, table: str, chat_token: str, language: str, host: str) -> str:
        """The chat room of a live table, for the member the signed chat token names."""
        ...
