"""Crash, the studio's shared multiplayer game: a brand's hash chain, its rounds and the bets.

A round's phase follows from its times and the clock (betting before `started_at`, running
until `crash_at`, crashed after); `status` only says whether its settlement is done. Money
moves through the seamless wallet, one wallet round per bet (`wallet_round`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import Column, Index, Numeric, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class CrashChain(SQLModel, table=True):
    """A brand's chain of seeds, made in advance: only its last seed and checkpoints are kept
    (encrypted), with the terminal hash published before the first round and the public salt
    fixed before it. `active_merchant` equals `merchant_id` while the chain is in use (one per
    brand, a unique column NULL afterwards). The house edge is fixed with the chain."""

    __tablename__ = "crash_chain"

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    active_merchant: int | None = Field(default=None, unique=True)
    length: int
    terminal_hash: str = Field(max_length=64)
    salt: str | None = Field(default=None, max_length=128)
    house_edge_bp: int
    checkpoints_encrypted: str = Field(sa_column=Column(Text, nullable=False))
    next_index: int = 1  # the chain index the next round uses
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    salt_set_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CrashRoundStatus(StrEnum):
    OPEN = "OPEN"  # betting, running, or crashed and not settled yet
    SETTLED = "SETTLED"  # every bet paid or lost through the wallet


class CrashRound(SQLModel, table=True):
    """One round of a brand: chain index `number` (unique per chain, so one driver makes it),
    its crash point (hundredths) and times. The seed is revealed once the round crashed."""

    __tablename__ = "crash_round"
    __table_args__ = (UniqueConstraint("chain_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    chain_id: int = Field(foreign_key="crash_chain.id")
    number: int
    seed_encrypted: str = Field(max_length=255)
    seed: str | None = Field(default=None, max_length=64)  # revealed after the crash
    seed_hash: str = Field(max_length=64)  # SHA-256 of the seed: the previous round's seed
    crash_hundredths: int
    house_edge_bp: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    started_at: datetime = Field(sa_type=UTCDateTime)  # betting closes, the curve starts
    crash_at: datetime = Field(sa_type=UTCDateTime, index=True)
    status: str = Field(default=CrashRoundStatus.OPEN, max_length=16, index=True)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CrashBetStatus(StrEnum):
    PENDING = "PENDING"  # recorded, the stake not yet debited
    OPEN = "OPEN"  # staked, riding the curve
    CASHED = "CASHED"  # cashed out (by click or at its target) before the crash
    LOST = "LOST"  # still riding at the crash
    REFUSED = "REFUSED"  # the wallet refused the stake: nothing moved
    VOIDED = "VOIDED"  # its stake's fate unknown at the crash (a restart): rolled back


NOT_REFUSED = "status != 'REFUSED'"


class CrashBet(SQLModel, table=True):
    """A member's bet in a round (slot 1 or 2). The status changes only from PENDING or OPEN,
    by one guarded update, so a bet ends once; `paid_at` marks its wallet call done."""

    __tablename__ = "crash_bet"
    __table_args__ = (
        # One bet per slot and round; a stake the wallet refused leaves its slot free for a
        # bet the player fixes in the same betting time (its row stays: its wallet call's id).
        Index(
            "uq_crash_bet_slot",
            "round_id",
            "member_id",
            "slot",
            unique=True,
            sqlite_where=text(NOT_REFUSED),
            postgresql_where=text(NOT_REFUSED),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="crash_round.id", index=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    member_id: int = Field(foreign_key="member.id", index=True)
    slot: int
    shown_name: str = Field(max_length=16)  # masked, for the live feed
    currency: str = Field(max_length=3)
    stake: Decimal = Field(sa_type=Numeric(20, 2))
    auto_hundredths: int | None = None  # cash out automatically at this multiplier
    status: str = Field(default=CrashBetStatus.PENDING, max_length=16, index=True)
    cashout_hundredths: int | None = None
    payout: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    wallet_session_encrypted: str = Field(sa_column=Column(Text, nullable=False))
    # The same session's digest, which finds it without decrypting ("": a bet made before
    # the column, whose settlement decrypts the token).
    wallet_session_digest: str = Field(
        default="", max_length=64, sa_column_kwargs={"server_default": ""}
    )
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    cashed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    paid_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
