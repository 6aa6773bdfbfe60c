"""The member's inbox (spec 4, inbox message kinds): written in the same transaction as the
event it reports; its text comes from the catalog in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import update as sql_update
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate, ui_language
from app.core.i18n.formatting import CENTS, format_points
from app.services import wallet_events
from app.services.brands import Money, brands
from models import Member
from models.base import saved_id
from models.cashier import MemberMessage, MessageKind
from models.protection import LimitKind


@dataclass(frozen=True)
class InboxMessage:
    """One message as its reader sees it: title and body in the reader's language."""

    id: int
    kind: str
    title: str
    body: str
    read: bool
    created_at: datetime


async def post_message(
    session: AsyncSession, member_id: int, kind: MessageKind, params: dict[str, Any]
) -> None:
    session.add(MemberMessage(member_id=member_id, kind=kind, params=params))


async def unread_count(member_id: int) -> int:
    async with session_scope() as session:
        statement = select(func.count()).where(
            MemberMessage.member_id == member_id, col(MemberMessage.read_at).is_(None)
        )
        return int((await session.exec(statement)).one())


# Parameters that hold money (stored as text in JSON), shown the reader's way with the
# brand's currency (R$ 1.234,50); a reward paid in loyalty points is a count of points (12,5),
# not money.
MONEY_PARAMS = frozenset({"amount", "converted"})
POINTS_REWARD = "POINTS"
# A limit's figures (used, of a limit of value) are money for a limit of money (deposit,
# loss, wagering); a count of bets or minutes of play otherwise.
LIMIT_MESSAGES = frozenset({MessageKind.LIMIT_ALERT, MessageKind.LIMIT_CHANGED})
LIMIT_FIGURES = frozenset({"used", "value"})


def _money_params(kind: str, params: dict[str, Any]) -> frozenset[str]:
    limit = str(params.get("kind", ""))
    if kind in LIMIT_MESSAGES and limit in LimitKind.__members__ and LimitKind(limit).money:
        return MONEY_PARAMS | LIMIT_FIGURES
    return MONEY_PARAMS


def _param(
    params: dict[str, Any],
    name: str,
    value: Any,
    language: str,
    money: Money,
    names: frozenset[str],
) -> Any:
    if name not in names or not isinstance(value, str):
        return value
    try:
        number = Decimal(value)
    except InvalidOperation:
        return value
    if params.get("reward") == POINTS_REWARD:
        return format_points(number, ui_language(language))
    return money.in_message(number)


def _shown(m: MemberMessage, language: str, money: Money) -> InboxMessage:
    """`money`: how the member's brand writes its amounts (R$ and cents; none in dong)."""
    raw = m.params or {}
    names = _money_params(m.kind, raw)
    params = {name: _param(raw, name, value, language, money, names) for name, value in raw.items()}
    return InboxMessage(
        id=saved_id(m.id),
        kind=m.kind,
        title=translate(f"inbox.{m.kind}.title", language),
        body=translate(f"inbox.{m.kind}.body", language, **params),
        read=m.read_at is not None,
        created_at=m.created_at,
    )


async def messages(
    member_id: int, language: str, limit: int = 50, offset: int = 0
) -> list[InboxMessage]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(MemberMessage)
                .where(MemberMessage.member_id == member_id)
                .order_by(col(MemberMessage.id).desc())
                .offset(offset)
                .limit(limit)
            )
        ).all()
        member = await session.get(Member, member_id)
    money = Money.of(await brands.by_id(member.merchant_id)) if member else Money("", CENTS)
    return [_shown(m, language, money) for m in rows]


@dataclass(frozen=True)
class InboxPage:
    items: list[InboxMessage]
    total: int
    unread: int
    page: int
    page_size: int


MAX_IDS = 100


async def page(member_id: int, language: str, page: int = 1, page_size: int = 10) -> InboxPage:
    """messageV2: the member's messages, newest first, a page at a time, with the counts."""
    if page < 1 or not 1 <= page_size <= 50:
        raise AppError("inbox-invalid", 422)
    async with session_scope() as session:
        total = (
            await session.exec(select(func.count()).where(MemberMessage.member_id == member_id))
        ).one()
    items = await messages(member_id, language, page_size, (page - 1) * page_size)
    return InboxPage(items, int(total), await unread_count(member_id), page, page_size)


def _ids(ids: list[int]) -> list[int]:
    if len(ids) > MAX_IDS or any(not isinstance(i, int) or i <= 0 for i in ids):
        raise AppError("inbox-invalid", 422)
    return ids


async def mark_read(member_id: int, ids: list[int], now: datetime, *, every: bool = False) -> int:
    """Mark the member's messages read (`every`: all of them); another member's ids change
    nothing. Returns how many changed; the member's pages refresh their badges."""
    statement = sql_update(MemberMessage).where(
        col(MemberMessage.member_id) == member_id, col(MemberMessage.read_at).is_(None)
    )
    if not every:
        statement = statement.where(col(MemberMessage.id).in_(_ids(ids)))
    async with write_transaction() as session:
        changed = (await session.exec(statement.values(read_at=now))).rowcount
    await wallet_events.balance_changed(member_id)
    return int(changed or 0)


async def delete(member_id: int, ids: list[int]) -> int:
    """Delete the member's own messages among `ids`; returns how many."""
    statement = sql_delete(MemberMessage).where(
        col(MemberMessage.member_id) == member_id, col(MemberMessage.id).in_(_ids(ids))
    )
    async with write_transaction() as session:
        changed = (await session.exec(statement)).rowcount
    await wallet_events.balance_changed(member_id)
    return int(changed or 0)
