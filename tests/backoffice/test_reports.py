"""The daily report agrees with the ledger: deposits, withdrawals paid, GGR (facts against the
vendor clearing movements of the same bets) and bonus cost, per brand and for all brands."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from decimal import Decimal
from uuid import uuid4
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts
from app.services.backoffice import payments, reports
from models import LedgerAccount, LedgerEntry, LedgerTransaction, Member
from models.base import utcnow
from models.ledger import AccountKind, TransactionKind
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, merchant_id, pending_withdrawal
from tests.helpers.money import CURRENCY, fund, grant

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def _lost_round(member_id: int, bet: str, win: str) -> None:
    """A bet and its smaller win through the ledger, with its wager fact."""
    round_ref = uuid4().hex
    async with write_transaction() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        cash = await ledger.account(
            session, merchant_id=member.merchant_id, kind=AccountKind.MEMBER_CASH,
            currency=CURRENCY, member_id=member_id,
        )  # fmt: skip
        vendor = await ledger.account(
            session, merchant_id=member.merchant_id, kind=AccountKind.VENDOR_CLEARING,
            currency=CURRENCY,
        )  # fmt: skip
        assert cash.id is not None and vendor.id is not None
        for kind, amount in (
            (TransactionKind.BET, -Decimal(bet)),
            (TransactionKind.WIN, Decimal(win)),
        ):
            await ledger.post(
                session, merchant_id=member.merchant_id, kind=kind, idempotency_key=uuid4().hex,
                legs=[ledger.Leg(cash.id, amount), ledger.Leg(vendor.id, -amount)],
                reference=round_ref, member_id=member_id,
            )  # fmt: skip
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member_id,
                    brand_id=member.merchant_id,
                    vendor="TEST",
                    game_code="TEST_GAME",
                    category="RNG",
                    currency=CURRENCY,
                    round_ref=round_ref,
                    bet=Decimal(bet),
                    valid_bet=Decimal(bet),
                    win=Decimal(win),
                    settled_at=utcnow(),
                )
            ],
        )


async def _vendor_result_today(brand_id: int) -> Decimal:
    """What the ledger's vendor clearing gained from today's bets and wins (the house's
    gross gaming revenue, straight from the ledger)."""
    today = utcnow().replace(hour=0, minute=0, second=0, microsecond=0)
    async with session_scope() as session:
        total = (
            await session.exec(
                select(func.coalesce(func.sum(LedgerEntry.amount), 0))
                .join(LedgerAccount, col(LedgerAccount.id) == LedgerEntry.account_id)
                .join(LedgerTransaction, col(LedgerTransaction.id) == LedgerEntry.transaction_id)
                .where(
                    LedgerAccount.merchant_id == brand_id,
                    LedgerAccount.kind == AccountKind.VENDOR_CLEARING.value,
                    col(LedgerTransaction.kind).in_(["BET", "WIN"]),
                    LedgerEntry.created_at >= today,
                )
            )
        ).one()
    return Decimal(total)


async def test_the_days_figures_agree_with_the_ledger() -> None:
    finance = await make_staff("finance", "BR1")
    payer = await make_staff("payments", "BR1")
    brand = await merchant_id("BR1")
    before = (await reports.daily(finance, None, 1, utcnow()))[-1]
    ggr_before = await _vendor_result_today(brand)

    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "123.45")
    await grant(member.id, TransactionKind.BONUS, "10.00", AccountKind.MEMBER_BONUS)
    await _lost_round(member.id, "30.00", "12.00")
    order_no = await pending_withdrawal("40.00")
    await payments.pay(payer, order_no, "15.00", utcnow())

    after = (await reports.daily(finance, None, 1, utcnow()))[-1]
    # pending_withdrawal funded its member with 80.00 through a deposit too
    assert after.deposits - before.deposits == Decimal("203.45")
    assert after.withdrawals - before.withdrawals == Decimal("15.00")
    assert after.bonus_cost - before.bonus_cost == Decimal("10.00")
    assert after.ggr - before.ggr == Decimal("18.00")
    assert after.ggr - before.ggr == await _vendor_result_today(brand) - ggr_before
    assert after.ngr == after.ggr - after.bonus_cost

    # Every brand's report (all-brand staff) holds the brand's figures.
    admin = await make_staff("admin", None)
    brand_only = (await reports.daily(admin, "BR1", 1, utcnow()))[-1]
    assert brand_only == (await reports.daily(finance, None, 1, utcnow()))[-1]
    # Every brand's today is there, on its own date (VN1's can be a day ahead of BR1's).
    everything = await reports.daily(admin, None, 1, utcnow())
    same_day = next(row for row in everything if row.day == brand_only.day)
    assert same_day.deposits >= brand_only.deposits

    text = await reports.daily_csv(finance, None, 3, utcnow())
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == reports.CSV_COLUMNS and len(rows) == 4
    assert rows[-1][1] == str(brand_only.deposits)


async def test_bad_report_ranges_are_refused() -> None:
    finance = await make_staff("finance", "BR1")
    for days in (0, reports.MAX_DAYS + 1):
        with pytest.raises(AppError) as refused:
            await reports.daily(finance, None, days, utcnow())
        assert refused.value.code == "report-days-invalid"
    with pytest.raises(AppError) as other:
        await reports.daily(finance, "BR2", 1, utcnow())
    assert other.value.code == "staff-forbidden"


async def _fact(brand: str, vendor: str, category: str, bet: str, win: str, at: datetime) -> None:
    member = await make_member(brand)
    assert member.id is not None
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id, brand_id=member.merchant_id, vendor=vendor,
                    game_code="TZ_GAME", category=category, currency=CURRENCY,
                    round_ref=uuid4().hex, bet=Decimal(bet), valid_bet=Decimal(bet),
                    win=Decimal(win), settled_at=at,
                )
            ],
        )  # fmt: skip


async def test_days_are_the_brands_local_days_and_the_breakdowns_add_up() -> None:
    """BR1 keeps America/Sao_Paulo (UTC-3): a bet at 01:00 UTC belongs to the previous
    local day, one at 04:00 UTC to the same one. Brand, category and vendor slices of the
    same days sum to the days' bets and wins."""
    zone = ZoneInfo("America/Sao_Paulo")
    now = datetime(2039, 6, 15, 12, 0, tzinfo=UTC)  # a day of its own, far from other tests
    vendor = f"TZ{uuid4().hex[:6].upper()}"
    await _fact("BR1", vendor, "RNG", "10.00", "4.00", datetime(2039, 6, 15, 1, 0, tzinfo=UTC))
    await _fact("BR1", vendor, "LIVE", "7.00", "0.00", datetime(2039, 6, 15, 4, 0, tzinfo=UTC))
    await _fact("BR2", vendor, "RNG", "5.00", "1.00", datetime(2039, 6, 15, 11, 0, tzinfo=UTC))
    assert reports.day_bounds(zone, datetime(2039, 6, 15).date()) == (
        datetime(2039, 6, 15, 3, 0, tzinfo=UTC),
        datetime(2039, 6, 16, 3, 0, tzinfo=UTC),
    )

    finance = await make_staff("finance", "BR1")
    yesterday, today = await reports.daily(finance, None, 2, now)
    assert (yesterday.day.isoformat(), today.day.isoformat()) == ("2039-06-14", "2039-06-15")
    assert (yesterday.bets, yesterday.wins) == (Decimal("10.00"), Decimal("4.00"))
    assert (today.bets, today.wins, today.ggr) == (
        Decimal("7.00"),
        Decimal("0.00"),
        Decimal("7.00"),
    )

    by_vendor = {r.key: r for r in await reports.breakdown(finance, None, 2, "vendor", now)}
    assert by_vendor[vendor].ggr == Decimal("13.00") and by_vendor[vendor].facts == 2
    by_category = {r.key: r.ggr for r in await reports.breakdown(finance, None, 1, "category", now)}
    assert by_category == {"LIVE": Decimal("7.00")}

    admin = await make_staff("admin", None)
    every_day = await reports.daily(admin, None, 2, now)
    by_brand = await reports.breakdown(admin, None, 2, "brand", now)
    assert {r.key: r.ggr for r in by_brand} == {"BR1": Decimal("13.00"), "BR2": Decimal("4.00")}
    assert sum(r.ggr for r in every_day) == sum(r.ggr for r in by_brand)
    for by in reports.DIMENSIONS:
        parts = await reports.breakdown(admin, None, 2, by, now)
        assert sum(r.bets for r in parts) == sum(r.bets for r in every_day)

    text = await reports.breakdown_csv(admin, None, 2, "brand", now)
    assert list(csv.reader(io.StringIO(text)))[1:] == [
        ["BR1", "17.00", "4.00", "13.00", "2"],
        ["BR2", "5.00", "1.00", "4.00", "1"],
    ]
    with pytest.raises(AppError) as refused:
        await reports.breakdown(admin, None, 2, "game", now)  # type: ignore[arg-type]
    assert refused.value.code == "report-dimension-invalid"
