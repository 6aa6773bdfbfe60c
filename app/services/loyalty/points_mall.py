"""The points mall: rewards offered per brand, redeeming one (cash, a bonus, free rounds or a
physical item sent after an operator's review) and the review's decision.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Table, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wallet_events
from app.services.accounts.members import require_real_account
from app.services.accounts.payment_password import check_payment_password
from app.services.brands import brands
from app.services.cash_rewards import pay_cash
from app.services.loyalty.points_config import RedeemView, RewardView, config_in
from app.services.points_ledger import CENT, ISSUED_POINTS, MEMBER_POINTS, PointsType
from app.services.promotions import bonus, free_rounds
from app.services.promotions.rules import rules_for
from app.services.protection.limits import excluded
from app.services.site import POINTS_MODULE
from models.base import saved_id
from models.brand import Merchant
from models.ledger import POINTS_CURRENCY, TransactionKind
from models.member import Member
from models.points import PointsRedeem, PointsReward, PointsRewardKind, RedeemStatus
from models.protection import MemberProtection

# Bonus rewards count like the demo promotions: sports and PvP 0 %, live casino 50 %.
BONUS_WEIGHTS: Mapping[str, int] = {"SPORTS": 0, "PVP": 0, "LIVE": 50}
# Rewards that may not lure back a member on a break.
LURES = (PointsRewardKind.BONUS, PointsRewardKind.FREE_ROUNDS)
ADDRESS_FIELDS: Mapping[str, int] = {
    "name": 80,
    "phone": 24,
    "line": 160,
    "city": 60,
    "region": 40,
    "postcode": 16,
}
ADDRESS_OPTIONAL = frozenset({"region"})
_REWARDS: Table = PointsReward.__table__  # type: ignore[attr-defined]


# ---- the mall ------------------------------------------------------------------------------


def _texts(content: Mapping[str, Any], language: str) -> Mapping[str, str]:
    found: object = (
        content.get(language.lower()) or content.get("pt") or next(iter(content.values()), {})
    )
    return found if isinstance(found, Mapping) else {}


def _offered(reward: PointsReward, merchant: Merchant) -> bool:
    """Bonus rewards are not offered where the jurisdiction forbids pre-bet bonuses (Brazil):
    a bonus there is a promotion of its own kind, never a points purchase. Free rounds only
    of a game that can give them (their winnings go to cash there)."""
    if reward.kind == PointsRewardKind.BONUS.value:
        return rules_for(merchant).bonus_before_first_bet
    if reward.kind == PointsRewardKind.FREE_ROUNDS.value:
        return reward.free_game in free_rounds.offerable_games() and reward.free_rounds > 0
    return True


def _reward_view(reward: PointsReward, language: str, currency: str) -> RewardView:
    texts = _texts(reward.content or {}, language)
    return RewardView(
        id=saved_id(reward.id),
        code=reward.code,
        kind=PointsRewardKind(reward.kind),
        name=texts.get("name", reward.code),
        description=texts.get("description", ""),
        model=reward.model,
        image=reward.image,
        points=Decimal(reward.points).quantize(CENT),
        value=Decimal(reward.value).quantize(CENT),
        currency=currency,
        stock=reward.stock,
        max_quantity=reward.max_quantity,
        wagering_multiplier=reward.wagering_multiplier,
        bonus_days=reward.bonus_days,
        free_game=reward.free_game,
        free_rounds=reward.free_rounds,
    )


async def rewards(merchant_id: int, language: str) -> list[RewardView]:
    """The brand's rewards on offer, in mall order."""
    async with session_scope() as session:
        merchant = await session.get(Merchant, merchant_id)
        if merchant is None:
            return []
        rows = (
            await session.exec(
                select(PointsReward)
                .where(PointsReward.merchant_id == merchant_id, col(PointsReward.enabled))
                .order_by(col(PointsReward.sort), col(PointsReward.id))
            )
        ).all()
    return [
        _reward_view(row, language, merchant.currency) for row in rows if _offered(row, merchant)
    ]


def _quantity(value: object, reward: PointsReward) -> int:
    if isinstance(value, bool):
        raise AppError("points-quantity-invalid", 422, params={"max": reward.max_quantity})
    try:
        quantity = int(str(value).strip())
    except ValueError:
        raise AppError(
            "points-quantity-invalid", 422, params={"max": reward.max_quantity}
        ) from None
    if not 1 <= quantity <= reward.max_quantity:
        raise AppError("points-quantity-invalid", 422, params={"max": reward.max_quantity})
    return quantity


def clean_address(address: Mapping[str, object] | None) -> dict[str, str]:
    """A delivery address: every field but the region required, each within its length."""
    given = address or {}
    cleaned: dict[str, str] = {}
    missing: list[str] = []
    for name, limit in ADDRESS_FIELDS.items():
        value = given.get(name)
        text = value.strip() if isinstance(value, str) else ""
        if len(text) > limit or (not text and name not in ADDRESS_OPTIONAL):
            missing.append(name)
        cleaned[name] = text
    if missing:
        problems = [{"field": name, "code": "val_required", "params": {}} for name in missing]
        raise AppError("points-address-invalid", 422, value={"fields": problems})
    return cleaned


def new_reference(prefix: str, now: datetime) -> str:
    return f"{prefix}{now:%y%m%d%H%M%S}{secrets.token_hex(4).upper()}"


async def spend(
    session: AsyncSession,
    member: Member,
    points: Decimal,
    *,
    key: str,
    reference: str,
    metadata: Mapping[str, Any],
) -> ledger.Posted:
    try:
        return await ledger.transfer(
            session,
            merchant_id=member.merchant_id,
            member_id=saved_id(member.id),
            currency=POINTS_CURRENCY,
            kind=TransactionKind.POINTS,
            idempotency_key=key,
            from_=MEMBER_POINTS,
            to=ISSUED_POINTS,
            amount=points,
            reference=reference,
            metadata=dict(metadata),
        )
    except AppError as error:
        if error.code == "ledger-insufficient-funds":
            raise AppError("points-insufficient", 409) from None
        raise


def redeem_view(row: PointsRedeem) -> RedeemView:
    return RedeemView(
        reference=row.reference,
        applied_at=row.created_at,
        kind=PointsRewardKind(row.kind),
        model=row.model,
        name=row.name,
        quantity=row.quantity,
        points=Decimal(row.points).quantize(CENT),
        status=RedeemStatus(row.status),
        address={str(k): str(v) for k, v in (row.address or {}).items()},
        decided_at=row.decided_at,
        note=row.note,
        member_id=row.member_id,
    )


async def require_points_module(member: Member) -> None:
    """The brand's points system (white-label module PTSYS3) switched off: nothing is spent."""
    if not (await brands.by_id(member.merchant_id)).module_on(POINTS_MODULE):
        raise AppError("points-disabled", 409)


async def redeem(
    member: Member,
    reward_id: object,
    quantity_text: object,
    payment_password: str,
    address: Mapping[str, object] | None,
    language: str,
    now: datetime,
) -> RedeemView:
    """Redeem a reward (a use case): checked, then the points are spent, the stock taken and
    the reward delivered (cash, bonus) or queued for review (physical), in one transaction."""
    require_real_account(member)
    await require_points_module(member)
    if isinstance(reward_id, bool) or not isinstance(reward_id, int) or not 0 < reward_id < 2**31:
        raise AppError("points-reward-not-found", 404)
    async with session_scope() as session:
        reward = await session.get(PointsReward, reward_id)
        merchant = await session.get(Merchant, member.merchant_id)
    if reward is None or merchant is None or reward.merchant_id != member.merchant_id:
        raise AppError("points-reward-not-found", 404)
    if not reward.enabled:
        raise AppError("points-reward-not-found", 404)
    if not _offered(reward, merchant):
        raise AppError("points-reward-not-offered", 409)
    quantity = _quantity(quantity_text, reward)
    kind = PointsRewardKind(reward.kind)
    delivery = clean_address(address) if kind is PointsRewardKind.PHYSICAL else {}
    await check_payment_password(member, payment_password)
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        config = await config_in(session, member.merchant_id)
        if not config.enabled:
            raise AppError("points-disabled", 409)
        if kind in LURES and excluded(await session.get(MemberProtection, member_id), now):
            # No bonus or free play may lure back a member on a break (IN 31/2025); cash and
            # items may.
            raise AppError("points-reward-not-offered", 409)
        total = (Decimal(reward.points) * quantity).quantize(CENT)
        reference = new_reference("R", now)
        await _take_stock(session, saved_id(reward.id), quantity)
        texts = _texts(reward.content or {}, language)
        spent = await spend(
            session,
            member,
            total,
            key=f"points-redeem:{reference}",
            reference=reference,
            metadata={"type": PointsType.REDEEM, "reward": reward.code, "quantity": quantity},
        )
        row = PointsRedeem(
            reference=reference,
            merchant_id=member.merchant_id,
            member_id=member_id,
            reward_id=saved_id(reward.id),
            kind=kind.value,
            name=texts.get("name", reward.code)[:120],
            model=reward.model,
            quantity=quantity,
            points=total,
            status=RedeemStatus.PROCESS.value,
            address=delivery,
            created_at=now,
            spend_transaction_id=spent.transaction_id,
        )
        value = (Decimal(reward.value) * quantity).quantize(CENT)
        if kind is PointsRewardKind.CASH:
            await pay_cash(
                session,
                member=member,
                currency=merchant.currency,
                amount=value,
                kind=TransactionKind.POINTS_CONVERSION,
                key=f"points-reward:{reference}",
                reference=reference,
                metadata={"action": "points-reward", "reward": reward.code},
            )
        elif kind is PointsRewardKind.BONUS:
            stored = await session.get(Member, member_id)
            assert stored is not None
            await bonus.grant_in(
                session,
                member=stored,
                terms=bonus.BonusTerms(
                    amount=value,
                    multiplier=reward.wagering_multiplier,
                    weights=BONUS_WEIGHTS,
                    days=reward.bonus_days,
                ),
                grant_key=f"points-{reference}",
                now=now,
            )
        elif kind is PointsRewardKind.FREE_ROUNDS:
            stored = await session.get(Member, member_id)
            assert stored is not None
            await free_rounds.grant(
                session,
                stored,
                game_code=reward.free_game,
                stake=Decimal(reward.value).quantize(CENT),
                rounds=reward.free_rounds * quantity,
                multiplier=reward.wagering_multiplier,
                bonus_days=reward.bonus_days,
                grant_key=f"points-{reference}",
                now=now,
            )
        if kind is not PointsRewardKind.PHYSICAL:
            row.status = RedeemStatus.APPROVED.value
            row.decided_at = now
            row.decided_by = "auto"
        session.add(row)
        await session.flush()
        view = redeem_view(row)
    await wallet_events.balance_changed(member_id)
    return view


async def _take_stock(session: AsyncSession, reward_id: int, quantity: int) -> None:
    """Take `quantity` from a limited stock in one conditional UPDATE: of two racing redeems
    of the last item, the second finds too little and is refused."""
    reward = await session.get(PointsReward, reward_id)
    assert reward is not None
    if reward.stock is None:
        return
    taken = await session.exec(
        update(_REWARDS)
        .where(_REWARDS.c.id == reward_id, _REWARDS.c.stock >= quantity)
        .values(stock=_REWARDS.c.stock - quantity)
    )
    if taken.rowcount != 1:
        raise AppError("points-out-of-stock", 409)
    await session.refresh(reward)


async def decide_in(
    session: AsyncSession,
    merchant_id: int | None,
    reference: str,
    *,
    approve: bool,
    note: str,
    decided_by: str,
    now: datetime,
) -> RedeemView:
    """An operator approves (the item is sent) or rejects (points and stock return) a redeem
    in process, in the caller's transaction (building block: the console adds its audit
    entry); `merchant_id` None is any brand. A decided redeem cannot be decided again."""
    if not approve and not note.strip():
        raise AppError("points-note-required", 422)
    if len(note) > 200 or not decided_by or len(decided_by) > 64:
        raise AppError("points-note-required", 422)
    row = (
        await session.exec(
            select(PointsRedeem)
            .where(PointsRedeem.reference == reference)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).first()
    if row is None or (merchant_id is not None and row.merchant_id != merchant_id):
        raise AppError("points-redeem-not-found", 404)
    if row.status != RedeemStatus.PROCESS.value:
        raise AppError("points-redeem-decided", 409)
    if approve:
        row.status = RedeemStatus.APPROVED.value
    else:
        refunded = await ledger.transfer(
            session,
            merchant_id=row.merchant_id,
            member_id=row.member_id,
            currency=POINTS_CURRENCY,
            kind=TransactionKind.POINTS,
            idempotency_key=f"points-refund:{row.reference}",
            from_=ISSUED_POINTS,
            to=MEMBER_POINTS,
            amount=Decimal(row.points).quantize(CENT),
            reference=row.reference,
            metadata={"type": PointsType.REFUND, "reason": "rejected"},
        )
        await session.exec(
            update(_REWARDS)
            .where(_REWARDS.c.id == row.reward_id, _REWARDS.c.stock.is_not(None))
            .values(stock=_REWARDS.c.stock + row.quantity)
        )
        row.status = RedeemStatus.REJECTED.value
        row.refund_transaction_id = refunded.transaction_id
    row.decided_at = now
    row.decided_by = decided_by
    row.note = note.strip()
    session.add(row)
    await session.flush()
    return redeem_view(row)


async def decide(
    merchant_id: int | None,
    reference: str,
    *,
    approve: bool,
    note: str,
    decided_by: str,
    now: datetime,
) -> RedeemView:
    """`decide_in` as a use case of its own (the CLI, tests)."""
    async with write_transaction() as session:
        view = await decide_in(
            session,
            merchant_id,
            reference,
            approve=approve,
            note=note,
            decided_by=decided_by,
            now=now,
        )
    await wallet_events.balance_changed(view.member_id)
    return view


async def redeem_merchant(reference: str) -> int | None:
    """The brand of a redeem (None: no such redeem), for the console's permission check."""
    async with session_scope() as session:
        return (
            await session.exec(
                select(PointsRedeem.merchant_id).where(PointsRedeem.reference == reference)
            )
        ).first()


async def pending(merchant_id: int | None, *, limit: int = 100) -> list[RedeemView]:
    """Redeems waiting for an operator, oldest first."""
    query = select(PointsRedeem).where(PointsRedeem.status == RedeemStatus.PROCESS.value)
    if merchant_id is not None:
        query = query.where(PointsRedeem.merchant_id == merchant_id)
    async with session_scope() as session:
        rows = (await session.exec(query.order_by(col(PointsRedeem.id)).limit(limit))).all()
    return [redeem_view(row) for row in rows]
