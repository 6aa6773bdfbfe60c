"""Payment channels in the console: each brand's ways to deposit with their limits, fee,
order and on/off switch (what the cashier offers: `cashier.deposits.channels` lists the
enabled ones in their order). Amounts are parsed by the one money parser; a change is
checked whole before anything is written, and audited with before and after. A change of
the limits or the fee needs a second staff member (the four-eyes policy, `approvals`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.amounts import parse_amount
from app.services.backoffice import approvals, audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import announce_change, brands
from models import ApprovalRequest
from models.base import saved_id
from models.cashier import PaymentChannel

MAX_FEE_PERCENT = Decimal("100")
LIMITS_KIND = "channel.limits"


@dataclass(frozen=True)
class ChannelView:
    id: int
    code: str
    provider: str
    min_amount: Decimal
    max_amount: Decimal
    fee_percent: Decimal
    fee_fixed: Decimal
    enabled: bool
    sort: int


@dataclass(frozen=True)
class ChannelChange:
    """What staff typed: amounts as text (the money parser reads them), order as a number."""

    min_amount: str
    max_amount: str
    fee_percent: str
    fee_fixed: str
    sort: int


def _view(row: PaymentChannel) -> ChannelView:
    return ChannelView(
        saved_id(row.id), row.code, row.provider, row.min_amount, row.max_amount,
        row.fee_percent, row.fee_fixed, row.enabled, row.sort,
    )  # fmt: skip


def _plain(row: PaymentChannel) -> dict[str, object]:
    return {
        "min": str(row.min_amount),
        "max": str(row.max_amount),
        "fee_percent": str(row.fee_percent),
        "fee_fixed": str(row.fee_fixed),
        "enabled": row.enabled,
        "sort": row.sort,
    }


def checked(change: ChannelChange) -> tuple[Decimal, Decimal, Decimal, Decimal, int]:
    """The change's values, or `channel-invalid` naming the first field that is wrong."""

    def amount(value: str, field: str, allow_zero: bool) -> Decimal:
        try:
            return parse_amount(value, "channel-invalid", allow_zero=allow_zero)
        except AppError:
            raise AppError("channel-invalid", 422, {"field": field}) from None

    low = amount(change.min_amount, "min", False)
    high = amount(change.max_amount, "max", False)
    percent = amount(change.fee_percent, "fee_percent", True)
    fixed = amount(change.fee_fixed, "fee_fixed", True)
    if high < low:
        raise AppError("channel-invalid", 422, {"field": "max"})
    if percent > MAX_FEE_PERCENT:
        raise AppError("channel-invalid", 422, {"field": "fee_percent"})
    if fixed >= low:  # a fee that eats a whole minimum deposit is a typo
        raise AppError("channel-invalid", 422, {"field": "fee_fixed"})
    if not -1000 <= change.sort <= 1000:
        raise AppError("channel-invalid", 422, {"field": "sort"})
    return low, high, percent, fixed, change.sort


async def channel_list(staff: Staff, code: str, now: datetime) -> list[ChannelView]:
    brand_id = (await brands.by_code(code)).id
    await require(staff, "channels.view", brand_id, now)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(PaymentChannel)
                .where(PaymentChannel.merchant_id == brand_id)
                .order_by(col(PaymentChannel.sort), col(PaymentChannel.code))
            )
        ).all()
    return [_view(row) for row in rows]


async def _brand_of(channel_id: int) -> int:
    async with session_scope() as session:
        found = await session.get(PaymentChannel, channel_id)
    if found is None:
        raise AppError("channel-unknown", 404)
    return found.merchant_id


@dataclass(frozen=True)
class Changed:
    """Done at once (`channel`, its new state) or waiting for a second staff member."""

    channel: ChannelView | None
    approval_id: int | None


Values = tuple[Decimal, Decimal, Decimal, Decimal, int]


async def _apply(
    actor: audit.Actor, channel_id: int, values: Values, now: datetime, approval: int | None
) -> ChannelView:
    async with write_transaction() as session:
        row = await session.get(PaymentChannel, channel_id, with_for_update=True)
        if row is None:
            raise AppError("channel-unknown", 404)
        before = _plain(row)
        row.min_amount, row.max_amount, row.fee_percent, row.fee_fixed, row.sort = values
        session.add(row)
        await audit.append(
            session, actor, "channel.update", now=now, merchant_id=row.merchant_id,
            target=f"channel:{row.code}",
            detail={"before": before, "after": _plain(row), "approval": approval},
        )  # fmt: skip
        return _view(row)


async def update_channel(
    staff: Staff, channel_id: int, change: ChannelChange, now: datetime, reason: str = ""
) -> Changed:
    """A change of the order alone is made at once; a change of the limits or the fee goes
    through the four-eyes policy (a second staff member approves it), with the maker's
    `reason`."""
    brand_id = await _brand_of(channel_id)
    await require(staff, "channels.manage", brand_id, now)
    values = checked(change)
    async with session_scope() as session:
        row = await session.get(PaymentChannel, channel_id)
    assert row is not None
    if values[:4] == (row.min_amount, row.max_amount, row.fee_percent, row.fee_fixed):
        return Changed(await _apply(staff.actor, channel_id, values, now, None), None)
    low, high, percent, fixed, sort = values
    decided = await approvals.decide(
        staff,
        approvals.Action(
            kind=LIMITS_KIND,
            merchant_id=brand_id,
            amount=high,
            subject=f"channel:{channel_id}",
            key=f"channel:{channel_id}:{low}:{high}:{percent}:{fixed}:{sort}",
            payload={
                "channel": channel_id,
                "min": str(low),
                "max": str(high),
                "fee_percent": str(percent),
                "fee_fixed": str(fixed),
                "sort": sort,
                "reason": reason.strip()[:200],
            },
            summary=f"{row.code}: {low}-{high}, fee {percent}% + {fixed}",
        ),
        lambda: _apply(staff.actor, channel_id, values, now, None),
        now,
    )
    if decided.request is not None:
        return Changed(None, decided.request.id)
    return Changed(decided.done, None)


async def _run_limits(request: ApprovalRequest, approver: Staff, now: datetime) -> dict[str, Any]:
    payload = request.payload
    channel_id = int(payload["channel"])
    if await _brand_of(channel_id) != request.merchant_id:
        raise AppError("channel-unknown", 404)
    values = checked(
        ChannelChange(
            str(payload["min"]),
            str(payload["max"]),
            str(payload["fee_percent"]),
            str(payload["fee_fixed"]),
            int(payload["sort"]),
        )
    )
    view = await _apply(approver.actor, channel_id, values, now, request.id)
    return {"channel": view.code}


async def set_enabled(staff: Staff, channel_id: int, enabled: bool, now: datetime) -> ChannelView:
    """Switch a channel on or off for the brand's cashier (the same state again: no entry)."""
    brand_id = await _brand_of(channel_id)
    await require(staff, "channels.manage", brand_id, now)
    async with write_transaction() as session:
        row = await session.get(PaymentChannel, channel_id, with_for_update=True)
        assert row is not None
        if row.enabled != enabled:
            row.enabled = enabled
            session.add(row)
            await audit.append(
                session, staff.actor, "channel.enable" if enabled else "channel.disable",
                now=now, merchant_id=brand_id, target=f"channel:{row.code}",
            )  # fmt: skip
        shown = _view(row)
    await announce_change()  # the footer's payment methods, in every process
    return shown


APPROVAL_EXECUTORS = ((LIMITS_KIND, _run_limits),)
