"""A cash reward: promotion expense → member cash through the ledger, once per key. It sits
below the loyalty and promotions packages (as points_ledger.py does for points) so every
capability that pays cash rewards posts them the same way."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import ledger
from models.base import saved_id
from models.ledger import AccountKind, TransactionKind
from models.member import Member


async def pay_cash(
    session: AsyncSession,
    *,
    member: Member,
    currency: str,
    amount: Decimal,
    key: str,
    reference: str,
    metadata: dict[str, object],
    kind: TransactionKind = TransactionKind.BONUS,
) -> int:
    """A cash reward in the caller's transaction: promotion expense → member cash, once per
    key (`kind` names the movement: a reward, or points converted); returns the ledger
    transaction's id."""
    member_id = saved_id(member.id)
    posted = await ledger.transfer(
        session,
        merchant_id=member.merchant_id,
        member_id=member_id,
        currency=currency,
        kind=kind,
        idempotency_key=key,
        from_=ledger.of_merchant(AccountKind.PROMOTION_EXPENSE),
        to=ledger.of_member(AccountKind.MEMBER_CASH),
        amount=amount,
        reference=reference[:128],
        metadata=metadata,
    )
    return posted.transaction_id
