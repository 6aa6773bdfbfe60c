"""Withdrawal limits and the wagering requirement: the brand's rules (a VIP level may raise
them), today's count, and the deposits (and the wagering transfers carried) still to wager
before a withdrawal; what the withdraw screen shows (`overview`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.config import get_settings
from app.core.db import session_scope
from app.core.progress import percent_done
from app.services import ledger, reporting
from app.services.accounts.payment_password import PaymentPasswordState, payment_password_state
from app.services.brands import Brand
from app.services.cashier import payout_accounts
from app.services.currencies import limit_scale
from app.services.loyalty import vip
from models import (
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    Member,
    MemberTransfer,
    WithdrawalOrder,
    WithdrawalRule,
)
from models.cashier import WithdrawalStatus
from models.ledger import AccountKind, TransactionKind, account_owner_key

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


# --- limits and the wagering requirement -----------------------------------------------


@dataclass(frozen=True)
class WithdrawalRules:
    min_amount: Decimal
    max_amount: Decimal
    daily_count: int
    turnover_multiplier: Decimal


@dataclass(frozen=True)
class Turnover:
    """Deposits since the last fully paid withdrawal must be wagered `multiplier` times;
    bets count from the first of those deposits on. The wagering that transfers received
    carried from their senders is owed too, with bets from the first of them on (the own
    deposits before it count what was wagered before it), less what the member's own
    transfers carried away."""

    multiplier: Decimal
    deposited: Decimal
    required: Decimal
    wagered: Decimal

    @property
    def remaining(self) -> Decimal:
        return max(ZERO, self.required - self.wagered)

    @property
    def percent(self) -> int:
        """How much of the wagering owed is done, in whole percent (100 when none is owed)."""
        return percent_done(self.wagered, self.required)


@dataclass(frozen=True)
class WithdrawalOverview:
    currency: str
    cash: Decimal
    locked: Decimal
    rules: WithdrawalRules
    used_today: int
    turnover: Turnover
    payment_password: PaymentPasswordState
    payee_name_missing: bool  # the profile lacks the full name: no payout account yet


async def rules(session: AsyncSession, brand: Brand) -> WithdrawalRules:
    """The brand's own limits, or the settings' defaults (written in reais, scaled to the
    brand's currency like every default limit)."""
    row = (
        await session.exec(select(WithdrawalRule).where(WithdrawalRule.merchant_id == brand.id))
    ).first()
    if row is not None:
        return WithdrawalRules(
            row.min_amount, row.max_amount, row.daily_count, row.turnover_multiplier
        )
    settings = get_settings()
    scale = limit_scale(brand.currency)
    return WithdrawalRules(
        settings.withdrawal_min_amount * scale,
        settings.withdrawal_max_amount * scale,
        settings.withdrawal_daily_count,
        settings.turnover_multiplier,
    )


async def brand_rules(brand: Brand) -> WithdrawalRules:
    """The brand's limits before any VIP level raises them: the floor the VIP table shows
    for a level that adds nothing."""
    async with session_scope() as session:
        return await rules(session, brand)


def _day_start(brand: Brand, now: datetime) -> datetime:
    """Midnight of the brand's local day, in UTC: the daily count follows the player's day."""
    local = now.astimezone(ZoneInfo(brand.timezone))
    return local.replace(hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)


async def used_today(session: AsyncSession, brand: Brand, member_id: int, now: datetime) -> int:
    statement = select(func.count()).where(
        WithdrawalOrder.member_id == member_id,
        WithdrawalOrder.created_at >= _day_start(brand, now),
        WithdrawalOrder.status != WithdrawalStatus.REJECTED,
    )
    return int((await session.exec(statement)).one())


async def _cash_entries(
    session: AsyncSession,
    cash_account_id: int,
    kind: TransactionKind,
    since: datetime | None,
    until: datetime | None = None,
) -> tuple[Decimal, datetime | None]:
    """Sum and first time of the cash account's entries of one transaction kind."""
    statement = (
        select(func.coalesce(func.sum(LedgerEntry.amount), 0), func.min(LedgerEntry.created_at))
        .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
        .where(LedgerEntry.account_id == cash_account_id, LedgerTransaction.kind == kind)
    )
    if since is not None:
        statement = statement.where(LedgerEntry.created_at >= since)
    if until is not None:
        statement = statement.where(LedgerEntry.created_at < until)
    total, first = (await session.exec(statement)).one()
    return Decimal(total).quantize(CENT), first


async def _cash_account_id(session: AsyncSession, brand: Brand, member_id: int) -> int | None:
    owner_key = account_owner_key(brand.id, member_id, AccountKind.MEMBER_CASH, brand.currency)
    return (
        await session.exec(select(LedgerAccount.id).where(LedgerAccount.owner_key == owner_key))
    ).first()


async def deposited_total(session: AsyncSession, brand: Brand, member_id: int) -> Decimal:
    """Building block: everything the member ever deposited, from the ledger's deposit entries
    (the source of the deposits counted since the last payout, so the two agree)."""
    cash_id = await _cash_account_id(session, brand, member_id)
    if cash_id is None:
        return ZERO
    total, _ = await _cash_entries(session, cash_id, TransactionKind.DEPOSIT, None)
    return total


async def turnover_of(
    session: AsyncSession, brand: Brand, member_id: int, multiplier: Decimal
) -> Turnover:
    since = (
        await session.exec(
            select(func.max(WithdrawalOrder.created_at)).where(
                WithdrawalOrder.member_id == member_id,
                col(WithdrawalOrder.paid_in_full_at).is_not(None),
            )
        )
    ).one()
    cash_id = await _cash_account_id(session, brand, member_id)
    deposited, first_deposit_at = ZERO, None
    if cash_id is not None:
        deposited, first_deposit_at = await _cash_entries(
            session, cash_id, TransactionKind.DEPOSIT, since
        )
    carried_in, first_in_at = await _carried(session, member_id, since, received=True)
    carried_out, _ = await _carried(session, member_id, since, received=False)
    required = (deposited * multiplier).quantize(CENT, rounding=ROUND_HALF_UP)
    wagered = ZERO
    if first_in_at is not None:
        # Money from another member is wagered from its arrival on: bets before it pay only
        # the own deposits made before it (a heavy bettor is no mule).
        if cash_id is not None and first_deposit_at is not None and first_deposit_at < first_in_at:
            early, _ = await _cash_entries(
                session, cash_id, TransactionKind.DEPOSIT, since, first_in_at
            )
            early_wagered = await reporting.turnover(
                session, member_id, reporting.period(first_deposit_at, first_in_at)
            )
            required -= min(early_wagered, (early * multiplier).quantize(CENT, ROUND_HALF_UP))
        wagered = await reporting.turnover(session, member_id, reporting.period(first_in_at))
    elif first_deposit_at is not None:
        wagered = await reporting.turnover(session, member_id, reporting.period(first_deposit_at))
    required = max(ZERO, required + carried_in - carried_out)
    return Turnover(multiplier, deposited, required, wagered)


async def _carried(
    session: AsyncSession, member_id: int, since: datetime | None, *, received: bool
) -> tuple[Decimal, datetime | None]:
    """The wagering that transfers settled on one side of the member carried, and when the
    first of them settled (a held transfer carries nothing until it is released)."""
    statement = select(
        func.coalesce(func.sum(MemberTransfer.carried_wagering), 0),
        func.min(MemberTransfer.settled_at),
    ).where(
        (MemberTransfer.receiver_id if received else MemberTransfer.sender_id) == member_id,
        col(MemberTransfer.settled_at).is_not(None),
    )
    if since is not None:
        statement = statement.where(col(MemberTransfer.settled_at) >= since)
    total, first = (await session.exec(statement)).one()
    return Decimal(total).quantize(CENT), first


async def remaining_wagering(session: AsyncSession, brand: Brand, member_id: int) -> Turnover:
    """Building block: the member's withdrawal wagering now, under their own rules (what a
    transfer they send carries to its receiver)."""
    limits = await vip.with_level_limits(session, member_id, await rules(session, brand))
    return await turnover_of(session, brand, member_id, limits.turnover_multiplier)


async def wagering_multiplier(brand: Brand, member: Member) -> Decimal:
    """How many times each deposit must be wagered before it can be withdrawn, for this
    member (the brand's rule with their VIP level's): what the deposit page states before
    the money goes in (no surprise at the first withdrawal)."""
    assert member.id is not None
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand))
    return limits.turnover_multiplier


async def overview(brand: Brand, member: Member) -> WithdrawalOverview:
    """What the withdraw screen shows: balances, limits, today's count, wagering left."""
    assert member.id is not None
    async with session_scope() as session:
        limits = await vip.with_level_limits(session, member.id, await rules(session, brand))
        wallet = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member.id, currency=brand.currency
        )
        used = await used_today(session, brand, member.id, clock.now())
        turnover = await turnover_of(session, brand, member.id, limits.turnover_multiplier)
    return WithdrawalOverview(
        currency=brand.currency,
        cash=wallet.cash,
        locked=wallet.locked,
        rules=limits,
        used_today=used,
        turnover=turnover,
        payment_password=await payment_password_state(member),
        payee_name_missing=payout_accounts.payee_name_missing(member),
    )
