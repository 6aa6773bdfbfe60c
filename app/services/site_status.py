"""An operator's switches of a brand's whole site: maintenance, the networks and countries
it is closed to, and its white-label modules (features on or off). The CLI calls these
today, the back office will tomorrow: both get the same validation (a bad network or
country code is refused, a maintenance end needs its offset).

Each change is one transaction, and the caller's audit record (`record`, given the switches
before and after) is written in it: a change is never without its record. Once committed, the
change is announced to every process (app/services/brands.py: the next request sees it).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.brands import announce_change, merchant_by_code
from models import Merchant, WhitelabelModule

MAX_MESSAGE_LENGTH = 500  # Merchant.maintenance_message
_COUNTRY = re.compile(r"[A-Z]{2}")


@dataclass(frozen=True)
class SiteSwitches:
    """A brand's switches as an operator sees them."""

    merchant: str
    maintenance: bool
    maintenance_end_at: datetime | None
    maintenance_message: str | None
    blocked_networks: tuple[str, ...]
    blocked_countries: tuple[str, ...]


# Writes the change's audit entry in the change's own transaction (before, after).
Record = Callable[[AsyncSession, SiteSwitches, SiteSwitches], Awaitable[None]]


def parse_networks(values: Iterable[str]) -> list[str]:
    """CIDR networks (IPv4 or IPv6) in their canonical form: host bits cleared, so the same
    network is stored once and unblocks whatever way it was written."""
    networks: list[str] = []
    for value in values:
        try:
            networks.append(str(ipaddress.ip_network(value.strip(), strict=False)))
        except ValueError as exc:
            raise AppError("site-status-invalid-network", 422, {"network": value}) from exc
    return networks


def parse_countries(values: Iterable[str]) -> list[str]:
    """ISO 3166-1 alpha-2 country codes, upper-case."""
    countries: list[str] = []
    for value in values:
        code = value.strip().upper()
        if not _COUNTRY.fullmatch(code):
            raise AppError("site-status-invalid-country", 422, {"country": value})
        countries.append(code)
    return countries


def _switches(merchant: Merchant) -> SiteSwitches:
    return SiteSwitches(
        merchant=merchant.code,
        maintenance=merchant.maintenance,
        maintenance_end_at=merchant.maintenance_end_at,
        maintenance_message=merchant.maintenance_message,
        blocked_networks=tuple(merchant.blocked_networks),
        blocked_countries=tuple(merchant.blocked_countries),
    )


async def _change(
    code: str, now: datetime, apply: Callable[[Merchant], None], record: Record | None
) -> SiteSwitches:
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        before = _switches(merchant)
        apply(merchant)
        merchant.updated_at = now
        session.add(merchant)
        after = _switches(merchant)
        if record is not None:
            await record(session, before, after)
    await announce_change()
    return after


async def switches(code: str) -> SiteSwitches:
    async with session_scope() as session:
        return _switches(await merchant_by_code(session, code))


async def back_to_normal(code: str, *, now: datetime, record: Record | None = None) -> SiteSwitches:
    """No maintenance, nothing blocked."""

    def apply(merchant: Merchant) -> None:
        merchant.maintenance = False
        merchant.maintenance_end_at = None
        merchant.maintenance_message = None
        merchant.blocked_networks = []
        merchant.blocked_countries = []

    return await _change(code, now, apply, record)


async def start_maintenance(
    code: str,
    *,
    until: datetime | None,
    message: str | None,
    now: datetime,
    record: Record | None = None,
) -> SiteSwitches:
    """The site shows the maintenance page, with its expected end and message if given."""
    if until is not None and until.tzinfo is None:
        raise AppError("site-status-until-offset", 422)
    if message is not None and len(message) > MAX_MESSAGE_LENGTH:
        raise AppError("site-status-message-too-long", 422, {"max": MAX_MESSAGE_LENGTH})

    def apply(merchant: Merchant) -> None:
        merchant.maintenance = True
        merchant.maintenance_end_at = until
        merchant.maintenance_message = message

    return await _change(code, now, apply, record)


async def block(
    code: str,
    *,
    networks: Iterable[str],
    countries: Iterable[str],
    now: datetime,
    record: Record | None = None,
) -> SiteSwitches:
    """Close the site to these networks and countries too."""
    new_networks, new_countries = parse_networks(networks), parse_countries(countries)

    def apply(merchant: Merchant) -> None:
        merchant.blocked_networks = sorted({*merchant.blocked_networks, *new_networks})
        merchant.blocked_countries = sorted({*merchant.blocked_countries, *new_countries})

    return await _change(code, now, apply, record)


async def unblock(
    code: str,
    *,
    networks: Iterable[str],
    countries: Iterable[str],
    now: datetime,
    record: Record | None = None,
) -> SiteSwitches:
    """Open the site again to these networks and countries."""
    gone_networks, gone_countries = set(parse_networks(networks)), set(parse_countries(countries))

    def apply(merchant: Merchant) -> None:
        merchant.blocked_networks = [n for n in merchant.blocked_networks if n not in gone_networks]
        merchant.blocked_countries = [
            c for c in merchant.blocked_countries if c not in gone_countries
        ]

    return await _change(code, now, apply, record)


async def set_module(
    code: str, mod_id: str, *, enabled: bool, now: datetime, record: Record | None = None
) -> bool:
    """Turn one of the brand's white-label modules on or off (a module whose parent is off
    stays off); returns whether it is now on by itself."""
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        module = (
            await session.exec(
                select(WhitelabelModule).where(
                    WhitelabelModule.merchant_id == merchant.id,
                    WhitelabelModule.mod_id == mod_id.strip().upper(),
                )
            )
        ).first()
        if module is None:
            raise AppError("site-status-unknown-module", 404, {"module": mod_id[:64]})
        module.enabled = "1" if enabled else "0"
        merchant.updated_at = now
        session.add(module)
        session.add(merchant)
        if record is not None:
            switches = _switches(merchant)
            await record(session, switches, switches)
    await announce_change()
    return enabled
