"""The bonus engine: bonus money apart from cash, released when its wagering is met.

The model ("locked bonus"): a grant moves its amount from the brand's promotion expense into
the member's MEMBER_BONUS ledger account. The member plays with cash; every settled bet's
valid bet counts towards the oldest open grant, weighted by the game's category (a category
not in the grant's weights counts 100 %; sports and PvP are 0 % in the demo). A bet above the
grant's maximum bet is refused before any debit while the grant is open (`check_max_bet_in`,
called by the seamless wallet under the member's cash lock and by the studio before a round),
and one that got through anyway does not count. When the wagered total reaches the
requirement the grant converts: at most `max_conversion` moves from the bonus account to
cash, the rest goes back to the expense account, in one ledger transaction whose key names
the grant (so it happens once, whoever asks). A grant that reaches its expiry first, or is
forfeited (self-exclusion, account closure: `forfeit_in`), returns its whole amount to the
expense account, with the reason on the grant.

Progress is a wager-fact consumer (`CONSUMER`): each fact counts once, in stream order, and
the consumer's position is stored in the same transaction as the grants' progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.progress import percent_done
from app.services import inbox, ledger, reporting, wager_facts, wallet_events
from app.services.promotions.rules import rules_for
from app.services.wager_facts import StoredFact
from models.base import saved_id
from models.brand import Merchant
from models.cashier import MessageKind
from models.facts import FactKind
from models.ledger import AccountKind, TransactionKind
from models.member import Member
from models.promotions import BonusGrant, GrantStatus

CONSUMER = "bonus-wagering"
CENT = Decimal("0.01")
ZERO = Decimal("0.00")
HUNDRED = Decimal(100)
MAX_MULTIPLIER = 100
MAX_DAYS = 365
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
# Reasons a grant closes, kept on the grant as its record.
MET = "wagering-met"
EXPIRED = "expired"
SELF_EXCLUSION = "self-exclusion"
ACCOUNT_CLOSURE = "account-closure"
FORFEIT_REASONS = frozenset({SELF_EXCLUSION, ACCOUNT_CLOSURE, "operator"})


@dataclass(frozen=True)
class BonusTerms:
    """What a grant asks before it converts."""

    amount: Decimal
    multiplier: int  # wagering required = multiplier x amount
    weights: Mapping[str, int]  # category -> percent counted (0..100); others count 100
    days: int  # until expiry
    max_bet: Decimal | None = None  # bets above it do not count
    max_conversion: Decimal | None = None  # the most that turns into cash


@dataclass(frozen=True)
class GrantView:
    id: int
    promotion_id: int | None
    currency: str
    amount: Decimal
    wagering_required: Decimal
    wagered: Decimal
    remaining: Decimal
    percent: int
    weights: dict[str, int]
    max_bet: Decimal | None
    max_conversion: Decimal | None
    status: GrantStatus
    granted_at: datetime
    expires_at: datetime
    closed_at: datetime | None
    close_reason: str | None
    converted_amount: Decimal


@dataclass(frozen=True)
class BonusSummary:
    """Beside the balance: the bonus locked, and the oldest open grant's progress."""

    locked: Decimal
    active: int
    percent: int
    remaining: Decimal


def _money(value: object) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


def _check_terms(terms: BonusTerms) -> None:
    amount = terms.amount
    if (
        not isinstance(amount, Decimal)
        or not amount.is_finite()
        or amount <= 0
        or amount != amount.quantize(CENT)
        or not isinstance(terms.multiplier, int)
        or not 0 <= terms.multiplier <= MAX_MULTIPLIER
        or not isinstance(terms.days, int)
        or not 1 <= terms.days <= MAX_DAYS
        or any(
            not isinstance(k, str) or not isinstance(v, int) or not 0 <= v <= 100
            for k, v in terms.weights.items()
        )
        or (terms.max_bet is not None and terms.max_bet <= 0)
        or (terms.max_conversion is not None and terms.max_conversion <= 0)
    ):
        raise AppError("bonus-invalid-terms", 422)


async def has_bet(session: AsyncSession, member_id: int) -> bool:
    """Whether the member has ever had a settled bet (valid bet above zero)."""
    totals = await reporting.member_totals(session, member_id, reporting.period(EPOCH))
    return totals.valid_bet > 0


async def check_bonus_allowed(session: AsyncSession, member: Member) -> Merchant:
    """The member's brand, if its rules let this member receive a bonus now; a brand without
    pre-bet bonuses refuses a member who has not bet yet (promo-bet-first)."""
    merchant = await session.get(Merchant, member.merchant_id)
    if merchant is None:
        raise AppError("promo-not-found", 404)
    if not rules_for(merchant).bonus_before_first_bet and not await has_bet(
        session, saved_id(member.id)
    ):
        raise AppError("promo-bet-first", 409)
    return merchant


async def _accounts(
    session: AsyncSession, member_id: int, merchant_id: int, currency: str
) -> tuple[int, int, int]:
    bonus = await ledger.account(
        session,
        merchant_id=merchant_id,
        kind=AccountKind.MEMBER_BONUS,
        currency=currency,
        member_id=member_id,
    )
    cash = await ledger.account(
        session,
        merchant_id=merchant_id,
        kind=AccountKind.MEMBER_CASH,
        currency=currency,
        member_id=member_id,
    )
    expense = await ledger.account(
        session,
        merchant_id=merchant_id,
        kind=AccountKind.PROMOTION_EXPENSE,
        currency=currency,
        spread=member_id,
    )
    return saved_id(bonus.id), saved_id(cash.id), saved_id(expense.id)


async def grant_in(
    session: AsyncSession,
    *,
    member: Member,
    terms: BonusTerms,
    grant_key: str,
    now: datetime,
    promotion_id: int | None = None,
) -> BonusGrant:
    """Grant a bonus in the caller's transaction (building block): the brand's rules are
    checked, the amount moves from promotion expense to the bonus account. The same
    `grant_key` makes one grant."""
    _check_terms(terms)
    if not grant_key or len(grant_key) > 80:
        raise AppError("bonus-invalid-terms", 422)
    existing = (
        await session.exec(select(BonusGrant).where(BonusGrant.grant_key == grant_key))
    ).first()
    if existing is not None:
        return existing
    merchant = await check_bonus_allowed(session, member)
    member_id = saved_id(member.id)
    bonus, _cash, expense = await _accounts(
        session, member_id, member.merchant_id, merchant.currency
    )
    posted = await ledger.move(
        session,
        merchant_id=member.merchant_id,
        kind=TransactionKind.BONUS,
        idempotency_key=f"bonus-grant:{grant_key}",
        debit_account_id=expense,
        credit_account_id=bonus,
        amount=terms.amount,
        reference=f"BONUS-{grant_key}"[:128],
        member_id=member_id,
        metadata={"action": "grant", "promotion": promotion_id},
    )
    grant = BonusGrant(
        merchant_id=member.merchant_id,
        member_id=member_id,
        promotion_id=promotion_id,
        grant_key=grant_key,
        currency=merchant.currency,
        amount=terms.amount,
        wagering_required=(terms.amount * terms.multiplier).quantize(CENT),
        weights=dict(terms.weights),
        max_bet=terms.max_bet,
        max_conversion=terms.max_conversion,
        granted_at=now,
        expires_at=now + timedelta(days=terms.days),
        grant_transaction_id=posted.transaction_id,
    )
    session.add(grant)
    await session.flush()
    return grant


async def grant(
    member_id: int,
    terms: BonusTerms,
    grant_key: str,
    now: datetime,
    promotion_id: int | None = None,
) -> GrantView:
    """Grant a bonus (a use case: operator adjustments, tests)."""
    async with write_transaction() as session:
        member = await session.get(Member, member_id)
        if member is None:
            raise AppError("promo-not-found", 404)
        made = await grant_in(
            session,
            member=member,
            terms=terms,
            grant_key=grant_key,
            now=now,
            promotion_id=promotion_id,
        )
        view = _view(made)
    await wallet_events.balance_changed(member_id)
    return view


async def _close(
    session: AsyncSession, found: BonusGrant, status: GrantStatus, reason: str, now: datetime
) -> None:
    """Close an ACTIVE grant (its row locked by the caller): the conversion moves at most
    max_conversion to cash and the rest back to the expense account; any other end moves it
    all back. One ledger transaction, keyed by the grant."""
    assert found.status == GrantStatus.ACTIVE.value
    grant_id = saved_id(found.id)
    bonus, cash, expense = await _accounts(
        session, found.member_id, found.merchant_id, found.currency
    )
    amount = _money(found.amount)
    converted = ZERO
    if status is GrantStatus.CONVERTED:
        converted = amount
        if found.max_conversion is not None:
            converted = min(amount, _money(found.max_conversion))
    legs = [ledger.Leg(bonus, -amount)]
    if converted:
        legs.append(ledger.Leg(cash, converted))
    if amount - converted:
        legs.append(ledger.Leg(expense, amount - converted))
    posted = await ledger.post(
        session,
        merchant_id=found.merchant_id,
        kind=TransactionKind.BONUS,
        idempotency_key=f"bonus-close:{grant_id}",
        legs=legs,
        reference=f"BONUS-{grant_id}",
        member_id=found.member_id,
        metadata={"action": status.value.lower(), "grant": grant_id, "reason": reason},
    )
    if status is not GrantStatus.FORFEITED:
        # A forfeit (self-exclusion, closure) sends nothing: no message may lure them back.
        await inbox.post_message(
            session,
            found.member_id,
            MessageKind.BONUS_CONVERTED
            if status is GrantStatus.CONVERTED
            else MessageKind.BONUS_EXPIRED,
            {"amount": str(amount), "converted": str(converted)},
        )
    found.status = status.value
    found.close_reason = reason
    found.closed_at = now
    found.converted_amount = converted
    found.close_transaction_id = posted.transaction_id
    session.add(found)


def _met(found: BonusGrant) -> bool:
    return _money(found.wagered) >= _money(found.wagering_required)


def contribution(found: BonusGrant, fact: StoredFact) -> Decimal:
    """What one fact adds to a grant's wagered total (negative for a void's refund)."""
    if not found.granted_at <= fact.settled_at < found.expires_at:
        return ZERO
    if (
        fact.kind == FactKind.SETTLED
        and found.max_bet is not None
        and fact.bet > _money(found.max_bet)
    ):
        return ZERO
    weight = Decimal(int(found.weights.get(fact.category, 100)))
    return (fact.valid_bet * weight / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)


async def _open_grants(
    session: AsyncSession, member_ids: Sequence[int]
) -> dict[int, list[BonusGrant]]:
    rows = (
        await session.exec(
            select(BonusGrant)
            .where(
                col(BonusGrant.member_id).in_(sorted(set(member_ids))),
                BonusGrant.status == GrantStatus.ACTIVE.value,
            )
            .order_by(col(BonusGrant.id))
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).all()
    by_member: dict[int, list[BonusGrant]] = {}
    for row in rows:
        by_member.setdefault(row.member_id, []).append(row)
    return by_member


class _Progress:
    """The consumer's handler: counts facts towards grants and converts the met ones."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        # Whose progress moved (their header shows it with the money), and of those whose
        # grant converted (its message moves the header's badges too).
        self.members: set[int] = set()
        self.converted: set[int] = set()

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        grants = await _open_grants(session, [fact.member_id for fact in facts])
        if not grants:
            return
        touched: dict[int, BonusGrant] = {}
        for fact in facts:
            for found in grants.get(fact.member_id, ()):
                if _met(found):
                    continue
                added = contribution(found, fact)
                if added:
                    found.wagered = max(ZERO, _money(found.wagered) + added)
                    touched[saved_id(found.id)] = found
                break  # the oldest open grant takes the bet
        for found in touched.values():
            self.members.add(found.member_id)
            if _met(found):
                self.converted.add(found.member_id)
                await _close(session, found, GrantStatus.CONVERTED, MET, self.now)
            else:
                session.add(found)


async def register() -> None:
    """Make the consumer known from now on (existing facts predate every grant)."""
    await wager_facts.register_consumer(CONSUMER, from_now=True)


async def process_wagering(now: datetime, *, batch_size: int = 500) -> int:
    """Count the next facts towards open grants (one batch); returns how many were read."""
    await register()
    progress = _Progress(now)
    done = await wager_facts.process(CONSUMER, progress, batch_size=batch_size)
    await wallet_events.balances_changed(progress.converted)
    await wallet_events.money_moved(progress.members - progress.converted)
    return done


async def catch_up_wagering(now: datetime, *, batch_size: int = 500) -> int:
    total = 0
    while done := await process_wagering(now, batch_size=batch_size):
        total += done
    return total


async def claim(member_id: int, grant_id: int, now: datetime) -> GrantView:
    """The member asks for a met grant's conversion. Under the grant's row lock: a met,
    still-open grant converts; a converted one is answered as it is (twin claims → one)."""
    async with write_transaction() as session:
        found = await session.get(BonusGrant, grant_id, with_for_update=True)
        if found is None or found.member_id != member_id:
            raise AppError("bonus-not-found", 404)
        if found.status == GrantStatus.ACTIVE.value:
            if not _met(found):
                raise AppError("bonus-not-met", 409)
            await _close(session, found, GrantStatus.CONVERTED, MET, now)
        elif found.status != GrantStatus.CONVERTED.value:
            raise AppError("bonus-closed", 409)
        view = _view(found)
    await wallet_events.balance_changed(member_id)
    return view


async def expire_due(now: datetime, *, limit: int = 500) -> int:
    """Close the open grants whose expiry has passed (the bonus-expiry job)."""
    async with write_transaction() as session:
        rows = (
            await session.exec(
                select(BonusGrant)
                .where(
                    BonusGrant.status == GrantStatus.ACTIVE.value,
                    col(BonusGrant.expires_at) <= now,
                )
                .order_by(col(BonusGrant.id))
                .limit(limit)
                .with_for_update()
                .execution_options(populate_existing=True)
            )
        ).all()
        for found in rows:
            await _close(session, found, GrantStatus.EXPIRED, EXPIRED, now)
        members = {found.member_id for found in rows}
    await wallet_events.balances_changed(members)
    return len(rows)


async def forfeit_in(session: AsyncSession, member_id: int, reason: str, now: datetime) -> int:
    """Forfeit every open grant of the member in the caller's transaction (building block
    for self-exclusion and account closure); returns how many. The caller signals the
    balance change after its commit."""
    if reason not in FORFEIT_REASONS:
        raise AppError("bonus-invalid-terms", 422)
    grants = await _open_grants(session, [member_id])
    rows = grants.get(member_id, [])
    for found in rows:
        await _close(session, found, GrantStatus.FORFEITED, reason, now)
    return len(rows)


async def forfeit(member_id: int, reason: str, now: datetime) -> int:
    """Forfeit the member's open grants (a use case); returns how many."""
    async with write_transaction() as session:
        count = await forfeit_in(session, member_id, reason, now)
    if count:
        await wallet_events.balance_changed(member_id)
    return count


def wagering_percent(wagered: Decimal, required: Decimal, converted: bool) -> int:
    """How much of a bonus's wagering is met, in whole percent: all of it once the bonus is
    converted or where none is required."""
    return 100 if converted else percent_done(wagered, required)


def _view(found: BonusGrant) -> GrantView:
    required = _money(found.wagering_required)
    wagered = min(_money(found.wagered), required)
    status = GrantStatus(found.status)
    percent = wagering_percent(wagered, required, status is GrantStatus.CONVERTED)
    weights: dict[str, Any] = found.weights or {}
    return GrantView(
        id=saved_id(found.id),
        promotion_id=found.promotion_id,
        currency=found.currency,
        amount=_money(found.amount),
        wagering_required=required,
        wagered=wagered,
        remaining=required - wagered,
        percent=percent,
        weights={str(k): int(v) for k, v in weights.items()},
        max_bet=None if found.max_bet is None else _money(found.max_bet),
        max_conversion=None if found.max_conversion is None else _money(found.max_conversion),
        status=status,
        granted_at=found.granted_at,
        expires_at=found.expires_at,
        closed_at=found.closed_at,
        close_reason=found.close_reason,
        converted_amount=_money(found.converted_amount),
    )


async def member_grants(member_id: int, *, limit: int = 50) -> list[GrantView]:
    """The member's grants, open ones first, newest first."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(BonusGrant)
                .where(BonusGrant.member_id == member_id)
                .order_by(col(BonusGrant.id).desc())
                .limit(limit)
            )
        ).all()
    views = [_view(row) for row in rows]
    return sorted(views, key=lambda v: v.status is not GrantStatus.ACTIVE)


async def summary(member_id: int) -> BonusSummary:
    """The bonus beside the balance: locked total and the oldest open grant's progress."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(BonusGrant)
                .where(
                    BonusGrant.member_id == member_id,
                    BonusGrant.status == GrantStatus.ACTIVE.value,
                )
                .order_by(col(BonusGrant.id))
            )
        ).all()
    if not rows:
        return BonusSummary(ZERO, 0, 0, ZERO)
    first = _view(rows[0])
    return BonusSummary(
        locked=sum((_money(row.amount) for row in rows), ZERO),
        active=len(rows),
        percent=first.percent,
        remaining=first.remaining,
    )
