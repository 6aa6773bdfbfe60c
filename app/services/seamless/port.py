"""The seamless wallet's port: what a game (the co-hosted studio too) sends and gets back.

Types only, so the in-process wallet (`wallet.py`), the HTTP client of a remote wallet
(`http_port.py`) and the vendor registry (`vendors.py`) share them without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

STUDIO_VENDOR = "BGS"


@dataclass(frozen=True)
class PlayerSession:
    session_token: str
    member_id: int
    merchant_id: int
    currency: str
    vendor: str
    game_code: str
    balance: Decimal


@dataclass(frozen=True)
class WalletCall:
    transaction_id: str  # unique per vendor; a repeat returns the first answer
    round_id: str  # groups bets and wins
    game_code: str
    amount: Decimal  # > 0 for a debit, >= 0 for a credit, ignored for a rollback
    rollback_of: str | None = None  # rollback: the transaction_id being undone


@dataclass(frozen=True)
class WalletAnswer:
    status: str  # WalletStatus value
    balance: Decimal  # the player's cash balance now (also on refusals and repeats)
    currency: str
    transaction_id: str
    replay: bool
    # A refusal's catalog code when the wallet knows why (player protection's limits and
    # exclusion: "protection-limit-reached-loss" ...), for the in-house studio to show.
    reason: str = ""


class WalletPort(Protocol):
    """How any game (the studio too) moves a player's money."""

    async def authenticate(self, launch_token: str) -> PlayerSession: ...

    async def balance(self, session_token: str) -> WalletAnswer: ...

    async def debit(self, session_token: str, call: WalletCall) -> WalletAnswer: ...

    async def credit(self, session_token: str, call: WalletCall) -> WalletAnswer: ...

    async def rollback(self, session_token: str, call: WalletCall) -> WalletAnswer: ...

    async def bet_win(
        self, session_token: str, bet: WalletCall, win: WalletCall
    ) -> WalletAnswer: ...
