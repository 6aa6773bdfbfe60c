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
    cash = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.MEMBER_CASH,
        currency=currency,
        member_id=member_id,
    )
    expense = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.PROMOTION_EXPENSE,
        currency=currency,
        spread=member_id,
    )
    posted = await ledger.move(
        session,
        merchant_id=member.merchant_id,
        kind=kind,
        idempotency_key=key,
        debit_account_id=saved_id(expense.id),
        credit_account_id=saved_id(cash.id),
        amount=amount,
        reference=reference[:128],
        member_id=member_id,
        metadata=metadata,
    )
    return posted.transaction_id
