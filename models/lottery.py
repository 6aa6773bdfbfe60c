"""The in-house lottery: issues (one per game and slot), bets, chase plans, exposure per
number, official results entered for approval, and the lottery's audit log.

Two rules live in the database itself (migrations 0010g and 0012s), not only in the code:
- a bet can be inserted only while its issue (and its partner issue, for đá on two stations)
  is SCHEDULED or OPEN and before its close time;
- an issue's result, once written, never changes (no re-draw).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Index, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

MONEY = Numeric(20, 2)


class IssueStatus(StrEnum):
    SCHEDULED = "SCHEDULED"  # created, seed committed, not open for bets yet
    OPEN = "OPEN"
    CLOSED = "CLOSED"  # betting stopped, waiting for the draw
    DRAWN = "DRAWN"  # result known (seed revealed for private games), bets not all settled
    SETTLED = "SETTLED"
    VOIDED = "VOIDED"  # cancelled: every bet refunded


class ResultSource(StrEnum):
    RNG = "RNG"  # derived from the committed seed (private games)
    PROVIDER = "PROVIDER"  # an official results feed
    MANUAL = "MANUAL"  # typed by an operator, approved by a second one
    DEMO = "DEMO"  # the demo feed: derived from a seed committed at creation (no real feed)


class BetStatus(StrEnum):
    PENDING = "PENDING"
    SETTLED = "SETTLED"
    CANCELLED = "CANCELLED"  # by the player before close: stake refunded
    REFUNDED = "REFUNDED"  # issue voided or chase stopped: stake refunded


class ChaseStatus(StrEnum):
    ACTIVE = "ACTIVE"
    STOPPED = "STOPPED"  # a win stopped it; the later bets were refunded
    FINISHED = "FINISHED"


class LotteryIssue(SQLModel, table=True):
    __tablename__ = "lottery_issue"
    __table_args__ = (
        UniqueConstraint("game_code", "issue_no"),
        Index("ix_lottery_issue_status_close", "status", "close_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_code: str = Field(max_length=32)
    issue_no: str = Field(max_length=32)
    family: str = Field(max_length=8)
    official: bool = False
    station: str | None = Field(default=None, max_length=16)
    status: str = Field(default=IssueStatus.SCHEDULED, max_length=16)
    open_at: datetime = Field(sa_type=UTCDateTime)
    close_at: datetime = Field(sa_type=UTCDateTime)
    draw_at: datetime = Field(sa_type=UTCDateTime)
    # Private games (and official ones on the demo feed): the server seed, encrypted until the
    # draw; its SHA-256 is public.
    seed_encrypted: str | None = Field(default=None, max_length=255)
    seed_hash: str | None = Field(default=None, max_length=64)
    server_seed: str | None = Field(default=None, max_length=64)  # revealed at the draw
    beacon_round: int | None = None  # fixed at creation when the game uses a beacon
    beacon: str | None = Field(default=None, max_length=128)
    result: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    result_source: str | None = Field(default=None, max_length=16)
    drawn_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    voided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    void_reason: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class LotteryChase(SQLModel, table=True):
    """A chase plan: the same bet on the next N issues, staked up front; with stop-on-win,
    the first win refunds the bets on issues not drawn yet."""

    __tablename__ = "lottery_chase"

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=32, unique=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    member_id: int = Field(foreign_key="member.id", index=True)
    game_code: str = Field(max_length=32)
    play_code: str = Field(max_length=40)
    prize_mode: str = Field(max_length=8)
    issues: int
    stop_on_win: bool = True
    status: str = Field(default=ChaseStatus.ACTIVE, max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class LotteryBet(SQLModel, table=True):
    __tablename__ = "lottery_bet"
    __table_args__ = (
        Index("ix_lottery_bet_issue_status", "issue_id", "status"),
        # A member's open stakes (player protection's limit check, before every bet).
        Index("ix_lottery_bet_member_status", "member_id", "status"),
        Index("ix_lottery_bet_partner_issue", "partner_issue_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=32, unique=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    member_id: int = Field(foreign_key="member.id", index=True)
    currency: str = Field(max_length=3)
    issue_id: int = Field(foreign_key="lottery_issue.id")
    # Đá on two stations: the other station's issue of the same draw; the bet settles once
    # both are drawn (and is refunded if either is voided).
    partner_issue_id: int | None = Field(default=None, foreign_key="lottery_issue.id")
    game_code: str = Field(max_length=32)
    play_code: str = Field(max_length=40)
    prize_mode: str = Field(max_length=8)
    selection: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    bet_count: int
    unit: Decimal = Field(sa_type=MONEY)
    multiplier: int
    stake: Decimal = Field(sa_type=MONEY)
    odds: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON))  # shown at bet
    status: str = Field(default=BetStatus.PENDING, max_length=16)
    payout: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    chase_id: int | None = Field(default=None, foreign_key="lottery_chase.id", index=True)
    stake_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    win_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    refund_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    placed_at: datetime = Field(sa_type=UTCDateTime)
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class LotteryExposure(SQLModel, table=True):
    """The most one issue may pay on one single bet key (a number of a play), summed."""

    __tablename__ = "lottery_exposure"
    __table_args__ = (UniqueConstraint("issue_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    issue_id: int = Field(foreign_key="lottery_issue.id")
    key: str = Field(max_length=120)
    amount: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)


class LotteryAudit(SQLModel, table=True):
    """Append-only: who did what to an issue (result entries, approvals, voids)."""

    __tablename__ = "lottery_audit"

    id: int | None = Field(default=None, primary_key=True)
    issue_id: int | None = Field(default=None, foreign_key="lottery_issue.id", index=True)
    actor_id: int | None = Field(default=None, foreign_key="member.id")
    action: str = Field(max_length=32)
    detail: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
