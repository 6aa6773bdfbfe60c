"""The live chat in the console: a brand's open conversations (waiting for an answer first),
one conversation's lines, the answer and the close (app/services/support/live_chat.py's rules), each
audited. Support staff hold `support.view` and `support.reply`."""

from __future__ import annotations

from datetime import datetime

from app.core.db import write_transaction
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.support import live_chat
from app.services.support.live_chat import ChatView, DeskRow


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def conversations(staff: Staff, code: str, now: datetime) -> list[DeskRow]:
    brand_id = await _brand_id(code)
    await require(staff, "support.view", brand_id, now)
    return await live_chat.open_conversations(brand_id)


async def conversation(staff: Staff, code: str, conversation_id: int, now: datetime) -> ChatView:
    brand_id = await _brand_id(code)
    await require(staff, "support.view", brand_id, now)
    return await live_chat.conversation(brand_id, conversation_id)


async def answer(
    staff: Staff, code: str, conversation_id: int, body: str, now: datetime
) -> ChatView:
    """The staff member's line; the customer's page shows it at once."""
    brand_id = await _brand_id(code)
    await require(staff, "support.reply", brand_id, now)
    async with write_transaction() as session:
        answered = await live_chat.answer_in(
            session, brand_id, conversation_id, staff.username, body, now
        )
        await audit.append(
            session, staff.actor, "chat.answer", now=now, merchant_id=brand_id,
            target=f"chat:{conversation_id}", detail={"chars": len(body.strip())},
        )  # fmt: skip
        shown = await live_chat.view_in(session, answered)
    await live_chat.changed(answered)
    return shown


async def close(staff: Staff, code: str, conversation_id: int, now: datetime) -> None:
    brand_id = await _brand_id(code)
    await require(staff, "support.reply", brand_id, now)
    async with write_transaction() as session:
        closed = await live_chat.close_in(session, brand_id, conversation_id, now)
        await audit.append(
            session, staff.actor, "chat.close", now=now, merchant_id=brand_id,
            target=f"chat:{conversation_id}",
        )  # fmt: skip
    await live_chat.changed(closed)
