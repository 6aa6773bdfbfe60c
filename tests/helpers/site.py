"""A brand's site status for tests: maintenance and blocked networks or countries."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlmodel import select

from app.core.db import write_transaction
from app.services.brands import announce_change
from models import Merchant


async def change_brand(code: str, **fields: object) -> None:
    """Set a brand's fields and announce it, as the operator's tools do: every process reads
    the brand afresh at its next request."""
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
        for name, value in fields.items():
            setattr(merchant, name, value)
        session.add(merchant)
    await announce_change()


@asynccontextmanager
async def brand_closed(
    *, maintenance: bool = False, networks: tuple[str, ...] = (), countries: tuple[str, ...] = ()
) -> AsyncIterator[None]:
    """BR1 in maintenance and/or blocking networks and countries, back to normal afterwards
    (announced, as every change of `change_brand`)."""
    await change_brand(
        "BR1",
        maintenance=maintenance,
        blocked_networks=list(networks),
        blocked_countries=list(countries),
    )
    try:
        yield
    finally:
        await change_brand("BR1", maintenance=False, blocked_networks=[], blocked_countries=[])


@asynccontextmanager
async def brand_currency(currency: str) -> AsyncIterator[None]:
    """BR1 in another market for a while (a currency without Brazil's 85 % RTP floor offers
    the Vietnamese plays), BRL again afterwards."""
    await change_brand("BR1", currency=currency)
    try:
        yield
    finally:
        await change_brand("BR1", currency="BRL")


@asynccontextmanager
async def brand_jurisdiction(code: str) -> AsyncIterator[None]:
    """BR1 under another market's profile for a while ("": none, so transfers between
    members are on), Brazil's again afterwards."""
    await change_brand("BR1", jurisdiction=code)
    try:
        yield
    finally:
        await change_brand("BR1", jurisdiction="BR")
