"""Loyalty points: earned on valid bets, never expiring, spent in the points mall or
converted to cash.

Points are a ledger currency of their own (POINTS_CURRENCY, "PTS"): a member's points are the
balance of their MEMBER_POINTS account, and every point in circulation came from the brand's
POINTS_ISSUED account (which goes negative by as much), so the ledger's audit proves points as
it proves money. Every change is a ledger movement with an idempotency key:

- earning (`CONSUMER`, a wager-fact consumer): each settled bet's valid bet times the brand's
  ratio for the game's category, rounded down to 0.01 point per bet; only real players' own
  money in the brand's currency earns (bonus money is never staked on this platform: it stays
  in MEMBER_BONUS until converted, so every fact's stake is the member's cash; trial and
  operator accounts earn nothing); a member under a cooling-off or self-exclusion when the bet
  settled or when it is counted earns nothing and is not told. A void or a negative correction
  takes nothing back (points never expire and are never clawed back);
- `credit`: a building block for other capabilities (mission and promotion rewards);
- redeeming a reward of the mall (cash into the wallet, a bonus of the promotions engine, a
  physical item sent after an operator's review) and converting points to cash, both proven by
  the payment password. A physical redeem waits IN PROCESS; a rejection returns its points and
  its stock.

Concurrency: spending locks the member's points account through the ledger, which refuses to
take it below zero (two redeems of the last points: one wins); stock is taken by one
conditional UPDATE (`stock >= quantity`), so it never goes negative.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy import Table, func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts, wallet_events
from app.services.accounts.members import require_real_account
from app.services.accounts.payment_password import check_payment_password
from app.services.brands import Brand, brands
from app.services.cash_rewards import pay_cash
from app.services.points_ledger import (
    CENT,
    ISSUED_POINTS,
    MAX_POINTS,
    MEMBER_POINTS,
    ZERO,
    PointsType,
    issued_account,
    member_account,
)
from app.services.promotions import bonus, free_rounds
from app.services.promotions.rules import rules_for
from app.services.protection.limits import excluded
from app.services.site import POINTS_MODULE
from app.services.wager_facts import StoredFact
from models.base import saved_id
from models.brand import Merchant
from models.facts import FactKind
from models.ledger import (
    POINTS_CURRENCY,
    AccountKind,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    TransactionKind,
    account_owner_key,
)
from models.member import Member
from models.points import (
    PointsConfig,
    PointsRedeem,
    PointsReward,
    PointsRewardKind,
    RedeemStatus,
)
from models.protection import MemberProtection

CONSUMER = "loyalty-points"
MAX_RATIO = Decimal("1000")
PAGE_SIZE = 20
MAX_PAGE = 1000
# The spec's date ranges (9): windows of 7 or 30 days, moved to the previous or next window.
RANGE_DAYS = {"7d": 7, "30d": 30}
MAX_WINDOWS_BACK = 60
# Bonus rewards count like the demo promotions: sports and PvP 0 %, live casino 50 %.
BONUS_WEIGHTS: Mapping[str, int] = {"SPORTS": 0, "PVP": 0, "LIVE": 50}
# Rewards that may not lure back a member on a break.
LURES = (PointsRewardKind.BONUS, PointsRewardKind.FREE_ROUNDS)
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
ADDRESS_FIELDS: Mapping[str, int] = {
    "name": 80,
    "phone": 24,
    "line": 160,
    "city": 60,
    "region": 40,
    "postcode": 16,
}
ADDRESS_OPTIONAL = frozenset({"region"})

Item = TypeVar("Item")
# What a member may type as a number of points: digits, at most 2 decimals (no exponent).
POINTS_TEXT = re.compile(r"[0-9]{1,10}(\.[0-9]{1,2})?")
_REWARDS: Table = PointsReward.__table__  # type: ignore[attr-defined]


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


def _decimal(value: object) -> Decimal | None:
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def _config(row: PointsConfig | None) -> Config:
    if row is None:
        return DEFAULT_CONFIG
    ratios = {str(k): Decimal(str(v)) for k, v in (row.earn_ratios or {}).items()}
    return Config(row.enabled, ratios, Decimal(row.convert_ratio), Decimal(row.min_convert))


async def config_in(session: AsyncSession, merchant_id: int) -> Config:
    return _config(await session.get(PointsConfig, merchant_id))


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
        ratio = _decimal(value)
        if (
            not wager_facts.CATEGORY_PATTERN.fullmatch(str(category))
            or ratio is None
            or not ZERO <= ratio <= MAX_RATIO
        ):
            raise AppError("points-config-invalid", 422)
        ratios[str(category)] = str(ratio)
    convert = _decimal(convert_ratio)
    minimum = _decimal(min_convert)
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
        return _config(row)


# ---- accounts and credits ------------------------------------------------------------------


async def _issued_shards(
    session: AsyncSession, merchant_id: int, member_ids: Sequence[int]
) -> dict[int, int]:
    """The brand's POINTS_ISSUED shard accounts these members use, by shard: one query for
    those that exist (made where missing)."""
    shards = {member_id % ledger.MERCHANT_ACCOUNT_SHARDS for member_id in member_ids}
    keys = {
        shard: account_owner_key(
            merchant_id, None, AccountKind.POINTS_ISSUED, POINTS_CURRENCY, f"shard{shard}"
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


# ---- earning from wager facts --------------------------------------------------------------


def _earns(account_type: int) -> bool:
    """Own money: real players and agents; trial (free-play) and operator accounts do not."""
    settings = get_settings()
    return (
        account_type not in settings.trial_account_types
        and account_type not in settings.operator_account_types
    )


def _blocked(state: MemberProtection | None, settled_at: datetime, now: datetime) -> bool:
    """Under a responsible-gambling block when the bet settled or now."""
    if state is None or state.excluded_kind is None:
        return False
    if excluded(state, now):
        return True
    started = state.excluded_at
    return started is not None and started <= settled_at and excluded(state, settled_at)


def points_for(valid_bet: Decimal, ratio: Decimal) -> Decimal:
    return (valid_bet * ratio).quantize(CENT, rounding=ROUND_DOWN)


@dataclass
class _Group:
    """One member's points of one category in one batch: one ledger movement."""

    merchant_id: int
    member_id: int
    category: str
    ratio: Decimal
    first_fact: int
    points: Decimal = ZERO
    valid_bet: Decimal = ZERO
    bets: int = 0


@dataclass
class _Earning:
    """The consumer's handler: credits the points of a batch of facts."""

    now: datetime
    members: set[int] = field(default_factory=set)  # whose balance moved: their pages refresh

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        earning = [
            fact for fact in facts if fact.valid_bet > 0 and fact.kind != FactKind.VOIDED.value
        ]
        if not earning:
            return
        brand_ids = sorted({fact.brand_id for fact in earning})
        member_ids = sorted({fact.member_id for fact in earning})
        merchants = {
            saved_id(m.id): m
            for m in (
                await session.exec(select(Merchant).where(col(Merchant.id).in_(brand_ids)))
            ).all()
        }
        configs = {
            row.merchant_id: _config(row)
            for row in (
                await session.exec(
                    select(PointsConfig).where(col(PointsConfig.merchant_id).in_(brand_ids))
                )
            ).all()
        }
        members = {
            member_id: (merchant_id, account_type)
            for member_id, merchant_id, account_type in (
                await session.exec(
                    select(Member.id, Member.merchant_id, Member.account_type).where(
                        col(Member.id).in_(member_ids)
                    )
                )
            ).all()
            if member_id is not None
        }
        protection = {
            row.member_id: row
            for row in (
                await session.exec(
                    select(MemberProtection).where(col(MemberProtection.member_id).in_(member_ids))
                )
            ).all()
        }
        groups: dict[tuple[int, str], _Group] = {}
        for fact in earning:
            merchant = merchants.get(fact.brand_id)
            owner = members.get(fact.member_id)
            config = configs.get(fact.brand_id, DEFAULT_CONFIG)
            if (
                merchant is None
                or owner is None
                or owner[0] != fact.brand_id
                or not _earns(owner[1])
                or not config.enabled
                or fact.currency != merchant.currency
                or _blocked(protection.get(fact.member_id), fact.settled_at, self.now)
            ):
                continue
            ratio = config.ratio(fact.category)
            points = points_for(fact.valid_bet, ratio)
            if points <= 0:
                continue
            group = groups.setdefault(
                (fact.member_id, fact.category),
                _Group(fact.brand_id, fact.member_id, fact.category, ratio, fact.id),
            )
            group.points += points
            group.valid_bet += fact.valid_bet
            group.bets += 1
        by_merchant: dict[int, list[_Group]] = {}
        for group in groups.values():
            by_merchant.setdefault(group.merchant_id, []).append(group)
        for merchant_id, found in sorted(by_merchant.items()):
            await self._post(session, merchant_id, found)

    async def _post(self, session: AsyncSession, merchant_id: int, groups: list[_Group]) -> None:
        accounts = await ledger.member_accounts(
            session,
            merchant_id=merchant_id,
            kind=AccountKind.MEMBER_POINTS,
            currency=POINTS_CURRENCY,
            member_ids=[group.member_id for group in groups],
        )
        shards = await _issued_shards(session, merchant_id, [g.member_id for g in groups])
        moves = []
        for group in groups:
            moves.append(
                ledger.Move(
                    debit_account_id=shards[group.member_id % ledger.MERCHANT_ACCOUNT_SHARDS],
                    credit_account_id=accounts[group.member_id],
                    amount=group.points,
                    idempotency_key=f"points-earn:{group.first_fact}",
                    member_id=group.member_id,
                    reference=f"PTS-{group.category}",
                    metadata={
                        "type": PointsType.EARN,
                        "category": group.category,
                        "ratio": str(group.ratio),
                        "valid_bet": str(group.valid_bet),
                        "bets": group.bets,
                        "reason": "bet",
                    },
                )
            )
            self.members.add(group.member_id)
        await ledger.post_moves(
            session, merchant_id=merchant_id, kind=TransactionKind.POINTS, moves=moves
        )


async def register() -> None:
    """Make the consumer known from now on (the migration starts it where points began)."""
    await wager_facts.register_consumer(CONSUMER, from_now=True)


async def process_earning(now: datetime, *, batch_size: int = 500) -> int:
    """Credit the points of the next facts (one batch); returns how many were read."""
    await register()
    earning = _Earning(now)
    done = await wager_facts.process(CONSUMER, earning, batch_size=batch_size)
    await wallet_events.balances_changed(earning.members)
    return done


async def catch_up_earning(now: datetime, *, batch_size: int = 500) -> int:
    total = 0
    while done := await process_earning(now, batch_size=batch_size):
        total += done
    return total


# ---- the mall ------------------------------------------------------------------------------


def _texts(content: Mapping[str, Any], language: str) -> Mapping[str, str]:
    found: object = (
        content.get(language.lower()) or content.get("pt") or next(iter(content.values()), {})
    )
    return found if isinstance(found, Mapping) else {}


def _offered(reward: PointsReward, merchant: Merchant) -> bool:
    """Bonus rewards are not offered where the jurisdiction forbids pre-bet bonuses (Brazil):
    a bonus there is a promotion of its own kind, never a points purchase. Free rounds only
    of a game that can give them (their winnings go to cash there)."""
    if reward.kind == PointsRewardKind.BONUS.value:
        return rules_for(merchant).bonus_before_first_bet
    if reward.kind == PointsRewardKind.FREE_ROUNDS.value:
        return reward.free_game in free_rounds.offerable_games() and reward.free_rounds > 0
    return True


def _reward_view(reward: PointsReward, language: str, currency: str) -> RewardView:
    texts = _texts(reward.content or {}, language)
    return RewardView(
        id=saved_id(reward.id),
        code=reward.code,
        kind=PointsRewardKind(reward.kind),
        name=texts.get("name", reward.code),
        description=texts.get("description", ""),
        model=reward.model,
        image=reward.image,
        points=Decimal(reward.points).quantize(CENT),
        value=Decimal(reward.value).quantize(CENT),
        currency=currency,
        stock=reward.stock,
        max_quantity=reward.max_quantity,
        wagering_multiplier=reward.wagering_multiplier,
        bonus_days=reward.bonus_days,
        free_game=reward.free_game,
        free_rounds=reward.free_rounds,
    )


async def rewards(merchant_id: int, language: str) -> list[RewardView]:
    """The brand's rewards on offer, in mall order."""
    async with session_scope() as session:
        merchant = await session.get(Merchant, merchant_id)
        if merchant is None:
            return []
        rows = (
            await session.exec(
                select(PointsReward)
                .where(PointsReward.merchant_id == merchant_id, col(PointsReward.enabled))
                .order_by(col(PointsReward.sort), col(PointsReward.id))
            )
        ).all()
    return [
        _reward_view(row, language, merchant.currency) for row in rows if _offered(row, merchant)
    ]


def _quantity(value: object, reward: PointsReward) -> int:
    if isinstance(value, bool):
        raise AppError("points-quantity-invalid", 422, params={"max": reward.max_quantity})
    try:
        quantity = int(str(value).strip())
    except ValueError:
        raise AppError(
            "points-quantity-invalid", 422, params={"max": reward.max_quantity}
        ) from None
    if not 1 <= quantity <= reward.max_quantity:
        raise AppError("points-quantity-invalid", 422, params={"max": reward.max_quantity})
    return quantity


def clean_address(address: Mapping[str, object] | None) -> dict[str, str]:
    """A delivery address: every field but the region required, each within its length."""
    given = address or {}
    cleaned: dict[str, str] = {}
    missing: list[str] = []
    for name, limit in ADDRESS_FIELDS.items():
        value = given.get(name)
        text = value.strip() if isinstance(value, str) else ""
        if len(text) > limit or (not text and name not in ADDRESS_OPTIONAL):
            missing.append(name)
        cleaned[name] = text
    if missing:
        problems = [{"field": name, "code": "val_required", "params": {}} for name in missing]
        raise AppError("points-address-invalid", 422, value={"fields": problems})
    return cleaned


def _reference(prefix: str, now: datetime) -> str:
    return f"{prefix}{now:%y%m%d%H%M%S}{secrets.token_hex(4).upper()}"


async def _spend(
    session: AsyncSession,
    member: Member,
    points: Decimal,
    *,
    key: str,
    reference: str,
    metadata: Mapping[str, Any],
) -> ledger.Posted:
    try:
        return await ledger.transfer(
            session,
            merchant_id=member.merchant_id,
            member_id=saved_id(member.id),
            currency=POINTS_CURRENCY,
            kind=TransactionKind.POINTS,
            idempotency_key=key,
            from_=MEMBER_POINTS,
            to=ISSUED_POINTS,
            amount=points,
            reference=reference,
            metadata=dict(metadata),
        )
    except AppError as error:
        if error.code == "ledger-insufficient-funds":
            raise AppError("points-insufficient", 409) from None
        raise


def _redeem_view(row: PointsRedeem) -> RedeemView:
    return RedeemView(
        reference=row.reference,
        applied_at=row.created_at,
        kind=PointsRewardKind(row.kind),
        model=row.model,
        name=row.name,
        quantity=row.quantity,
        points=Decimal(row.points).quantize(CENT),
        status=RedeemStatus(row.status),
        address={str(k): str(v) for k, v in (row.address or {}).items()},
        decided_at=row.decided_at,
        note=row.note,
        member_id=row.member_id,
    )


async def _require_points_module(member: Member) -> None:
    """The brand's points system (white-label module PTSYS3) switched off: nothing is spent."""
    if not (await brands.by_id(member.merchant_id)).module_on(POINTS_MODULE):
        raise AppError("points-disabled", 409)


async def redeem(
    member: Member,
    reward_id: object,
    quantity_text: object,
    payment_password: str,
    address: Mapping[str, object] | None,
    language: str,
    now: datetime,
) -> RedeemView:
    """Redeem a reward (a use case): checked, then the points are spent, the stock taken and
    the reward delivered (cash, bonus) or queued for review (physical), in one transaction."""
    require_real_account(member)
    await _require_points_module(member)
    if isinstance(reward_id, bool) or not isinstance(reward_id, int) or not 0 < reward_id < 2**31:
        raise AppError("points-reward-not-found", 404)
    async with session_scope() as session:
        reward = await session.get(PointsReward, reward_id)
        merchant = await session.get(Merchant, member.merchant_id)
    if reward is None or merchant is None or reward.merchant_id != member.merchant_id:
        raise AppError("points-reward-not-found", 404)
    if not reward.enabled:
        raise AppError("points-reward-not-found", 404)
    if not _offered(reward, merchant):
        raise AppError("points-reward-not-offered", 409)
    quantity = _quantity(quantity_text, reward)
    kind = PointsRewardKind(reward.kind)
    delivery = clean_address(address) if kind is PointsRewardKind.PHYSICAL else {}
    await check_payment_password(member, payment_password)
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        config = await config_in(session, member.merchant_id)
        if not config.enabled:
            raise AppError("points-disabled", 409)
        if kind in LURES and excluded(await session.get(MemberProtection, member_id), now):
            # No bonus or free play may lure back a member on a break (IN 31/2025); cash and
            # items may.
            raise AppError("points-reward-not-offered", 409)
        total = (Decimal(reward.points) * quantity).quantize(CENT)
        reference = _reference("R", now)
        await _take_stock(session, saved_id(reward.id), quantity)
        texts = _texts(reward.content or {}, language)
        spent = await _spend(
            session,
            member,
            total,
            key=f"points-redeem:{reference}",
            reference=reference,
            metadata={"type": PointsType.REDEEM, "reward": reward.code, "quantity": quantity},
        )
        row = PointsRedeem(
            reference=reference,
            merchant_id=member.merchant_id,
            member_id=member_id,
            reward_id=saved_id(reward.id),
            kind=kind.value,
            name=texts.get("name", reward.code)[:120],
            model=reward.model,
            quantity=quantity,
            points=total,
            status=RedeemStatus.PROCESS.value,
            address=delivery,
            created_at=now,
            spend_transaction_id=spent.transaction_id,
        )
        value = (Decimal(reward.value) * quantity).quantize(CENT)
        if kind is PointsRewardKind.CASH:
            await pay_cash(
                session,
                member=member,
                currency=merchant.currency,
                amount=value,
                kind=TransactionKind.POINTS_CONVERSION,
                key=f"points-reward:{reference}",
                reference=reference,
                metadata={"action": "points-reward", "reward": reward.code},
            )
        elif kind is PointsRewardKind.BONUS:
            stored = await session.get(Member, member_id)
            assert stored is not None
            await bonus.grant_in(
                session,
                member=stored,
                terms=bonus.BonusTerms(
                    amount=value,
                    multiplier=reward.wagering_multiplier,
                    weights=BONUS_WEIGHTS,
                    days=reward.bonus_days,
                ),
                grant_key=f"points-{reference}",
                now=now,
            )
        elif kind is PointsRewardKind.FREE_ROUNDS:
            stored = await session.get(Member, member_id)
            assert stored is not None
            await free_rounds.grant(
                session,
                stored,
                game_code=reward.free_game,
                stake=Decimal(reward.value).quantize(CENT),
                rounds=reward.free_rounds * quantity,
                multiplier=reward.wagering_multiplier,
                bonus_days=reward.bonus_days,
                grant_key=f"points-{reference}",
                now=now,
            )
        if kind is not PointsRewardKind.PHYSICAL:
            row.status = RedeemStatus.APPROVED.value
            row.decided_at = now
            row.decided_by = "auto"
        session.add(row)
        await session.flush()
        view = _redeem_view(row)
    await wallet_events.balance_changed(member_id)
    return view


async def _take_stock(session: AsyncSession, reward_id: int, quantity: int) -> None:
    """Take `quantity` from a limited stock in one conditional UPDATE: of two racing redeems
    of the last item, the second finds too little and is refused."""
    reward = await session.get(PointsReward, reward_id)
    assert reward is not None
    if reward.stock is None:
        return
    taken = await session.exec(
        update(_REWARDS)
        .where(_REWARDS.c.id == reward_id, _REWARDS.c.stock >= quantity)
        .values(stock=_REWARDS.c.stock - quantity)
    )
    if taken.rowcount != 1:
        raise AppError("points-out-of-stock", 409)
    await session.refresh(reward)


async def decide_in(
    session: AsyncSession,
    merchant_id: int | None,
    reference: str,
    *,
    approve: bool,
    note: str,
    decided_by: str,
    now: datetime,
) -> RedeemView:
    """An operator approves (the item is sent) or rejects (points and stock return) a redeem
    in process, in the caller's transaction (building block: the console adds its audit
    entry); `merchant_id` None is any brand. A decided redeem cannot be decided again."""
    if not approve and not note.strip():
        raise AppError("points-note-required", 422)
    if len(note) > 200 or not decided_by or len(decided_by) > 64:
        raise AppError("points-note-required", 422)
    row = (
        await session.exec(
            select(PointsRedeem)
            .where(PointsRedeem.reference == reference)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).first()
    if row is None or (merchant_id is not None and row.merchant_id != merchant_id):
        raise AppError("points-redeem-not-found", 404)
    if row.status != RedeemStatus.PROCESS.value:
        raise AppError("points-redeem-decided", 409)
    if approve:
        row.status = RedeemStatus.APPROVED.value
    else:
        refunded = await ledger.transfer(
            session,
            merchant_id=row.merchant_id,
            member_id=row.member_id,
            currency=POINTS_CURRENCY,
            kind=TransactionKind.POINTS,
            idempotency_key=f"points-refund:{row.reference}",
            from_=ISSUED_POINTS,
            to=MEMBER_POINTS,
            amount=Decimal(row.points).quantize(CENT),
            reference=row.reference,
            metadata={"type": PointsType.REFUND, "reason": "rejected"},
        )
        await session.exec(
            update(_REWARDS)
            .where(_REWARDS.c.id == row.reward_id, _REWARDS.c.stock.is_not(None))
            .values(stock=_REWARDS.c.stock + row.quantity)
        )
        row.status = RedeemStatus.REJECTED.value
        row.refund_transaction_id = refunded.transaction_id
    row.decided_at = now
    row.decided_by = decided_by
    row.note = note.strip()
    session.add(row)
    await session.flush()
    return _redeem_view(row)


async def decide(
    merchant_id: int | None,
    reference: str,
    *,
    approve: bool,
    note: str,
    decided_by: str,
    now: datetime,
) -> RedeemView:
    """`decide_in` as a use case of its own (the CLI, tests)."""
    async with write_transaction() as session:
        view = await decide_in(
            session,
            merchant_id,
            reference,
            approve=approve,
            note=note,
            decided_by=decided_by,
            now=now,
        )
    await wallet_events.balance_changed(view.member_id)
    return view


async def redeem_merchant(reference: str) -> int | None:
    """The brand of a redeem (None: no such redeem), for the console's permission check."""
    async with session_scope() as session:
        return (
            await session.exec(
                select(PointsRedeem.merchant_id).where(PointsRedeem.reference == reference)
            )
        ).first()


async def pending(merchant_id: int | None, *, limit: int = 100) -> list[RedeemView]:
    """Redeems waiting for an operator, oldest first."""
    query = select(PointsRedeem).where(PointsRedeem.status == RedeemStatus.PROCESS.value)
    if merchant_id is not None:
        query = query.where(PointsRedeem.merchant_id == merchant_id)
    async with session_scope() as session:
        rows = (await session.exec(query.order_by(col(PointsRedeem.id)).limit(limit))).all()
    return [_redeem_view(row) for row in rows]


# ---- conversion ----------------------------------------------------------------------------


async def convert(
    member: Member, points_text: object, payment_password: str, now: datetime
) -> ConvertView:
    """Convert points to cash at the brand's ratio (a use case): the points are spent and the
    cash paid in one transaction, each a ledger movement keyed by the conversion."""
    require_real_account(member)
    await _require_points_module(member)
    text = str(points_text).strip() if isinstance(points_text, str | int) else ""
    points = _decimal(text) if POINTS_TEXT.fullmatch(text) else None
    if points is None or not ZERO < points <= MAX_POINTS or points != points.quantize(CENT):
        raise AppError("points-invalid-amount", 422)
    points = points.quantize(CENT)
    async with session_scope() as session:
        config = await config_in(session, member.merchant_id)
        merchant = await session.get(Merchant, member.merchant_id)
    assert merchant is not None
    if not config.enabled:
        raise AppError("points-disabled", 409)
    cash = cash_for(points, config)
    if points < config.min_convert or cash <= 0:
        raise AppError("points-convert-too-small", 422, params={"min": str(config.min_convert)})
    await check_payment_password(member, payment_password)
    member_id = saved_id(member.id)
    reference = _reference("C", now)
    async with write_transaction() as session:
        spent = await _spend(
            session,
            member,
            points,
            key=f"points-convert:{reference}",
            reference=reference,
            metadata={
                "type": PointsType.CONVERT,
                "ratio": str(config.convert_ratio),
                "cash": str(cash),
            },
        )
        await pay_cash(
            session,
            member=member,
            currency=merchant.currency,
            amount=cash,
            kind=TransactionKind.POINTS_CONVERSION,
            key=f"points-convert-cash:{reference}",
            reference=reference,
            metadata={"action": "points-conversion", "points": str(points)},
        )
        mine = await member_account(session, member.merchant_id, member_id)
        left = spent.balances[mine]
    await wallet_events.balance_changed(member_id)
    return ConvertView(reference, points, cash, left)


# ---- records -------------------------------------------------------------------------------


def window(
    range_name: str, offset: object, timezone: str, now: datetime
) -> tuple[datetime, datetime]:
    """The spec's date ranges: the last 7 or 30 days up to today (`offset` 0), or the window
    `offset` windows before it (previous); the next window is `offset - 1`."""
    days = RANGE_DAYS.get(range_name)
    if days is None or isinstance(offset, bool) or not isinstance(offset, int):
        raise AppError("points-range-invalid", 422)
    if not 0 <= offset <= MAX_WINDOWS_BACK:
        raise AppError("points-range-invalid", 422)
    local = now.astimezone(ZoneInfo(timezone))
    tomorrow = local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    until = tomorrow - timedelta(days=days * offset)
    since = until - timedelta(days=days)
    utc = ZoneInfo("UTC")
    return since.astimezone(utc), until.astimezone(utc)


def _page_number(page: object) -> int:
    if isinstance(page, bool) or not isinstance(page, int) or not 1 <= page <= MAX_PAGE:
        raise AppError("points-page-invalid", 422)
    return page


async def redeem_list(
    member: Member, brand: Brand, range_name: str, offset: object, page: object, now: datetime
) -> Page[RedeemView]:
    """The member's redeems applied in the window, newest first (redeem history)."""
    number = _page_number(page)
    since, until = window(range_name, offset, brand.timezone, now)
    filters = (
        PointsRedeem.member_id == saved_id(member.id),
        col(PointsRedeem.created_at) >= since,
        col(PointsRedeem.created_at) < until,
    )
    async with session_scope() as session:
        total = (
            await session.exec(select(func.count()).select_from(PointsRedeem).where(*filters))
        ).one()
        rows = (
            await session.exec(
                select(PointsRedeem)
                .where(*filters)
                .order_by(col(PointsRedeem.created_at).desc(), col(PointsRedeem.id).desc())
                .offset((number - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
    return Page([_redeem_view(row) for row in rows], total, number, PAGE_SIZE, since, until)


def _record(
    entry: LedgerEntry, transaction: LedgerTransaction, statuses: Mapping[str, str]
) -> PointsRecord:
    details: Mapping[str, Any] = transaction.details or {}
    kind = str(details.get("type", PointsType.CREDIT))
    status = RedeemStatus.APPROVED
    if kind == PointsType.REDEEM:
        status = RedeemStatus(statuses.get(transaction.reference, RedeemStatus.APPROVED.value))
    if kind == PointsType.EARN:
        remark = f"{details.get('category', '')} {details.get('valid_bet', '')}".strip()
    elif kind == PointsType.CONVERT:
        remark = str(details.get("cash", ""))
    else:
        remark = transaction.reference
    return PointsRecord(
        id=saved_id(entry.id),
        type=kind,
        amount=Decimal(entry.amount).quantize(CENT),
        balance=Decimal(entry.balance_after).quantize(CENT),
        ratio=str(details.get("ratio", "")),
        status=status,
        time=entry.created_at,
        remark=remark,
        reason=str(details.get("reason", "")),
        category=str(details.get("category", "")),
        valid_bet=_decimal(details["valid_bet"]) if "valid_bet" in details else None,
    )


async def details(
    member: Member, brand: Brand, range_name: str, offset: object, page: object, now: datetime
) -> Page[PointsRecord]:
    """The member's points movements in the window, newest first (points details)."""
    number = _page_number(page)
    since, until = window(range_name, offset, brand.timezone, now)
    member_id = saved_id(member.id)
    key = account_owner_key(
        member.merchant_id, member_id, AccountKind.MEMBER_POINTS, POINTS_CURRENCY
    )
    async with session_scope() as session:
        account_id = (
            await session.exec(select(LedgerAccount.id).where(LedgerAccount.owner_key == key))
        ).first()
        if account_id is None:
            return Page([], 0, number, PAGE_SIZE, since, until)
        filters = (
            LedgerEntry.account_id == account_id,
            col(LedgerEntry.created_at) >= since,
            col(LedgerEntry.created_at) < until,
        )
        total = (
            await session.exec(select(func.count()).select_from(LedgerEntry).where(*filters))
        ).one()
        rows = (
            await session.exec(
                select(LedgerEntry, LedgerTransaction)
                .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
                .where(*filters)
                .order_by(col(LedgerEntry.created_at).desc(), col(LedgerEntry.id).desc())
                .offset((number - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
        references = [tx.reference for _, tx in rows if tx.details.get("type") == "REDEEM"]
        statuses = {
            reference: status
            for reference, status in (
                await session.exec(
                    select(PointsRedeem.reference, PointsRedeem.status).where(
                        col(PointsRedeem.reference).in_(references)
                    )
                )
            ).all()
        }
    items = [_record(entry, tx, statuses) for entry, tx in rows]
    return Page(items, total, number, PAGE_SIZE, since, until)
