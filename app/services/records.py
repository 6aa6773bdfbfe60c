"""The member's account record (transactionHistory) and bonus details (bonusDetails): ledger
movements of their own wallet, filtered by type and by the spec's date ranges, newest first,
a page at a time."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Generic, TypeVar
from zoneinfo import ZoneInfo

from app.core import clock
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import ledger
from app.services.catalogue import games
from models.ledger import AccountKind, TransactionKind

# Spec 9 offers previous 7 and 30 days (the "next" ranges belong to promotions); plus today.
RANGES = ("today", "7d", "30d")
TYPE_FILTERS: dict[str, tuple[TransactionKind, ...]] = {
    "all": (),
    "deposit": (TransactionKind.DEPOSIT,),
    "withdraw": (
        TransactionKind.WITHDRAWAL,
        TransactionKind.WITHDRAWAL_LOCK,
        TransactionKind.WITHDRAWAL_RELEASE,
    ),
    "game": (TransactionKind.BET, TransactionKind.WIN, TransactionKind.ROLLBACK),
    "bonus": (TransactionKind.BONUS, TransactionKind.REBATE, TransactionKind.POINTS_CONVERSION),
    "transfer": (TransactionKind.TRANSFER, TransactionKind.SALARY, TransactionKind.DIVIDEND),
    "adjustment": (
        TransactionKind.ADJUSTMENT,
        TransactionKind.REVERSAL,
        TransactionKind.UNCLAIMED,
    ),
}
PAGE_SIZE = 20
# "All" is every movement of money: points movements have their own screen (points details).
MONEY_KINDS = tuple(kind for kind in TransactionKind if kind is not TransactionKind.POINTS)
BONUS_KINDS = (TransactionKind.BONUS, TransactionKind.REBATE)
# Where a bonus or rebate lands: straight into cash, or into the bonus wallet (wagering first).
BONUS_WALLETS = (AccountKind.MEMBER_CASH, AccountKind.MEMBER_BONUS)


# A movement's reference as the player reads it: the internal codes (MISSION-DEPOSIT-1,
# ssc-1m:20261123-0042) become words; order numbers and rounds stay, named.
_REFERENCE_PREFIXES = (
    ("MISSION-", "record.ref.mission"),
    ("RACE-", "record.ref.race"),
    ("REBATE-", "record.ref.rebate"),
    ("VIP-", "record.ref.vip"),
    ("PTS-", "record.ref.points"),
    ("PROMO-", "record.ref.promotion"),
    ("BONUS-", "record.ref.bonus"),
    ("agent-transfer", "record.ref.team_transfer"),
    ("DAILY_SALARY:", "record.ref.agent_pay"),
    ("HOURLY_SALARY:", "record.ref.agent_pay"),
    ("REALTIME_SALARY:", "record.ref.agent_pay"),
    ("DIVIDEND:", "record.ref.agent_pay"),
)
_ORDER_KINDS = frozenset(
    {
        TransactionKind.DEPOSIT,
        TransactionKind.WITHDRAWAL,
        TransactionKind.WITHDRAWAL_LOCK,
        TransactionKind.WITHDRAWAL_RELEASE,
        TransactionKind.UNCLAIMED,
    }
)
_ROUND_KINDS = frozenset({TransactionKind.BET, TransactionKind.WIN, TransactionKind.ROLLBACK})
_LOTTERY_DRAW = re.compile(r"[a-z0-9-]+:(?P<issue>\d{8}-\d+)")


def reference_words(kind: str, reference: str, language: str, game: str = "") -> str:
    """What a movement's reference means to the player, in their language ("" when the
    movement's kind already says all): a game round's or a lottery bet's is its game's name
    when known (`game`, as the lobby names it), its round or draw otherwise."""
    text = reference.strip()
    if not text:
        return ""
    for prefix, key in _REFERENCE_PREFIXES:
        if text.startswith(prefix):
            return translate(key, language)
    draw = _LOTTERY_DRAW.fullmatch(text)
    if draw:
        return game or translate("record.ref.draw", language, issue=draw["issue"])
    if kind in _ORDER_KINDS:
        return translate("record.ref.order", language, order=text)
    if kind == TransactionKind.TRANSFER:
        return translate("record.ref.vendor_wallet", language, vendor=text)
    if kind in _ROUND_KINDS:
        return game or round_words(kind, text, language)
    return ""


def round_words(kind: str, reference: str, language: str) -> str:
    """A game movement's round, said in words ("Rodada r-77"; a lottery bet's draw:
    "Concurso 20261123-0042"); "" for another movement."""
    text = reference.strip()
    if kind not in _ROUND_KINDS or not text:
        return ""
    draw = _LOTTERY_DRAW.fullmatch(text)
    if draw:
        return translate("record.ref.draw_no", language, issue=draw["issue"])
    return translate("record.ref.round", language, round=text)


Item = TypeVar("Item")


@dataclass(frozen=True)
class RecordPage(Generic[Item]):
    items: list[Item]
    total: int
    page: int
    page_size: int


@dataclass(frozen=True)
class WalletChange:
    wallet: str  # a vendor wallet by its vendor code (as the balance call names it), else its kind
    amount: Decimal


@dataclass(frozen=True)
class AccountMovement:
    """One movement of the member's money as the account record shows it."""

    id: int
    kind: str
    reference: str
    time: datetime
    amount: Decimal  # the change of the member's cash
    balance: Decimal | None  # cash right after, when the movement touched cash
    other_wallets: list[WalletChange]
    game: str = ""  # a game round's game, named as the lobby names it ("" when not asked)


@dataclass(frozen=True)
class BonusMovement:
    """One bonus or rebate credited, as the bonus details show it."""

    id: int
    kind: str  # BONUS or REBATE
    reference: str
    time: datetime
    amount: Decimal  # what landed in cash or the bonus wallet
    wallet: str | None  # where it landed (MEMBER_CASH or MEMBER_BONUS); None: neither
    balance: Decimal | None  # that wallet's balance right after


def range_start(range_name: str, timezone: str, now: datetime | None = None) -> datetime:
    """The start of a range in the brand's time zone, as UTC."""
    if range_name not in RANGES:
        raise AppError("record-range-unknown", status=422)
    local_now = (now or clock.now()).astimezone(ZoneInfo(timezone))
    midnight = local_now.replace(hour=0, minute=0, second=0, microsecond=0)
    days = {"today": 0, "7d": 6, "30d": 29}[range_name]
    return (midnight - timedelta(days=days)).astimezone(ZoneInfo("UTC"))


async def account_record(
    *,
    member_id: int,
    timezone: str,
    type_filter: str = "all",
    range_name: str = "7d",
    page: int = 1,
    page_size: int = PAGE_SIZE,
    language: str | None = None,
) -> RecordPage[AccountMovement]:
    """A page of the member's movements; with a `language`, each game round's movement
    names its game in it (all the page's games read at once)."""
    if type_filter not in TYPE_FILTERS:
        raise AppError("record-type-unknown", status=422)
    since = range_start(range_name, timezone)
    async with session_scope() as session:
        found = await ledger.member_movements(
            session,
            member_id=member_id,
            kinds=TYPE_FILTERS[type_filter] or MONEY_KINDS,
            since=since,
            page=page,
            page_size=page_size,
        )
    names = await _game_names(found.items, language) if language else {}
    items = []
    for movement in found.items:
        cash = [c for c in movement.changes if c.account_kind == AccountKind.MEMBER_CASH]
        other = [c for c in movement.changes if c.account_kind != AccountKind.MEMBER_CASH]
        change = sum((c.amount for c in cash), Decimal("0.00"))
        items.append(
            AccountMovement(
                id=movement.transaction_id,
                kind=str(movement.kind),
                reference=movement.reference,
                time=movement.created_at,
                amount=change,
                balance=cash[-1].balance_after if cash else None,
                other_wallets=[
                    WalletChange(wallet=c.sub_key or str(c.account_kind), amount=c.amount)
                    for c in other
                ],
                game=names.get(_played(movement) or ("", ""), ""),
            )
        )
    return RecordPage(items, found.total, found.page, found.page_size)


def _played(movement: ledger.Movement) -> tuple[str, str] | None:
    """The (vendor, game code) a game round's movement was posted for, as the wallet wrote
    them in its details; None for another movement."""
    vendor, code = movement.details.get("vendor"), movement.details.get("game_code")
    if movement.kind not in _ROUND_KINDS or not isinstance(vendor, str):
        return None
    return (vendor, code) if isinstance(code, str) and code else None


async def _game_names(
    movements: Sequence[ledger.Movement], language: str
) -> dict[tuple[str, str], str]:
    played = {pair for pair in map(_played, movements) if pair is not None}
    return await games.names_of(played, language)


async def bonus_details(
    *,
    member_id: int,
    timezone: str,
    range_name: str = "7d",
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> RecordPage[BonusMovement]:
    """The member's bonuses and rebates; a reversal of one shows in the account record."""
    since = range_start(range_name, timezone)
    async with session_scope() as session:
        found = await ledger.member_movements(
            session,
            member_id=member_id,
            kinds=BONUS_KINDS,
            since=since,
            page=page,
            page_size=page_size,
        )
    items = []
    for movement in found.items:
        landed = [c for c in movement.changes if c.account_kind in BONUS_WALLETS]
        items.append(
            BonusMovement(
                id=movement.transaction_id,
                kind=str(movement.kind),
                reference=movement.reference,
                time=movement.created_at,
                amount=sum((c.amount for c in landed), Decimal("0.00")),
                wallet=str(landed[-1].account_kind) if landed else None,
                balance=landed[-1].balance_after if landed else None,
            )
        )
    return RecordPage(items, found.total, found.page, found.page_size)
