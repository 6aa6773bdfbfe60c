"""A Crash page's ticket for betting and cashing out over the live socket (app/crash_live.py).

A cash-out is the Crash action where milliseconds are money, and every player of a round bets
in the same few seconds: the board's live socket is already open, so the page bets and cashes
out on it instead of on the site's event socket (one state load, event and state save fewer,
and none of the site's event loops busy). The socket asks for no login, so the page's load
gives it a ticket (`issue`): a random token naming the member, the brand and the page's game
session, kept in Redis under its digest for TICKET_SECONDS (the session's wallet token sealed,
as a bet keeps it), never in page state or client storage. The socket takes the ticket
(`member_of`) and each bet and cash-out passes the gates of the page's own (gates.MONEY)
before `bets.place` (the wallet's limits, reality checks and exclusion as on the page) or
`bets.decide_cash_out`, which decides by the server's clock as always.

A ticket lives no longer than the page's game session: it names that session (by its token's
digest), and each bet and cash-out checks, in the statement that reads its member or decides
it, that the session still runs (`session_runs`). A logout, a forced logout or a password
change ends the member's game sessions, and so every ticket of theirs with them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement
from sqlmodel import col, select

from app.core.cache import get_redis
from app.core.db import session_scope
from app.core.security import decrypt_secret, encrypt_secret, new_token, token_digest
from app.services.studio import rounds as studio_rounds
from app.services.studio import seeds
from app.services.studio.crash.rounds import CODE
from models import Member
from models.games import GameSession

TICKET_SECONDS = 4 * 3600  # a page played for longer loads again (a reconnect's load)
TICKET_PATTERN = re.compile(r"[A-Za-z0-9_-]{20,128}")
PREFIX = "crash-ticket:"
PURPOSE = "crash-ticket-session"  # the key the game session's token is sealed under


@dataclass(frozen=True)
class Holder:
    """Whose bets and cash-outs a ticket makes: the member, in the brand, while the game
    session whose token has this digest runs; its token, sealed (the wallet's key)."""

    member_id: int
    merchant_id: int
    game_session: str
    sealed_token: str


@dataclass(frozen=True)
class Bound:
    """A ticket taken by the socket: its member, the digest of its game session, and the
    player its bets are placed for (the session's wallet token and currency)."""

    member: Member
    game_session: str
    player: studio_rounds.Player


async def issue(member_id: int, merchant_id: int, game_session_token: str) -> str:
    """A new ticket for the member's Crash page in the brand, for the page's game session."""
    ticket = new_token()
    sealed = encrypt_secret(game_session_token, PURPOSE)  # base64: no ":"
    held = f"{member_id}:{merchant_id}:{token_digest(game_session_token)}:{sealed}"
    await get_redis().set(PREFIX + token_digest(ticket), held, ex=TICKET_SECONDS)
    return ticket


async def holder(ticket: object) -> Holder | None:
    """Whose the ticket is; None for anything else (unknown, expired, malformed)."""
    if not isinstance(ticket, str) or not TICKET_PATTERN.fullmatch(ticket):
        return None
    found = await get_redis().get(PREFIX + token_digest(ticket))
    if not isinstance(found, str):
        return None
    member_id, merchant_id, game_session, sealed = found.split(":", 3)
    return Holder(int(member_id), int(merchant_id), game_session, sealed)


async def member_of(ticket: object, merchant_id: int) -> Bound | None:
    """The member whose bets and cash-outs the ticket makes in that brand, in its Crash game
    session; None when it is not one."""
    found = await holder(ticket)
    if found is None or found.merchant_id != merchant_id:
        return None
    async with session_scope() as session:
        row = (
            await session.exec(
                select(Member, GameSession.currency)
                .join(GameSession, col(GameSession.member_id) == col(Member.id))
                .where(
                    col(Member.id) == found.member_id,
                    col(GameSession.session_token_digest) == found.game_session,
                    col(GameSession.game_code) == CODE,
                )
            )
        ).first()
    if row is None:
        return None
    member, currency = row
    token = decrypt_secret(found.sealed_token, PURPOSE)
    player = studio_rounds.Player(seeds.member_owner(found.member_id), currency, token)
    return Bound(member, found.game_session, player)


def session_runs(
    digest: str | ColumnElement[str],
    member_id: int | ColumnElement[int] | None,
    now: datetime | ColumnElement[datetime],
) -> ColumnElement[bool]:
    """Whether a game session (its token's digest, its member) still runs: not expired, not
    ended with the member's logins; a condition a statement reads with what it reads (a bet's
    member, or many cash-outs decided at once, whose values are columns)."""
    return (
        select(GameSession.id)
        .where(
            col(GameSession.session_token_digest) == digest,
            col(GameSession.member_id) == member_id,
            col(GameSession.expires_at) > now,
        )
        .exists()
    )
