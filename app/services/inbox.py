"""The member's inbox (spec 4, inbox message kinds): written in the same transaction as the
event it reports; its text comes from the catalog in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from app.core.i18n import translate
from models.base import saved_id
from models.cashier import MemberMessage, MessageKind


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


async def messages(member_id: int, language: str, limit: int = 50) -> list[InboxMessage]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(MemberMessage)
                .where(MemberMessage.member_id == member_id)
                .order_by(col(MemberMessage.id).desc())
                .limit(limit)
            )
        ).all()
    return [
        InboxMessage(
            id=saved_id(m.id),
            kind=m.kind,
            title=translate(f"inbox.{m.kind}.title", language),
            body=translate(f"inbox.{m.kind}.body", language, **m.params),
            read=m.read_at is not None,
            created_at=m.created_at,
        )
        for m in rows
    ]
