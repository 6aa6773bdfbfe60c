"""The in-house studio: provably-fair seed pairs and the rounds played with them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class RoundStatus(StrEnum):
    PENDING = "PENDING"  # nonce taken, stake not debited yet
    OPEN = "OPEN"  # stake debited, waiting for the second step (video poker draw)
    SETTLED = "SETTLED"  # stake debited and the payout (if any) credited
    REFUSED = "REFUSED"  # the wallet refused the stake: no money moved
    ROLLED_BACK = "ROLLED_BACK"  # something failed after the debit; the stake went back


class StudioSeedPair(SQLModel, table=True):
    """A server seed committed to by its hash, with the player's client seed and next nonce.

    The owner is a member (`m:<id>`) or a demo player (`d:<demo id>`). The server seed is kept
    encrypted until the pair is rotated; then it is revealed (`server_seed`) for verification.
    `active_owner` equals `owner` while the pair is in use and is NULL afterwards, so that a
    unique constraint allows only one active pair per owner on SQLite and PostgreSQL alike.
    """

    __tablename__ = "studio_seed_pair"

    id: int | None = Field(default=None, primary_key=True)
    owner: str = Field(max_length=80, index=True)
    active_owner: str | None = Field(default=None, max_length=80, unique=True)
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    server_seed_encrypted: str = Field(max_length=255)
    server_seed_hash: str = Field(max_length=64)
    server_seed: str | None = Field(default=None, max_length=64)  # set only once revealed
    client_seed: str = Field(max_length=64)
    next_nonce: int = 0
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    revealed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class StudioRound(SQLModel, table=True):
    """One round of a studio game: what was bet, with which seeds and nonce, and what came out.

    Money moves only through the seamless wallet (members) or the demo balance (demo players);
    this row is the game's own record, enough to recompute and verify the outcome.
    """

    __tablename__ = "studio_round"
    __table_args__ = (UniqueConstraint("seed_pair_id", "nonce"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: str = Field(max_length=64, unique=True)
    owner: str = Field(max_length=80, index=True)
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    merchant_id: int | None = Field(default=None, foreign_key="merchant.id")
    demo: bool = False
    game_code: str = Field(max_length=64)
    currency: str = Field(max_length=3)
    seed_pair_id: int = Field(foreign_key="studio_seed_pair.id", index=True)
    client_seed: str = Field(max_length=64)
    nonce: int
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    choice: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    stake: Decimal = Field(sa_type=Numeric(20, 2))
    multiplier: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 6))
    payout: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    detail: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    step_state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    status: str = Field(default=RoundStatus.PENDING, max_length=16, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
