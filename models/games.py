"""Seamless-wallet tables: vendor credentials, game sessions, the wallet calls vendors make,
rollbacks that arrived before their debit, and the money summary of each game round."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY


class WalletCallKind(StrEnum):
    DEBIT = "DEBIT"
    CREDIT = "CREDIT"
    ROLLBACK = "ROLLBACK"


class WalletStatus(StrEnum):
    OK = "OK"
    INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS"
    REFUSED = "REFUSED"


class RoundStatus(StrEnum):
    OPEN = "OPEN"  # bets placed, no win reported yet
    SETTLED = "SETTLED"  # a credit (possibly of zero) closed it
    ROLLED_BACK = "ROLLED_BACK"  # a bet of it was undone; no further money moves


class VendorCredential(SQLModel, table=True):
    """How a vendor signs its wallet calls and where its games open (seamless vendors only)."""

    id: int | None = Field(default=None, primary_key=True)
    vassalage: str = Field(foreign_key="gamevendor.vassalage", unique=True, max_length=32)
    secret_encrypted: str = Field(max_length=255, description="encrypt_secret(…, 'vendor')")
    # `{gameCode}` and `{token}` are filled in; relative URLs open on this site (the studio).
    launch_url: str = Field(max_length=255)
    demo_url: str | None = Field(default=None, max_length=255)
    active: bool = True
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class GameSession(SQLModel, table=True):
    """A launch: a one-time launch token, exchanged by the vendor for a session token.

    Only digests of both tokens are stored.
    """

    id: int | None = Field(default=None, primary_key=True)
    launch_token_digest: str = Field(unique=True, max_length=64)
    session_token_digest: str | None = Field(default=None, unique=True, max_length=64)
    member_id: int = Field(foreign_key="member.id", index=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    vendor: str = Field(max_length=32)
    game_code: str = Field(max_length=64)
    currency: str = Field(max_length=3)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    launch_expires_at: datetime = Field(sa_type=UTCDateTime)
    authenticated_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)


class WalletCall(SQLModel, table=True):
    """One debit, credit or rollback as first answered; a repeat returns this answer."""

    __table_args__ = (
        UniqueConstraint("vendor", "transaction_id"),
        Index("ix_walletcall_vendor_rollback_of", "vendor", "rollback_of"),
    )

    id: int | None = Field(default=None, primary_key=True)
    vendor: str = Field(max_length=32)
    transaction_id: str = Field(max_length=64)
    kind: str = Field(max_length=16)
    round_id: str = Field(max_length=64)
    member_id: int = Field(foreign_key="member.id", index=True)
    game_code: str = Field(max_length=64)
    amount: Decimal = Field(sa_type=MONEY)
    rollback_of: str | None = Field(default=None, max_length=64)
    status: str = Field(max_length=24)
    answer: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    ledger_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PendingRollback(SQLModel, table=True):
    """A rollback that arrived before the debit it undoes: the debit is refused when it comes."""

    __table_args__ = (UniqueConstraint("vendor", "debit_transaction_id"),)

    id: int | None = Field(default=None, primary_key=True)
    vendor: str = Field(max_length=32)
    debit_transaction_id: str = Field(max_length=64)
    rollback_transaction_id: str = Field(max_length=64)
    member_id: int = Field(foreign_key="member.id")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    applied_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class GameRound(SQLModel, table=True):
    """The money of one round (vendor + round id), written with its ledger movements."""

    __table_args__ = (
        UniqueConstraint("vendor", "round_id"),
        Index("ix_gameround_member_opened", "member_id", "opened_at"),
        # A bet's limit check sums the member's open rounds: read them alone, however many
        # settled rounds the member has.
        Index(
            "ix_gameround_member_open",
            "member_id",
            "opened_at",
            sqlite_where=text("status = 'OPEN'"),
            postgresql_where=text("status = 'OPEN'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    vendor: str = Field(max_length=32)
    round_id: str = Field(max_length=64)
    member_id: int = Field(foreign_key="member.id")
    merchant_id: int = Field(foreign_key="merchant.id")
    game_code: str = Field(max_length=64)
    game_type: str = Field(max_length=16)
    currency: str = Field(max_length=3)
    bet_total: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    win_total: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    status: str = Field(default=RoundStatus.OPEN, max_length=16)
    opened_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
