"""Loyalty helpers for tests: a settled bet's wager fact, a paid deposit order, the
consumer's catch-up, a member's level and cash."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from uuid import uuid4

from app.core.db import session_scope, write_transaction
from app.services import ledger, wager_facts
from app.services.loyalty import progress, vip
from models import DepositOrder, Member
from models.base import utcnow
from models.cashier import DepositStatus
from tests.helpers.facts import facts_readable

CURRENCY = "BRL"


async def bet(
    member: Member, stake: str, category: str = "RNG", at: datetime | None = None
) -> None:
    """A settled bet's wager fact (the game paths' own tests cover their money side)."""
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="UNIT",
                    game_code="UNIT_GAME",
                    category=category,
                    currency=CURRENCY,
                    round_ref=uuid4().hex,
                    bet=Decimal(stake),
                    valid_bet=Decimal(stake),
                    win=Decimal("0.00"),
                    settled_at=at or utcnow(),
                )
            ],
        )
    await facts_readable()


async def deposit(member: Member, amount: str, at: datetime | None = None) -> None:
    """A deposit order the cashier has marked paid (its credit is the cashier's business)."""
    moment = at or utcnow()
    async with write_transaction() as session:
        session.add(
            DepositOrder(
                order_no=f"D{uuid4().hex[:20]}",
                merchant_id=member.merchant_id,
                member_id=member.id or 0,
                channel_code="PIX",
                provider="sandbox",
                currency=CURRENCY,
                amount=Decimal(amount),
                fee=Decimal("0.00"),
                credited_amount=Decimal(amount),
                status=DepositStatus.PAID.value,
                created_at=moment,
                updated_at=moment,
                paid_at=moment,
            )
        )


async def count(now: datetime | None = None) -> int:
    """Run the loyalty consumer until it has caught up."""
    return await progress.catch_up(now or utcnow())


async def level(member: Member) -> int:
    async with session_scope() as session:
        return (await vip.level_of(session, member.id or 0)).level


async def cash(member: Member) -> Decimal:
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=CURRENCY
        )
    return wallet.cash
