"""Reconciliation of lost debits: a use case the provider-reconciliation job runs.

A debit whose answer was lost is sent again by the vendor under the same transaction id, or
rolled back. When the vendor gave up without either (it crashed, the network stayed down),
the round stays open with the player's stake taken. For each such debit older than
`PROVIDER_RECONCILE_AFTER_MINUTES`, the vendor's adapter is asked what it knows of the
transaction: unknown or rolled back at the vendor → the wallet rolls the debit back (the
stake returns); completed → the round is the vendor's to settle, and is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

import httpx
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.providers import registry
from app.services.providers.adapter import ProviderAdapter, TransactionState
from app.services.seamless import wallet
from app.services.seamless.port import STUDIO_VENDOR
from models.games import GameRound, RoundStatus, WalletCallKind
from models.games import WalletCall as WalletCallRow


@dataclass(frozen=True)
class OpenDebit:
    """A debit of a round still open: its vendor never settled or rolled it back."""

    vendor: str
    transaction_id: str
    round_id: str
    member_id: int
    amount: Decimal


async def open_debits(older_than: datetime, *, limit: int = 200) -> list[OpenDebit]:
    """Debits that moved money in rounds of outside vendors opened before `older_than` and
    still open: a vendor whose answer was lost may have given the round up."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(WalletCallRow)
                .join(
                    GameRound,
                    (col(GameRound.vendor) == WalletCallRow.vendor)
                    & (col(GameRound.round_id) == WalletCallRow.round_id),
                )
                .where(
                    GameRound.status == RoundStatus.OPEN,
                    col(GameRound.opened_at) < older_than,
                    WalletCallRow.kind == WalletCallKind.DEBIT,
                    col(WalletCallRow.ledger_transaction_id).is_not(None),
                    WalletCallRow.vendor != STUDIO_VENDOR,
                )
                .order_by(col(WalletCallRow.id))
                .limit(limit)
            )
        ).all()
    return [
        OpenDebit(row.vendor, row.transaction_id, row.round_id, row.member_id, row.amount)
        for row in rows
    ]


@dataclass(frozen=True)
class ReconcileResult:
    checked: int
    rolled_back: int
    left_open: int  # the vendor counts them done: its settlement is still to come
    unreachable: int  # the vendor did not answer: asked again next period


async def reconcile_lost_debits(
    now: datetime, *, transport: httpx.AsyncBaseTransport | None = None
) -> ReconcileResult:
    older_than = now - timedelta(minutes=get_settings().provider_reconcile_after_minutes)
    debits = await open_debits(older_than)
    rolled_back = left_open = unreachable = 0
    adapters: dict[str, ProviderAdapter | None] = {}
    for debit in debits:
        if debit.vendor not in adapters:
            config = await registry.provider_config(debit.vendor)
            adapters[debit.vendor] = (
                registry.adapter_for(config, transport) if config is not None else None
            )
        adapter = adapters[debit.vendor]
        if adapter is None:
            unreachable += 1
            continue
        try:
            state = await adapter.transaction_state(debit.transaction_id)
        except AppError:
            unreachable += 1
            continue
        if state is TransactionState.COMPLETED:
            left_open += 1
        elif await wallet.reconcile_rollback(debit.vendor, debit.transaction_id):
            rolled_back += 1
    return ReconcileResult(len(debits), rolled_back, left_open, unreachable)
