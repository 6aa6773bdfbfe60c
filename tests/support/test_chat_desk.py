"""The customer-service live chat: messages cleaned and bounded, a member's and a visitor's
browser each in their own conversation, staff answers and closes (audited), the versions
that keep both pages live, the limits, and another brand's staff refused."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import browser_logins
from app.services.backoffice import chat_desk
from app.services.support import live_chat
from models import AuditEntry, ChatConversation
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, merchant_id


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("  hello\n\n  there\t!  ", "hello there !"),
        ("bell\x07 and \u200bzero width", "bell and zero width"),
        ("<b>not html</b>", "<b>not html</b>"),  # stored as text, shown as text
        (
            "a family \U0001f468\u200d\U0001f469\u200d\U0001f467",
            "a family \U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
        ("pay \u202eRB 001\u202c now", "pay RB 001 now"),  # a bidi override cannot flip text
        ("é" * live_chat.MAX_CHARS, "é" * live_chat.MAX_CHARS),
    ],
)
def test_messages_are_one_line_of_printable_text(raw: str, kept: str) -> None:
    assert live_chat.clean(raw) == kept


@pytest.mark.parametrize("raw", ["", "   \n\t", "\x00\x01", "x" * (live_chat.MAX_CHARS + 1), 42])
def test_empty_or_long_messages_are_refused(raw: object) -> None:
    with pytest.raises(AppError) as refused:
        live_chat.clean(raw)
    assert refused.value.code == "chat-message-length"


async def test_a_member_chats_with_staff_until_closed() -> None:
    brand_id = await merchant_id("BR1")
    member = await make_member("BR1")
    customer = live_chat.member_customer(brand_id, member.id or 0)
    assert await live_chat.current(customer) is None
    before = await live_chat.customer_version(customer)
    desk_before = await live_chat.desk_version(brand_id)

    first = await live_chat.send(customer, "My deposit is late", "10.2.0.1", utcnow())
    again = await live_chat.send(customer, "PIX at 10:00", "10.2.0.1", utcnow())
    assert again.conversation_id == first.conversation_id and again.waiting
    assert [line.body for line in again.lines] == ["My deposit is late", "PIX at 10:00"]
    assert await live_chat.customer_version(customer) == before + 2
    assert await live_chat.desk_version(brand_id) >= desk_before + 2

    staff = await make_staff("support", "BR1")
    listed = await chat_desk.conversations(staff, "BR1", utcnow())
    [row] = [view for view in listed if view.conversation_id == first.conversation_id]
    assert (row.customer, row.waiting, row.last_line) == (member.username, True, "PIX at 10:00")
    answered = await chat_desk.answer(
        staff, "BR1", first.conversation_id, "Credited now.", utcnow()
    )
    assert not answered.waiting
    assert [(line.from_staff, line.author) for line in answered.lines][-1] == (
        True,
        staff.username,
    )
    mine = await live_chat.current(customer)
    assert mine is not None and mine.lines[-1].body == "Credited now."
    relisted = await chat_desk.conversations(staff, "BR1", utcnow())
    [row] = [view for view in relisted if view.conversation_id == first.conversation_id]
    assert (row.waiting, row.last_line) == (False, "Credited now.")
    assert await live_chat.customer_version(customer) == before + 3

    await chat_desk.close(staff, "BR1", first.conversation_id, utcnow())
    assert await live_chat.current(customer) is None
    with pytest.raises(AppError) as closed:
        await chat_desk.answer(staff, "BR1", first.conversation_id, "one more", utcnow())
    assert closed.value.code == "chat-closed"
    fresh = await live_chat.send(customer, "Another question", "10.2.0.1", utcnow())
    assert fresh.conversation_id != first.conversation_id
    assert [line.body for line in fresh.lines] == ["Another question"]
    async with session_scope() as session:
        audited = (
            await session.exec(
                select(AuditEntry.action).where(
                    AuditEntry.target == f"chat:{first.conversation_id}"
                )
            )
        ).all()
    assert sorted(audited) == ["chat.answer", "chat.close"]


async def test_visitors_are_their_browsers() -> None:
    brand_id = await merchant_id("BR1")
    one = live_chat.visitor_customer(brand_id, browser_logins.new_browser_secret())
    other = live_chat.visitor_customer(brand_id, browser_logins.new_browser_secret())
    mine = await live_chat.send(one, "Is the site in maintenance?", "10.3.0.1", utcnow())
    assert mine.customer == ""
    assert await live_chat.current(other) is None
    theirs = await live_chat.send(other, "Hello", "10.3.0.2", utcnow())
    assert theirs.conversation_id != mine.conversation_id
    with pytest.raises(AppError) as no_cookie:
        live_chat.visitor_customer(brand_id, None)
    assert no_cookie.value.code == "chat-unavailable"


async def test_messages_are_limited_per_customer() -> None:
    brand_id = await merchant_id("BR1")
    member = await make_member("BR1")
    customer = live_chat.member_customer(brand_id, member.id or 0)
    for n in range(live_chat.limits.CHAT_MESSAGES_PER_CUSTOMER.limit):
        await live_chat.send(customer, f"line {n}", "10.4.0.1", utcnow())
    with pytest.raises(AppError) as limited:
        await live_chat.send(customer, "one too many", "10.4.0.1", utcnow())
    assert limited.value.status == 429
    shown = await live_chat.current(customer)
    assert shown is not None and shown.lines[-1].body != "one too many"


async def test_another_brands_conversation_is_not_found() -> None:
    member = await make_member("BR1")
    started = await live_chat.send(
        live_chat.member_customer(await merchant_id("BR1"), member.id or 0),
        "hello",
        "10.5.0.1",
        utcnow(),
    )
    other = await make_staff("support", "BR2")
    with pytest.raises(AppError) as missing:
        await chat_desk.conversation(other, "BR2", started.conversation_id, utcnow())
    assert missing.value.code == "chat-not-found"
    with pytest.raises(AppError) as forbidden:
        await chat_desk.conversation(other, "BR1", started.conversation_id, utcnow())
    assert forbidden.value.code == "staff-forbidden"


@pytest.mark.engines
async def test_two_first_messages_at_once_share_one_conversation() -> None:
    member = await make_member()
    customer = live_chat.member_customer(member.merchant_id, member.id or 0)
    sent = await asyncio.gather(
        live_chat.send(customer, "first tab", "10.4.0.1", utcnow()),
        live_chat.send(customer, "second tab", "10.4.0.1", utcnow()),
    )
    assert sent[0].conversation_id == sent[1].conversation_id
    async with session_scope() as session:
        open_ones = (
            await session.exec(
                select(ChatConversation).where(ChatConversation.member_id == member.id)
            )
        ).all()
    assert len(open_ones) == 1
    # The database itself holds one OPEN conversation per customer.
    with pytest.raises(IntegrityError):
        async with write_transaction() as session:
            session.add(ChatConversation(merchant_id=member.merchant_id, member_id=member.id))
