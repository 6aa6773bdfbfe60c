"""Points as their own ledger currency (POINTS_CURRENCY): the accounts and the one credit
every capability that rewards points uses (missions, races, promotions). It sits below the
loyalty and promotions packages so both may credit points without importing each other;
earning, the mall and conversion stay in app/services/loyalty/points.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from app.services import ledger
from models.ledger import POINTS_CURRENCY, AccountKind, TransactionKind
from models.member import Member

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_POINTS = Decimal("1000000000.00")
MAX_KEY_LENGTH = 100
MAX_REASON_LENGTH = 64
MEMBER_POINTS = ledger.of_member(AccountKind.MEMBER_POINTS)
ISSUED_POINTS = ledger.of_merchant(AccountKind.POINTS_ISSUED)  # the brand's, the member's shard


class PointsType:
    """What a points movement was (the `type` of a points record)."""

    EARN = "EARN"
    CREDIT = "CREDIT"
    REDEEM = "REDEEM"
    REFUND = "REFUND"
    CONVERT = "CONVERT"


@dataclass(frozen=True)
class PointsCredit:
    transaction_id: int
    replay: bool
    balance: Decimal


def points_amount(amount: object) -> Decimal:
    """A positive number of points (to 0.01), or points-invalid-amount."""
    if isinstance(amount, bool) or not isinstance(amount, int | Decimal):
        raise AppError("points-invalid-amount", 422)
    number = Decimal(amount)
    if not number.is_finite() or not ZERO < number <= MAX_POINTS or number != number.quantize(CENT):
        raise AppError("points-invalid-amount", 422)
    return number.quantize(CENT)


async def member_account(session: AsyncSession, merchant_id: int, member_id: int) -> int:
    return await ledger.resolve(
        session,
        MEMBER_POINTS,
        merchant_id=merchant_id,
        member_id=member_id,
        currency=POINTS_CURRENCY,
    )


async def issued_account(session: AsyncSession, merchant_id: int, member_id: int) -> int:
    """The brand's POINTS_ISSUED shard account this member's points come from."""
    return await ledger.resolve(
        session,
        ISSUED_POINTS,
        merchant_id=merchant_id,
        member_id=member_id,
        currency=POINTS_CURRENCY,
    )


async def credit(
    session: AsyncSession,
    member_id: int,
    amount: int | Decimal,
    *,
    key: str,
    reason: str,
    now: datetime,
) -> PointsCredit:
    """Credit points to a member in the caller's transaction (building block: mission, race
    and promotion rewards). The same `key` credits once; `reason` is shown in the points
    details (a catalog key `points.reason.<reason>` when there is one, else as written). The
    caller decides whether the member may be rewarded (responsible-gambling blocks)."""
    points = points_amount(amount)
    if not key or len(key) > MAX_KEY_LENGTH or not reason or len(reason) > MAX_REASON_LENGTH:
        raise AppError("points-invalid-credit", 422)
    member = await session.get(Member, member_id)
    if member is None:
        raise AppError("points-member-unknown", 404)
    posted = await ledger.transfer(
        session,
        merchant_id=member.merchant_id,
        member_id=member_id,
        currency=POINTS_CURRENCY,
        kind=TransactionKind.POINTS,
        idempotency_key=f"points-credit:{key}",
        from_=ISSUED_POINTS,
        to=MEMBER_POINTS,
        amount=points,
        reference=f"PTS-{reason}"[:128],
        metadata={"type": PointsType.CREDIT, "reason": reason, "at": now.isoformat()},
    )
    return PointsCredit(posted.transaction_id, posted.replay, posted.to_balance)
