"""The payment channels console: limits, fee and order changed per brand and offered by the
cashier at once; bad values refused whole (no change); on/off; each change audited with
before and after; another brand's channel out of reach."""

from __future__ import annotations

import json
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import approvals, channels
from app.services.backoffice.channels import ChannelChange
from app.services.brands import brands
from app.services.cashier import deposits
from models import AuditEntry
from models.base import utcnow
from models.cashier import PaymentChannel
from tests.helpers.backoffice import make_staff, merchant_id


@pytest.fixture
async def channel_id() -> int:
    """A channel of BR1's own for this test (the seeded ones stay as they are)."""
    row = PaymentChannel(
        merchant_id=await merchant_id("BR1"),
        code=f"T{uuid4().hex[:12].upper()}",
        min_amount=Decimal("10.00"),
        max_amount=Decimal("500.00"),
        sort=900,
    )
    async with write_transaction() as session:
        session.add(row)
        await session.flush()
        assert row.id is not None
        return row.id


async def _row(channel_id: int) -> PaymentChannel:
    async with session_scope() as session:
        found = await session.get(PaymentChannel, channel_id)
    assert found is not None
    return found


async def _entries(code: str) -> list[AuditEntry]:
    async with session_scope() as session:
        found = await session.exec(
            select(AuditEntry)
            .where(AuditEntry.target == f"channel:{code}")
            .order_by(col(AuditEntry.seq))
        )
        return list(found.all())


async def test_a_change_reaches_the_cashier_and_the_log(channel_id: int) -> None:
    finance = await make_staff("finance", "BR1")
    change = ChannelChange("20,00", "1.500,50", "1.5", "0.50", 5)
    with pytest.raises(AppError) as unexplained:  # filed for a checker: the maker says why
        await channels.update_channel(finance, channel_id, change, utcnow())
    assert unexplained.value.code == "approval-maker-reason-required"
    asked = await channels.update_channel(finance, channel_id, change, utcnow(), "PSP raised it")
    # New limits wait for a second staff member (four-eyes), then apply as asked.
    assert asked.channel is None and asked.approval_id is not None
    assert (await _row(channel_id)).max_amount == Decimal("500.00")
    approved = await approvals.approve(
        await make_staff("finance", "BR1"), asked.approval_id, utcnow()
    )
    assert approved.status == approvals.EXECUTED, approved.result
    changed = await _row(channel_id)
    assert (changed.min_amount, changed.max_amount) == (Decimal("20.00"), Decimal("1500.50"))
    offered = {c.code: c for c in await deposits.channels(await brands.by_code("BR1"))}
    assert offered[changed.code].max_amount == Decimal("1500.50")
    assert deposits.fee_for(offered[changed.code], Decimal("100")) == Decimal("2.00")

    off = await channels.set_enabled(finance, channel_id, False, utcnow())
    assert not off.enabled
    assert off.code not in {c.code for c in await deposits.channels(await brands.by_code("BR1"))}
    await channels.set_enabled(finance, channel_id, False, utcnow())  # the same again

    update, disable = await _entries(changed.code)
    assert update.action == "channel.update" and disable.action == "channel.disable"
    detail = json.loads(update.detail)
    assert detail["before"]["max"] == "500.00" and detail["after"]["max"] == "1500.50"
    listed = await channels.channel_list(finance, "BR1", utcnow())
    assert any(c.id == channel_id and not c.enabled for c in listed)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (ChannelChange("0", "100", "0", "0", 0), "min"),
        (ChannelChange("10", "5", "0", "0", 0), "max"),
        (ChannelChange("10", "1e9", "0", "0", 0), "max"),
        (ChannelChange("10", "100", "100.01", "0", 0), "fee_percent"),
        (ChannelChange("10", "100", "-1", "0", 0), "fee_percent"),
        (ChannelChange("10", "100", "0", "10", 0), "fee_fixed"),
        (ChannelChange("10", "100", "0", "0", 5000), "sort"),
    ],
)
async def test_bad_values_change_nothing(
    channel_id: int, change: ChannelChange, field: str
) -> None:
    finance = await make_staff("finance", "BR1")
    before = await _row(channel_id)
    with pytest.raises(AppError) as refused:
        await channels.update_channel(finance, channel_id, change, utcnow())
    assert refused.value.code == "channel-invalid" and refused.value.params == {"field": field}
    after = await _row(channel_id)
    assert after.model_dump() == before.model_dump()
    assert await _entries(before.code) == []


async def test_another_brands_staff_cannot_touch_it(channel_id: int) -> None:
    other = await make_staff("finance", "BR2")
    for attempt in (
        channels.set_enabled(other, channel_id, False, utcnow()),
        channels.update_channel(other, channel_id, ChannelChange("1", "2", "0", "0", 0), utcnow()),
        channels.channel_list(other, "BR1", utcnow()),
    ):
        with pytest.raises(AppError) as refused:
            await attempt
        assert refused.value.code == "staff-forbidden"
    assert (await _row(channel_id)).enabled
