"""Transfers inside an agent's team (spec 1 and 2): an agent sends cash to a member of its own
downline (direct or deeper), and a member sends cash to its upline agent (/transferUpline).

Each transfer is one ledger movement between the two members' cash accounts, keyed by the
sender and the request id the page made (a retry or a double click moves the money once);
the payment password is checked first, limits and the tree are checked inside the write
transaction, and both sides get an inbox message. The records are the ledger's own
entries on the member's cash account, so both sides see the same movement."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import Table, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, gates, ledger
from app.services.accounts.payment_password import check_payment_password
from app.services.agents import tree
from app.services.agents.contracts import mask
from app.services.brands import Brand
from app.services.cashier.transfers import member_wallet
from app.services.inbox import post_message
from models import Member
from models.base import saved_id
from models.cashier import MessageKind
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


def parse_amount(value: object) -> Decimal:
    """A transfer amount (the site's one money parser), within the transfer limits."""
    amount = amounts.parse_amount(value, "agent-transfer-invalid-amount")
    if amount < MIN_AMOUNT or amount > MAX_AMOUNT:
        raise AppError(
            "agent-transfer-limits", 422, params={"min": str(MIN_AMOUNT), "max": str(MAX_AMOUNT)}
        )
    return amount


async def recipient(agent: Member, member_id: int) -> str:
    """The masked name of a member the agent may transfer to (its own downline only)."""
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
    if not tree.is_agent(agent):
        raise AppError("agent-only", 403)
    checked = parse_amount(amount)
    key = _request_id(request_id)
    await check_payment_password(agent, payment_password)
    async with write_transaction() as session:
        receiver = await tree.require_downline(session, agent, int(downline_id))
        return await _move(session, brand, agent, receiver, checked, key, Direction.DOWN)


async def to_upline(
    brand: Brand, member: Member, amount: object, payment_password: str, request_id: str
) -> Transfer:
    """/transferUpline: a member sends cash to its upline agent."""
    if member.upline_id is None:
        raise AppError("agent-transfer-no-upline", 409)
    checked = parse_amount(amount)
    key = _request_id(request_id)
    await check_payment_password(member, payment_password)
    async with write_transaction() as session:
        upline = await session.get(Member, member.upline_id)
        if upline is None or upline.merchant_id != member.merchant_id:
            raise AppError("agent-transfer-no-upline", 409)
        return await _move(session, brand, member, upline, checked, key, Direction.UP)


async def _move(
    session: AsyncSession,
    brand: Brand,
    sender: Member,
    receiver: Member,
    amount: Decimal,
    request_id: str,
    direction: Direction,
) -> Transfer:
    sender_id, receiver_id = saved_id(sender.id), saved_id(receiver.id)
    if sender_id == receiver_id or receiver.merchant_id != brand.id:
        raise AppError("agent-not-in-downline", 404)
    await gates.require_reachable(session, receiver, clock.now())
    accounts = {}
    for member_id in sorted((sender_id, receiver_id)):
        found = await ledger.account(
            session,
            merchant_id=brand.id,
            kind=AccountKind.MEMBER_CASH,
            currency=brand.currency,
            member_id=member_id,
        )
        accounts[member_id] = saved_id(found.id)
    posted = await ledger.move(
        session,
        merchant_id=brand.id,
        kind=TransactionKind.TRANSFER,
        idempotency_key=f"{REFERENCE}:{sender_id}:{request_id}",
        debit_account_id=accounts[sender_id],
        credit_account_id=accounts[receiver_id],
        amount=amount,
        reference=f"{REFERENCE}:{direction.value}",
        member_id=sender_id,
        metadata={"from": sender_id, "to": receiver_id, "direction": direction.value},
    )
    if not posted.replay:
        await post_message(
            session,
            sender_id,
            MessageKind.AGENT_TRANSFER_SENT,
            {"amount": str(amount), "other": mask(receiver.username)},
        )
        await post_message(
            session,
            receiver_id,
            MessageKind.AGENT_TRANSFER_RECEIVED,
            {"amount": str(amount), "other": mask(sender.username)},
        )
    return Transfer(
        posted.transaction_id, direction, amount, mask(receiver.username), posted.replay
    )


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
