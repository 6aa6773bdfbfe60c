"""Transfers inside an agent's team (spec 1 and 2): an agent sends cash to a member of its own
downline (direct or deeper), and a member sends cash to its upline agent (/transferUpline).

Transfers exist only where the brand's jurisdiction profile allows them (`member_transfers`;
Brazil: off, money comes in and goes out through the member's own CPF only); every door
(the API, the agent centre) goes through `require_transfers_allowed`.

Each transfer is one ledger movement between the two members' cash accounts, keyed by the
sender and the request id the page made (a retry or a double click moves the money once);
the payment password is checked first, limits and the tree are checked inside the write
transaction, and both sides get an inbox message. The money keeps its origin: the transfer
carries the sender's withdrawal wagering still owed on it to the receiver (a `MemberTransfer`
row the withdrawal rule reads). Daily limits per sender and per receiver (amount and count)
refuse; a fan-out (one sender to many receivers in a day) or a round trip (the receiver sent
to the sender within the window) is held on the sender's locked account until the risk team
releases it to the receiver or returns it (the console's transfer review). The records are
the ledger's own entries on the member's cash account, so both sides see the same movement."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import Table, func, select
from sqlmodel import col
from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, gates, ledger
from app.services.accounts.payment_password import check_payment_password
from app.services.agents import periods, tree
from app.services.agents.contracts import mask
from app.services.brands import Brand, Money
from app.services.cashier import withdrawals
from app.services.cashier.transfers import member_wallet
from app.services.currencies import limit_scale, minor_digits
from app.services.inbox import post_message
from app.services.jurisdiction import profile_of
from models import Member, MemberTransfer
from models.base import saved_id
from models.cashier import MessageKind, TransferFlag, TransferStatus
from models.ledger import (
    AccountKind,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    TransactionKind,
    account_owner_key,
)

MIN_AMOUNT = Decimal("1.00")
MAX_AMOUNT = Decimal("50000.00")
REFERENCE = "agent-transfer"
RETURN_REFERENCE = "agent-transfer-return"
CENT = Decimal("0.01")
REQUEST_ID = re.compile(r"^[A-Za-z0-9-]{8,64}$")
MAX_PAGE = 100
_ENTRIES: Table = LedgerEntry.__table__  # type: ignore[attr-defined]
_TRANSACTIONS: Table = LedgerTransaction.__table__  # type: ignore[attr-defined]
_ACCOUNTS: Table = LedgerAccount.__table__  # type: ignore[attr-defined]
_MEMBERS: Table = Member.__table__  # type: ignore[attr-defined]


class Direction(StrEnum):
    DOWN = "DOWN"  # an agent to a member of its downline
    UP = "UP"  # a member to its upline agent


@dataclass(frozen=True)
class Transfer:
    transaction_id: int
    direction: Direction
    amount: Decimal
    counterpart: str  # masked username of the other side
    replay: bool
    held: bool = False  # flagged: waits for the risk team, the receiver has nothing yet


@dataclass(frozen=True)
class TransferRecord:
    transaction_id: int
    direction: Direction
    sent: bool  # True: the member sent it; False: received
    amount: Decimal  # signed: negative when sent
    balance_after: Decimal
    counterpart: str
    created_at: datetime


@dataclass(frozen=True)
class TransferPage:
    rows: list[TransferRecord]
    total: int


def parse_amount(value: object, currency: str, symbol: str = "") -> Decimal:
    """A transfer amount in the brand's currency (the site's one money parser, no more than
    its minor digits), within the transfer limits (written in reais, scaled like every
    limit); a refusal writes the limits with the currency's `symbol` (brands.Money)."""
    digits = minor_digits(currency)
    amount = amounts.parse_amount(value, "agent-transfer-invalid-amount", digits=digits)
    scale = limit_scale(currency)
    low, high = MIN_AMOUNT * scale, MAX_AMOUNT * scale
    if not low <= amount <= high:
        money = Money(symbol, digits)
        bounds = {"min": money.in_message(low), "max": money.in_message(high)}
        raise AppError("agent-transfer-limits", 422, params=bounds)
    return amount


def transfers_allowed(brand: Brand) -> bool:
    """Does the brand's jurisdiction allow transfers between members at all?"""
    return profile_of(brand).member_transfers


def require_transfers_allowed(brand: Brand) -> None:
    """Every transfer door starts here: refused where the market allows none."""
    if not transfers_allowed(brand):
        raise AppError("member-transfers-off", 403)


async def recipient(brand: Brand, agent: Member, member_id: int) -> str:
    """The masked name of a member the agent may transfer to (its own downline only)."""
    require_transfers_allowed(brand)
    if not tree.is_agent(agent):
        raise AppError("agent-only", 403)
    async with session_scope() as session:
        return mask((await tree.require_downline(session, agent, member_id)).username)


async def upline_name(member: Member) -> str:
    """The member's upline agent, masked; empty when the member has none."""
    if member.upline_id is None:
        return ""
    async with session_scope() as session:
        upline = await session.get(Member, member.upline_id)
    return mask(upline.username) if upline is not None else ""


async def cash(brand: Brand, member: Member) -> Decimal:
    return (await member_wallet(brand, saved_id(member.id))).cash


def _request_id(value: str) -> str:
    if not REQUEST_ID.fullmatch(value or ""):
        raise AppError("agent-transfer-invalid-request", 422)
    return value


async def to_downline(
    brand: Brand,
    agent: Member,
    downline_id: int,
    amount: object,
    payment_password: str,
    request_id: str,
) -> Transfer:
    """An agent sends cash to a member of its own downline (any depth)."""
    require_transfers_allowed(brand)
    if not tree.is_agent(agent):
        raise AppError("agent-only", 403)
    checked = parse_amount(amount, brand.currency, brand.currency_symbol)
    key = _request_id(request_id)
    await check_payment_password(agent, payment_password)
    now = clock.now()
    async with write_transaction() as session:
        receiver = await tree.require_downline(session, agent, int(downline_id))
        return await _move(session, brand, agent, receiver, checked, key, Direction.DOWN, now)


async def to_upline(
    brand: Brand, member: Member, amount: object, payment_password: str, request_id: str
) -> Transfer:
    """/transferUpline: a member sends cash to its upline agent."""
    require_transfers_allowed(brand)
    if member.upline_id is None:
        raise AppError("agent-transfer-no-upline", 409)
    checked = parse_amount(amount, brand.currency, brand.currency_symbol)
    key = _request_id(request_id)
    await check_payment_password(member, payment_password)
    now = clock.now()
    async with write_transaction() as session:
        upline = await session.get(Member, member.upline_id)
        if upline is None or upline.merchant_id != member.merchant_id:
            raise AppError("agent-transfer-no-upline", 409)
        return await _move(session, brand, member, upline, checked, key, Direction.UP, now)


async def _move(
    session: AsyncSession,
    brand: Brand,
    sender: Member,
    receiver: Member,
    amount: Decimal,
    request_id: str,
    direction: Direction,
    now: datetime,
) -> Transfer:
    sender_id, receiver_id = saved_id(sender.id), saved_id(receiver.id)
    if sender_id == receiver_id or receiver.merchant_id != brand.id:
        raise AppError("agent-not-in-downline", 404)
    await gates.require_reachable(session, receiver, now)
    # One transfer or withdrawal of either member at a time: limits, patterns and the
    # wagering carried are read true (the withdrawal request locks the same row).
    for member_id in sorted((sender_id, receiver_id)):
        await session.exec(sm_select(Member.id).where(Member.id == member_id).with_for_update())
    key = f"{sender_id}:{request_id}"
    known = (
        await session.exec(sm_select(MemberTransfer).where(MemberTransfer.request_key == key))
    ).first()
    if known is not None:
        if known.receiver_id != receiver_id or known.amount != amount:
            raise AppError("ledger-idempotency-conflict", 409)
        return _transfer(known, receiver, replay=True)
    await _check_daily_limits(session, brand, sender_id, receiver_id, amount, now)
    flag = await _pattern(session, brand, sender_id, receiver_id, now)
    posted = await ledger.transfer(
        session,
        merchant_id=brand.id,
        member_id=sender_id,
        currency=brand.currency,
        kind=TransactionKind.TRANSFER,
        idempotency_key=f"{REFERENCE}:{sender_id}:{request_id}",
        from_=ledger.of_member(AccountKind.MEMBER_CASH),
        to=(
            ledger.of_member(AccountKind.MEMBER_LOCKED)
            if flag is not None
            else ledger.of_member(AccountKind.MEMBER_CASH, member_id=receiver_id)
        ),
        amount=amount,
        reference=f"{REFERENCE}:{direction.value}",
        metadata={"from": sender_id, "to": receiver_id, "direction": direction.value},
    )
    row = MemberTransfer(
        merchant_id=brand.id,
        sender_id=sender_id,
        receiver_id=receiver_id,
        request_key=key,
        direction=direction.value,
        amount=amount,
        status=TransferStatus.HELD if flag is not None else TransferStatus.DONE,
        flag=flag,
        transaction_id=posted.transaction_id,
        created_at=now,
    )
    if flag is None:
        await _settle(session, brand, row, sender, receiver, now)
    session.add(row)
    return _transfer(row, receiver, replay=False)


def _transfer(row: MemberTransfer, receiver: Member, *, replay: bool) -> Transfer:
    return Transfer(
        row.transaction_id,
        Direction(row.direction),
        row.amount,
        mask(receiver.username),
        replay,
        held=row.status == TransferStatus.HELD,
    )


async def _settle(
    session: AsyncSession,
    brand: Brand,
    row: MemberTransfer,
    sender: Member,
    receiver: Member,
    now: datetime,
) -> None:
    """The receiver has the money: it carries the sender's wagering still owed on it (at
    most the amount at the sender's multiplier), and both sides are told."""
    owed = await withdrawals.remaining_wagering(session, brand, row.sender_id)
    share = (row.amount * owed.multiplier).quantize(CENT)
    row.carried_wagering = min(owed.remaining, share)
    row.settled_at = now
    await post_message(
        session,
        row.sender_id,
        MessageKind.AGENT_TRANSFER_SENT,
        {"amount": str(row.amount), "other": mask(receiver.username)},
    )
    await post_message(
        session,
        row.receiver_id,
        MessageKind.AGENT_TRANSFER_RECEIVED,
        {"amount": str(row.amount), "other": mask(sender.username)},
    )


async def _today(
    session: AsyncSession, brand: Brand, member_id: int, now: datetime, *, sent: bool
) -> tuple[Decimal, int]:
    """What the member sent (or received) today, the brand's local day; returned holds
    do not count."""
    start, _ = periods.bounds("D", now, brand.timezone)
    side = MemberTransfer.sender_id if sent else MemberTransfer.receiver_id
    total, count = (
        await session.exec(
            sm_select(func.coalesce(func.sum(MemberTransfer.amount), 0), func.count()).where(
                side == member_id,
                col(MemberTransfer.created_at) >= start,
                MemberTransfer.status != TransferStatus.RETURNED,
            )
        )
    ).one()
    return Decimal(total), int(count)


async def _check_daily_limits(
    session: AsyncSession,
    brand: Brand,
    sender_id: int,
    receiver_id: int,
    amount: Decimal,
    now: datetime,
) -> None:
    settings = get_settings()
    limits = (
        (sender_id, True, settings.transfer_daily_send_amount, settings.transfer_daily_send_count),
        (
            receiver_id,
            False,
            settings.transfer_daily_receive_amount,
            settings.transfer_daily_receive_count,
        ),
    )
    for member_id, sent, most, count in limits:
        total, done = await _today(session, brand, member_id, now, sent=sent)
        if total + amount > most or done + 1 > count:
            code = "transfer-daily-send-limit" if sent else "transfer-daily-receive-limit"
            shown = {"amount": Money.of(brand).in_message(most), "count": count}
            raise AppError(code, 429, params=shown)


async def _pattern(
    session: AsyncSession, brand: Brand, sender_id: int, receiver_id: int, now: datetime
) -> str | None:
    """The unusual pattern this transfer would make, if any: a round trip (the receiver
    sent to the sender within the window) or a fan-out (too many receivers today)."""
    settings = get_settings()
    back = (
        await session.exec(
            sm_select(MemberTransfer.id).where(
                MemberTransfer.sender_id == receiver_id,
                MemberTransfer.receiver_id == sender_id,
                col(MemberTransfer.created_at)
                >= now - timedelta(hours=settings.transfer_round_trip_hours),
                MemberTransfer.status != TransferStatus.RETURNED,
            )
        )
    ).first()
    if back is not None:
        return TransferFlag.ROUND_TRIP
    start, _ = periods.bounds("D", now, brand.timezone)
    receivers = set(
        (
            await session.exec(
                sm_select(MemberTransfer.receiver_id).where(
                    MemberTransfer.sender_id == sender_id,
                    col(MemberTransfer.created_at) >= start,
                    MemberTransfer.status != TransferStatus.RETURNED,
                )
            )
        ).all()
    )
    if len(receivers | {receiver_id}) > settings.transfer_fan_out_receivers:
        return TransferFlag.FAN_OUT
    return None


async def decide_held_in(
    session: AsyncSession,
    brand: Brand,
    transfer_id: int,
    *,
    release: bool,
    staff_id: int,
    note: str,
    now: datetime,
) -> MemberTransfer:
    """Building block of the risk team's review: a held transfer goes on to its receiver
    (carrying the sender's wagering owed then) or back to its sender's cash. The caller
    writes the audit entry in this transaction."""
    row = (
        await session.exec(
            sm_select(MemberTransfer)
            .where(MemberTransfer.id == transfer_id, MemberTransfer.merchant_id == brand.id)
            .with_for_update()
        )
    ).first()
    if row is None:
        raise AppError("transfer-review-unknown", 404)
    if row.status != TransferStatus.HELD:
        raise AppError("transfer-review-decided", 409)
    for member_id in sorted((row.sender_id, row.receiver_id)):
        await session.exec(sm_select(Member.id).where(Member.id == member_id).with_for_update())
    sender = await session.get(Member, row.sender_id)
    receiver = await session.get(Member, row.receiver_id)
    assert sender is not None and receiver is not None
    to = row.receiver_id if release else row.sender_id
    await ledger.transfer(
        session,
        merchant_id=brand.id,
        member_id=row.sender_id,
        currency=brand.currency,
        kind=TransactionKind.TRANSFER,
        idempotency_key=f"{REFERENCE}-review:{row.id}",
        from_=ledger.of_member(AccountKind.MEMBER_LOCKED),
        to=ledger.of_member(AccountKind.MEMBER_CASH, member_id=to),
        amount=row.amount,
        reference=f"{REFERENCE if release else RETURN_REFERENCE}:{row.direction}",
        metadata={"from": row.sender_id, "to": row.receiver_id, "direction": row.direction},
    )
    if release:
        await _settle(session, brand, row, sender, receiver, now)
    else:
        await post_message(
            session,
            row.sender_id,
            MessageKind.AGENT_TRANSFER_RETURNED,
            {"amount": str(row.amount), "other": mask(receiver.username)},
        )
    row.status = TransferStatus.RELEASED if release else TransferStatus.RETURNED
    row.decided_by_staff = staff_id
    row.decision_note = note
    session.add(row)
    return row


async def records(
    brand: Brand,
    member: Member,
    since: datetime,
    until: datetime,
    *,
    page: int = 1,
    size: int = 20,
) -> TransferPage:
    """The member's team transfers, sent and received, newest first: the ledger entries of
    its cash account whose transaction is a team transfer."""
    member_id = saved_id(member.id)
    size = max(1, min(int(size), MAX_PAGE))
    page = max(1, int(page))
    owner = account_owner_key(brand.id, member_id, AccountKind.MEMBER_CASH, brand.currency)
    joined = _ENTRIES.join(_TRANSACTIONS, _TRANSACTIONS.c.id == _ENTRIES.c.transaction_id).join(
        _ACCOUNTS, _ACCOUNTS.c.id == _ENTRIES.c.account_id
    )
    conditions = [
        _ACCOUNTS.c.owner_key == owner,
        _TRANSACTIONS.c.kind == TransactionKind.TRANSFER.value,
        _TRANSACTIONS.c.reference.startswith(f"{REFERENCE}:"),
        _ENTRIES.c.created_at >= since,
        _ENTRIES.c.created_at < until,
    ]
    async with session_scope() as session:
        connection = await session.connection()
        total = (
            await connection.execute(select(func.count()).select_from(joined).where(*conditions))
        ).scalar_one()
        rows = (
            await connection.execute(
                select(
                    _TRANSACTIONS.c.id,
                    _TRANSACTIONS.c.reference,
                    _TRANSACTIONS.c.member_id,
                    _TRANSACTIONS.c["metadata"].label("details"),
                    _ENTRIES.c.amount,
                    _ENTRIES.c.balance_after,
                    _ENTRIES.c.created_at,
                )
                .select_from(joined)
                .where(*conditions)
                .order_by(_ENTRIES.c.id.desc())
                .offset((page - 1) * size)
                .limit(size)
            )
        ).all()
        others = {
            int((row.details or {}).get("to" if row.member_id == member_id else "from", 0))
            for row in rows
        }
        names = dict(
            (
                await connection.execute(
                    select(_MEMBERS.c.id, _MEMBERS.c.username).where(_MEMBERS.c.id.in_(others))
                )
            ).all()
        )
    found = []
    for row in rows:
        sent = row.member_id == member_id
        other = int((row.details or {}).get("to" if sent else "from", 0))
        found.append(
            TransferRecord(
                transaction_id=int(row.id),
                direction=Direction(str(row.reference).rsplit(":", 1)[-1]),
                sent=sent,
                amount=_cents(row.amount),
                balance_after=_cents(row.balance_after),
                counterpart=mask(str(names.get(other, ""))),
                created_at=_aware(row.created_at),
            )
        )
    return TransferPage(found, int(total))


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _cents(value: object) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"))
