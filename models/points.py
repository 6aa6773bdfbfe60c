"""Loyalty points: each brand's earning and conversion ratios, the points mall's rewards and
members' redeems.

Points themselves live on the ledger, in their own currency (models.ledger.POINTS_CURRENCY):
the member's MEMBER_POINTS account and the brand's POINTS_ISSUED account. A redeem records
what was asked and how it ended, with the ledger transactions that spent and (on a
rejection) returned the points.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY


class PointsRewardKind(StrEnum):
    CASH = "CASH"  # money into the member's cash wallet
    BONUS = "BONUS"  # a bonus grant of the promotions engine (wagering first)
    PHYSICAL = "PHYSICAL"  # an item sent to the member's address, after an operator's review
    FREE_ROUNDS = "FREE_ROUNDS"  # rounds of an in-house game at `value` each, no cash debit


class RedeemStatus(StrEnum):
    PROCESS = "PROCESS"  # waiting for an operator (physical items)
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"  # the points went back to the member


class PointsConfig(SQLModel, table=True):
    """A brand's points rules. `earn_ratios`: points per 1 unit of valid bet, by game
    category (a category not listed earns nothing), e.g. {"RNG": "0.1"} is 1 point per 10.
    `convert_ratio`: how many points make 1 unit of cash."""

    __tablename__ = "points_config"

    merchant_id: int = Field(foreign_key="merchant.id", primary_key=True)
    enabled: bool = True
    earn_ratios: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False)
    )
    convert_ratio: Decimal = Field(default=Decimal("100.00"), sa_type=MONEY)
    min_convert: Decimal = Field(default=Decimal("100.00"), sa_type=MONEY)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PointsReward(SQLModel, table=True):
    """One reward of a brand's points mall. `content` holds per-language texts:
    {"en": {"name", "description"}, "pt": {...}}. `stock` None is unlimited."""

    __tablename__ = "points_reward"
    __table_args__ = (
        UniqueConstraint("merchant_id", "code"),
        CheckConstraint("stock IS NULL OR stock >= 0", name="ck_points_reward_stock"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    code: str = Field(max_length=32)
    kind: str = Field(max_length=16)
    model: str = Field(default="", max_length=32)  # the item's model (spec: redeem record)
    content: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    image: str = Field(default="", max_length=200)
    points: Decimal = Field(sa_type=MONEY)  # the price of one
    value: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)  # cash or bonus amount of one
    # Free-rounds rewards: `free_rounds` rounds of the studio game `free_game` (stake `value`).
    free_game: str = Field(default="", max_length=32)
    free_rounds: int = 0
    # Bonus rewards: wagering = multiplier x value, to be met within bonus_days.
    wagering_multiplier: int = 0
    bonus_days: int = 7
    stock: int | None = None
    max_quantity: int = 10  # the most of it in one redeem
    enabled: bool = True
    sort: int = 0


class PointsRedeem(SQLModel, table=True):
    """A member's redeem of one reward: the points spent, what was asked, how it ended."""

    __tablename__ = "points_redeem"
    __table_args__ = (Index("ix_points_redeem_member_time", "member_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    reference: str = Field(unique=True, max_length=32)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id")
    reward_id: int = Field(foreign_key="points_reward.id")
    kind: str = Field(max_length=16)
    name: str = Field(max_length=120)  # the reward's name in the member's language, at redeem
    model: str = Field(default="", max_length=32)
    quantity: int
    points: Decimal = Field(sa_type=MONEY)  # all of it: price x quantity
    status: str = Field(max_length=16, index=True)
    address: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    decided_by: str = Field(default="", max_length=64)
    note: str = Field(default="", max_length=200)
    spend_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    refund_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
