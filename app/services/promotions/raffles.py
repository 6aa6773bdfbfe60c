"""Raffles with a later draw (spec 7 MCS2_claimRafflePromotion).

A member joins a raffle while it is open and earns one ticket per `ticket_turnover` of valid
bets between its start and its end (from the wager facts: reporting.turnover). At `draw_at` the
`raffle-draws` job draws it, once, under the promotion's row lock:

1. the joined entries, in member-id order, get their tickets frozen as consecutive numbers
   (entry 1 holds 1..t1, entry 2 holds t1+1..t1+t2, ...);
2. the studio's provably fair stream (HMAC-SHA256 of the server seed committed at creation,
   client seed "raffle:<promotion id>", nonce 0) picks ticket numbers, one float each
   (floor(u * total) + 1); a number whose holder already won is passed over, so each member
   wins at most once, until `winners` members have won or every holder has;
3. the winners' entries become ISSUED with their winning ticket, the seed is revealed, and each
   winner is told in the inbox; the others' entries stay JOINED (shown closed).

Anyone verifies the draw with `verify_draw` from the revealed seed, its published hash and the
frozen ticket ranges. A winner claims the prize once: `claim` pays it through the ledger under
the promotion's and the entry's row locks (twin claims: the second finds it CLAIMED).
Where the market asks for it (Brazil), a raffle exists only with its authorisation number
(rules.allows_raffle), and the draw re-checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from app.core import fairness
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import inbox, wallet_events
from app.services.promotions import offers
from app.services.promotions.rules import rules_for
from models.base import saved_id
from models.brand import Merchant
from models.cashier import MessageKind
from models.promotions import EntryStatus, Promotion, PromotionEntry, PromotionKind


@dataclass(frozen=True)
class TicketRange:
    member_id: int
    first: int
    count: int


@dataclass(frozen=True)
class DrawResult:
    promotion_id: int
    seed_hash: str
    server_seed: str | None  # revealed once drawn
    total_tickets: int
    ranges: tuple[TicketRange, ...]
    winning_tickets: tuple[int, ...]
    drawn_at: datetime | None


def client_seed(promotion_id: int) -> str:
    return f"raffle:{promotion_id}"


def holder(ranges: Sequence[TicketRange], ticket: int) -> int:
    """The member holding a ticket number."""
    for found in ranges:
        if found.first <= ticket < found.first + found.count:
            return found.member_id
    raise ValueError(f"ticket {ticket} is in no range")


def winning_tickets(
    server_seed: str, promotion_id: int, ranges: Sequence[TicketRange], winners: int
) -> list[int]:
    """The draw itself: pure, so the platform and any verifier compute the same numbers."""
    total = sum(found.count for found in ranges)
    holders = {found.member_id for found in ranges if found.count > 0}
    wanted = min(winners, len(holders))
    stream = fairness.floats(server_seed, client_seed(promotion_id), 0)
    picked: list[int] = []
    won: set[int] = set()
    while len(picked) < wanted:
        ticket = fairness.below(stream, total) + 1
        member_id = holder(ranges, ticket)
        if member_id not in won:
            won.add(member_id)
            picked.append(ticket)
    return picked


def verify_draw(
    server_seed: str,
    seed_hash: str,
    promotion_id: int,
    ranges: Sequence[TicketRange],
    winners: int,
    drawn: Sequence[int],
) -> bool:
    """Verify after: the revealed seed is the one committed before, and gives these tickets
    (in any order: the result lists them sorted)."""
    return fairness.seed_hash(server_seed) == seed_hash and sorted(drawn) == sorted(
        winning_tickets(server_seed, promotion_id, ranges, winners)
    )


async def _draw_one(promotion_id: int, now: datetime) -> bool:
    """Draw one raffle in its own transaction; False when it was drawn already."""
    async with write_transaction() as session:
        promotion = await session.get(
            Promotion, promotion_id, with_for_update=True, populate_existing=True
        )
        if promotion is None or promotion.drawn_at is not None:
            return False
        merchant = await session.get(Merchant, promotion.merchant_id)
        assert merchant is not None
        if not rules_for(merchant).allows_raffle(promotion.authorisation):
            raise AppError("promo-raffle-unauthorised", 422)
        entries = list(
            (
                await session.exec(
                    select(PromotionEntry)
                    .where(
                        PromotionEntry.promotion_id == promotion_id,
                        PromotionEntry.status == EntryStatus.JOINED.value,
                    )
                    .order_by(col(PromotionEntry.member_id))
                    .with_for_update()
                )
            ).all()
        )
        ranges: list[TicketRange] = []
        next_ticket = 1
        for entry in entries:
            entry.tickets = await offers.raffle_tickets(
                session, promotion, entry.member_id, promotion.ends_at
            )
            entry.first_ticket = next_ticket if entry.tickets else None
            if entry.tickets:
                ranges.append(TicketRange(entry.member_id, next_ticket, entry.tickets))
            next_ticket += entry.tickets
            entry.updated_at = now
            session.add(entry)
        picked = winning_tickets(
            offers.server_seed_of(promotion), promotion_id, ranges, promotion.winners
        )
        by_member = {entry.member_id: entry for entry in entries}
        for ticket in picked:
            winner = by_member[holder(ranges, ticket)]
            winner.status = EntryStatus.ISSUED.value
            winner.winning_ticket = ticket
            session.add(winner)
            await inbox.post_message(
                session,
                winner.member_id,
                MessageKind.RAFFLE_WON,
                {
                    "promotion": promotion.code,
                    "ticket": ticket,
                    "amount": str(promotion.reward_amount),
                },
            )
        promotion.total_tickets = next_ticket - 1
        promotion.drawn_at = now
        session.add(promotion)
    return True


async def draw_due(now: datetime, *, limit: int = 50) -> int:
    """Draw the raffles whose draw time has come (the raffle-draws job); each once."""
    async with session_scope() as session:
        due = list(
            (
                await session.exec(
                    select(Promotion.id)
                    .where(
                        Promotion.kind == PromotionKind.RAFFLE.value,
                        col(Promotion.drawn_at).is_(None),
                        col(Promotion.draw_at) <= now,
                        col(Promotion.enabled).is_(True),
                    )
                    .order_by(col(Promotion.draw_at))
                    .limit(limit)
                )
            ).all()
        )
    drawn = 0
    for promotion_id in due:
        assert promotion_id is not None
        drawn += await _draw_one(promotion_id, now)
    return drawn


async def result(brand_id: int, promotion_id: int) -> DrawResult:
    """A raffle's draw, public: the hash from the start; the seed, tickets and winners after."""
    async with session_scope() as session:
        promotion = await session.get(Promotion, promotion_id)
        if (
            promotion is None
            or promotion.merchant_id != brand_id
            or promotion.kind != PromotionKind.RAFFLE.value
        ):
            raise AppError("promo-not-found", 404)
        entries: Sequence[PromotionEntry] = ()
        if promotion.drawn_at is not None:
            entries = (
                await session.exec(
                    select(PromotionEntry)
                    .where(
                        PromotionEntry.promotion_id == promotion_id,
                        col(PromotionEntry.first_ticket).is_not(None),
                    )
                    .order_by(col(PromotionEntry.first_ticket))
                )
            ).all()
        ranges = tuple(
            TicketRange(entry.member_id, saved_id(entry.first_ticket), entry.tickets)
            for entry in entries
        )
        drawn = tuple(
            sorted(entry.winning_ticket for entry in entries if entry.winning_ticket is not None)
        )
        return DrawResult(
            promotion_id=promotion_id,
            seed_hash=promotion.seed_hash or "",
            server_seed=None if promotion.drawn_at is None else offers.server_seed_of(promotion),
            total_tickets=promotion.total_tickets,
            ranges=ranges,
            winning_tickets=drawn,
            drawn_at=promotion.drawn_at,
        )


async def claim(
    brand_id: int, member_id: int, promotion_id: int, now: datetime
) -> offers.PromotionView:
    """MCS2_claimRafflePromotion: a winner takes the prize, once, through the ledger. A red
    envelope (the spec's other draw) is opened by the same call."""
    async with session_scope() as session:
        found = await session.get(Promotion, promotion_id)
        if found is not None and found.kind == PromotionKind.RED_ENVELOPE.value:
            return await offers.request_reward(brand_id, member_id, promotion_id, now)
    async with write_transaction() as session:
        member, promotion = await offers._member_promotion(
            session, brand_id, member_id, promotion_id
        )
        if promotion.kind != PromotionKind.RAFFLE.value:
            raise AppError("promo-not-found", 404)
        entry = await offers.entry_of(session, promotion_id, member_id, lock=True)
        if entry is not None and entry.status == EntryStatus.CLAIMED.value:
            raise AppError("promo-already-claimed", 409)
        if promotion.drawn_at is None:
            raise AppError("promo-raffle-not-drawn", 409)
        if entry is None or entry.status != EntryStatus.ISSUED.value:
            raise AppError("promo-raffle-not-won", 409)
        await offers.pay_reward_in(session, member, promotion, entry, now)
    await wallet_events.balance_changed(member_id)
    return await offers.detail(brand_id, promotion_id, member_id, "en", now)
