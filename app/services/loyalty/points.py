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

The configuration, accounts and balances are in points_config.py, the mall in points_mall.py;
their public names are importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts, wallet_events
from app.services.accounts.members import require_real_account
from app.services.accounts.payment_password import check_payment_password
from app.services.brands import Brand
from app.services.cash_rewards import pay_cash
from app.services.loyalty.points_config import (
    CONSUMER,
    DEFAULT_CONFIG,
    DEFAULT_CONVERT_RATIO,
    DEFAULT_MIN_CONVERT,
    DEFAULT_RATIOS,
    MAX_PAGE,
    MAX_WINDOWS_BACK,
    PAGE_SIZE,
    POINTS_TEXT,
    RANGE_DAYS,
    Config,
    ConvertView,
    Page,
    PointsRecord,
    RedeemView,
    RewardView,
    balance_in,
    cash_for,
    config_in,
    config_of,
    configure,
    decimal_or_none,
    issued_shards,
    overview,
)
from app.services.loyalty.points_mall import (
    ADDRESS_FIELDS,
    decide,
    decide_in,
    new_reference,
    pending,
    redeem,
    redeem_merchant,
    redeem_view,
    require_points_module,
    rewards,
    spend,
)
from app.services.points_ledger import CENT, MAX_POINTS, ZERO, PointsType, member_account
from app.services.protection.limits import excluded
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
from models.points import PointsConfig, PointsRedeem, RedeemStatus
from models.protection import MemberProtection

__all__ = [
    "ADDRESS_FIELDS",
    "CENT",
    "CONSUMER",
    "DEFAULT_CONVERT_RATIO",
    "DEFAULT_MIN_CONVERT",
    "DEFAULT_RATIOS",
    "MAX_WINDOWS_BACK",
    "POINTS_TEXT",
    "RANGE_DAYS",
    "Page",
    "PointsRecord",
    "RedeemView",
    "RewardView",
    "balance_in",
    "catch_up_earning",
    "config_in",
    "configure",
    "convert",
    "decide",
    "decide_in",
    "details",
    "overview",
    "pending",
    "points_for",
    "process_earning",
    "redeem",
    "redeem_list",
    "redeem_merchant",
    "register",
    "rewards",
    "window",
]

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


@dataclass(frozen=True)
class _EarningRows:
    """What a batch of facts needs to know of its brands, members and their protection."""

    merchants: dict[int, Merchant]
    configs: dict[int, Config]
    members: dict[int, tuple[int, int]]  # member → (brand, account type)
    protection: dict[int, MemberProtection]

    @classmethod
    async def load(cls, session: AsyncSession, facts: Sequence[StoredFact]) -> _EarningRows:
        brand_ids = sorted({fact.brand_id for fact in facts})
        member_ids = sorted({fact.member_id for fact in facts})
        merchants = await session.exec(select(Merchant).where(col(Merchant.id).in_(brand_ids)))
        configs = await session.exec(
            select(PointsConfig).where(col(PointsConfig.merchant_id).in_(brand_ids))
        )
        members = await session.exec(
            select(Member.id, Member.merchant_id, Member.account_type).where(
                col(Member.id).in_(member_ids)
            )
        )
        protection = await session.exec(
            select(MemberProtection).where(col(MemberProtection.member_id).in_(member_ids))
        )
        return cls(
            merchants={saved_id(m.id): m for m in merchants.all()},
            configs={row.merchant_id: config_of(row) for row in configs.all()},
            members={
                member_id: (merchant_id, account_type)
                for member_id, merchant_id, account_type in members.all()
                if member_id is not None
            },
            protection={row.member_id: row for row in protection.all()},
        )

    def ratio(self, fact: StoredFact, now: datetime) -> Decimal | None:
        """The points per unit of valid bet this fact earns at, or None when it earns none
        (unknown or foreign member, a trial account, points off, another currency, a member
        excluded or paused when it was settled)."""
        merchant = self.merchants.get(fact.brand_id)
        owner = self.members.get(fact.member_id)
        config = self.configs.get(fact.brand_id, DEFAULT_CONFIG)
        if (
            merchant is None
            or owner is None
            or owner[0] != fact.brand_id
            or not _earns(owner[1])
            or not config.enabled
            or fact.currency != merchant.currency
            or _blocked(self.protection.get(fact.member_id), fact.settled_at, now)
        ):
            return None
        return config.ratio(fact.category)


@dataclass
class _Earning:
    """The consumer's handler: credits the points of a batch of facts. No page follows a
    points balance as it moves (the mall and the VIP page read it as they open), so earning
    signals no page: a bump of the members' versions woke the header of every open tab for a
    read of figures the points never change, after every round of a thousand players."""

    now: datetime

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        earning = [
            fact for fact in facts if fact.valid_bet > 0 and fact.kind != FactKind.VOIDED.value
        ]
        if not earning:
            return
        rows = await _EarningRows.load(session, earning)
        groups: dict[tuple[int, str], _Group] = {}
        for fact in earning:
            ratio = rows.ratio(fact, self.now)
            points = ZERO if ratio is None else points_for(fact.valid_bet, ratio)
            if ratio is None or points <= 0:
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
        shards = await issued_shards(session, merchant_id, [g.member_id for g in groups])
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
    return await wager_facts.process(CONSUMER, earning, batch_size=batch_size)


async def catch_up_earning(now: datetime, *, batch_size: int = 500) -> int:
    total = 0
    while done := await process_earning(now, batch_size=batch_size):
        total += done
    return total


# ---- conversion ----------------------------------------------------------------------------


async def convert(
    member: Member, points_text: object, payment_password: str, now: datetime
) -> ConvertView:
    """Convert points to cash at the brand's ratio (a use case): the points are spent and the
    cash paid in one transaction, each a ledger movement keyed by the conversion."""
    require_real_account(member)
    await require_points_module(member)
    text = str(points_text).strip() if isinstance(points_text, str | int) else ""
    points = decimal_or_none(text) if POINTS_TEXT.fullmatch(text) else None
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
    reference = new_reference("C", now)
    async with write_transaction() as session:
        spent = await spend(
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
    return Page([redeem_view(row) for row in rows], total, number, PAGE_SIZE, since, until)


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
        valid_bet=decimal_or_none(details["valid_bet"]) if "valid_bet" in details else None,
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
