"""An operator's site switches (maintenance, blocked networks and countries): validated in the
service that the CLI calls now and the back office later."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import site_status
from app.services.brands import brands
from models import Merchant, WhitelabelModule

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
BRAND = "BR2"


@pytest.fixture
async def normal_brand() -> AsyncIterator[str]:
    await site_status.back_to_normal(BRAND, now=NOW)
    yield BRAND
    await site_status.back_to_normal(BRAND, now=NOW)


async def _stored(code: str) -> Merchant:
    async with session_scope() as session:
        return (await session.exec(select(Merchant).where(Merchant.code == code))).one()


async def test_maintenance_then_back_to_normal(normal_brand: str) -> None:
    until = NOW + timedelta(hours=3)
    found = await site_status.start_maintenance(
        normal_brand.lower(), until=until, message="Upgrade", now=NOW
    )
    assert found.merchant == normal_brand and found.maintenance
    assert found.maintenance_end_at == until and found.maintenance_message == "Upgrade"
    assert await site_status.switches(normal_brand) == found
    assert (await _stored(normal_brand)).updated_at == NOW

    later = NOW + timedelta(minutes=5)
    normal = await site_status.back_to_normal(normal_brand, now=later)
    assert not normal.maintenance and normal.maintenance_end_at is None
    assert normal.maintenance_message is None
    assert (await _stored(normal_brand)).updated_at == later


async def test_block_stores_canonical_networks_and_codes(normal_brand: str) -> None:
    found = await site_status.block(
        normal_brand,
        networks=["203.0.113.7/24", " 2001:db8::1/32 ", "203.0.113.0/24"],
        countries=["us", " Pt "],
        now=NOW,
    )
    assert found.blocked_networks == ("2001:db8::/32", "203.0.113.0/24")
    assert found.blocked_countries == ("PT", "US")

    found = await site_status.unblock(
        normal_brand, networks=["203.0.113.99/24"], countries=["pt"], now=NOW
    )
    assert found.blocked_networks == ("2001:db8::/32",)
    assert found.blocked_countries == ("US",)


@pytest.mark.parametrize(
    ("networks", "countries", "code"),
    [
        (["203.0.113.0/33"], [], "site-status-invalid-network"),
        (["not-a-network"], [], "site-status-invalid-network"),
        ([], ["USA"], "site-status-invalid-country"),
        ([], ["1A"], "site-status-invalid-country"),
    ],
)
async def test_bad_network_or_country_is_refused_and_nothing_changes(
    normal_brand: str, networks: list[str], countries: list[str], code: str
) -> None:
    with pytest.raises(AppError) as refused:
        await site_status.block(
            normal_brand, networks=["198.51.100.0/24", *networks], countries=countries, now=NOW
        )
    assert refused.value.code == code and refused.value.status == 422
    found = await site_status.switches(normal_brand)
    assert found.blocked_networks == () and found.blocked_countries == ()


async def test_maintenance_end_needs_its_offset_and_a_short_message(normal_brand: str) -> None:
    with pytest.raises(AppError) as naive:
        await site_status.start_maintenance(
            normal_brand, until=datetime(2026, 12, 1, 3), message=None, now=NOW
        )
    assert naive.value.code == "site-status-until-offset"
    with pytest.raises(AppError) as long_message:
        await site_status.start_maintenance(normal_brand, until=None, message="x" * 501, now=NOW)
    assert long_message.value.code == "site-status-message-too-long"
    assert not (await site_status.switches(normal_brand)).maintenance


async def test_unknown_merchant() -> None:
    with pytest.raises(AppError) as unknown:
        await site_status.back_to_normal("NOPE", now=NOW)
    assert unknown.value.code == "site-status-unknown-merchant" and unknown.value.status == 404


async def _module(code: str, mod_id: str) -> WhitelabelModule:
    async with session_scope() as session:
        merchant = await _stored(code)
        return (
            await session.exec(
                select(WhitelabelModule).where(
                    WhitelabelModule.merchant_id == merchant.id, WhitelabelModule.mod_id == mod_id
                )
            )
        ).one()


async def test_a_module_switch_is_stored_and_its_parent_still_rules() -> None:
    try:
        assert await site_status.set_module(BRAND, "negcarry3", enabled=True, now=NOW)
        assert (await _module(BRAND, "NEGCARRY3")).enabled == "1"
        brands.invalidate()
        # BR2 has loss-based pay off: the carry-over below it stays off.
        assert not (await brands.by_code(BRAND)).module_on("NEGCARRY3")
        with pytest.raises(AppError) as unknown:
            await site_status.set_module(BRAND, "NOPE3", enabled=False, now=NOW)
        assert unknown.value.code == "site-status-unknown-module" and unknown.value.status == 404
    finally:
        await site_status.set_module(BRAND, "NEGCARRY3", enabled=False, now=NOW)
    assert (await _module(BRAND, "NEGCARRY3")).enabled == "0"
