"""The member's betting record (personalHistoryCopy) and profit and loss (personalProfit),
read from the round summaries that the wallet writes with each ledger movement.

A round belongs to the day it was opened, in the brand's time zone; its bet is net of
rolled-back bets, so profit (win - bet) sums to the member's BET/WIN/ROLLBACK ledger movements.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from sqlalchemy import and_
from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.catalogue.rules import GAME_TYPES
from app.services.records import RANGES, range_start
from app.services.seamless.port import STUDIO_VENDOR
from models import Game, GameRound, GameVendor
from models.games import WalletCall

ALL = "all"
CATEGORIES = (ALL, *GAME_TYPES)
PAGE_SIZE = 20
VERIFY_PATH = "/play/verify"  # the studio's provably-fair check page
CENT = Decimal("0.01")
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Totals:
    rounds: int
    bet: Decimal
    win: Decimal

    @property
    def profit(self) -> Decimal:
        return self.win - self.bet


@dataclass(frozen=True)
class BetRound:
    """One of the member's rounds as the betting record shows it."""

    round_id: str
    vendor: str
    vendor_name: str
    game_code: str
    game_name: str
    game_type: str
    bet: Decimal
    win: Decimal
    status: str
    opened_at: datetime
    settled_at: datetime | None
    verify_url: str | None  # the studio's provably-fair check; other vendors offer none here

    @property
    def profit(self) -> Decimal:
        return self.win - self.bet


@dataclass(frozen=True)
class RoundCall:
    """A wallet call of a round: its debit, credit or rollback."""

    transaction_id: str
    kind: str
    amount: Decimal
    status: str
    time: datetime


@dataclass(frozen=True)
class RoundDetail:
    round: BetRound
    calls: list[RoundCall]


@dataclass(frozen=True)
class BettingPage:
    items: list[BetRound]
    total: int
    page: int
    page_size: int
    totals: Totals


@dataclass(frozen=True)
class DayTotals:
    day: date  # in the brand's time zone
    totals: Totals


@dataclass(frozen=True)
class CategoryTotals:
    category: str
    totals: Totals


@dataclass(frozen=True)
class ProfitReport:
    days: list[DayTotals]  # newest first
    categories: list[CategoryTotals]
    totals: Totals


def _cents(value: Any) -> Decimal:
    # SQLite sums Numeric as REAL: round the float noise away.
    return Decimal(str(value or 0)).quantize(CENT)


def verify_url(vendor: str, round_id: str) -> str | None:
    """The provably-fair check of a studio round; other vendors offer none here."""
    if vendor != STUDIO_VENDOR:
        return None
    return f"{VERIFY_PATH}?round={quote(round_id, safe='')}"


def _check(category: str, range_name: str) -> None:
    if category not in CATEGORIES:
        raise AppError("betting-category-unknown", 422)
    if range_name not in RANGES:
        raise AppError("record-range-unknown", 422)


def _filters(member_id: int, since: Any, category: str) -> list[Any]:
    conditions = [GameRound.member_id == member_id, col(GameRound.opened_at) >= since]
    if category != ALL:
        conditions.append(GameRound.game_type == category)
    return conditions


def _item(game_round: GameRound, game_name: str | None, vendor_name: str | None) -> BetRound:
    return BetRound(
        round_id=game_round.round_id,
        vendor=game_round.vendor,
        vendor_name=vendor_name or game_round.vendor,
        game_code=game_round.game_code,
        game_name=game_name or game_round.game_code,
        game_type=game_round.game_type,
        bet=game_round.bet_total,
        win=game_round.win_total,
        status=game_round.status,
        opened_at=game_round.opened_at,
        settled_at=game_round.settled_at,
        verify_url=verify_url(game_round.vendor, game_round.round_id),
    )


def _named(statement: Any) -> Any:
    return statement.outerjoin(
        Game,
        and_(col(Game.vassalage) == GameRound.vendor, col(Game.game_code) == GameRound.game_code),
    ).outerjoin(GameVendor, col(GameVendor.vassalage) == GameRound.vendor)


async def betting_record(
    *,
    member_id: int,
    timezone: str,
    category: str = ALL,
    range_name: str = "7d",
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> BettingPage:
    """The member's rounds, newest first, with the totals of the whole filtered period."""
    _check(category, range_name)
    conditions = _filters(member_id, range_start(range_name, timezone), category)
    async with session_scope() as session:
        count, bet, win = (
            await session.exec(
                select(
                    func.count(),
                    func.sum(GameRound.bet_total),
                    func.sum(GameRound.win_total),
                ).where(*conditions)
            )
        ).one()
        rows = (
            await session.exec(
                _named(select(GameRound, Game.game_name, GameVendor.display_name))
                .where(*conditions)
                .order_by(col(GameRound.opened_at).desc(), col(GameRound.id).desc())
                .offset((page - 1) * page_size)
                .limit(page_size)
            )
        ).all()
    return BettingPage(
        items=[_item(r, name, vendor) for r, name, vendor in rows],
        total=count,
        page=page,
        page_size=page_size,
        totals=Totals(count, _cents(bet), _cents(win)),
    )


async def round_detail(*, member_id: int, vendor: str, round_id: str) -> RoundDetail:
    """One of the member's rounds with its wallet calls; another member's round is unknown."""
    async with session_scope() as session:
        row = (
            await session.exec(
                _named(select(GameRound, Game.game_name, GameVendor.display_name)).where(
                    GameRound.vendor == vendor, GameRound.round_id == round_id
                )
            )
        ).first()
        if row is None or row[0].member_id != member_id:
            raise AppError("betting-round-not-found", 404)
        calls = (
            await session.exec(
                select(WalletCall)
                .where(WalletCall.vendor == vendor, WalletCall.round_id == round_id)
                .order_by(col(WalletCall.id))
            )
        ).all()
    return RoundDetail(
        round=_item(*row),
        calls=[
            RoundCall(c.transaction_id, c.kind, c.amount, c.status, c.created_at) for c in calls
        ],
    )


async def profit_and_loss(*, member_id: int, timezone: str, range_name: str = "7d") -> ProfitReport:
    """Bet, win and profit of the member's rounds per local day and per game category."""
    _check(ALL, range_name)
    conditions = _filters(member_id, range_start(range_name, timezone), ALL)
    zone = ZoneInfo(timezone)
    days: dict[date, list[Decimal]] = defaultdict(lambda: [Decimal(0), ZERO, ZERO])
    async with session_scope() as session:
        by_type = (
            await session.exec(
                select(
                    GameRound.game_type,
                    func.count(),
                    func.sum(GameRound.bet_total),
                    func.sum(GameRound.win_total),
                )
                .where(*conditions)
                .group_by(col(GameRound.game_type))
                .order_by(col(GameRound.game_type))
            )
        ).all()
        rounds = await session.exec(
            select(
                col(GameRound.opened_at), col(GameRound.bet_total), col(GameRound.win_total)
            ).where(*conditions)
        )
        for opened_at, bet, win in rounds:
            day = days[opened_at.astimezone(zone).date()]
            day[0] += 1
            day[1] += bet
            day[2] += win
    categories = [
        CategoryTotals(game_type, Totals(count, _cents(bet), _cents(win)))
        for game_type, count, bet, win in by_type
    ]
    per_day = [
        DayTotals(day, Totals(int(n), _cents(bet), _cents(win)))
        for day, (n, bet, win) in sorted(days.items(), reverse=True)
    ]
    total = Totals(
        sum(c.totals.rounds for c in categories),
        sum((c.totals.bet for c in categories), ZERO),
        sum((c.totals.win for c in categories), ZERO),
    )
    return ProfitReport(days=per_day, categories=categories, totals=total)
