"""Wager facts: one row per settled bet of any game path, and each consumer's stream position.

A fact is a log entry, never updated or deleted: a void or a later change of a round writes a
correcting fact, so the facts of one round always sum to its final figures. Ids (member,
brand) are copied, not joined: the table has no foreign keys, so writing a fact locks no
member or brand row and the log can be archived apart.

Stream order is (txid, id): `txid` is the writing transaction's id on PostgreSQL (0 on
SQLite, whose single writer commits in id order); see app/services/wager_facts.py.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import BigInteger, Column, Index, Integer, text
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY

# SQLite makes only an INTEGER PRIMARY KEY its auto-incrementing row id.
FACT_ID = BigInteger().with_variant(Integer(), "sqlite")


class FactKind(StrEnum):
    SETTLED = "SETTLED"  # a round closed with a result: its bet, valid bet and win
    VOIDED = "VOIDED"  # a round voided (cancelled): valid bet back to 0, bet as refunded
    CORRECTION = "CORRECTION"  # any later change of a closed round (a late win, a refund)


class WagerFact(SQLModel, table=True):
    """One settled bet (or its correction); `net` is the player's result, win - bet."""

    __tablename__ = "wager_fact"
    __table_args__ = (
        # Member period queries (turnover, net loss) read only this index on PostgreSQL.
        Index(
            "ix_wager_fact_member_time",
            "member_id",
            "settled_at",
            postgresql_include=["valid_bet", "bet", "win", "category"],
        ),
        # Brand period queries (active members, per category).
        Index(
            "ix_wager_fact_brand_time",
            "brand_id",
            "settled_at",
            postgresql_include=["member_id", "valid_bet", "bet", "win", "category"],
        ),
        # The stream, in consumers' order.
        Index("ix_wager_fact_stream", "txid", "id"),
        # A round settles once and voids once; any other change is a CORRECTION.
        Index(
            "uq_wager_fact_round_kind",
            "vendor",
            "round_ref",
            "kind",
            unique=True,
            sqlite_where=text("kind != 'CORRECTION'"),
            postgresql_where=text("kind::text <> 'CORRECTION'::text"),
        ),
    )

    id: int | None = Field(default=None, sa_column=Column(FACT_ID, primary_key=True))
    txid: int = Field(sa_column=Column(BigInteger, nullable=False))
    member_id: int
    brand_id: int
    vendor: str = Field(max_length=32)
    game_code: str = Field(max_length=64)
    category: str = Field(max_length=16)
    currency: str = Field(max_length=3)
    round_ref: str = Field(max_length=64)
    kind: str = Field(max_length=16)
    bet: Decimal = Field(sa_type=MONEY)
    valid_bet: Decimal = Field(sa_type=MONEY)
    win: Decimal = Field(sa_type=MONEY)
    net: Decimal = Field(sa_type=MONEY)
    settled_at: datetime = Field(sa_type=UTCDateTime)


class WagerFactConsumer(SQLModel, table=True):
    """A consumer of the fact stream and the last fact it processed, (txid, fact_id)."""

    __tablename__ = "wager_fact_consumer"

    name: str = Field(primary_key=True, max_length=64)
    txid: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    fact_id: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    processed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
