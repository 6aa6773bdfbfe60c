"""A Crash page's ticket for cashing out over the live socket (app/crash_live.py).

A cash-out is the one Crash action where milliseconds are money: the board's live socket is
already open, so the page cashes out on it instead of on the site's event socket (one state
load, event and state save fewer). The socket asks for no login, so the page's load gives it
a ticket (`issue`): a random token naming the member and the brand of the page's game session,
kept in Redis under its digest for TICKET_SECONDS, never in page state or client storage. The
socket takes the ticket (`member_of`) and each cash-out passes the gates of the page's own
cash-out (gates.MONEY) before `bets.decide_cash_out`, which decides by the server's clock as
always.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.cache import get_redis
from app.core.db import session_scope
from app.core.security import new_token, token_digest
from models import Member

TICKET_SECONDS = 4 * 3600  # a page played for longer loads again (a reconnect's load)
TICKET_PATTERN = re.compile(r"[A-Za-z0-9_-]{20,128}")
PREFIX = "crash-ticket:"


@dataclass(frozen=True)
class Holder:
    """Whose cash-outs a ticket makes: the member, in the brand."""

    member_id: int
    merchant_id: int


async def issue(member_id: int, merchant_id: int) -> str:
    """A new ticket for the member's Crash page in the brand."""
    ticket = new_token()
    await get_redis().set(
        PREFIX + token_digest(ticket), f"{member_id}:{merchant_id}", ex=TICKET_SECONDS
    )
    return ticket


async def holder(ticket: object) -> Holder | None:
    """Whose the ticket is; None for anything else (unknown, expired, malformed)."""
    if not isinstance(ticket, str) or not TICKET_PATTERN.fullmatch(ticket):
        return None
    found = await get_redis().get(PREFIX + token_digest(ticket))
    if not isinstance(found, str):
        return None
    member_id, _, merchant_id = found.partition(":")
    return Holder(int(member_id), int(merchant_id))


async def member_of(ticket: object, merchant_id: int) -> Member | None:
    """The member whose cash-outs the ticket makes in that brand; None when it is not one."""
    found = await holder(ticket)
    if found is None or found.merchant_id != merchant_id:
        return None
    async with session_scope() as session:
        return await session.get(Member, found.member_id)
