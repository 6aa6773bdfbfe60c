"""The largest bet a member may place while a bonus with a maximum bet is open (issue 16):
checked by every bet path (the studio before a round, the seamless wallet before a debit)
before any money moves. It reads the bonus grants only, so the game paths need not depend on
the promotions capability (which itself uses the studio for free rounds)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, bindparam, func
from sqlalchemy.orm import Mapped
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.brands import Money, brands
from models.promotions import BonusGrant, GrantStatus

CENT = Decimal("0.01")


def lowest_max_bet(
    member_id: ColumnElement[int] | Mapped[int], now: ColumnElement[datetime]
) -> ScalarSelect[Any]:
    """The lowest maximum bet of the member's open grants (NULL: none has one), as a value a
    statement reads with what it reads (the seamless wallet's, with the call's session)."""
    return (
        select(func.min(BonusGrant.max_bet))
        .where(
            BonusGrant.member_id == member_id,
            BonusGrant.status == GrantStatus.ACTIVE.value,
            col(BonusGrant.expires_at) > now,
            col(BonusGrant.max_bet).is_not(None),
        )
        .scalar_subquery()
    )


# Built once: every bet asks it, and building it cost more than running it.
_LOWEST_MAX_BET = select(lowest_max_bet(bindparam("member_id"), bindparam("now")))


def max_bet_of(lowest: object) -> Decimal | None:
    """`lowest_max_bet` as read (SQLite keeps money as a double): the maximum, to the cent."""
    return None if lowest is None else Decimal(str(lowest)).quantize(CENT)


async def max_bet_in(session: AsyncSession, member_id: int, now: datetime) -> Decimal | None:
    """The largest bet the member may place now: the lowest maximum bet of their open grants
    (None: no open grant has one)."""
    lowest = (
        await session.exec(_LOWEST_MAX_BET, params={"member_id": member_id, "now": now})
    ).one()
    return max_bet_of(lowest)


def check_max_bet_under(limit: Decimal | None, stake: Decimal, money: Money | None = None) -> None:
    """Refuse a bet above an open grant's maximum bet (`bonus-max-bet`, with the maximum,
    written as `money` writes it: R$ 5,00)."""
    if limit is not None and stake > limit:
        shown = (money or Money("", 2)).in_message(limit)
        raise AppError("bonus-max-bet", 400, {"max": shown})


async def check_max_bet_in(
    session: AsyncSession,
    member_id: int,
    stake: Decimal,
    now: datetime,
    merchant_id: int | None = None,
) -> None:
    """`check_max_bet_under` the member's maximum read now in `session`; a refusal writes it
    in the money of the brand `merchant_id` (read only then)."""
    limit = await max_bet_in(session, member_id, now)
    if limit is None or stake <= limit:
        return
    money = Money.of(await brands.by_id(merchant_id)) if merchant_id is not None else None
    check_max_bet_under(limit, stake, money)


async def check_max_bet(
    member_id: int, stake: Decimal, now: datetime, merchant_id: int | None = None
) -> None:
    """`check_max_bet_in` in a read of its own (the studio's check before a round)."""
    async with session_scope() as session:
        await check_max_bet_in(session, member_id, stake, now, merchant_id)
