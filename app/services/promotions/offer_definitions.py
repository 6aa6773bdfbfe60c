"""A promotion's definition (spec checked, stored, amended) and the red envelope's provably
fair draw (the studio's method: a server seed per promotion, revealed once it ends).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import fairness
from app.core.db import write_transaction
from app.core.errors import AppError
from app.core.html import image_reference
from app.core.security import decrypt_secret, encrypt_secret
from app.services.promotions import bonus, eligibility, free_rounds
from app.services.promotions.rules import rules_for
from models.base import saved_id
from models.brand import Merchant
from models.promotions import Promotion, PromotionKind, RewardKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
CODE_PATTERN = re.compile(r"[A-Z0-9_-]{1,32}")
TEXT_FIELDS = ("title", "summary", "terms")
MAX_TEXT = {"title": 120, "summary": 400, "terms": 8000}
PAGE_SIZE = 6  # spec 9: lists show 6 a page
SEED_PURPOSE = "red-envelope-seed"
MAX_WINNERS = 100
MAX_AMOUNT = Decimal("1000000000000")  # within the MONEY columns (and quantize's precision)


class Shown:
    """The statuses of spec 4, as the member sees them."""

    COMING_SOON = "coming_soon"
    JOIN = "join"
    JOINED = "joined"
    CLAIM = "claim"
    APPLYING = "applying"
    PROCESS = "process"
    REJECTED = "rejected"
    ISSUED = "issued"
    CLAIMED = "claimed"
    CLOSE = "close"


@dataclass(frozen=True)
class PromotionSpec:
    """A promotion as an operator defines it."""

    code: str
    kind: PromotionKind
    content: dict[str, dict[str, str]]  # language -> title, summary, terms
    starts_at: datetime
    ends_at: datetime
    reward_kind: RewardKind
    reward_amount: Decimal
    budget: Decimal
    wagering_multiplier: int = 0
    weights: dict[str, int] | None = None
    max_bet: Decimal | None = None
    bonus_days: int = 7
    max_conversion: Decimal | None = None
    min_deposit: Decimal = ZERO
    min_turnover: Decimal = ZERO
    sort: int = 0
    reward_max: Decimal | None = None  # red envelopes: the most one member may draw
    eligibility: dict[str, Any] | None = None  # segment rules (eligibility.py)
    # Raffles: one ticket per ticket_turnover wagered, `winners` prizes drawn at draw_at, and
    # the regulator's authorisation number where the market needs one.
    ticket_turnover: Decimal | None = None
    winners: int = 0
    draw_at: datetime | None = None
    authorisation: str = ""
    # Free rounds (reward FREE_ROUNDS): this many rounds of this studio game at reward_amount.
    free_game: str = ""
    free_rounds: int = 0
    # The card's image (app.core.html.image_reference); "": the kind's artwork (default_image).
    image: str = ""


@dataclass(frozen=True)
class PromotionView:
    id: int
    code: str
    kind: PromotionKind
    title: str
    summary: str
    terms: str
    starts_at: datetime
    ends_at: datetime
    reward_kind: RewardKind
    reward_amount: Decimal
    wagering_multiplier: int
    weights: dict[str, int]
    max_bet: Decimal | None
    bonus_days: int
    max_conversion: Decimal | None
    min_deposit: Decimal
    min_turnover: Decimal
    status: str  # a Shown value
    entry_id: int | None
    review_note: str
    reward_max: Decimal | None = None
    seed_hash: str | None = None  # red envelopes: published before any draw
    server_seed: str | None = None  # red envelopes: revealed once the promotion has ended
    drawn_amount: Decimal | None = None  # the member's red envelope
    eligibility: dict[str, Any] | None = None
    ticket_turnover: Decimal | None = None  # raffles, below
    winners: int = 0
    draw_at: datetime | None = None
    drawn_at: datetime | None = None
    total_tickets: int = 0
    tickets: int = 0  # the member's: live until the draw, then frozen
    first_ticket: int | None = None
    winning_ticket: int | None = None
    authorisation: str = ""
    free_game: str = ""
    free_rounds: int = 0
    # The member's bonus of this promotion: what it has wagered of what it must wager (None
    # without one); `bonus_met` once the wagering was met and the bonus became cash (CONVERTED).
    wagered: Decimal | None = None
    wagering_required: Decimal | None = None
    bonus_met: bool = False
    image: str = ""  # the card's image: the operator's, else the kind's artwork


@dataclass(frozen=True)
class PromotionPage:
    items: tuple[PromotionView, ...]
    total: int
    page: int
    page_size: int


def _invalid(field: str) -> AppError:
    return AppError("promo-invalid", 422, {"field": field})


def default_image(kind: PromotionKind) -> str:
    """The artwork the site ships for a kind (assets/promo-art/), shown without an image."""
    return f"/promo-art/{kind.value.lower()}.svg"


def shown_image(promotion: Promotion) -> str:
    return promotion.image or default_image(PromotionKind(promotion.kind))


def as_money(value: object) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


def _check_content(content: dict[str, dict[str, str]]) -> None:
    if not content or any(
        language not in ("en", "pt")
        or not isinstance(texts, dict)
        or not str(texts.get("title", "")).strip()
        or any(len(str(texts.get(name, ""))) > MAX_TEXT[name] for name in TEXT_FIELDS)
        for language, texts in content.items()
    ):
        raise _invalid("content")


def _smallest_budget(spec: PromotionSpec | Promotion) -> Decimal:
    """What the budget must hold at least: every free round of one grant, every raffle prize."""
    reward = Decimal(spec.reward_amount)
    if spec.reward_kind == RewardKind.FREE_ROUNDS:
        return reward * spec.free_rounds
    if spec.kind == PromotionKind.RAFFLE:
        return reward * spec.winners
    return ZERO


def _check_amount(name: str, amount: Decimal) -> None:
    if not ZERO < amount <= MAX_AMOUNT or amount != amount.quantize(CENT):
        raise _invalid(name)


def _check_spec(spec: PromotionSpec) -> None:
    if not CODE_PATTERN.fullmatch(spec.code):
        raise _invalid("code")
    _check_content(spec.content)
    if spec.starts_at.tzinfo is None or spec.ends_at <= spec.starts_at:
        raise _invalid("schedule")
    _check_amount("reward", spec.reward_amount)
    _check_amount("budget", spec.budget)
    _check_reward_kind(spec)
    if spec.kind is PromotionKind.RAFFLE:
        _check_raffle(spec)
    if spec.kind is PromotionKind.RED_ENVELOPE:
        _check_red_envelope(spec)


def _check_reward_kind(spec: PromotionSpec) -> None:
    if spec.reward_kind is RewardKind.BONUS:
        bonus._check_terms(bonus_terms(spec))
    if spec.reward_kind is RewardKind.FREE_ROUNDS:
        free_rounds.check_offer(spec.free_game, spec.free_rounds, spec.reward_amount)
        if _smallest_budget(spec) > spec.budget:
            raise _invalid("budget")


def _check_raffle(spec: PromotionSpec) -> None:
    if (
        spec.ticket_turnover is None
        or spec.ticket_turnover <= 0
        or spec.ticket_turnover != spec.ticket_turnover.quantize(CENT)
        or not 1 <= spec.winners <= MAX_WINNERS
        or _smallest_budget(spec) > spec.budget
        or len(spec.authorisation) > 64
    ):
        raise _invalid("raffle")
    if spec.draw_at is None or spec.draw_at.tzinfo is None or spec.draw_at < spec.ends_at:
        raise _invalid("draw_at")


def _check_red_envelope(spec: PromotionSpec) -> None:
    if (
        spec.reward_kind is not RewardKind.CASH
        or spec.reward_max is None
        or spec.reward_max < spec.reward_amount
        or spec.reward_max != spec.reward_max.quantize(CENT)
    ):
        raise _invalid("reward")


def bonus_terms(spec: PromotionSpec | Promotion) -> bonus.BonusTerms:
    return bonus.BonusTerms(
        amount=as_money(spec.reward_amount),
        multiplier=spec.wagering_multiplier,
        weights=dict(spec.weights or {}),
        days=spec.bonus_days,
        max_bet=None if spec.max_bet is None else as_money(spec.max_bet),
        max_conversion=None if spec.max_conversion is None else as_money(spec.max_conversion),
    )


async def define_in(session: AsyncSession, merchant: Merchant, spec: PromotionSpec) -> Promotion:
    """Add a promotion to a brand (building block); the brand's rules may forbid its kind."""
    _check_spec(spec)
    rules = rules_for(merchant)
    if not rules.allows(spec.kind):
        raise AppError("promo-kind-forbidden", 422)
    if spec.kind is PromotionKind.RAFFLE and not rules.allows_raffle(spec.authorisation.strip()):
        raise AppError("promo-raffle-unauthorised", 422)
    segment = eligibility.checked(spec.eligibility)
    image = image_reference(spec.image)
    existing = (
        await session.exec(
            select(Promotion).where(
                Promotion.merchant_id == merchant.id, Promotion.code == spec.code
            )
        )
    ).first()
    if existing is not None:
        raise _invalid("code")
    promotion = Promotion(
        merchant_id=saved_id(merchant.id),
        code=spec.code,
        kind=spec.kind.value,
        content={k: dict(v) for k, v in spec.content.items()},
        starts_at=spec.starts_at,
        ends_at=spec.ends_at,
        reward_kind=spec.reward_kind.value,
        reward_amount=spec.reward_amount,
        wagering_multiplier=spec.wagering_multiplier,
        weights=dict(spec.weights or {}),
        max_bet=spec.max_bet,
        bonus_days=spec.bonus_days,
        max_conversion=spec.max_conversion,
        min_deposit=spec.min_deposit,
        min_turnover=spec.min_turnover,
        budget=spec.budget,
        sort=spec.sort,
        reward_max=spec.reward_max,
        eligibility=segment,
        ticket_turnover=spec.ticket_turnover,
        winners=spec.winners,
        draw_at=spec.draw_at,
        authorisation=spec.authorisation.strip(),
        free_game=spec.free_game,
        free_rounds=spec.free_rounds,
        image=image,
    )
    if spec.kind in (PromotionKind.RED_ENVELOPE, PromotionKind.RAFFLE):
        seed = fairness.new_server_seed()
        promotion.seed_hash = fairness.seed_hash(seed)
        promotion.server_seed_encrypted = encrypt_secret(seed, SEED_PURPOSE)
    session.add(promotion)
    await session.flush()
    return promotion


@dataclass(frozen=True)
class Amendment:
    """What may change once members may have joined: the texts, the image, the end, the
    budget. The kind, the reward and its terms stay as the members who joined saw them."""

    content: dict[str, dict[str, str]]
    ends_at: datetime
    budget: Decimal
    image: str = ""  # "": the kind's artwork


def amend_in(promotion: Promotion, change: Amendment, now: datetime) -> None:
    """Apply an amendment to a promotion the caller holds locked (building block): not to an
    ended one; the end not in the past, after the start and not after a raffle's draw; the
    budget never below what was paid, nor below what one grant or the prizes need."""
    if promotion.ends_at <= now:
        raise AppError("promo-not-open", 409)
    _check_content(change.content)
    image = image_reference(change.image)
    if change.ends_at.tzinfo is None or change.ends_at <= max(now, promotion.starts_at):
        raise _invalid("schedule")
    if promotion.draw_at is not None and change.ends_at > promotion.draw_at:
        raise _invalid("draw_at")
    _check_amount("budget", change.budget)
    if change.budget < max(Decimal(promotion.spent), _smallest_budget(promotion)):
        raise _invalid("budget")
    promotion.content = {k: dict(v) for k, v in change.content.items()}
    promotion.ends_at, promotion.budget, promotion.image = change.ends_at, change.budget, image


async def define(brand_id: int, spec: PromotionSpec) -> int:
    """Add a promotion to a brand (a use case: the CLI, the demo, the back office later)."""
    async with write_transaction() as session:
        merchant = await session.get(Merchant, brand_id)
        if merchant is None:
            raise AppError("promo-not-found", 404)
        return saved_id((await define_in(session, merchant, spec)).id)


# ---- red envelopes: the studio's provably fair method ---------------------------------------


def server_seed_of(promotion: Promotion) -> str:
    assert promotion.server_seed_encrypted is not None
    return decrypt_secret(promotion.server_seed_encrypted, SEED_PURPOSE)


def revealed_seed(promotion: Promotion, now: datetime) -> str | None:
    """The server seed, once it can no longer change an outcome (verify after): a red
    envelope's once the promotion has ended, a raffle's once it is drawn."""
    if promotion.server_seed_encrypted is None or now < promotion.ends_at:
        return None
    if PromotionKind(promotion.kind) is PromotionKind.RAFFLE and promotion.drawn_at is None:
        return None
    return server_seed_of(promotion)


def envelope_amount(
    server_seed: str, member_id: int, promotion_id: int, low: Decimal, high: Decimal
) -> Decimal:
    """A member's red envelope: one float of the studio's stream (HMAC-SHA256 of the server
    seed, client seed "member:<id>", nonce = the promotion's id) picks a whole number of cents
    between `low` and `high`. Anyone recomputes it from the revealed seed."""
    steps = int((high - low) / CENT) + 1
    stream = fairness.floats(server_seed, f"member:{member_id}", promotion_id)
    return low + fairness.below(stream, steps) * CENT


def verify_envelope(
    server_seed: str,
    seed_hash: str,
    member_id: int,
    promotion_id: int,
    low: Decimal,
    high: Decimal,
    drawn: Decimal,
) -> bool:
    """Verify after: the revealed seed matches the hash published before, and gives `drawn`."""
    return fairness.seed_hash(server_seed) == seed_hash and (
        envelope_amount(server_seed, member_id, promotion_id, low, high) == drawn
    )
