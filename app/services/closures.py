"""Closing an account found on the barred list (Brazil, IN 31/2025), with its deadlines.

The job app/jobs/account_closures.py runs `advance` every hour; each step happens once, and
every message and step is kept in the protection retention log:

1. Notice (within a day of the bar): an inbox message with the deadline, marketing stops, open
   lottery bets are refunded and bonuses forfeited. The member has WITHDRAW_DAYS to withdraw.
2. Closure (at the deadline): the account is blocked and its sessions end; the cash left is
   put on an order to a PIX account keyed by the member's own CPF, which operators pay as any
   payout, within REFUND_DAYS (`refund_due`). Nothing left: the closure is done.
3. Settlement: a refund paid in full settles the closure. What could not be paid (the order
   rejected, its money back on the cash) is set apart on the brand's unclaimed funds account
   UNCLAIMED_DAYS after the closure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import ledger
from app.services.accounts import sessions
from app.services.brands import brands
from app.services.cashier import payout_accounts, withdrawals
from app.services.exclusion import stop_play_in
from app.services.promotions import bonus
from app.services.protection.records import log, member_language, message
from models import Member, MemberIdentity, WithdrawalOrder
from models.cashier import MessageKind, WithdrawalStatus
from models.identity import IdentityStatus
from models.ledger import AccountKind, TransactionKind
from models.member import MEMBER_BLOCKED
from models.protection import AccountClosure, ClosureStatus

BARRED = "barred-list"
WITHDRAW_DAYS = 2
REFUND_DAYS = 2
UNCLAIMED_DAYS = 180
# Orders that will not pay any more: what they did not pay is back on the member's cash.
_FINISHED = (
    WithdrawalStatus.RECEIVED,
    WithdrawalStatus.AUTO_RECEIVED,
    WithdrawalStatus.REJECTED,
    WithdrawalStatus.REFUNDED,
)


@dataclass(frozen=True)
class Progress:
    notified: list[int]
    closed: list[int]
    settled: list[int]

    @property
    def members(self) -> list[int]:
        """Whose money or account changed (their open pages are told after the commit)."""
        return sorted({*self.notified, *self.closed, *self.settled})


def _shown(moment: datetime) -> str:
    return moment.isoformat(timespec="minutes")


async def _notify(session: AsyncSession, member: Member, found_at: datetime, now: datetime) -> None:
    assert member.id is not None
    language = member_language(member)
    until = now + timedelta(days=WITHDRAW_DAYS)
    session.add(
        AccountClosure(
            member_id=member.id,
            merchant_id=member.merchant_id,
            reason=BARRED,
            found_at=found_at,
            notified_at=now,
            withdraw_until=until,
        )
    )
    await message(
        session,
        member,
        MessageKind.ACCOUNT_CLOSING,
        "closure-notice",
        now,
        {"until": _shown(until)},
        language,
    )
    await stop_play_in(session, member, "closure", bonus.ACCOUNT_CLOSURE, now, language)


async def _notify_new(session: AsyncSession, now: datetime) -> list[int]:
    """Step 1 for every barred account without a closure yet."""
    found = (
        await session.exec(
            select(MemberIdentity, Member)
            .join(Member, col(Member.id) == col(MemberIdentity.member_id))
            .where(
                MemberIdentity.status == IdentityStatus.BARRED,
                ~select(AccountClosure.member_id)
                .where(AccountClosure.member_id == MemberIdentity.member_id)
                .exists(),
            )
            .order_by(col(MemberIdentity.member_id))
            .with_for_update(of=Member)
        )
    ).all()
    for identity, member in found:
        await _notify(session, member, identity.decided_at or now, now)
    return [identity.member_id for identity, _ in found]


async def _close(session: AsyncSession, closure: AccountClosure, now: datetime) -> None:
    member = await session.get(Member, closure.member_id, with_for_update=True)
    identity = await session.get(MemberIdentity, closure.member_id)
    assert member is not None and identity is not None
    brand = await brands.by_id(member.merchant_id)
    language = member_language(member, brand.default_language)
    member.status = MEMBER_BLOCKED
    session.add(member)
    ended = await sessions.end_sessions_in(session, closure.member_id, now)
    await log(session, member, "sessions-ended", now, params={"count": ended}, language=language)
    holder = member.payee_name or identity.full_name or member.username
    account = await payout_accounts.own_cpf_account_in(session, member, identity.cpf, holder)
    order = await withdrawals.compulsory_refund_in(
        session, brand, closure.member_id, account.id or 0, now
    )
    closure.closed_at = now
    closure.unclaimed_due = now + timedelta(days=UNCLAIMED_DAYS)
    if order is None:
        closure.status, closure.settled_at = ClosureStatus.CLOSED, now
        await log(session, member, "closure-closed", now, language=language)
    else:
        closure.status = ClosureStatus.REFUNDING
        closure.refund_order_no, closure.refund_amount = order.order_no, order.amount
        await message(
            session,
            member,
            MessageKind.ACCOUNT_CLOSED,
            "closure-refund",
            now,
            {
                "amount": order.amount,
                "account": payout_accounts.masked(account),
                "due": _shown(now + timedelta(days=REFUND_DAYS)),
            },
            language,
        )
    session.add(closure)


async def _close_due(session: AsyncSession, now: datetime) -> list[int]:
    """Step 2 for every closure whose withdrawal window has passed."""
    due = (
        await session.exec(
            select(AccountClosure)
            .where(
                AccountClosure.status == ClosureStatus.NOTIFIED,
                col(AccountClosure.withdraw_until) <= now,
            )
            .order_by(col(AccountClosure.member_id))
            .with_for_update()
        )
    ).all()
    for closure in due:
        await _close(session, closure, now)
    return [closure.member_id for closure in due]


async def _set_apart(session: AsyncSession, closure: AccountClosure, now: datetime) -> None:
    """What the refund could not pay, from the member's cash to the unclaimed funds."""
    member = await session.get(Member, closure.member_id)
    assert member is not None
    brand = await brands.by_id(member.merchant_id)
    cash = await ledger.account(
        session, merchant_id=brand.id, kind=AccountKind.MEMBER_CASH, currency=brand.currency,
        member_id=closure.member_id, lock=True,
    )  # fmt: skip
    amount = Decimal(cash.balance)
    if amount > 0:
        await ledger.transfer(
            session,
            merchant_id=brand.id,
            member_id=closure.member_id,
            currency=brand.currency,
            kind=TransactionKind.UNCLAIMED,
            idempotency_key=f"unclaimed:{closure.member_id}",
            from_=ledger.of_member(AccountKind.MEMBER_CASH),
            to=ledger.of_merchant(AccountKind.UNCLAIMED_FUNDS, sharded=False),
            amount=amount,
            reference=closure.refund_order_no or "",
        )
    closure.status, closure.unclaimed_amount = ClosureStatus.UNCLAIMED, amount
    closure.settled_at = now
    await log(
        session, member, "closure-unclaimed", now, params={"amount": amount},
        language=member_language(member, brand.default_language),
    )  # fmt: skip


async def _settle(session: AsyncSession, now: datetime) -> list[int]:
    """Step 3: refunds paid in full settle; unpaid money is set apart when its day comes."""
    refunding = (
        await session.exec(
            select(AccountClosure, WithdrawalOrder)
            .join(WithdrawalOrder, col(WithdrawalOrder.order_no) == AccountClosure.refund_order_no)
            .where(AccountClosure.status == ClosureStatus.REFUNDING)
            .order_by(col(AccountClosure.member_id))
            .with_for_update(of=AccountClosure)
        )
    ).all()
    settled: list[int] = []
    for closure, order in refunding:
        if order.status not in _FINISHED:
            continue  # still being paid or looked into
        if order.paid_amount == order.amount and order.status != WithdrawalStatus.REFUNDED:
            member = await session.get(Member, closure.member_id)
            assert member is not None
            closure.status, closure.settled_at = ClosureStatus.CLOSED, now
            await log(session, member, "closure-closed", now, language=member_language(member))
        elif closure.unclaimed_due is not None and closure.unclaimed_due <= now:
            await _set_apart(session, closure, now)
        else:
            continue
        session.add(closure)
        settled.append(closure.member_id)
    return settled


async def advance(session: AsyncSession, now: datetime) -> Progress:
    """Every step that is due at `now` (building block: the job's transaction)."""
    return Progress(
        notified=await _notify_new(session, now),
        closed=await _close_due(session, now),
        settled=await _settle(session, now),
    )
