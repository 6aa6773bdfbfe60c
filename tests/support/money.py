"""Money helpers for tests: play-shaped ledger movements without a game studio."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

from app.core.db import write_transaction
from app.services import ledger
from models import Member
from models.ledger import AccountKind, TransactionKind


async def wager(member_id: int, stake: str) -> None:
    """A bet of `stake` won back in full: turnover, with the balance unchanged."""
    amount = Decimal(stake)
    async with write_transaction() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        cash = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.MEMBER_CASH,
            currency="BRL",
            member_id=member_id,
        )
        vendor = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.VENDOR_CLEARING,
            currency="BRL",
        )
        assert cash.id is not None and vendor.id is not None
        for kind, sign in ((TransactionKind.BET, -1), (TransactionKind.WIN, 1)):
            await ledger.post(
                session,
                merchant_id=member.merchant_id,
                kind=kind,
                idempotency_key=uuid4().hex,
                legs=[ledger.Leg(cash.id, sign * amount), ledger.Leg(vendor.id, -sign * amount)],
                member_id=member_id,
            )
