"""Promotion definitions and members' part in them (spec 2 /promotions, promo detail,
rewardCenter; spec 4 activity statuses; spec 7 MCSFE_signUpPromotionJoin and
MCSFE_signUpRequestReward).

A promotion belongs to one brand, runs between `starts_at` and `ends_at`, pays at most its
`budget` in all and one reward per member (one entry per member). Its reward is cash, a
bonus with wagering (app/services/promotions/bonus.py), free rounds of a studio game
(free_rounds.py) or loyalty points (points_ledger.py: amount and budget then count points).
Kinds:

- SIGN_UP: join, then request the reward;
- DEPOSIT: join, deposit at least `min_deposit` afterwards, then request the reward;
- REWARD: request once the member's turnover since the start reaches `min_turnover`
  (a post-bet incentive: allowed in Brazil);
- ACTIVITY: apply with a comment and images (applications.py); an operator approves
  (ISSUED) or rejects; an issued reward is then requested;
- RAFFLE: join, earn tickets by wagering; a later draw (raffles.py) picks the winners, whose
  entries are ISSUED, and each winner claims once (MCS2_claimRafflePromotion);
- RED_ENVELOPE: request once the turnover is met; the amount is drawn provably fairly.

Who may take part is the promotion's segment (eligibility.py), checked on join and request.

Status as the member sees it (spec 4): coming soon, join, joined, claim, applying, process,
rejected, issued, claimed, close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, func, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import fairness
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from app.services import cash_rewards, inbox, points_ledger, reporting, wallet_events
from app.services.promotions import bonus, eligibility, free_rounds
from app.services.promotions.rules import rules_for
from models.base import saved_id
from models.brand import Merchant
from models.cashier import MessageKind
from models.ledger import LedgerEntry, LedgerTransaction, TransactionKind
from models.member import Member
from models.promotions import EntryStatus, Promotion, PromotionEntry, PromotionKind, RewardKind

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


@dataclass(frozen=True)
class PromotionPage:
    items: tuple[PromotionView, ...]
    total: int
    page: int
    page_size: int


def _invalid(field: str) -> AppError:
    return AppError("promo-invalid", 422, {"field": field})


def _money(value: object) -> Decimal:
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
    if spec.reward_kind is RewardKind.BONUS:
        bonus._check_terms(_terms(spec))
    if spec.reward_kind is RewardKind.FREE_ROUNDS:
        free_rounds.check_offer(spec.free_game, spec.free_rounds, spec.reward_amount)
        if _smallest_budget(spec) > spec.budget:
            raise _invalid("budget")
    if spec.kind is PromotionKind.RAFFLE and (
        spec.ticket_turnover is None
        or spec.ticket_turnover <= 0
        or spec.ticket_turnover != spec.ticket_turnover.quantize(CENT)
        or not 1 <= spec.winners <= MAX_WINNERS
        or _smallest_budget(spec) > spec.budget
        or len(spec.authorisation) > 64
    ):
        raise _invalid("raffle")
    if spec.kind is PromotionKind.RAFFLE and (
        spec.draw_at is None or spec.draw_at.tzinfo is None or spec.draw_at < spec.ends_at
    ):
        raise _invalid("draw_at")
    if spec.kind is PromotionKind.RED_ENVELOPE and (
        spec.reward_kind is not RewardKind.CASH
        or spec.reward_max is None
        or spec.reward_max < spec.reward_amount
        or spec.reward_max != spec.reward_max.quantize(CENT)
    ):
        raise _invalid("reward")


def _terms(spec: PromotionSpec | Promotion) -> bonus.BonusTerms:
    return bonus.BonusTerms(
        amount=_money(spec.reward_amount),
        multiplier=spec.wagering_multiplier,
        weights=dict(spec.weights or {}),
        days=spec.bonus_days,
        max_bet=None if spec.max_bet is None else _money(spec.max_bet),
        max_conversion=None if spec.max_conversion is None else _money(spec.max_conversion),
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
    """What may change once members may have joined: the texts, the end, the budget. The
    kind, the reward and its terms stay as the members who joined saw them."""

    content: dict[str, dict[str, str]]
    ends_at: datetime
    budget: Decimal


def amend_in(promotion: Promotion, change: Amendment, now: datetime) -> None:
    """Apply an amendment to a promotion the caller holds locked (building block): not to an
    ended one; the end not in the past, after the start and not after a raffle's draw; the
    budget never below what was paid, nor below what one grant or the prizes need."""
    if promotion.ends_at <= now:
        raise AppError("promo-not-open", 409)
    _check_content(change.content)
    if change.ends_at.tzinfo is None or change.ends_at <= max(now, promotion.starts_at):
        raise _invalid("schedule")
    if promotion.draw_at is not None and change.ends_at > promotion.draw_at:
        raise _invalid("draw_at")
    _check_amount("budget", change.budget)
    if change.budget < max(Decimal(promotion.spent), _smallest_budget(promotion)):
        raise _invalid("budget")
    promotion.content = {k: dict(v) for k, v in change.content.items()}
    promotion.ends_at, promotion.budget = change.ends_at, change.budget


async def define(brand_id: int, spec: PromotionSpec) -> int:
    """Add a promotion to a brand (a use case: the CLI, the demo, the back office later)."""
    async with write_transaction() as session:
        merchant = await session.get(Merchant, brand_id)
        if merchant is None:
            raise AppError("promo-not-found", 404)
        return saved_id((await define_in(session, merchant, spec)).id)


# ---- conditions and statuses --------------------------------------------------------------


async def _deposited_since(
    session: AsyncSession, member_id: int, since: datetime, minimum: Decimal
) -> bool:
    """Whether one deposit of at least `minimum` reached the member's cash since `since`."""
    largest = (
        await session.exec(
            select(func.max(LedgerEntry.amount))
            .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
            .where(
                LedgerTransaction.member_id == member_id,
                LedgerTransaction.kind == TransactionKind.DEPOSIT.value,
                col(LedgerTransaction.created_at) >= since,
                col(LedgerEntry.amount) > 0,
            )
        )
    ).one()
    return largest is not None and _money(largest) >= max(minimum, CENT)


async def condition_met(
    session: AsyncSession, promotion: Promotion, entry: PromotionEntry | None, member_id: int
) -> bool:
    """Whether a member's reward of a join or claim promotion may be requested now."""
    kind = PromotionKind(promotion.kind)
    if kind is PromotionKind.SIGN_UP:
        return entry is not None
    if kind is PromotionKind.DEPOSIT:
        return entry is not None and await _deposited_since(
            session, member_id, entry.created_at, _money(promotion.min_deposit)
        )
    if kind in (PromotionKind.REWARD, PromotionKind.RED_ENVELOPE):
        done = await reporting.turnover(
            session, member_id, reporting.period(promotion.starts_at, promotion.ends_at)
        )
        return done >= max(_money(promotion.min_turnover), CENT)
    return entry is not None and entry.status == EntryStatus.ISSUED.value


def _largest_reward(promotion: Promotion) -> Decimal:
    if promotion.reward_kind == RewardKind.FREE_ROUNDS.value:
        return _money(promotion.reward_amount * promotion.free_rounds)
    return _money(promotion.reward_max or promotion.reward_amount)


def _open(promotion: Promotion, now: datetime) -> bool:
    return (
        promotion.enabled
        and promotion.starts_at <= now < promotion.ends_at
        and _money(promotion.spent) + _largest_reward(promotion) <= _money(promotion.budget)
    )


async def _shown(
    session: AsyncSession,
    promotion: Promotion,
    entry: PromotionEntry | None,
    member_id: int | None,
    now: datetime,
) -> str:
    if now < promotion.starts_at:
        return Shown.COMING_SOON
    if PromotionKind(promotion.kind) is PromotionKind.RAFFLE:
        return _raffle_shown(promotion, entry, now)
    if entry is not None:
        status = EntryStatus(entry.status)
        if status is EntryStatus.CLAIMED:
            return Shown.CLAIMED
        if status is EntryStatus.REJECTED:
            return Shown.REJECTED if _open(promotion, now) else Shown.CLOSE
        if not _open(promotion, now):
            return Shown.CLOSE
        if status is EntryStatus.APPLYING:
            return Shown.APPLYING
        if status is EntryStatus.PROCESS:
            return Shown.PROCESS
        if status is EntryStatus.ISSUED:
            return Shown.ISSUED
        assert member_id is not None
        met = await condition_met(session, promotion, entry, member_id)
        return Shown.CLAIM if met else Shown.JOINED
    if not _open(promotion, now):
        return Shown.CLOSE
    if (
        PromotionKind(promotion.kind) in (PromotionKind.REWARD, PromotionKind.RED_ENVELOPE)
        and member_id is not None
    ):
        met = await condition_met(session, promotion, None, member_id)
        return Shown.CLAIM if met else Shown.JOIN
    return Shown.JOIN


def _raffle_shown(promotion: Promotion, entry: PromotionEntry | None, now: datetime) -> str:
    """A raffle: join while open; joined until the draw; then the winners claim, the others
    see it closed."""
    if entry is None:
        return Shown.JOIN if _open(promotion, now) else Shown.CLOSE
    if entry.status == EntryStatus.CLAIMED.value:
        return Shown.CLAIMED
    if entry.status == EntryStatus.ISSUED.value:
        return Shown.CLAIM
    return Shown.JOINED if promotion.drawn_at is None else Shown.CLOSE


async def raffle_tickets(
    session: AsyncSession, promotion: Promotion, member_id: int, until: datetime
) -> int:
    """A member's raffle tickets: one per `ticket_turnover` of valid bets from the start of
    the raffle to `until` (at most its end), read from the wager facts."""
    per = _money(promotion.ticket_turnover or 0)
    end = min(until, promotion.ends_at)
    if per <= 0 or end <= promotion.starts_at:
        return 0
    done = await reporting.turnover(session, member_id, reporting.period(promotion.starts_at, end))
    return int(done // per)


async def _tickets_shown(
    session: AsyncSession, promotion: Promotion, entry: PromotionEntry | None, now: datetime
) -> int:
    if entry is None or PromotionKind(promotion.kind) is not PromotionKind.RAFFLE:
        return 0
    if promotion.drawn_at is not None:
        return entry.tickets
    return await raffle_tickets(session, promotion, entry.member_id, now)


def _texts(promotion: Promotion, language: str) -> dict[str, str]:
    content: dict[str, Any] = promotion.content or {}
    found: dict[str, Any] = (
        content.get(language.lower()) or content.get("pt") or next(iter(content.values()), {})
    )
    return {name: str(found.get(name, "")) for name in TEXT_FIELDS}


def _view(
    promotion: Promotion,
    entry: PromotionEntry | None,
    shown: str,
    language: str,
    now: datetime,
    tickets: int = 0,
) -> PromotionView:
    texts = _texts(promotion, language)
    return PromotionView(
        id=saved_id(promotion.id),
        code=promotion.code,
        kind=PromotionKind(promotion.kind),
        title=texts["title"],
        summary=texts["summary"],
        terms=texts["terms"],
        starts_at=promotion.starts_at,
        ends_at=promotion.ends_at,
        reward_kind=RewardKind(promotion.reward_kind),
        reward_amount=_money(promotion.reward_amount),
        wagering_multiplier=promotion.wagering_multiplier,
        weights={str(k): int(v) for k, v in (promotion.weights or {}).items()},
        max_bet=None if promotion.max_bet is None else _money(promotion.max_bet),
        bonus_days=promotion.bonus_days,
        max_conversion=None
        if promotion.max_conversion is None
        else _money(promotion.max_conversion),
        min_deposit=_money(promotion.min_deposit),
        min_turnover=_money(promotion.min_turnover),
        status=shown,
        entry_id=None if entry is None else entry.id,
        review_note=entry.review_note if entry is not None else "",
        reward_max=None if promotion.reward_max is None else _money(promotion.reward_max),
        seed_hash=promotion.seed_hash,
        server_seed=revealed_seed(promotion, now),
        drawn_amount=None
        if entry is None or entry.drawn_amount is None
        else _money(entry.drawn_amount),
        eligibility=dict(promotion.eligibility or {}),
        ticket_turnover=None
        if promotion.ticket_turnover is None
        else _money(promotion.ticket_turnover),
        winners=promotion.winners,
        draw_at=promotion.draw_at,
        drawn_at=promotion.drawn_at,
        total_tickets=promotion.total_tickets,
        tickets=tickets,
        first_ticket=None if entry is None else entry.first_ticket,
        winning_ticket=None if entry is None else entry.winning_ticket,
        authorisation=promotion.authorisation,
        free_game=promotion.free_game,
        free_rounds=promotion.free_rounds,
    )


async def _entries(
    session: AsyncSession, member_id: int | None, promotion_ids: list[int]
) -> dict[int, PromotionEntry]:
    if member_id is None or not promotion_ids:
        return {}
    rows = (
        await session.exec(
            select(PromotionEntry).where(
                PromotionEntry.member_id == member_id,
                col(PromotionEntry.promotion_id).in_(promotion_ids),
            )
        )
    ).all()
    return {row.promotion_id: row for row in rows}


async def listing(
    brand_id: int,
    member_id: int | None,
    language: str,
    now: datetime,
    *,
    page: int = 1,
    page_size: int = PAGE_SIZE,
    mine: bool = False,
) -> PromotionPage:
    """The brand's promotions that have not ended (or, `mine`, the member's entries: the
    reward centre), with each one's status for this member; a page at a time."""
    if page < 1 or not 1 <= page_size <= 50:
        raise AppError("promo-invalid", 422, {"field": "page"})
    async with session_scope() as session:
        query = select(Promotion).where(
            Promotion.merchant_id == brand_id, col(Promotion.enabled).is_(True)
        )
        if mine:
            if member_id is None:
                return PromotionPage((), 0, page, page_size)
            query = query.where(
                col(Promotion.id).in_(
                    select(PromotionEntry.promotion_id).where(PromotionEntry.member_id == member_id)
                )
            )
        else:
            query = query.where(col(Promotion.ends_at) > now)
        rows = list(
            (
                await session.exec(
                    query.order_by(col(Promotion.sort), col(Promotion.starts_at).desc())
                )
            ).all()
        )
        total = len(rows)
        shown_rows = rows[(page - 1) * page_size : page * page_size]
        entries = await _entries(session, member_id, [saved_id(p.id) for p in shown_rows])
        items = []
        for promotion in shown_rows:
            entry = entries.get(saved_id(promotion.id))
            shown = await _shown(session, promotion, entry, member_id, now)
            tickets = await _tickets_shown(session, promotion, entry, now)
            items.append(_view(promotion, entry, shown, language, now, tickets))
    return PromotionPage(tuple(items), total, page, page_size)


async def detail(
    brand_id: int, promotion_id: int, member_id: int | None, language: str, now: datetime
) -> PromotionView:
    async with session_scope() as session:
        promotion = await session.get(Promotion, promotion_id)
        if promotion is None or promotion.merchant_id != brand_id or not promotion.enabled:
            raise AppError("promo-not-found", 404)
        entry = (await _entries(session, member_id, [promotion_id])).get(promotion_id)
        shown = await _shown(session, promotion, entry, member_id, now)
        tickets = await _tickets_shown(session, promotion, entry, now)
        return _view(promotion, entry, shown, language, now, tickets)


# ---- joining and rewards ------------------------------------------------------------------


async def _member_promotion(
    session: AsyncSession, brand_id: int, member_id: int, promotion_id: int
) -> tuple[Member, Promotion]:
    member = await session.get(Member, member_id)
    promotion = await session.get(Promotion, promotion_id, with_for_update=True)
    if (
        member is None
        or member.merchant_id != brand_id
        or promotion is None
        or promotion.merchant_id != brand_id
        or not promotion.enabled
    ):
        raise AppError("promo-not-found", 404)
    return member, promotion


async def entry_of(
    session: AsyncSession, promotion_id: int, member_id: int, *, lock: bool = False
) -> PromotionEntry | None:
    query = select(PromotionEntry).where(
        PromotionEntry.promotion_id == promotion_id, PromotionEntry.member_id == member_id
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return (await session.exec(query)).first()


async def join(brand_id: int, member_id: int, promotion_id: int, now: datetime) -> PromotionView:
    """MCSFE_signUpPromotionJoin: the member joins (after reading the terms shown in full)."""
    async with write_transaction() as session:
        member, promotion = await _member_promotion(session, brand_id, member_id, promotion_id)
        kind = PromotionKind(promotion.kind)
        if kind is PromotionKind.ACTIVITY:
            raise AppError("promo-needs-application", 409)
        if not _open(promotion, now):
            raise AppError("promo-not-open", 409)
        if await entry_of(session, promotion_id, member_id) is not None:
            raise AppError("promo-already-joined", 409)
        if not await eligibility.eligible(session, promotion.eligibility, member, now):
            raise AppError("promo-not-in-segment", 409)
        session.add(
            PromotionEntry(
                promotion_id=promotion_id,
                member_id=member_id,
                status=EntryStatus.JOINED.value,
                created_at=now,
                updated_at=now,
            )
        )
    return await detail(brand_id, promotion_id, member_id, "en", now)


async def pay_reward_in(
    session: AsyncSession,
    member: Member,
    promotion: Promotion,
    entry: PromotionEntry,
    now: datetime,
    amount: Decimal | None = None,
) -> None:
    """Pay a member's reward in the caller's transaction (promotion and entry rows locked):
    the budget is checked and spent, the brand's rules checked, the entry marked CLAIMED.
    `amount`: a drawn reward (red envelope) instead of the promotion's reward amount."""
    if amount is None:
        amount = _largest_reward(promotion)
    if _money(promotion.spent) + amount > _money(promotion.budget):
        raise AppError("promo-budget-spent", 409)
    merchant = await bonus.check_bonus_allowed(session, member)
    member_id = saved_id(member.id)
    key = f"promo:{promotion.id}:{member_id}"
    if RewardKind(promotion.reward_kind) is RewardKind.FREE_ROUNDS:
        rounds = await free_rounds.grant_in(session, member, promotion, key, now)
        entry.grant_id = rounds.id
    elif RewardKind(promotion.reward_kind) is RewardKind.POINTS:
        credited = await points_ledger.credit(
            session, member_id, amount, key=key, reason="promotion", now=now
        )
        entry.reward_transaction_id = credited.transaction_id
    elif RewardKind(promotion.reward_kind) is RewardKind.BONUS:
        made = await bonus.grant_in(
            session,
            member=member,
            terms=_terms(promotion),
            grant_key=key,
            now=now,
            promotion_id=promotion.id,
        )
        entry.grant_id = made.id
        entry.reward_transaction_id = made.grant_transaction_id
    else:
        entry.reward_transaction_id = await cash_rewards.pay_cash(
            session,
            member=member,
            currency=merchant.currency,
            amount=amount,
            key=key,
            reference=f"PROMO-{promotion.code}",
            metadata={"action": "reward", "promotion": promotion.id},
        )
    promotion.spent = _money(promotion.spent) + amount
    entry.status = EntryStatus.CLAIMED.value
    entry.updated_at = now
    session.add(promotion)
    session.add(entry)
    await inbox.post_message(
        session,
        member_id,
        MessageKind.PROMOTION_REWARD,
        {"promotion": promotion.code, "amount": str(amount), "reward": promotion.reward_kind},
    )


async def request_reward(
    brand_id: int, member_id: int, promotion_id: int, now: datetime
) -> PromotionView:
    """MCSFE_signUpRequestReward: pay the reward once its condition is met (one per member:
    twin requests queue on the promotion's row lock and the second finds it CLAIMED)."""
    async with write_transaction() as session:
        member, promotion = await _member_promotion(session, brand_id, member_id, promotion_id)
        kind = PromotionKind(promotion.kind)
        entry = await entry_of(session, promotion_id, member_id, lock=True)
        if entry is not None and entry.status == EntryStatus.CLAIMED.value:
            raise AppError("promo-already-claimed", 409)
        if not _open(promotion, now):
            if _money(promotion.spent) + _largest_reward(promotion) > _money(promotion.budget):
                raise AppError("promo-budget-spent", 409)
            raise AppError("promo-not-open", 409)
        if kind is PromotionKind.RAFFLE:
            raise AppError("promo-not-eligible", 409)  # a raffle's prize is claimed, not requested
        if not await eligibility.eligible(session, promotion.eligibility, member, now):
            raise AppError("promo-not-in-segment", 409)
        if entry is None:
            if kind not in (PromotionKind.REWARD, PromotionKind.RED_ENVELOPE):
                raise AppError("promo-not-joined", 409)
            entry = PromotionEntry(
                promotion_id=promotion_id,
                member_id=member_id,
                status=EntryStatus.JOINED.value,
                created_at=now,
                updated_at=now,
            )
        if not await condition_met(session, promotion, entry, member_id):
            raise AppError("promo-not-eligible", 409)
        session.add(entry)
        await session.flush()
        drawn = None
        if kind is PromotionKind.RED_ENVELOPE:
            drawn = envelope_amount(
                server_seed_of(promotion),
                member_id,
                saved_id(promotion.id),
                _money(promotion.reward_amount),
                _largest_reward(promotion),
            )
            entry.drawn_amount = drawn
        await pay_reward_in(session, member, promotion, entry, now, drawn)
    await wallet_events.balance_changed(member_id)
    return await detail(brand_id, promotion_id, member_id, "en", now)


async def rewards_waiting(member_id: int, now: datetime) -> int:
    """How many of the member's rewards wait for their request (the reward centre badge):
    issued applications, and joined promotions whose condition is met, while open; a raffle's
    win waits after the raffle's end too (the draw comes after it)."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(PromotionEntry, Promotion)
                .join(Promotion, col(Promotion.id) == PromotionEntry.promotion_id)
                .where(
                    PromotionEntry.member_id == member_id,
                    col(PromotionEntry.status).in_(
                        [EntryStatus.ISSUED.value, EntryStatus.JOINED.value]
                    ),
                    or_(
                        col(Promotion.ends_at) > now,
                        and_(
                            col(Promotion.kind) == PromotionKind.RAFFLE.value,
                            col(PromotionEntry.status) == EntryStatus.ISSUED.value,
                        ),
                    ),
                )
            )
        ).all()
        waiting = 0
        for entry, promotion in rows:
            if promotion.kind == PromotionKind.RAFFLE.value:
                waiting += entry.status == EntryStatus.ISSUED.value
            elif _open(promotion, now) and (
                entry.status == EntryStatus.ISSUED.value
                or await condition_met(session, promotion, entry, member_id)
            ):
                waiting += 1
    return waiting


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
