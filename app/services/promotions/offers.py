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

A promotion's definition and its red envelopes' draw are in offer_definitions.py; its public
names are importable from here.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import and_, func, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import studio_game_name, translate
from app.core.i18n.formatting import format_points
from app.services import cash_rewards, inbox, points_ledger, reporting, wallet_events
from app.services.brands import Money
from app.services.promotions import bonus, eligibility, free_rounds
from app.services.promotions.offer_definitions import (
    CENT,
    MAX_TEXT,
    PAGE_SIZE,
    TEXT_FIELDS,
    Amendment,
    PromotionPage,
    PromotionSpec,
    PromotionView,
    Shown,
    amend_in,
    as_money,
    bonus_terms,
    define,
    define_in,
    envelope_amount,
    revealed_seed,
    server_seed_of,
    shown_image,
    verify_envelope,
)
from models.base import saved_id
from models.cashier import MessageKind
from models.ledger import LedgerEntry, LedgerTransaction, TransactionKind
from models.member import Member
from models.promotions import (
    BonusGrant,
    EntryStatus,
    GrantStatus,
    Promotion,
    PromotionEntry,
    PromotionKind,
    RewardKind,
)

# The member rows read by promotion (their own entries, the bonuses they were granted).
_Row = TypeVar("_Row", BonusGrant, PromotionEntry)

__all__ = [
    "MAX_TEXT",
    "TEXT_FIELDS",
    "Amendment",
    "PromotionPage",
    "PromotionSpec",
    "PromotionView",
    "Shown",
    "amend_in",
    "condition_met",
    "define",
    "define_in",
    "detail",
    "entry_of",
    "join",
    "listing",
    "pay_reward_in",
    "raffle_tickets",
    "request_reward",
    "rewards_waiting",
    "server_seed_of",
    "verify_envelope",
]

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
    return largest is not None and as_money(largest) >= max(minimum, CENT)


async def condition_met(
    session: AsyncSession, promotion: Promotion, entry: PromotionEntry | None, member_id: int
) -> bool:
    """Whether a member's reward of a join or claim promotion may be requested now."""
    kind = PromotionKind(promotion.kind)
    if kind is PromotionKind.SIGN_UP:
        return entry is not None
    if kind is PromotionKind.DEPOSIT:
        return entry is not None and await _deposited_since(
            session, member_id, entry.created_at, as_money(promotion.min_deposit)
        )
    if kind in (PromotionKind.REWARD, PromotionKind.RED_ENVELOPE):
        done = await reporting.turnover(
            session, member_id, reporting.period(promotion.starts_at, promotion.ends_at)
        )
        return done >= max(as_money(promotion.min_turnover), CENT)
    return entry is not None and entry.status == EntryStatus.ISSUED.value


def _largest_reward(promotion: Promotion) -> Decimal:
    if promotion.reward_kind == RewardKind.FREE_ROUNDS.value:
        return as_money(promotion.reward_amount * promotion.free_rounds)
    return as_money(promotion.reward_max or promotion.reward_amount)


def _open(promotion: Promotion, now: datetime) -> bool:
    return (
        promotion.enabled
        and promotion.starts_at <= now < promotion.ends_at
        and as_money(promotion.spent) + _largest_reward(promotion) <= as_money(promotion.budget)
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
    per = as_money(promotion.ticket_turnover or 0)
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
    grant: BonusGrant | None = None,
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
        reward_amount=as_money(promotion.reward_amount),
        wagering_multiplier=promotion.wagering_multiplier,
        weights={str(k): int(v) for k, v in (promotion.weights or {}).items()},
        max_bet=None if promotion.max_bet is None else as_money(promotion.max_bet),
        bonus_days=promotion.bonus_days,
        max_conversion=None
        if promotion.max_conversion is None
        else as_money(promotion.max_conversion),
        min_deposit=as_money(promotion.min_deposit),
        min_turnover=as_money(promotion.min_turnover),
        status=shown,
        entry_id=None if entry is None else entry.id,
        review_note=entry.review_note if entry is not None else "",
        reward_max=None if promotion.reward_max is None else as_money(promotion.reward_max),
        seed_hash=promotion.seed_hash,
        server_seed=revealed_seed(promotion, now),
        drawn_amount=None
        if entry is None or entry.drawn_amount is None
        else as_money(entry.drawn_amount),
        eligibility=dict(promotion.eligibility or {}),
        ticket_turnover=None
        if promotion.ticket_turnover is None
        else as_money(promotion.ticket_turnover),
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
        wagered=None if grant is None else as_money(grant.wagered),
        wagering_required=None if grant is None else as_money(grant.wagering_required),
        bonus_met=grant is not None and grant.status == GrantStatus.CONVERTED.value,
        image=shown_image(promotion),
    )


async def _grants(
    session: AsyncSession, member_id: int | None, promotion_ids: list[int]
) -> dict[int, BonusGrant]:
    """The member's latest bonus of each promotion."""
    return await _member_rows(session, BonusGrant, member_id, promotion_ids)


async def _entries(
    session: AsyncSession, member_id: int | None, promotion_ids: list[int]
) -> dict[int, PromotionEntry]:
    return await _member_rows(session, PromotionEntry, member_id, promotion_ids)


async def _member_rows(
    session: AsyncSession, model: type[_Row], member_id: int | None, promotion_ids: list[int]
) -> dict[int, _Row]:
    """The member's rows of `model` by promotion (the latest where there are several)."""
    if member_id is None or not promotion_ids:
        return {}
    rows = (
        await session.exec(
            select(model)
            .where(model.member_id == member_id, col(model.promotion_id).in_(promotion_ids))
            .order_by(col(model.id))
        )
    ).all()
    return {row.promotion_id: row for row in rows if row.promotion_id is not None}


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
        ids = [saved_id(p.id) for p in shown_rows]
        entries = await _entries(session, member_id, ids)
        grants = await _grants(session, member_id, ids)
        items = []
        for promotion in shown_rows:
            entry = entries.get(saved_id(promotion.id))
            shown = await _shown(session, promotion, entry, member_id, now)
            tickets = await _tickets_shown(session, promotion, entry, now)
            grant = grants.get(saved_id(promotion.id))
            items.append(_view(promotion, entry, shown, language, now, tickets, grant))
    return PromotionPage(tuple(items), total, page, page_size)


async def open_for_banners(
    brand_id: int, promotion_ids: Collection[int], language: str, now: datetime
) -> dict[int, PromotionView]:
    """The brand's promotions among `promotion_ids` that are open now (enabled, started, not
    ended, budget left), as a visitor sees them: what the home's banners show."""
    if not promotion_ids:
        return {}
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Promotion).where(
                    Promotion.merchant_id == brand_id, col(Promotion.id).in_(promotion_ids)
                )
            )
        ).all()
    return {
        saved_id(p.id): _view(p, None, Shown.JOIN, language, now) for p in rows if _open(p, now)
    }


def reward_line(view: PromotionView, language: str, money: Money) -> str:
    """What the promotion gives, in words and the reader's formats ("R$ 20,00 de bônus,
    apostar 5x", in the brand's currency): the line of its card and of its home banner."""
    if view.reward_kind is RewardKind.POINTS:  # counted, not money
        amount = format_points(view.reward_amount, language)
    else:
        amount = money.write(view.reward_amount, language)
    if view.kind is PromotionKind.RED_ENVELOPE and view.reward_max is not None:
        high = money.write(view.reward_max, language)
        amount = translate("promo.reward.between", language, low=amount, high=high)
    return translate(
        f"promo.reward.{view.reward_kind.value}",
        language,
        amount=amount,
        multiplier=view.wagering_multiplier,
        rounds=view.free_rounds,
        game=studio_game_name(view.free_game, language) or "",
    )


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
        grant = (await _grants(session, member_id, [promotion_id])).get(promotion_id)
        return _view(promotion, entry, shown, language, now, tickets, grant)


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
    if as_money(promotion.spent) + amount > as_money(promotion.budget):
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
            terms=bonus_terms(promotion),
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
    promotion.spent = as_money(promotion.spent) + amount
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
            if as_money(promotion.spent) + _largest_reward(promotion) > as_money(promotion.budget):
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
                as_money(promotion.reward_amount),
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
