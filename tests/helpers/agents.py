"""Agent helpers for tests: a top agent with a house contract, downlines, facts at a time."""

from __future__ import annotations

import secrets
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

from app.core.db import write_transaction
from app.services import wager_facts
from app.services.agents import contracts, team
from app.services.brands import Brand, brands
from models import Member
from models.facts import FactKind
from tests.helpers.accounts import make_member, new_username

PASSWORD = "a long enough secret 42"


def tiers(*rows: tuple[int, str, str | None, str]) -> dict[str, Any]:
    """Tier terms from (min active, min valid bet, min net loss or None, rate)."""
    return {
        "tiers": [
            {"minActive": a, "minValidBet": v, "minNetLoss": loss, "rate": r}
            for a, v, loss, r in rows
        ]
    }


async def brand(code: str = "BR1") -> Brand:
    return await brands.by_code(code)


async def top_agent(code: str = "BR1") -> Member:
    return await make_member(code, account_type=1)


async def downline(agent: Member, *, as_agent: bool = True, code: str = "BR1") -> Member:
    made = await team.register_downline(
        await brand(code),
        agent,
        new_username()[:16],
        PASSWORD,
        as_agent=as_agent,
        ip=f"10.77.{secrets.randbelow(256)}.{secrets.randbelow(256)}",
    )
    async with write_transaction() as session:
        member = await session.get(Member, made.id)
        assert member is not None
        return member


async def signed(
    upline: Member | None,
    agent: Member,
    kind: str,
    terms: dict[str, Any],
    now: datetime,
    *,
    period: str | None = None,
    code: str = "BR1",
) -> contracts.ContractView:
    """An offer made and accepted."""
    offered = await contracts.offer(
        await brand(code), upline, agent.id or 0, kind, period, terms, now
    )
    return await contracts.accept(agent, offered.id, now)


async def fact(
    member: Member,
    bet: str,
    win: str,
    at: datetime,
    *,
    valid: str | None = None,
    kind: FactKind = FactKind.SETTLED,
    round_ref: str | None = None,
) -> None:
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="TEST",
                    game_code="TEST_GAME",
                    category="RNG",
                    currency="BRL",
                    round_ref=round_ref or uuid4().hex,
                    bet=Decimal(bet),
                    valid_bet=Decimal(valid if valid is not None else bet),
                    win=Decimal(win),
                    settled_at=at,
                    kind=kind,
                )
            ],
        )
