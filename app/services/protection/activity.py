"""The "my activity" statement (Portaria SPA/MF 1.231/2024 art. 4: the player's history with
losses and balance): deposits, withdrawals, bets and the net result of the day, week or month
so far (the brand's calendar), and the current balance.

- deposits: orders paid in the period (their amount);
- withdrawals: requested in the period and not rejected or refunded (their paid amount);
- bets: settled bets' stakes and wins from the wager facts, net = wins - stakes (negative
  when the member lost), and the stakes still open.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import ledger, reporting
from app.services.brands import brands
from app.services.protection.limits import windows
from models import Member
from models.cashier import DepositOrder, DepositStatus, WithdrawalOrder, WithdrawalStatus
from models.protection import LimitPeriod

NOT_PAID = (WithdrawalStatus.REJECTED, WithdrawalStatus.REFUNDED)


@dataclass(frozen=True)
class Statement:
    period: LimitPeriod
    since: datetime
    deposits: Decimal
    withdrawals: Decimal
    stakes: Decimal
    wins: Decimal
    bets: int
    balance: Decimal

    @property
    def net(self) -> Decimal:
        """The member's result from bets: positive when they won."""
        return self.wins - self.stakes


def _period(value: object) -> LimitPeriod:
    try:
        return LimitPeriod(str(value).upper())
    except ValueError:
        raise AppError("protection-limit-invalid", 422) from None


def _money(value: object) -> Decimal:
    return Decimal(str(value or 0)).quantize(Decimal("0.01"))


async def statement(member: Member, period_text: object, now: datetime) -> Statement:
    assert member.id is not None
    period = _period(period_text)
    brand = await brands.by_id(member.merchant_id)
    since = windows(brand, now).start(period)
    async with session_scope() as session:
        deposited = (
            await session.exec(
                select(func.coalesce(func.sum(DepositOrder.amount), 0)).where(
                    DepositOrder.member_id == member.id,
                    DepositOrder.status == DepositStatus.PAID,
                    col(DepositOrder.paid_at) >= since,
                )
            )
        ).one()
        withdrawn = (
            await session.exec(
                select(func.coalesce(func.sum(WithdrawalOrder.amount), 0)).where(
                    WithdrawalOrder.member_id == member.id,
                    col(WithdrawalOrder.created_at) >= since,
                    col(WithdrawalOrder.status).not_in(NOT_PAID),
                )
            )
        ).one()
        (totals,) = await reporting.member_windows(session, member.id, [since])
        wallet = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id, currency=brand.currency
        )
    return Statement(
        period=period,
        since=since,
        deposits=_money(deposited),
        withdrawals=_money(withdrawn),
        stakes=totals.bet,
        wins=totals.win,
        bets=totals.facts,
        balance=wallet.cash,
    )
