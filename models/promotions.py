"""Promotions and the bonus engine: promotion definitions, members' entries (joins and
activity applications), bonus grants with their wagering requirement.

Bonus money itself lives in the member's MEMBER_BONUS ledger account; a grant records how
much of that balance it holds, how much must be wagered before it turns into cash, and how
it ended (converted, expired, forfeited) with the ledger transaction that moved it.
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


class PromotionKind(StrEnum):
    SIGN_UP = "SIGN_UP"  # join, then request the reward
    DEPOSIT = "DEPOSIT"  # join, deposit at least min_deposit, then request the reward
    ACTIVITY = "ACTIVITY"  # apply with a comment and images; an operator reviews
    REWARD = "REWARD"  # a reward claim after wagering min_turnover in the window
    RAFFLE = "RAFFLE"
    RED_ENVELOPE = "RED_ENVELOPE"


class RewardKind(StrEnum):
    CASH = "CASH"
    BONUS = "BONUS"  # a bonus grant with a wagering requirement
    FREE_ROUNDS = "FREE_ROUNDS"  # free rounds of an in-house studio game (free_rounds.py)
    POINTS = "POINTS"  # loyalty points (app/services/points_ledger.py); amounts in points


class EntryStatus(StrEnum):
    JOINED = "JOINED"  # joined; the reward waits for its condition or its request
    APPLYING = "APPLYING"  # an activity application waits for review
    PROCESS = "PROCESS"  # an operator is reviewing it
    REJECTED = "REJECTED"
    ISSUED = "ISSUED"  # approved: the reward waits for the member's request
    CLAIMED = "CLAIMED"  # the reward was paid


class GrantStatus(StrEnum):
    ACTIVE = "ACTIVE"
    CONVERTED = "CONVERTED"
    EXPIRED = "EXPIRED"
    FORFEITED = "FORFEITED"


class Promotion(SQLModel, table=True):
    """One offer of one brand. `content` holds per-language texts:
    {"en": {"title", "summary", "terms"}, "pt": {...}}; a language not listed falls back to
    the brand's default, then to any."""

    __tablename__ = "promotion"
    __table_args__ = (UniqueConstraint("merchant_id", "code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    code: str = Field(max_length=32)
    kind: str = Field(max_length=16)
    content: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    starts_at: datetime = Field(sa_type=UTCDateTime)
    ends_at: datetime = Field(sa_type=UTCDateTime)
    reward_kind: str = Field(max_length=16)
    reward_amount: Decimal = Field(sa_type=MONEY)
    # Bonus rewards: wagering = multiplier x amount, weights by game category in percent
    # (a category not listed counts 100), bets above max_bet do not count, days to expiry.
    wagering_multiplier: int = 0
    weights: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    max_bet: Decimal | None = Field(default=None, sa_type=MONEY)
    bonus_days: int = 7
    max_conversion: Decimal | None = Field(default=None, sa_type=MONEY)
    # Eligibility: a minimum deposit (DEPOSIT), a minimum turnover (REWARD).
    min_deposit: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    min_turnover: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    # Budget: the most all rewards may cost; spent grows with each reward paid.
    budget: Decimal = Field(sa_type=MONEY)
    spent: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    enabled: bool = True
    sort: int = 0
    # Red envelopes: each member draws an amount between reward_amount and reward_max with
    # the studio's provably fair method; the seed's hash is published from the start and the
    # seed itself once the promotion has ended.
    reward_max: Decimal | None = Field(default=None, sa_type=MONEY)
    seed_hash: str | None = Field(default=None, max_length=64)
    server_seed_encrypted: str | None = Field(default=None, max_length=512)
    # Who may take part (app/services/promotions/eligibility.py): new members, depositors,
    # registration dates, regions, tags, a minimum VIP level; empty: every member.
    eligibility: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}")
    )
    # Raffles (app/services/promotions/raffles.py): one ticket per `ticket_turnover` wagered
    # between the start and the end by a member who joined; `winners` prizes of reward_amount
    # drawn at `draw_at` with the seed above; the regulator's authorisation where one is needed.
    authorisation: str = Field(default="", max_length=64)
    ticket_turnover: Decimal | None = Field(default=None, sa_type=MONEY)
    winners: int = 0
    draw_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    drawn_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    total_tickets: int = 0
    # Free rounds (reward FREE_ROUNDS): `free_rounds` rounds of `free_game` at reward_amount
    # each; their winnings go to a bonus with wagering_multiplier (cash where the brand's
    # rules forbid bonuses before the first bet, i.e. Brazil).
    free_game: str = Field(default="", max_length=32)
    free_rounds: int = 0
    # The card's banner: a path of the site's assets or an https address (checked by
    # app.core.html.image_reference); "": the kind's shipped artwork (assets/promo-art/).
    image: str = Field(default="", max_length=300)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PromotionEntry(SQLModel, table=True):
    """A member's part in a promotion: at most one per member (the per-member cap)."""

    __tablename__ = "promotion_entry"
    __table_args__ = (UniqueConstraint("promotion_id", "member_id"),)

    id: int | None = Field(default=None, primary_key=True)
    promotion_id: int = Field(foreign_key="promotion.id", index=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    status: str = Field(max_length=16)
    comment: str = Field(default="", max_length=140)
    images: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    review_note: str = Field(default="", max_length=500)
    reviewed_by: str | None = Field(default=None, max_length=64)
    reviewed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reward_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    grant_id: int | None = Field(default=None)
    drawn_amount: Decimal | None = Field(default=None, sa_type=MONEY)  # a red envelope's
    # A raffle's tickets, frozen at the draw: numbers first_ticket .. first_ticket + tickets - 1;
    # winning_ticket is the number drawn for this member (then the entry is ISSUED).
    tickets: int = 0
    first_ticket: int | None = None
    winning_ticket: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class BonusGrant(SQLModel, table=True):
    """Bonus money held in the member's bonus account until its wagering is met."""

    __tablename__ = "bonus_grant"
    __table_args__ = (Index("ix_bonus_grant_member_status", "member_id", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id")
    promotion_id: int | None = Field(default=None, foreign_key="promotion.id")
    # The grant's own idempotency key: granting twice with it makes one grant.
    grant_key: str = Field(unique=True, max_length=96)
    currency: str = Field(max_length=3)
    amount: Decimal = Field(sa_type=MONEY)
    wagering_required: Decimal = Field(sa_type=MONEY)
    wagered: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    weights: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    max_bet: Decimal | None = Field(default=None, sa_type=MONEY)
    max_conversion: Decimal | None = Field(default=None, sa_type=MONEY)
    status: str = Field(default=GrantStatus.ACTIVE.value, max_length=16)
    granted_at: datetime = Field(sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Why it closed (met, expired, self-exclusion, account-closure ...) and what it paid.
    close_reason: str | None = Field(default=None, max_length=64)
    converted_amount: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    grant_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    close_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")


class Announcement(SQLModel, table=True):
    """An announcement (spec 3): title, sanitised HTML content, promotionType (B banner,
    PL player notice, PU popup, PR promotion, H home), execution (A members, B visitors,
    F members on their first login, G agents), per brand, language (None: all), platform and
    schedule."""

    __tablename__ = "announcement"
    __table_args__ = (Index("ix_announcement_brand_window", "merchant_id", "starts_at"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    promotion_type: str = Field(max_length=4)
    execution: str = Field(max_length=1)
    language: str | None = Field(default=None, max_length=8)
    platform: str = Field(default="W", max_length=4)
    title: str = Field(max_length=200)
    content: str = Field(default="", max_length=20000)  # sanitised on the way in (nh3)
    starts_at: datetime = Field(sa_type=UTCDateTime)
    ends_at: datetime = Field(sa_type=UTCDateTime)
    sort: int = 0
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class FreeRoundGrant(SQLModel, table=True):
    """Free rounds a member was given: `rounds_left` of `rounds` at `stake` on one studio
    game, played without a cash debit; each round's winnings are credited by `winnings_to`
    (BONUS: a bonus grant with `multiplier`x wagering; CASH: the member's cash)."""

    __tablename__ = "free_round_grant"
    __table_args__ = (Index("ix_free_round_grant_member_game", "member_id", "game_code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id")
    promotion_id: int | None = Field(default=None, foreign_key="promotion.id")
    grant_key: str = Field(unique=True, max_length=96)
    game_code: str = Field(max_length=32)
    currency: str = Field(max_length=3)
    stake: Decimal = Field(sa_type=MONEY)
    rounds: int
    rounds_left: int
    winnings: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    winnings_to: str = Field(max_length=8)  # a RewardKind: BONUS or CASH
    multiplier: int = 0
    bonus_days: int = 7
    granted_at: datetime = Field(sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)
