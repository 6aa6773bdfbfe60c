"""Loyalty points' configuration (ratios per category, conversion), what points are worth, and
a member's points balance and overview.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Generic, TypeVar

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts
from app.services.points_ledger import CENT, MAX_POINTS, ZERO, issued_account
from models.base import saved_id
from models.brand import Merchant
from models.ledger import POINTS_CURRENCY, AccountKind, LedgerAccount, account_owner_key
from models.member import Member
from models.points import PointsConfig, PointsRewardKind, RedeemStatus

CONSUMER = "loyalty-points"
MAX_RATIO = Decimal("1000")
PAGE_SIZE = 20
MAX_PAGE = 1000
# The spec's date ranges (9): windows of 7 or 30 days, moved to the previous or next window.
RANGE_DAYS = {"7d": 7, "30d": 30}
MAX_WINDOWS_BACK = 60
# Where a brand has no configuration yet: 1 point per 10 of valid bet on slots, originals,
# fishing and lottery, 1 per 20 on live, table, sports and e-sports; 100 points make 1 of cash.
DEFAULT_RATIOS: Mapping[str, Decimal] = {
    "RNG": Decimal("0.1"),
    "INHOUSE": Decimal("0.1"),
    "FISH": Decimal("0.1"),
    "LOTT": Decimal("0.1"),
    "ELOTT": Decimal("0.1"),
    "LIVE": Decimal("0.05"),
    "PVP": Decimal("0.05"),
    "SPORTS": Decimal("0.05"),
    "ESPORTS": Decimal("0.05"),
}
DEFAULT_CONVERT_RATIO = Decimal("100")
DEFAULT_MIN_CONVERT = Decimal("100")

Item = TypeVar("Item")
# What a member may type as a number of points: digits, at most 2 decimals (no exponent).
POINTS_TEXT = re.compile(r"[0-9]{1,10}(\.[0-9]{1,2})?")


@dataclass(frozen=True)
class Config:
    enabled: bool
    earn_ratios: Mapping[str, Decimal]
    convert_ratio: Decimal  # points for 1 of cash
    min_convert: Decimal

    def ratio(self, category: str) -> Decimal:
        return self.earn_ratios.get(category, ZERO)


DEFAULT_CONFIG = Config(True, DEFAULT_RATIOS, DEFAULT_CONVERT_RATIO, DEFAULT_MIN_CONVERT)


@dataclass(frozen=True)
class Overview:
    balance: Decimal
    cash_value: Decimal  # what the balance would convert to
    currency: str  # the brand's cash currency
    config: Config


@dataclass(frozen=True)
class RewardView:
    id: int
    code: str
    kind: PointsRewardKind
    name: str
    description: str
    model: str
    image: str
    points: Decimal
    value: Decimal
    currency: str
    stock: int | None
    max_quantity: int
    wagering_multiplier: int
    bonus_days: int
    free_game: str = ""  # free-rounds rewards: the studio game and the rounds of one
    free_rounds: int = 0


@dataclass(frozen=True)
class RedeemView:
    reference: str
    applied_at: datetime
    kind: PointsRewardKind
    model: str
    name: str
    quantity: int
    points: Decimal
    status: RedeemStatus
    address: dict[str, str]
    decided_at: datetime | None
    note: str
    member_id: int = 0


@dataclass(frozen=True)
class ConvertView:
    reference: str
    points: Decimal
    cash: Decimal
    balance: Decimal  # points left


@dataclass(frozen=True)
class PointsRecord:
    """One line of the points details (spec 3: type, amount, balance, ratio, status, time,
    remark, reason)."""

    id: int
    type: str
    amount: Decimal
    balance: Decimal
    ratio: str
    status: RedeemStatus
    time: datetime
    remark: str
    reason: str
    category: str = ""  # earned points: the game category and the valid bet they came from
    valid_bet: Decimal | None = None


@dataclass(frozen=True)
class Page(Generic[Item]):
    items: list[Item]
    total: int
    page: int
    page_size: int
    since: datetime
    until: datetime


# ---- configuration -------------------------------------------------------------------------


def decimal_or_none(value: object) -> Decimal | None:
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def config_of(row: PointsConfig | None) -> Config:
    if row is None:
        return DEFAULT_CONFIG
    ratios = {str(k): Decimal(str(v)) for k, v in (row.earn_ratios or {}).items()}
    return Config(row.enabled, ratios, Decimal(row.convert_ratio), Decimal(row.min_convert))


async def config_in(session: AsyncSession, merchant_id: int) -> Config:
    return config_of(await session.get(PointsConfig, merchant_id))


async def configure(
    merchant_id: int,
    *,
    earn_ratios: Mapping[str, object],
    convert_ratio: object,
    min_convert: object,
    enabled: bool = True,
    now: datetime,
) -> Config:
    """Set a brand's points rules (operators, demo seed, tests); bad values change nothing."""
    ratios: dict[str, str] = {}
    for category, value in earn_ratios.items():
        ratio = decimal_or_none(value)
        if (
            not wager_facts.CATEGORY_PATTERN.fullmatch(str(category))
            or ratio is None
            or not ZERO <= ratio <= MAX_RATIO
        ):
            raise AppError("points-config-invalid", 422)
        ratios[str(category)] = str(ratio)
    convert = decimal_or_none(convert_ratio)
    minimum = decimal_or_none(min_convert)
    if convert is None or not ZERO < convert <= MAX_POINTS or minimum is None or minimum < 0:
        raise AppError("points-config-invalid", 422)
    async with write_transaction() as session:
        row = await session.get(PointsConfig, merchant_id, with_for_update=True)
        if row is None:
            if await session.get(Merchant, merchant_id) is None:
                raise AppError("points-config-invalid", 422)
            row = PointsConfig(merchant_id=merchant_id)
        row.enabled = enabled
        row.earn_ratios = ratios
        row.convert_ratio = convert.quantize(CENT)
        row.min_convert = minimum.quantize(CENT)
        row.updated_at = now
        session.add(row)
        await session.flush()
        return config_of(row)


# ---- accounts and credits ------------------------------------------------------------------


async def issued_shards(
    session: AsyncSession, merchant_id: int, member_ids: Sequence[int]
) -> dict[int, int]:
    """The brand's POINTS_ISSUED shard accounts these members use, by shard: one query for
    those that exist (made where missing)."""
    shards = {member_id % ledger.MERCHANT_ACCOUNT_SHARDS for member_id in member_ids}
    keys = {
        shard: account_owner_key(
            merchant_id,
            None,
            AccountKind.POINTS_ISSUED,
            POINTS_CURRENCY,
            ledger.shard_sub_key(shard),
        )
        for shard in shards
    }
    found = dict(
        (
            await session.exec(
                select(LedgerAccount.owner_key, LedgerAccount.id).where(
                    col(LedgerAccount.owner_key).in_(list(keys.values()))
                )
            )
        ).all()
    )
    ids: dict[int, int] = {}
    for shard, key in keys.items():
        account_id = found.get(key)
        ids[shard] = (
            account_id
            if account_id is not None
            else await issued_account(session, merchant_id, shard)
        )
    return ids


async def balance_in(session: AsyncSession, merchant_id: int, member_id: int) -> Decimal:
    key = account_owner_key(merchant_id, member_id, AccountKind.MEMBER_POINTS, POINTS_CURRENCY)
    found = (
        await session.exec(select(col(LedgerAccount.balance)).where(LedgerAccount.owner_key == key))
    ).first()
    return ZERO if found is None else Decimal(found).quantize(CENT)


def cash_for(points: Decimal, config: Config) -> Decimal:
    """What `points` convert to, rounded down to the cent."""
    return (points / config.convert_ratio).quantize(CENT, rounding=ROUND_DOWN)


async def overview(member: Member) -> Overview:
    async with session_scope() as session:
        config = await config_in(session, member.merchant_id)
        points = await balance_in(session, member.merchant_id, saved_id(member.id))
        merchant = await session.get(Merchant, member.merchant_id)
    assert merchant is not None
    return Overview(points, cash_for(points, config), merchant.currency, config)
