"""The customer-service live chat (csType LIVECHAT): a member, or a visitor's browser, writes
to the brand's staff from /chat (opened in the spec's 440 × 750 window) and staff answer from
the console's chat desk (app/services/backoffice/chat_desk.py).

A visitor is known by their browser (the SHA-256 of the HttpOnly browser secret), never by
anything the page sends. Messages are plain text: control characters out, whitespace folded,
at most MAX_CHARS; limited per customer and, for visitors, per address. One OPEN conversation
per customer; staff close it and the next message opens a new one. Pages watch versions in
Redis (one per customer, one per brand's desk) to show new lines without a reload.
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import rate_limit
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import token_digest
from app.services.accounts import limits
from models import ChatConversation, ChatMessage, Member
from models.base import saved_id

logger = logging.getLogger(__name__)

MAX_CHARS = 500
HISTORY = 100  # the latest lines a page shows
OPEN, CLOSED = "OPEN", "CLOSED"
_VERSION_TTL_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Customer:
    """Who writes: a member of the brand, or a visitor's browser."""

    merchant_id: int
    member_id: int | None = None
    visitor_key: str | None = None

    @property
    def key(self) -> str:
        return f"m{self.member_id}" if self.member_id is not None else f"v{self.visitor_key}"


def member_customer(merchant_id: int, member_id: int) -> Customer:
    return Customer(merchant_id, member_id=member_id)


def visitor_customer(merchant_id: int, browser_secret: str | None) -> Customer:
    """A visitor's browser; without its secret cookie there is no chat to continue."""
    if not browser_secret:
        raise AppError("chat-unavailable", status=403)
    return Customer(merchant_id, visitor_key=token_digest(browser_secret))


@dataclass(frozen=True)
class Line:
    from_staff: bool
    author: str  # the staff member's user name; "" for the customer
    body: str
    at: datetime


@dataclass(frozen=True)
class ChatView:
    conversation_id: int
    merchant_id: int
    customer: str  # the member's user name, "" for a visitor
    status: str
    waiting: bool
    updated_at: datetime
    lines: tuple[Line, ...]


# Format characters that build one glyph (family emoji, Persian and Indic words); every other
# control or format character (bidi overrides among them) is dropped.
_JOINERS = frozenset("\u200c\u200d")


def clean(body: object) -> str:
    """The message as stored: printable text on one line, 1 to MAX_CHARS characters."""
    if not isinstance(body, str):
        raise AppError("chat-message-length", status=422, params={"max": MAX_CHARS})
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in body
        if ch.isspace() or ch in _JOINERS or not unicodedata.category(ch).startswith("C")
    )
    text = " ".join(kept.split())
    if not 1 <= len(text) <= MAX_CHARS:
        raise AppError("chat-message-length", status=422, params={"max": MAX_CHARS})
    return text


def _owned_by(customer: Customer) -> Any:
    if customer.member_id is not None:
        return ChatConversation.member_id == customer.member_id
    return ChatConversation.visitor_key == customer.visitor_key


async def _open_of(
    session: AsyncSession, customer: Customer, *, lock: bool = False
) -> ChatConversation | None:
    statement = (
        select(ChatConversation)
        .where(
            ChatConversation.merchant_id == customer.merchant_id,
            ChatConversation.status == OPEN,
            _owned_by(customer),
        )
        .order_by(col(ChatConversation.id).desc())
        .limit(1)
    )
    return (await session.exec(statement.with_for_update() if lock else statement)).first()


async def view_in(session: AsyncSession, conversation: ChatConversation) -> ChatView:
    """The conversation with its latest HISTORY lines, oldest first."""
    conversation_id = saved_id(conversation.id)
    newest = (
        await session.exec(
            select(ChatMessage)
            .where(ChatMessage.conversation_id == conversation_id)
            .order_by(col(ChatMessage.id).desc())
            .limit(HISTORY)
        )
    ).all()
    username = ""
    if conversation.member_id is not None:
        member = await session.get(Member, conversation.member_id)
        username = member.username if member is not None else ""
    return ChatView(
        conversation_id=conversation_id,
        merchant_id=conversation.merchant_id,
        customer=username,
        status=conversation.status,
        waiting=conversation.waiting,
        updated_at=conversation.updated_at,
        lines=tuple(Line(m.from_staff, m.author, m.body, m.created_at) for m in reversed(newest)),
    )


async def current(customer: Customer) -> ChatView | None:
    """The customer's open conversation, if any."""
    async with session_scope() as session:
        conversation = await _open_of(session, customer)
        return None if conversation is None else await view_in(session, conversation)


async def _write(customer: Customer, text: str, now: datetime) -> tuple[ChatConversation, ChatView]:
    """The message under the customer's open conversation, opened when none is."""
    async with write_transaction() as session:
        conversation = await _open_of(session, customer, lock=True)
        if conversation is None:
            conversation = ChatConversation(
                merchant_id=customer.merchant_id,
                member_id=customer.member_id,
                visitor_key=customer.visitor_key,
                created_at=now,
            )
        conversation.waiting, conversation.updated_at = True, now
        session.add(conversation)
        await session.flush()
        session.add(
            ChatMessage(conversation_id=saved_id(conversation.id), body=text, created_at=now)
        )
        await session.flush()
        return conversation, await view_in(session, conversation)


async def send(customer: Customer, body: object, ip: str, now: datetime) -> ChatView:
    """The customer's message (opening a conversation when none is open)."""
    text = clean(body)
    await rate_limit.consume(limits.CHAT_MESSAGES_PER_CUSTOMER, customer.key)
    if customer.member_id is None:
        await rate_limit.consume(limits.CHAT_VISITOR_MESSAGES_PER_ADDRESS, ip)
    try:
        conversation, shown = await _write(customer, text, now)
    except IntegrityError:  # another first message opened it a moment ago: join that one
        conversation, shown = await _write(customer, text, now)
    await changed(conversation)
    return shown


async def staff_conversation_in(
    session: AsyncSession, brand_id: int, conversation_id: int
) -> ChatConversation:
    """A conversation of the brand, locked (chat-not-found otherwise). Building block."""
    conversation = await session.get(ChatConversation, conversation_id, with_for_update=True)
    if conversation is None or conversation.merchant_id != brand_id:
        raise AppError("chat-not-found", status=404)
    return conversation


async def answer_in(
    session: AsyncSession,
    brand_id: int,
    conversation_id: int,
    author: str,
    body: str,
    now: datetime,
) -> ChatConversation:
    """A staff member's line in an open conversation of the brand. Building block: tell
    `changed` after the commit."""
    text = clean(body)
    conversation = await staff_conversation_in(session, brand_id, conversation_id)
    if conversation.status != OPEN:
        raise AppError("chat-closed", status=409)
    session.add(
        ChatMessage(
            conversation_id=conversation_id,
            from_staff=True,
            author=author[:64],
            body=text,
            created_at=now,
        )
    )
    conversation.waiting, conversation.updated_at = False, now
    session.add(conversation)
    return conversation


async def close_in(
    session: AsyncSession, brand_id: int, conversation_id: int, now: datetime
) -> ChatConversation:
    """Close the conversation (the customer's next message opens a new one). Building block."""
    conversation = await staff_conversation_in(session, brand_id, conversation_id)
    if conversation.status != OPEN:
        raise AppError("chat-closed", status=409)
    conversation.status, conversation.waiting, conversation.updated_at = CLOSED, False, now
    session.add(conversation)
    return conversation


@dataclass(frozen=True)
class DeskRow:
    """An open conversation as the desk lists it."""

    conversation_id: int
    customer: str  # the member's user name, "" for a visitor
    waiting: bool
    updated_at: datetime
    last_line: str


async def open_conversations(brand_id: int, limit: int = 100) -> list[DeskRow]:
    """The brand's open conversations with their last line (one query): those waiting for an
    answer first, the longest waiting on top."""
    last_id = (
        select(func.max(ChatMessage.id))
        .where(ChatMessage.conversation_id == ChatConversation.id)
        .correlate(ChatConversation)
        .scalar_subquery()
    )
    async with session_scope() as session:
        found = (
            await session.exec(
                select(ChatConversation, Member.username, ChatMessage.body)
                .outerjoin(Member, col(Member.id) == ChatConversation.member_id)
                .outerjoin(ChatMessage, col(ChatMessage.id) == last_id)
                .where(ChatConversation.merchant_id == brand_id, ChatConversation.status == OPEN)
                .order_by(col(ChatConversation.waiting).desc(), col(ChatConversation.updated_at))
                .limit(limit)
            )
        ).all()
    return [
        DeskRow(
            conversation_id=saved_id(conversation.id),
            customer=username or "",
            waiting=conversation.waiting,
            updated_at=conversation.updated_at,
            last_line=body or "",
        )
        for conversation, username, body in found
    ]


async def conversation(brand_id: int, conversation_id: int) -> ChatView:
    async with session_scope() as session:
        found = await session.get(ChatConversation, conversation_id)
        if found is None or found.merchant_id != brand_id:
            raise AppError("chat-not-found", status=404)
        return await view_in(session, found)


# --- live versions ------------------------------------------------------------------------


def _customer_key(conversation: ChatConversation) -> str:
    owner = Customer(conversation.merchant_id, conversation.member_id, conversation.visitor_key)
    return f"chat-version:{owner.key}"


def _desk_key(brand_id: int) -> str:
    return f"chat-desk-version:{brand_id}"


async def changed(conversation: ChatConversation) -> None:
    """After a commit: the customer's page and the brand's desk show the change. Skipped when
    Redis is out of reach (the next change or reload shows it)."""
    redis = get_redis()
    try:
        async with redis.pipeline(transaction=False) as pipe:
            for key in (_customer_key(conversation), _desk_key(conversation.merchant_id)):
                pipe.incr(key)
                pipe.expire(key, _VERSION_TTL_SECONDS)
            await pipe.execute()
    except (RedisConnectionError, RedisTimeoutError) as exc:
        logger.warning("chat signal skipped: %s", type(exc).__name__)


async def _version(key: str) -> int:
    value = await get_redis().get(key)
    return int(value) if value else 0


async def customer_version(customer: Customer) -> int:
    return await _version(f"chat-version:{customer.key}")


async def desk_version(brand_id: int) -> int:
    return await _version(_desk_key(brand_id))
