"""Agents: the tree (a closure table), contracts (every version kept) and payouts.

The tree is a closure table: one row per (ancestor, descendant) pair with the distance
between them. "All descendants of X" reads the primary key's prefix (ancestor_id = X) and
"path to root" the descendant index (descendant_id = X ORDER BY depth): each one indexed
query whatever the depth, and the descendants query is a plain SELECT of member ids that
the reporting service takes as a downline. A member without an upline has no rows.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow
from models.ledger import MONEY


class ContractKind(StrEnum):
    DIVIDEND = "DIVIDEND"  # profit share per period (D, W, H, M)
    DAILY_SALARY = "DAILY_SALARY"
    HOURLY_SALARY = "HOURLY_SALARY"
    REALTIME_SALARY = "REALTIME_SALARY"  # every 5 minutes


class ContractStatus(StrEnum):
    OFFERED = "OFFERED"  # the upline offered; the downline has not answered
    ACTIVE = "ACTIVE"
    REJECTED = "REJECTED"
    TERMINATION_REQUESTED = "TERMINATION_REQUESTED"  # still paying until the other side agrees
    TERMINATED = "TERMINATED"
    SUPERSEDED = "SUPERSEDED"  # a newer accepted version replaced it
    WITHDRAWN = "WITHDRAWN"  # an offer replaced by a newer offer before an answer


class AgentTree(SQLModel, table=True):
    """One (ancestor, descendant) pair of the agent tree, `depth` ≥ 1 apart."""

    __tablename__ = "agent_tree"
    __table_args__ = (Index("ix_agent_tree_descendant", "descendant_id", "depth"),)

    ancestor_id: int = Field(primary_key=True)
    descendant_id: int = Field(primary_key=True)
    depth: int
    merchant_id: int


class AgentContract(SQLModel, table=True):
    """One version of a contract between an upline and a direct downline. A new offer is a
    new row; the accepted one becomes ACTIVE and the previous ACTIVE one SUPERSEDED."""

    __tablename__ = "agent_contract"
    __table_args__ = (
        Index("ix_agent_contract_downline", "downline_id", "kind", "status"),
        Index("ix_agent_contract_upline", "upline_id", "kind", "status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int
    upline_id: int | None = None  # None: the house (the operator) offered it
    downline_id: int
    kind: str = Field(max_length=24)
    period: str = Field(max_length=2)  # D, W, H, M; "h" hourly; "5" every 5 minutes
    status: str = Field(max_length=24)
    version: int = 1
    terms: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    requested_by: int | None = None  # who asked for termination
    end_reason: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    starts_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class AgentPayout(SQLModel, table=True):
    """One payout of one contract kind to one agent for one period, with its explanation;
    unique per (agent, kind, period), the key of its ledger movement too."""

    __tablename__ = "agent_payout"
    __table_args__ = (
        UniqueConstraint("agent_id", "kind", "period_start", name="uq_agent_payout_period"),
        Index("ix_agent_payout_agent_time", "agent_id", "period_start"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int
    agent_id: int
    contract_id: int
    kind: str = Field(max_length=24)
    period_start: datetime = Field(sa_type=UTCDateTime)
    period_end: datetime = Field(sa_type=UTCDateTime)
    amount: Decimal = Field(sa_type=MONEY)
    line: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    ledger_transaction_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class AffiliateApplication(SQLModel, table=True):
    """A member's application to become an affiliate, approved or refused by an operator."""

    __tablename__ = "affiliate_application"

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int
    member_id: int = Field(index=True)
    channel: str = Field(max_length=200)
    audience: str = Field(default="", max_length=500)
    status: str = Field(default="PENDING", max_length=16)
    decided_by: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ReferralClick(SQLModel, table=True):
    """A visit through a referral link (counted once per visitor and day)."""

    __tablename__ = "referral_click"
    __table_args__ = (UniqueConstraint("code_id", "visitor", "day", name="uq_referral_click"),)

    id: int | None = Field(default=None, primary_key=True)
    code_id: int = Field(index=True)
    visitor: str = Field(max_length=64)
    day: str = Field(max_length=10)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
